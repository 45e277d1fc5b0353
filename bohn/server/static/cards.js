// Cards drawn as cards, from the ruleset's catalogue (GET /api/variants/<v>/cards).
// A bean card shows its name large, how many cards of it the game has, a drawn
// bean (its outline and its colour told apart from every other bean type of the
// game, its symbol on a medallion so that colour is never the only cue) and its
// beanometer as the printed cards have it: coins over the cards they need.
// Buildings, establishments, bosses, mama's beans, babies and Bohnkick cards
// show their title, their price as coins, a picture of what they do (the
// catalogue's icon) and (where the card is large enough) their effect in words. A lady (Ladybohn,
// Mutterböhnchen: kind "lady") has a frame of her own, a bow and a ♀ badge, and
// shows the beanometer she pays by; a man wears a hat and a baby holds a rattle.
// The card back and the coins are drawn too.
// Every card element carries data-card="<key>" and an accessible name; its
// text shows on hover (title). A small card shows itself large beside it while
// the mouse rests on it or the keyboard's focus is on it (the peek), and its
// detail view (a popover that works on a phone) opens on a long press, a right
// click or its small (i) button, never on a plain click or tap: a click on a
// card is the table's (it picks the card, or plants on its field).
// A card is drawn once for each key (a bean once for each outline and what its
// kind wears) and every card of it on the page is a copy of that drawing.
// Nothing here names a ruleset: all of it comes from the catalogue's entries.
import { copies, wired } from "./patch.js";

let entries = new Map(); // key -> catalogue entry
let byGroup = new Map(); // group -> first entry of it (a bean type's look)
let lang = "en";
let loadedFor = null;
let ladies = false; // the game has ladies: its men are marked as men
let drawnCards = new Map(); // what copyOf draws once: "face:<key>" -> its face (null: none)

const WORDS = {
  en: {
    cards: "cards",
    coin: "coin",
    coins: "coins",
    back: "a face-down card",
    meter: "Beanometer",
    lady: "Lady's beanometer",
    needs: (n, c) => `${n} ${n === 1 ? "card" : "cards"} → ${c} ${c === 1 ? "coin" : "coins"}`,
    count: (n) => `${n} in the game`,
    close: "Close",
    info: (n) => `Details: ${n}`,
    she: "lady",
    he: "man",
    baby: "baby",
    price: (n) => `price: ${n} ${n === 1 ? "coin" : "coins"}`,
  },
  de: {
    cards: "Karten",
    coin: "Taler",
    coins: "Taler",
    back: "eine verdeckte Karte",
    meter: "Bohnometer",
    lady: "Bohnometer der Dame",
    needs: (n, c) => `${n} ${n === 1 ? "Karte" : "Karten"} → ${c} Taler`,
    count: (n) => `${n} im Spiel`,
    close: "Schließen",
    info: (n) => `Details: ${n}`,
    she: "Dame",
    he: "Herr",
    baby: "Baby",
    price: (n) => `Preis: ${n} Taler`,
  },
};
const words = () => WORDS[lang] || WORDS.en;

/** Take a catalogue (the endpoint's JSON) and the page's language. */
export function setCatalogue(data, language = "en") {
  lang = language === "de" ? "de" : "en";
  entries = new Map((data.cards || []).map((c) => [c.key, c]));
  byGroup = new Map();
  for (const c of data.cards || []) if (!byGroup.has(c.group)) byGroup.set(c.group, c);
  ladies = (data.cards || []).some((c) => c.kind === "lady");
  loadedFor = data.variant;
  drawnCards = new Map();
}

/** Load the catalogue of ``variant`` once; resolves true when it is there. */
export async function loadCatalogue(variant, language = "en") {
  if (loadedFor === variant && entries.size) return true;
  try {
    const res = await fetch(`/api/variants/${encodeURIComponent(variant)}/cards?lang=${language === "de" ? "de" : "en"}`);
    if (!res.ok) return false;
    setCatalogue(await res.json(), language);
    return true;
  } catch {
    return false;
  }
}

export const hasCatalogue = () => entries.size > 0;

/** Every bean type of the game: the groups of the catalogue's cards that have
 * a beanometer, those of an option only when ``options`` turns it on. */
export function beanTypes(options = {}) {
  const out = [];
  for (const c of entries.values()) {
    if (!c.beanometer || out.includes(c.group)) continue;
    if (c.option && !options[c.option]) continue;
    out.push(c.group);
  }
  return out;
}

/** The catalogue entry of a key: itself, else the bean type it belongs to
 * ("brech" names the Brechbohne's group), else null. */
export function entryOf(key) {
  if (key === null || key === undefined) return null;
  const k = String(key);
  return entries.get(k) || byGroup.get(k) || byGroup.get(k.split(/[/:]/)[0]) || null;
}

/** A card's name in the page's language (its key when the catalogue lacks it). */
export function cardName(key) {
  const e = entryOf(key);
  return e ? (e.names && (e.names[lang] || e.names.en)) || String(key) : String(key);
}

const tr = (x) => (x && typeof x === "object" ? x[lang] || x.en || "" : x || "");
const nameOf = (e) => (e.names && (e.names[lang] || e.names.en)) || String(e.key);

// ---------------------------------------------------------------- what a face draws (no page needed)

/** The symbols of the catalogue (its ``symbol_name``), drawn in a 20 × 20 box. */
const ring = (cx, cy, r) => `M${cx - r} ${cy}a${r} ${r} 0 1 0 ${2 * r} 0a${r} ${r} 0 1 0 ${-2 * r} 0Z`;
function starPath(points, cx, cy, outer, inner) {
  const out = [];
  for (let i = 0; i < points * 2; i += 1) {
    const r = i % 2 ? inner : outer;
    const a = (Math.PI * i) / points - Math.PI / 2;
    out.push(`${(cx + r * Math.cos(a)).toFixed(2)} ${(cy + r * Math.sin(a)).toFixed(2)}`);
  }
  return `M${out.join("L")}Z`;
}
function petals(n, cx, cy, dist, r) {
  let d = "";
  for (let i = 0; i < n; i += 1) {
    const a = (2 * Math.PI * i) / n - Math.PI / 2;
    d += ring(+(cx + dist * Math.cos(a)).toFixed(2), +(cy + dist * Math.sin(a)).toFixed(2), r);
  }
  return d;
}
export const SYMBOLS = {
  circle: ring(10, 10, 7),
  triangle: "M10 2.5L18 17H2Z",
  square: "M3.5 3.5H16.5V16.5H3.5Z",
  diamond: "M10 1.5L18.5 10L10 18.5L1.5 10Z",
  star: starPath(5, 10, 10.8, 8.6, 3.6),
  eye: ring(10, 10, 8.5) + ring(10, 10, 5.5) + ring(10, 10, 3),
  heart: "M10 17.5C4 13 1.5 10 1.5 6.8C1.5 4.2 3.5 2.5 5.8 2.5C7.6 2.5 9 3.6 10 5C11 3.6 12.4 2.5 14.2 2.5C16.5 2.5 18.5 4.2 18.5 6.8C18.5 10 16 13 10 17.5Z",
  club: ring(10, 5.8, 3.8) + ring(5.4, 11, 3.8) + ring(14.6, 11, 3.8) + "M9 10L7.8 18.5H12.2L11 10Z",
  spade:
    "M10 1.5C7 6 1.8 8.5 1.8 12.2C1.8 14.6 3.8 16 5.9 16C7.4 16 8.6 15.2 9.2 14.2L8 18.5H12L10.8 14.2C11.4 15.2 12.6 16 14.1 16C16.2 16 18.2 14.6 18.2 12.2C18.2 8.5 13 6 10 1.5Z",
  spark: "M10 1Q11.2 8.8 19 10Q11.2 11.2 10 19Q8.8 11.2 1 10Q8.8 8.8 10 1Z",
  "half-circle": ring(10, 10, 8.5) + ring(10, 10, 6.5) + "M10 3.5A6.5 6.5 0 0 0 10 16.5Z",
  glass: "M2.5 2.5H17.5L10 11.5Z M9.1 10.5H10.9V16.2H9.1Z M5.5 16H14.5V18H5.5Z",
  crescent: "M13.5 2A8.5 8.5 0 1 0 13.5 18A6.8 6.8 0 1 1 13.5 2Z",
  flower: petals(5, 10, 10, 4.9, 3.6) + ring(10, 10, 2.2),
  cross: "M7.5 1.5H12.5V7.5H18.5V12.5H12.5V18.5H7.5V12.5H1.5V7.5H7.5Z",
  crown: "M1.5 6.5L6 10.5L10 3L14 10.5L18.5 6.5L16.5 15H3.5Z M3.5 16.2H16.5V18.3H3.5Z",
  flag: "M3.5 1.5H5.3V18.5H3.5Z M5.3 2.5H17L14 7L17 11.5H5.3Z",
  saltire: "M4 1.5L10 7.5L16 1.5L18.5 4L12.5 10L18.5 16L16 18.5L10 12.5L4 18.5L1.5 16L7.5 10L1.5 4Z",
};
// symbols whose holes are part of them (the eye's ring, the half circle's rim)
const EVENODD = new Set(["eye", "half-circle", "flower"]);

/** The bean outlines, one for every symbol of the catalogue, so that within a
 * game no two bean types share an outline, as none share a symbol:
 * l, w: half its length and width; notch: the dent of a kidney on its upper
 * edge; bend: how much it curves like a banana; taper: one end fatter than the
 * other; point: a pointed tip; tilt: degrees it leans; detail: a mark of its own. */
const BEANS = {
  circle: { l: 34, w: 22, notch: 0.3, bend: 0.15, taper: 0, point: 0, tilt: -10 },
  triangle: { l: 42, w: 13, notch: 0, bend: 1.1, taper: -0.45, point: 0.95, tilt: -20, detail: "stem" },
  square: { l: 31, w: 27, notch: 0.08, bend: 0, taper: 0.12, point: 0, tilt: 4 },
  diamond: { l: 44, w: 11, notch: 0, bend: 0.9, taper: 0, point: 0.8, tilt: 18, detail: "seam" },
  star: { l: 25, w: 22, notch: 0.14, bend: 0, taper: 0, point: 0, tilt: 10 },
  eye: { l: 33, w: 21, notch: 0.42, bend: 0, taper: 0.05, point: 0, tilt: 0, detail: "spot" },
  heart: { l: 33, w: 21, notch: 0.6, bend: 0.3, taper: 0.22, point: 0, tilt: -32 },
  club: { l: 27, w: 25, notch: 0.04, bend: 0, taper: -0.2, point: 0, tilt: 18 },
  spade: { l: 30, w: 22, notch: 0, bend: 0, taper: 0, point: 0.2, tilt: -48, detail: "groove" },
  spark: { l: 44, w: 13, notch: 0, bend: 0.35, taper: 0, point: 0.35, tilt: -6, detail: "seam" },
  "half-circle": { l: 37, w: 24, notch: 0, bend: 0, taper: 0.28, point: 0.45, tilt: 32, detail: "ridges" },
  glass: { l: 32, w: 21, notch: 0, bend: 0, taper: 0.5, point: 0, tilt: 72 },
  crescent: { l: 38, w: 17, notch: 0.85, bend: 0.8, taper: 0, point: 0, tilt: -14 },
  flower: { l: 35, w: 26, notch: 0.18, bend: 0.18, taper: 0.32, point: 0, tilt: 26 },
  cross: { l: 41, w: 15, notch: 0.22, bend: 0.35, taper: -0.12, point: 0.25, tilt: 42 },
  crown: { l: 31, w: 17, notch: 0, bend: 0, taper: 0.34, point: 0.25, tilt: 90 },
};

function hash(s) {
  let x = 2166136261;
  for (const ch of s) {
    x ^= ch.codePointAt(0);
    x = Math.imul(x, 16777619) >>> 0;
  }
  return x;
}

/** The bean outline of an entry: its ``symbol_name`` where a bean is drawn for
 * it, else one made from its symbol (the same for every card of the type). */
export function beanShape(e) {
  const name = e && e.symbol_name;
  if (name && Object.hasOwn(BEANS, name)) return name;
  return `x${hash(String((e && (e.symbol || e.group)) || "?")) % 100000}`;
}

function shapeParams(shape) {
  if (Object.hasOwn(BEANS, shape)) return BEANS[shape];
  const x = Number(String(shape).slice(1)) || 0;
  const pick = (i, lo, hi) => lo + (((x >> (i * 3)) & 7) / 7) * (hi - lo);
  return { l: pick(0, 26, 42), w: pick(1, 13, 25), notch: pick(2, 0, 0.6), bend: pick(3, 0, 0.6), taper: pick(4, -0.3, 0.3), point: 0, tilt: pick(5, -40, 40) };
}

const CY = 47; // the bean's middle in its 100 × 76 box, below room for a hat

/** The outline of a bean of ``shape`` in a 100 × 76 box: its path, its box
 * and its highest point (where a hat or a bow sits). */
export function beanOutline(shape) {
  if (!outlines.has(shape)) outlines.set(shape, drawOutline(shape));
  return outlines.get(shape);
}
const outlines = new Map(); // shape -> its outline, drawn once a page

function drawOutline(shape) {
  const p = shapeParams(shape);
  const n = 40;
  const raw = [];
  for (let i = 0; i < n; i += 1) {
    const t = (2 * Math.PI * i) / n;
    const c = Math.cos(t);
    const s = Math.sin(t);
    const tip = Math.max(0, c) ** 5;
    const x = p.l * c * (1 + 0.12 * p.point * tip);
    let y = p.w * s * (1 + p.taper * c) * (1 - p.point * tip * 0.85);
    if (s < 0) y += p.notch * p.w * s * s; // the dent on the upper edge
    y += p.bend * p.w * (1 - (x / p.l) ** 2); // the curve: middle down, ends up
    const a = (p.tilt * Math.PI) / 180;
    raw.push([x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a)]);
  }
  const xs = raw.map((q) => q[0]);
  const ys = raw.map((q) => q[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const k = Math.min(84 / (x1 - x0), 54 / (y1 - y0));
  const pts = raw.map(([x, y]) => [50 + (x - (x0 + x1) / 2) * k, CY + (y - (y0 + y1) / 2) * k]);
  const f = (v) => +v.toFixed(1);
  let d = `M${f(pts[0][0])} ${f(pts[0][1])}`;
  for (let i = 0; i < n; i += 1) {
    const [a, b, c, e] = [pts[(i + n - 1) % n], pts[i], pts[(i + 1) % n], pts[(i + 2) % n]];
    d += `C${f(b[0] + (c[0] - a[0]) / 6)} ${f(b[1] + (c[1] - a[1]) / 6)} ${f(c[0] - (e[0] - b[0]) / 6)} ${f(c[1] - (e[1] - b[1]) / 6)} ${f(c[0])} ${f(c[1])}`;
  }
  const w = (x1 - x0) * k;
  const h = (y1 - y0) * k;
  // the top of its head: the highest point of the outline above its face (its middle third)
  let top = null;
  let foot = null;
  for (const q of pts) {
    if (Math.abs(q[0] - 50) > w / 6) continue;
    if (!top || q[1] < top[1]) top = q;
    if (!foot || q[1] > foot[1]) foot = q;
  }
  let left = pts[0];
  for (const q of pts) if (q[0] < left[0]) left = q;
  return {
    d: `${d}Z`,
    box: { x: 50 - w / 2, y: CY - h / 2, w, h },
    top: { x: f(top[0]), y: f(top[1]) },
    foot: { x: f(foot[0]), y: f(foot[1]) },
    left: { x: f(left[0]), y: f(left[1]) },
    detail: p.detail || null,
  };
}

/** How the bean of a catalogue entry is drawn besides its outline: the
 * catalogue's ``wears`` (by the card's kind: ``bohn.catalogue.WEARS``), which
 * names what it wears and brings its face (a bow a lady's lashes, a fedora
 * shades, a curl a baby's big eyes and pacifier); "" for a plain bean. */
const LOOKS = new Set(["bow", "hat", "bicorne", "crown", "fedora", "curl"]);
export const beanLook = (e) => (e && LOOKS.has(e.wears) ? e.wears : "");

/** What a bean of ``look`` wears on its highest point ``top`` (a man's hat, a
 * lady's bow, a captain's bicorne, a crown, a fedora, a baby's curl), as a
 * part of its drawing; null for a plain bean. */
function accessory(look, top) {
  const { x, y } = top;
  const g = (cls, ...parts) => ["g", { class: `cf-wear ${cls}` }, ...parts];
  if (look === "bow")
    return g(
      "cf-bow",
      ["path", { d: `M${x} ${y - 2}L${x - 13} ${y - 10}L${x - 12} ${y + 6}Z M${x} ${y - 2}L${x + 13} ${y - 10}L${x + 12} ${y + 6}Z` }],
      ["circle", { cx: x, cy: y - 2, r: 3.6 }],
    );
  if (look === "hat")
    return g(
      "cf-hat",
      ["path", { d: `M${x - 10} ${y - 19}h20v17h-20z M${x - 17} ${y - 4}h34v5h-34z` }],
      ["path", { class: "cf-band", d: `M${x - 10} ${y - 8}h20v4h-20z` }],
    );
  if (look === "bicorne")
    return g(
      "cf-bicorne",
      ["path", { d: `M${x - 20} ${y + 1}Q${x} ${y - 26} ${x + 20} ${y + 1}Q${x} ${y - 6} ${x - 20} ${y + 1}Z` }],
      ["circle", { class: "cf-band", cx: x, cy: y - 7, r: 3 }],
    );
  if (look === "crown")
    return g("cf-crown", [
      "path",
      { d: `M${x - 13} ${y + 1}L${x - 15} ${y - 15}L${x - 6} ${y - 7}L${x} ${y - 19}L${x + 6} ${y - 7}L${x + 15} ${y - 15}L${x + 13} ${y + 1}Z` },
    ]);
  if (look === "fedora")
    return g(
      "cf-fedora",
      [
        "path",
        {
          d: `M${x - 22} ${y}Q${x} ${y + 7} ${x + 22} ${y}Q${x} ${y - 4} ${x - 22} ${y}Z M${x - 12} ${y - 1}Q${x - 12} ${y - 18} ${x - 4} ${y - 17}Q${x} ${y - 13} ${x + 4} ${y - 17}Q${x + 12} ${y - 18} ${x + 12} ${y - 1}Z`,
        },
      ],
      ["path", { class: "cf-band", d: `M${x - 12} ${y - 6}h24v3.5h-24z` }],
    );
  if (look === "curl") return g("cf-curl", ["path", { d: `M${x} ${y + 2}c-1 -7 7 -9 8 -4c1 4 -5 4 -4 1` }]);
  return null;
}

/** The drawing of a bean of ``shape`` and ``look`` in its 100 × 76 box, as its
 * parts ([tag, attributes, ...parts]): its outline (in the colour of the card
 * it is on), a shine, a mark of its own, a face and what it wears. Drawn once
 * a page for each shape and look. */
export function beanDrawing(shape, look = "") {
  const id = `${shape}/${look}`;
  if (!drawings.has(id)) drawings.set(id, drawBean(shape, look));
  return drawings.get(id);
}
const drawings = new Map(); // "<shape>/<look>" -> its parts

function drawBean(shape, look) {
  const o = beanOutline(shape);
  const { x, y, w, h: ht } = o.box;
  // the face sits in the body's middle, a little above half its thickness there
  const thick = o.foot.y - o.top.y;
  const cx = x + w / 2;
  const cy = o.top.y + thick * 0.4;
  const er = Math.max(3, Math.min(thick * 0.15, w * 0.085, 6.4));
  const gap = Math.min(w * 0.16, er * 1.9);
  const parts = [["path", { class: "cf-body", d: o.d }]];
  parts.push([
    "ellipse",
    {
      class: "cf-shine",
      cx: x + w * 0.32,
      cy: y + ht * 0.3,
      rx: w * 0.14,
      ry: ht * 0.09,
      transform: `rotate(-25 ${x + w * 0.32} ${y + ht * 0.3})`,
    },
  ]);
  if (o.detail === "groove")
    parts.push(["path", { class: "cf-line", d: `M${cx - w * 0.3} ${cy + ht * 0.28}Q${cx} ${cy + ht * 0.1} ${cx + w * 0.3} ${cy + ht * 0.3}` }]);
  if (o.detail === "seam")
    parts.push(["path", { class: "cf-line", d: o.d, transform: `translate(0 ${ht * 0.1}) scale(1 0.92)`, "transform-origin": `${cx} ${cy}` }]);
  if (o.detail === "ridges")
    for (const k of [-0.22, 0, 0.22])
      parts.push([
        "path",
        { class: "cf-line", d: `M${cx - w * 0.32} ${cy + ht * (0.25 + k)}Q${cx} ${cy + ht * (0.15 + k)} ${cx + w * 0.32} ${cy + ht * (0.25 + k)}` },
      ]);
  if (o.detail === "stem") parts.push(["path", { class: "cf-stem", d: `M${o.left.x + 3} ${o.left.y}q-5 -3 -5 -11l3.5 0q0 6 4 8z` }]);
  // the face: eyes (the black-eyed bean's left one in its black patch) and a smile
  const eyes = [cx - gap, cx + gap];
  if (o.detail === "spot") parts.push(["ellipse", { class: "cf-patch", cx: eyes[0], cy, rx: er * 1.7, ry: er * 1.55 }]);
  const big = look === "curl" ? 1.25 : 1;
  for (const ex of eyes) {
    parts.push(["ellipse", { class: "cf-eye", cx: ex, cy, rx: er * big, ry: er * 1.15 * big }]);
    parts.push(["circle", { class: "cf-pupil", cx: ex + er * 0.25, cy: cy + er * 0.2, r: er * 0.55 * big }]);
  }
  if (look === "bow")
    for (const ex of eyes)
      parts.push(["path", { class: "cf-lash", d: `M${ex - er} ${cy - er * 0.9}l-2 -3 M${ex} ${cy - er * 1.2}v-3.4 M${ex + er} ${cy - er * 0.9}l2 -3` }]);
  if (look === "fedora")
    parts.push([
      "path",
      {
        class: "cf-shades",
        d: `M${eyes[0] - er * 1.5} ${cy - er}h${er * 3 + gap * 2}v${er * 1.6}q-${er * 1.2} ${er} -${er * 1.5 + gap * 0.5} 0 h-${gap} q-${er * 0.3} ${er} -${er * 1.5 + gap * 0.5} 0z`,
      },
    ]);
  const my = cy + er * 2.3;
  parts.push(["path", { class: "cf-mouth", d: `M${cx - gap * 0.7} ${my}Q${cx} ${my + er * 1.3} ${cx + gap * 0.7} ${my}` }]);
  if (look === "curl") parts.push(["circle", { class: "cf-pacifier", cx, cy: my + er * 0.5, r: er * 0.8 }]);
  const wear = accessory(look, o.top);
  if (wear) parts.push(wear);
  return parts;
}

/** A beanometer as the cells of its strip: the coins and the cards they need
 * (null: that step does not exist). Four cells, a blank for a missing step, as
 * printed; a meter that pays more than 4 coins (Sissi's 1, 3 and 5 Talers) shows
 * only the steps it has. */
export function meterCells(m) {
  const cells = (m || []).map((cards, i) => ({ coins: i + 1, cards: cards === undefined ? null : cards }));
  if (cells.length > 4) return cells.filter((c) => c.cards !== null);
  while (cells.length < 4) cells.push({ coins: cells.length + 1, cards: null });
  return cells;
}

/** How many coins a price is drawn with (the catalogue's ``price``; 0: none). */
export function priceCoins(price) {
  const n = Number(price);
  return price === null || price === undefined || !Number.isFinite(n) || n < 0 ? 0 : Math.round(n);
}

/** The picture of what a card does: the catalogue's ``icon`` (one of
 * ``ICON_NAMES``), else a house for a building or an establishment; null for a
 * card that does nothing but pay (a plain bean). */
export function effectIcon(e) {
  if (!e) return null;
  if (e.icon) return String(e.icon);
  return e.kind === "building" || e.kind === "establishment" ? "house" : null;
}

/** The pictures of effects, drawn with lines in a 24 × 24 box; the
 * catalogue's ``icon`` names one (docs/cards.md says what each means). */
const ICONS = {
  points: "M7 3.5h10v4.5a5 5 0 0 1-10 0z M7 5.5H3.8a3.2 3.2 0 0 0 3.6 4.4 M17 5.5h3.2a3.2 3.2 0 0 1-3.6 4.4 M12 13v4 M8 20.5h8 M9.5 17h5v3.5h-5z",
  field: "M2.5 10l9.5-5.5 9.5 5.5-9.5 5.5z M6.5 12.3l9.5-5.5 M9.5 14l9.5-5.5 M18.5 15.5v6 M15.5 18.5h6",
  pot: "M3 11h18 M4.5 11v5.5a3.5 3.5 0 0 0 3.5 3.5h8a3.5 3.5 0 0 0 3.5-3.5V11 M1.5 11h3 M19.5 11h3 M9 3.5c-1.2 1.5 1.2 2.5 0 4.5 M13 3.5c-1.2 1.5 1.2 2.5 0 4.5",
  meter: "M3 21h18 M6 21v-5 M11 21v-9 M16 21v-13 M13 6.5l3-3.5 3 3.5",
  cash: `${ring(9, 14, 6.5)} M7.5 12.5l2-1.5v6 M18 2.5v7 M14.5 6h7`,
  look: `M1.5 12s4-7 10.5-7 10.5 7 10.5 7-4 7-10.5 7S1.5 12 1.5 12z${ring(12, 12, 3)}`,
  order: "M3.5 8h15 M15 4.5l3.5 3.5-3.5 3.5 M20.5 16h-15 M9 12.5L5.5 16 9 19.5",
  plant: "M12 21v-9 M12 12C12 8 9 6 4.5 6c0 4 3 6 7.5 6z M12 10c0-3.5 2.5-5.5 7-5.5 0 3.5-2.5 5.5-7 5.5z M6.5 21h11",
  mix: `${ring(7, 8, 4.5)}${ring(17, 16, 4.5)} M10.5 11l3 2`,
  harvest: "M7 16C4.5 9.5 9 3 16.5 3.5c-5 2-7.8 6.5-7 12 M7 16l-3.5 5.5 M4.5 18.5l4 2",
  store: "M3 10.5h18l-2 10H5z M7.5 10.5l3-6.5 M16.5 10.5l-3-6.5 M9 14v3.5 M12 14v3.5 M15 14v3.5",
  fedora: "M1.5 17.5c4 2.5 17 2.5 21 0 M5 16.5c0-4.5 1-9.5 3.5-10.5 2 0 2.5 1.5 3.5 1.5S13.5 6 15.5 6C18 7 19 12 19 16.5 M5.3 13.5h13.4",
  lady: `${ring(12, 8.5, 5.5)} M12 14v8 M8.5 18.5h7`,
  draw: "M6 2.5h9l3.5 3.5v15.5H6z M12 8v8.5 M8.8 13.5l3.2 3.2 3.2-3.2",
  discard: "M4.5 7h15 M9.5 7V4h5v3 M6.5 7l1 13.5h9l1-13.5 M10 11v6 M14 11v6",
  remove: `${ring(12, 12, 9.5)} M8 8l8 8 M16 8l-8 8`,
  bottom: "M3.5 20.5h17 M3.5 16.5h17 M12 13V2.5 M8 6.5l4-4 4 4",
  gift: "M4 11h16v10H4z M3 7.5h18V11H3z M12 7.5V21 M12 7.5C10 3.5 5.5 3.5 5.5 6c0 1.5 2.5 1.5 6.5 1.5z M12 7.5c2-4 6.5-4 6.5-1.5 0 1.5-2.5 1.5-6.5 1.5z",
  hand: "M3 8.5l6-2.5 2.5 13-6 2.5z M9.5 5h6v15h-6 M16 6l5 2-3.5 12.5",
  rattle: `${ring(8.5, 8.5, 6)} M4 6.5l9 4 M13 13l6 6${ring(20, 20, 2.2)} M5.5 11.5v.1 M11 5v.1`,
  police: `M12 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 14.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9z M8 22h8`,
  razzia: "M6.5 19v-7a5.5 5.5 0 0 1 11 0v7z M4 22h16 M12 2v2.5 M3.5 5.5l2 2 M20.5 5.5l-2 2 M10 13.5a2 2 0 0 1 2-2",
  house: "M2.5 11.5L12 3.5l9.5 8 M5 10v11h14V10 M10 21v-6h4v6",
  ball: `${ring(12, 12, 9.5)} M12 7.5l4 3-1.5 4.8h-5L8 10.5z M12 2.5v5 M16 10.5l5-1.5 M14.5 15.3l3 4 M9.5 15.3l-3 4 M8 10.5L3 9`,
  goal: "M2.5 20V5h19v15 M2.5 9.5h19 M2.5 14.5h19 M7 5v15 M12 5v15 M17 5v15",
  glove: "M7 21.5v-6.5L3.5 10.5 5 9l3 3V4.5a1.5 1.5 0 0 1 3 0V11V3a1.5 1.5 0 0 1 3 0v8V4.5a1.5 1.5 0 0 1 3 0V11V7.5a1.5 1.5 0 0 1 3 0V15c0 4-3 6.5-6.5 6.5z",
  whistle: `M2.5 9.5h12a5.5 5.5 0 1 1-5.5 5.5V9.5 M14.5 9.5l6.5-3.5 M11.5 5.5V2.5${ring(14.5, 15, 1.5)}`,
  tackle: "M3.5 4.5h5.5v7l8.5 3c2 .8 3.5 2.2 3.5 4.5H3.5z M3.5 16.5h17.5 M6 19v2.5 M10 19v2.5 M14 19v2.5 M18 19v2.5",
  coin: `${ring(12, 12, 9)}${ring(12, 12, 6)}`,
  hat: "M7 3.5h10v11H7z M2.5 14.5h19v3h-19z",
  bottle: "M9.5 1.5h5v3h-5z M8 4.5h8l1.5 3.5v12a2.5 2.5 0 0 1-2.5 2.5H9a2.5 2.5 0 0 1-2.5-2.5V8z M6.5 11.5h4 M6.5 15.5h4",
};
export const ICON_NAMES = Object.keys(ICONS);

/** The length (in letters) of the longer line of ``name`` laid out in at
 * most ``lines`` lines, broken after spaces, hyphens and soft hyphens. */
export function nameLine(name, lines = 2) {
  const parts = String(name).match(/[^\s\u00ad-]+[\s\u00ad-]?/g) || [""];
  const len = (a) => a.join("").replace(/[\s\u00ad]$/, "").length;
  let best = len(parts);
  if (lines < 2) return best;
  for (let i = 1; i < parts.length; i += 1) {
    const rest = nameLine(parts.slice(i).join(""), lines - 1);
    best = Math.min(best, Math.max(len(parts.slice(0, i)), rest));
  }
  return best;
}

/** The size of a card's name, as a share of the card's width: as large as
 * lets it fit the band in two lines (three for a long title), beside the
 * ``coins`` of its price. */
export function nameScale(name, coins = 0) {
  const lines = String(name).length > 22 ? 3 : 2;
  const room = coins > 0 ? 0.66 - 0.06 * (Math.min(coins, 5) - 1) : 0.9;
  const fit = room / (0.55 * Math.max(1, nameLine(name, lines)));
  return +Math.min(0.19, Math.max(0.115, fit)).toFixed(3);
}

/** The short title a card shows where room is short: its name without the
 * price it starts with ("3 Bank" costs 3: "Bank") and without the bean type
 * its drawing shows ("Chili bean: header": "header"). */
export function shortTitle(e, name = e ? nameOf(e) : "") {
  if (!e) return name;
  let s = String(name);
  const price = priceCoins(e.price);
  if (e.price !== null && e.price !== undefined && s.startsWith(`${price} `)) s = s.slice(String(price).length + 1);
  const head = byGroup.get(e.group);
  const bean = head ? nameOf(head).split(":")[0].trim() : "";
  if (bean && Object.hasOwn(BEANS, e.symbol_name) && s.startsWith(`${bean}: `)) s = s.slice(bean.length + 2);
  return s;
}

// ---------------------------------------------------------------- drawing

const SVG = "http://www.w3.org/2000/svg";

function h(tag, cls, ...children) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) n.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return n;
}

function sv(tag, attrs = {}, ...children) {
  const n = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== null && v !== undefined) n.setAttribute(k, String(v));
  for (const c of children.flat()) if (c) n.append(c);
  return n;
}

function apply(node, attrs) {
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class")
      node.classList.add(
        ...String(v)
          .split(/\s+/)
          .filter((c) => c && c !== "card"),
      );
    else if (k === "dataset") Object.assign(node.dataset, v);
    else if (k === "text") node.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") {
      node.addEventListener(k.slice(2), v);
      wired.add(node);
    } else node.setAttribute(k, v === true ? "" : String(v));
  }
}

/** A part of a drawing ([tag, attributes, ...parts]) as an SVG element. */
const part = ([tag, attrs, ...parts]) => sv(tag, attrs, ...parts.map(part));

/** A copy of the card ``id`` ("face:<key>", "coin:<key>", "back"…): a card
 * is drawn once for each key (for the page's catalogue and language, by
 * ``draw()``) and every card of it on the page is a copy; null where there is none. */
function copyOf(id, draw) {
  let n = drawnCards.get(id);
  if (n === undefined) {
    n = draw();
    drawnCards.set(id, n);
  }
  if (!n) return n;
  const copy = n.cloneNode(true);
  copies.set(copy, n);
  return copy;
}

/** A symbol of the catalogue as a small picture (its glyph where none is drawn). */
function symbolPic(e, cls = "cf-sym") {
  const d = SYMBOLS[e.symbol_name];
  const box = h("span", cls);
  box.setAttribute("aria-hidden", "true");
  box.dataset.symbol = e.symbol_name || "";
  if (d) box.append(sv("svg", { viewBox: "0 0 20 20", focusable: "false" }, sv("path", { d, "fill-rule": EVENODD.has(e.symbol_name) ? "evenodd" : null })));
  else box.append(e.symbol || "");
  return box;
}

/** A picture of ``ICONS``, drawn in the current colour. */
function iconPic(name, cls) {
  const box = h("span", cls);
  box.setAttribute("aria-hidden", "true");
  box.dataset.icon = name;
  box.append(sv("svg", { viewBox: "0 0 24 24", focusable: "false" }, sv("path", { d: ICONS[name] || ICONS.coin })));
  return box;
}

/** The drawn bean of ``shape`` dressed for ``look`` (beanDrawing). */
function beanPic(shape, look) {
  const pic = sv("svg", { class: "cf-pic cf-bean", viewBox: "0 0 100 76", focusable: "false", "aria-hidden": "true" }, ...beanDrawing(shape, look).map(part));
  pic.dataset.shape = shape;
  return pic;
}

/** A beanometer as printed: coins (their value on them) over the cards they need. */
function meterStrip(m, cls = "cf-meter") {
  const strip = h("span", cls);
  strip.setAttribute("aria-hidden", "true");
  const cells = meterCells(m);
  strip.dataset.steps = String(cells.length);
  for (const { coins, cards } of cells) {
    const cell = h("span", cards === null ? "cf-step blank" : "cf-step", cards === null ? "" : String(cards));
    cell.dataset.coins = String(coins);
    strip.append(cell);
  }
  return strip;
}

/** A price as coins: as many coins as it costs, the last one bearing the number. */
function priceTag(price) {
  const n = priceCoins(price);
  const tag = h("span", "cf-cost");
  tag.dataset.price = String(n);
  tag.title = words().price(n);
  for (let i = 1; i < n; i += 1) tag.append(h("span", "cf-coin"));
  tag.append(h("span", "cf-coin cf-price", String(n)));
  return tag;
}

/** ``n`` coins in a row, the last one bearing the number (a boss's threshold). */
export function coinRow(n) {
  const row = priceTag(n);
  row.className = "coin-row";
  row.removeAttribute("title");
  row.setAttribute("aria-hidden", "true");
  return row;
}

/** A small drawing of the bean of ``group`` (a market's column head); null
 * where the catalogue draws no bean for it. */
export function beanIcon(group) {
  return copyOf(`bean-icon:${group}`, () => {
    const e = byGroup.get(group);
    if (!e || !Object.hasOwn(BEANS, e.symbol_name)) return null;
    const box = h("span", "bean-icon", beanPic(beanShape(e), ""));
    box.style.setProperty("--c", e.colour);
    box.setAttribute("aria-hidden", "true");
    box.title = cardName(e.key).split(":")[0];
    return box;
  });
}

/** The hover text and the popover's lines of an entry. */
function meterText(m) {
  return (m || [])
    .map((n, i) => (n === null || n === undefined ? null : words().needs(n, i + 1)))
    .filter(Boolean)
    .join(", ");
}

function details(e) {
  const lines = [];
  if (e.count) lines.push(words().count(e.count));
  if (e.beanometer) lines.push(`${words().meter}: ${meterText(e.beanometer)}`);
  if (e.lady_beanometer) lines.push(`${words().lady}: ${meterText(e.lady_beanometer)}`);
  const text = tr(e.text) || tr(e.effect);
  if (text) lines.push(text);
  return lines;
}

/** A face-down card: the backs' pattern of little beans and the game's name on a medallion. */
export function cardBack(attrs = {}) {
  const n = copyOf("back", () => {
    const back = h("span", "card cardf card-back", h("span", "cb-oval", h("span", "cb-word", "bohn")));
    back.setAttribute("role", "img");
    back.setAttribute("aria-label", words().back);
    back.title = words().back;
    return back;
  });
  apply(n, attrs);
  return n;
}

/** A coin: a gold coin with its value, rimmed in its bean's colour with its
 * symbol when the face is known (a coin is a bean card turned over: 1 coin). */
export function coinFace(key, attrs = {}) {
  const known = key !== null && key !== undefined;
  const n = copyOf(known ? `coin:${key}` : "coin", () => drawCoin(key));
  apply(n, attrs);
  return n;
}

function drawCoin(key) {
  const e = entryOf(key);
  const n = h("span", "card coin coinf");
  const name = e ? `${cardName(key)} (${words().coin})` : `1 ${words().coin}`;
  n.setAttribute("role", "img");
  n.setAttribute("aria-label", name);
  n.title = name;
  if (e) {
    n.style.setProperty("--c", e.colour);
    n.style.setProperty("--ink", e.ink);
    n.classList.add("known");
    n.append(symbolPic(e, "coin-sym"));
  } else n.append(h("span", "coin-val", "1"));
  if (key !== null && key !== undefined) n.dataset.card = String(key);
  return n;
}

/** A bean type named by its group ("brech" for Bohnkick's ball): a round token
 * in the bean's colour with its symbol. */
function beanToken(key, e) {
  const name = ((e.names && (e.names[lang] || e.names.en)) || String(key)).split(":")[0];
  const n = h("span", "card coinf bean-token", symbolPic(e, "coin-sym"));
  n.style.setProperty("--c", e.colour);
  n.style.setProperty("--ink", e.ink);
  n.dataset.card = String(key);
  n.setAttribute("role", "img");
  n.setAttribute("aria-label", name);
  n.title = name;
  return n;
}

/** A card's name with a soft hyphen where a German compound may break on a
 * narrow card: before its "bohne" (Garten-bohne, not Gartenbohn-e). */
export function breakable(name) {
  return name.replace(/(\p{L}{3,})(bohne)/gu, "$1\u00ad$2").replace(/\p{L}{13,}/gu, syllables);
}

const VOWELS = /[aeiouyäöü]/i;

/** A long word (a German compound: "Gemischtwarenladen") with soft hyphens
 * where its syllables meet, so that a narrow title breaks it there: before the
 * last consonant between two vowels ("Ge-mischt-wa-ren-la-den"), before a whole
 * "ch" or "ck", before an "sch" that follows a consonant ("Kameraden-schwein"). */
function syllables(word) {
  const cuts = [];
  let i = 1;
  while (i < word.length) {
    if (VOWELS.test(word[i]) || !VOWELS.test(word[i - 1])) {
      i += 1;
      continue;
    }
    let e = i;
    while (e < word.length && !VOWELS.test(word[e])) e += 1;
    if (e >= word.length) break;
    const run = word.slice(i, e).toLowerCase();
    const sch = run.lastIndexOf("sch");
    const cut = sch > 0 ? i + sch : run.endsWith("ch") || run.endsWith("ck") ? e - 2 : e - 1;
    if (cut >= 2 && word.length - cut >= 3) cuts.push(cut);
    i = e;
  }
  let out = "";
  let at = 0;
  for (const c of cuts) {
    out += `${word.slice(at, c)}\u00ad`;
    at = c;
  }
  return out + word.slice(at);
}

/** The badge of a bean's kind, on the card's left edge (which a fanned hand
 * or a pile leaves in view): ♀ for a lady, a hat for a man, a rattle for a baby. */
function kindBadge(e, man) {
  if (e.kind === "lady") {
    const badge = h("span", "cf-lady", "♀");
    badge.dataset.testid = "lady-mark";
    badge.title = words().she;
    return badge;
  }
  // a man is marked where ladies share his game (Ladybohn, Mutterböhnchen)
  if (e.kind === "man" || (e.kind === "mama" && man)) {
    const badge = iconPic("hat", "cf-kind cf-man");
    badge.title = words().he;
    return badge;
  }
  if (e.kind === "baby") {
    const badge = iconPic("bottle", "cf-kind cf-baby");
    badge.title = words().baby;
    return badge;
  }
  return null;
}

/** A card face from its catalogue entry; null when the catalogue lacks it. */
export function cardFace(key, attrs = {}) {
  if (key === null || key === undefined) return null;
  const n = copyOf(`face:${key}`, () => drawFace(key));
  if (!n) return null;
  apply(n, attrs);
  // a card face (not a bean type's token) is reached with the keyboard
  if (n.dataset.details) n.setAttribute("tabindex", n.getAttribute("tabindex") ?? "0");
  return n;
}

/** The name a card's band shows: a lady's her bean type's (her ♀ badge, bow
 * and frame say the rest), a thing to buy its short title. */
function bandName(e, name, isBean) {
  const man = e.kind === "lady" ? byGroup.get(e.group) : null;
  return isBean ? (man && man.kind !== "lady" ? cardName(man.key) : name) : shortTitle(e, name);
}

/** A card of a stack that lies under another, of which only its top edge
 * shows: one element, its frame and the ribbon in its bean's colour with its
 * name (where the card is large enough to read it), and what it is for a
 * screen reader, on hover and in its detail view. Null when the catalogue
 * lacks it (a token, a key it does not know). */
export function cardRibbon(key, attrs = {}) {
  if (key === null || key === undefined) return null;
  const n = copyOf(`ribbon:${key}`, () => drawRibbon(key));
  if (!n) return null;
  apply(n, attrs);
  if (n.dataset.details) n.setAttribute("tabindex", n.getAttribute("tabindex") ?? "0");
  return n;
}

function drawRibbon(key) {
  const e = entryOf(key);
  if (!e || !entries.has(String(key))) return null;
  const name = cardName(key);
  const isBean = !!e.beanometer && !e.text;
  const shown = breakable(bandName(e, name, isBean));
  const n = h("span", `card cardl kind-${e.kind}${e.kind === "lady" ? " lady" : ""}`, shown);
  n.dataset.card = String(key);
  n.style.setProperty("--nf", String(nameScale(shown, isBean ? 0 : priceCoins(e.price))));
  n.style.setProperty("--c", e.colour);
  n.style.setProperty("--ink", e.ink);
  n.lang = lang;
  n.setAttribute("aria-label", name);
  n.setAttribute("role", "img");
  n.title = [name, ...details(e)].join("\n");
  n.dataset.details = "1";
  return n;
}

/** A face-down card of one element (a fan of another seat's hand, where a
 * card is too small for the back's medallion). */
export function cardBackPlain() {
  return copyOf("back-plain", () => {
    const back = h("span", "card cardl card-back");
    back.setAttribute("aria-hidden", "true");
    return back;
  });
}

function drawFace(key) {
  const e = entryOf(key);
  if (!e) return null;
  if (!entries.has(String(key))) return beanToken(key, e);
  const name = cardName(key);
  const isBean = !!e.beanometer && !e.text;
  const lady = e.kind === "lady";
  // a bean is drawn on it (a bean type's, or a figure's that wears something),
  // unless it is a thing to buy (pictured by what it does)
  const drawn = (e.price === null || e.price === undefined) && (Object.hasOwn(BEANS, e.symbol_name) || beanLook(e) !== "");
  const icon = isBean ? null : effectIcon(e);
  const n = h("span", `card cardf kind-${e.kind}${isBean ? " bean" : " special"}${lady ? " lady" : ""}${drawn ? " drawn" : " pictured"}`);
  n.dataset.card = String(key);
  // a lady's face says her bean type; her ♀ badge, bow and frame say the rest
  // (her full name, "Garden bean (lady)", is the accessible name and the hover text)
  const shown = bandName(e, name, isBean);
  // the name as large as fits its band in two lines (three for a long title)
  n.style.setProperty("--nf", String(nameScale(breakable(shown), isBean ? 0 : priceCoins(e.price))));
  n.lang = lang;
  n.style.setProperty("--c", e.colour);
  n.style.setProperty("--ink", e.ink);
  n.setAttribute("aria-label", name);
  n.setAttribute("role", "img");
  n.title = [name, ...details(e)].join("\n");
  const top = h("span", "cf-top");
  const price = isBean ? null : e.price;
  if (price !== null && price !== undefined) top.append(priceTag(price));
  top.append(h("span", "cf-name", breakable(shown)));
  const art = h("span", "cf-art");
  if (drawn) art.append(beanPic(beanShape(e), beanLook(e)));
  else if (icon) art.append(iconPic(icon, "cf-pic cf-medal"));
  if (isBean && e.count) art.append(h("span", "cf-count", String(e.count)));
  art.append(symbolPic(e));
  if (drawn && icon && e.kind !== "baby") art.append(iconPic(icon, "cf-icon"));
  const badge = kindBadge(e, ladies);
  if (badge) art.append(badge);
  n.append(top, art);
  const eff = isBean ? "" : tr(e.effect) || tr(e.text);
  if (eff) n.append(h("span", "cf-effect", eff));
  const meter = lady && e.lady_beanometer ? e.lady_beanometer : e.beanometer;
  if (meter) n.append(meterStrip(meter));
  // the detail view's own button (a click on the card itself is the table's),
  // on the card's left edge, away from its middle, where a finger takes it
  const info = h("span", "cf-info", "i");
  info.dataset.testid = "card-info";
  info.setAttribute("aria-hidden", "true"); // the card's keys (Enter, the menu key) open it too
  info.title = words().info(name);
  n.append(info);
  n.dataset.details = "1";
  return n;
}

// ---------------------------------------------------------------- the peek: a small card shown large

//: how long the mouse rests on a card before it shows large (ms)
export const PEEK_MS = 350;
//: a bean card drawn at least this tall (px) shows all of itself: no peek
const PEEK_TALL = 140;

let peekBox = null;
let peekTimer = null;
let peekFor = null;

function peekLayer() {
  if (peekBox) return peekBox;
  peekBox = document.createElement("div");
  peekBox.className = "card-peek";
  peekBox.setAttribute("aria-hidden", "true");
  peekBox.hidden = true;
  document.body.append(peekBox);
  return peekBox;
}

export function hidePeek() {
  clearTimeout(peekTimer);
  peekTimer = null;
  peekFor = null;
  if (peekBox && !peekBox.hidden) {
    peekBox.hidden = true;
    peekBox.replaceChildren(); // nothing of it stays on the page to be found
  }
}

function watchPeek() {
  // the table drawn anew took the card away: its peek goes too
  if (!peekFor) return;
  if (!peekFor.isConnected) hidePeek();
  else requestAnimationFrame(watchPeek);
}

/** Show the card element ``node`` large beside it, with its effect in words
 * (not a bean card that is large already). */
export function showPeek(node) {
  const key = node && node.dataset.card;
  if (!key || !entries.has(key) || (pop && !pop.hidden)) return;
  const r = node.getBoundingClientRect();
  // a large bean card shows all there is; a card with an effect shows its words only large
  if (!r.width || (r.height >= PEEK_TALL && !node.querySelector(".cf-effect"))) return;
  const box = peekLayer();
  const big = cardFace(key, { tabindex: "-1" });
  big.classList.add("big", "peek");
  for (const a of ["title", "data-details", "data-card", "tabindex", "role", "aria-label"]) big.removeAttribute(a);
  for (const x of big.querySelectorAll("[data-testid], [title]")) {
    x.removeAttribute("data-testid");
    x.removeAttribute("title");
  }
  box.replaceChildren(big);
  box.hidden = false;
  peekFor = node;
  const w = box.offsetWidth;
  const ht = box.offsetHeight;
  let left = r.right + 10;
  if (left + w > window.innerWidth - 8) left = r.left - w - 10;
  if (left < 8) left = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), window.innerWidth - w - 8);
  let top = r.top + r.height / 2 - ht / 2;
  top = Math.min(Math.max(8, top), window.innerHeight - ht - 8);
  box.style.left = `${Math.round(left)}px`;
  box.style.top = `${Math.round(top)}px`;
  requestAnimationFrame(watchPeek);
}

function installPeek() {
  document.addEventListener("pointerover", (ev) => {
    if (ev.pointerType !== "mouse") return;
    const n = faceOf(ev.target);
    if (!n || n === peekFor) return;
    hidePeek();
    peekTimer = setTimeout(() => showPeek(n), PEEK_MS);
  });
  document.addEventListener("pointerout", (ev) => {
    const n = faceOf(ev.target);
    if (n && !(ev.relatedTarget instanceof Node && n.contains(ev.relatedTarget))) hidePeek();
  });
  document.addEventListener("focusin", (ev) => {
    const n = faceOf(ev.target);
    if (n && n === ev.target && n.matches(":focus-visible")) {
      hidePeek();
      showPeek(n);
    }
  });
  document.addEventListener("focusout", (ev) => {
    if (peekFor && ev.target === peekFor) hidePeek();
  });
  for (const type of ["pointerdown", "dragstart", "wheel", "contextmenu"]) document.addEventListener(type, hidePeek, true);
  window.addEventListener("scroll", hidePeek, true);
  window.addEventListener("blur", hidePeek);
}

// ---------------------------------------------------------------- the detail popover

let pop = null;

function popover() {
  if (pop) return pop;
  pop = document.createElement("div");
  pop.className = "card-pop";
  pop.id = "card-pop";
  pop.dataset.testid = "card-detail";
  pop.setAttribute("role", "dialog");
  pop.hidden = true;
  document.body.append(pop);
  return pop;
}

export function closeDetail() {
  if (pop) pop.hidden = true;
}

/** Show the detail view of the card element ``node``. */
export function openDetail(node) {
  const key = node.dataset.card;
  const e = entryOf(key);
  if (!e) return;
  hidePeek();
  const p = popover();
  const close = h("button", "small cf-close", "×");
  close.type = "button";
  close.setAttribute("aria-label", words().close);
  close.addEventListener("click", closeDetail);
  const big = cardFace(key, { tabindex: "-1" });
  big.classList.add("big");
  big.removeAttribute("title");
  p.replaceChildren(
    h("div", "pop-head", h("strong", "", cardName(key)), close),
    h("div", "pop-body", big, h("div", "pop-text", ...details(e).map((l) => h("p", "", l)))),
  );
  p.setAttribute("aria-label", cardName(key));
  p.hidden = false;
  const r = node.getBoundingClientRect();
  const w = p.offsetWidth;
  const ph = p.offsetHeight;
  const left = Math.min(Math.max(8, r.left + r.width / 2 - w / 2), window.innerWidth - w - 8);
  let top = r.bottom + 6;
  if (top + ph > window.innerHeight - 8) top = Math.max(8, r.top - ph - 6);
  p.style.left = `${Math.max(8, left)}px`;
  p.style.top = `${top}px`;
  close.focus({ preventScroll: true });
}

function faceOf(target) {
  const n = target && target.closest ? target.closest("[data-details]") : null;
  return n && !n.closest(".card-pop, .card-peek") ? n : null;
}

/** The card face whose (i) the pointer event `ev` is on, or null. The (i)
 * takes no pointer events itself (a finger near it would be drawn to it by
 * the browser's touch adjustment, and a drag of the card never begin): the
 * press is on the card, and its place tells. */
function onInfo(ev) {
  const n = faceOf(ev.target);
  const i = n && n.querySelector(":scope > .cf-info");
  if (!i || (!ev.isTrusted && !ev.clientX && !ev.clientY)) return null;
  const r = i.getBoundingClientRect();
  if (!r.width) return null; // not shown here (a card in a control, under another card)
  const inside = ev.clientX >= r.left - 1 && ev.clientX <= r.right + 1 && ev.clientY >= r.top - 1 && ev.clientY <= r.bottom + 1;
  return inside ? n : null;
}

//: how long a press on a card, held still, takes to open its detail view (ms)
export const LONG_PRESS_MS = 450;
//: how far (px) a pointer may move before a press is a drag instead
export const PRESS_SLOP_PX = 8;

let pressTimer = null;
let pressed = null; // {x, y} where the press on a card began
let longPressed = false;

/** A long press, a right click, the card's (i), Enter (on a card that does not
 * move) and Escape open and close card details (once per page). A plain click
 * or tap on a card never opens them: it is the table's (picking the card,
 * planting on its field). */
export function installDetails() {
  if (document.body.dataset.cardDetails) return;
  document.body.dataset.cardDetails = "1";
  installPeek();
  // the (i): its press is no drag, no long press and no pick; its click opens the details
  document.addEventListener(
    "pointerdown",
    (ev) => {
      if (onInfo(ev)) ev.stopPropagation();
    },
    true,
  );
  document.addEventListener(
    "click",
    (ev) => {
      const n = onInfo(ev);
      if (!n) return;
      ev.preventDefault();
      ev.stopPropagation();
      openDetail(n);
    },
    true,
  );
  document.addEventListener("pointerdown", (ev) => {
    const n = faceOf(ev.target);
    clearTimeout(pressTimer);
    longPressed = false;
    pressed = null;
    if (!n || !ev.isPrimary) return;
    pressed = { x: ev.clientX, y: ev.clientY };
    pressTimer = setTimeout(() => {
      pressed = null;
      longPressed = true;
      openDetail(n);
    }, LONG_PRESS_MS);
  });
  const cancel = () => {
    clearTimeout(pressTimer);
    pressed = null;
  };
  document.addEventListener("pointerup", cancel);
  document.addEventListener("pointercancel", cancel);
  document.addEventListener("pointermove", (ev) => {
    // a press that wanders (a drag, a scroll) is no long press
    if (pressed && Math.hypot(ev.clientX - pressed.x, ev.clientY - pressed.y) > PRESS_SLOP_PX) cancel();
  });
  document.addEventListener("contextmenu", (ev) => {
    const n = faceOf(ev.target);
    if (!n) return;
    ev.preventDefault();
    openDetail(n);
  });
  document.addEventListener(
    "click",
    (ev) => {
      if (!longPressed) return;
      longPressed = false;
      if (!faceOf(ev.target)) return;
      // the long press opened its details: the click that ends it must not close them,
      // choose the card (a card that moves) nor toggle a checkbox under it
      ev.preventDefault();
      ev.stopPropagation();
    },
    true,
  );
  document.addEventListener("click", (ev) => {
    // a click elsewhere closes the details (and does what it does there)
    if (pop && !pop.hidden && !pop.contains(ev.target)) closeDetail();
  });
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") closeDetail();
    else if (ev.key === "Enter" || ev.key === " ") {
      const n = faceOf(document.activeElement);
      if (n && document.activeElement === n) {
        ev.preventDefault();
        if (n.dataset.src)
          n.click(); // a card that moves: Enter chooses it (the long press or right click shows its details)
        else openDetail(n);
      }
    }
  });
}
