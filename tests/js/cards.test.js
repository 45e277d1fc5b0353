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

// ---------------------------------------------------------------- what a face draws

const { ICON_NAMES, SYMBOLS, beanDrawing, beanLook, beanOutline, beanShape, effectIcon, meterCells, nameLine, nameScale, priceCoins, shortTitle } =
  await import("../../bohn/server/static/cards.js");
const { readFileSync, readdirSync } = await import("node:fs");

/** Every symbol the bean palettes give their groups: the shared one
 * (bohn/palette.json) and each ruleset's own (bohn/rulesets/<r>/cards.json). */
function paletteSymbols() {
  const root = new URL("../../bohn/rulesets/", import.meta.url);
  const files = [new URL("../palette.json", root)];
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (dir.isDirectory()) files.push(new URL(`${dir.name}/cards.json`, root));
  }
  const out = new Map(); // symbol name -> groups
  for (const file of files) {
    let data;
    try {
      data = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      continue;
    }
    for (const [group, look] of Object.entries(data.palette || {})) out.set(look.symbol_name, [...(out.get(look.symbol_name) || []), group]);
  }
  return out;
}

test("every symbol of the rulesets' palettes is drawn, and no two share a bean outline", () => {
  const symbols = paletteSymbols();
  assert.ok(symbols.size >= 14, [...symbols.keys()].join(" "));
  const outlines = new Map();
  for (const name of symbols.keys()) {
    assert.ok(SYMBOLS[name], `no drawing of the symbol ${name}`);
    const d = beanOutline(beanShape({ symbol_name: name, symbol: "?" })).d;
    assert.match(d, /^M[\d.]+ [\d.]+(C[\d. ]+)+Z$/);
    assert.ok(!outlines.has(d), `${name} and ${outlines.get(d)} share an outline`);
    outlines.set(d, name);
  }
});

test("a symbol with no bean of its own gets one made from its glyph, the same every time", () => {
  const a = beanShape({ symbol_name: "comet", symbol: "☄" });
  assert.equal(a, beanShape({ symbol_name: "comet", symbol: "☄" }));
  assert.notEqual(a, beanShape({ symbol_name: "anchor", symbol: "⚓" }));
  assert.notEqual(beanOutline(a).d, beanOutline("circle").d);
  assert.equal(beanShape({ symbol_name: "heart", symbol: "♥" }), "heart");
});

test("a bean's outline fits its drawing's box and has a top for its hat", () => {
  for (const name of Object.keys(SYMBOLS)) {
    const o = beanOutline(beanShape({ symbol_name: name, symbol: name }));
    assert.ok(o.box.x >= 0 && o.box.x + o.box.w <= 100.01, name);
    assert.ok(o.box.y >= 0 && o.box.y + o.box.h <= 76.01, name);
    assert.ok(o.top.y >= o.box.y - 0.01 && o.top.y < o.box.y + o.box.h / 2, name);
  }
});

test("a bean's drawing is made once for each shape and look: its outline, its face, what its kind wears", () => {
  const plain = beanDrawing("heart");
  assert.equal(beanDrawing("heart", ""), plain); // the same parts, not drawn again
  assert.deepEqual(plain[0], ["path", { class: "cf-body", d: beanOutline("heart").d }]);
  const classes = (parts) => parts.map(([, attrs]) => attrs.class);
  assert.deepEqual(classes(plain), ["cf-body", "cf-shine", "cf-eye", "cf-pupil", "cf-eye", "cf-pupil", "cf-mouth"]);
  // what the bean wears is the catalogue's (``wears``, by the card's kind)
  const wears = (entry) => classes(beanDrawing("heart", beanLook(entry))).find((c) => c && c.startsWith("cf-wear"));
  assert.equal(wears({ kind: "bean", wears: null }), undefined);
  assert.equal(wears({ kind: "lady", wears: "bow" }), "cf-wear cf-bow");
  assert.equal(wears({ kind: "man", wears: "hat" }), "cf-wear cf-hat");
  assert.equal(wears({ kind: "mama", wears: "hat" }), "cf-wear cf-hat"); // a mama's bean wears a man's hat
  assert.equal(wears({ kind: "baby", wears: "curl" }), "cf-wear cf-curl");
  assert.equal(wears({ kind: "captain", wears: "bicorne" }), "cf-wear cf-bicorne");
  assert.equal(wears({ kind: "sissi", wears: "crown" }), "cf-wear cf-crown");
  assert.equal(wears({ kind: "boss", wears: "fedora" }), "cf-wear cf-fedora");
  assert.equal(wears({ kind: "bean", wears: "no-such-thing" }), undefined);
  assert.equal(beanLook(null), "");
  assert.ok(classes(beanDrawing("heart", "bow")).includes("cf-lash"));
  assert.ok(classes(beanDrawing("heart", "fedora")).includes("cf-shades"));
  assert.ok(classes(beanDrawing("heart", "curl")).includes("cf-pacifier"));
  // a bean's own mark: the black-eyed bean's patch, the stem of the triangle's
  assert.ok(classes(beanDrawing("eye")).includes("cf-patch"));
  assert.ok(classes(beanDrawing("triangle")).includes("cf-stem"));
});

test("a beanometer's cells: four as printed, a blank for a missing step; a meter past 4 coins only its steps", () => {
  assert.deepEqual(meterCells([4, 6, 8, 10]), [
    { coins: 1, cards: 4 },
    { coins: 2, cards: 6 },
    { coins: 3, cards: 8 },
    { coins: 4, cards: 10 },
  ]);
  assert.deepEqual(
    meterCells([null, 2, 3, null]).map((c) => c.cards),
    [null, 2, 3, null],
  );
  // Sissi's Talers: 1, 3 and 5
  assert.deepEqual(meterCells([4, null, 10, null, 12]), [
    { coins: 1, cards: 4 },
    { coins: 3, cards: 10 },
    { coins: 5, cards: 12 },
  ]);
  assert.deepEqual(
    meterCells([1]).map((c) => c.coins),
    [1, 2, 3, 4],
  );
});

test("a price is drawn as that many coins", () => {
  assert.equal(priceCoins(3), 3);
  assert.equal(priceCoins(1), 1);
  assert.equal(priceCoins(0), 0);
  assert.equal(priceCoins(null), 0);
  assert.equal(priceCoins(undefined), 0);
});

test("a card's short title leaves out its price and the bean its drawing shows", () => {
  setCatalogue(
    {
      variant: "x",
      cards: [
        { key: "garten/dribble", group: "garten", kind: "dribble", symbol_name: "club", names: { en: "Garden bean: dribble" } },
        { key: "garten/pass:sau", group: "garten", kind: "pass", symbol_name: "club", names: { en: "Garden bean: pass to the Stink bean" } },
        { key: "referee:penalty", group: "defence", kind: "referee", symbol_name: "saltire", names: { en: "Referee: penalty" } },
        { key: "referee:free-kick", group: "defence", kind: "referee", symbol_name: "saltire", names: { en: "Referee: free kick" } },
        { key: "bank-3", group: "augen", kind: "building", symbol_name: "eye", price: 3, names: { en: "3 Bank" } },
        { key: "razzia", group: "blaue", kind: "razzia", symbol_name: "circle", price: 4, names: { en: "Razzia" } },
      ],
    },
    "en",
  );
  assert.equal(shortTitle(entryOf("garten/pass:sau")), "pass to the Stink bean");
  assert.equal(shortTitle(entryOf("garten/dribble")), "dribble");
  assert.equal(shortTitle(entryOf("referee:free-kick")), "Referee: free kick"); // no bean drawn: its name whole
  assert.equal(shortTitle(entryOf("bank-3")), "Bank");
  assert.equal(shortTitle(entryOf("razzia")), "Razzia");
});

test("a name takes the size that lets it fit its band in two lines", () => {
  assert.equal(nameLine("Black-eyed bean"), "eyed bean".length);
  assert.equal(nameLine("Garten\u00adbohne"), "Garten".length);
  assert.equal(nameLine("Blue"), 4);
  assert.ok(nameScale("Blue bean") > nameScale("Black-eyed bean"));
  assert.ok(nameScale("Goldmine", 4) < nameScale("Goldmine", 1)); // its price's coins take room
  for (const n of ["X", "Black-eyed bean (baby, 2 rattles)", "Donaudampfschifffahrtsgesellschaft"]) {
    assert.ok(nameScale(n) >= 0.115 && nameScale(n) <= 0.19, n);
  }
});

test("a card's picture of its effect is the catalogue's icon, else its kind's", () => {
  assert.equal(effectIcon({ kind: "building", icon: "meter", effect: { en: "no ability in play" } }), "meter");
  assert.equal(effectIcon({ kind: "establishment", icon: "draw" }), "draw");
  assert.equal(effectIcon({ kind: "boss", icon: "fedora" }), "fedora");
  assert.equal(effectIcon({ kind: "goalie", icon: "glove" }), "glove");
  assert.equal(effectIcon({ kind: "mama", icon: "bottom", effect: { en: "moves up 3 places for each lady" } }), "bottom");
  // without an icon the words of the effect draw nothing: a building is a house
  assert.equal(effectIcon({ kind: "building", effect: { en: "the owner's Blue bean fields pay by 3->1, 5->2" } }), "house");
  assert.equal(effectIcon({ kind: "establishment", icon: null, effect: { en: "draw 3 cards" } }), "house");
  assert.equal(effectIcon({ kind: "boss", effect: { en: "Harvests at once" } }), null);
  assert.equal(effectIcon({ kind: "bean" }), null);
  assert.equal(effectIcon(null), null);
});

/** Every ``catalogue.icon`` of the rulesets' card data (cards.json, buildings.json), by card key. */
function dataIcons() {
  const root = new URL("../../bohn/rulesets/", import.meta.url);
  const out = new Map();
  const visit = (v) => {
    if (Array.isArray(v)) v.forEach(visit);
    else if (v && typeof v === "object") {
      if (v.key && v.catalogue && v.catalogue.icon) out.set(v.key, v.catalogue.icon);
      Object.values(v).forEach(visit);
    }
  };
  for (const dir of readdirSync(root, { withFileTypes: true })) {
    if (!dir.isDirectory()) continue;
    for (const name of ["cards.json", "buildings.json"]) {
      try {
        visit(JSON.parse(readFileSync(new URL(`${dir.name}/${name}`, root), "utf8")));
      } catch {
        continue;
      }
    }
  }
  return out;
}

test("every icon the rulesets' card data name is a picture the page draws", () => {
  const icons = dataIcons();
  assert.ok(icons.size >= 80, String(icons.size)); // buildings, establishments, mama's beans
  for (const [key, icon] of icons) {
    assert.ok(ICON_NAMES.includes(icon), `${key}: no picture ${icon}`);
    assert.equal(effectIcon({ kind: "building", icon }), icon);
  }
});

test("a long German word may break where its syllables meet; a bean's name before its 'bohne'", async () => {
  const { breakable } = await import("../../bohn/server/static/cards.js");
  const shown = (s) => breakable(s).replaceAll("\u00ad", "-");
  assert.equal(shown("Gartenbohne"), "Garten-bohne");
  assert.equal(shown("Gemischtwarenladen"), "Ge-mischt-wa-ren-la-den");
  assert.equal(shown("Kameradenschwein"), "Ka-me-ra-den-schwein");
  assert.equal(shown("Blacksmith"), "Blacksmith"); // short words stay whole
  assert.equal(breakable("Gemischtwarenladen").replaceAll("\u00ad", ""), "Gemischtwarenladen");
});
