// The game page's moves: picking a card and then a place (or dragging it),
// the bar of the chosen card, the move buttons with their words and keys,
// and the choosers of several cards. play.js draws the board; this part
// says which cards and places move, and sends the moves.
import { card, cardKind, el } from "./common.js";
import { cardName, entryOf } from "./cards.js";
import { lang, t } from "./i18n.js";
import { seatOf } from "./table.js";
import { $, S, hooks, me, obs, send, showError, yourMove } from "./session.js";

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

export function pickModel() {
  if (me() === null || !S.state) return null;
  const legal = S.state.legal || [];
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
  if (selected !== null) for (const f of planFields(selected)) targets.add(f);
  return { sources, loose, mine: places, selected, targets, onSource, onTarget, onDrag };
}

// ---------------------------------------------------------------- a revealed card onto a field

// The rules plant no revealed card at once: the active player keeps it (it
// goes to the trading area) and plants it after the trading (`plant t0 f1`).
// A revealed card put on one of my fields (dropped, or chosen and the field
// clicked) is kept at once, and planted on that field by the page as soon
// as the trading is over and it may go there: a plan, shown on the kept card.
let plans = []; // {game, turn, key, field}

const groupOf = (k) => (entryOf(k) || {}).group || cardKind(k);

/** The legal move keeping revealed card `src`, if there is one. */
const keepOf = (src) => (S.state.legal || []).find((l) => l.action.type === "keep" && `r${l.action.revealed}` === src);

/** The fields a revealed card `src` may be kept for: empty, or of its bean type. */
function planFields(src) {
  if (!src || src[0] !== "r" || !S.state || !keepOf(src)) return [];
  const key = cardAt(src);
  const fields = seatOf(obs(), me()).fields || [];
  return fields
    .map((f, j) => [f, j])
    .filter(([f]) => !f.length || groupOf(f[f.length - 1]) === groupOf(key))
    .map(([, j]) => `f${j}`);
}

/** Keep revealed card `src` for field `dst` (a plan the page carries out after the trading). */
function keepFor(src, dst) {
  const keep = keepOf(src);
  if (!keep) return false;
  plans.push({ game: S.state.game, turn: obs().turn, key: cardAt(src), field: Number(dst.slice(1)) });
  selected = null;
  send(keep.action);
  return true;
}

/** Carry out the plans that may go now (one move a state); forget those of another turn. */
function followPlans() {
  const o = obs();
  plans = plans.filter((p) => p.game === S.state.game && p.turn === o.turn);
  if (!plans.length || S.pending || !yourMove()) return;
  const area = seatOf(o, me()).trading_area || [];
  const legal = S.state.legal || [];
  const planting = legal.some((l) => l.action.type === "plant" && l.action.traded !== undefined);
  for (const p of [...plans]) {
    const at = area.map((k, i) => (k === p.key ? i : -1)).filter((i) => i >= 0);
    if (!at.length) {
      // planted by hand, or not kept after all: nothing left to do once the trading is over
      if (planting) plans.splice(plans.indexOf(p), 1);
      continue;
    }
    const moves = legal.filter((l) => l.action.type === "plant" && at.includes(l.action.traded) && l.action.field === p.field);
    if (!moves.length) continue; // not yet (the trading goes on, or the field must be harvested first)
    plans.splice(plans.indexOf(p), 1);
    const froms = [...new Set(moves.map((l) => l.action.traded))];
    const only = moves.filter((l) => l.action.traded === froms[0]);
    if (only.length === 1) {
      send(only[0].action);
    } else {
      // several ways to plant it there (a lady to pull up): the player chooses
      selected = `t${froms[0]}`;
      hooks.renderBoard();
      renderPickBar(only);
    }
    return;
  }
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
  if (S.pending) return;
  showError("");
  selected = selected === src ? null : src;
  hooks.renderBoard();
  renderPickBar();
}

/** A drag of `src` begins (`on`; by mouse, finger or pen) or ends: whether it may begin. */
function onDrag(src, on) {
  if (on) {
    if (S.pending) return false;
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
  if (selected === src && !S.pending) {
    selected = null;
    hooks.renderBoard();
  }
  return false;
}

function onTarget(dst) {
  if (S.pending) return;
  const model = pickModel();
  let src = selected;
  if (src === null) {
    // no card chosen: the place's moves, if they all take one card (the front card)
    const froms = [...model.sources].filter(([, ls]) => ls.some((l) => moveParts(l.action).dst === dst)).map(([s]) => s);
    if (froms.length !== 1) return;
    src = froms[0];
  }
  const moves = (model.sources.get(src) || []).filter((l) => moveParts(l.action).dst === dst);
  if (!moves.length && planFields(src).includes(dst) && keepFor(src, dst)) return;
  if (!moves.length && src[0] === "r" && dst[0] === "f" && keepOf(src)) {
    showError(t("keep-not-here", cardName(cardAt(src)))); // a field of another bean
    return;
  }
  if (moves.length === 1) {
    selected = null;
    send(moves[0].action);
    return;
  }
  if (moves.length > 1) {
    selected = src;
    hooks.renderBoard();
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
  const legal = S.state.legal || [];
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
    // above the moves panel, where it stays in view: sticky at the top of
    // the side panel, and of the page on a tablet; at the foot of a phone's screen
    bar = el("div", { id: "pick-bar", class: "pick-bar", role: "status", dataset: { testid: "pick-bar" } });
    ($("moves-panel") || $("actions")).before(bar);
  }
  if (selected === null || !S.state) {
    bar.hidden = true;
    bar.replaceChildren();
    return;
  }
  const moves = only || pickModel().sources.get(selected) || [];
  const name = cardName(cardAt(selected));
  const words = !moves.length
    ? t("no-move-card", name)
    : only
      ? `${t("choose-how")} `
      : planFields(selected).length
        ? t("pick-revealed", name)
        : t("pick-card", name);
  bar.hidden = false;
  bar.replaceChildren(
    el("span", { class: "pick-text" }, words),
    ...moves.filter((l) => only || !moveParts(l.action).dst).map((l) => actionButton(l)),
    el(
      "button",
      {
        type: "button",
        class: "small",
        dataset: { testid: "pick-cancel" },
        onclick: () => {
          selected = null;
          hooks.renderBoard();
          renderPickBar();
        },
      },
      t("cancel-pick"),
    ),
  );
}

/** My fields' own buttons: harvest (and other moves of a field that take no
 * card); Keep under each revealed card that may be kept, so that it is in
 * view beside the cards; and the field a kept card is planned for. */
export function fieldButtons(c) {
  if (!c.pick) return;
  for (const l of S.state.legal || []) {
    const a = l.action;
    if (a.type === "keep") {
      const card = document.querySelector(`[data-testid=revealed] [data-src="r${a.revealed}"]`);
      if (card && card.parentElement) card.parentElement.append(actionButton(l, undefined, { small: true }));
      continue;
    }
    if (a.type !== "harvest" && a.type !== "protect") continue;
    const node = document.querySelector(`#my-seat .field[data-dst="f${a.field}"]`);
    if (!node) continue;
    node.append(actionButton(l, undefined, { small: true }));
  }
  const o = obs();
  const area = seatOf(o, me()).trading_area || [];
  const tagged = new Set();
  for (const p of plans) {
    if (p.game !== S.state.game || p.turn !== o.turn) continue;
    const i = area.findIndex((k, j) => k === p.key && !tagged.has(j));
    if (i < 0) continue;
    tagged.add(i);
    const card = document.querySelector(`#my-seat [data-src="t${i}"]`);
    if (card && card.parentElement) card.parentElement.append(el("span", { class: "plan-tag", dataset: { testid: "plan-tag" } }, `→ ${t("field", p.field)}`));
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
    el(
      "label",
      { class: "pick" },
      el("input", { type: "checkbox", value: String(i), dataset: { testid: "choose-card", ref: `h${i}` }, "aria-label": cardName(hand[i]) }),
      hand[i] !== undefined ? card(hand[i]) : "",
    ),
  );
  const need = sizes.join(` ${t("or")} `);
  const go = el(
    "button",
    { type: "button", class: "action action-primary", disabled: true, dataset: { testid: "chooser-send", actionType: type } },
    t("choose-n", need),
  );
  const chosenNow = () =>
    boxes
      .map((b) => b.querySelector("input"))
      .filter((x) => x.checked)
      .map((x) => Number(x.value));
  const update = () => {
    const l = byKey.get(key(chosenNow()));
    go.disabled = S.pending || !l;
    const words = l ? l.label || l.text : t("choose-n", need);
    go.textContent = words.charAt(0).toUpperCase() + words.slice(1);
  };
  for (const b of boxes) b.querySelector("input").addEventListener("change", update);
  go.addEventListener("click", () => {
    const l = byKey.get(key(chosenNow()));
    if (l) send(l.action);
  });
  return el(
    "div",
    { class: "chooser", dataset: { testid: `chooser-${type}` } },
    el("p", { class: "hint" }, t("tick-cards", need)),
    el("div", { class: "picks" }, ...boxes),
    go,
  );
}

// the moves keyboard shortcuts reach: digits 1-9 for the first nine listed
// buttons, Enter for the primary one (the first move the game waits for)
let shortcuts = [];
let primary = null;

// Moves no key may make: they give cards away or end the trading. Accepting
// a trade, ending it or a proposal that gives cards needs a click (or a
// focused button's own Enter), never a number key or the page's Enter.
const KEYLESS = new Set(["accept", "end-trading"]);
export const keyless = (a) => KEYLESS.has(a.type) || (Array.isArray(a.give) && a.give.length > 0);

export function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  renderPickBar();
  if (me() !== null && S.state) followPlans();
  shortcuts = [];
  primary = null;
  if (me() === null) {
    box.append(el("p", { class: "hint" }, t("watching")));
    return;
  }
  const legal = S.state.legal || [];
  if (!legal.length) {
    box.append(el("p", { class: "hint", dataset: { testid: "no-actions" } }, S.state.result ? t("game-over") : t("wait-others")));
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
      const safe = g !== "propose" && !keyless(l.action);
      // Enter passes rather than turning an offer down
      const isPrimary = yours && !primary && safe && l.action.type !== "decline" && l.advances !== false;
      const key = safe && shortcuts.length < 9 ? String(shortcuts.length + 1) : null;
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
    el(
      "label",
      { class: "pick" },
      el("input", { type: "checkbox", value: k, dataset: { testid: "pay-coin", index: String(i) }, "aria-label": cardName(k) }),
      card(k, { class: "card coin" }),
    ),
  );
  const go = el(
    "button",
    {
      type: "button",
      class: "action",
      disabled: S.pending,
      dataset: { testid: "buy-field-pay" },
      onclick: () => {
        const pay = boxes
          .map((b) => b.querySelector("input"))
          .filter((i) => i.checked)
          .map((i) => i.value);
        if (!pay.length) {
          showError(t("choose-coins"));
          return;
        }
        send({ type: "buy-field", pay });
      },
    },
    t("buy-with-coins"),
  );
  return el(
    "details",
    { class: "coin-picker", dataset: { testid: "coin-picker" } },
    el("summary", {}, t("buy-choose")),
    el("div", { class: "picks" }, ...boxes),
    go,
  );
}

// A move's button: its sentence (the server's label) as the text and its
// accessible name; `key` a keyboard shortcut shown on it.
export function actionButton(l, label, opts = {}) {
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
      disabled: S.pending,
      "aria-label": opts.small ? text : undefined,
      title: opts.small ? text : undefined,
      "aria-keyshortcuts": opts.key ? (opts.primary ? `${opts.key} Enter` : opts.key) : opts.primary ? "Enter" : undefined,
      dataset: {
        testid: "action",
        actionText: l.text,
        actionType: l.action.type,
        action: l.text,
        primary: opts.primary ? "yes" : undefined,
        key: opts.key || undefined,
      },
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
  const w = { harvest: { en: "Harvest", de: "Ernten" }, protect: { en: "Protect", de: "Schützen" }, keep: { en: "Keep", de: "Behalten" } }[type];
  return w ? w[lang] : type;
}

export function onKey(ev) {
  if (ev.key === "Escape" && selected !== null) {
    selected = null;
    hooks.renderBoard();
    renderPickBar();
    return;
  }
  if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || S.pending || !S.state) return;
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

/** Forget the chosen card (a new state was drawn). */
export function clearSelection() {
  selected = null;
}
