// The game page's layout. On a desktop window the page is the window: the
// board on the left fills its height (the felt in the middle stretches; your
// own area and hand sit at the bottom) and the side column on the right has
// three tabs: "Moves & trading" (the moves, the offers, the proposal form),
// "Log" and "Cards" (the game's bean types). A phone and a narrow window show
// the board and then the same tabs, one under the other, and scroll.
//
// The board's cards are as large as the room allows: each size (data-size on
// #board) scales every card on the board (style.css: --k times a place's own
// width, --cw). The size is chosen when the first state is drawn and again
// after a resize: the usual size, then bigger ones while the board fits the
// window with room to grow, or smaller ones until it fits. A board that later
// grows out of the window (fields fill, seats buy third fields) steps down,
// before the page is painted, and stays down until a resize, so that it never
// flips back and forth.
//
// The pure decisions (which size, which tab) are exported for Node's tests
// (tests/js/layout.test.js); `installLayout` and `boardDrawn` wire them to the page.
import { beanTypes, breakable, cardFace, cardName, entryOf, hasCatalogue } from "./cards.js";
import { t } from "./i18n.js";

// ---------------------------------------------------------------- the board's size

/** The board's sizes, smallest first, and how much each scales the cards (style.css sets --k from data-size). */
export const SIZES = ["tiny", "tight", "snug", "usual", "roomy", "roomier", "large", "larger", "huge", "giant"];
export const SCALE = { tiny: 0.7, tight: 0.8, snug: 0.9, usual: 1, roomy: 1.15, roomier: 1.3, large: 1.5, larger: 1.7, huge: 1.9, giant: 2.2 };
/** The size the board is drawn at first, and always on a narrow window. */
export const USUAL = SIZES.indexOf("usual");
/** A size above the usual is taken only where its board leaves room to grow
 * as the game goes on: this many pixels at the usual size, times the size's
 * scale (about what the rows of fields, the others' and yours, grow by as
 * their stacks fill). */
export const GROW = 60;
/** Windows at most this wide (CSS pixels) are narrow: one column that scrolls, with the usual cards. */
export const NARROW = 900;

/** Whether a board that needs `need` ({height, width}, CSS pixels) fits in
 * `room` ({height, width}) with `grow` pixels of its height to spare. */
export function fits(need, room, grow = 0) {
  return need.height + grow <= room.height + 0.5 && need.width <= room.width + 0.5;
}

/** The room to grow a board at size i keeps (GROW, scaled). */
export const growth = (i) => (i > USUAL ? GROW * SCALE[SIZES[i]] : 0);

/** The next step of choosing the board's size. `needs[i]` is what the board
 * needed at size i (undefined: not measured yet), `room` what the window
 * gives it. Answers `{measure: i}` (draw the board at size i and measure it)
 * or `{size: i}` (the choice). The usual size is measured first. Where it
 * fits, the biggest size that fits with room to grow is found by halving:
 * the size halfway between the biggest known to fit and the smallest known
 * not to is measured next, until they are neighbours. Where it does not
 * fit, each smaller size is measured until one fits, else the smallest. */
export function sizeStep(needs, room) {
  if (!needs[USUAL]) return { measure: USUAL };
  if (fits(needs[USUAL], room)) {
    let fit = USUAL;
    let over = SIZES.length;
    needs.forEach((need, i) => {
      if (i <= USUAL || !need) return;
      if (fits(need, room, growth(i))) fit = Math.max(fit, i);
      else over = Math.min(over, i);
    });
    return over - fit <= 1 ? { size: fit } : { measure: Math.ceil((fit + over) / 2) };
  }
  for (let i = USUAL - 1; i >= 0; i--) {
    if (!needs[i]) return { measure: i };
    if (fits(needs[i], room)) return { size: i };
  }
  return { size: 0 };
}

/** The size a drawn board takes: one size down while it overflows the window, never below the smallest. */
export function stepDown(size, overflows) {
  return overflows && size > 0 ? size - 1 : size;
}

// ---------------------------------------------------------------- the side column's tabs

/** The side column's tabs, in their order. */
export const TABS = ["play", "log", "cards"];
/** Where the tab a player chose is kept for the browser tab (a reload shows it again). */
export const TAB_KEY = "bohn.side-tab";

/** The tab a page opens on: the one kept, if it is one, else "Moves & trading". */
export function keptTab(value) {
  return TABS.includes(value) ? value : TABS[0];
}

/** The tab an arrow key, Home or End moves to from `tab`; null for another key. */
export function tabForKey(tab, key) {
  const i = Math.max(0, TABS.indexOf(tab));
  if (key === "ArrowRight") return TABS[(i + 1) % TABS.length];
  if (key === "ArrowLeft") return TABS[(i + TABS.length - 1) % TABS.length];
  if (key === "Home") return TABS[0];
  if (key === "End") return TABS[TABS.length - 1];
  return null;
}

/** The tabs at the start: `tab` shown, nothing unseen, no log read yet. */
export function tabsAt(tab) {
  return { tab: keptTab(tab), unseen: 0, newest: null };
}

/** Show `tab`: the log's count of unseen entries is cleared when the log shows. */
export function selectTab(state, tab) {
  const shown = keptTab(tab);
  return { ...state, tab: shown, unseen: shown === "log" ? 0 : state.unseen };
}

/** A state message's log entries ({step, events}) arrived: those past the
 * newest one so far that say something are unseen while the log is hidden.
 * The first state's log is the game so far, not news. */
export function logArrived(state, entries) {
  let { newest, unseen } = state;
  const first = newest === null;
  if (first) newest = -1;
  for (const e of entries) {
    if (e.step <= newest) continue;
    newest = e.step;
    if (!first && state.tab !== "log" && (e.events || []).length) unseen += 1;
  }
  return { ...state, newest, unseen };
}

/** What on the page asks for the moves and trading: the game waits on your
 * move, offers made to you (their ids), a trading you may join, a card you chose. */
export function attentionOf(state, yours, picked) {
  const legal = (state && state.legal) || [];
  const offers = [];
  for (const l of legal) {
    const a = l.action || {};
    if ((a.type === "accept" || a.type === "decline") && a.offer !== undefined && !offers.includes(a.offer)) offers.push(a.offer);
  }
  return { yours: Boolean(yours), offers, trade: legal.some((l) => l.action && l.action.type === "propose"), picked: Boolean(picked) };
}

/** Whether the moves and trading must show: `now` (attentionOf) brings what
 * `before` (the last state's, null at the first) did not have — your move,
 * a new offer to you, a trading opening to you, a card chosen. */
export function needsMoves(before, now) {
  if (!before) return now.yours || now.offers.length > 0 || now.trade || now.picked;
  return (now.yours && !before.yours) || now.offers.some((id) => !before.offers.includes(id)) || (now.trade && !before.trade) || (now.picked && !before.picked);
}

/** The cards a field of the bean type with beanometer `meter` needs for 1, 2, 3 and 4 coins ("–": it never pays that many). */
export function meterCells(meter) {
  return [0, 1, 2, 3].map((i) => (meter && meter[i] !== null && meter[i] !== undefined ? String(meter[i]) : "–"));
}

// ---------------------------------------------------------------- the page

const $ = (id) => document.getElementById(id);
let size = null; // index into SIZES; null: not chosen yet
let tabs = tabsAt(TABS[0]);
let seen = null; // attentionOf the last state drawn
let lastSeq = null;
let cardsFor = null; // the game whose bean types the Cards tab shows
const narrow = () => window.matchMedia(`(max-width: ${NARROW}px)`).matches;

function setSize(i) {
  size = i;
  const board = $("board");
  if (SIZES[i] === "usual") delete board.dataset.size;
  else board.dataset.size = SIZES[i];
}

/** What the board needs at its size now (this forces a layout): the height
 * of what it holds, without the felt's stretch, and its width, with a hand
 * wider than its place counted. */
function measure(board) {
  const top = board.getBoundingClientRect().top - board.scrollTop;
  let bottom = top;
  for (const part of board.children) {
    if (part.id === "result") continue; // it lies over the table
    const r = part.getBoundingClientRect();
    if (r.height) bottom = Math.max(bottom, r.bottom);
  }
  const hand = $("hand");
  const over = hand ? Math.max(0, hand.scrollWidth - hand.clientWidth) : 0;
  return { height: bottom - top, width: Math.max(board.scrollWidth, board.clientWidth + over) };
}

/** Choose the board's size for the window (at the first state and after a resize). */
function fitBoard() {
  const board = $("board");
  if (narrow()) {
    if (size !== USUAL) setSize(USUAL); // one column that scrolls: the usual cards, and a phone's own
    return;
  }
  board.dataset.fitting = "yes"; // the felt does not stretch while the board is measured
  const room = { height: board.clientHeight, width: board.clientWidth };
  const needs = [];
  let step = sizeStep(needs, room);
  while (step.measure !== undefined) {
    setSize(step.measure);
    needs[step.measure] = measure(board);
    step = sizeStep(needs, room);
  }
  setSize(step.size);
  delete board.dataset.fitting;
}

/** A drawn board that overflows the window steps down (from the ResizeObserver: after the browser's layout, before its paint). */
function keepInView() {
  if (size === null || narrow()) return;
  const board = $("board");
  for (;;) {
    const next = stepDown(size, board.scrollHeight > board.clientHeight + 1);
    if (next === size) return;
    setSize(next);
  }
}

function keepTab(tab) {
  try {
    sessionStorage.setItem(TAB_KEY, tab);
  } catch {
    // storage off: the page opens on the moves next time
  }
}

let badgeShows = null; // the count the badge shows

function renderBadge() {
  const badge = $("log-badge");
  if (badgeShows === tabs.unseen && badge.hidden === !tabs.unseen) return; // as it is
  badgeShows = tabs.unseen;
  badge.hidden = !tabs.unseen;
  badge.replaceChildren();
  if (!tabs.unseen) return;
  const n = document.createElement("span");
  n.setAttribute("aria-hidden", "true");
  n.textContent = String(tabs.unseen);
  const words = document.createElement("span");
  words.className = "visually-hidden";
  words.textContent = t("log-new", tabs.unseen);
  badge.append(n, words);
}

/** Show the tab `tab` (kept for the next visit where the player chose it). */
export function showTab(tab, { focus = false, chosen = false } = {}) {
  const was = tabs.tab;
  tabs = selectTab(tabs, tab);
  for (const name of TABS) {
    const on = name === tabs.tab;
    const button = $(`tab-${name}`);
    button.setAttribute("aria-selected", on ? "true" : "false");
    button.tabIndex = on ? 0 : -1;
    $(`pane-${name}`).hidden = !on;
  }
  if (focus) $(`tab-${tabs.tab}`).focus();
  if (chosen) keepTab(tabs.tab);
  // the log opens on its newest entries
  if (tabs.tab === "log" && was !== "log") $("log").scrollTop = $("log").scrollHeight;
  renderBadge();
}

/** The Cards tab: each bean type of the game with its card, its count and its beanometer. */
function renderCards(state) {
  const key = `${state.variant}|${JSON.stringify(state.options || {})}`;
  if (cardsFor === key || !hasCatalogue()) return;
  cardsFor = key;
  const table = $("bean-types");
  const cell = (tag, text, cls) => {
    const n = document.createElement(tag);
    if (cls) n.className = cls;
    if (text !== undefined) n.append(text);
    return n;
  };
  const head = cell("tr");
  const bean = cell("th", t("bean-col"));
  bean.colSpan = 2;
  head.append(bean, cell("th", t("count-col"), "num"));
  for (let c = 1; c <= 4; c++) {
    // a coin and its number on the page, the words for a screen reader
    const th = cell("th", undefined, "num");
    const shown = cell("span", undefined, "coin-head");
    shown.setAttribute("aria-hidden", "true");
    shown.append(cell("span", undefined, "coin-icon"), String(c));
    th.append(shown, cell("span", t("coins-n", c), "visually-hidden"));
    th.title = t("coins-n", c);
    head.append(th);
  }
  for (const th of head.children) th.scope = "col";
  const body = cell("tbody");
  for (const group of beanTypes(state.options || {})) {
    const e = entryOf(group);
    if (!e) continue;
    const row = cell("tr");
    row.dataset.testid = "bean-type";
    row.dataset.card = e.key;
    const face = cardFace(e.key);
    const name = cell("th", breakable(cardName(e.key)));
    name.scope = "row";
    row.append(cell("td", face || "", "bean-face"), name, cell("td", e.count ? String(e.count) : "–", "num"));
    for (const n of meterCells(e.beanometer)) row.append(cell("td", n, "num"));
    body.append(row);
  }
  const thead = cell("thead");
  thead.append(head);
  table.replaceChildren(thead, body);
}

/** The page's layout, once the page is there: the tabs, the board's size on a resize. */
export function installLayout() {
  let kept = null;
  try {
    kept = sessionStorage.getItem(TAB_KEY);
  } catch {
    // storage off: the moves
  }
  tabs = tabsAt(kept);
  $("side-tabs").setAttribute("aria-label", t("side-tabs"));
  for (const name of TABS) $(`tab-${name}`).addEventListener("click", () => showTab(name, { chosen: true }));
  $("side-tabs").addEventListener("keydown", (ev) => {
    const next = tabForKey(tabs.tab, ev.key);
    if (!next) return;
    ev.preventDefault();
    showTab(next, { focus: true, chosen: true });
  });
  showTab(tabs.tab);
  // the jump to the offers made to you (in the status line) and a move's key show the moves first
  document.addEventListener(
    "click",
    (ev) => {
      if (ev.target instanceof Element && ev.target.closest("[data-testid=offers-jump]")) showTab("play");
    },
    true,
  );
  document.addEventListener(
    "keydown",
    (ev) => {
      const tg = ev.target;
      if (ev.ctrlKey || ev.metaKey || ev.altKey || !/^[1-9]$/.test(ev.key)) return;
      if (tg instanceof Element && tg.closest("input, textarea, select, button, summary, [contenteditable], [data-card]")) return;
      showTab("play");
    },
    true,
  );
  // the board's bottom moves when a part of it grows or when the header above it does
  const moves = new ResizeObserver(keepInView);
  for (const id of ["board", "seats", "table", "my-area"]) moves.observe($(id));
  moves.observe(document.querySelector("header.top"));
  // chosen anew after a resize, and once a ruleset's own style sheet has come
  // (its table is drawn before it is styled)
  let again = 0;
  const refit = () => {
    if (size === null) return; // no state drawn yet
    cancelAnimationFrame(again);
    again = requestAnimationFrame(() => {
      size = null;
      fitBoard();
    });
  };
  window.addEventListener("resize", refit);
  document.addEventListener(
    "load",
    (ev) => {
      if (ev.target instanceof HTMLLinkElement && ev.target.rel === "stylesheet") refit();
    },
    true,
  );
}

/** After the board is drawn for `ctx` (play.js: its state, its pick) where
 * `yours` says whether the game waits on your move: the board's size at the
 * first state, the moves shown when they ask for you, the log's badge, the Cards tab. */
export function boardDrawn(ctx, yours) {
  if (size === null) fitBoard();
  const now = attentionOf(ctx.state, yours, ctx.pick && ctx.pick.selected !== null);
  if (needsMoves(seen, now)) showTab("play");
  seen = now;
  if (ctx.state.seq !== lastSeq) {
    lastSeq = ctx.state.seq;
    tabs = logArrived(tabs, ctx.state.log || []);
    renderBadge();
  }
  renderCards(ctx.state);
}
