// The card table: what one "state" message shows, drawn into the page's
// areas. The game page and the replay viewer both draw with it. It names no
// ruleset: what it draws comes from the observation (docs/observation.md),
// the catalogue (cards.js) and the ruleset's own client code where it has
// one (below). The page passes `ctx`:
//   me        the seat this page plays (null: a spectator or the replay)
//   state     the state message ({observation, waiting_for, names, ...})
//   client    the ruleset's client module ({} for a ruleset without one)
//   pick      optional, direct manipulation: {sources: Map(src -> moves),
//             loose: Set(src), selected: src|null, targets: Set(dst),
//             mine: Set(dst), onSource(src, ev), onTarget(dst, ev),
//             onDrag(src, on) -> whether a drag of src may begin} (play.js)
//   reveal    optional: every seat's hand is in the observation (a finished replay)
//
// A ruleset's client code (`bohn/rulesets/<package>/client.js`, served as
// `/rulesets/<variant>/client.js`; a ruleset built on another is served that
// one's unless it has its own) may export any of these; each is optional, and
// a ruleset with none draws as the bean games do. `o` is the observation, `s`
// a seat's part of it and `i` its seat, `ui` what the code draws with (uiOf).
//   table(o, box, ui)          draws the middle of the table instead of the bean games' piles
//   seat(o, s, i, sec, ui)     draws a seat's area under its name instead of its fields and coins
//   trades                     false: no offers panel; "offered": the panel shows only while
//                              there is an offer to show
//   facts(o, ui) -> [node]     its own facts of the turn, after the bean games' in the status
//   decision(d, ui) -> node|null   the status row of a pending decision (o.decision) it words
//                              itself; null leaves it to the bean games' rows
//   blocks(o, ui) -> [{key, node}] its blocks of the middle row, after the piles and before
//                              the market; drawn anew every state (key: the part's name, patch.js)
//   fieldNotes(s, j, ui) -> [text] words added to the label of seat s's field j
//   seatZones(o, s, i, ui) -> [node] more of a seat's places, after its others
//   places                     {<letter>: {key, count(o)}}: places of the table that take cards
//                              besides my fields and store: a move whose action has `key: j`
//                              goes to place "<letter><j>" (pick-state.js, common.js actionText);
//                              count(o) says how many the observation has. The code draws
//                              each with ui.target(node, "<letter><j>")
//   eventText(e, ui) -> text|null  a log event's line where the server sent none
//   resultHead(result, ui) -> text|null  the result's first line (who won) where it is its own
// Its places name their zones themselves (ui.zoned, `data-zone`: motion.js).
// `ui` of the log's and the result's hooks holds only lang, t and seatName.
import { card, cards, el, seatName } from "./common.js";
import { LONG_PRESS_MS, PRESS_SLOP_PX, cardBackPlain, cardName, cardRibbon, closeDetail, coinRow, entryOf } from "./cards.js";
import { lang, t } from "./i18n.js";
import { renderSupply } from "./market.js";
import { markSeat } from "./motion.js";
import { armed, morphChildren, part, patch } from "./patch.js";

export function kv(label, value, testid) {
  return el("div", { class: "kv", dataset: testid ? { testid } : undefined }, el("span", { class: "k" }, label), " ", el("span", { class: "v" }, value));
}

export function cardRow(list, label, testid, prefix, ctx) {
  const ol = el("ol", { class: "cards", dataset: testid ? { testid } : undefined, "aria-label": label });
  (list || []).forEach((k, i) => ol.append(el("li", {}, source(card(k), prefix ? `${prefix}${i}` : null, ctx))));
  return ol;
}

export const seatOf = (o, s) => (o.seats || [])[s] || {};

/** Name `node` as a place of the table (motion.js lists them), holding `count` cards where it shows fewer. */
function zoned(node, id, count) {
  node.dataset.zone = id;
  if (count !== undefined) node.dataset.count = String(count);
  return node;
}

/** A seat's name for the viewer: the player's name if the table has one, else "Seat n"; "you" for the viewer. */
export function who(ctx, s) {
  const names = (ctx.state && ctx.state.names) || [];
  if (s === null || s === undefined || s < 0) return seatName(s, ctx.me);
  let name = names[s];
  // two seats of one name (two greedy bots) are told apart by their seats
  if (name && names.filter((n) => n === name).length > 1) name = `${name} (${t("seat", s)})`;
  if (s === ctx.me) return name ? `${name} · ${t("you")}` : seatName(s, ctx.me);
  return name || t("seat", s);
}

const clients = new Map(); // variant -> the promise of its client module

/** The ruleset's own client code (`/rulesets/<variant>/client.js`), loaded
 * once a page: its views and hooks (above) replace or add to the bean
 * games'; `{}` for a ruleset without one. */
export function loadClient(variant, has = true) {
  if (!has) return Promise.resolve({}); // the state says the ruleset has none: nothing to ask for
  if (!clients.has(variant))
    clients.set(
      variant,
      import(`/rulesets/${encodeURIComponent(variant)}/client.js`).catch(() => ({})),
    );
  return clients.get(variant);
}

/** What a ruleset's client code may draw with: the page's helpers (its
 * words `t`, the catalogue's `entryOf` and `cardName`, a field as the table
 * draws it, a row of coins), `zoned(node, zone, count)` naming a place for
 * motion.js and `target(node, dst)` marking a place that takes moves. */
export function uiOf(ctx) {
  return {
    el,
    kv,
    card,
    cards,
    cardRow: (l, label, id, p) => cardRow(l, label, id, p, ctx),
    seatName: (s) => who(ctx, s),
    seatOf,
    me: ctx.me,
    lang,
    t,
    entryOf,
    cardName,
    coinRow,
    fieldStack,
    zoned,
    target: (node, dst) => target(node, dst, ctx),
  };
}

// ---------------------------------------------------------------- direct manipulation marks

// A card or a place keeps its listeners when a later state changes it in place
// (patch.js): they read what it is (data-src, data-dst) when an event comes,
// and the page's pick model (``live.pick``) is always the current one.
const live = { pick: null };
const srcOf = (node) => node.dataset.src;
const dstOf = (node) => node.dataset.dst;

/** Mark `node` (a card) as the source `src` of moves, if the page picks cards. */
function source(node, src, ctx) {
  if (!src || !ctx || !ctx.pick) return node;
  const p = ctx.pick;
  live.pick = p;
  node.dataset.src = src;
  if (p.sources.has(src)) node.classList.add("pickable");
  if (p.selected === src) node.classList.add("picked");
  if (p.sources.has(src) || p.loose.has(src)) {
    armed.add(node);
    node.setAttribute("tabindex", "0");
    node.classList.add("movable");
    node.addEventListener("click", (ev) => {
      ev.stopPropagation();
      live.pick.onSource(srcOf(node), ev);
    });
    // a mouse drags with HTML5 drag and drop; a finger or a pen with pointer events (below)
    node.draggable = true;
    node.addEventListener("dragstart", (ev) => {
      const from = srcOf(node);
      if (lastPointer !== "mouse" || !live.pick.onDrag(from, true)) {
        ev.preventDefault();
        return;
      }
      closeDetail();
      ev.dataTransfer.setData("text/x-bohn-src", from);
      ev.dataTransfer.effectAllowed = "move";
      mouseDrag = node;
      node.addEventListener(
        "dragend",
        () => {
          mouseDrag = null;
          live.pick.onDrag(from, false);
        },
        { once: true },
      );
    });
    node.addEventListener("pointerdown", (ev) => pressSource(ev, node, srcOf(node), live.pick));
  }
  return node;
}

/** Mark `node` (a field, the store, a place of the ruleset's own) as the target `dst` of moves. */
function target(node, dst, ctx) {
  if (!ctx || !ctx.pick) return node;
  const p = ctx.pick;
  live.pick = p;
  node.dataset.dst = dst;
  if (p.selected !== null && p.targets.has(dst)) node.classList.add("target");
  else if (p.selected !== null && p.mine.has(dst)) node.classList.add("not-target");
  if (p.mine.has(dst) || p.targets.has(dst)) {
    armed.add(node);
    node.addEventListener("click", (ev) => live.pick.onTarget(dstOf(node), ev));
    // reachable with Tab, and Enter or Space acts as a click (a card inside
    // keeps its own keys: it opens its details)
    node.setAttribute("tabindex", "0");
    node.addEventListener("keydown", (ev) => {
      if ((ev.key === "Enter" || ev.key === " ") && ev.target === node) {
        ev.preventDefault();
        live.pick.onTarget(dstOf(node), ev);
      }
    });
    node.addEventListener("dragover", (ev) => {
      if (!ev.dataTransfer || ![...ev.dataTransfer.types].includes("text/x-bohn-src")) return;
      ev.preventDefault();
      hover(node);
    });
    node.addEventListener("dragleave", (ev) => {
      if (!node.contains(ev.relatedTarget)) hover(null);
    });
    node.addEventListener("drop", (ev) => {
      ev.preventDefault();
      hover(null);
      // the board was drawn anew under the drag (the game moved on): the card it carried is gone
      if (mouseDrag && !mouseDrag.isConnected) return;
      live.pick.onTarget(dstOf(node), ev);
    });
    drops.set(node, (ev) => live.pick.onTarget(dstOf(node), ev));
  }
  return node;
}

// ---------------------------------------------------------------- dragging with a finger or a pen
// HTML5 drag and drop answers only a mouse. A touch or a pen press on a card
// that moves becomes a drag once it moves PRESS_SLOP_PX: a ghost of the card
// follows the pointer, the places it may go are marked as for the mouse (the
// page's onDrag), the place under the pointer is lit, and lifting it there is
// a drop (the page's onTarget). A press held still for LONG_PRESS_MS is the
// card's detail view instead (cards.js), and a tap stays a click. Such cards
// take `touch-action: none` (style.css: .movable), so the browser does not
// scroll the page when a finger starts on them; near the top or the bottom of
// the window the page scrolls under the drag.

let lastPointer = "mouse"; // the kind of the last pointer pressed (a pen may start HTML5 drags too)
let mouseDrag = null; // the card an HTML5 drag carries
let press = null; // {id, src, p, node, x0, y0, t0, dx, dy, ghost, x, y}
let over = null; // the place lit under a drag
let quiet = { until: 0, x: 0, y: 0 }; // a drag's own click where it ended, if the browser sends one, is no pick
let scrolling = 0; // the frame request that scrolls under a drag
const drops = new WeakMap(); // a place's node -> its drop
const EDGE_PX = 48;

function hover(node) {
  if (over === node) return;
  if (over) over.classList.remove("drag-over");
  over = node;
  if (over) over.classList.add("drag-over");
}

function pressSource(ev, node, src, p) {
  if (ev.pointerType === "mouse" || !ev.isPrimary || press) return;
  const r = node.getBoundingClientRect();
  press = {
    id: ev.pointerId,
    src,
    p,
    node,
    x0: ev.clientX,
    y0: ev.clientY,
    t0: performance.now(),
    dx: ev.clientX - r.left,
    dy: ev.clientY - r.top,
    ghost: null,
    x: ev.clientX,
    y: ev.clientY,
  };
}

/** The place (with a drop) under the point, the ghost being transparent to it. */
function placeAt(x, y) {
  const hit = document.elementFromPoint(x, y);
  const n = hit && hit.closest ? hit.closest("[data-dst]") : null;
  return n && drops.has(n) ? n : null;
}

function startDrag(d) {
  if (d.t0 + LONG_PRESS_MS <= performance.now() || !d.p.onDrag(d.src, true)) return false;
  closeDetail();
  const r = d.node.getBoundingClientRect();
  const ghost = d.node.cloneNode(true);
  ghost.removeAttribute("data-src");
  ghost.removeAttribute("tabindex");
  ghost.setAttribute("aria-hidden", "true");
  ghost.classList.add("drag-ghost");
  ghost.dataset.testid = "drag-ghost";
  // the card's size where it lay (a hand card is larger than a field's)
  const cw = getComputedStyle(d.node).getPropertyValue("--cw").trim();
  if (cw) ghost.style.setProperty("--cw", cw);
  else ghost.style.width = `${r.width}px`;
  document.body.append(ghost);
  d.node.classList.add("dragging");
  d.ghost = ghost;
  return true;
}

function moveGhost(d) {
  d.ghost.style.transform = `translate(${d.x - d.dx}px, ${d.y - d.dy}px)`;
  hover(placeAt(d.x, d.y));
}

/** While the pointer is near the window's top or bottom edge, scroll the page under the drag. */
function edgeScroll() {
  scrolling = 0;
  const d = press;
  if (!d || !d.ghost) return;
  const step = d.y < EDGE_PX ? -12 : d.y > window.innerHeight - EDGE_PX ? 12 : 0;
  if (!step) return;
  window.scrollBy(0, step);
  moveGhost(d);
  scrolling = requestAnimationFrame(edgeScroll);
}

function endDrag(d, ev, drop) {
  press = null;
  cancelAnimationFrame(scrolling);
  scrolling = 0;
  if (!d.ghost) return;
  const place = drop ? placeAt(d.x, d.y) : null;
  d.ghost.remove();
  d.node.classList.remove("dragging");
  hover(null);
  quiet = { until: performance.now() + 400, x: d.x, y: d.y };
  // the board drawn anew under the drag (the game moved on) took the card away: nothing drops
  if (place && d.node.isConnected) drops.get(place)(ev);
  d.p.onDrag(d.src, false);
}

document.addEventListener(
  "pointerdown",
  (ev) => {
    lastPointer = ev.pointerType || "mouse";
  },
  true,
);
document.addEventListener("pointermove", (ev) => {
  const d = press;
  if (!d || ev.pointerId !== d.id) return;
  d.x = ev.clientX;
  d.y = ev.clientY;
  if (!d.ghost) {
    if (Math.hypot(d.x - d.x0, d.y - d.y0) <= PRESS_SLOP_PX) return;
    if (!startDrag(d)) {
      press = null; // held long enough for the details, or no drag now
      return;
    }
  }
  ev.preventDefault();
  moveGhost(d);
  if (!scrolling) scrolling = requestAnimationFrame(edgeScroll);
});
document.addEventListener("pointerup", (ev) => {
  if (press && ev.pointerId === press.id) endDrag(press, ev, true);
});
document.addEventListener("pointercancel", (ev) => {
  if (press && ev.pointerId === press.id) endDrag(press, ev, false);
});
document.addEventListener(
  "click",
  (ev) => {
    if (performance.now() < quiet.until && Math.hypot(ev.clientX - quiet.x, ev.clientY - quiet.y) <= 2 * PRESS_SLOP_PX) {
      ev.preventDefault();
      ev.stopPropagation();
    }
  },
  true,
);

// ---------------------------------------------------------------- status

const yesNo = (b) => t(b ? "yes" : "no");

/** The ruleset-specific state of the turn, in words. */
export function situation(o, ctx) {
  const out = [];
  const w = (s) => who(ctx, s);
  if (o.exhaustions !== undefined)
    out.push(kv(t("exhaustions"), `${t("of-n", o.exhaustions, o.final_exhaustion)}${o.last_turn ? ` (${t("last-turn")})` : ""}`, "exhaustions"));
  if (o.planted !== undefined && !ctx.client.table) out.push(kv(t("planted"), String(o.planted)));
  if (o.bank_used && (o.bank_used.bury || o.bank_used.move)) out.push(kv(t("bank-used"), t("bank-line", o.bank_used.bury, o.bank_used.move), "bank-used"));
  if (o.final_buyer !== undefined && o.final_buyer !== null) out.push(kv(t("final-buyer"), w(o.final_buyer), "final-buyer"));
  if (o.jail_coin) out.push(kv(t("jail-coin"), el("span", {}, `${w(o.jail_coin.seat)} ${t("from")} `, ...cards(o.jail_coin.cards)), "jail-coin"));
  // stage 0: before the first turn, while the starting coins are laid
  if (o.stage !== undefined) out.push(kv(t("stage"), o.stage ? t("stage-of", o.stage) : t("stage-setup"), "stage"));
  if (o.uncovered) out.push(kv(t("uncovered"), t("n-cards", o.uncovered)));
  if (o.under) out.push(kv(t("under"), String(o.under)));
  if (o.extended) out.push(kv(t("deck"), t("deck-fourth"), "extended"));
  const d = o.decision;
  const own = d && ctx.client.decision ? ctx.client.decision(d, uiOf(ctx)) : null;
  if (own) out.push(own);
  else if (d) {
    if (d.counts) out.push(kv(t("cards-to-draw"), d.counts.join(` ${t("or")} `), "decision"));
    else if (d.third) out.push(kv(t("third-removal"), card(d.third), "decision"));
    else if (d.removable)
      out.push(kv(t("removable"), d.removable.length ? el("span", { class: "inline-cards" }, ...cards(d.removable)) : t("none"), "decision"));
  }
  if (o.third_fields_left !== undefined) out.push(kv(t("third-fields-left"), String(o.third_fields_left), "third-fields-left"));
  if (o.third_field_card !== undefined && o.third_field_card !== null) out.push(kv(t("third-field-card"), w(o.third_field_card), "third-field-card"));
  if (o.hand_discarded !== undefined) out.push(kv(t("hand-dropped"), yesNo(o.hand_discarded), "hand-discarded"));
  if (ctx.client.facts) out.push(...ctx.client.facts(o, uiOf(ctx)));
  return out;
}

/** The status line: the prompt in words, then turn, phase, who acts, and the turn's situation. */
export function renderStatus(box, ctx, yours) {
  const state = ctx.state;
  const o = state.observation;
  const waiting = state.waiting_for || [];
  const phaseName = state.phase_name || (o.phase === undefined ? "-" : String(o.phase).replace(/-/g, " "));
  box.dataset.yourMove = yours ? "yes" : "no";
  // the offers that wait on your answer: a jump to them (on a phone the
  // trading panel is far below the first screen)
  const answer = new Set(
    (state.legal || []).filter((l) => (l.action.type === "accept" || l.action.type === "decline") && l.action.offer !== undefined).map((l) => l.action.offer),
  );
  const panel = document.getElementById("offers-panel");
  const jump =
    answer.size && panel
      ? el(
          "button",
          { type: "button", class: "offers-jump", dataset: { testid: "offers-jump" }, onclick: () => panel.scrollIntoView({ block: "start" }) },
          t("offers-for-you", answer.size),
        )
      : null;
  morphChildren(box, [
    el(
      "p",
      { class: `prompt${yours ? " prompt-yours" : ""}`, dataset: { testid: "prompt" } },
      yours
        ? el("strong", { class: "your-move prompt-text", dataset: { testid: "your-move" } }, state.prompt || t("your-move"))
        : el("span", { class: "prompt-text" }, state.prompt || ""),
      jump,
    ),
    el(
      "div",
      { class: "status-facts" },
      kv(t("turn"), String(o.turn ?? "-"), "turn"),
      el(
        "div",
        { class: "kv", dataset: { testid: "phase", phase: String(o.phase ?? "") } },
        el("span", { class: "k" }, t("phase")),
        " ",
        el("span", { class: "v" }, phaseName),
      ),
      kv(t("active"), who(ctx, o.active), "active"),
      kv(t("waiting-for"), waiting.length ? waiting.map((s) => who(ctx, s)).join(", ") : t("nobody"), "waiting-for"),
      ...situation(o, ctx),
    ),
  ]);
}

// ---------------------------------------------------------------- the hand

const drawnFrom = new WeakMap(); // a box -> what it was last drawn from

export function renderHand(hand, extra, ctx) {
  const o = ctx.state.observation;
  if (ctx.me === null) {
    drawnFrom.delete(hand);
    hand.replaceChildren();
    extra.replaceChildren();
    delete hand.dataset.zone;
    return;
  }
  const mine = seatOf(o, ctx.me);
  const list = mine.hand || [];
  // drawn again only when what it is drawn from changed
  const p = ctx.pick;
  const sig = JSON.stringify([
    lang,
    ctx.me,
    list,
    mine.defence || null,
    o.drawn || null,
    o.deck_top || null,
    p ? [[...p.sources.keys()].filter((k) => /^[hd]/.test(k)), [...p.loose].filter((k) => /^[hd]/.test(k)), p.selected] : null,
  ]);
  if (p) live.pick = p;
  if (drawnFrom.get(hand) === sig) return;
  drawnFrom.set(hand, sig);
  zoned(hand, `hand:${ctx.me}`);
  if (list.length > 1) hand.style.setProperty("--fan", String(list.length));
  const items = list.map((k, i) =>
    el(
      "li",
      { dataset: { testid: "hand-card", ref: `h${i}`, card: k }, class: i === 0 ? "front" : undefined },
      source(card(k), `h${i}`, ctx),
      i === 0 && list.length > 1 ? el("span", { class: "front-mark" }, t("front-card")) : null,
    ),
  );
  if (!list.length) items.push(el("li", { class: "empty" }, t("hand-empty")));
  // the hand and what lies beside it change in place (patch.js): a card that
  // stays in the hand keeps its element, so only what came or went is laid out
  morphChildren(hand, items);
  const more = [];
  if (mine.defence) more.push(el("h3", {}, t("defence-cards")), zoned(cardRow(mine.defence, t("defence-cards"), "defence", "d", ctx), `defence:${ctx.me}`));
  if (o.drawn && o.drawn.length) more.push(el("h3", {}, t("drawn")), zoned(cardRow(o.drawn, t("drawn"), "drawn"), "drawn"));
  if (o.deck_top) more.push(kv(t("deck-top"), card(o.deck_top), "deck-top"));
  morphChildren(extra, more);
}

// ---------------------------------------------------------------- the middle of the table

function pile(label, node, testid, sub) {
  const box = el(
    "div",
    { class: "pile", dataset: testid ? { testid } : undefined },
    el("div", { class: "pile-label" }, label),
    node,
    sub ? el("div", { class: "pile-sub" }, sub) : null,
  );
  // a pile is reached with Tab: through its top card if that opens, else itself
  if (!node.hasAttribute("tabindex")) {
    box.tabIndex = 0;
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", sub ? `${label}: ${sub}` : label);
  }
  return box;
}

/** The one element a ``draw(box)`` appends to a box, as a part's builder. */
function single(draw) {
  return () => {
    const holder = el("div");
    draw(holder);
    return holder.firstElementChild;
  };
}

export function renderTable(box, ctx) {
  const o = ctx.state.observation;
  if (ctx.client.table) {
    box.replaceChildren();
    ctx.client.table(o, box, uiOf(ctx));
    return;
  }
  const discard = o.discard || [];
  const sig = (...data) => JSON.stringify([lang, ...data]);
  // the middle row: the piles, the revealed cards, the ruleset's own blocks, the market
  const row = [
    part("deck", sig(o.deck_size ?? 0), () =>
      zoned(
        pile(t("draw-pile"), o.deck_size ? card(null) : el("span", { class: "pile-empty" }), "deck-size", t("n-cards", o.deck_size ?? 0)),
        "deck",
        o.deck_size ?? 0,
      ),
    ),
    part("discard", sig(discard.length, discard[discard.length - 1] ?? null), () =>
      zoned(
        pile(
          t("discard-pile"),
          discard.length ? card(discard[discard.length - 1]) : el("span", { class: "pile-empty" }),
          "discard",
          discard.length ? t("n-cards", discard.length) : t("empty"),
        ),
        "discard",
        discard.length,
      ),
    ),
  ];
  // what can be picked is drawn anew every time (its moves change with the state)
  if ((o.revealed || []).length)
    row.push(
      part("revealed", null, () =>
        el(
          "div",
          { class: "revealed-area" },
          el("div", { class: "pile-label" }, t("revealed")),
          zoned(cardRow(o.revealed, t("revealed"), "revealed", "r", ctx), "revealed"),
        ),
      ),
    );
  if (o.piles && o.piles.length)
    row.push(
      part("piles", null, () => {
        const ol = el("ol", { class: "stacks", dataset: { testid: "piles" } });
        o.piles.forEach((p, i) =>
          ol.append(
            el("li", { class: "pile-stack", dataset: { zone: `pile:${i}` } }, ...(Array.isArray(p) ? p : [p]).map((k) => source(card(k), `p${i}`, ctx))),
          ),
        );
        return el("div", { class: "revealed-area" }, el("div", { class: "pile-label" }, t("piles")), ol);
      }),
    );
  if (o.offer && Array.isArray(o.offer) && o.offer.length)
    row.push(
      part("offer", null, () => {
        const ol = el("ol", { class: "stacks", dataset: { testid: "offer-stacks" } });
        o.offer.forEach((p, i) =>
          ol.append(el("li", { class: "pile-stack", dataset: { zone: `offer:${i}` } }, ...p.map((k) => source(card(k), `p${i}`, ctx)))),
        );
        return el("div", { class: "revealed-area" }, el("div", { class: "pile-label" }, t("offer-stacks")), ol);
      }),
    );
  if (ctx.client.blocks) for (const b of ctx.client.blocks(o, uiOf(ctx))) row.push(part(b.key, null, () => b.node));
  if (o.supply)
    row.push(
      part(
        "market",
        sig(o.supply, o.removed ?? null, o.razzia ?? null),
        single((holder) => renderSupply(o, holder, ctx)),
      ),
    );
  // under it: an attack, cards to plant, the whole discard pile
  const parts = [part("row", "row", () => el("div", { class: "center-row" }))];
  if (o.attack && typeof o.attack === "object") {
    const a = o.attack;
    parts.push(
      part("attack", null, () =>
        el(
          "div",
          { class: "center-block", dataset: { testid: "attack" } },
          el("h3", {}, t("attack")),
          kv(t("attack-target"), a.target >= 0 ? who(ctx, a.target) : t("none-yet")),
          kv(t("attack-reach"), String(a.reach)),
          kv(t("turned-up"), a.turned && a.turned.length ? el("span", {}, ...cards(a.turned)) : t("none")),
          a.aside && a.aside.length ? kv(t("set-aside"), el("span", {}, ...cards(a.aside))) : null,
          kv(t("open-attacks"), (a.open || []).map(([f, c]) => `${t("field", f)}: ${t("coins-n", c)}`).join("; ") || t("none")),
        ),
      ),
    );
  }
  if (o.foist) parts.push(part("foist", null, () => kv(t("must-plant"), el("span", {}, `${who(ctx, o.foist.seat)}: `, ...cards(o.foist.cards)), "foist")));
  if (o.quirk) parts.push(part("quirk", null, () => kv(t("quirk"), el("span", {}, `${who(ctx, o.quirk.seat)}: `, card(o.quirk.card)), "quirk")));
  if (o.final_placement)
    parts.push(
      part("final-placement", null, () =>
        kv(
          t("final-placement"),
          `${who(ctx, o.final_placement.seat)} (${t("fields-used")}: ${(o.final_placement.used || []).map((f) => t("field", f)).join(", ") || t("none")})`,
          "final-placement",
        ),
      ),
    );
  // kept while the pile is the same, so that it stays open where it was opened
  if (discard.length > 1)
    parts.push(
      part("discard-all", sig(discard), () =>
        el("details", { class: "discard-all" }, el("summary", {}, t("whole-discard")), cardRow(discard, t("discard-pile"))),
      ),
    );
  patch(box, parts);
  patch(box.firstElementChild, row);
}

// ---------------------------------------------------------------- seats and fields

/** What the field pays now and how many more cards give the next coin (from the beanometer). */
function fieldFacts(list, pays) {
  // [short words on the table, the sentence]
  const out = [];
  if (pays !== undefined && list.length) out.push([t("pays-short", pays), t("pays", pays)]);
  if (list.length && list.every((k) => k === list[0])) {
    const e = entryOf(list[0]);
    // ladies pay by their own beanometer (Ladybohn)
    const m = e && (e.kind === "lady" && e.lady_beanometer ? e.lady_beanometer : e.beanometer);
    if (m) {
      const next = m.find((n) => n !== null && n !== undefined && n > list.length);
      if (next !== undefined) out.push([t("next-short", next - list.length), t("next-coin", next - list.length)]);
      else out.push([t("max-short"), t("max-coins")]);
    }
  }
  return out;
}

/** A field as an overlapping stack, bottom card first and the top card whole. */
export function fieldStack(list, label, testid, pays) {
  const wrap = el("div", { class: "field", dataset: { testid } });
  const ol = el("ol", { class: "stack", "aria-label": label || "field" });
  if (list.length > 1) ol.style.setProperty("--n", String(list.length - 1));
  // the cards under the top one show only their top edge: each is drawn as that (cards.js)
  list.forEach((k, i) => ol.append(i === list.length - 1 ? el("li", { class: "stack-top" }, card(k)) : el("li", { class: "under" }, cardRibbon(k) || card(k))));
  if (!list.length) ol.append(el("li", { class: "empty-field" }, t("field-empty")));
  const facts = fieldFacts(list, pays);
  if (label)
    wrap.append(
      el(
        "div",
        { class: "field-head" },
        el("span", { class: "field-name" }, label),
        list.length > 1 ? el("span", { class: "field-count" }, `×${list.length}`) : null,
      ),
    );
  wrap.append(ol);
  if (facts.length)
    wrap.append(
      el(
        "div",
        { class: "field-facts", dataset: { testid: `${testid}-facts` }, title: facts.map((f) => f[1]).join(" · ") },
        facts.map((f) => f[0]).join(" · "),
      ),
    );
  return wrap;
}

function fieldLabel(s, j, ctx) {
  let label = t("field", j);
  const extra = [];
  if (s.field_kinds && s.field_kinds[j] && s.field_kinds[j] !== "regular") extra.push(s.field_kinds[j]);
  if (ctx.client.fieldNotes) extra.push(...ctx.client.fieldNotes(s, j, uiOf(ctx)));
  if (s.locked && s.locked[j]) extra.push(t("locked"));
  if (s.open_fields && !s.open_fields.includes(j)) extra.push(t("closed"));
  if (extra.length) label += ` (${extra.join(", ")})`;
  return label;
}

/** A seat area's own attributes: its classes and its name. */
function seatShell(i, ctx) {
  const o = ctx.state.observation;
  const classes = ["seat"];
  if (i === ctx.me) classes.push("me");
  if (i === o.active) classes.push("active");
  if ((ctx.state.waiting_for || []).includes(i)) classes.push("waiting");
  return { class: classes.join(" "), label: who(ctx, i) };
}

/** A seat's head: its name, what it is (a bot's kind, a person's presence) and whether it acts. */
function seatHead(i, ctx) {
  const o = ctx.state.observation;
  const mine = i === ctx.me;
  const waiting = (ctx.state.waiting_for || []).includes(i);
  const badges = [];
  if (i === o.active) badges.push(el("span", { class: "badge badge-active" }, "▶ ", t(mine ? "your-turn" : "is-active")));
  if (waiting) badges.push(el("span", { class: "badge badge-waiting" }, t("to-act")));
  // what the seat is (a bot's kind) or whether its person is here (people.js)
  const marks = ctx.marks ? ctx.marks(i) : [];
  return el("header", { class: "seat-head" }, el("h3", { class: "seat-name" }, who(ctx, i)), ...marks, ...badges);
}

/** A seat's coins and hand on one line. */
function seatFacts(i, ctx) {
  const o = ctx.state.observation;
  const s = seatOf(o, i);
  const mine = i === ctx.me;
  const facts = el("div", { class: "seat-facts" });
  const coinBox = el("span", { class: "coin-count", title: t("coins") }, el("span", { class: "coin-icon", "aria-hidden": "true" }), ` ${s.coins ?? 0}`);
  if (s.blind_coins !== undefined) coinBox.append(` (${t("blind", s.blind_coins)})`);
  zoned(coinBox, `coins:${i}`, s.coins ?? 0);
  facts.append(el("span", { class: "kv", dataset: { testid: `coins-${i}` } }, el("span", { class: "visually-hidden" }, `${t("coins")}: `), coinBox));
  if (!mine || ctx.reveal) {
    const fan = el("span", { class: "hand-fan", "aria-hidden": "true" }, ...Array.from({ length: Math.min(s.hand_size || 0, 10) }, cardBackPlain));
    zoned(fan, `hand:${i}`, s.hand_size ?? 0);
    facts.append(
      el(
        "span",
        { class: "kv", dataset: { testid: `hand-size-${i}` } },
        el("span", { class: "k" }, `${t("hand")} `),
        fan,
        el("span", { class: "v" }, ` ${s.hand_size ?? 0}`),
      ),
    );
  } else {
    facts.append(
      el(
        "span",
        { class: "kv", dataset: { testid: `hand-size-${i}` } },
        el("span", { class: "k" }, `${t("hand")} `),
        el("span", { class: "v" }, String(s.hand_size ?? 0)),
      ),
    );
  }
  const faces = s.known_coins || s.coin_cards;
  if (faces && faces.length) facts.append(el("span", { class: "coins", dataset: { zone: `coins:${i}` } }, ...cards(faces, { class: "card coin" })));
  if (s.tally) facts.append(kv(t("tally"), `${s.tally.cash} + ${s.tally.cards} + ${s.tally.bonus} = ${s.tally.total}`));
  if (s.stashed !== undefined && o.phase === "start-coins") facts.append(kv(t("start-coins"), yesNo(s.stashed)));
  if (s.proposals_left !== undefined && o.offers !== undefined && o.phase === "trade" && mine) facts.append(kv(t("proposals-left"), String(s.proposals_left)));
  return facts;
}

/** A seat's fields, and beside them what else it holds. */
function seatBody(i, ctx) {
  const o = ctx.state.observation;
  const s = seatOf(o, i);
  const mine = i === ctx.me;
  const fields = el("div", { class: "fields" });
  (s.fields || []).forEach((f, j) => {
    const node = fieldStack(f, fieldLabel(s, j, ctx), `field-${i}-${j}`, s.field_pays ? s.field_pays[j] : undefined);
    node.dataset.field = String(j);
    node.dataset.zone = `field:${i}:${j}`;
    fields.append(mine ? target(node, `f${j}`, ctx) : node);
  });
  const zones = el("div", { class: "seat-zones" });
  const tradingName = (ctx.state && ctx.state.zone_names && ctx.state.zone_names.t) || t("trading-area");
  if ((s.trading_area || []).length) zones.append(zoned(seatZone(tradingName, s.trading_area, `trading-area-${i}`, mine ? "t" : null, ctx), `trade:${i}`));
  if (s.buildings && s.buildings.length)
    zones.append(zoned(kv(t("buildings"), el("span", { class: "inline-cards" }, ...cards(s.buildings)), `buildings-${i}`), `buildings:${i}`));
  if (s.store !== undefined && (s.store.length || mine)) {
    const store = el(
      "div",
      { class: "seat-zone store" },
      el("span", { class: "k" }, t("general-store")),
      cardRow(s.store, t("general-store"), `store-${i}`, mine ? "s" : null, ctx),
    );
    zoned(store, `store:${i}`);
    zones.append(mine ? target(store, "store", ctx) : store);
  }
  if (s.establishments && s.establishments.length)
    zones.append(
      zoned(kv(t("establishments"), el("span", { class: "inline-cards" }, ...cards(s.establishments)), `establishments-${i}`), `establishments:${i}`),
    );
  if (ctx.client.seatZones) zones.append(...ctx.client.seatZones(o, s, i, uiOf(ctx)));
  return el("div", { class: "seat-body" }, fields, zones.childNodes.length ? zones : null);
}

const seatZone = (label, list, testid, prefix, ctx) =>
  el("div", { class: "seat-zone", dataset: { testid: `${testid}-zone` } }, el("span", { class: "k" }, label), cardRow(list, label, testid, prefix, ctx));

/** A hand revealed at the end (the replay), in a row of its own under the fields; null for none. */
function seatReveal(i, ctx) {
  const s = seatOf(ctx.state.observation, i);
  if (!ctx.reveal || !(s.hand || []).length || i === ctx.me) return null;
  const hand = seatZone(t("hand"), s.hand, `hand-${i}`);
  hand.classList.add("revealed-hand");
  return hand;
}

/** One seat's area: its name, coins, hand size, fields and what else it holds. */
export function seatArea(i, ctx) {
  const state = ctx.state;
  const o = state.observation;
  const s = seatOf(o, i);
  const shell = seatShell(i, ctx);
  const sec = el("section", { class: shell.class, dataset: { testid: `seat-${i}`, seat: String(i) }, "aria-label": shell.label });
  sec.append(seatHead(i, ctx));
  if (ctx.client.seat) {
    ctx.client.seat(o, s, i, sec, uiOf(ctx));
    if (ctx.reveal && (s.hand || []).length && i !== ctx.me)
      sec.append(el("div", { class: "seat-zone" }, el("span", { class: "k" }, t("hand")), cardRow(s.hand, t("hand"), `hand-${i}`)));
    markSeat(sec, i, (x) => who(ctx, x)); // its last move (motion.js)
    return sec;
  }
  sec.append(seatFacts(i, ctx), seatBody(i, ctx));
  const reveal = seatReveal(i, ctx);
  if (reveal) sec.append(reveal);
  markSeat(sec, i, (x) => who(ctx, x)); // its last move (motion.js)
  return sec;
}

/** Bring the seat area ``sec`` (on the page) up to seat ``i``: its own
 * attributes, then its parts, each drawn again only when what it is drawn
 * from changed (its head, its coins and hand, its fields and other places),
 * then its last move's marks (motion.js). */
function fillSeat(sec, i, ctx) {
  const state = ctx.state;
  const o = state.observation;
  const shell = seatShell(i, ctx);
  if (sec.className !== shell.class) sec.className = shell.class;
  if (sec.getAttribute("aria-label") !== shell.label) sec.setAttribute("aria-label", shell.label);
  const p = i === ctx.me ? ctx.pick : null;
  const head = JSON.stringify([
    lang,
    who(ctx, i),
    o.active === i,
    i === ctx.me,
    (state.waiting_for || []).includes(i),
    (state.seats || [])[i] || null,
    state.seat ?? null,
    state.presence ? (state.presence.connected || []).includes(i) : null,
  ]);
  // your hand is drawn under your seat, not in it (renderHand); what can be
  // picked in your seat: the cards of its trading area and its store, and the places to put one
  const { hand, ...seat } = seatOf(o, i);
  const own = (keys) => [...keys].filter((k) => /^[ts]/.test(k));
  // the phase shows only as the start coins laid and the proposals left
  const facts = JSON.stringify([
    lang,
    i === ctx.me,
    seat,
    Boolean(ctx.reveal),
    seat.stashed !== undefined && o.phase === "start-coins",
    i === ctx.me && o.phase === "trade" && o.offers !== undefined,
  ]);
  const body = JSON.stringify([
    facts,
    ctx.client.seatZones ? o.phase : null,
    state.zone_names || null,
    p ? [own(p.sources.keys()), own(p.loose), /^[ts]/.test(p.selected) ? p.selected : p.selected !== null, [...p.targets], [...p.mine]] : null,
  ]);
  const parts = [part("head", head, () => seatHead(i, ctx)), part("facts", facts, () => seatFacts(i, ctx)), part("body", body, () => seatBody(i, ctx))];
  if (seatReveal(i, ctx)) parts.push(part("reveal", JSON.stringify([lang, hand]), () => seatReveal(i, ctx)));
  patch(sec, parts);
  markSeat(sec, i, (x) => who(ctx, x));
}

/** Every seat's area: the others in a row (in seat order after mine), mine in its own place. */
export function renderSeats(others, mineBox, ctx) {
  const o = ctx.state.observation;
  const n = (o.seats || []).length;
  if (ctx.pick) live.pick = ctx.pick;
  // a ruleset's own seat view (which may hold controls) is drawn anew every
  // time; a seat the table draws is kept, and its parts follow the state (fillSeat)
  const own = Boolean(ctx.client.seat);
  const shell = (i) =>
    part(`seat-${i}`, own ? null : "seat", () =>
      own ? seatArea(i, ctx) : el("section", { class: "seat", dataset: { testid: `seat-${i}`, seat: String(i) } }),
    );
  const areas = [];
  const start = ctx.me === null ? 0 : ctx.me + 1;
  for (let k = 0; k < n; k++) {
    const i = (start + k) % n;
    if (i !== ctx.me) areas.push(i);
  }
  patch(
    others,
    areas.map((i) => shell(i)),
  );
  if (others.dataset.count !== String(areas.length)) others.dataset.count = String(areas.length);
  if (mineBox) patch(mineBox, ctx.me === null ? [] : [shell(ctx.me)]);
  if (own) return;
  [...others.children].forEach((sec, k) => fillSeat(sec, areas[k], ctx));
  if (!mineBox || ctx.me === null) return;
  fillSeat(mineBox.firstElementChild, ctx.me, ctx);
  // the places a chosen card may go: marked anew (a drag marks them in place, moves.js)
  const p = ctx.pick;
  for (const n of mineBox.querySelectorAll("[data-dst]")) {
    const dst = n.dataset.dst;
    const on = Boolean(p && p.selected !== null && p.targets.has(dst));
    const off = Boolean(p && p.selected !== null && !on && p.mine.has(dst));
    if (n.classList.contains("target") !== on) n.classList.toggle("target", on);
    if (n.classList.contains("not-target") !== off) n.classList.toggle("not-target", off);
  }
}
