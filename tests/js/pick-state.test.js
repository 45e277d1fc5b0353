// The game page's moves by the cards as one object
// (bohn/server/static/pick-state.js): a card chosen and then a place gives
// the legal move, or the moves to choose from, or the move the engine will
// refuse with its rule; a revealed card put on a field is kept for it and
// planted once the trading is over; the keys press the moves they were given.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAt } from "./setup.js";

browserAt("http://bohn.test/play/g1");
const P = await import("../../bohn/server/static/pick-state.js");

const ME = 0;

/** A state message for seat 0: its hand, fields, trading area, the revealed cards, the legal moves. */
function stateOf({ game = "g1", seq = 1, turn = 1, hand = [], fields = [[], []], area = [], revealed = [], legal = [] } = {}) {
  return {
    game,
    seq,
    seat: ME,
    legal: legal.map((action) => ({ action, text: action.type })),
    observation: { turn, active: ME, revealed, seats: [{ hand, fields, trading_area: area }, { fields: [[]] }] },
  };
}

const actions = (moves) => moves.map((l) => l.action);

test("a move as a card and a place", () => {
  assert.deepEqual(P.moveParts({ type: "plant", field: 1 }), { src: "h0", dst: "f1" });
  assert.deepEqual(P.moveParts({ type: "plant", card: 2, field: 0 }), { src: "h2", dst: "f0" });
  assert.deepEqual(P.moveParts({ type: "plant", traded: 1, field: 0 }), { src: "t1", dst: "f0" });
  assert.deepEqual(P.moveParts({ type: "place", pile: 2, field: 1 }), { src: "p2", dst: "f1" });
  assert.deepEqual(P.moveParts({ type: "store", card: "r1" }), { src: "r1", dst: "store" });
  assert.deepEqual(P.moveParts({ type: "keep", revealed: 0 }), { src: "r0", dst: null });
  assert.equal(P.moveParts({ type: "use" }), null);
  assert.equal(P.moveParts({ type: "harvest", field: 0 }), null);
});

test("a place of the ruleset's own is named by its client code's places (Al Cabohne's bosses)", async () => {
  const mafia = await import("../../bohn/rulesets/al_cabohne/client.js");
  assert.deepEqual(P.moveParts({ type: "place", pile: 2, boss: 1 }, mafia), { src: "p2", dst: "m1" });
  assert.deepEqual(P.moveParts({ type: "give", card: 3, boss: 0 }, mafia), { src: "h3", dst: "m0" });
  assert.deepEqual(P.moveParts({ type: "place", pile: 2, field: 0 }, mafia), { src: "p2", dst: "f0" });
  // without the ruleset's code there is no such place
  assert.equal(P.moveParts({ type: "give", card: 3, boss: 0 }), null);
  const s = stateOf({ hand: ["blaue", "rote"], legal: [{ type: "give", card: 1, boss: 0 }] });
  s.observation.bosses = [
    { key: "don", threshold: 3, field: [] },
    { key: "luigi", threshold: 2, field: [] },
  ];
  const st = P.newPick();
  assert.deepEqual([...P.pickView(st, s, ME, mafia).mine].sort(), ["f0", "f1", "m0", "m1"]);
  assert.deepEqual([...P.pickView(st, s, ME).mine].sort(), ["f0", "f1"]);
  P.pick(st, "h1");
  assert.deepEqual([...P.pickView(st, s, ME, mafia).targets], ["m0"]);
  assert.deepEqual(P.target(st, s, ME, "m0", mafia), { kind: "send", action: { type: "give", card: 1, boss: 0 } });
  // a card onto a boss no move takes it to: the move built like a legal one, for the engine to refuse
  P.pick(st, "h0");
  assert.deepEqual(P.target(st, s, ME, "m1", mafia), { kind: "try", action: { type: "give", card: 0, boss: 1 } });
});

test("picking a card shows where it may go; a second click, Cancel or Escape lets go", () => {
  const st = P.newPick();
  const s = stateOf({
    hand: ["blaue", "feuer"],
    legal: [
      { type: "plant", field: 0 },
      { type: "plant", field: 1 },
      { type: "harvest", field: 0 },
    ],
  });
  let view = P.pickView(st, s, ME);
  assert.deepEqual([...view.sources.keys()], ["h0"]);
  assert.deepEqual([...view.loose], ["h0", "h1"], "the hand's other cards may be chosen to hear why not");
  assert.deepEqual([...view.mine], ["f0", "f1"]);
  assert.deepEqual([...view.targets], []);
  P.pick(st, "h0");
  view = P.pickView(st, s, ME);
  assert.equal(view.selected, "h0");
  assert.deepEqual([...view.targets], ["f0", "f1"]);
  P.pick(st, "h0");
  assert.equal(st.selected, null);
  P.pick(st, "h0");
  assert.equal(P.clearPick(st), true);
  assert.equal(P.clearPick(st), false, "nothing was chosen");
  assert.equal(P.pickView(st, s, null), null, "a spectator picks nothing");
});

test("picking a card then a field yields the legal move, and the pick ends", () => {
  const st = P.newPick();
  const s = stateOf({
    hand: ["blaue", "feuer"],
    legal: [
      { type: "plant", field: 0 },
      { type: "plant", field: 1 },
    ],
  });
  P.pick(st, "h0");
  assert.deepEqual(P.target(st, s, ME, "f1"), { kind: "send", action: { type: "plant", field: 1 } });
  assert.equal(st.selected, null);
});

test("a field clicked with no card chosen takes the one card that may go there", () => {
  const st = P.newPick();
  const one = stateOf({
    hand: ["blaue"],
    legal: [
      { type: "plant", field: 0 },
      { type: "plant", field: 1 },
    ],
  });
  assert.deepEqual(P.target(st, one, ME, "f0"), { kind: "send", action: { type: "plant", field: 0 } });
  const two = stateOf({
    hand: ["blaue", "feuer"],
    area: ["sau"],
    legal: [
      { type: "plant", card: 0, field: 0 },
      { type: "plant", traded: 0, field: 0 },
    ],
  });
  assert.deepEqual(P.target(st, two, ME, "f0"), { kind: "none" }, "two cards may go there: the player chooses the card");
});

test("several moves take the card there: the player chooses, the card stays chosen", () => {
  const st = P.newPick();
  const ways = [
    { type: "plant", traded: 0, field: 1, mode: "a" },
    { type: "plant", traded: 0, field: 1, mode: "b" },
  ];
  const s = stateOf({ area: ["sau"], legal: ways });
  P.pick(st, "t0");
  const r = P.target(st, s, ME, "f1");
  assert.equal(r.kind, "choose");
  assert.deepEqual(actions(r.moves), ways);
  assert.equal(st.selected, "t0");
});

test("a place no move takes the card to: the move is built for the engine to refuse, or the page says why", () => {
  const st = P.newPick();
  const s = stateOf({ hand: ["blaue", "feuer"], legal: [{ type: "plant", field: 0 }] });
  P.pick(st, "h1");
  assert.deepEqual(P.target(st, s, ME, "f1"), { kind: "try", action: { type: "plant", field: 1, card: 1 } });
  const none = stateOf({ hand: ["blaue"], legal: [{ type: "harvest", field: 0 }] });
  st.selected = "h0";
  assert.deepEqual(P.target(st, none, ME, "f0"), { kind: "refuse", reason: "no-move-card", key: "blaue" });
  assert.deepEqual(P.illegalTry(stateOf({ legal: [{ type: "place", pile: 0, field: 0, mode: "x" }] }), "p2", "f1"), {
    type: "place",
    pile: 2,
    field: 1,
  });
});

test("a revealed card put on a field is kept for it (a plan); on a field of another bean it is refused", () => {
  const st = P.newPick();
  const s = stateOf({ turn: 4, fields: [["blaue"], []], revealed: ["rote"], legal: [{ type: "keep", revealed: 0 }] });
  assert.deepEqual(P.planFields(s, ME, "r0"), ["f1"]);
  P.pick(st, "r0");
  assert.deepEqual([...P.pickView(st, s, ME).targets], ["f1"]);
  assert.deepEqual(P.target(st, s, ME, "f0"), { kind: "refuse", reason: "keep-not-here", key: "rote" });
  assert.deepEqual(P.target(st, s, ME, "f1"), { kind: "send", action: { type: "keep", revealed: 0 } });
  assert.equal(st.selected, null);
  assert.deepEqual(st.plans, [{ game: "g1", turn: 4, key: "rote", field: 1 }]);
  // a card of the field's own bean may go there too; one that may not be kept, nowhere
  const same = stateOf({ fields: [["rote"], ["blaue"]], revealed: ["rote"], legal: [{ type: "keep", revealed: 0 }] });
  assert.deepEqual(P.planFields(same, ME, "r0"), ["f0"]);
  assert.deepEqual(P.planFields(stateOf({ revealed: ["rote"] }), ME, "r0"), []);
  assert.deepEqual(P.planFields(same, ME, "h0"), []);
});

test("a plan is planted once the trading is over, one move a state, and only when the game waits on me", () => {
  const st = P.newPick();
  st.plans.push({ game: "g1", turn: 4, key: "rote", field: 1 });
  const trading = stateOf({ turn: 4, area: ["rote"], legal: [{ type: "end-trading" }] });
  assert.equal(P.followPlans(st, trading, ME), null, "the trading goes on");
  assert.equal(st.plans.length, 1);
  assert.deepEqual(P.planTags(st, trading, ME), [{ index: 0, field: 1 }]);
  const planting = stateOf({
    turn: 4,
    area: ["sau", "rote"],
    legal: [
      { type: "plant", traded: 0, field: 0 },
      { type: "plant", traded: 1, field: 0 },
      { type: "plant", traded: 1, field: 1 },
    ],
  });
  assert.equal(P.followPlans(st, planting, ME, { pending: true }), null);
  assert.equal(P.followPlans(st, planting, ME, { yours: false }), null);
  assert.deepEqual(P.followPlans(st, planting, ME), { kind: "send", action: { type: "plant", traded: 1, field: 1 } });
  assert.deepEqual(st.plans, []);
});

test("a plan with several ways to plant chooses the card; one of another turn, or planted by hand, is forgotten", () => {
  const st = P.newPick();
  st.plans.push({ game: "g1", turn: 4, key: "rote", field: 0 });
  const ways = [
    { type: "plant", traded: 0, field: 0, mode: "a" },
    { type: "plant", traded: 0, field: 0, mode: "b" },
  ];
  const r = P.followPlans(st, stateOf({ turn: 4, area: ["rote"], legal: ways }), ME);
  assert.equal(r.kind, "choose");
  assert.deepEqual(actions(r.moves), ways);
  assert.equal(st.selected, "t0");
  st.plans.push({ game: "g1", turn: 4, key: "rote", field: 1 });
  // the card is no longer kept and the planting has begun: nothing left to do
  assert.equal(P.followPlans(st, stateOf({ turn: 4, area: ["sau"], legal: [{ type: "plant", traded: 0, field: 0 }] }), ME), null);
  assert.deepEqual(st.plans, []);
  st.plans.push({ game: "g1", turn: 4, key: "rote", field: 1 });
  assert.equal(P.followPlans(st, stateOf({ turn: 5, area: ["rote"] }), ME), null);
  assert.deepEqual(st.plans, []);
});

test("a drag chooses its card while it moves; a drag that drops nowhere lets go", () => {
  const st = P.newPick();
  P.dragStart(st, "h0");
  assert.equal(st.selected, "h0");
  assert.equal(P.dragEnd(st, "h1"), false);
  assert.equal(st.selected, "h0");
  assert.equal(P.dragEnd(st, "h0"), true);
  assert.equal(st.selected, null);
});

test("the keys 1-9 press the moves given in order, Enter the primary one", () => {
  const st = P.newPick();
  assert.equal(P.keyTarget(st, "1"), null);
  P.setKeys(st, ["pass", "harvest"], "pass");
  assert.equal(P.keyTarget(st, "1"), "pass");
  assert.equal(P.keyTarget(st, "2"), "harvest");
  assert.equal(P.keyTarget(st, "3"), null);
  assert.equal(P.keyTarget(st, "Enter"), "pass");
  assert.equal(P.keyTarget(st, "x"), null);
  P.setKeys(st, [], null);
  assert.equal(P.keyTarget(st, "Enter"), null);
});
