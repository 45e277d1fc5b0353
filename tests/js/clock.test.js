// The countdown's words (bohn/server/static/clock.js): minutes and seconds in
// a real-time game, hours and days in a turn-based one.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAt } from "./setup.js";

browserAt("http://bohn.test/play/g1");
const { fmt } = await import("../../bohn/server/static/clock.js");

test("a real-time clock reads minutes and seconds", () => {
  assert.equal(fmt(0), "0:00");
  assert.equal(fmt(59.2), "1:00");
  assert.equal(fmt(245), "4:05");
  assert.equal(fmt(-3), "0:00");
});

test("a turn-based clock reads hours, then days", () => {
  assert.equal(fmt(3600), "1 h 00 min");
  assert.equal(fmt(23 * 3600 + 4 * 60 + 1), "23 h 04 min");
  assert.equal(fmt(47 * 3600), "47 h 00 min");
  assert.equal(fmt(2 * 86400 + 5 * 3600), "2 d 5 h");
  assert.equal(fmt(72 * 3600), "3 d 0 h");
});
