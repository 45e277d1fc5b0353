// The game page's moves by the cards as one object and the named steps that
// change it, with no page in sight: the chosen card, the revealed cards kept
// for a field (plans, planted once the trading is over), and the moves the
// keys 1-9 and Enter make. moves.js draws it and sends what the steps return.
//
// A move is "this card goes to that place": a src names a card of mine or of
// the table (h0 hand, t0 trading area, r0 revealed, p0 pile, s0 store), a dst
// a place (f0 my field, "store" my General Store, or a place of the ruleset's
// own, named by its client code's `places`: table.js). The steps that read
// moves take that code as `client` ({} for a ruleset without one).
import { cardKind, placeOf } from "./common.js";
import { entryOf } from "./cards.js";

/** A fresh state: no card chosen, no plan, no keys. */
export function newPick() {
  return {
    selected: null, // the chosen card (a src), or null
    plans: [], // revealed cards kept for a field: {game, turn, key, field}
    shortcuts: [], // what the keys 1-9 press, in order
    primary: null, // what Enter presses
  };
}

/** Move `a` as {src, dst} (dst null: a move of the card to no place); null where a move is not one. */
export function moveParts(a, client = {}) {
  const n = (x) => x !== undefined && x !== null;
  switch (a.type) {
    case "plant":
      return { src: n(a.traded) ? `t${a.traded}` : n(a.card) ? `h${a.card}` : "h0", dst: `f${a.field}` };
    case "place":
      return { src: `p${a.pile}`, dst: placeOf(a, client) ?? `f${a.field}` };
    case "give": {
      const dst = placeOf(a, client);
      return dst ? { src: `h${a.card}`, dst } : null;
    }
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

const seatOf = (o, s) => (o.seats || [])[s] || {};
const groupOf = (k) => (entryOf(k) || {}).group || cardKind(k);

/** The card `src` names in state `state` (seat `me`): its key. */
export function cardAt(state, me, src) {
  const o = state.observation;
  const mine = seatOf(o, me);
  const i = Number(src.slice(1));
  const zone = { h: mine.hand, t: mine.trading_area, r: o.revealed, s: mine.store, p: o.piles || o.offer }[src[0]] || [];
  const k = zone[i];
  return Array.isArray(k) ? k[0] : k;
}

/** The legal move keeping revealed card `src`, if there is one. */
export function keepOf(state, src) {
  return (state.legal || []).find((l) => l.action.type === "keep" && `r${l.action.revealed}` === src);
}

/** The fields a revealed card `src` may be kept for: empty, or of its bean type. */
export function planFields(state, me, src) {
  if (!src || src[0] !== "r" || !state || !keepOf(state, src)) return [];
  const key = cardAt(state, me, src);
  const fields = seatOf(state.observation, me).fields || [];
  return fields
    .map((f, j) => [f, j])
    .filter(([f]) => !f.length || groupOf(f[f.length - 1]) === groupOf(key))
    .map(([, j]) => `f${j}`);
}

/** What the table shows of the picking in state `state` (seat `me`; null for
 * a spectator): the cards that move with their moves (sources), the cards
 * that may be chosen to hear why not (loose), my places, the chosen card and
 * the places it may go (targets). */
export function pickView(st, state, me, client = {}) {
  if (me === null || !state) return null;
  const sources = new Map(); // src -> [legal moves]
  for (const l of state.legal || []) {
    const m = moveParts(l.action, client);
    if (!m) continue;
    if (!sources.has(m.src)) sources.set(m.src, []);
    sources.get(m.src).push(l);
  }
  const o = state.observation;
  const mine = seatOf(o, me);
  const places = new Set((mine.fields || []).map((_, j) => `f${j}`));
  if (mine.store !== undefined) places.add("store");
  for (const [letter, p] of Object.entries(client.places || {})) for (let j = 0; j < p.count(o); j++) places.add(`${letter}${j}`);
  // cards with no move now may still be chosen where cards of their zone move to
  // a field: the engine then says which rule keeps them off it
  const loose = new Set();
  for (const src of sources.keys()) {
    if (src[0] === "h") (mine.hand || []).forEach((_, i) => loose.add(`h${i}`));
    if (src[0] === "t") (mine.trading_area || []).forEach((_, i) => loose.add(`t${i}`));
  }
  const targets = new Set();
  for (const l of sources.get(st.selected) || []) {
    const m = moveParts(l.action, client);
    if (m.dst) targets.add(m.dst);
  }
  if (st.selected !== null) for (const f of planFields(state, me, st.selected)) targets.add(f);
  return { sources, loose, mine: places, selected: st.selected, targets };
}

// ---------------------------------------------------------------- choosing

/** A click on card `src`: it is chosen, or let go if it was. */
export function pick(st, src) {
  st.selected = st.selected === src ? null : src;
}

/** Let go of the chosen card; returns whether one was chosen. */
export function clearPick(st) {
  const had = st.selected !== null;
  st.selected = null;
  return had;
}

/** A drag of `src` begins: it is the chosen card while it moves. */
export function dragStart(st, src) {
  st.selected = src;
}

/** A drag of `src` ends with no drop: let go of it. Returns whether it was the chosen card. */
export function dragEnd(st, src) {
  if (st.selected !== src) return false;
  st.selected = null;
  return true;
}

/** A click (or drop) on place `dst` in state `state` (seat `me`). Returns what follows:
 *   {kind: "send", action}    the move (the pick ends; a revealed card dropped on a field is kept for it)
 *   {kind: "choose", moves}   several moves take the card there: the player chooses (the card stays chosen)
 *   {kind: "try", action}     no legal move: the move built like one, for the engine to refuse with its rule
 *   {kind: "refuse", reason, key}  no move, said by the page ("keep-not-here", "no-move-card"; key: the card)
 *   {kind: "none"}            nothing (no card chosen, and the place takes none or several)
 */
export function target(st, state, me, dst, client = {}) {
  const view = pickView(st, state, me, client);
  let src = st.selected;
  if (src === null) {
    // no card chosen: the place's moves, if they all take one card (the front card)
    const froms = [...view.sources].filter(([, ls]) => ls.some((l) => moveParts(l.action, client).dst === dst)).map(([s]) => s);
    if (froms.length !== 1) return { kind: "none" };
    src = froms[0];
  }
  const moves = (view.sources.get(src) || []).filter((l) => moveParts(l.action, client).dst === dst);
  if (!moves.length && planFields(state, me, src).includes(dst)) return { kind: "send", action: keepFor(st, state, me, src, dst) };
  if (!moves.length && src[0] === "r" && dst[0] === "f" && keepOf(state, src)) return { kind: "refuse", reason: "keep-not-here", key: cardAt(state, me, src) };
  if (moves.length === 1) {
    st.selected = null;
    return { kind: "send", action: moves[0].action };
  }
  if (moves.length > 1) {
    st.selected = src;
    return { kind: "choose", moves };
  }
  const tried = illegalTry(state, src, dst, client);
  if (tried) return { kind: "try", action: tried };
  return { kind: "refuse", reason: "no-move-card", key: cardAt(state, me, src) };
}

/** The move `src` -> `dst` built like a legal move of the same kind, or null. */
export function illegalTry(state, src, dst, client = {}) {
  const kind = src[0];
  const like = (state.legal || []).find((l) => {
    const m = moveParts(l.action, client);
    return m && m.dst && m.src[0] === kind && m.dst[0] === dst[0];
  });
  if (!like) return null;
  const a = { ...like.action };
  delete a.mode;
  const i = Number(src.slice(1));
  if (kind === "h") a.card = i;
  else if (kind === "t") a.traded = i;
  else if (kind === "p") a.pile = i;
  else if (kind === "r" || kind === "s") a.card = src;
  const j = Number(dst.slice(1));
  const own = (client.places || {})[dst[0]];
  if (dst[0] === "f") a.field = j;
  else if (own) a[own.key] = j;
  return a;
}

// ---------------------------------------------------------------- a revealed card onto a field

// The rules plant no revealed card at once: the active player keeps it (it
// goes to the trading area) and plants it after the trading (`plant t0 f1`).
// A revealed card put on one of my fields is kept at once, and planted on
// that field as soon as the trading is over and it may go there: a plan.

/** Keep revealed card `src` for field `dst`: the plan is made, the pick ends; the keep move. */
export function keepFor(st, state, me, src, dst) {
  const keep = keepOf(state, src);
  st.plans.push({ game: state.game, turn: state.observation.turn, key: cardAt(state, me, src), field: Number(dst.slice(1)) });
  st.selected = null;
  return keep.action;
}

/** The plans that may go in state `state` (seat `me`; `pending`: a move is on
 * its way; `yours`: the game waits on me): one move a state. Plans of another
 * game or turn are forgotten, and those whose card is no longer kept once the
 * planting begins. Returns {kind: "send", action}, {kind: "choose", moves}
 * (several ways to plant it there: the card is chosen) or null. */
export function followPlans(st, state, me, { pending = false, yours = true } = {}) {
  const o = state.observation;
  st.plans = st.plans.filter((p) => p.game === state.game && p.turn === o.turn);
  if (!st.plans.length || pending || !yours) return null;
  const area = seatOf(o, me).trading_area || [];
  const legal = state.legal || [];
  const planting = legal.some((l) => l.action.type === "plant" && l.action.traded !== undefined);
  for (const p of [...st.plans]) {
    const at = area.map((k, i) => (k === p.key ? i : -1)).filter((i) => i >= 0);
    if (!at.length) {
      // planted by hand, or not kept after all: nothing left to do once the trading is over
      if (planting) st.plans.splice(st.plans.indexOf(p), 1);
      continue;
    }
    const moves = legal.filter((l) => l.action.type === "plant" && at.includes(l.action.traded) && l.action.field === p.field);
    if (!moves.length) continue; // not yet (the trading goes on, or the field must be harvested first)
    st.plans.splice(st.plans.indexOf(p), 1);
    const froms = [...new Set(moves.map((l) => l.action.traded))];
    const only = moves.filter((l) => l.action.traded === froms[0]);
    if (only.length === 1) return { kind: "send", action: only[0].action };
    st.selected = `t${froms[0]}`;
    return { kind: "choose", moves: only };
  }
  return null;
}

/** The kept cards of my trading area with their plans: [{index, field}]. */
export function planTags(st, state, me) {
  const o = state.observation;
  const area = seatOf(o, me).trading_area || [];
  const tagged = new Set();
  const out = [];
  for (const p of st.plans) {
    if (p.game !== state.game || p.turn !== o.turn) continue;
    const i = area.findIndex((k, j) => k === p.key && !tagged.has(j));
    if (i < 0) continue;
    tagged.add(i);
    out.push({ index: i, field: p.field });
  }
  return out;
}

// ---------------------------------------------------------------- keys

/** The moves the keys make now: `shortcuts` for 1-9 in order, `primary` for Enter. */
export function setKeys(st, shortcuts, primary) {
  st.shortcuts = shortcuts.slice(0, 9);
  st.primary = primary;
}

/** What key `key` presses, or null. */
export function keyTarget(st, key) {
  if (/^[1-9]$/.test(key)) return st.shortcuts[Number(key) - 1] ?? null;
  if (key === "Enter") return st.primary;
  return null;
}
