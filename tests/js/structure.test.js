// The game page's generic code (bohn/server/static/*.js) names no ruleset and
// reads nothing only some rulesets have: what one ruleset draws or words lives
// in its own client.js (bohn/rulesets/<package>/client.js), which the generic
// code asks through the hooks table.js describes. This test reads every
// static module with its comments taken out and fails on any word of a
// ruleset in its code or its strings: each ruleset's variant id, package
// directory and title (read from bohn/rulesets/*/rules.py, so a new ruleset
// is covered) and the words of the rulesets' own things (FORBIDDEN_WORDS).
//
// A word is whole: an identifier counts as the words it is made of
// (`renderBosses` is "render" and "bosses", `stew_coins` "stew" and "coins",
// "boss-field" "boss" and "field"), so neither a camel case nor a separator
// hides one, while "embossed" is no "boss". A name of several words
// ("Al Cabohne", "high-bohn") is found as those words one after another or
// written as one ("alcabohne").
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, readdirSync } from "node:fs";

const ROOT = new URL("../../", import.meta.url);
const STATIC = new URL("bohn/server/static/", ROOT);
const RULESETS = new URL("bohn/rulesets/", ROOT);

/** The words of the rulesets' own things, besides their names. */
export const FORBIDDEN_WORDS = ["mafia", "treasury", "distillery", "boss", "bosses", "sissi", "cognac", "stew", "stews", "teepee"];

// ---------------------------------------------------------------- comments out

const REGEX_AFTER = new Set("(,=:[!&|?{};+-*%<>~^".split(""));
const REGEX_KEYWORDS = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof"]);

/** ``src`` with every comment blanked out: each of its characters a space,
 * its line breaks kept, so that the lines keep their numbers. Strings,
 * template literals (with their ``${...}``) and regular expression literals
 * are code: a ``//`` in them starts no comment. */
export function stripComments(src) {
  const out = src.split("");
  const blank = (from, to) => {
    for (let k = from; k < to; k++) if (out[k] !== "\n" && out[k] !== "\r") out[k] = " ";
  };
  // the open template literals: for each, the depth of braces its ${ opened at
  const templates = [];
  let depth = 0;
  let prev = ""; // the last significant character or word of code, for telling a regex from a division
  let i = 0;
  const n = src.length;
  const readQuoted = (q) => {
    i++;
    while (i < n && src[i] !== q) i += src[i] === "\\" ? 2 : 1;
    i++;
  };
  const readTemplate = () => {
    // from inside a template literal's text to its end (returns) or to a ${ (pushes)
    while (i < n) {
      if (src[i] === "\\") i += 2;
      else if (src[i] === "`") {
        i++;
        prev = "`";
        return;
      } else if (src[i] === "$" && src[i + 1] === "{") {
        i += 2;
        depth++;
        templates.push(depth);
        prev = "{";
        return;
      } else i++;
    }
  };
  while (i < n) {
    const c = src[i];
    const d = src[i + 1];
    if (c === "/" && d === "/") {
      const end = src.indexOf("\n", i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === "/" && d === "*") {
      const end = src.indexOf("*/", i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === "'" || c === '"') {
      readQuoted(c);
      prev = c;
    } else if (c === "`") {
      i++;
      readTemplate();
    } else if (c === "/" && (prev === "" || REGEX_AFTER.has(prev) || REGEX_KEYWORDS.has(prev))) {
      // a regular expression literal: to its closing slash, a class [...] may hold one
      i++;
      let inClass = false;
      while (i < n && src[i] !== "\n") {
        if (src[i] === "/" && !inClass) break;
        if (src[i] === "[") inClass = true;
        else if (src[i] === "]") inClass = false;
        i += src[i] === "\\" ? 2 : 1;
      }
      i++;
      while (i < n && /[a-z]/i.test(src[i])) i++;
      prev = "/regex";
    } else if (c === "{") {
      depth++;
      prev = c;
      i++;
    } else if (c === "}") {
      if (templates.length && templates[templates.length - 1] === depth) {
        templates.pop();
        depth--;
        i++;
        readTemplate();
      } else {
        depth--;
        prev = c;
        i++;
      }
    } else if (/[\p{L}\p{N}_$]/u.test(c)) {
      let j = i;
      while (j < n && /[\p{L}\p{N}_$]/u.test(src[j])) j++;
      prev = src.slice(i, j);
      i = j;
    } else {
      if (!/\s/.test(c)) prev = c;
      i++;
    }
  }
  return out.join("");
}

// ---------------------------------------------------------------- words

/** The words of a text, lower case: identifiers split at their camel case
 * and at every character that is not a letter or a digit. */
export function words(text) {
  const split = String(text)
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, "$1 $2")
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, "$1 $2");
  return (split.match(/[\p{L}\p{N}]+/gu) || []).map((w) => w.toLowerCase());
}

/** Every name of a ruleset, read from its package: {name, what} for the
 * package directory, the variant id and the title of each. */
export function rulesetNames(root = RULESETS) {
  const out = [];
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory() || dir.name.startsWith("_")) continue;
    out.push({ name: dir.name, what: "a ruleset's package" });
    let rules;
    try {
      rules = readFileSync(new URL(`${dir.name}/rules.py`, root), "utf8");
    } catch {
      continue;
    }
    for (const [, key, value] of rules.matchAll(/^ {4}(variant|title) = "([^"]+)"/gm)) out.push({ name: value, what: `a ruleset's ${key}` });
  }
  return out;
}

/** What may not be written: each as the list of its words, with what it is. */
export function forbidden(names = rulesetNames()) {
  const seen = new Set();
  const out = [];
  for (const { name, what } of [...names, ...FORBIDDEN_WORDS.map((w) => ({ name: w, what: "a word of a ruleset's own things" }))]) {
    const ws = words(name);
    const id = ws.join(" ");
    if (!ws.length || seen.has(id)) continue;
    seen.add(id);
    out.push({ name, words: ws, what });
  }
  return out;
}

/** The forbidden names in ``src`` (a module's text), outside its comments:
 * [{line, name, what, text}], lines counted from 1. */
export function findNames(src, banned = forbidden()) {
  const hits = [];
  const lines = src.split("\n");
  stripComments(src)
    .split("\n")
    .forEach((line, k) => {
      const ws = words(line);
      if (!ws.length) return;
      for (const b of banned) {
        const joined = b.words.join("");
        const found = ws.some((w, at) => w === joined || (b.words.length > 1 && b.words.every((x, m) => ws[at + m] === x)));
        if (found) hits.push({ line: k + 1, name: b.name, what: b.what, text: lines[k].trim() });
      }
    });
  return hits;
}

// ---------------------------------------------------------------- the tests

test("the scanner finds a name in code and in a string, never in a comment", () => {
  const banned = forbidden([
    { name: "al-cabohne", what: "id" },
    { name: "High Bohn", what: "title" },
  ]);
  const src = [
    "// the mafia's bosses (Al Cabohne) are no code",
    "/* nor is this sissi",
    "   or this distillery */",
    "const a = o.bosses; // boss",
    'const b = "http://host/"; const c = x.stew_coins;',
    "const d = `${'/* no comment */'} ${y} the treasury`;",
    "const e = /\\/\\//.test(s) ? renderBosses() : embossed;",
    'const f = "high-bohn" + HighBohn + "AlCabohne";',
    "const g = 1 / 2; // and cognac here is a comment",
    "const h = `a ${`b ${c /* teepee */}`} d`; const i = teepee;",
  ].join("\n");
  const got = findNames(src, banned).map((h) => `${h.line}:${h.name}`);
  assert.deepEqual(got, ["4:bosses", "5:stew", "6:treasury", "7:bosses", "8:al-cabohne", "8:High Bohn", "10:teepee"]);
});

test("comments are blanked, their lines kept", () => {
  const src = "a /* b\nc */ d // e\n'//' f";
  const got = stripComments(src);
  assert.equal(got.length, src.length);
  assert.deepEqual(got.split("\n").length, 3);
  assert.equal(got.replace(/\s+/g, " "), "a d '//' f");
});

test("the names are read from every ruleset's package", () => {
  const names = rulesetNames().map((x) => x.name);
  for (const name of ["al-cabohne", "al_cabohne", "Al Cabohne", "high-bohn", "High Bohn", "sissi", "bohnkick", "mutterbohnchen", "Mutterböhnchen"])
    assert.ok(names.includes(name), name);
  assert.ok(readdirSync(RULESETS, { withFileTypes: true }).filter((d) => d.isDirectory() && !d.name.startsWith("_")).length >= 9);
});

/** The hooks a ruleset's client.js may export (the header of table.js). */
const HOOKS = ["table", "seat", "trades", "facts", "decision", "blocks", "fieldNotes", "seatZones", "places", "eventText", "resultHead"];

test("a ruleset's client.js exports only hooks the page asks for, each of its kind", async () => {
  const found = [];
  for (const dir of readdirSync(RULESETS, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    let m;
    try {
      readFileSync(new URL(`${dir.name}/client.js`, RULESETS));
      m = await import(new URL(`${dir.name}/client.js`, RULESETS));
    } catch (e) {
      if (e.code === "ENOENT") continue;
      throw e;
    }
    found.push(dir.name);
    for (const [name, value] of Object.entries(m)) {
      assert.ok(HOOKS.includes(name), `${dir.name}/client.js exports ${name}, which no page asks for`);
      if (name === "trades") assert.ok(value === false || value === "offered", `${dir.name}: trades ${value}`);
      else if (name === "places")
        for (const [letter, p] of Object.entries(value)) {
          assert.match(letter, /^[a-eg-z]$/, `${dir.name}: a place's letter (f is a field)`);
          assert.equal(typeof p.key, "string");
          assert.equal(typeof p.count, "function");
        }
      else assert.equal(typeof value, "function", `${dir.name}: ${name}`);
    }
  }
  assert.ok(found.length >= 4, found.join(", "));
});

test("the page's generic code names no ruleset and nothing only some rulesets have", () => {
  const banned = forbidden();
  const hits = [];
  const files = readdirSync(STATIC).filter((f) => f.endsWith(".js"));
  assert.ok(files.length >= 20, String(files.length));
  for (const file of files.sort())
    for (const h of findNames(readFileSync(new URL(file, STATIC), "utf8"), banned))
      hits.push(`bohn/server/static/${file}:${h.line}: "${h.name}" (${h.what}): ${h.text}`);
  assert.deepEqual(hits, [], `a ruleset's own words belong in its client.js (table.js says how):\n${hits.join("\n")}`);
});
