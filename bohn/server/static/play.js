// The game page: one WebSocket to the server, every "state" message drawn as
// a card table (table.js). Moves are made by clicking (or dragging) a card and
// then a highlighted place, or with the move buttons, which say each move in words.
import { card, cardKind, el, resultBlock } from "./common.js";
import { cardName, installDetails, loadCatalogue } from "./cards.js";
import { lang, t, wordPage } from "./i18n.js";
import { loadClient, renderHand, renderSeats, renderStatus, renderTable, seatOf, who as whoOf } from "./table.js";
import { renderLogInto } from "./log.js";
import { renderClock, renderTradeWindow } from "./clock.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const { token, spectate } = linkTokens();

// ---------------------------------------------------------------- the link's token

// The seat (or spectator) token leaves the address bar once read, so that it
// is not in the history, a bookmark or a shared screen: it is kept in this
// tab (sessionStorage) and the browser (localStorage), keyed by the game, and
// a reload, or the link without its token, plays the same seat.
function linkTokens() {
  const key = `bohn.link.${gameId}`;
  const fromUrl = { token: params.get("token"), spectate: params.get("spectate") };
  let got = fromUrl;
  if (fromUrl.token || fromUrl.spectate) {
    for (const store of [sessionStorage, localStorage]) {
      try {
        store.setItem(key, JSON.stringify(fromUrl));
      } catch {
        // storage off: the page still plays; a reload needs the link again
      }
    }
    const url = new URL(location.href);
    url.searchParams.delete("token");
    url.searchParams.delete("spectate");
    history.replaceState(history.state, "", url.toString());
  } else {
    for (const store of [sessionStorage, localStorage]) {
      try {
        const kept = JSON.parse(store.getItem(key) || "null");
        if (kept && (kept.token || kept.spectate)) {
          got = { token: kept.token || null, spectate: kept.spectate || null };
          break;
        }
      } catch {
        // nothing kept
      }
    }
  }
  return got;
}

let ws = null;
let state = null; // the last "state" message
const logSteps = new Map(); // step -> log entry
let pending = false;
let retries = 0;
let stopped = false; // no reconnect (refused token, unknown game)
const want = []; // the trade form's wanted bean types

// ---------------------------------------------------------------- connection

function connect() {
  const q = token ? `token=${encodeURIComponent(token)}` : spectate ? `spectate=${encodeURIComponent(spectate)}` : "";
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  setConnection(t("connecting"), "connecting");
  ws = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}?${q}&lang=${lang}`);
  ws.addEventListener("open", () => setConnection(t("connected"), "open"));
  ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener("close", (ev) => {
    ws = null;
    pending = false;
    if (stopped || ev.code === 4403 || ev.code === 4404) {
      stopped = true;
      setConnection(t("disconnected"), "closed");
      return;
    }
    const delay = Math.min(10000, 500 * 2 ** retries);
    retries += 1;
    setConnection(t("reconnecting", Math.round(delay / 100) / 10), "closed");
    setTimeout(connect, delay);
  });
}

function setConnection(text, status) {
  const c = $("connection");
  c.textContent = text;
  c.dataset.status = status;
}

let firstPaint = true;

function onMessage(msg) {
  if (msg.type === "state") {
    retries = 0;
    pending = false;
    if (!msg.log.length || msg.log[0].step === 0) logSteps.clear();
    for (const entry of msg.log) logSteps.set(entry.step, entry);
    if (!state || state.seq !== msg.seq) selected = null;
    state = msg;
    // the ruleset's client code and its card catalogue (faces), loaded once each
    Promise.all([loadClient(msg.variant), loadCatalogue(msg.variant, lang)]).then(([code]) => {
      client = code;
      performance.mark("bohn-render-start");
      render();
      performance.mark("bohn-render-end");
      // the state it drew, so a slow one can be found (the browser games print it)
      performance.measure("bohn-render", {
        start: "bohn-render-start",
        end: "bohn-render-end",
        detail: { seq: msg.seq, phase: msg.observation?.phase ?? null },
      });
      if (firstPaint) {
        firstPaint = false;
        performance.mark("bohn-first-paint");
      }
    });
  } else if (msg.type === "ack") {
    pending = false;
    showError("");
    tradeAnswer(msg);
  } else if (msg.type === "error") {
    pending = false;
    showError(msg.message + (msg.rule ? t("rule", msg.rule) : ""), msg.code);
    if (msg.code === "forbidden" || msg.code === "not-found") stopped = true;
    if (state) renderActions();
    tradeAnswer(msg);
    if (state) {
      renderOffers(obs());
      syncTradeForm(obs());
    }
  }
}

function send(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !state) {
    showError(t("not-sent"));
    return;
  }
  pending = true;
  showError("");
  ws.send(JSON.stringify({ type: "act", seq: state.seq, action }));
  for (const b of document.querySelectorAll("button[data-testid='action']")) b.disabled = true;
}

/** Show `text` in `box` (hidden when there is none), marked `data-<mark>="<value>"` if a value is given. */
function say(box, text, mark, value) {
  box.textContent = text || "";
  box.hidden = !text;
  if (value) box.dataset[mark] = value;
  else delete box.dataset[mark];
}

const showError = (text, code) => say($("error"), text, "code", code);

// ---------------------------------------------------------------- helpers

const me = () => (state ? state.seat : null);
const obs = () => state.observation;
let client = {}; // the ruleset's own client code (table.js: loadClient)

const ctx = () => ({ me: me(), state, client, pick: pickModel() });
const who = (s) => whoOf({ me: me(), state }, s);

function staticWords() {
  wordPage([
    ["hand-title", "your-hand"],
    ["actions-title", "moves"],
    ["offers-title", "trading"],
    ["offers-none", "no-offers"],
    ["trade-auto-label", "auto-decline"],
    ["trade-legend", "new-proposal"],
    ["trade-to-label", "to"],
    ["trade-give-label", "give"],
    ["trade-want-label", "want"],
    ["trade-give-none", "no-give"],
    ["trade-send", "propose"],
    ["trade-clear", "clear-proposal"],
    ["log-title", "log"],
    ["log-all-label", "log-all"],
    ["result-title", "game-over-title"],
    ["connection", "connecting"],
  ]);
}

// ---------------------------------------------------------------- render

let logStuck = true; // the log shows its end (read before a redraw changes the page)

function render() {
  const box = $("log");
  logStuck = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  const o = obs();
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.phase = String(o.phase ?? "");
  $("title").textContent = `${state.title || state.variant} · ${me() === null ? t("spectator") : who(me())}`;
  document.title = `bohn — ${state.title || state.variant}${yourMove() ? ` (${t("your-move-title")})` : ""}`;
  const seed = $("seed-note");
  if (typeof state.seed_chosen === "boolean") {
    seed.hidden = false;
    seed.textContent = state.seed_chosen ? t("seed-chosen") : t("seed-random");
    seed.dataset.chosen = state.seed_chosen ? "yes" : "no";
  }
  renderReplayLink();
  renderBoard();
  renderClock($("clock"), state, me(), lang);
  renderTradeWindow($("trade-window"), state, (seat, time) => t("trade-open", who(seat), time));
  renderActions();
  renderOffers(o);
  renderTradeForm(o);
  renderLog();
  renderResult();
}

/** The table itself: status, seats, the middle, the hand (redrawn on a pick too). */
function renderBoard() {
  const c = ctx();
  renderStatus($("status"), c, yourMove());
  renderSeats($("seats"), $("my-seat"), c);
  renderTable($("table"), c);
  $("hand-panel").hidden = me() === null;
  renderHand($("hand"), $("hand-extra"), c);
  fieldButtons(c);
  if (size === null) fitBoard();
}

// The board's size on a desktop window, so that every field stays in view:
// bigger cards ("roomy") while the table has room to spare, smaller ones
// ("tight") when even the usual cards would not fit (a full 7-player table
// whose seats have bought their third fields). Chosen at the first state
// (again after a resize): roomy when the board fills at most 70% of the
// window, tight when it overflows it. A board that later grows out of the
// window steps down, before the page is painted, and stays down until a
// resize, so that it never flips back and forth. The decision forces one
// layout; later checks come from a ResizeObserver, after the browser's own
// layout and before its paint, so a state update forces none.
const SIZES = ["roomy", "usual", "tight"];
let size = null; // index into SIZES; null: not decided yet
const ROOM = 0.7;

function setSize(k) {
  size = k;
  const board = $("board");
  if (SIZES[k] === "usual") delete board.dataset.size;
  else board.dataset.size = SIZES[k];
}

function fitBoard() {
  const board = $("board");
  if (window.innerWidth <= 900) {
    if (size !== 1) setSize(1); // a phone scrolls, with its own sizes
    return;
  }
  const bottom = () => board.getBoundingClientRect().bottom;
  if (size === null) {
    setSize(1);
    const b = bottom();
    if (b <= ROOM * window.innerHeight) setSize(0);
    else if (b > window.innerHeight) setSize(2);
  }
  while (size < SIZES.length - 1 && bottom() > window.innerHeight) setSize(size + 1);
}

// the board's bottom moves when it grows or when the header above it does
const boardMoves = new ResizeObserver(() => {
  if (size !== null && size < SIZES.length - 1) fitBoard();
});
boardMoves.observe($("board"));
boardMoves.observe(document.querySelector("header.top"));

window.addEventListener("resize", () => {
  if (!state) return;
  size = null;
  fitBoard();
});

// Whether the game waits for this seat's move: the server says (your_move);
// an older message: waited for, with a legal action that is not an any-time one.
function yourMove() {
  if (me() === null || !state) return false;
  if (typeof state.your_move === "boolean") return state.your_move;
  return (state.waiting_for || []).includes(me()) && (state.legal || []).some((l) => l.advances !== false);
}

// ---------------------------------------------------------------- picking cards and places

// A move as "this card goes to that place": src names a card of mine or of the
// table (h0 hand, t0 trading area, r0 revealed, p0 pile, s0 store), dst a place
// (f0 my field, m0 a boss, "store" my General Store); null where a move is not one.
function moveParts(a) {
  const n = (x) => x !== undefined && x !== null;
  switch (a.type) {
    case "plant":
      return { src: n(a.traded) ? `t${a.traded}` : n(a.card) ? `h${a.card}` : "h0", dst: `f${a.field}` };
    case "place":
      return { src: `p${a.pile}`, dst: n(a.boss) ? `m${a.boss}` : `f${a.field}` };
    case "give":
      return { src: `h${a.card}`, dst: `m${a.boss}` };
    case "store":
      return { src: String(a.card), dst: "store" };
    case "keep":
      return { src: `r${a.revealed}`, dst: null };
    case "use":
    case "discard":
      return n(a.pile) ? { src: `p${a.pile}`, dst: null } : null;
    case "drop":
    case "play":
      return n(a.card) ? { src: `h${a.card}`, dst: null } : null;
    default:
      return null;
  }
}

let selected = null; // the chosen card (a src), or null

function pickModel() {
  if (me() === null || !state) return null;
  const legal = state.legal || [];
  const sources = new Map(); // src -> [legal moves]
  for (const l of legal) {
    const m = moveParts(l.action);
    if (!m) continue;
    if (!sources.has(m.src)) sources.set(m.src, []);
    sources.get(m.src).push(l);
  }
  const o = obs();
  const mine = seatOf(o, me());
  const places = new Set((mine.fields || []).map((_, j) => `f${j}`));
  if (mine.store !== undefined) places.add("store");
  (o.bosses || []).forEach((_, j) => places.add(`m${j}`));
  // cards with no move now may still be chosen where cards of their zone move to
  // a field: the engine then says which rule keeps them off it
  const loose = new Set();
  for (const src of sources.keys()) {
    if (src[0] === "h") (mine.hand || []).forEach((_, i) => loose.add(`h${i}`));
    if (src[0] === "t") (mine.trading_area || []).forEach((_, i) => loose.add(`t${i}`));
  }
  const targets = new Set();
  for (const l of sources.get(selected) || []) {
    const m = moveParts(l.action);
    if (m.dst) targets.add(m.dst);
  }
  return { sources, loose, mine: places, selected, targets, onSource, onTarget, onDrag };
}

function cardAt(src) {
  const o = obs();
  const mine = seatOf(o, me());
  const i = Number(src.slice(1));
  const zone = { h: mine.hand, t: mine.trading_area, r: o.revealed, s: mine.store, p: o.piles || o.offer }[src[0]] || [];
  const k = zone[i];
  return Array.isArray(k) ? k[0] : k;
}

function onSource(src) {
  if (pending) return;
  showError("");
  selected = selected === src ? null : src;
  renderBoard();
  renderPickBar();
}

/** A drag of `src` begins (`on`; by mouse, finger or pen) or ends: whether it may begin. */
function onDrag(src, on) {
  if (on) {
    if (pending) return false;
    showError("");
    // the dragged card must stay in the page until it is dropped: mark the places in place
    selected = src;
    const targets = pickModel().targets;
    for (const n of document.querySelectorAll("[data-dst]")) {
      n.classList.toggle("target", targets.has(n.dataset.dst));
      n.classList.toggle("not-target", !targets.has(n.dataset.dst));
    }
    return true;
  }
  if (selected === src && !pending) {
    selected = null;
    renderBoard();
  }
  return false;
}

function onTarget(dst) {
  if (pending) return;
  const model = pickModel();
  let src = selected;
  if (src === null) {
    // no card chosen: the place's moves, if they all take one card (the front card)
    const froms = [...model.sources].filter(([, ls]) => ls.some((l) => moveParts(l.action).dst === dst)).map(([s]) => s);
    if (froms.length !== 1) return;
    src = froms[0];
  }
  const moves = (model.sources.get(src) || []).filter((l) => moveParts(l.action).dst === dst);
  if (moves.length === 1) {
    selected = null;
    send(moves[0].action);
    return;
  }
  if (moves.length > 1) {
    selected = src;
    renderBoard();
    renderPickBar(moves);
    return;
  }
  // not a legal place: ask the engine, which refuses with the rule (and changes nothing)
  const tried = illegalTry(src, dst);
  if (tried) send(tried);
  else showError(t("no-move-card", cardName(cardAt(src))));
}

/** The move `src` -> `dst` built like a legal move of the same kind, for the engine to refuse with its reason. */
function illegalTry(src, dst) {
  const legal = state.legal || [];
  const kind = src[0];
  const like = legal.find((l) => {
    const m = moveParts(l.action);
    return m && m.dst && m.src[0] === kind && m.dst[0] === dst[0];
  });
  if (!like) return null;
  const a = { ...like.action };
  delete a.mode;
  const i = Number(src.slice(1));
  if (kind === "h") {
    if (a.type === "plant") a.card = i;
    else a.card = i;
  } else if (kind === "t") a.traded = i;
  else if (kind === "p") a.pile = i;
  else if (kind === "r" || kind === "s") a.card = src;
  const j = Number(dst.slice(1));
  if (dst[0] === "f") a.field = j;
  else if (dst[0] === "m") a.boss = j;
  return a;
}

/** The bar above the moves: the chosen card, its moves that go to no place, and Cancel. */
function renderPickBar(only) {
  let bar = $("pick-bar");
  if (!bar) {
    bar = el("div", { id: "pick-bar", class: "pick-bar", role: "status", dataset: { testid: "pick-bar" } });
    $("actions").before(bar);
  }
  if (selected === null || !state) {
    bar.hidden = true;
    bar.replaceChildren();
    return;
  }
  const moves = only || (pickModel().sources.get(selected) || []);
  const name = cardName(cardAt(selected));
  bar.hidden = false;
  bar.replaceChildren(
    el("span", { class: "pick-text" }, moves.length ? (only ? `${t("choose-how")} ` : t("pick-card", name)) : t("no-move-card", name)),
    ...moves.filter((l) => only || !moveParts(l.action).dst).map((l) => actionButton(l)),
    el("button", { type: "button", class: "small", dataset: { testid: "pick-cancel" }, onclick: () => { selected = null; renderBoard(); renderPickBar(); } }, t("cancel-pick")),
  );
}

/** My fields' own buttons: harvest (and other moves of a field that take no card). */
function fieldButtons(c) {
  if (!c.pick) return;
  for (const l of state.legal || []) {
    const a = l.action;
    if (a.type !== "harvest" && a.type !== "protect") continue;
    const node = document.querySelector(`#my-seat .field[data-dst="f${a.field}"]`);
    if (!node) continue;
    node.append(actionButton(l, undefined, { small: true }));
  }
}

// ---------------------------------------------------------------- moves as buttons

const GROUPS = [
  ["plant", ["plant", "store", "place", "give", "stash", "drop", "play", "use", "order", "move", "bury", "pick"]],
  ["harvest", ["harvest", "buy-field", "build", "take", "remove", "protect", "draw"]],
  ["trade", ["accept", "decline", "withdraw", "keep", "end-trading"]],
  ["propose", ["propose"]],
  ["other", []],
];

// A long list of one action type choosing hand cards (Prohibohn's starting
// coins: every pair of hand cards) becomes a chooser: tick the cards, then one button.
const CHOOSER_MIN = 7;

function choosers(legal) {
  const byType = new Map();
  for (const l of legal) {
    const c = l.action.cards;
    if (!Array.isArray(c) || Object.keys(l.action).length !== 2 || !c.every(Number.isInteger)) continue;
    if (!byType.has(l.action.type)) byType.set(l.action.type, []);
    byType.get(l.action.type).push(l);
  }
  return [...byType.values()].filter((items) => items.length >= CHOOSER_MIN);
}

function cardChooser(items) {
  const hand = seatOf(obs(), me()).hand || [];
  const type = items[0].action.type;
  const positions = [...new Set(items.flatMap((l) => l.action.cards))].sort((a, b) => a - b);
  const sizes = [...new Set(items.map((l) => l.action.cards.length))].sort((a, b) => a - b);
  const key = (cards) => [...cards].sort((a, b) => a - b).join(",");
  const byKey = new Map(items.map((l) => [key(l.action.cards), l]));
  const boxes = positions.map((i) =>
    el("label", { class: "pick" },
      el("input", { type: "checkbox", value: String(i), dataset: { testid: "choose-card", ref: `h${i}` }, "aria-label": cardName(hand[i]) }),
      hand[i] !== undefined ? card(hand[i]) : ""),
  );
  const need = sizes.join(` ${t("or")} `);
  const go = el("button", { type: "button", class: "action action-primary", disabled: true, dataset: { testid: "chooser-send", actionType: type } }, t("choose-n", need));
  const chosenNow = () => boxes.map((b) => b.querySelector("input")).filter((x) => x.checked).map((x) => Number(x.value));
  const update = () => {
    const l = byKey.get(key(chosenNow()));
    go.disabled = pending || !l;
    const words = l ? l.label || l.text : t("choose-n", need);
    go.textContent = words.charAt(0).toUpperCase() + words.slice(1);
  };
  for (const b of boxes) b.querySelector("input").addEventListener("change", update);
  go.addEventListener("click", () => {
    const l = byKey.get(key(chosenNow()));
    if (l) send(l.action);
  });
  return el("div", { class: "chooser", dataset: { testid: `chooser-${type}` } },
    el("p", { class: "hint" }, t("tick-cards", need)), el("div", { class: "picks" }, ...boxes), go);
}

// the moves keyboard shortcuts reach: digits 1-9 for the first nine listed
// buttons, Enter for the primary one (the first move the game waits for)
let shortcuts = [];
let primary = null;

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  renderPickBar();
  shortcuts = [];
  primary = null;
  if (me() === null) {
    box.append(el("p", { class: "hint" }, t("watching")));
    return;
  }
  const legal = state.legal || [];
  if (!legal.length) {
    box.append(el("p", { class: "hint", dataset: { testid: "no-actions" } }, state.result ? t("game-over") : t("wait-others")));
    return;
  }
  const chosen = choosers(legal);
  const inChooser = new Set(chosen.flat());
  const byGroup = new Map(GROUPS.map(([g]) => [g, []]));
  for (const l of legal) {
    if (inChooser.has(l)) continue;
    const g = GROUPS.find(([, types]) => types.includes(l.action.type));
    byGroup.get(g ? g[0] : "other").push(l);
  }
  const yours = yourMove();
  // the groups holding the moves the game waits for come first
  // (the listed proposals, folded, stay last)
  const rank = ([g]) => (g === "propose" ? 2 : byGroup.get(g).some((l) => l.advances !== false) ? 0 : 1);
  const order = [...GROUPS].sort((a, b) => rank(a) - rank(b));
  for (const items of chosen) box.append(cardChooser(items));
  const row = el("div", { class: "move-row" });
  for (const [g] of order) {
    const items = byGroup.get(g);
    if (!items.length) continue;
    const label = t(`group.${g}`);
    const wrap = el("div", { class: `group group-${g}`, role: "group", "aria-label": label, dataset: { testid: `actions-${g}` } });
    for (const l of items) {
      const isPrimary = yours && !primary && g !== "propose" && l.advances !== false;
      const key = g !== "propose" && shortcuts.length < 9 ? String(shortcuts.length + 1) : null;
      const b = actionButton(l, undefined, { key, primary: isPrimary });
      if (key) shortcuts.push(b);
      if (isPrimary) primary = b;
      wrap.append(b);
    }
    if (g === "propose") box.append(el("details", { class: "listed" }, el("summary", {}, `${label} (${items.length})`), wrap));
    else row.append(wrap);
    if (g === "harvest") {
      const picker = coinPicker(items);
      if (picker) row.append(picker);
    }
  }
  box.prepend(row);
  if (shortcuts.length) box.append(el("p", { class: "hint shortcuts-hint" }, t("keys-hint", Boolean(primary))));
}

// `buy-field` is listed once, paid with the top coins; the engine takes any
// explicit payment (docs/actions.md): a player who sees his coins' faces may
// choose them here. A wrong count is refused with the rule's reason.
function coinPicker(items) {
  const buy = items.find((l) => l.action.type === "buy-field");
  const mine = seatOf(obs(), me());
  const faces = mine.known_coins || mine.coin_cards;
  if (!buy || !faces || !faces.length) return null;
  const boxes = faces.map((k, i) =>
    el("label", { class: "pick" }, el("input", { type: "checkbox", value: k, dataset: { testid: "pay-coin", index: String(i) }, "aria-label": cardName(k) }), card(k, { class: "card coin" })),
  );
  const go = el("button", {
    type: "button",
    class: "action",
    disabled: pending,
    dataset: { testid: "buy-field-pay" },
    onclick: () => {
      const pay = boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
      if (!pay.length) {
        showError(t("choose-coins"));
        return;
      }
      send({ type: "buy-field", pay });
    },
  }, t("buy-with-coins"));
  return el("details", { class: "coin-picker", dataset: { testid: "coin-picker" } },
    el("summary", {}, t("buy-choose")),
    el("div", { class: "picks" }, ...boxes), go);
}

// A move's button: its sentence (the server's label) as the text and its
// accessible name; `key` a keyboard shortcut shown on it.
function actionButton(l, label, opts = {}) {
  const classes = ["action", `action-${l.action.type}`];
  if (opts.primary) classes.push("action-primary");
  if (opts.small) classes.push("action-small");
  if (l.advances === false) classes.push("action-anytime");
  const words = label || l.label || l.text;
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  return el(
    "button",
    {
      type: "button",
      class: classes.join(" "),
      disabled: pending,
      "aria-label": opts.small ? text : undefined,
      title: opts.small ? text : undefined,
      "aria-keyshortcuts": opts.key ? (opts.primary ? `${opts.key} Enter` : opts.key) : opts.primary ? "Enter" : undefined,
      dataset: { testid: "action", actionText: l.text, actionType: l.action.type, action: l.text, primary: opts.primary ? "yes" : undefined, key: opts.key || undefined },
      onclick: (ev) => {
        ev.stopPropagation();
        selected = null;
        send(l.action);
      },
    },
    opts.key ? el("kbd", { class: "key-hint", "aria-hidden": "true" }, opts.key) : null,
    el("span", { class: "label" }, opts.small ? shortWord(l.action.type) : text),
  );
}

/** The word on a field's own small button. */
function shortWord(type) {
  const w = { harvest: { en: "Harvest", de: "Ernten" }, protect: { en: "Protect", de: "Schützen" } }[type];
  return w ? w[lang] : type;
}

function onKey(ev) {
  if (ev.key === "Escape" && selected !== null) {
    selected = null;
    renderBoard();
    renderPickBar();
    return;
  }
  if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || pending || !state) return;
  const tg = ev.target;
  if (tg && tg.closest && tg.closest("input, textarea, select, button, summary, [contenteditable], [data-card]")) return; // a focused card: Enter opens its details (cards.js)
  let b = null;
  if (/^[1-9]$/.test(ev.key)) b = shortcuts[Number(ev.key) - 1];
  else if (ev.key === "Enter") b = primary;
  if (b && !b.disabled && b.isConnected) {
    ev.preventDefault();
    b.click();
  }
}

// ---------------------------------------------------------------- trading
// The trading panel is built once and updated in place on every state
// message: bots trade every 100-200 ms, and a rebuilt form would lose the
// player's focus and choices. The cards to give are remembered by identity
// (an id that follows each card through the changes of its zone), never by
// position: a card that moves is still the chosen card, one that left the
// zone is dropped from the proposal with a notice.

const ZONES = [["h"], ["r"], ["s"]];
let tradeGame = null; // the game the trading state below belongs to
let zones = { h: [], r: [], s: [] }; // zone -> [{id, key}] as last seen
let nextCardId = 1;
const chosen = new Set(); // ids of the cards to give
const giveNodes = new Map(); // id -> its choice element
const beanNodes = new Map(); // bean type -> its "want" button
const offerNodes = new Map(); // offer id -> {sig, li}
let proposing = false; // a proposal of the form is waiting for its answer
let auto = null; // {turn, phase} while auto-decline/pass is on

/** Carry the ids of `old` ({id, key} in order) over to `keys`: the longest
 * common subsequence keeps its ids, the rest are new cards. On ties the later
 * old card is kept (a front card planted, not the one behind it). */
function alignZone(old, keys) {
  const n = old.length;
  const m = keys.length;
  const dp = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = 1; i <= n; i++) for (let j = 1; j <= m; j++) dp[i][j] = old[i - 1].key === keys[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
  const ids = new Array(m).fill(null);
  for (let i = n, j = m; i > 0 && j > 0; ) {
    if (old[i - 1].key === keys[j - 1]) {
      ids[j - 1] = old[i - 1].id;
      i--;
      j--;
    } else if (dp[i - 1][j] >= dp[i][j - 1]) i--;
    else j--;
  }
  return keys.map((key, j) => ({ id: ids[j] ?? nextCardId++, key }));
}

function givable(o) {
  const mine = seatOf(o, me());
  return { h: mine.hand || [], r: o.active === me() ? o.revealed || [] : [], s: mine.store || [] };
}

/** Follow the cards of my zones to this state; drop (with a notice) chosen cards that left. */
function followCards(o) {
  if (tradeGame !== state.game) {
    tradeGame = state.game;
    zones = { h: [], r: [], s: [] };
    chosen.clear();
    want.length = 0;
    auto = null;
  }
  const now = givable(o);
  const gone = [];
  for (const [z] of ZONES) {
    const next = alignZone(zones[z], now[z]);
    const ids = new Set(next.map((c) => c.id));
    zones[z].forEach((c, i) => {
      if (chosen.has(c.id) && !ids.has(c.id)) {
        chosen.delete(c.id);
        gone.push(t("left-zone", cardName(c.key), t(`zone.${z}`)));
      }
    });
    zones[z] = next;
  }
  if (gone.length) tradeNotice(t("dropped-out", gone.join("; ")), "dropped");
}

const tradeNotice = (text, kind) => say($("trade-notice"), text, "kind", kind);

/** The cards the player chose, at their current positions. */
function chosenRefs() {
  const out = [];
  for (const [z] of ZONES) zones[z].forEach((c, i) => chosen.has(c.id) && out.push({ ref: `${z}${i}`, key: c.key }));
  return out;
}

/** Put `nodes` into `box` in this order, moving only what must move (focus stays). */
function placeInOrder(box, nodes) {
  const keep = new Set(nodes);
  for (const child of [...box.childNodes]) if (!keep.has(child)) child.remove();
  let cursor = box.firstChild;
  for (const node of nodes) {
    if (node === cursor) cursor = cursor.nextSibling;
    else box.insertBefore(node, cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

function proposalText(to, give, wanted) {
  const g = give.length ? give.map((c) => cardName(c.key)).join(", ") : t("nothing");
  const w = wanted.length ? wanted.map(cardName).join(", ") : t("nothing");
  return t("propose-text", who(to), g, w);
}

function renderOffers(o) {
  const box = $("offers");
  const offers = o.offers || [];
  const legal = state.legal || [];
  $("offers-panel").hidden = client.trades === false || (o.bosses !== undefined && !offers.length);
  $("offers-none").hidden = offers.length > 0;
  const list = $("offers-list");
  const seen = new Set();
  const nodes = [];
  const proposeTo = new Set(legal.filter((l) => l.action.type === "propose").map((l) => l.action.to));
  for (const f of offers) {
    seen.add(f.id);
    const mine = legal.filter((l) => ["accept", "decline", "withdraw"].includes(l.action.type) && l.action.offer === f.id);
    const counter = f.to === me() && proposeTo.has(f.from);
    const sig = JSON.stringify([f, mine, counter, me()]);
    let entry = offerNodes.get(f.id);
    if (!entry || entry.sig !== sig) {
      const li = offerItem(f, mine, counter);
      if (entry) entry.li.replaceWith(li);
      entry = { sig, li };
      offerNodes.set(f.id, entry);
    }
    nodes.push(entry.li);
  }
  for (const id of [...offerNodes.keys()]) if (!seen.has(id)) offerNodes.delete(id);
  placeInOrder(list, nodes);
  const end = legal.find((l) => l.action.type === "end-trading");
  const foot = $("offers-end");
  if (Boolean(end) !== Boolean(foot.firstChild)) foot.replaceChildren(...(end ? [actionButton(end, t("end-trading"))] : []));
  for (const b of box.querySelectorAll("button")) b.disabled = pending;
}

function offerItem(f, mine, counter) {
  const incoming = f.to === me();
  const outgoing = f.from === me();
  const give = (f.give || []).map((k, i) => el("span", { class: "offer-card" }, card(k), f.give_from && f.give_from[i] !== "h" ? el("small", {}, `(${f.give_from[i] === "r" ? t("from-revealed") : t("from-store")})`) : null));
  const wanted = (f.want || []).map((k) => card(k));
  const side = (label, items, testid) => el("div", { class: "offer-side", dataset: { testid } }, el("span", { class: "k" }, label), el("div", { class: "offer-cards" }, ...(items.length ? items : [el("span", { class: "empty" }, t("nothing"))])));
  const [left, right] = incoming
    ? [side(t("you-get"), give, "offer-get"), side(t("you-give"), wanted, "offer-give")]
    : outgoing
      ? [side(t("you-give"), give, "offer-give"), side(t("you-get"), wanted, "offer-get")]
      : [side(t("gives", who(f.from)), give, "offer-give"), side(t("wants", who(f.from)), wanted, "offer-get")];
  const accepts = mine.filter((l) => l.action.type === "accept");
  const buttons = [];
  for (const l of accepts) {
    const refs = l.action.give || [];
    const mine = seatOf(obs(), me());
    // a card by its zone: a hand card by name, a revealed or stored one with its zone's word
    const zone = { h: mine.hand || [], r: obs().revealed || [], s: mine.store || [] };
    const paid = refs.map((r) => {
      const k = (zone[r[0]] || [])[Number(r.slice(1))];
      if (k === undefined) return t(`zone.${r[0] in zone ? r[0] : "h"}`);
      const name = cardName(Array.isArray(k) ? k[0] : k);
      return r[0] === "h" || !zone[r[0]] ? name : `${name} (${t(`zone.${r[0]}`)})`;
    });
    buttons.push(actionButton(l, accepts.length > 1 && paid.length ? t("accept-giving", f.id, paid.join(", ")) : t("accept", f.id)));
  }
  for (const l of mine) if (l.action.type !== "accept") buttons.push(actionButton(l, t(l.action.type === "decline" ? "decline" : "withdraw", f.id)));
  if (counter) {
    buttons.push(el("button", { type: "button", class: "counter", dataset: { testid: "offer-counter", offer: f.id }, onclick: () => counterOffer(f) }, t("counter", f.id)));
  }
  return el(
    "li",
    { dataset: { testid: "offer", offer: f.id, from: f.from, to: f.to }, class: incoming ? "incoming" : outgoing ? "outgoing" : "" },
    el("div", { class: "offer-head" }, el("strong", {}, t("offer", f.id)), ` · ${who(f.from)} → ${who(f.to)}`),
    el("div", { class: "offer-pair" }, left, el("span", { class: "offer-arrow", "aria-hidden": "true" }, "⇄"), right),
    buttons.length ? el("div", { class: "offer-actions" }, ...buttons) : null,
  );
}

/** Fill the form with the counter-proposal of offer `f`: to its proposer, give and want swapped. */
function counterOffer(f) {
  chosen.clear();
  const taken = new Set();
  for (const kind of f.want || []) {
    const c = zones.h.find((x) => !taken.has(x.id) && cardKind(x.key) === kind);
    if (c) {
      taken.add(c.id);
      chosen.add(c.id);
    }
  }
  want.length = 0;
  for (const k of f.give || []) want.push(cardKind(k));
  const missing = (f.want || []).length - taken.size;
  tradeNotice(t("counter-filled", f.id, missing), "counter");
  const to = $("trade-to");
  to.value = String(f.from);
  syncTradeForm(obs());
  $("trade-send").focus();
}

function renderTradeForm(o) {
  followCards(o);
  syncTradeForm(o);
  autoAnswer(o);
}

function syncTradeForm(o) {
  const form = $("trade-form");
  const legal = state.legal || [];
  const canPropose = me() !== null && legal.some((l) => l.action.type === "propose");
  form.hidden = !canPropose;
  // auto-decline/pass: offered while I take part in a trading phase
  const trading = me() !== null && o.offers !== undefined && legal.some((l) => ["propose", "decline", "accept"].includes(l.action.type));
  if (auto && (auto.turn !== o.turn || auto.phase !== o.phase)) auto = null;
  $("trade-auto-row").hidden = !trading && !auto;
  $("trade-auto").checked = Boolean(auto);
  if (!canPropose) return;
  // to whom
  const to = $("trade-to");
  const targets = [...new Set(legal.filter((l) => l.action.type === "propose").map((l) => l.action.to))];
  const sig = targets.join(",");
  if (to.dataset.targets !== sig) {
    const old = to.value;
    to.replaceChildren(...targets.map((s) => el("option", { value: s }, who(s))));
    to.dataset.targets = sig;
    if (targets.map(String).includes(old)) to.value = old;
  }
  // what to give
  const nodes = [];
  const live = new Set();
  for (const [z] of ZONES) {
    zones[z].forEach((c, i) => {
      live.add(c.id);
      let node = giveNodes.get(c.id);
      if (!node) {
        const input = el("input", { type: "checkbox", onchange: (ev) => toggleGive(c.id, ev.target.checked) });
        node = el("label", { class: "choice" }, input, el("span", { class: "zone-tag" }), card(c.key));
        giveNodes.set(c.id, node);
      }
      const ref = `${z}${i}`;
      const input = node.querySelector("input");
      input.value = ref;
      input.dataset.testid = `trade-give-${ref}`;
      input.checked = chosen.has(c.id);
      input.setAttribute("aria-label", t("give-card", cardName(c.key), t(`zone.${z}`)));
      node.querySelector(".zone-tag").textContent = z === "h" ? "" : t(`zone.${z}`);
      node.classList.toggle("chosen", chosen.has(c.id));
      node.dataset.zone = z;
      nodes.push(node);
    });
  }
  for (const id of [...giveNodes.keys()]) if (!live.has(id)) giveNodes.delete(id);
  placeInOrder($("trade-give"), nodes);
  $("trade-give-none").hidden = nodes.length > 0;
  // which bean types may be wanted: the game's types as far as this page sees them
  const kinds = new Set(beanNodes.keys());
  for (const l of legal) if (l.action.type === "propose") for (const k of l.action.want || []) kinds.add(k);
  const note = (k) => k && kinds.add(cardKind(k));
  const mine = seatOf(o, me());
  (mine.hand || []).forEach(note);
  (o.revealed || []).forEach(note);
  (o.discard || []).forEach(note);
  for (const f of o.offers || []) (f.want || []).forEach(note);
  for (const s of o.seats || []) for (const f of s.fields || []) f.forEach(note);
  const beans = [...kinds].sort().map((k) => {
    let b = beanNodes.get(k);
    if (!b) {
      b = el("button", { type: "button", class: "bean-pick", dataset: { testid: "trade-want-bean", bean: k }, "aria-label": t("want-one", cardName(k)), onclick: () => addWant(k) }, card(k), el("span", { class: "count" }));
      beanNodes.set(k, b);
    }
    const n = want.filter((w) => w === k).length;
    b.querySelector(".count").textContent = n ? `×${n}` : "";
    b.classList.toggle("wanted", n > 0);
    return b;
  });
  placeInOrder($("trade-beans"), beans);
  renderWant();
  // the button says the move
  const give = chosenRefs();
  const send = $("trade-send");
  send.textContent = proposalText(Number(to.value), give, want);
  send.disabled = pending || (!give.length && !want.length);
  $("trade-clear").disabled = pending || (!give.length && !want.length);
}

function toggleGive(id, on) {
  if (on) chosen.add(id);
  else chosen.delete(id);
  tradeNotice("");
  syncTradeForm(obs());
}

function addWant(k) {
  want.push(k);
  tradeNotice("");
  syncTradeForm(obs());
}

function renderWant() {
  const ul = $("trade-want");
  const items = want.map((k, i) =>
    el("li", { class: "want-chip", dataset: { testid: "trade-want-card", bean: k } }, card(k),
      el("button", { type: "button", class: "small", "aria-label": t("remove-want", cardName(k)), onclick: () => { want.splice(i, 1); syncTradeForm(obs()); } }, "×")),
  );
  const focused = ul.contains(document.activeElement);
  ul.replaceChildren(...(items.length ? items : [el("li", { class: "empty" }, t("nothing"))]));
  if (focused) $("trade-want-label").focus();
}

/** The answer to a proposal sent by the form: an ack empties the form, a refusal keeps it. */
function tradeAnswer(msg) {
  if (!proposing) return;
  proposing = false;
  if (msg.type === "ack") {
    chosen.clear();
    want.length = 0;
    tradeNotice(t("proposal-sent"), "sent");
  } else {
    tradeNotice(t("refused", msg.message + (msg.rule ? t("rule", msg.rule) : "")), "refused");
  }
  if (state) {
    renderOffers(obs());
    syncTradeForm(obs());
  }
}

/** Auto-decline/pass: answer for me while the game waits on me in this trading phase. */
function autoAnswer(o) {
  if (!auto || pending || !(state.waiting_for || []).includes(me())) return;
  const legal = state.legal || [];
  const l = legal.find((x) => x.action.type === "decline") || legal.find((x) => x.action.type === "pass");
  if (l) send(l.action);
}

function setupTradeForm() {
  $("trade-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const give = chosenRefs();
    if (!give.length && !want.length) {
      showError(t("needs-card"));
      return;
    }
    proposing = true;
    send({ type: "propose", to: Number($("trade-to").value), give: give.map((c) => c.ref), want: [...want] });
    if (!ws || !pending) proposing = false;
    $("trade-send").disabled = true;
  });
  $("trade-to").addEventListener("change", () => syncTradeForm(obs()));
  $("trade-clear").addEventListener("click", () => {
    chosen.clear();
    want.length = 0;
    tradeNotice("");
    syncTradeForm(obs());
  });
  $("trade-auto").addEventListener("change", (ev) => {
    const o = state && obs();
    auto = ev.target.checked && o ? { turn: o.turn, phase: o.phase } : null;
    if (auto) autoAnswer(o);
  });
  $("log-all").addEventListener("change", renderLog);
}


function renderLog() {
  if (!state) return;
  renderLogInto($("log"), [...logSteps.keys()].sort((a, b) => a - b).map((k) => logSteps.get(k)), me(), { all: $("log-all").checked, stuck: logStuck });
}

/** The replay viewer's address for this game; a running game's needs the spectator token. */
function replayUrl() {
  const q = new URLSearchParams({ game: state.game, lang });
  if (spectate && !state.result) q.set("spectate", spectate);
  return `/static/replay.html?${q}`;
}

// The replay of the game so far, in the header. A running game's replay is
// what a spectator sees (nothing hidden; every hand only once the game is
// over), and the server answers it for the spectator token only: a spectator's
// page offers it at any time, a seat's page once the game is over.
function renderReplayLink() {
  const a = $("replay-link");
  const over = Boolean(state.result);
  a.hidden = !over && !spectate;
  if (a.hidden) return;
  a.href = replayUrl();
  a.textContent = t(over ? "watch-replay" : "replay-so-far");
  a.title = t(over ? "replay-over-title" : "replay-so-far-title");
  a.dataset.over = over ? "yes" : "no";
}

function renderResult() {
  const sec = $("result");
  if (!state.result) {
    sec.hidden = true;
    return;
  }
  sec.hidden = false;
  $("result-body").replaceChildren(
    resultBlock(state.result, me(), who),
    el("p", {}, el("a", { href: `/api/games/${state.game}/replay`, download: `${state.game}.bohn.json`, dataset: { testid: "replay-download" } }, t("download-replay")), " · ",
      el("a", { href: replayUrl() }, t("watch-replay")), " · ", el("a", { href: "/" }, t("lobby"))),
  );
}

// ---------------------------------------------------------------- start

staticWords();
setupTradeForm();
document.addEventListener("keydown", onKey);
installDetails();
if (!gameId || (!token && !spectate)) {
  showError(t("needs-link"));
  setConnection(t("not-connected"), "closed");
} else {
  connect();
}
