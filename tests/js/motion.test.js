// Moves you can follow (bohn/server/static/motion.js): which cards moved from
// which place to which between two states of the table, and each seat's last
// move with its caption, from the log.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAt } from "./setup.js";

browserAt("http://bohn.test/play/g1");
const { caption, lastMoves, matchMoves, zoneChange, zoneParts } = await import("../../bohn/server/static/motion.js");
const { setCatalogue } = await import("../../bohn/server/static/cards.js");

setCatalogue(
  {
    variant: "bohnanza",
    cards: [
      { key: "feuer", group: "feuer", names: { en: "Chili bean", de: "Feuerbohne" }, beanometer: [3, 6, 8, 9] },
      { key: "blaue", group: "blaue", names: { en: "Blue bean", de: "Blaue Bohne" }, beanometer: [4, 6, 8, 10] },
      { key: "soja", group: "soja", names: { en: "Soy bean", de: "Sojabohne" }, beanometer: [2, 4, 6, 7] },
    ],
  },
  "en",
);

// a zone's contents: every card shown, or `count` of them held
const shown = (...keys) => ({ keys, count: keys.length });
const counted = (count, ...keys) => ({ keys, count });
// a move as "zone key -> zone key" ("?" for a card unseen)
const said = (m) => `${m.from.zone} ${m.from.key ?? "?"} -> ${m.to.zone} ${m.to.key ?? "?"}`;

test("a zone's name says its kind, seat and number", () => {
  assert.deepEqual(zoneParts("field:2:1"), { kind: "field", seat: 2, n: 1 });
  assert.deepEqual(zoneParts("deck"), { kind: "deck", seat: null, n: null });
  assert.deepEqual(zoneParts("coins:0"), { kind: "coins", seat: 0, n: null });
});

test("planting takes the front card of the hand to the field; the rest of the hand stays and slides", () => {
  const before = { "hand:0": shown("blaue", "feuer", "blaue"), "field:0:0": shown() };
  const after = { "hand:0": shown("feuer", "blaue"), "field:0:0": shown("blaue") };
  const plan = matchMoves(before, after);
  assert.deepEqual(plan.moves.map(said), ["hand:0 blaue -> field:0:0 blaue"]);
  // the front card left (index 0), and it lies on the field's top (index 0 of its one card)
  assert.equal(plan.moves[0].from.index, 0);
  assert.equal(plan.moves[0].to.index, 0);
  assert.equal(plan.moves[0].to.own, true);
  assert.deepEqual(
    plan.stays.map((s) => [s.zone, s.from, s.to]),
    [
      ["hand:0", 2, 1],
      ["hand:0", 1, 0],
    ],
  );
  assert.deepEqual(plan.gone, []);
  assert.deepEqual(plan.come, []);
});

test("a face-down card from the draw pile becomes a face in your hand; another seat draws backs", () => {
  const before = { deck: counted(40, null), "hand:0": shown("feuer"), "hand:1": counted(2, null, null) };
  const after = { deck: counted(35, null), "hand:0": shown("feuer", "soja", "blaue"), "hand:1": counted(5, null, null, null, null, null) };
  const plan = matchMoves(before, after);
  assert.deepEqual(plan.moves.map(said).sort(), [
    "deck ? -> hand:0 blaue",
    "deck ? -> hand:0 soja",
    "deck ? -> hand:1 ?",
    "deck ? -> hand:1 ?",
    "deck ? -> hand:1 ?",
  ]);
  // the new backs of the other seat's fan are the cards themselves
  assert.deepEqual(
    plan.moves
      .filter((m) => m.to.zone === "hand:1")
      .map((m) => [m.to.index, m.to.own])
      .sort(),
    [
      [2, true],
      [3, true],
      [4, true],
    ],
  );
});

test("a harvest sends the field's cards to the seat's coins and the discard pile", () => {
  const before = { "field:1:0": shown("feuer", "feuer", "feuer"), "coins:1": counted(0), discard: counted(4, "soja") };
  const after = { "field:1:0": shown(), "coins:1": counted(1), discard: counted(6, "feuer") };
  const plan = matchMoves(before, after);
  assert.deepEqual(plan.moves.map(said).sort(), ["field:1:0 feuer -> coins:1 ?", "field:1:0 feuer -> discard ?", "field:1:0 feuer -> discard feuer"]);
  // the discard pile's new top card is the card itself; the others land on it
  const top = plan.moves.find((m) => m.to.key === "feuer");
  assert.deepEqual([top.to.index, top.to.own], [0, true]);
  const coin = plan.moves.find((m) => m.to.zone === "coins:1");
  assert.deepEqual([coin.to.index, coin.to.own], [-1, false]);
  assert.deepEqual(plan.gone, []);
});

test("coins paid for a third field go to the discard pile", () => {
  const before = { "coins:0": counted(4), discard: counted(10, "soja"), "field:0:0": shown("blaue") };
  const after = { "coins:0": counted(1), discard: counted(13, "feuer"), "field:0:0": shown("blaue"), "field:0:2": shown() };
  const plan = matchMoves(before, after);
  assert.deepEqual(plan.moves.map(said).sort(), ["coins:0 ? -> discard ?", "coins:0 ? -> discard ?", "coins:0 ? -> discard feuer"]);
});

test("a trade hands a card from one seat's hand to another's trading area", () => {
  const before = { "hand:0": shown("soja", "blaue"), "hand:2": counted(6, null, null, null, null, null, null), "trade:0": shown(), "trade:2": shown() };
  const after = { "hand:0": shown("soja"), "hand:2": counted(5, null, null, null, null, null), "trade:0": shown("feuer"), "trade:2": shown("blaue") };
  const plan = matchMoves(before, after);
  assert.deepEqual(plan.moves.map(said).sort(), ["hand:0 blaue -> trade:2 blaue", "hand:2 ? -> trade:0 feuer"]);
});

test("a card bought from the supply goes to the seat's buildings, same card", () => {
  const before = { supply: shown("saloon-1", "saloon-2"), "buildings:1": shown(), "coins:1": counted(3) };
  const after = { supply: shown("saloon-2"), "buildings:1": shown("saloon-1"), "coins:1": counted(1), discard: counted(2, "feuer") };
  const plan = matchMoves(before, after);
  assert.ok(plan.moves.map(said).includes("supply saloon-1 -> buildings:1 saloon-1"));
});

test("a coin captured in an attack goes from one seat's coins to the other's", () => {
  const before = { "coins:0": counted(2, "feuer"), "coins:1": counted(3, "blaue") };
  const after = { "coins:0": counted(3, "feuer", "blaue"), "coins:1": counted(2) };
  const plan = matchMoves(before, after);
  assert.deepEqual(plan.moves.map(said), ["coins:1 blaue -> coins:0 blaue"]);
});

test("a card that leaves for nowhere seen is gone; one from nowhere seen comes", () => {
  const plan = matchMoves({ revealed: shown("soja") }, { attack: shown("feuer") });
  assert.deepEqual(
    plan.gone.map((g) => [g.zone, g.key]),
    [["revealed", "soja"]],
  );
  assert.deepEqual(
    plan.come.map((c) => [c.zone, c.key]),
    [["attack", "feuer"]],
  );
  assert.deepEqual(plan.moves, []);
});

test("a seat's own places are preferred: a harvest's coin goes to that seat's counter", () => {
  const before = { "field:2:1": shown("soja", "soja"), "coins:1": counted(5), "coins:2": counted(0) };
  const after = { "field:2:1": shown(), "coins:1": counted(5), "coins:2": counted(2) };
  const plan = matchMoves(before, after);
  assert.deepEqual(plan.moves.map(said), ["field:2:1 soja -> coins:2 ?", "field:2:1 soja -> coins:2 ?"]);
});

test("Bohnkick's ball aimed at a corner flies there from the attack while it stays in it", () => {
  const before = { ball: shown("ball"), "goal:1": shown() };
  const after = { ball: shown("ball"), "goal:1": shown("ball") };
  assert.deepEqual(matchMoves(before, after).moves, []);
  assert.deepEqual(matchMoves(before, after, ["ball"]).moves.map(said), ["ball ball -> goal:1 ball"]);
});

test("a counted zone that loses cards it shows names them", () => {
  const ch = zoneChange(counted(5, "soja"), counted(4, "feuer"));
  assert.deepEqual(ch.gone, [{ key: "soja", index: 0 }]);
  assert.deepEqual(ch.come, []);
});

// ---------------------------------------------------------------- last moves

const LOG = [
  {
    step: 0,
    seat: null,
    events: [
      { type: "deal", seat: 0, cards: ["feuer"] },
      { type: "turn", seat: 0, turn: 1 },
    ],
  },
  { step: 1, seat: 0, events: [{ type: "plant", seat: 0, field: 0, card: "feuer", text: "you planted Chili bean on field 1" }] },
  {
    step: 2,
    seat: 0,
    events: [
      { type: "plant", seat: 0, field: 1, card: "blaue", text: "you planted Blue bean on field 2" },
      { type: "reveal", cards: ["soja", "feuer"] },
    ],
  },
  {
    step: 3,
    seat: 1,
    events: [
      { type: "offer-void", id: 1, from: 0, to: 1 },
      { type: "trade", offer: 0, from: 0, to: 1, given: ["feuer"], returned: [] },
    ],
  },
  {
    step: 4,
    seat: 2,
    events: [
      { type: "harvest", seat: 2, field: 1, cards: ["soja", "soja", "soja"], coins: 2 },
      { type: "draw", seat: 2, count: 3 },
      { type: "turn", seat: 0, turn: 2 },
    ],
  },
  {
    step: 5,
    seat: 0,
    events: [
      { type: "keep", seat: 0, cards: ["soja", "feuer"] },
      { type: "end-trading", seat: 0 },
    ],
  },
];

test("each seat's last move is its latest step; the set-up is no one's", () => {
  const m = lastMoves(LOG);
  assert.deepEqual([...m.keys()].sort(), [0, 1, 2]);
  assert.equal(m.get(0).step, 5);
  assert.equal(m.get(1).step, 3);
  assert.equal(m.get(2).step, 4);
  // in any order: a reconnection's whole log, or the replay's steps as loaded
  assert.equal(lastMoves([...LOG].reverse()).get(0).step, 5);
});

test("a move's marks are its own events, not what followed (draws, reveals, the next turn)", () => {
  const m = lastMoves(LOG);
  assert.deepEqual(
    m.get(2).events.map((e) => e.type),
    ["harvest"],
  );
  assert.deepEqual(m.get(2).zones, ["field:2:1", "coins:2"]);
  assert.deepEqual(m.get(1).zones, ["trade:0", "trade:1"]);
  assert.deepEqual(m.get(0).zones, ["trade:0"]);
  const planted = lastMoves(LOG.slice(0, 3)).get(0);
  assert.deepEqual(planted.zones, ["field:0:1"]);
  assert.deepEqual(planted.cards, [{ zone: "field:0:1", key: "blaue" }]);
});

test("a last move in a few words, in English and German", () => {
  const m = lastMoves(LOG);
  const name = (s) => ["you", "Anna", "Bert"][s];
  assert.equal(caption(lastMoves(LOG.slice(0, 2)).get(0), name, "en"), "planted Chili bean");
  assert.equal(caption(m.get(2), name, "en"), "harvested field 2: 2 coins");
  assert.equal(caption(m.get(1), name, "en"), "traded with you");
  assert.equal(caption(m.get(0), name, "en"), "kept Soy bean, Chili bean; ended the trading");
  assert.equal(caption(m.get(2), name, "de"), "Feld 2 geerntet: 2 Taler");
});

test("an event without words of its own is told by the game's sentence, without the seat's name", () => {
  const m = lastMoves([{ step: 7, seat: 1, events: [{ type: "steal", seat: 1, from: 0, text: "seat 2 took your front hand card" }] }]);
  assert.equal(
    caption(m.get(1), (s) => `Seat ${s + 1}`, "en"),
    "seat 2 took your front hand card",
  );
  assert.equal(
    caption(m.get(1), (s) => `seat ${s + 1}`, "en"),
    "took your front hand card",
  );
});

test("a step with nothing of its own (only a draw) leaves the last move as it was", () => {
  const m = lastMoves([...LOG, { step: 6, seat: 2, events: [{ type: "draw", seat: 2, count: 2 }] }]);
  assert.equal(m.get(2).step, 4);
});
