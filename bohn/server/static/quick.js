// The lobby's quick game: ask for a game of a ruleset and player count, wait
// for other people (the server fills the other seats with bots once the
// chosen wait is over), and go to the seat as soon as the game is made.
import { api, el } from "./common.js";
import { t } from "./i18n.js";

/** How often the wait is looked at, in ms. */
const EVERY_MS = 1500;
/** The ticket of a wait going on, kept for a reload of the lobby (this tab only). */
const KEY = "bohn.quick";

const $ = (id) => document.getElementById(id);

/** Set up the quick game's box: `variants` as the server lists them;
 * `levels` the bots' levels (easiest first; the bots that fill the seats
 * nobody takes play at the one chosen, normal first); `name()` asks for the
 * person's name (none: they are not asked); `onMatched(game, url)` goes to
 * the seat. */
export function setupQuick(variants, { levels = ["easy", "normal", "strong"], name, onMatched }) {
  const rulesets = $("quick-variant");
  rulesets.replaceChildren(...variants.map((v) => el("option", { value: v.id }, v.title)));
  const level = $("quick-level");
  level.replaceChildren(...levels.map((l) => el("option", { value: l }, t("quick.level-of", l))));
  level.value = levels.includes("normal") ? "normal" : levels[0];
  const players = () => {
    const v = variants.find((x) => x.id === rulesets.value) || variants[0];
    const sel = $("quick-players");
    sel.replaceChildren(...v.players.counts.map((n) => el("option", { value: String(n) }, String(n))));
    sel.value = String(v.players.counts.includes(4) ? 4 : v.players.counts[0]);
  };
  rulesets.addEventListener("change", players);
  players();
  let timer = null;
  const status = (text) => {
    $("quick-status").textContent = text;
    $("quick-status").hidden = !text;
  };
  const waiting = (on) => {
    $("quick-go").hidden = on;
    $("quick-stop").hidden = !on;
    for (const id of ["quick-variant", "quick-players", "quick-wait", "quick-level"]) $(id).disabled = on;
  };
  const stop = () => {
    clearInterval(timer);
    timer = null;
    waiting(false);
    try {
      sessionStorage.removeItem(KEY);
    } catch {
      // storage off
    }
  };
  const look = async (ticket) => {
    let s;
    try {
      s = await api("/api/quick", { token: ticket });
    } catch (e) {
      status(e.message);
      stop();
      return;
    }
    if (s.status === "matched") {
      stop();
      status(t("quick.found"));
      onMatched(s.game, s.url, s.seat);
    } else if (s.status === "waiting") status(t("quick.waiting", s.waiting, s.players, s.seconds_left));
    else {
      stop();
      status("");
    }
  };
  const follow = (ticket) => {
    waiting(true);
    try {
      sessionStorage.setItem(KEY, ticket);
    } catch {
      // storage off: a reload forgets the wait
    }
    look(ticket);
    timer = setInterval(() => look(ticket), EVERY_MS);
    $("quick-stop").onclick = async () => {
      try {
        await api("/api/quick/cancel", { method: "POST", token: ticket });
      } catch {
        // matched meanwhile: the next look goes there
        look(ticket);
        return;
      }
      stop();
      status(t("quick.stopped"));
    };
  };
  $("quick-go").addEventListener("click", async () => {
    const body = {
      variant: rulesets.value,
      players: Number($("quick-players").value),
      wait_s: Number($("quick-wait").value),
      level: level.value,
    };
    const who = name();
    if (who) body.name = who;
    try {
      const r = await api("/api/quick", { method: "POST", body });
      follow(r.ticket);
    } catch (e) {
      status(e.code === "name-needed" ? t("lobby.name-needed") : e.message);
    }
  });
  let kept = null;
  try {
    kept = sessionStorage.getItem(KEY);
  } catch {
    // storage off
  }
  if (kept) follow(kept);
}
