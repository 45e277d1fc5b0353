// The pages' words (bohn/server/static/i18n.js): both languages hold the same
// keys, numbers a person reads count from 1, and the address picks the language.
import { test } from "node:test";
import assert from "node:assert/strict";
import { browserAt } from "./setup.js";

browserAt("http://bohn.test/play/g1?lang=de");
const { KEYS, lang, t } = await import("../../bohn/server/static/i18n.js");

test("the address's ?lang= picks the page's language", () => {
  assert.equal(lang, "de");
  assert.equal(t("field", 0), "Feld 1");
});

test("English and German hold the same keys", () => {
  assert.deepEqual([...KEYS.de].sort(), [...KEYS.en].sort());
  assert.ok(KEYS.en.length > 300);
});

test("seats, fields and offers count from 1 for a person", () => {
  assert.equal(t("seat", 0), "Platz 1");
  assert.equal(t("offer", 4), "Angebot 5");
  assert.match(t("invite-open", 1), /^Platz 2 /);
});

test("an unknown key names itself rather than failing", () => {
  assert.equal(typeof t("no-such-key"), "string");
});
