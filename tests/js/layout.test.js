// The game page's layout (bohn/server/static/layout.js): which size the
// board's cards take for the window, and the side column's tabs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAt } from "./setup.js";

browserAt("http://bohn.test/play/g1");
const L = await import("../../bohn/server/static/layout.js");
const { SIZES, USUAL, fits, growth, sizeStep, stepDown } = L;

const ROOM = { height: 760, width: 1000 };

/** Choose a size the way the page does, for a board whose height at size i is height(i). */
function choose(height, width = () => 900) {
  const needs = [];
  const measured = [];
  for (let step = sizeStep(needs, ROOM); ; step = sizeStep(needs, ROOM)) {
    if (step.size !== undefined) return { size: SIZES[step.size], measured };
    assert.equal(needs[step.measure], undefined, "a size is measured once");
    measured.push(SIZES[step.measure]);
    needs[step.measure] = { height: height(step.measure), width: width(step.measure) };
  }
}

test("the sizes go from small to large, the usual one among them", () => {
  assert.equal(SIZES[USUAL], "usual");
  const scales = SIZES.map((s) => L.SCALE[s]);
  assert.deepEqual(
    scales,
    [...scales].sort((a, b) => a - b),
  );
  assert.equal(L.SCALE.usual, 1);
});

test("a board fits where it is no taller and no wider than the room", () => {
  assert.ok(fits({ height: 760, width: 1000 }, ROOM));
  assert.ok(!fits({ height: 761, width: 1000 }, ROOM));
  assert.ok(!fits({ height: 500, width: 1001 }, ROOM));
  assert.ok(fits({ height: 700, width: 900 }, ROOM, 60));
  assert.ok(!fits({ height: 701, width: 900 }, ROOM, 60), "a board that must keep 60 pixels to grow");
});

test("a bigger size keeps more room to grow, the usual and smaller ones none", () => {
  assert.equal(growth(USUAL), 0);
  assert.equal(growth(0), 0);
  for (let i = USUAL + 2; i < SIZES.length; i++) assert.ok(growth(i) > growth(i - 1) && growth(i - 1) > 0);
});

test("the usual size is measured first", () => {
  assert.deepEqual(sizeStep([], ROOM), { measure: USUAL });
});

test("a board with room to spare takes the biggest size that leaves it room to grow", () => {
  // the board's height grows by 60 pixels a size from 400 at the usual size
  const height = (i) => 400 + 60 * (i - USUAL);
  const { size, measured } = choose(height);
  const best = Math.max(...SIZES.map((_, i) => i).filter((i) => i <= USUAL || height(i) + growth(i) <= ROOM.height));
  assert.equal(size, SIZES[best]);
  // found by halving: fewer measurements than sizes above the usual
  assert.ok(measured.length < SIZES.length - USUAL, measured.join(", "));
});

test("a board that has room even at the biggest size takes the biggest", () => {
  assert.equal(choose(() => 300).size, SIZES[SIZES.length - 1]);
});

test("a board that just fits at the usual size keeps it", () => {
  assert.equal(choose((i) => (i === USUAL ? 740 : 740 + 40 * (i - USUAL))).size, "usual");
});

test("a board too wide for a bigger size keeps a smaller one", () => {
  const { size } = choose(
    () => 300,
    (i) => (i > USUAL + 1 ? 1100 : 1000),
  );
  assert.equal(size, SIZES[USUAL + 1]);
});

test("a board too tall for the usual size takes the first smaller one that fits, else the smallest", () => {
  assert.equal(choose((i) => 780 + 30 * (i - USUAL)).size, SIZES[USUAL - 1]);
  assert.equal(choose(() => 2000).size, SIZES[0]);
});

test("a drawn board steps down one size while it overflows, never below the smallest", () => {
  assert.equal(stepDown(4, true), 3);
  assert.equal(stepDown(4, false), 4);
  assert.equal(stepDown(0, true), 0);
});

test("the tabs: the kept one, else the moves", () => {
  assert.equal(L.keptTab("log"), "log");
  assert.equal(L.keptTab("cards"), "cards");
  assert.equal(L.keptTab(null), "play");
  assert.equal(L.keptTab("nonsense"), "play");
  assert.deepEqual(L.tabsAt("log"), { tab: "log", unseen: 0, newest: null });
});

test("arrow keys move between the tabs round the ends, Home and End to the ends", () => {
  assert.deepEqual(L.TABS, ["play", "log", "cards"]);
  assert.equal(L.tabForKey("play", "ArrowRight"), "log");
  assert.equal(L.tabForKey("cards", "ArrowRight"), "play");
  assert.equal(L.tabForKey("play", "ArrowLeft"), "cards");
  assert.equal(L.tabForKey("log", "Home"), "play");
  assert.equal(L.tabForKey("play", "End"), "cards");
  assert.equal(L.tabForKey("play", "Enter"), null);
  assert.equal(L.tabForKey("play", "ArrowDown"), null);
});

const entry = (step, n = 1) => ({ step, events: Array.from({ length: n }, () => ({ type: "plant" })) });

test("the log's badge counts the entries that came while it was hidden", () => {
  let s = L.tabsAt("play");
  // the first state's log is the game so far: no news
  s = L.logArrived(s, [entry(0), entry(1), entry(2)]);
  assert.equal(s.unseen, 0);
  assert.equal(s.newest, 2);
  s = L.logArrived(s, [entry(3), entry(4, 0), entry(5)]);
  assert.equal(s.unseen, 2, "an entry without events says nothing");
  // a reconnection sends the whole log again: only what is new counts
  s = L.logArrived(s, [entry(0), entry(1), entry(2), entry(3), entry(5), entry(6)]);
  assert.equal(s.unseen, 3);
  // showing the log clears the count; what comes while it shows is seen
  s = L.selectTab(s, "log");
  assert.equal(s.unseen, 0);
  s = L.logArrived(s, [entry(7)]);
  assert.equal(s.unseen, 0);
  s = L.selectTab(s, "cards");
  s = L.logArrived(s, [entry(8)]);
  assert.equal(s.unseen, 1);
  assert.equal(s.tab, "cards");
});

const state = (...actions) => ({ legal: actions.map((action) => ({ action })) });

test("what asks for the moves: your move, offers to you, a trading open to you, a chosen card", () => {
  assert.deepEqual(L.attentionOf(state({ type: "plant" }), true, false), { yours: true, offers: [], trade: false, picked: false });
  const a = L.attentionOf(
    state({ type: "accept", offer: 4, give: [0] }, { type: "accept", offer: 4, give: [1] }, { type: "decline", offer: 4 }, { type: "propose", to: 1 }),
    false,
    false,
  );
  assert.deepEqual(a, { yours: false, offers: [4], trade: true, picked: false });
  assert.deepEqual(L.attentionOf(null, false, true), { yours: false, offers: [], trade: false, picked: true });
});

test("the moves show when something new asks for them, not again while it stands", () => {
  const quiet = { yours: false, offers: [], trade: false, picked: false };
  const mine = { ...quiet, yours: true };
  assert.ok(L.needsMoves(null, mine), "the first state, your move");
  assert.ok(!L.needsMoves(null, quiet));
  assert.ok(L.needsMoves(quiet, mine), "it became your move");
  assert.ok(!L.needsMoves(mine, mine), "still your move: the player may look at the log");
  assert.ok(L.needsMoves(quiet, { ...quiet, offers: [3] }), "an offer to you");
  assert.ok(!L.needsMoves({ ...quiet, offers: [3] }, { ...quiet, offers: [3] }));
  assert.ok(L.needsMoves({ ...quiet, offers: [3] }, { ...quiet, offers: [3, 5] }), "another offer");
  assert.ok(!L.needsMoves({ ...quiet, offers: [3, 5] }, { ...quiet, offers: [5] }), "an offer gone");
  assert.ok(L.needsMoves(quiet, { ...quiet, trade: true }), "a trading you may join");
  assert.ok(L.needsMoves(quiet, { ...quiet, picked: true }), "a card chosen on the board");
});

test("a beanometer in the Cards tab: the cards for 1 to 4 coins, a dash where it never pays so many", () => {
  assert.deepEqual(L.meterCells([4, 6, 8, 10]), ["4", "6", "8", "10"]);
  assert.deepEqual(L.meterCells([null, 2, 3]), ["–", "2", "3", "–"]);
  assert.deepEqual(L.meterCells(undefined), ["–", "–", "–", "–"]);
});
