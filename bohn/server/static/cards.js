// Cards drawn as cards, from the ruleset's catalogue (GET /api/variants/<v>/cards):
// a bean card with its colour, symbol, name, count and beanometer; a card back;
// a coin; buildings, establishments, mamas, babies, bosses and Bohnkick cards as
// faces with their name, cost and effect. Every card element carries
// data-card="<key>" and an accessible name; its text shows on hover (title),
// and its detail view (a popover that works on a phone) opens on a long press,
// a right click or its small (i) button, never on a plain click or tap: a
// click on a card is the table's (it picks the card, or plants on its field).
// A lady (Ladybohn, Mutterböhnchen: kind "lady") has a frame of her own and a
// ♀ badge, and shows the beanometer she pays by.
// Nothing here names a ruleset: all of it comes from the catalogue's entries.

let entries = new Map(); // key -> catalogue entry
let byGroup = new Map(); // group -> first entry of it (a bean type's look)
let lang = "en";
let loadedFor = null;

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
  },
};
const words = () => WORDS[lang] || WORDS.en;

/** Take a catalogue (the endpoint's JSON) and the page's language. */
export function setCatalogue(data, language = "en") {
  lang = language === "de" ? "de" : "en";
  entries = new Map((data.cards || []).map((c) => [c.key, c]));
  byGroup = new Map();
  for (const c of data.cards || []) if (!byGroup.has(c.group)) byGroup.set(c.group, c);
  loadedFor = data.variant;
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

function h(tag, cls, ...children) {
  const n = document.createElement(tag);
  if (cls) n.className = cls;
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) n.append(c instanceof Node ? c : document.createTextNode(String(c)));
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
    else if (k.startsWith("on") && typeof v === "function") node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? "" : String(v));
  }
}

function meterText(m) {
  return (m || [])
    .map((n, i) => (n === null || n === undefined ? null : words().needs(n, i + 1)))
    .filter(Boolean)
    .join(", ");
}

/** The hover text and the popover's lines of an entry. */
function details(e) {
  const lines = [];
  if (e.count) lines.push(words().count(e.count));
  if (e.beanometer) lines.push(`${words().meter}: ${meterText(e.beanometer)}`);
  if (e.lady_beanometer) lines.push(`${words().lady}: ${meterText(e.lady_beanometer)}`);
  const text = tr(e.text) || tr(e.effect);
  if (text) lines.push(text);
  return lines;
}

function meterStrip(m, cls = "cf-meter") {
  const strip = h("span", cls);
  strip.setAttribute("aria-hidden", "true");
  for (let i = 0; i < 4; i += 1) {
    const n = m ? m[i] : null;
    const cell = h("span", n === null || n === undefined ? "cf-step blank" : "cf-step", n === null || n === undefined ? "" : String(n));
    cell.dataset.coins = String(i + 1);
    strip.append(cell);
  }
  return strip;
}

/** The price of a building-like card, from the catalogue's field (null: it has none). */
function cost(e) {
  return e.price === null || e.price === undefined ? null : String(e.price);
}

/** A face-down card. */
export function cardBack(attrs = {}) {
  const n = h("span", "card cardf card-back");
  n.setAttribute("role", "img");
  n.setAttribute("aria-label", words().back);
  n.title = words().back;
  apply(n, attrs);
  return n;
}

/** A coin: a round glyph in its bean's colour when the face is known. */
export function coinFace(key, attrs = {}) {
  const e = entryOf(key);
  const n = h("span", "card coin coinf");
  const name = e ? `${cardName(key)} (${words().coin})` : words().coin;
  n.setAttribute("role", "img");
  n.setAttribute("aria-label", name);
  n.title = name;
  if (e) {
    n.style.setProperty("--c", e.colour);
    n.style.setProperty("--ink", e.ink);
  }
  n.append(h("span", "coin-sym", e ? e.symbol || "" : ""));
  if (key !== null && key !== undefined) n.dataset.card = String(key);
  apply(n, attrs);
  return n;
}

/** A bean type named by its group ("brech" for Bohnkick's ball): a round token
 * in the bean's colour with its symbol. */
function beanToken(key, e, attrs) {
  const name = ((e.names && (e.names[lang] || e.names.en)) || String(key)).split(":")[0];
  const n = h("span", "card coinf bean-token", h("span", "coin-sym", e.symbol || ""));
  n.style.setProperty("--c", e.colour);
  n.style.setProperty("--ink", e.ink);
  n.dataset.card = String(key);
  n.setAttribute("role", "img");
  n.setAttribute("aria-label", name);
  n.title = name;
  apply(n, attrs);
  return n;
}

/** A card's name with a soft hyphen where a German compound may break on a
 * narrow card: before its "bohne" (Garten-bohne, not Gartenbohn-e). */
export function breakable(name) {
  return name.replace(/(\p{L}{3,})(bohne)/gu, "$1\u00ad$2");
}

/** A card face from its catalogue entry; null when the catalogue lacks it. */
export function cardFace(key, attrs = {}) {
  const e = entryOf(key);
  if (!e) return null;
  if (!entries.has(String(key))) return beanToken(key, e, attrs);
  const name = cardName(key);
  const isBean = !!e.beanometer && !e.text;
  const lady = e.kind === "lady";
  const n = h("span", `card cardf kind-${e.kind}${isBean ? " bean" : " special"}${lady ? " lady" : ""}`);
  n.dataset.card = String(key);
  // a lady's face says her bean type; her ♀ badge and frame say the rest
  // (her full name, "Garden bean (lady)", is the accessible name and the hover text)
  const man = lady ? byGroup.get(e.group) : null;
  const shown = man && man.kind !== "lady" ? cardName(man.key) : name;
  const longest = Math.max(...shown.split(/[\s-]+/).map((w) => w.length));
  if (shown.length > 18) n.classList.add("wordy");
  if (longest >= 12) n.classList.add("longest-name");
  else if (longest >= 10) n.classList.add("longer-name");
  else if (longest >= 8) n.classList.add("long-name");
  n.lang = lang;
  n.style.setProperty("--c", e.colour);
  n.style.setProperty("--ink", e.ink);
  n.setAttribute("aria-label", name);
  n.setAttribute("role", "img");
  n.title = [name, ...details(e)].join("\n");
  const top = h("span", "cf-top");
  const price = isBean ? null : cost(e);
  if (price !== null) top.append(h("span", "cf-cost", price));
  top.append(h("span", "cf-name", breakable(shown)));
  const sym = h("span", "cf-sym", e.symbol || "");
  if (isBean && e.count) sym.append(h("span", "cf-count", String(e.count)));
  // the badges sit on the card's left edge, which a fanned hand or pile leaves in view
  if (lady) {
    const badge = h("span", "cf-lady", "♀");
    badge.dataset.testid = "lady-mark";
    badge.title = words().she;
    sym.append(badge);
  }
  n.append(top, sym);
  if (isBean || e.beanometer) n.append(meterStrip(lady && e.lady_beanometer ? e.lady_beanometer : e.beanometer));
  else {
    const eff = tr(e.effect) || tr(e.text);
    if (eff) n.append(h("span", "cf-effect", eff));
  }
  // the detail view's own button (a click on the card itself is the table's),
  // on the card's left edge, away from its middle, where a finger takes it
  const info = h("span", "cf-info", "i");
  info.dataset.testid = "card-info";
  info.setAttribute("aria-hidden", "true"); // the card's keys (Enter, the menu key) open it too
  info.title = words().info(name);
  n.append(info);
  n.dataset.details = "1";
  apply(n, attrs);
  n.setAttribute("tabindex", n.getAttribute("tabindex") ?? "0");
  return n;
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
  return n && !n.closest(".card-pop") ? n : null;
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
