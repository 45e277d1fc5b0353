// Moves you can follow: when a new state is drawn, the cards that moved travel
// from where they were to where they are now, and each seat's last move stays
// marked (a caption on its area, an outline on what it touched) until its next.
//
// The table names its places with data attributes (table.js, a ruleset's
// client.js): `data-zone="<kind>[:<seat>[:<n>]]"` on each place that holds
// cards, and `data-count` where it shows fewer cards than it holds (the draw
// pile, the discard pile, another seat's hand, a seat's coins). The zones
// (only those inside the table, #board: other parts of the page may use
// `data-zone` in their own way):
//   hand:<s>         a hand (yours face up; another's as backs, counted)
//   field:<s>:<j>    seat s's field j
//   coins:<s>        seat s's coins (the counter, and the faces where shown)
//   trade:<s>        seat s's trading area
//   buildings:<s>, store:<s>, establishments:<s>
//   defence:<s>      a seat's defensive cards
//   deck, discard, revealed, drawn, supply, pile:<i>, offer:<i>
// and the zones a ruleset's client.js names for its own places (the coins a
// seat keeps apart, a place in the middle of the table, a whole pitch of its
// own: each client.js lists them). A card is an element of class `card`
// (cards.js) or one with `data-motion-key` (a ruleset's token, such as a
// ball) inside a zone; its key is its `data-card` (none: a face-down card).
//
// Before a redraw the page calls `capture()`: where every card of every zone
// is on the screen. After it, `animate(before)` compares the zones' contents,
// matches the cards that left a zone with those that arrived in another (the
// same card; a face-down card becomes a face; a field's card becomes a coin),
// and lets each arriving card travel from its old place to its new one (the
// Web Animations API; only transforms and opacity, over a board that already
// shows the new state). A state that comes while cards still travel takes
// them from where they are. With `prefers-reduced-motion: reduce` cards only
// fade in. docs/play.md, "Motion", says it for players.
import { cardBack, cardFace, cardName, coinFace } from "./cards.js";
import { lang } from "./i18n.js";

//: how long a move's cards travel, in milliseconds (a calm pace)
export const MOVE_MS = 300;
//: the shortest travel while states come quickly one after another
const MIN_MS = 120;
//: below this nothing travels: the board just shows the new state
const SKIP_MS = 30;
//: a fade, with reduced motion
const FADE_MS = 160;
//: the delay between cards that arrive in the same place (drawing three cards)
const STAGGER_MS = 40;
const EASE = "cubic-bezier(0.4, 0, 0.2, 1)";

// ---------------------------------------------------------------- zones, purely

/** A zone's kind and seat: "field:2:0" -> {kind: "field", seat: 2, n: 0}. */
export function zoneParts(id) {
  const [kind, seat, n] = String(id).split(":");
  const num = (x) => (x === undefined || x === "" || Number.isNaN(Number(x)) ? null : Number(x));
  return { kind, seat: num(seat), n: num(n) };
}

// where a card that arrives in a zone of one kind most likely comes from
const FROM = {
  hand: ["deck", "drawn", "revealed", "trade", "hand"],
  revealed: ["deck"],
  drawn: ["deck"],
  discard: ["coins", "field", "trade", "revealed", "hand", "played", "ball"],
  coins: ["field", "coins", "deck"],
  field: ["hand", "trade", "revealed", "drawn", "coins"],
  trade: ["revealed", "hand"],
  buildings: ["supply"],
  establishments: ["supply"],
  played: ["hand"],
  goals: ["ball", "played"],
  defence: ["defence-deck"],
  "defence-discard": ["defence", "defence-deck", "played"],
};

function multiset(keys) {
  const m = new Map();
  keys.forEach((k, i) => {
    const key = k ?? null;
    if (!m.has(key)) m.set(key, []);
    m.get(key).push(i);
  });
  return m;
}

/** What changed between two contents of one zone, each `{keys, count}`:
 * `keys` the cards it shows in order (null: a face-down card), `count` how
 * many it holds (more than it shows: a pile, a fan of backs, coins counted).
 * Returns the cards that left (`gone`: {key, index} into the old keys, -1:
 * not shown), those that came (`come`: {key, index, own} into the new keys;
 * `own`: the element is the arriving card itself, not only where it lands),
 * and, where every card is shown, those that stayed (`stays`: {from, to}). */
export function zoneChange(before, after) {
  const bk = (before && before.keys) || [];
  const ak = (after && after.keys) || [];
  const bc = before ? (before.count ?? bk.length) : 0;
  const ac = after ? (after.count ?? ak.length) : 0;
  const gone = [];
  const come = [];
  const stays = [];
  if (bc === bk.length && ac === ak.length) {
    // every card shown: per key, the first ones left (a hand plants from its
    // front) and the last ones came (a hand draws to its back, a field grows on top)
    const b = multiset(bk);
    const a = multiset(ak);
    for (const key of new Set([...b.keys(), ...a.keys()])) {
      const old = b.get(key) || [];
      const now = a.get(key) || [];
      const kept = Math.min(old.length, now.length);
      old.slice(0, old.length - kept).forEach((i) => gone.push({ key, index: i }));
      now.slice(kept).forEach((i) => come.push({ key, index: i, own: true }));
      for (let j = 0; j < kept; j++) stays.push({ from: old[old.length - kept + j], to: now[j] });
    }
    gone.sort((x, y) => x.index - y.index);
    come.sort((x, y) => x.index - y.index);
    return { gone, come, stays };
  }
  // a counted zone: the count says how many came or left; the shown cards
  // that are new (the discard's new top) say which
  const delta = ac - bc;
  const b = multiset(bk.filter((k) => k !== null));
  const a = multiset(ak.filter((k) => k !== null));
  const fresh = []; // shown now, not before: [key, index in ak]
  const lost = []; // shown before, not now
  const known = (list, from, to) => {
    for (const [key, idx] of from) {
      const other = (to.get(key) || []).length;
      idx.slice(other).forEach(() => list.push(key));
    }
  };
  known(fresh, a, b);
  known(lost, b, a);
  const indexIn = (keys, key, used) => {
    for (let i = keys.length - 1; i >= 0; i--) if (keys[i] === key && !used.has(i)) return i;
    return -1;
  };
  if (delta > 0) {
    const used = new Set();
    for (const key of fresh.slice(0, delta)) {
      const i = indexIn(ak, key, used);
      used.add(i);
      come.push({ key, index: i, own: true });
    }
    // the rest unseen: a new back in a fan is the card itself; else where it lands
    let extra = ak.length - 1;
    for (let k = come.length; k < delta; k++) {
      while (extra >= bk.length && (used.has(extra) || ak[extra] !== null)) extra -= 1;
      if (extra >= bk.length && extra >= 0) {
        used.add(extra);
        come.push({ key: null, index: extra, own: true });
        extra -= 1;
      } else come.push({ key: null, index: ak.length ? ak.length - 1 : -1, own: false });
    }
  } else if (delta < 0) {
    const used = new Set();
    for (const key of lost.slice(0, -delta)) {
      const i = indexIn(bk, key, used);
      used.add(i);
      gone.push({ key, index: i });
    }
    let extra = bk.length - 1;
    for (let k = gone.length; k < -delta; k++) {
      if (extra >= ak.length && extra >= 0 && !used.has(extra)) {
        used.add(extra);
        gone.push({ key: bk[extra], index: extra });
        extra -= 1;
      } else gone.push({ key: null, index: bk.length ? bk.length - 1 : -1 });
    }
  }
  return { gone, come, stays };
}

/** The moves between two states of the table: `before` and `after` map each
 * zone to `{keys, count}` (zoneChange). Every card that came into a zone is
 * matched with one that left another: the same card first, then a face-down
 * card that turned face up (a draw); a card that arrives unseen (a coin on a
 * counter, a back in another seat's hand, a card under the discard pile's
 * top) takes any card that left, one seen leaving first (a field's card
 * that became a coin), else an unseen one (the draw pile to another seat's
 * hand; coins paid). A card of the same seat, and from the place such cards
 * come from, is preferred.
 * `copies`: keys of tokens that may appear somewhere new while staying
 * where they were (Bohnkick's ball aimed at a corner).
 * Returns {moves: [{from, to}], gone, come, stays}: each end `{zone, key,
 * index, own}`; `gone`/`come` the cards that left or came unmatched. */
export function matchMoves(before, after, copies = []) {
  const ids = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const left = [];
  const came = [];
  const stays = [];
  for (const zone of ids) {
    const ch = zoneChange(before[zone], after[zone]);
    ch.gone.forEach((g) => left.push({ zone, ...g }));
    ch.come.forEach((c) => came.push({ zone, ...c }));
    ch.stays.forEach((s) => stays.push({ zone, ...s }));
  }
  const moves = [];
  const taken = new Set();
  const score = (from, to) => {
    const f = zoneParts(from.zone);
    const t = zoneParts(to.zone);
    let s = 0;
    if (f.seat !== null && f.seat === t.seat) s += 2;
    if ((FROM[t.kind] || []).includes(f.kind)) s += 1;
    if (from.key !== null) s += 0.5; // a card seen leaving rather than one unseen
    return s;
  };
  const pass = (wantTo, wantFrom) => {
    for (const to of came) {
      if (to.matched || !wantTo(to)) continue;
      let best = -1;
      let bestScore = -1;
      left.forEach((from, i) => {
        if (taken.has(i) || from.zone === to.zone || !wantFrom(from, to)) return;
        const s = score(from, to);
        if (s > bestScore) {
          best = i;
          bestScore = s;
        }
      });
      if (best < 0) continue;
      taken.add(best);
      to.matched = true;
      moves.push({ from: left[best], to });
    }
  };
  const seen = (x) => x.key !== null;
  pass(seen, (f, t) => f.key === t.key); // the same card
  pass(seen, (f) => !seen(f)); // a face-down card turned up
  pass(
    (t) => !seen(t),
    () => true,
  ); // a card now counted only (coins, the discard pile), or unseen to unseen
  // a token shown in a new place while it stays in its old one
  for (const to of came) {
    if (to.matched || !copies.includes(to.key)) continue;
    for (const zone of Object.keys(before)) {
      if (zone === to.zone) continue;
      const i = ((before[zone] && before[zone].keys) || []).indexOf(to.key);
      if (i < 0) continue;
      to.matched = true;
      moves.push({ from: { zone, key: to.key, index: i }, to });
      break;
    }
  }
  const strip = ({ matched: _m, ...x }) => x;
  return {
    moves: moves.map((m) => ({ from: m.from, to: strip(m.to) })),
    gone: left.filter((_, i) => !taken.has(i)),
    come: came.filter((c) => !c.matched).map(strip),
    stays,
  };
}

// ---------------------------------------------------------------- each seat's last move, purely

// events that are no one's move: the game's own doings and their consequences
const QUIET = new Set(["turn", "shuffle", "deal", "offer-void", "reveal", "exhausted", "clock", "game-over", "draw", "defence-draw", "uncover", "turn-up"]);

const involves = (ev, s) => ev.seat === s || ev.from === s || ev.to === s;

/** What one event touched: zones to outline and single cards in them. */
function touched(ev) {
  const s = ev.seat;
  const zones = [];
  const cards = [];
  const field = (f) => `field:${s}:${f}`;
  switch (ev.type) {
    case "plant":
    case "place":
      if (ev.field !== undefined && ev.field !== null) {
        zones.push(field(ev.field));
        if (ev.card) cards.push({ zone: field(ev.field), key: ev.card });
      }
      break;
    case "harvest":
      zones.push(field(ev.field), `coins:${s}`);
      break;
    case "buy-field":
      zones.push(field(ev.field), `coins:${s}`);
      break;
    case "attack":
      if (ev.field !== undefined && ev.target !== undefined) zones.push(field(ev.field));
      break;
    case "keep":
      zones.push(`trade:${s}`);
      break;
    case "trade":
      zones.push(`trade:${ev.from}`, `trade:${ev.to}`);
      break;
    case "pay":
    case "stash":
      zones.push(`coins:${s}`);
      break;
    case "capture":
      zones.push(`coins:${s}`, `coins:${ev.target}`);
      break;
    case "build":
      zones.push(`buildings:${s}`);
      if (ev.building) cards.push({ zone: `buildings:${s}`, key: ev.building });
      break;
    case "store":
      zones.push(`store:${s}`);
      break;
    default:
      break;
  }
  return { zones, cards };
}

/** Each seat's last move, from the log's entries (the state messages' `log`,
 * in any order): seat -> {seat, step, events, zones, cards}. A step is the
 * move of its `seat` (the set-up and the game's own steps are no one's); its
 * events are the move's own (at most two: "kept ...; ended the trading"),
 * not what followed from it (draws, reveals, the next turn); `zones` and
 * `cards` what it touched (to outline). */
export function lastMoves(entries) {
  const out = new Map();
  for (const e of entries || []) {
    const s = e.seat;
    if (s === null || s === undefined || s < 0) continue;
    const prev = out.get(s);
    if (prev && prev.step > e.step) continue;
    const evs = (e.events || []).filter((ev) => !QUIET.has(ev.type));
    const own = evs.filter((ev) => involves(ev, s));
    const shown = (own.length ? own : evs).slice(0, 2);
    if (!shown.length) continue;
    const zones = [];
    const cards = [];
    for (const ev of shown) {
      const t = touched(ev);
      for (const z of t.zones) if (!zones.includes(z)) zones.push(z);
      cards.push(...t.cards);
    }
    out.set(s, { seat: s, step: e.step, events: shown, zones, cards });
  }
  return out;
}

const WORDS = {
  en: {
    plant: (c) => `planted ${c}`,
    harvest: (f, n) => `harvested field ${f + 1}: ${n} coin${n === 1 ? "" : "s"}`,
    keep: (cs) => `kept ${cs}`,
    trade: (who) => `traded with ${who}`,
    offer: (who) => `offered a trade to ${who}`,
    decline: "declined an offer",
    withdraw: "withdrew an offer",
    pass: "passed",
    "end-trading": "ended the trading",
    "buy-field": (f) => `bought field ${f + 1}`,
    build: (c) => `built ${c}`,
    pay: (n) => `paid ${n} coin${n === 1 ? "" : "s"}`,
    attack: (who) => `attacked ${who}`,
    capture: (who) => `took a coin from ${who}`,
    play: (c) => `played ${c}`,
    last: "Last move",
  },
  de: {
    plant: (c) => `${c} gepflanzt`,
    harvest: (f, n) => `Feld ${f + 1} geerntet: ${n} Taler`,
    keep: (cs) => `${cs} behalten`,
    trade: (who) => `mit ${who} gehandelt`,
    offer: (who) => `${who} einen Handel angeboten`,
    decline: "ein Angebot abgelehnt",
    withdraw: "ein Angebot zurückgezogen",
    pass: "gepasst",
    "end-trading": "den Handel beendet",
    "buy-field": (f) => `Feld ${f + 1} gekauft`,
    build: (c) => `${c} gebaut`,
    pay: (n) => `${n} Taler bezahlt`,
    attack: (who) => `${who} angegriffen`,
    capture: (who) => `${who} einen Taler abgenommen`,
    play: (c) => `${c} gespielt`,
    last: "Letzter Zug",
  },
};

/** A last move in a few words for its seat's area ("planted Chili bean",
 * "harvested field 2: 3 coins"); `nameOf(seat)` names another seat. An
 * event without words of its own here is the game's sentence for it. */
export function caption(mark, nameOf = (s) => `seat ${s + 1}`, language = lang) {
  const w = WORDS[language] || WORDS.en;
  const names = (keys) => (keys || []).map(cardName).join(", ");
  const one = (ev) => {
    switch (ev.type) {
      case "plant":
        return w.plant(cardName(ev.card));
      case "harvest":
        return w.harvest(ev.field, ev.coins ?? 0);
      case "keep":
        return w.keep(names(ev.cards));
      case "trade":
        return w.trade(nameOf(ev.to === mark.seat ? ev.from : ev.to));
      case "offer":
        return w.offer(nameOf(ev.to));
      case "decline":
      case "withdraw":
      case "pass":
      case "end-trading":
        return w[ev.type];
      case "buy-field":
        return w["buy-field"](ev.field);
      case "build":
        return w.build(cardName(ev.building || ev.card));
      case "pay":
        return w.pay((ev.coins || []).length);
      case "attack":
        return ev.target !== undefined ? w.attack(nameOf(ev.target)) : ev.text || ev.type;
      case "capture":
        return w.capture(nameOf(ev.target));
      case "play":
        return w.play(cardName(ev.card));
      default: {
        // the game's sentence, without the seat's name it starts with (the caption is on its area)
        const text = ev.text || ev.type;
        const name = nameOf(mark.seat);
        return name && text.startsWith(`${name} `) ? text.slice(name.length + 1) : text;
      }
    }
  };
  return mark.events.map(one).join("; ");
}

// ---------------------------------------------------------------- the marks on the page

let marks = new Map(); // seat -> its last move
let latest = -1; // the step of the newest mark

/** Take the log's entries (all that the page has): each seat's last move is marked from now on. */
export function setLastMoves(entries) {
  marks = lastMoves(entries);
  latest = Math.max(-1, ...[...marks.values()].map((m) => m.step));
}

/** Mark seat `seat`'s area `sec` (table.js): a caption with its last move
 * and an outline on the places and cards in it that the seats' last moves
 * touched; `nameOf(seat)` names a seat. An area marked before is brought up
 * to the marks now: only what changed is written. */
export function markSeat(sec, seat, nameOf) {
  const m = marks.get(seat);
  const head = sec.querySelector(".seat-head") || sec;
  let cap = head.querySelector(":scope > .last-move");
  if (m) {
    if (!cap) {
      cap = document.createElement("span");
      cap.dataset.testid = `last-move-${seat}`;
      head.append(cap);
    }
    const set = (name, value) => cap.getAttribute(name) !== value && cap.setAttribute(name, value);
    set("class", m.step === latest ? "last-move latest" : "last-move");
    set("data-step", String(m.step));
    set("title", `${(WORDS[lang] || WORDS.en).last}: ${m.events.map((ev) => ev.text || caption({ ...m, events: [ev] }, nameOf)).join(" · ")}`);
    const text = caption(m, nameOf);
    if (cap.textContent !== text) cap.textContent = text;
  } else if (cap) cap.remove();
  const zones = new Map(); // a place's node -> whether the newest move touched it
  const cards = new Set();
  for (const mk of marks.values()) {
    for (const z of mk.zones) {
      if (zoneParts(z).seat !== seat) continue;
      for (const n of sec.querySelectorAll(`[data-zone="${z}"]`)) zones.set(n, zones.get(n) || mk.step === latest);
    }
    for (const c of mk.cards) {
      if (zoneParts(c.zone).seat !== seat) continue;
      const z = sec.querySelector(`[data-zone="${c.zone}"]`);
      const hit = z ? [...z.querySelectorAll(".card")].reverse().find((n) => n.dataset.card === c.key) : null;
      if (hit) cards.add(hit);
    }
  }
  const toggle = (n, cls, on) => n.classList.contains(cls) !== on && n.classList.toggle(cls, on);
  for (const n of sec.querySelectorAll(".last-touched")) if (!zones.has(n)) n.classList.remove("last-touched", "latest");
  for (const [n, newest] of zones) {
    toggle(n, "last-touched", true);
    toggle(n, "latest", newest);
  }
  for (const n of sec.querySelectorAll(".last-card")) if (!cards.has(n)) n.classList.remove("last-card");
  for (const n of cards) toggle(n, "last-card", true);
}

// ---------------------------------------------------------------- where the cards are

const flying = new WeakMap(); // a board element travelling -> when it lands (performance.now())
let live = []; // the animations on board elements (detached by the next redraw)
let carrying = []; // ghosts standing in for a card that is hidden until they land

/** Places drawn by code that names them by test id only: the market (the
 * buildings or establishments for sale). */
function tagZones(root) {
  for (const n of root.querySelectorAll("[data-testid=supply]:not([data-zone])")) n.dataset.zone = "supply";
}

const rectOf = (n) => {
  const r = n.getBoundingClientRect();
  return { left: r.left, top: r.top, width: r.width, height: r.height };
};
const sized = (r) => r && r.width > 0 && r.height > 0;

/** A place's rectangle, else that of the nearest box around it that shows (a fan hidden on a phone). */
function placeRect(n) {
  for (let x = n; x && x !== document.documentElement; x = x.parentElement) {
    const r = rectOf(x);
    if (sized(r)) return r;
  }
  return { left: 0, top: 0, width: 0, height: 0 };
}

function readZones(root) {
  tagZones(root);
  const zones = new Map();
  for (const node of root.querySelectorAll("[data-zone]")) {
    const id = node.dataset.zone;
    let z = zones.get(id);
    if (!z) zones.set(id, (z = { id, node, count: null, items: [] }));
    if (node.dataset.count !== undefined) {
      z.count = Number(node.dataset.count);
      z.node = node;
    }
  }
  const now = performance.now();
  for (const c of root.querySelectorAll(".card, [data-motion-key]")) {
    const host = c.parentElement && c.parentElement.closest(".card, [data-motion-key], [data-zone]");
    if (!host || host.dataset.zone === undefined || host.matches(".card, [data-motion-key]")) continue;
    const z = zones.get(host.dataset.zone);
    const key = c.dataset.motionKey ?? c.dataset.card ?? null;
    z.items.push(new Item(key, c, (flying.get(c) || 0) > now ? flying.get(c) : 0));
  }
  for (const [id, z] of zones) zones.set(id, new Zone(z));
  return zones;
}

// A card's and a place's rectangle are read when first asked for: after a
// redraw only the places whose cards changed are measured (capture() reads
// them all before it, while the page's layout is still clean).
class Item {
  constructor(key, el, flying) {
    this.key = key;
    this.el = el;
    this.flying = flying;
    this.box = null;
  }
  get rect() {
    if (!this.box) this.box = rectOf(this.el);
    return this.box;
  }
}

class Zone {
  constructor({ id, node, count, items }) {
    Object.assign(this, { id, node, count, items });
    this.box = null;
  }
  get rect() {
    if (!this.box) this.box = placeRect(this.node.querySelector(".coin-icon") || this.node);
    return this.box;
  }
  /** Read every rectangle now. */
  measure() {
    void this.rect;
    for (const i of this.items) void i.rect;
    return this;
  }
}

/** The table: the board of the game page and of the replay (#board). Other
 * parts of the page may use `data-zone` in their own way (the trading form). */
const table = () => document.getElementById("board") || document.body;

/** Where every card on the table is now: call it before a redraw, and hand
 * the answer to `animate` after it. */
export function capture(root = table()) {
  const zones = readZones(root);
  for (const z of zones.values()) z.measure();
  return { zones, root, at: performance.now() };
}

const contents = (zones) => {
  const out = {};
  for (const [id, z] of zones) out[id] = { keys: z.items.map((i) => i.key), count: z.count ?? z.items.length };
  return out;
};

// ---------------------------------------------------------------- travelling

let budget = Infinity;
let lastAt = -Infinity;
let busyUntil = 0; // when the cards of the last move land

/** At most `ms` milliseconds per move from now on (a fast replay's step
 * interval); null or undefined: the usual MOVE_MS. */
export function setBudget(ms) {
  budget = ms === null || ms === undefined ? Infinity : Math.max(0, Number(ms));
}

const reduced = () => typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

function layer() {
  let l = document.getElementById("motion-layer");
  if (!l) {
    l = document.createElement("div");
    l.id = "motion-layer";
    l.className = "motion-layer";
    l.setAttribute("aria-hidden", "true");
    document.body.append(l);
  }
  return l;
}

/** Whether a box around `n` would cut off a card coming from `from`: one
 * that clips what lies outside it (a scrolling hand, Bohnkick's lawn) and
 * `from` lies outside. */
function clipped(n, from) {
  for (let x = n.parentElement; x && x !== document.body; x = x.parentElement) {
    const s = getComputedStyle(x);
    if (s.overflowX === "visible" && s.overflowY === "visible") continue;
    const r = x.getBoundingClientRect();
    const inside = from.left >= r.left - 1 && from.top >= r.top - 1 && from.left + from.width <= r.right + 1 && from.top + from.height <= r.bottom + 1;
    if (!inside) return true;
  }
  return false;
}

const px = (v) => `${Math.round(v * 10) / 10}px`;
const centre = (r) => [r.left + r.width / 2, r.top + r.height / 2];

/** The transform that puts a box drawn at `to` onto `from`. */
function onto(from, to, uniform = false) {
  const [fx, fy] = centre(from);
  const [tx, ty] = centre(to);
  let sx = from.width / to.width;
  let sy = from.height / to.height;
  if (uniform) sx = sy = Math.min(sx, sy);
  const f = (v) => Math.round(v * 1000) / 1000;
  return `translate(${px(fx - tx)}, ${px(fy - ty)}) scale(${f(sx)}, ${f(sy)})`;
}

function track(a, node, records, rec) {
  records.push({ ...rec, node, animation: a, duration: a.effect.getTiming().duration });
  return a;
}

/** Let board element `node` travel from `from` to where it is drawn (`to`). */
function flip(node, from, to, ms, delay, records, rec) {
  if (!sized(to) || !sized(from)) return;
  const a = node.animate([{ transform: onto(from, to) }, { transform: "none" }], { duration: ms, delay, easing: EASE, fill: "backwards" });
  a.id = "bohn-motion";
  node.classList.add("motion-fly");
  const done = () => node.classList.remove("motion-fly");
  a.finished.then(done, done);
  flying.set(node, performance.now() + delay + ms);
  live.push(a);
  track(a, node, records, { kind: "flip", fromRect: from, toRect: to, ...rec });
}

/** How a card looks in flight: a stack's lower card, drawn as its top edge only, as its whole face. */
const lookOf = (n) => (n.classList.contains("cardl") && n.dataset.card ? cardFace(n.dataset.card) || n : n);

/** A stand-in drawn over the board, from `from` to `to`, removed when it lands. */
function ghost(look, from, to, ms, delay, records, rec, opts = {}) {
  if (!sized(from) || !sized(to)) return null;
  const g = lookOf(look).cloneNode(true);
  for (const n of [g, ...g.querySelectorAll("*")])
    for (const a of ["id", "data-testid", "data-card", "data-src", "data-zone", "tabindex", "draggable"]) n.removeAttribute(a);
  g.classList.remove("pickable", "picked", "movable", "motion-fly", "last-card", "dragging");
  g.classList.add("motion-ghost");
  Object.assign(g.style, { left: px(from.left), top: px(from.top), width: px(from.width), height: px(from.height) });
  if (g.classList.contains("cardf")) g.style.setProperty("--cw", px(from.width));
  layer().append(g);
  const end = { transform: onto(to, from, opts.fit), opacity: opts.fade ? 0 : 1 };
  const frames = opts.fade
    ? [{ transform: "none", opacity: 1 }, { transform: onto(to, from, opts.fit), opacity: 1, offset: 0.8 }, end]
    : [{ transform: "none", opacity: 1 }, end];
  const a = g.animate(frames, { duration: ms, delay, easing: EASE, fill: "both" });
  a.id = "bohn-motion";
  const done = () => g.remove();
  a.finished.then(done, done);
  track(a, g, records, { kind: "ghost", fromRect: from, toRect: to, ...rec });
  return a;
}

/** A card fading out where it was (a card that left for the box, or that turned into a coin). */
function fadeOut(look, at, ms, delay, records, rec) {
  if (!sized(at)) return;
  const g = lookOf(look).cloneNode(true);
  for (const n of [g, ...g.querySelectorAll("*")])
    for (const a of ["id", "data-testid", "data-card", "data-src", "data-zone", "tabindex"]) n.removeAttribute(a);
  g.classList.remove("pickable", "picked", "movable", "motion-fly", "last-card");
  g.classList.add("motion-ghost");
  Object.assign(g.style, { left: px(at.left), top: px(at.top), width: px(at.width), height: px(at.height) });
  if (g.classList.contains("cardf")) g.style.setProperty("--cw", px(at.width));
  layer().append(g);
  const frames = reduced()
    ? [{ opacity: 1 }, { opacity: 0 }]
    : [
        { opacity: 1, transform: "none" },
        { opacity: 0, transform: "scale(0.7)" },
      ];
  const a = g.animate(frames, { duration: ms, delay, easing: "ease-in", fill: "both" });
  a.id = "bohn-motion";
  const done = () => g.remove();
  a.finished.then(done, done);
  track(a, g, records, { kind: "fade-out", fromRect: at, toRect: at, ...rec });
}

/** A board element appearing where it is (a card from nowhere seen; every move with reduced motion). */
function fadeIn(node, ms, delay, records, rec, grow = true) {
  const frames =
    grow && !reduced()
      ? [
          { opacity: 0, transform: "scale(0.8)" },
          { opacity: 1, transform: "none" },
        ]
      : [{ opacity: 0 }, { opacity: 1 }];
  const a = node.animate(frames, { duration: ms, delay, easing: "ease-out", fill: "backwards" });
  a.id = "bohn-motion";
  live.push(a);
  flying.set(node, performance.now() + delay + ms);
  track(a, node, records, { kind: "fade", ...rec });
}

/** The coin counter's little bump when a coin lands on it. */
function bump(node, delay, records, rec) {
  const a = node.animate([{ transform: "none" }, { transform: "scale(1.3)" }, { transform: "none" }], { duration: 220, delay, easing: "ease-out" });
  a.id = "bohn-motion";
  live.push(a);
  track(a, node, records, { kind: "bump", ...rec });
}

/** How long this move travels: MOVE_MS, never more than the budget; less
 * while the last move's cards still travel (states come quickly): 80% of
 * the time since the last state, not under MIN_MS. `fit` (a replay
 * playing): always 80% of the time since the last step, without that floor. */
function durationFor(interval, fit, busy) {
  const most = Math.min(MOVE_MS, budget);
  const pace = 0.8 * interval;
  if (fit) return Math.min(most, pace);
  return busy ? Math.min(most, Math.max(MIN_MS, pace)) : most;
}

/** After a redraw: let every card that moved since `before` (capture())
 * travel to its new place. `opts.skip`: only show the new state (a jump in
 * a replay); `opts.fit`: durations fit the time between two calls (a
 * replay playing at its pace). Returns what it animated (also `window.bohnMotion.last`). */
export function animate(before, opts = {}) {
  const now = performance.now();
  const interval = now - lastAt;
  lastAt = now;
  for (const a of live) a.cancel();
  live = [];
  // a card hidden under a ghost is drawn anew: the ghost lands at once
  for (const a of carrying) a.finish();
  carrying = [];
  const records = [];
  const ms = durationFor(interval, !!opts.fit, now < busyUntil);
  if (!before || !before.zones.size || opts.skip || ms < SKIP_MS) return publish(records);
  const after = readZones(before.root || table());
  const was = contents(before.zones);
  const current = contents(after);
  const plan = matchMoves(was, current, ["ball"]);
  const calm = reduced();
  const fade = Math.min(FADE_MS, ms);
  const stagger = new Map(); // zone -> how many cards arrived there so far
  const delayIn = (zone) => {
    const k = stagger.get(zone) || 0;
    stagger.set(zone, k + 1);
    return calm ? 0 : Math.min(k, 2) * STAGGER_MS;
  };
  const itemOf = (zones, end) => (end.index >= 0 ? (zones.get(end.zone) || { items: [] }).items[end.index] || null : null);
  // a card that stayed moves only in a place whose cards changed, or on from
  // where it was when a state came while it was still travelling
  const changed = new Set([...after.keys()].filter((id) => !was[id] || was[id].keys.join("\n") !== current[id].keys.join("\n")));
  for (const [id, z] of before.zones) if (z.items.some((i) => i.flying)) changed.add(id);
  // every rectangle this redraw needs is read now, before any animation
  // starts: a read after one would make the browser lay the page out again
  for (const id of [...changed, ...plan.moves.map((m) => m.to.zone), ...plan.come.map((c) => c.zone)]) if (after.has(id)) after.get(id).measure();
  const moves = plan.moves.map(({ from, to }) => {
    const src = itemOf(before.zones, from);
    const dst = itemOf(after, to);
    const fromRect = src && sized(src.rect) ? src.rect : before.zones.get(from.zone).rect;
    return { from, to, src, dst, fromRect, cut: !calm && to.own && dst ? clipped(dst.el, fromRect) : false };
  });
  for (const { from, to, src, dst, fromRect, cut } of moves) {
    const zone = after.get(to.zone);
    const rec = { key: to.key ?? from.key, from: from.zone, to: to.zone };
    const delay = delayIn(to.zone);
    if (calm) {
      if (to.own && dst) fadeIn(dst.el, fade, 0, records, rec, false);
      continue;
    }
    if (to.own && dst && !cut) {
      flip(dst.el, fromRect, dst.rect, ms, delay, records, rec);
    } else if (to.own && dst) {
      // the card lands inside a box that cuts it off (the hand): a stand-in flies over it
      const a = ghost(dst.el, fromRect, dst.rect, ms, delay, records, rec);
      if (a) {
        carrying.push(a);
        const hide = dst.el.animate([{ opacity: 0 }, { opacity: 0 }], { duration: delay + ms });
        live.push(hide);
      }
    } else if (zoneParts(to.zone).kind === "coins" && from.key !== null && !src?.el.classList.contains("coin")) {
      // a field's card becomes a coin and rolls to the seat's counter
      if (src) fadeOut(src.el, src.rect, ms * 0.6, delay, records, rec);
      const side = Math.min(fromRect.width, fromRect.height) * 0.7;
      const start = { left: centre(fromRect)[0] - side / 2, top: centre(fromRect)[1] - side / 2, width: side, height: side };
      ghost(coinFace(from.key), start, zone.rect, ms, delay, records, rec, { fit: true, fade: true });
      bump(zone.node, delay + ms * 0.9, records, rec);
    } else {
      const look = src ? src.el : dst ? dst.el : cardBack();
      const target = dst && sized(dst.rect) ? dst.rect : zone.rect;
      ghost(look, fromRect, target, ms, delay, records, rec, { fit: true, fade: true });
      if (zoneParts(to.zone).kind === "coins") bump(zone.node, delay + ms * 0.9, records, rec);
    }
  }
  for (const c of plan.come) {
    const dst = itemOf(after, c);
    const rec = { key: c.key, from: null, to: c.zone };
    if (c.own && dst) fadeIn(dst.el, calm ? fade : ms, calm ? 0 : delayIn(c.zone), records, rec, !calm);
    else if (!calm && zoneParts(c.zone).kind === "coins") bump(after.get(c.zone).node, 0, records, rec); // a coin from nowhere seen
  }
  for (const g of plan.gone) {
    const src = itemOf(before.zones, g);
    // a card that left for nowhere seen (out of the game): it fades where it was
    if (src && src.el.isConnected === false) fadeOut(src.el, src.rect, calm ? fade : ms * 0.7, 0, records, { key: g.key, from: g.zone, to: null });
  }
  if (!calm) {
    for (const s of plan.stays) {
      if (!changed.has(s.zone)) continue;
      const b = before.zones.get(s.zone);
      const a = after.get(s.zone);
      const old = b.items[s.from];
      const cur = a.items[s.to];
      if (!old || !cur) continue;
      const shift = (r, z) => [r.left - z.rect.left, r.top - z.rect.top, r.width, r.height];
      const o = shift(old.rect, b);
      const c = shift(cur.rect, a);
      const moved = o.some((v, i) => Math.abs(v - c[i]) > 2);
      if (!moved && !old.flying) continue;
      // still on its way (a state came mid-flight): it goes on from where it is
      const rest = old.flying ? Math.max(MIN_MS, old.flying - now) : ms;
      flip(cur.el, old.rect, cur.rect, Math.min(rest, MOVE_MS), 0, records, { key: cur.key, from: s.zone, to: s.zone, stay: true });
    }
    // a place that is new (a field bought) grows into view, unless a card flies into it
    const landing = new Set([...plan.moves.map((m) => m.to.zone), ...plan.come.map((c) => c.zone)]);
    for (const [id, z] of after) {
      if (before.zones.has(id) || landing.has(id) || !["field", "buildings", "trade"].includes(zoneParts(id).kind)) continue;
      const a = z.node.animate(
        [
          { opacity: 0, transform: "scale(0.85)" },
          { opacity: 1, transform: "none" },
        ],
        { duration: ms, easing: EASE, fill: "backwards" },
      );
      a.id = "bohn-motion";
      live.push(a);
    }
  }
  return publish(records);
}

/** What the last redraw animated, for the page's tests and anyone curious:
 * `window.bohnMotion.last` ([{kind, key, from, to, fromRect, toRect,
 * duration, node, animation}]) and `window.bohnMotion.setBudget`. */
function publish(records) {
  const now = performance.now();
  for (const r of records) busyUntil = Math.max(busyUntil, now + r.animation.effect.getComputedTiming().endTime);
  if (typeof window !== "undefined") window.bohnMotion = { last: records, setBudget, count: ((window.bohnMotion && window.bohnMotion.count) || 0) + 1 };
  return records;
}
