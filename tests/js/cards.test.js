// The card catalogue on the page (bohn/server/static/cards.js): names in the
// page's language, the bean types of a game (an option's only when it is on),
// and a card found by its key or its bean type.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAt } from "./setup.js";

browserAt("http://bohn.test/play/g1");
const { beanTypes, cardName, entryOf, hasCatalogue, setCatalogue } = await import("../../bohn/server/static/cards.js");

const CATALOGUE = {
  variant: "high-bohn",
  cards: [
    { key: "blaue", group: "blaue", names: { en: "Blue bean", de: "Blaue Bohne" }, beanometer: [[4, 1]] },
    { key: "cognac", group: "cognac", names: { en: "Cognac bean", de: "Cognacbohne" }, beanometer: [[2, 1]], option: "cognac" },
    { key: "bank", group: "bank", names: { en: "Bank", de: "Bank" } },
    { key: "brech/blaue", group: "brech", names: { en: "Broad/Blue bean" }, beanometer: [[3, 1]] },
  ],
};

test("a game's bean types: those with a beanometer, an option's only when it is on", () => {
  setCatalogue(CATALOGUE, "en");
  assert.ok(hasCatalogue());
  assert.deepEqual(beanTypes({}), ["blaue", "brech"]);
  assert.deepEqual(beanTypes({ cognac: true }), ["blaue", "cognac", "brech"]);
});

test("a card's name in the page's language, else English, else its key", () => {
  setCatalogue(CATALOGUE, "de");
  assert.equal(cardName("blaue"), "Blaue Bohne");
  assert.equal(cardName("brech/blaue"), "Broad/Blue bean");
  assert.equal(cardName("nosuch"), "nosuch");
});

test("a key finds its entry, or its bean type's", () => {
  setCatalogue(CATALOGUE, "en");
  assert.equal(entryOf("bank").key, "bank");
  assert.equal(entryOf("brech").key, "brech/blaue");
  assert.equal(entryOf(null), null);
});
