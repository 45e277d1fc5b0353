// The game page's own state (bohn/server/static/page-state.js): the log
// grows with each state and starts again on a whole log, a new seq ends a
// half-made move, a move on its way waits for its answer, a closed connection
// retries at growing intervals until a refusal of the page's right stops it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { answered, connectionClosed, drawn, logEntries, MAX_RETRY_MS, moveSent, newPage, receiveState } from "../../bohn/server/static/page-state.js";

const entry = (step, seat = 0) => ({ step, seat, text: `step ${step}` });
const state = (seq, log = []) => ({ type: "state", seq, log });

test("the log gathers each state's entries in step order, and a whole log replaces it", () => {
  const p = newPage();
  receiveState(p, state(1, [entry(0), entry(1)]));
  receiveState(p, state(3, [entry(3), entry(2)]));
  assert.deepEqual(
    logEntries(p).map((e) => e.step),
    [0, 1, 2, 3],
  );
  // a reconnection sends the log from the set-up on: it is the whole log
  receiveState(p, state(3, [entry(0), entry(1)]));
  assert.deepEqual(
    logEntries(p).map((e) => e.step),
    [0, 1],
  );
  // a state with nothing new (a seat's name changed) keeps the log
  receiveState(p, state(3, []));
  assert.equal(logEntries(p).length, 2);
});

test("a new seq moves the game on; the same seq again does not", () => {
  const p = newPage();
  assert.equal(receiveState(p, state(1)), true);
  assert.equal(receiveState(p, state(1)), false);
  assert.equal(receiveState(p, state(2)), true);
  assert.equal(p.state.seq, 2);
});

test("a move on its way waits for the state, an ack or a refusal", () => {
  const p = newPage();
  moveSent(p);
  assert.equal(p.pending, true);
  receiveState(p, state(1));
  assert.equal(p.pending, false);
  moveSent(p);
  answered(p);
  assert.equal(p.pending, false);
  moveSent(p);
  answered(p, "illegal");
  assert.equal(p.pending, false);
  assert.equal(p.stopped, false);
});

test("a closed connection retries after half a second, doubling up to ten, and a state resets it", () => {
  const p = newPage();
  const waits = [1, 2, 3, 4, 5, 6, 7].map(() => connectionClosed(p, 1006));
  assert.deepEqual(waits, [500, 1000, 2000, 4000, 8000, MAX_RETRY_MS, MAX_RETRY_MS]);
  receiveState(p, state(1));
  assert.equal(connectionClosed(p, 1006), 500);
});

test("a refused token or an unknown game stops the reconnecting", () => {
  for (const code of [4403, 4404]) {
    const p = newPage();
    assert.equal(connectionClosed(p, code), null);
    assert.equal(connectionClosed(p, 1006), null);
  }
  const p = newPage();
  answered(p, "forbidden");
  assert.equal(p.stopped, true);
  assert.equal(connectionClosed(p, 1006), null);
});

test("the first drawing is the first paint, once", () => {
  const p = newPage();
  assert.equal(drawn(p), true);
  assert.equal(drawn(p), false);
});
