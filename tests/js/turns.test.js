// "Your turn" across your games (bohn/server/static/turns.js): which games
// wait for one of your seats, and the count in front of the page's title.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAt } from "./setup.js";

browserAt("http://bohn.test/");
const { titled, waitingFor } = await import("../../bohn/server/static/turns.js");

const summaries = [
  { id: "a", status: "running", waiting_for: [1], title: "Bohnanza" },
  { id: "b", status: "running", waiting_for: [0, 2], title: "High Bohn" },
  { id: "c", status: "finished", waiting_for: [0], title: "Sissi" },
  { id: "d", status: "open", waiting_for: [0], title: "Ladybohn" },
];

test("a game waits for you when it waits for your seat in it, and runs", () => {
  const seats = [
    { id: "a", seat: 0 },
    { id: "b", seat: 2 },
    { id: "c", seat: 0 },
    { id: "d", seat: 0 },
    { id: "x", seat: 0 },
  ];
  assert.deepEqual(
    waitingFor(seats, summaries).map((w) => w.id),
    ["b", "d"],
  );
});

test("a game counts once, and the page's own game not at all", () => {
  const seats = [
    { id: "b", seat: 0 },
    { id: "b", seat: 2 },
    { id: "d", seat: 0 },
  ];
  assert.deepEqual(
    waitingFor(seats, summaries).map((w) => [w.id, w.seat]),
    [
      ["b", 0],
      ["d", 0],
    ],
  );
  assert.deepEqual(
    waitingFor(seats, summaries, "d").map((w) => w.id),
    ["b"],
  );
});

test("the count goes in front of the title, and only once", () => {
  assert.equal(titled("bohn — lobby", 2), "(2) bohn — lobby");
  assert.equal(titled("(2) bohn — lobby", 3), "(3) bohn — lobby");
  assert.equal(titled("(3) bohn — lobby", 0), "bohn — lobby");
  assert.equal(titled("bohn — lobby", 0), "bohn — lobby");
});
