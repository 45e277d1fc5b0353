// The game page's trading as one object (bohn/server/static/trade-state.js):
// the cards I may give keep their ids across states, the proposal and the
// counter-offer choose by id, what was sent waits for its answer, the answer
// to my proposal comes through the log and goes 8 s later on the state's own
// clock, the countered offer is declined once the state shows the counter,
// and auto-decline lasts one trading phase.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAt } from "./setup.js";

browserAt("http://bohn.test/play/g1");
const T = await import("../../bohn/server/static/trade-state.js");

const ME = 0;

/** A state message for seat 0 (Anna) of game `game`. */
function stateOf({
  game = "g1",
  seq = 1,
  hand = [],
  store,
  revealed = [],
  active = ME,
  offers = [],
  legal = [],
  log = [],
  turn = 1,
  phase = "trade",
  waiting = [ME],
} = {}) {
  const seat = { hand, fields: [[], []] };
  if (store) seat.store = store;
  return {
    game,
    seq,
    seat: ME,
    legal: legal.map((action) => ({ action, text: action.type })),
    log,
    waiting_for: waiting,
    observation: { active, revealed, offers, turn, phase, seats: [seat, { fields: [[]] }, { fields: [[]] }] },
  };
}

/** A clock the test moves on by hand. */
function handClock(start = 1000) {
  const c = { now: start };
  c.read = () => c.now;
  return c;
}

const ids = (st, z) => st.zones[z].map((c) => c.id);
const propose = (to, give = [], want = []) => ({ type: "propose", to, give, want });

test("a card keeps its id when a card before it leaves and another arrives", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ hand: ["blaue", "feuer", "sau"] }), ME);
  const [, feuer, sau] = ids(st, "h");
  // the front card planted, a card drawn at the back
  T.followCards(st, stateOf({ seq: 2, hand: ["feuer", "sau", "rote"] }), ME);
  const now = ids(st, "h");
  assert.deepEqual(now.slice(0, 2), [feuer, sau]);
  assert.ok(![feuer, sau].includes(now[2]), "the drawn card is a new card");
});

test("of two alike cards, the front one is the one that left", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ hand: ["sau", "sau", "feuer"] }), ME);
  const [, second, feuer] = ids(st, "h");
  T.followCards(st, stateOf({ seq: 2, hand: ["sau", "feuer"] }), ME);
  assert.deepEqual(ids(st, "h"), [second, feuer]);
});

test("alignZone carries ids over to new keys and numbers the new cards from the state", () => {
  const st = T.newTrade();
  const old = [
    { id: 7, key: "a" },
    { id: 8, key: "b" },
    { id: 9, key: "c" },
  ];
  st.nextId = 20;
  assert.deepEqual(T.alignZone(st, old, ["x", "b", "c", "a"]), [
    { id: 20, key: "x" },
    { id: 8, key: "b" },
    { id: 9, key: "c" },
    { id: 21, key: "a" },
  ]);
  assert.equal(st.nextId, 22);
});

test("the revealed cards are mine to give only while I am the active player", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ hand: ["sau"], revealed: ["blaue"], store: ["rote"] }), ME);
  assert.deepEqual(
    T.ZONES.map((z) => st.zones[z].map((c) => c.key)),
    [["sau"], ["blaue"], ["rote"]],
  );
  T.followCards(st, stateOf({ seq: 2, hand: ["sau"], revealed: ["blaue"], active: 1 }), ME);
  assert.deepEqual(st.zones.r, []);
});

test("a chosen card that moves stays chosen at its new place; one that leaves is unchosen and named", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ hand: ["blaue", "feuer", "sau"] }), ME);
  const [, feuer, sau] = ids(st, "h");
  T.chooseGive(st, feuer, true);
  T.chooseGive(st, sau, true);
  assert.deepEqual(
    T.chosenRefs(st).map((c) => c.ref),
    ["h1", "h2"],
  );
  let gone = T.followCards(st, stateOf({ seq: 2, hand: ["feuer", "sau"] }), ME);
  assert.deepEqual(gone, { form: [], counter: [] });
  assert.deepEqual(T.chosenRefs(st), [
    { ref: "h0", key: "feuer" },
    { ref: "h1", key: "sau" },
  ]);
  gone = T.followCards(st, stateOf({ seq: 3, hand: ["sau"] }), ME);
  assert.deepEqual(gone.form, [{ key: "feuer", zone: "h" }]);
  assert.deepEqual(T.chosenRefs(st), [{ ref: "h0", key: "sau" }]);
  assert.deepEqual(T.proposal(st, 1), propose(1, ["h0"], []));
});

test("the proposal: cards to give by place, beans wanted in order; empty, it is no move", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ hand: ["blaue", "feuer"], revealed: ["rote"] }), ME);
  assert.equal(T.proposal(st, 1), null);
  T.chooseGive(st, st.zones.r[0].id, true);
  T.addWant(st, "sau");
  T.addWant(st, "blaue");
  T.addWant(st, "sau");
  T.removeWant(st, 1);
  assert.deepEqual(T.proposal(st, 2), propose(2, ["r0"], ["sau", "sau"]));
  T.chooseGive(st, st.zones.r[0].id, false);
  assert.deepEqual(T.proposal(st, 2), propose(2, [], ["sau", "sau"]));
  T.clearProposal(st);
  assert.equal(T.proposal(st, 2), null);
});

test("a new game forgets the last one's cards, choices and answers", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ hand: ["blaue"] }), ME);
  T.chooseGive(st, st.zones.h[0].id, true);
  T.addWant(st, "sau");
  T.setAuto(st, true, stateOf().observation);
  T.followCards(st, stateOf({ game: "g2", hand: ["blaue"] }), ME);
  assert.deepEqual(T.chosenRefs(st), []);
  assert.deepEqual(st.want, []);
  assert.equal(st.auto, null);
});

test("a gift of my own cards for nothing is asked once a game, and remembered in the tab", () => {
  const kept = new Map();
  const storage = { getItem: (k) => kept.get(k) ?? null, setItem: (k, v) => kept.set(k, v) };
  const st = T.newTrade();
  T.followCards(st, stateOf({ hand: ["blaue"] }), ME);
  assert.equal(T.giftAsked(st, propose(1, ["h0"], []), storage), true);
  assert.equal(T.giftAsked(st, propose(1, ["h0"], []), storage), false);
  // the page loaded again: the tab remembers
  const again = T.newTrade();
  T.followCards(again, stateOf({ hand: ["blaue"] }), ME);
  assert.equal(T.giftAsked(again, propose(1, ["h0"], []), storage), false);
  // another game asks again; a trade for beans, or of revealed cards only, is never asked
  const other = T.newTrade();
  T.followCards(other, stateOf({ game: "g2", hand: ["blaue"] }), ME);
  assert.equal(T.giftAsked(other, propose(1, ["h0"], ["sau"]), storage), false);
  assert.equal(T.giftAsked(other, propose(1, ["r0"], []), storage), false);
  assert.equal(T.giftAsked(other, propose(1, ["h0"], []), null), true);
});

test("a proposal's ack empties the form and watches for its answer; a refusal keeps it", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ seq: 4, hand: ["blaue"] }), ME);
  T.chooseGive(st, st.zones.h[0].id, true);
  T.addWant(st, "sau");
  T.proposalSent(st, { kind: "form", to: 1, seq: 4, conn: "ws1" });
  let r = T.gotAnswer(st, { type: "error", code: "illegal", message: "no" });
  assert.deepEqual([r.what, r.kind, r.ok], ["propose", "form", false]);
  assert.equal(st.inflight, null);
  assert.deepEqual(T.proposal(st, 1), propose(1, ["h0"], ["sau"]));
  T.proposalSent(st, { kind: "form", to: 1, seq: 4, conn: "ws1" });
  r = T.gotAnswer(st, { type: "ack", seq: 5 });
  assert.deepEqual([r.what, r.kind, r.ok], ["propose", "form", true]);
  assert.equal(T.proposal(st, 1), null);
  assert.deepEqual(st.watch, { kind: "form", to: 1, seq: 4, id: null, acked: true });
  // an answer with nothing sent answers nothing
  assert.equal(T.gotAnswer(st, { type: "ack", seq: 6 }).what, null);
});

/** A log entry at `step` with `events`. */
const entry = (step, events, action) => ({ step, events, ...(action ? { action } : {}) });

test("my proposal's answer comes after its log step and goes 8 s later on the state's clock", () => {
  const clock = handClock();
  const st = T.newTrade({ clock: clock.read });
  const offer = { id: 3, from: ME, to: 1, give: ["blaue"], want: ["sau"] };
  T.followLog(st, stateOf({ seq: 4, log: [entry(4, [])] }), ME);
  T.proposalSent(st, { kind: "form", to: 1, seq: 4, conn: "ws1" });
  T.gotAnswer(st, { type: "ack", seq: 5 });
  assert.equal(T.formAnswer(st), null, "no answer yet: waiting");
  // the offer my proposal made, at step seq + 1
  let news = T.followLog(st, stateOf({ seq: 5, offers: [offer], log: [entry(5, [{ type: "offer", ...offer }])] }), ME);
  assert.deepEqual(news, []);
  assert.equal(st.watch.id, 3);
  assert.deepEqual(T.recentAnswers(st, [offer]), []);
  news = T.followLog(st, stateOf({ seq: 6, offers: [], log: [entry(6, [{ type: "decline", id: 3, seat: 1 }])] }), ME);
  assert.equal(news.length, 1);
  assert.deepEqual([news[0].kind, news[0].seat, news[0].f.id], ["declined", 1, 3]);
  assert.equal(T.formAnswer(st), news[0]);
  assert.deepEqual(T.recentAnswers(st, []), news);
  assert.equal(T.nextLapse(st), 1000 + T.ANSWER_MS);
  clock.now += T.ANSWER_MS - 1;
  assert.equal(T.lapseAnswers(st), false);
  assert.deepEqual(T.recentAnswers(st, []), news);
  clock.now += 1;
  assert.equal(T.lapseAnswers(st), true, "the form's answer went");
  assert.deepEqual(T.recentAnswers(st, []), []);
  assert.equal(T.formAnswer(st), null);
  assert.equal(st.watch, null);
  assert.equal(T.nextLapse(st), null);
});

test("a state that shows my offer before its ack: the ack finds it by its step", () => {
  const st = T.newTrade();
  const offer = { id: 5, from: ME, to: 2, give: [], want: ["sau"] };
  T.followLog(st, stateOf({ seq: 8, log: [] }), ME);
  T.proposalSent(st, { kind: "form", to: 2, seq: 8, conn: "ws1" });
  T.followLog(st, stateOf({ seq: 9, offers: [offer], log: [entry(9, [{ type: "offer", ...offer }])] }), ME);
  T.gotAnswer(st, { type: "ack", seq: 9 });
  assert.equal(st.watch.id, 5);
});

test("answers in words' kinds: accepted with what came back, withdrawn, lapsed at the end of the trading, void", () => {
  const st = T.newTrade();
  const mine = (id) => ({ id, from: ME, to: 1, give: ["blaue"], want: [] });
  T.followLog(st, stateOf({ seq: 1, offers: [mine(1), mine(2), mine(3), mine(4)], log: [] }), ME);
  const news = T.followLog(
    st,
    stateOf({
      seq: 4,
      log: [
        entry(2, [{ type: "trade", offer: 1, from: ME, to: 1, given: ["blaue"], returned: ["sau"] }]),
        entry(3, [{ type: "withdraw", id: 2, seat: ME }]),
        entry(4, [{ type: "offer-void", id: 3 }], { type: "end-trading" }),
        entry(5, [{ type: "offer-void", id: 4 }], { type: "keep" }),
      ],
    }),
    ME,
  );
  assert.deepEqual(
    news.map((a) => [a.f.id, a.kind]),
    [
      [1, "accepted"],
      [2, "withdrawn"],
      [3, "lapsed"],
      [4, "void"],
    ],
  );
  assert.deepEqual(news[0].got, ["sau"]);
});

test("the page's first state brings no old answer, and a spectator follows no log", () => {
  const st = T.newTrade();
  const offer = { id: 1, from: ME, to: 1, give: ["blaue"], want: [] };
  const news = T.followLog(
    st,
    stateOf({ seq: 3, offers: [], log: [entry(1, [{ type: "offer", ...offer }]), entry(2, [{ type: "decline", id: 1, seat: 1 }])] }),
    ME,
  );
  assert.deepEqual(news, []);
  assert.equal(st.logSeen, 3);
  const watcher = T.newTrade();
  assert.deepEqual(T.followLog(watcher, stateOf({ log: [entry(1, [{ type: "decline", id: 1, seat: 1 }])] }), null), []);
});

// ---------------------------------------------------------------- counter-offers

const theirs = { id: 0, from: 1, to: ME, give: ["sau"], give_from: ["h"], want: ["blaue", "rote"] };
const counterLegal = (more = []) => [propose(1, ["h0"], []), propose(1, ["r0"], []), { type: "decline", offer: 0 }, ...more];

test("a counter-offer opens from the offer with the sides swapped, the revealed cards first while they may be dealt", () => {
  const st = T.newTrade();
  const s = stateOf({ hand: ["blaue", "feuer"], revealed: ["blaue"], offers: [theirs], legal: counterLegal() });
  T.followCards(st, s, ME);
  const order = T.counterZones(s, ME);
  assert.deepEqual(order, ["r", "h", "s"]);
  const missing = T.openCounter(st, theirs, order);
  assert.deepEqual(missing, ["rote"]);
  assert.equal(st.counter.offer, 0);
  assert.equal(st.counter.to, 1);
  assert.deepEqual(st.counter.want, ["sau"]);
  assert.deepEqual(T.counterRefs(st, order), ["r0"]);
  assert.deepEqual(T.counterProposal(st, order), propose(1, ["r0"], ["sau"]));
  // not active, or no proposal that deals a revealed card: the hand
  assert.deepEqual(T.counterZones(stateOf({ active: 1, legal: counterLegal() }), ME), ["h", "s"]);
  assert.deepEqual(T.counterZones(stateOf({ legal: [propose(1, ["h0"], [])] }), ME), ["h", "s"]);
  const st2 = T.newTrade();
  T.followCards(st2, s, ME);
  T.openCounter(st2, theirs, ["h", "s"]);
  assert.deepEqual(T.counterRefs(st2, ["h", "s"]), ["h0"]);
});

test("the counter-offer's choices: cards by id, beans in and out, a zone no longer dealt is unchosen", () => {
  const st = T.newTrade();
  const s = stateOf({ hand: ["blaue", "feuer"], revealed: ["blaue"], offers: [theirs], legal: counterLegal() });
  T.followCards(st, s, ME);
  T.openCounter(st, theirs, ["r", "h", "s"]);
  T.chooseCounterGive(st, st.zones.h[1].id, true);
  T.addCounterWant(st, "rote");
  T.removeCounterWant(st, 0);
  assert.deepEqual(T.counterProposal(st, ["r", "h", "s"]), propose(1, ["r0", "h1"], ["rote"]));
  // the trading of the revealed cards is over for me: they are unchosen
  T.followCounterZones(st, ["h", "s"]);
  assert.deepEqual(T.counterProposal(st, ["h", "s"]), propose(1, ["h1"], ["rote"]));
  // a chosen card that leaves my hand is unchosen and named
  const gone = T.followCards(st, stateOf({ seq: 2, hand: ["blaue"], revealed: ["blaue"], offers: [theirs], legal: counterLegal() }), ME);
  assert.deepEqual(gone.counter, [{ key: "feuer", zone: "h" }]);
  T.chooseCounterGive(st, st.zones.h[0].id, false);
  T.removeCounterWant(st, 0);
  assert.equal(T.counterProposal(st, ["h", "s"]), null, "nothing to give or ask for");
});

test("a refused counter-offer keeps the editor and the original offer open", () => {
  const st = T.newTrade();
  const s = stateOf({ seq: 7, hand: ["blaue"], offers: [theirs], legal: counterLegal() });
  T.followCards(st, s, ME);
  T.openCounter(st, theirs, ["h", "s"]);
  T.proposalSent(st, { kind: "counter", to: 1, seq: 7, conn: "ws1", offer: 0 });
  assert.equal(st.counter.sending, true);
  assert.equal(T.counterProposal(st, ["h", "s"]), null, "not sent twice");
  const r = T.gotAnswer(st, { type: "error", code: "illegal", message: "no" });
  assert.deepEqual([r.what, r.kind, r.ok, r.counter], ["propose", "counter", false, true]);
  assert.equal(st.counter.offer, 0);
  assert.equal(st.counter.sending, false);
  assert.equal(st.declineDue, null, "the offer is not declined");
  assert.equal(T.dueDecline(st, stateOf({ seq: 8, legal: counterLegal() }), false), null);
  assert.deepEqual(T.counterProposal(st, ["h", "s"]), propose(1, ["h0"], ["sau"]));
});

test("the countered offer's decline is due only once a state shows the counter-proposal", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ seq: 7, hand: ["blaue"], offers: [theirs], legal: counterLegal() }), ME);
  T.openCounter(st, theirs, ["h", "s"]);
  T.proposalSent(st, { kind: "counter", to: 1, seq: 7, conn: "ws1", offer: 0 });
  assert.equal(T.dueDecline(st, stateOf({ seq: 7, legal: counterLegal() }), false), null);
  const r = T.gotAnswer(st, { type: "ack", seq: 8 });
  assert.deepEqual([r.ok, r.counter], [true, true]);
  assert.equal(st.counter, null, "the editor closes");
  // the ack came before the state it speaks of: not yet
  assert.equal(T.dueDecline(st, stateOf({ seq: 7, legal: counterLegal() }), false), null);
  // nor while a move is on its way
  assert.equal(T.dueDecline(st, stateOf({ seq: 8, legal: counterLegal() }), true), null);
  assert.deepEqual(T.dueDecline(st, stateOf({ seq: 8, legal: counterLegal() }), false), { type: "decline", offer: 0 });
  T.declineSent(st, { offer: 0, seq: 8, conn: "ws1" });
  assert.equal(T.dueDecline(st, stateOf({ seq: 8, legal: counterLegal() }), false), null, "one at a time");
  T.gotAnswer(st, { type: "ack", seq: 9 });
  assert.equal(st.declineDue, null);
  assert.equal(T.dueDecline(st, stateOf({ seq: 9, legal: counterLegal() }), false), null);
});

test("a stale decline goes again on the next state, five tries at most; an offer gone is forgotten", () => {
  const st = T.newTrade();
  st.declineDue = { offer: 0, after: 8, tries: 0 };
  for (let i = 1; i < 5; i++) {
    const seq = 7 + i;
    assert.deepEqual(T.dueDecline(st, stateOf({ seq, legal: counterLegal() }), false), { type: "decline", offer: 0 });
    T.declineSent(st, { offer: 0, seq, conn: "ws1" });
    const r = T.gotAnswer(st, { type: "error", code: "stale", message: "the game has moved on" });
    assert.deepEqual([r.what, r.retry], ["decline", true]);
    assert.equal(st.declineDue.after, seq + 1);
    assert.equal(T.dueDecline(st, stateOf({ seq, legal: counterLegal() }), false), null, "not on the same state");
  }
  T.declineSent(st, { offer: 0, seq: 12, conn: "ws1" });
  assert.equal(T.gotAnswer(st, { type: "error", code: "stale", message: "again" }).retry, false);
  assert.equal(st.declineDue, null);
  // withdrawn meanwhile: nothing to decline
  st.declineDue = { offer: 0, after: 8, tries: 0 };
  assert.equal(T.dueDecline(st, stateOf({ seq: 9, legal: [] }), false), null);
  assert.equal(st.declineDue, null);
});

test("a sent counter-offer's card takes the focus once it shows, once", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ seq: 7, hand: ["blaue"], offers: [theirs], legal: counterLegal() }), ME);
  T.followLog(st, stateOf({ seq: 7, log: [] }), ME);
  T.openCounter(st, theirs, ["h", "s"]);
  T.proposalSent(st, { kind: "counter", to: 1, seq: 7, conn: "ws1", offer: 0 });
  T.gotAnswer(st, { type: "ack", seq: 8 });
  assert.equal(
    T.focusDue(st, () => true),
    null,
    "its offer is not known yet",
  );
  const mine = { id: 1, from: ME, to: 1, give: ["blaue"], want: ["sau"] };
  T.followLog(st, stateOf({ seq: 8, offers: [theirs, mine], log: [entry(8, [{ type: "offer", ...mine }])] }), ME);
  assert.equal(
    T.focusDue(st, () => false),
    null,
    "not shown yet",
  );
  assert.equal(
    T.focusDue(st, (id) => id === 1),
    1,
  );
  assert.equal(
    T.focusDue(st, (id) => id === 1),
    null,
  );
});

test("a closed connection frees a counter-offer being sent: no answer comes", () => {
  const st = T.newTrade();
  T.followCards(st, stateOf({ seq: 7, hand: ["blaue"], offers: [theirs], legal: counterLegal() }), ME);
  T.openCounter(st, theirs, ["h", "s"]);
  T.proposalSent(st, { kind: "counter", to: 1, seq: 7, conn: "ws1", offer: 0 });
  assert.equal(T.followConnection(st, "ws1"), false);
  assert.equal(st.counter.sending, true);
  assert.equal(T.followConnection(st, "ws2"), true);
  assert.equal(st.counter.sending, false);
  assert.equal(st.inflight, null);
  assert.deepEqual(T.counterProposal(st, ["h", "s"]), propose(1, ["h0"], ["sau"]));
  T.closeCounter(st);
  assert.equal(st.counter, null);
});

// ---------------------------------------------------------------- auto-decline and the beans

test("auto-decline answers for me while the game waits on me, and ends with the trading phase", () => {
  const st = T.newTrade();
  const trading = stateOf({ turn: 3, phase: "trade", legal: [{ type: "decline", offer: 2 }, { type: "pass" }] });
  assert.equal(T.autoOffered(trading, ME), true);
  assert.equal(T.autoOffered(trading, null), false);
  assert.equal(T.autoOffered(stateOf({ legal: [{ type: "plant", field: 0 }] }), ME), false, "no trading move of mine");
  assert.equal(T.autoMove(st, trading, ME, false), null, "off");
  T.setAuto(st, true, trading.observation);
  assert.deepEqual(T.autoMove(st, trading, ME, false), { type: "decline", offer: 2 });
  assert.deepEqual(T.autoMove(st, stateOf({ turn: 3, legal: [{ type: "pass" }] }), ME, false), { type: "pass" });
  assert.equal(T.autoMove(st, trading, ME, true), null, "a move on its way");
  assert.equal(T.autoMove(st, stateOf({ turn: 3, waiting: [1], legal: [{ type: "decline", offer: 2 }] }), ME, false), null);
  T.followPhase(st, trading.observation);
  assert.notEqual(st.auto, null, "the same phase goes on");
  T.followPhase(st, stateOf({ turn: 3, phase: "plant-traded" }).observation);
  assert.equal(st.auto, null);
  assert.equal(T.autoMove(st, trading, ME, false), null);
  T.setAuto(st, true, trading.observation);
  T.followPhase(st, stateOf({ turn: 4, phase: "trade" }).observation);
  assert.equal(st.auto, null, "the next turn's trading is a new phase");
});

test("the beans to ask for: the game's types first, then any other seen, and those seen before stay", () => {
  const st = T.newTrade();
  const s = stateOf({ hand: ["zzz", "feuer"], offers: [{ id: 1, from: 1, to: 2, give: ["aaa"], want: [] }] });
  assert.deepEqual(T.wantKinds(st, s, ME, ["sau", "blaue"]), ["sau", "blaue", "aaa", "feuer", "zzz"]);
  assert.deepEqual(T.wantKinds(st, stateOf(), ME, ["sau", "blaue"]), ["sau", "blaue", "aaa", "feuer", "zzz"]);
});
