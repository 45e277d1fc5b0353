// The game page's trading as one object and the named steps that change it,
// with no page in sight: the cards I may give (each with an id that follows
// it through the changes of its zone), the new proposal (cards to give,
// beans wanted), what was sent and waits for its answer, the answers to my
// proposals (kept 8 seconds on the state's clock), the automatic "no" for the
// rest of a trading phase, and the counter-offer being edited. trade.js and
// counter.js draw it; the steps say what changed, the page decides the words.
//
// Every step takes the state and what happened (an observation, an ack or a
// refusal, a click) and changes the state in place; its result, where it has
// one, is what the page should show or send.
import { cardKind } from "./common.js";

/** How long the answer to a proposal of mine stays in its card (ms). */
export const ANSWER_MS = 8000;

/** The zones whose cards a proposal may give: hand, revealed cards, store. */
export const ZONES = ["h", "r", "s"];

/** A fresh trading state; `clock` says the time in ms (the page's: Date.now). */
export function newTrade({ clock = () => Date.now() } = {}) {
  return {
    clock,
    game: null, // the game the state follows
    zones: { h: [], r: [], s: [] }, // zone -> [{id, key}], the cards I may give as last seen
    nextId: 1,
    chosen: new Set(), // the proposal's cards to give (ids)
    want: [], // the proposal's wanted bean types, in order
    inflight: null, // what was sent and waits for its ack or refusal
    auto: null, // {turn, phase} while auto-decline/pass is on
    counter: null, // the counter-offer being edited: {offer, to, chosen (ids), want, sending}
    declineDue: null, // {offer, after (the first state to send it on), tries}: the countered offer
    logSeen: -1, // the last log step looked at
    myOffers: new Map(), // id -> my open offer as last seen
    offerSteps: new Map(), // log step -> the id of the offer my proposal made there
    answers: new Map(), // offer id -> {f, kind, seat, got, until}
    watch: null, // the proposal last sent: {kind, to, seq, id, acked}
    focusWatch: false, // its card takes the focus once it shows (a counter-offer)
    kinds: new Set(), // the bean types the page has offered to ask for
    giftArmed: false, // a gift of my own cards for nothing was confirmed in this page
  };
}

// ---------------------------------------------------------------- the game and its cards

/** A new game: forget what was known of the last one. */
export function followGame(st, game) {
  if (st.game === game) return;
  st.game = game;
  st.zones = { h: [], r: [], s: [] };
  st.chosen.clear();
  st.want.length = 0;
  st.auto = null;
  st.counter = null;
  st.inflight = null;
  st.declineDue = null;
  st.watch = null;
  st.focusWatch = false;
  st.logSeen = -1;
  st.myOffers.clear();
  st.offerSteps.clear();
  st.answers.clear();
}

/** The ids of `old` ({id, key} in order) carried over to `keys`: the longest
 * common subsequence keeps its ids, the rest are new cards (ids from the
 * state). On ties the later old card is kept (a front card planted, not the
 * one behind it). */
export function alignZone(st, old, keys) {
  const n = old.length;
  const m = keys.length;
  const dp = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) dp[i][j] = old[i - 1].key === keys[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
  const ids = new Array(m).fill(null);
  for (let i = n, j = m; i > 0 && j > 0;) {
    if (old[i - 1].key === keys[j - 1]) {
      ids[j - 1] = old[i - 1].id;
      i--;
      j--;
    } else if (dp[i - 1][j] >= dp[i][j - 1]) i--;
    else j--;
  }
  return keys.map((key, j) => ({ id: ids[j] ?? st.nextId++, key }));
}

const seatOf = (o, s) => (o.seats || [])[s] || {};

/** The cards seat `me` may give in observation `o`, by zone (the revealed ones while active). */
export function givable(o, me) {
  const mine = seatOf(o, me);
  return { h: mine.hand || [], r: o.active === me ? o.revealed || [] : [], s: mine.store || [] };
}

/** Follow my cards to state `state` (seat `me`): each keeps its id; a chosen
 * card that left is unchosen. Returns the cards that left the proposal and
 * the counter-offer: {form: [{key, zone}], counter: [{key, zone}]}. */
export function followCards(st, state, me) {
  followGame(st, state.game);
  const now = givable(state.observation, me);
  const form = [];
  const counter = [];
  for (const z of ZONES) {
    const next = alignZone(st, st.zones[z], now[z]);
    const ids = new Set(next.map((c) => c.id));
    for (const c of st.zones[z]) {
      if (ids.has(c.id)) continue;
      if (st.chosen.delete(c.id)) form.push({ key: c.key, zone: z });
      if (st.counter && st.counter.chosen.delete(c.id)) counter.push({ key: c.key, zone: z });
    }
    st.zones[z] = next;
  }
  return { form, counter };
}

/** The bean types a proposal may want: every type of the game (`types`, its
 * catalogue), and any other the page sees in `state` or saw before (the form
 * keeps its buttons), the game's first. */
export function wantKinds(st, state, me, types) {
  const o = state.observation;
  for (const k of types) st.kinds.add(k);
  for (const l of state.legal || []) if (l.action.type === "propose") for (const k of l.action.want || []) st.kinds.add(k);
  const note = (k) => k && st.kinds.add(cardKind(k));
  (seatOf(o, me).hand || []).forEach(note);
  (o.revealed || []).forEach(note);
  (o.discard || []).forEach(note);
  for (const f of o.offers || []) {
    (f.want || []).forEach(note);
    (f.give || []).forEach(note);
  }
  for (const s of o.seats || []) for (const f of s.fields || []) f.forEach(note);
  const rank = (k) => (types.includes(k) ? types.indexOf(k) : types.length);
  return [...st.kinds].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

// ---------------------------------------------------------------- the new proposal

/** Choose (`on`) or unchoose card `id` to give. */
export function chooseGive(st, id, on) {
  if (on) st.chosen.add(id);
  else st.chosen.delete(id);
}

/** Ask for one more bean of type `kind`. */
export function addWant(st, kind) {
  st.want.push(kind);
}

/** Ask for the `i`-th wanted bean no more. */
export function removeWant(st, i) {
  st.want.splice(i, 1);
}

/** Empty the proposal. */
export function clearProposal(st) {
  st.chosen.clear();
  st.want.length = 0;
}

/** The chosen cards at their positions now: [{ref, key}] (ref: "h2", "r0", "s1"). */
export function chosenRefs(st) {
  const out = [];
  for (const z of ZONES) st.zones[z].forEach((c, i) => st.chosen.has(c.id) && out.push({ ref: `${z}${i}`, key: c.key }));
  return out;
}

/** The proposal to seat `to` as a move, or null when it gives and wants nothing. */
export function proposal(st, to) {
  const give = chosenRefs(st).map((c) => c.ref);
  if (!give.length && !st.want.length) return null;
  return { type: "propose", to, give, want: [...st.want] };
}

/** Whether the page must ask before `action` goes: a gift of my own cards
 * (hand, store; not the revealed ones) for nothing is asked once a game.
 * Asking confirms it: the next click sends. `storage` (the tab's) keeps the
 * confirmation over a reload. */
export function giftAsked(st, action, storage = tabStorage()) {
  if (!action.give.some((r) => r[0] !== "r") || action.want.length) return false;
  const key = `bohn.gift.${st.game ?? ""}`;
  if (st.giftArmed) return false;
  try {
    if (storage && storage.getItem(key) === "yes") return false;
  } catch {
    // storage off: the page's own memory decides
  }
  st.giftArmed = true;
  try {
    if (storage) storage.setItem(key, "yes");
  } catch {
    // storage off: asked again after a reload
  }
  return true;
}

function tabStorage() {
  try {
    return globalThis.sessionStorage || null;
  } catch {
    return null;
  }
}

/** A proposal went out (the form's, `kind` "form", or a counter-offer's) on
 * state `seq` over connection `conn`: it waits for its ack or refusal. */
export function proposalSent(st, { kind, to, seq, conn, offer = null }) {
  st.inflight = { what: "propose", kind, to, seq, conn, offer };
  if (kind === "counter" && st.counter && st.counter.offer === offer) st.counter.sending = true;
}

/** The connection now (`conn`): what went on a closed one gets no answer
 * (a counter-offer may be sent again). Returns whether a counter-offer being
 * sent was freed. */
export function followConnection(st, conn) {
  const sent = st.inflight;
  if (!sent || sent.conn === conn) return false;
  st.inflight = null;
  if (sent.what === "propose" && sent.kind === "counter" && st.counter && st.counter.offer === sent.offer) {
    st.counter.sending = false;
    return true;
  }
  return false;
}

/** The answer `msg` (an "ack" or an "error") to what was sent. A proposal's
 * ack empties the form, or closes the counter-offer and makes the decline of
 * the countered offer due after the state that shows the proposal; a refusal
 * keeps the form, or the counter-offer and its offer. A stale decline goes
 * again on the next state (five tries). Returns what it answered:
 * {what: "propose"|"decline"|null, kind, ok, retry, counter (the counter-offer
 * it answered is the open one)}. */
export function gotAnswer(st, msg) {
  const sent = st.inflight;
  st.inflight = null;
  const ok = msg.type === "ack";
  if (!sent) return { what: null, ok };
  if (sent.what === "decline") {
    const d = st.declineDue;
    if (ok || !d) st.declineDue = null;
    else if (msg.code === "stale" && ++d.tries < 5) {
      d.after = sent.seq + 1; // the game moved on: again on the next state
      return { what: "decline", ok, retry: true };
    } else st.declineDue = null;
    return { what: "decline", ok, retry: false };
  }
  const counter = sent.kind === "counter" && Boolean(st.counter) && st.counter.offer === sent.offer;
  if (ok) {
    st.watch = { kind: sent.kind, to: sent.to, seq: sent.seq, id: st.offerSteps.get(sent.seq + 1) ?? null, acked: true };
    if (sent.kind === "form") clearProposal(st);
    else {
      if (counter) st.counter = null;
      st.declineDue = { offer: sent.offer, after: msg.seq, tries: 0 };
      st.focusWatch = true;
    }
  } else if (counter) st.counter.sending = false;
  return { what: "propose", kind: sent.kind, ok, counter };
}

// ---------------------------------------------------------------- the answers to my proposals

// My proposals are followed through the log: the `offer` event names the
// offer a proposal made (the entry at step seq + 1 of the state it was sent
// on), and `trade`, `decline`, `withdraw` or `offer-void` its answer.

/** Follow the log of state `state` (seat `me`). Returns the answers that came:
 * [{f, kind, seat, got, until}] (kind "accepted", "declined", "withdrawn",
 * "lapsed" or "void"). The page's first state brings no news. */
export function followLog(st, state, me) {
  followGame(st, state.game);
  if (me === null) return [];
  const news = [];
  const first = st.logSeen < 0;
  for (const f of state.observation.offers || []) if (f.from === me) st.myOffers.set(f.id, f);
  for (const entry of state.log || []) {
    if (entry.step <= st.logSeen) continue;
    st.logSeen = entry.step;
    for (const ev of entry.events || []) {
      if (ev.type === "offer" && ev.from === me) {
        st.myOffers.set(ev.id, ev);
        st.offerSteps.set(entry.step, ev.id);
        if (st.offerSteps.size > 64) st.offerSteps.delete(st.offerSteps.keys().next().value);
        if (st.watch && st.watch.id === null && entry.step === st.watch.seq + 1) st.watch.id = ev.id;
        continue;
      }
      const id = ev.type === "trade" ? ev.offer : ev.id;
      if (!["trade", "decline", "withdraw", "offer-void"].includes(ev.type) || !st.myOffers.has(id)) continue;
      const f = st.myOffers.get(id);
      st.myOffers.delete(id);
      if (!first) news.push(answered(st, f, ev, entry));
    }
  }
  if (first) st.logSeen = Math.max(st.logSeen, state.seq); // the log may start later than the game
  return news;
}

/** My offer `f` got its answer, event `ev` of log entry `entry`: kept ANSWER_MS. */
function answered(st, f, ev, entry) {
  let kind;
  if (ev.type === "trade") kind = "accepted";
  else if (ev.type === "decline") kind = "declined";
  else if (ev.type === "withdraw") kind = "withdrawn";
  else {
    const over = (entry.action && entry.action.type === "end-trading") || (entry.events || []).some((e) => e.type === "end-trading");
    kind = over ? "lapsed" : "void";
  }
  const a = { f, kind, seat: ev.seat ?? f.to, got: ev.returned || [], until: st.clock() + ANSWER_MS };
  st.answers.set(f.id, a);
  return a;
}

/** The answer to the form's last proposal, once it came (null before). */
export function formAnswer(st) {
  const w = st.watch;
  if (!w || w.kind !== "form" || !w.acked || w.id === null) return null;
  return st.answers.get(w.id) || null;
}

/** The answers whose time is up go. Returns whether the last proposal's went
 * (its notice goes too). */
export function lapseAnswers(st) {
  const now = st.clock();
  let watched = false;
  for (const [id, a] of [...st.answers]) {
    if (a.until > now) continue;
    st.answers.delete(id);
    if (st.watch && st.watch.id === id) {
      st.watch = null;
      watched = true;
    }
  }
  return watched;
}

/** When the next answer goes (ms on the state's clock), or null. */
export function nextLapse(st) {
  let next = null;
  for (const a of st.answers.values()) if (next === null || a.until < next) next = a.until;
  return next;
}

/** The answers shown in place of their offers (no longer open): [{f, kind, …}] by offer id. */
export function recentAnswers(st, offers) {
  const open = new Set((offers || []).map((f) => f.id));
  return [...st.answers.values()].filter((a) => !open.has(a.f.id));
}

/** The offer whose card takes the focus now (a counter-offer of mine, once
 * shown: `shown(id)`), or null. */
export function focusDue(st, shown) {
  if (!st.focusWatch || !st.watch || st.watch.id === null || !shown(st.watch.id)) return null;
  st.focusWatch = false;
  return st.watch.id;
}

// ---------------------------------------------------------------- auto-decline

/** Whether auto-decline/pass is offered: I take part in a trading phase. */
export function autoOffered(state, me) {
  const legal = state.legal || [];
  return me !== null && state.observation.offers !== undefined && legal.some((l) => ["propose", "decline", "accept"].includes(l.action.type));
}

/** Turn auto-decline on (for the trading phase of observation `o`) or off. */
export function setAuto(st, on, o) {
  st.auto = on && o ? { turn: o.turn, phase: o.phase } : null;
}

/** Auto-decline ends with its trading phase. */
export function followPhase(st, o) {
  if (st.auto && (st.auto.turn !== o.turn || st.auto.phase !== o.phase)) st.auto = null;
}

/** The move auto-decline makes for me now (a decline, else a pass), or null. */
export function autoMove(st, state, me, pending) {
  if (!st.auto || pending || !(state.waiting_for || []).includes(me)) return null;
  const legal = state.legal || [];
  const l = legal.find((x) => x.action.type === "decline") || legal.find((x) => x.action.type === "pass");
  return l ? l.action : null;
}

// ---------------------------------------------------------------- counter-offers

// A counter-offer starts from the offer with the sides swapped: the cards it
// asks of me are the cards I give (the revealed ones too, where I am the
// active player and may deal them), the cards it gives are the beans I ask
// for. Sent, it proposes, and once the proposal is taken and the state shows
// it, the offer it answers is declined.

/** The zones a counter-offer may give from, in the order it fills them: the
 * revealed cards first where I may deal them now (they cost no hand card). */
export function counterZones(state, me) {
  const o = state.observation;
  const revealed = o.active === me && (state.legal || []).some((l) => l.action.type === "propose" && (l.action.give || []).some((r) => r[0] === "r"));
  return revealed ? ["r", "h", "s"] : ["h", "s"];
}

/** Open the counter-offer to offer `f`, filled in from it (zones in the order
 * `order`). Returns the bean types it asks of me that I do not have. */
export function openCounter(st, f, order) {
  const c = { offer: f.id, to: f.from, chosen: new Set(), want: (f.give || []).map(cardKind), sending: false };
  st.counter = c;
  const missing = [];
  for (const kind of f.want || []) {
    let found;
    for (const z of order) {
      found = st.zones[z].find((x) => !c.chosen.has(x.id) && cardKind(x.key) === kind);
      if (found) break;
    }
    if (found) c.chosen.add(found.id);
    else missing.push(kind);
  }
  return missing;
}

/** Close the counter-offer. */
export function closeCounter(st) {
  st.counter = null;
}

/** Choose (`on`) or unchoose card `id` for the counter-offer. */
export function chooseCounterGive(st, id, on) {
  if (on) st.counter.chosen.add(id);
  else st.counter.chosen.delete(id);
}

/** The counter-offer asks for one more bean of type `kind`. */
export function addCounterWant(st, kind) {
  st.counter.want.push(kind);
}

/** The counter-offer asks for its `i`-th bean no more. */
export function removeCounterWant(st, i) {
  st.counter.want.splice(i, 1);
}

/** Only the cards of zones `order` may go: others chosen are unchosen (a zone I may no longer deal). */
export function followCounterZones(st, order) {
  const live = new Set(order.flatMap((z) => st.zones[z].map((c) => c.id)));
  for (const id of [...st.counter.chosen]) if (!live.has(id)) st.counter.chosen.delete(id);
}

/** The counter-offer's chosen cards at their positions now (zones `order`). */
export function counterRefs(st, order) {
  const out = [];
  for (const z of order) st.zones[z].forEach((c, i) => st.counter.chosen.has(c.id) && out.push(`${z}${i}`));
  return out;
}

/** The counter-offer as a move, or null (none open, being sent, or empty). */
export function counterProposal(st, order) {
  const c = st.counter;
  if (!c || c.sending) return null;
  const give = counterRefs(st, order);
  if (!give.length && !c.want.length) return null;
  return { type: "propose", to: c.to, give, want: [...c.want] };
}

/** The decline of the countered offer, due on state `state` (once it shows
 * my counter-proposal, nothing else waiting): the move, or null. An offer no
 * longer to decline (withdrawn, lapsed, void) is forgotten. */
export function dueDecline(st, state, pending) {
  const d = st.declineDue;
  if (!d || st.inflight || pending || !state || state.seq < d.after) return null;
  const l = (state.legal || []).find((x) => x.action.type === "decline" && x.action.offer === d.offer);
  if (!l) {
    st.declineDue = null;
    return null;
  }
  return l.action;
}

/** That decline went out on state `seq` over connection `conn`. */
export function declineSent(st, { offer, seq, conn }) {
  st.inflight = { what: "decline", offer, seq, conn };
}
