// "Your turn" across all your games, on the lobby and on every game page: the
// games that wait for one of your seats (this browser's, and your account's
// when you are signed in), counted in the page's title ("(2) bohn — lobby"),
// listed in the header as links, and, once you allow it, told by the
// browser's notifications when one newly waits for you.
import { api, el } from "./common.js";
import { t } from "./i18n.js";
import { myGames } from "./kept.js";

/** How often the games are looked at again, in ms (and when the page is shown again). */
const EVERY_MS = 20000;
/** The games a notification was shown for already (this browser's, by "id:seat"). */
const TOLD_KEY = "bohn.turns.told";
/** The most games one lobby request names (the server's LOBBY_IDS). */
const MAX_IDS = 50;

/** The games of `seats` ({id, seat}) that wait for that seat, by their
 * summaries ({id, status, waiting_for, title}): [{id, seat, title}], one per
 * game, none finished, none `current`. */
export function waitingFor(seats, summaries, current = null) {
  const byId = new Map(summaries.map((g) => [g.id, g]));
  const out = [];
  const seen = new Set();
  for (const s of seats) {
    const g = byId.get(s.id);
    if (!g || g.id === current || seen.has(g.id) || g.status === "finished") continue;
    if ((g.waiting_for || []).includes(s.seat)) {
      seen.add(g.id);
      out.push({ id: g.id, seat: s.seat, title: g.title || g.variant || g.id });
    }
  }
  return out;
}

/** `title` with the count of games waiting for you in front: "(2) title" (none: as it is). */
export function titled(title, n) {
  const bare = title.replace(/^\(\d+\) /, "");
  return n > 0 ? `(${n}) ${bare}` : bare;
}

/** Whether an account is signed in here, asked once (a page that does not know). */
let asked = null;
async function accountHere() {
  if (asked === null)
    asked = api("/api/account").then(
      (a) => Boolean(a.account),
      () => false,
    );
  return asked;
}

async function look(signedIn, current) {
  const local = myGames().map((m) => ({ id: m.id, seat: m.seat }));
  const ids = [...new Set(local.map((m) => m.id))].slice(0, MAX_IDS);
  const summaries = ids.length ? (await api(`/api/games?ids=${ids.map(encodeURIComponent).join(",")}&limit=${MAX_IDS}`)).games : [];
  let seats = local;
  if (signedIn ? signedIn() : await accountHere()) {
    const mine = (await api("/api/account/games")).games;
    summaries.push(...mine);
    seats = [...local, ...mine.map((g) => ({ id: g.id, seat: g.seat }))];
  }
  return waitingFor(seats, summaries, current);
}

function told() {
  try {
    const v = JSON.parse(localStorage.getItem(TOLD_KEY) || "[]");
    return new Set(Array.isArray(v) ? v : []);
  } catch {
    return new Set();
  }
}

function notify(waiting) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const before = told();
  const now = waiting.map((w) => `${w.id}:${w.seat}`);
  for (const w of waiting) {
    if (before.has(`${w.id}:${w.seat}`)) continue;
    const n = new Notification(t("turns.notify-title"), { body: t("turns.notify-body", w.title), tag: `bohn-${w.id}` });
    n.addEventListener("click", () => {
      window.focus();
      location.assign(`/play/${encodeURIComponent(w.id)}`);
    });
  }
  try {
    localStorage.setItem(TOLD_KEY, JSON.stringify(now.slice(0, 200)));
  } catch {
    // storage off: a game may be told again
  }
}

/** Keep the page's title prefixed with the count, also when the page sets its title again. */
function keepTitle(state) {
  const apply = () => {
    const want = titled(document.title, state.count);
    if (document.title !== want) document.title = want;
  };
  const node = document.querySelector("title");
  if (node) new MutationObserver(apply).observe(node, { childList: true, characterData: true, subtree: true });
  return apply;
}

function render(box, waiting, current) {
  box.replaceChildren();
  box.hidden = !waiting.length && !(typeof Notification !== "undefined" && Notification.permission === "default");
  if (waiting.length) {
    const label = current ? t("turns.other", waiting.length) : t("turns.yours", waiting.length);
    const links = waiting.slice(0, 5).map((w) => el("a", { href: `/play/${encodeURIComponent(w.id)}`, dataset: { testid: "turn-link", game: w.id } }, w.title));
    box.append(el("span", { class: "turns-label", dataset: { testid: "turns-count" } }, label), ...links);
  }
  if (typeof Notification !== "undefined" && Notification.permission === "default") {
    const ask = el("button", { type: "button", class: "turns-ask", dataset: { testid: "turns-notify" } }, t("turns.ask"));
    ask.addEventListener("click", async () => {
      await Notification.requestPermission();
      render(box, waiting, current);
    });
    box.append(ask);
  }
}

/** Watch the games waiting for you: `signedIn()` says whether an account's
 * games count too (none given: the server is asked once); `current` is the
 * game of this page (left out: its own page says when it is your move). The
 * box goes into the page's header. */
export function watchTurns({ signedIn = null, current = null } = {}) {
  const box = el("p", { class: "turns", role: "status", dataset: { testid: "turns" }, hidden: true });
  const header = document.querySelector("header.top");
  if (header) header.append(box);
  const state = { count: 0 };
  const apply = keepTitle(state);
  let timer = null;
  const run = async () => {
    try {
      const waiting = await look(signedIn, current);
      state.count = waiting.length;
      apply();
      render(box, waiting, current);
      notify(waiting);
    } catch {
      // the server did not answer: the next look tries again
    }
  };
  const schedule = () => {
    clearInterval(timer);
    timer = document.visibilityState === "visible" ? setInterval(run, EVERY_MS) : setInterval(run, EVERY_MS * 3);
  };
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") run();
    schedule();
  });
  schedule();
  run();
  return { refresh: run };
}
