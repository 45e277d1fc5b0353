// The lobby: create a game, take a free seat at an open table, find the
// games this browser created or joined, list every game.
import { api, el, inviteKey } from "./common.js";
import { lang, switchLanguage, t } from "./i18n.js";
import { account, linksOf, loadAccount, renderAccount } from "./account.js";
import { GAMES_KEY, keep, myGames, stored } from "./kept.js";
import { watchTurns } from "./turns.js";
import { setupQuick } from "./quick.js";

const $ = (id) => document.getElementById(id);
const NAME_KEY = "bohn.name";
const REFRESH_MS = 5000;
// the all-games table's page size (the server's most is 200)
const PAGE = 20;
const MAX_PAGE = 200;
// the most games one request may name (the server's LOBBY_IDS)
const MAX_IDS = 50;
let variants = [];
// the bots a person picks by how hard they play (bohn/bots/levels.py; /api/variants)
let levels = [
  { level: "easy", bot: "greedy:proposals=0,buy=false" },
  { level: "normal", bot: "greedy" },
  { level: "strong", bot: "ismcts" },
];
let timer = null;

// ---- what this browser keeps ----

function myName() {
  return String(stored(NAME_KEY, "") || "");
}

function keepName(name) {
  if (name) keep(NAME_KEY, name);
}

/** The signed-in account's games (the server's summaries, each with its `seat`). */
let accountGames = [];

/** What "Your games" lists: this browser's games, then the account's others
 * (played from any device by the account's cookie, without a link). */
function keptGames() {
  const local = myGames();
  const extra = accountGames
    .filter((g) => !local.some((m) => m.id === g.id && m.seat === g.seat))
    .map((g) => ({
      id: g.id,
      seat: g.seat,
      variant: g.variant,
      title: g.title,
      url: withLang(absolute(`/play/${encodeURIComponent(g.id)}`)),
      role: "account",
      name: (g.seats[g.seat] || {}).name,
    }));
  return [...local, ...extra];
}

function remember(entry) {
  const list = myGames().filter((g) => !(g.id === entry.id && g.seat === entry.seat));
  list.unshift({ ...entry, when: entry.when || new Date().toISOString() });
  keep(GAMES_KEY, list);
}

function forget(id, seat) {
  keep(
    GAMES_KEY,
    myGames().filter((g) => !(g.id === id && g.seat === seat)),
  );
}

// ---- small helpers ----

function current() {
  return variants.find((v) => v.id === $("variant").value);
}

function showError(msg) {
  const box = $("lobby-error");
  box.textContent = msg || "";
  box.hidden = !msg;
}

/** A wait of `seconds` as a person reads it: "40 s", "15 min", "3 h" (rounded up). */
function waitText(seconds) {
  if (seconds < 120) return `${Math.ceil(seconds)} s`;
  if (seconds < 2 * 3600) return `${Math.ceil(seconds / 60)} min`;
  return `${Math.ceil(seconds / 3600)} h`;
}

/** A refusal of the server in the page's words: a limit it names by its
 * machine-readable fields (the server's message is English, for programs
 * and logs), anything else by the server's message. */
export function refusalText(e) {
  const d = e.data || {};
  if (e.code === "rate-limited" && d.retry_after > 0) return t("lobby.rate-limited", waitText(d.retry_after));
  if (e.code === "too-many-open-games" && d.most > 0) return t("lobby.too-many-open", d.open, d.most);
  return `${e.message}${e.rule ? ` (${e.rule})` : ""}`;
}

function absolute(url) {
  return new URL(url, location.origin).href;
}

/** A play link in the page's language. */
function withLang(url) {
  const u = new URL(url, location.origin);
  if (lang !== "en") u.searchParams.set("lang", lang);
  return u.href;
}

function seatLabel(s) {
  if (s.kind === "bot") {
    const level = levels.find((l) => l.bot === s.bot);
    return s.name || (level ? t("lobby.level", level.level) : t("lobby.bot", s.bot));
  }
  if (s.name) return s.name;
  return s.free ? t("lobby.seat-free") : t("lobby.seat-unnamed");
}

function clockText(g) {
  if (g.turn_based) return t("lobby.turn-based-on", g.turn_based.hours, g.turn_based.skips);
  return g.clock_s ? t("lobby.clock-on", g.clock_s) : t("lobby.clock-off");
}

function seedText(g) {
  return g.seed_chosen ? t("lobby.seed-chosen") : t("lobby.seed-random");
}

function statusText(g) {
  return t(`lobby.status-${g.status}`);
}

function winnersText(g) {
  if (!g.result) return "";
  const names = g.result.winners.map((w) => seatLabel(g.seats[w] || { kind: "human", name: t("seat", w) }));
  return t("lobby.won-by", names.join(", "), g.result.scores.join(" / "));
}

function when(iso) {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? "" : d.toLocaleString(lang === "de" ? "de-DE" : "en-GB", { dateStyle: "short", timeStyle: "short" });
}

function askName() {
  let name = $("my-name").value.trim() || myName();
  if (!name) name = (prompt(t("lobby.ask-name")) || "").trim();
  if (!name) return "";
  $("my-name").value = name;
  keepName(name);
  return name;
}

// ---- the words of the static page ----

function wordStatic() {
  document.documentElement.lang = lang;
  document.title = t("lobby.title");
  // a word may take what the page fills in (data-i18n-arg: the family's name in the tagline)
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n, node.dataset.i18nArg);
  const sw = $("lang-switch");
  sw.textContent = t("lang.switch");
  sw.addEventListener("click", () => switchLanguage(t("lang.other")));
}

// ---- the create form ----

function renderPlayers() {
  const v = current();
  const sel = $("players");
  const old = Number(sel.value);
  sel.replaceChildren(...v.players.counts.map((n) => el("option", { value: n }, String(n))));
  const pick = v.players.counts.includes(old) ? old : v.players.counts.includes(3) ? 3 : v.players.counts[0];
  sel.value = String(pick);
  renderSeats();
}

function renderSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  const names = [...box.querySelectorAll("input[data-seat-name]")].map((s) => s.value);
  box.replaceChildren(el("legend", {}, t("lobby.seats")));
  box.append(
    el("div", { class: "row" }, el("span", { class: "seat-label" }, t("seat", 0)), el("span", { dataset: { testid: "seat-you" } }, t("lobby.seat-you"))),
  );
  for (let i = 1; i < n; i++) {
    const id = `seat-${i}`;
    const sel = el(
      "select",
      { id, name: id, dataset: { testid: `seat-kind-${i}` } },
      el("option", { value: "open" }, t("lobby.seat-open")),
      el("option", { value: "reserved" }, t("lobby.seat-reserved")),
      ...levels.map((l) => el("option", { value: `bot:${l.bot}` }, t("lobby.level", l.level))),
    );
    const normal = levels.find((l) => l.level === "normal") || levels[0];
    sel.value = previous[i - 1] || `bot:${normal.bot}`;
    if (!sel.value) sel.value = "open";
    const name = el("input", {
      type: "text",
      maxlength: 40,
      id: `seat-name-${i}`,
      placeholder: t("lobby.their-name"),
      "aria-label": t("lobby.their-name-of", i),
      dataset: { testid: `seat-name-${i}`, seatName: String(i) },
    });
    name.value = names[i - 1] || "";
    const show = () => {
      name.hidden = sel.value !== "reserved";
      name.required = sel.value === "reserved";
    };
    sel.addEventListener("change", show);
    show();
    box.append(el("div", { class: "row" }, el("label", { for: id, class: "seat-label" }, t("seat", i)), sel, name));
  }
}

function optionWords(o, field) {
  const w = o[field];
  if (!w) return "";
  if (typeof w === "string") return w;
  return w[lang] || w.en || "";
}

function choiceWords(o, c) {
  const w = o.choice_labels && o.choice_labels[String(c)];
  if (!w) return String(c);
  return typeof w === "string" ? w : w[lang] || w.en || String(c);
}

/** The input of an option whose value names seats (the server's `input`):
 * one seat, as a choice of the seats; or one number per seat. */
function seatInput(o, id, n) {
  if (o.input === "seat") {
    const sel = el("select", { id }, ...Array.from({ length: n }, (_, i) => el("option", { value: i }, i === 0 ? t("lobby.seat-of-you", i) : t("seat", i))));
    sel.value = String(Math.min(Number(o.default) || 0, n - 1));
    return sel;
  }
  const box = el("span", { id, class: "per-seat", role: "group" });
  const given = Array.isArray(o.default) ? o.default : [];
  for (let i = 0; i < n; i++) {
    box.append(
      el(
        "label",
        { class: "per-seat-one" },
        el("span", { class: "hint" }, t("seat", i)),
        el("input", { type: "number", min: 0, value: given[i] ?? "", placeholder: t("lobby.as-above"), dataset: { seatValue: String(i) } }),
      ),
    );
  }
  return box;
}

function renderOptions() {
  const v = current();
  $("variant-info").textContent = t("lobby.variant-info", v.title, v.players.counts.join(", "));
  const n = Number($("players").value) || v.players.counts[0];
  const box = $("options");
  box.replaceChildren();
  for (const o of v.options) {
    const id = `opt-${o.name}`;
    let input;
    if (o.input) {
      input = seatInput(o, id, n);
    } else if (o.kind === "bool") {
      input = el("input", { type: "checkbox", id, checked: !!o.default });
    } else if (o.kind === "choice" && o.choices) {
      input = el("select", { id }, ...o.choices.map((c) => el("option", { value: c }, choiceWords(o, c))));
      input.value = o.default;
    } else if (o.kind === "int") {
      input = el("input", { type: "number", id, min: 0, value: o.default ?? "" });
    } else {
      continue; // an option no form can ask for in words stays at its default
    }
    input.dataset.testid = `option-${o.name}`;
    input.dataset.option = o.name;
    input.dataset.kind = o.kind;
    const label = optionWords(o, "label") || optionWords(o, "help") || o.name;
    // a seat option's help counts seats as the JSON does; its choices say it all
    const help = optionWords(o, "label") && !o.input ? optionWords(o, "help") : o.input === "per-seat" ? t("lobby.per-seat-help") : "";
    // the option's name and its decision in the rules (BO-D3) stay out of
    // sight: a tooltip for those who look for them
    box.append(
      el(
        "div",
        { class: "row option", dataset: { testid: `option-row-${o.name}` }, title: `${o.name}${o.default_id ? ` · ${o.default_id}` : ""}` },
        el("label", { for: id, class: "option-label" }, label),
        input,
        help ? el("small", { class: "hint option-help" }, help) : null,
      ),
    );
  }
}

function readOptions() {
  const v = current();
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const o = v.options.find((x) => x.name === input.dataset.option);
    let value;
    if (o.input === "per-seat") {
      const each = [...input.querySelectorAll("input[data-seat-value]")].map((i) => i.value.trim());
      value = each.every((x) => x === "") ? null : each.map((x) => (x === "" ? null : Number(x)));
      if (value && value.includes(null)) {
        const above = Number($("opt-trade_cap") ? $("opt-trade_cap").value : 20);
        value = value.map((x) => (x === null ? above : x));
      }
    } else if (o.input === "seat" || o.kind === "int") value = input.value === "" ? o.default : Number(input.value);
    else if (o.kind === "bool") value = input.checked;
    else value = input.value;
    if (JSON.stringify(value) !== JSON.stringify(o.default)) out[o.name] = value;
  }
  return out;
}

async function create(ev) {
  ev.preventDefault();
  showError("");
  const n = Number($("players").value);
  const name = $("my-name").value.trim();
  keepName(name);
  const seats = [name ? { kind: "human", name } : { kind: "human" }];
  const kinds = ["you"];
  for (let i = 1; i < n; i++) {
    const v = $(`seat-${i}`).value;
    kinds.push(v);
    if (v === "open") seats.push({ kind: "human" });
    else if (v === "reserved") {
      const who = $(`seat-name-${i}`).value.trim();
      if (!who) {
        showError(t("lobby.need-name", i));
        return;
      }
      seats.push({ kind: "human", name: who });
    } else seats.push({ kind: "bot", bot: v.slice(4) });
  }
  let body;
  try {
    body = { variant: $("variant").value, players: n, options: readOptions(), seats, pace: $("pace").value };
  } catch (e) {
    showError(e.message);
    return;
  }
  if ($("speed").value === "turn-based") body.turn_based = { hours: Number($("move-hours").value), skips: Number($("skips").value) };
  else {
    const clock = $("clock").value.trim();
    if (clock) body.clock_s = Number(clock);
  }
  const trade = $("trade-s").value.trim();
  if (trade) body.trade_s = Number(trade);
  const rated = account.current && $("rated").checked;
  if (rated) body.rated = true;
  const seed = $("seed").value.trim();
  if (seed && !rated) body.seed = /^-?\d+$/.test(seed) ? Number(seed) : seed;
  try {
    const g = await api("/api/games", { method: "POST", body });
    const own = g.join[0];
    // the creator goes to their seat at once; the links for the others go
    // with them, and the game page shows them until everyone has come
    const invites = g.join.slice(1).map((j) => {
      const s = g.seats[j.seat];
      return { seat: j.seat, name: kinds[j.seat] === "open" ? "" : (s && s.name) || "", url: withLang(absolute(j.url)) };
    });
    invites.push({ url: absolute(g.spectate.url) });
    try {
      sessionStorage.setItem(inviteKey(g.id), JSON.stringify(invites));
    } catch {
      // storage off: the links are lost to this tab; the seats are still open tables
    }
    const url = withLang(absolute(own.url));
    remember({ id: g.id, variant: g.variant, title: g.title, seat: own.seat, name, url, role: "created" });
    location.assign(url);
  } catch (e) {
    showError(refusalText(e));
  }
}

// ---- taking a seat ----

async function take(g, seat, button) {
  showError("");
  const name = askName();
  if (!name) {
    showError(t("lobby.name-needed"));
    return;
  }
  button.disabled = true;
  try {
    const r = await api(`/api/games/${encodeURIComponent(g.id)}/seats/${seat}/take`, { method: "POST", body: { name } });
    const url = withLang(absolute(r.url));
    remember({ id: g.id, variant: g.variant, title: g.title, seat: r.seat, name, url, role: "joined" });
    location.assign(url);
  } catch (e) {
    button.disabled = false;
    showError(e.code === "seat-taken" ? t("lobby.taken", seat) : refusalText(e));
    loadGames();
  }
}

// ---- the lists ----

function facts(g) {
  return el(
    "p",
    { class: "hint game-facts" },
    el("span", { dataset: { testid: "game-clock" } }, clockText(g)),
    " · ",
    el("span", { dataset: { testid: "game-seed" } }, seedText(g)),
  );
}

function seatList(g) {
  return el(
    "ol",
    { class: "seat-names", start: 0 },
    ...g.seats.map((s) =>
      el("li", { class: s.free ? "free" : s.kind, dataset: { testid: "seat-name", seat: s.seat } }, `${t("seat", s.seat)}: ${seatLabel(s)}`),
    ),
  );
}

function renderOpen(games) {
  const box = $("open-list");
  const open = games.filter((g) => g.status !== "finished" && g.seats.some((s) => s.free));
  box.replaceChildren();
  if (!open.length) box.append(el("li", { class: "hint empty" }, t("lobby.no-open")));
  for (const g of open) {
    const buttons = g.seats
      .filter((s) => s.free)
      .map((s) => {
        const b = el("button", { type: "button", class: "take", dataset: { testid: `take-${g.id}-${s.seat}` } }, t("lobby.take", s.seat));
        b.addEventListener("click", () => take(g, s.seat, b));
        return b;
      });
    box.append(
      el(
        "li",
        { class: "lobby-card", dataset: { testid: "open-table", game: g.id } },
        el("div", { class: "lobby-card-head" }, el("strong", {}, g.title), " ", el("code", {}, g.id)),
        seatList(g),
        facts(g),
        el("div", { class: "take-buttons" }, ...buttons),
      ),
    );
  }
}

function renderMine(games, known) {
  const box = $("my-list");
  const mine = keptGames();
  box.replaceChildren();
  if (!mine.length) box.append(el("li", { class: "hint empty" }, t("lobby.no-mine")));
  for (const m of mine) {
    const g = games.find((x) => x.id === m.id);
    let status;
    const links = [el("a", { href: m.url, dataset: { testid: "rejoin" } }, g && g.status === "finished" ? t("lobby.look") : t("lobby.rejoin"))];
    if (!known) status = t("lobby.status-unknown");
    else if (!g) status = t("lobby.gone");
    else if (g.status === "finished") {
      status = `${statusText(g)}: ${winnersText(g)}`;
      links.push(
        el(
          "a",
          { href: `/static/replay.html?game=${encodeURIComponent(g.id)}${lang !== "en" ? `&lang=${lang}` : ""}`, dataset: { testid: "my-replay" } },
          t("lobby.replay"),
        ),
      );
    } else status = statusText(g);
    const mineNow = g && g.status !== "finished" && (g.waiting_for || []).includes(m.seat);
    if (mineNow) status = `${t("turns.your-turn")} · ${status}`;
    const drop = el("button", { type: "button", class: "forget", dataset: { testid: "forget" }, hidden: m.role === "account" }, t("lobby.forget"));
    drop.addEventListener("click", () => {
      forget(m.id, m.seat);
      renderMine(games, known);
    });
    box.append(
      el(
        "li",
        { class: `lobby-card${known && !g ? " gone" : ""}`, dataset: { testid: "my-game", game: m.id, status: g ? g.status : known ? "gone" : "unknown" } },
        el(
          "div",
          { class: "lobby-card-head" },
          el("strong", {}, m.title || m.variant || ""),
          " ",
          el("code", {}, m.id),
          " ",
          el("span", { class: "hint" }, m.role === "account" ? t("lobby.account-games") : when(m.when)),
        ),
        el("p", { class: "my-seat" }, t("lobby.my-seat", m.seat, m.name || "")),
        el("p", { class: "my-status", dataset: { testid: "my-status" } }, status),
        el("div", { class: "take-buttons" }, ...links, drop),
      ),
    );
  }
}

// ---- the all-games table: a filter, and pages newest first ----

const listing = { games: [], next: null };

function query(params) {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== "" && v !== null && v !== undefined) q.set(k, String(v));
  const text = q.toString();
  return text ? `/api/games?${text}` : "/api/games";
}

function filters() {
  return { variant: $("filter-variant").value, status: $("filter-status").value };
}

/** The first pages of the table again (as many games as are shown, at most MAX_PAGE). */
async function loadListing() {
  const limit = Math.min(MAX_PAGE, Math.max(PAGE, listing.games.length));
  const page = await api(query({ ...filters(), limit }));
  listing.games = page.games;
  listing.next = page.next_cursor;
  renderAll(listing.games);
}

async function loadMore() {
  if (!listing.next) return;
  const more = $("more-games");
  more.disabled = true;
  try {
    const page = await api(query({ ...filters(), limit: PAGE, cursor: listing.next }));
    const seen = new Set(listing.games.map((g) => g.id));
    listing.games = listing.games.concat(page.games.filter((g) => !seen.has(g.id)));
    listing.next = page.next_cursor;
    renderAll(listing.games);
  } catch (e) {
    showError(t("lobby.list-failed", e.message));
  } finally {
    more.disabled = false;
  }
}

function refilter() {
  listing.games = [];
  listing.next = null;
  loadListing().catch((e) => showError(t("lobby.list-failed", e.message)));
}

function renderFilters() {
  const v = $("filter-variant");
  v.replaceChildren(el("option", { value: "" }, t("lobby.filter-all-rulesets")), ...variants.map((x) => el("option", { value: x.id }, x.title)));
  const st = $("filter-status");
  st.replaceChildren(
    el("option", { value: "" }, t("lobby.filter-all-statuses")),
    ...["open", "running", "finished"].map((x) => el("option", { value: x }, t(`lobby.status-${x}`))),
  );
  v.addEventListener("change", refilter);
  st.addEventListener("change", refilter);
  $("more-games").addEventListener("click", loadMore);
}

function renderAll(games) {
  const body = $("games-body");
  body.replaceChildren();
  $("more-games").hidden = !listing.next;
  $("games-count").textContent = games.length ? t(listing.next ? "lobby.shown-more" : "lobby.shown", games.length) : "";
  if (!games.length) body.append(el("tr", {}, el("td", { colspan: 6 }, t(filters().variant || filters().status ? "lobby.no-games-filter" : "lobby.no-games"))));
  for (const g of games) {
    const seats = el("td", {}, g.seats.map((s) => seatLabel(s)).join(", "), el("br"), el("small", { class: "hint" }, `${clockText(g)} · ${seedText(g)}`));
    const result = g.result
      ? winnersText(g)
      : g.status !== "finished" && g.waiting_for && g.waiting_for.length
        ? t("lobby.waiting-for", g.waiting_for.map((w) => seatLabel(g.seats[w])).join(", "))
        : "";
    const links = el("td");
    if (g.status === "finished") {
      links.append(
        el("a", { href: `/api/games/${g.id}/replay`, download: `${g.id}.bohn.json`, dataset: { testid: `replay-link-${g.id}` } }, t("lobby.replay-file")),
        " ",
        el("a", { href: `/static/replay.html?game=${g.id}${lang !== "en" ? `&lang=${lang}` : ""}` }, t("lobby.replay")),
      );
    }
    body.append(
      el(
        "tr",
        { dataset: { testid: "game-row", game: g.id, status: g.status } },
        el("td", {}, el("code", {}, g.id)),
        el("td", {}, g.title),
        seats,
        el("td", {}, statusText(g)),
        el("td", {}, result),
        links,
      ),
    );
  }
}

let loading = null;

async function loadGames() {
  if (loading) return loading;
  loading = (async () => {
    try {
      const open = await api(query({ status: "open", limit: MAX_IDS }));
      renderOpen(open.games);
      accountGames = account.current ? (await api("/api/account/games")).games : [];
      const ids = [...new Set(myGames().map((m) => m.id))].slice(0, MAX_IDS);
      const mine = ids.length ? (await api(query({ ids: ids.join(","), limit: MAX_IDS }))).games : [];
      renderMine([...mine, ...accountGames], true);
      await loadListing();
    } catch (e) {
      showError(t("lobby.list-failed", e.message));
      renderMine([], false);
    } finally {
      loading = null;
    }
  })();
  return loading;
}

function schedule() {
  clearInterval(timer);
  timer = null;
  if (document.visibilityState === "visible") timer = setInterval(loadGames, REFRESH_MS);
}

async function init() {
  wordStatic();
  $("my-name").value = myName();
  $("my-name").addEventListener("change", () => keepName($("my-name").value.trim()));
  renderMine([], false);
  await loadAccount();
  const accountChanged = () => {
    $("rated-row").hidden = !account.current; // a rated game is between accounts
    if (account.current && !$("my-name").value.trim()) $("my-name").value = account.current.name;
    if (!account.current) accountGames = [];
    loadGames();
  };
  const turns = watchTurns({ signedIn: () => Boolean(account.current) });
  renderAccount($("account"), {
    links: () => linksOf(myGames()),
    onChange: () => {
      accountChanged();
      turns.refresh();
    },
  });
  if (account.current && !$("my-name").value.trim()) $("my-name").value = account.current.name;
  $("rated-row").hidden = !account.current;
  $("rated").addEventListener("change", () => {
    $("seed-row").hidden = $("rated").checked; // the server draws a rated game's deal
  });
  try {
    const data = await api("/api/variants");
    variants = data.variants;
    levels = data.levels && data.levels.length ? data.levels : levels;
  } catch (e) {
    showError(t("lobby.variants-failed", e.message));
    return;
  }
  $("variant").replaceChildren(...variants.map((v) => el("option", { value: v.id }, v.title)));
  setupQuick(variants, {
    levels: levels.map((l) => l.level),
    name: () => (account.current ? "" : askName()),
    onMatched: (game, url, seat) => {
      const v = variants.find((x) => x.id === $("quick-variant").value);
      remember({ id: game, variant: v && v.id, title: v && v.title, seat, name: myName(), url: withLang(absolute(url)), role: "joined" });
      location.assign(withLang(absolute(url)));
    },
  });
  renderFilters();
  $("variant").addEventListener("change", () => {
    renderPlayers();
    renderOptions();
  });
  $("players").addEventListener("change", () => {
    renderSeats();
    renderOptions(); // the options that name seats ask for as many
  });
  $("new-game").addEventListener("submit", create);
  $("speed").addEventListener("change", () => {
    const turns = $("speed").value === "turn-based";
    $("turn-row").hidden = !turns;
    $("clock-row").hidden = turns;
    // a turn-based game's trading stays open as long as a move's time
    $("trade-row").hidden = turns;
  });
  $("refresh").addEventListener("click", loadGames);
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") loadGames();
    schedule();
  });
  renderPlayers();
  renderOptions();
  await loadGames();
  schedule();
}

init();
