// The game page's trading: the open offers with their answers, the proposal
// form (cards to give by identity, beans wanted), counter-offers edited in
// the offer's own card, the answers to my proposals, and the automatic "no"
// to others' trading.
import { card, cardKind, el } from "./common.js";
import { beanTypes, cardName } from "./cards.js";
import { t } from "./i18n.js";
import { seatOf } from "./table.js";
import { $, S, hooks, me, obs, say, send, showError, who } from "./session.js";
import { actionButton } from "./moves.js";

const want = []; // the trade form's wanted bean types

// ---------------------------------------------------------------- trading
// The trading panel is built once and updated in place on every state
// message: bots trade every 100-200 ms, and a rebuilt form would lose the
// player's focus and choices. The cards to give are remembered by identity
// (an id that follows each card through the changes of its zone), never by
// position: a card that moves is still the chosen card, one that left the
// zone is dropped from the proposal with a notice.

const ZONES = [["h"], ["r"], ["s"]];
let tradeGame = null; // the game the trading S.state below belongs to
let zones = { h: [], r: [], s: [] }; // zone -> [{id, key}] as last seen
let nextCardId = 1;
const chosen = new Set(); // ids of the cards to give
const giveNodes = new Map(); // id -> its choice element
const beanNodes = new Map(); // bean type -> its "want" button
const offerNodes = new Map(); // offer id -> {sig, li, parts}
let inflight = null; // what trading sent and waits to hear about (its ack or refusal)
let auto = null; // {turn, phase} while auto-decline/pass is on

/** Carry the ids of `old` ({id, key} in order) over to `keys`: the longest
 * common subsequence keeps its ids, the rest are new cards. On ties the later
 * old card is kept (a front card planted, not the one behind it). */
function alignZone(old, keys) {
  const n = old.length;
  const m = keys.length;
  const dp = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = 1; i <= n; i++)
    for (let j = 1; j <= m; j++) dp[i][j] = old[i - 1].key === keys[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
  const ids = new Array(m).fill(null);
  for (let i = n, j = m; i > 0 && j > 0;) {
    if (old[i - 1].key === keys[j - 1]) {
      ids[j - 1] = old[i - 1].id;
      i--;
      j--;
    } else if (dp[i - 1][j] >= dp[i][j - 1]) i--;
    else j--;
  }
  return keys.map((key, j) => ({ id: ids[j] ?? nextCardId++, key }));
}

function givable(o) {
  const mine = seatOf(o, me());
  return { h: mine.hand || [], r: o.active === me() ? o.revealed || [] : [], s: mine.store || [] };
}

/** A new game on this page: forget what the trading knew of the last one. */
function followGame() {
  if (tradeGame === S.state.game) return;
  tradeGame = S.state.game;
  zones = { h: [], r: [], s: [] };
  chosen.clear();
  want.length = 0;
  auto = null;
  ed = null;
  inflight = null;
  declineDue = null;
  watch = null;
  logSeen = -1;
  myOffers.clear();
  offerSteps.clear();
  for (const a of answers.values()) clearTimeout(a.timer);
  answers.clear();
}

/** Follow the cards of my zones to this state; drop (with a notice) chosen cards that left. */
function followCards(o) {
  followGame();
  const now = givable(o);
  const gone = [];
  const edGone = [];
  for (const [z] of ZONES) {
    const next = alignZone(zones[z], now[z]);
    const ids = new Set(next.map((c) => c.id));
    zones[z].forEach((c) => {
      if (ids.has(c.id)) return;
      const words = t("left-zone", cardName(c.key), t(`zone.${z}`));
      if (chosen.delete(c.id)) gone.push(words);
      if (ed && ed.chosen.delete(c.id)) edGone.push(words);
    });
    zones[z] = next;
  }
  if (gone.length) tradeNotice(t("dropped-out", gone.join("; ")), "dropped");
  if (edGone.length) counterNotice(t("dropped-out", edGone.join("; ")), "dropped");
}

const tradeNotice = (text, kind) => say($("trade-notice"), text, "kind", kind);

/** The cards the player chose, at their current positions. */
function chosenRefs() {
  const out = [];
  for (const [z] of ZONES) zones[z].forEach((c, i) => chosen.has(c.id) && out.push({ ref: `${z}${i}`, key: c.key }));
  return out;
}

/** Put `nodes` into `box` in this order, moving only what must move (focus stays). */
function placeInOrder(box, nodes) {
  const keep = new Set(nodes);
  for (const child of [...box.childNodes]) if (!keep.has(child)) child.remove();
  let cursor = box.firstChild;
  for (const node of nodes) {
    if (node === cursor) cursor = cursor.nextSibling;
    else box.insertBefore(node, cursor);
  }
  while (cursor) {
    const next = cursor.nextSibling;
    cursor.remove();
    cursor = next;
  }
}

function proposalText(to, give, wanted) {
  const g = give.length ? give.map((c) => cardName(c.key)).join(", ") : t("nothing");
  const w = wanted.length ? wanted.map(cardName).join(", ") : t("nothing");
  return t("propose-text", who(to), g, w);
}

export function renderOffers(o) {
  followCards(o);
  followLog(o);
  const box = $("offers");
  const offers = o.offers || [];
  const legal = S.state.legal || [];
  const open = new Set(offers.map((f) => f.id));
  // an answered proposal of mine stays a moment, in its place, with its answer
  const recent = [...answers.values()].filter((a) => !open.has(a.f.id));
  $("offers-panel").hidden = S.client.trades === false || (o.bosses !== undefined && !offers.length && !recent.length);
  $("offers-none").hidden = offers.length + recent.length > 0;
  const list = $("offers-list");
  const seen = new Set();
  const nodes = [];
  const proposeTo = new Set(legal.filter((l) => l.action.type === "propose").map((l) => l.action.to));
  const counterable = (f) => f.to === me() && proposeTo.has(f.from);
  if (ed && !offers.some((f) => f.id === ed.offer && counterable(f))) closeCounter({ render: false });
  const items = [...offers.map((f) => ({ f })), ...recent.map((a) => ({ f: a.f, answer: a }))].sort((a, b) => a.f.id - b.f.id);
  for (const { f, answer } of items) {
    seen.add(f.id);
    const mine = answer ? [] : legal.filter((l) => ["accept", "decline", "withdraw"].includes(l.action.type) && l.action.offer === f.id);
    const counter = !answer && counterable(f);
    const sig = JSON.stringify([f, mine, counter, me(), S.state.names, answer ? answer.text : null, ed && ed.offer === f.id]);
    let entry = offerNodes.get(f.id);
    if (!entry) {
      entry = { sig: null, li: el("li"), parts: [] };
      offerNodes.set(f.id, entry);
    }
    if (entry.sig !== sig) {
      entry.parts = offerItem(entry.li, f, mine, counter, answer);
      entry.sig = sig;
    }
    // the counter editor stays the same element (its focus and choices) while the card around it changes
    placeInOrder(entry.li, [...entry.parts, ...(ed && ed.offer === f.id ? [ed.node] : [])]);
    nodes.push(entry.li);
  }
  for (const id of [...offerNodes.keys()]) if (!seen.has(id)) offerNodes.delete(id);
  placeInOrder(list, nodes);
  const end = legal.find((l) => l.action.type === "end-trading");
  const foot = $("offers-end");
  if (Boolean(end) !== Boolean(foot.firstChild)) foot.replaceChildren(...(end ? [actionButton(end, t("end-trading"))] : []));
  if (inflight && inflight.ws !== S.ws) lostAnswer(); // the connection it went on closed: no answer comes
  tryDecline();
  for (const b of box.querySelectorAll("button")) b.disabled = S.pending;
  if (ed) syncCounter(o);
  if (focusWatch && watch && watch.id !== null && offerNodes.has(watch.id)) {
    focusWatch = false;
    offerNodes.get(watch.id).li.focus();
  }
}

/** Fill offer card `li` (offer `f`; `answer`: my proposal's answer, the offer gone); its parts, in order. */
function offerItem(li, f, mine, counter, answer) {
  const incoming = f.to === me();
  const outgoing = f.from === me();
  const give = (f.give || []).map((k, i) =>
    el(
      "span",
      { class: "offer-card" },
      card(k),
      f.give_from && f.give_from[i] !== "h" ? el("small", {}, `(${f.give_from[i] === "r" ? t("from-revealed") : t("from-store")})`) : null,
    ),
  );
  const wanted = (f.want || []).map((k) => card(k));
  const side = (label, items, testid) =>
    el(
      "div",
      { class: "offer-side", dataset: { testid } },
      el("span", { class: "k" }, label),
      el("div", { class: "offer-cards" }, ...(items.length ? items : [el("span", { class: "empty" }, t("nothing"))])),
    );
  const [left, right] = incoming
    ? [side(t("you-get"), give, "offer-get"), side(t("you-give"), wanted, "offer-give")]
    : outgoing
      ? [side(t("you-give"), give, "offer-give"), side(t("you-get"), wanted, "offer-get")]
      : [side(t("gives", who(f.from)), give, "offer-give"), side(t("wants", who(f.from)), wanted, "offer-get")];
  li.className = [incoming ? "incoming" : outgoing ? "outgoing" : "", answer ? "answered" : ""].filter(Boolean).join(" ");
  li.dataset.testid = answer ? "offer-answered" : "offer";
  li.dataset.offer = String(f.id);
  li.dataset.from = String(f.from);
  li.dataset.to = String(f.to);
  if (answer) li.dataset.answer = answer.kind;
  else delete li.dataset.answer;
  li.tabIndex = -1; // focus comes here when a counter-offer of mine is sent
  const parts = [
    el("div", { class: "offer-head" }, el("strong", {}, t("offer", f.id)), ` · ${who(f.from)} → ${who(f.to)}`),
    el("div", { class: "offer-pair" }, left, el("span", { class: "offer-arrow", "aria-hidden": "true" }, "⇄"), right),
  ];
  // my proposal: who is still to answer it, and then the answer
  if (answer) parts.push(el("p", { class: "offer-status", role: "status", dataset: { testid: "offer-status", answer: answer.kind } }, answer.text));
  else if (outgoing)
    parts.push(el("p", { class: "offer-status", role: "status", dataset: { testid: "offer-status", answer: "waiting" } }, t("waiting-answer", who(f.to))));
  if (answer) return parts;
  const accepts = mine.filter((l) => l.action.type === "accept");
  const buttons = [];
  const words = [];
  for (const l of accepts) {
    const refs = l.action.give || [];
    const mine = seatOf(obs(), me());
    // a card by its zone: a hand card by name, a revealed or stored one with its zone's word
    const zone = { h: mine.hand || [], r: obs().revealed || [], s: mine.store || [] };
    const paid = refs.map((r) => {
      const k = (zone[r[0]] || [])[Number(r.slice(1))];
      if (k === undefined) return t(`zone.${r[0] in zone ? r[0] : "h"}`);
      const name = cardName(Array.isArray(k) ? k[0] : k);
      return r[0] === "h" || !zone[r[0]] ? name : `${name} (${t(`zone.${r[0]}`)})`;
    });
    words.push(accepts.length > 1 && paid.length ? t("accept-giving", f.id, paid.join(", ")) : t("accept", f.id));
  }
  // two that read alike (the same bean from two places): the server's words,
  // which say where each card lies
  words.forEach((w, i) => buttons.push(actionButton(accepts[i], words.filter((x) => x === w).length > 1 ? accepts[i].label : w)));
  for (const l of mine) if (l.action.type !== "accept") buttons.push(actionButton(l, t(l.action.type === "decline" ? "decline" : "withdraw", f.id)));
  if (counter) {
    const opened = Boolean(ed && ed.offer === f.id);
    buttons.push(
      el(
        "button",
        {
          type: "button",
          class: opened ? "counter open" : "counter",
          "aria-expanded": opened ? "true" : "false",
          "aria-controls": `counter-${f.id}`,
          dataset: { testid: "offer-counter", offer: f.id },
          onclick: () => openCounter(f),
        },
        t("counter", f.id),
      ),
    );
  }
  if (buttons.length) parts.push(el("div", { class: "offer-actions" }, ...buttons));
  return parts;
}

// ---------------------------------------------------------------- counter-offers
// Counter opens an editor in the offer's own card, filled in from the offer
// with the sides swapped: the cards it asks of me are the cards I give (the
// revealed ones too, where I am the active player and may deal them), the
// cards it gives are the beans I ask for. Sending it proposes, and once the
// proposal is taken, declines the offer it answers.

let ed = null; // the open counter editor: {offer, to, node, chosen (card ids), want, giveNodes, beanNodes, sending}
let declineDue = null; // {offer, after (the first state to send it on), tries}: the countered offer, declined next

/** Whether I may deal the revealed cards now: the active player's, where a listed proposal gives one. */
function revealedTradable() {
  const o = obs();
  return o.active === me() && (S.state.legal || []).some((l) => l.action.type === "propose" && (l.action.give || []).some((r) => r[0] === "r"));
}

/** The zones whose cards the counter-offer may give, in the order it fills them. */
const counterZones = () => (revealedTradable() ? ["r", "h", "s"] : ["h", "s"]);

function openCounter(f) {
  if (ed && ed.offer === f.id) {
    closeCounter({ refocus: true });
    return;
  }
  closeCounter({ render: false });
  ed = { offer: f.id, to: f.from, chosen: new Set(), want: (f.give || []).map(cardKind), giveNodes: new Map(), beanNodes: new Map(), sending: false };
  // what they asked of me is what I give: a card of each type, the revealed ones first (they cost no hand card)
  const missing = [];
  for (const kind of f.want || []) {
    let c;
    for (const z of counterZones()) {
      c = zones[z].find((x) => !ed.chosen.has(x.id) && cardKind(x.key) === kind);
      if (c) break;
    }
    if (c) ed.chosen.add(c.id);
    else missing.push(cardName(kind));
  }
  ed.node = counterEditor(f);
  if (missing.length) counterNotice(t("counter-missing", missing.join(", ")), "missing");
  renderOffers(obs());
  ed.node.querySelector(".counter-title").focus();
}

/** Close the editor; `refocus`: give the focus back to the offer's Counter
 * button; `render: false`: the caller redraws the offers. */
function closeCounter({ refocus = false, render = true } = {}) {
  if (!ed) return;
  const id = ed.offer;
  ed.node.remove();
  ed = null;
  if (!S.state || !render) return;
  renderOffers(obs());
  if (refocus) {
    const b = document.querySelector(`[data-testid=offer-counter][data-offer="${id}"]`);
    if (b) b.focus();
  }
}

function counterNotice(text, kind) {
  if (ed) say(ed.node.querySelector(".counter-notice"), text, "kind", kind);
}

/** The editor's fixed parts; syncCounter fills in the cards. */
function counterEditor(f) {
  const id = `counter-${f.id}`;
  const node = el(
    "div",
    {
      id,
      class: "counter-editor",
      role: "group",
      "aria-labelledby": `${id}-title`,
      dataset: { testid: "counter-editor", offer: f.id },
      onkeydown: (ev) => {
        if (ev.key !== "Escape") return;
        ev.preventDefault();
        ev.stopPropagation();
        closeCounter({ refocus: true });
      },
    },
    el("p", { class: "counter-title", id: `${id}-title`, tabindex: "-1" }),
    el(
      "div",
      { class: "counter-part", role: "group", "aria-labelledby": `${id}-give` },
      el("span", { class: "label", id: `${id}-give` }, t("you-give")),
      el(
        "div",
        { class: "counter-zones", dataset: { testid: "counter-give" } },
        ...["r", "h", "s"].map((z) =>
          el(
            "div",
            { class: "counter-zone", dataset: { zone: z }, hidden: true },
            el("span", { class: "zone-name" }, t(`zone-label.${z}`)),
            el("div", { class: "choices" }),
          ),
        ),
      ),
      el("p", { class: "empty counter-give-none", hidden: true }, t("no-give")),
    ),
    el(
      "div",
      { class: "counter-part", role: "group", "aria-labelledby": `${id}-want` },
      el("span", { class: "label", id: `${id}-want`, tabindex: "-1" }, t("you-ask")),
      el("div", { class: "counter-want", dataset: { testid: "counter-want" }, "aria-label": t("you-ask") }),
      el("div", { class: "beans", dataset: { testid: "counter-beans" } }),
    ),
    el("p", { class: "trade-notice counter-notice", role: "status", dataset: { testid: "counter-notice" }, hidden: true }),
    el(
      "div",
      { class: "counter-buttons" },
      el(
        "button",
        { type: "button", class: "counter-send", dataset: { testid: "counter-send" }, "aria-describedby": `${id}-note`, onclick: sendCounter },
        t("counter-send"),
      ),
      el("button", { type: "button", dataset: { testid: "counter-cancel" }, onclick: () => closeCounter({ refocus: true }) }, t("counter-cancel")),
    ),
    el("p", { class: "hint counter-note", id: `${id}-note` }, t("counter-declines", who(f.from))),
  );
  return node;
}

/** The editor's cards as the state now has them: the cards I may give (chosen by identity), the beans asked for. */
function syncCounter(o) {
  const node = ed.node;
  node.querySelector(".counter-title").textContent = t("counter-title", who(ed.to));
  // the cards I may give, zone by zone (the revealed ones first: they cost no hand card)
  const allowed = counterZones();
  const live = new Set();
  for (const group of node.querySelectorAll(".counter-zone")) {
    const z = group.dataset.zone;
    const nodes = [];
    if (allowed.includes(z)) {
      zones[z].forEach((c, i) => {
        live.add(c.id);
        let n = ed.giveNodes.get(c.id);
        if (!n) {
          const input = el("input", {
            type: "checkbox",
            onchange: (ev) => {
              if (ev.target.checked) ed.chosen.add(c.id);
              else ed.chosen.delete(c.id);
              counterNotice("");
              syncCounter(obs());
            },
          });
          n = el("label", { class: "choice" }, input, card(c.key, { tabindex: "-1" }));
          ed.giveNodes.set(c.id, n);
        }
        const ref = `${z}${i}`;
        const input = n.querySelector("input");
        input.value = ref;
        input.dataset.testid = `counter-give-${ref}`;
        input.checked = ed.chosen.has(c.id);
        input.setAttribute("aria-label", t("give-card", cardName(c.key), t(`zone.${z}`)));
        n.classList.toggle("chosen", ed.chosen.has(c.id));
        n.dataset.zone = z;
        nodes.push(n);
      });
    }
    placeInOrder(group.querySelector(".choices"), nodes);
    group.hidden = !nodes.length;
  }
  for (const id of [...ed.giveNodes.keys()]) if (!live.has(id)) ed.giveNodes.delete(id);
  for (const id of [...ed.chosen]) if (!live.has(id)) ed.chosen.delete(id); // a zone I may no longer deal
  node.querySelector(".counter-give-none").hidden = live.size > 0;
  // the beans asked for: chips to take one out, and a button per bean type to ask for one more
  const beans = wantKinds(o).map((k) =>
    beanButton(ed.beanNodes, k, ed.want, "counter-want-bean", () => {
      ed.want.push(k);
      counterNotice("");
      syncCounter(obs());
    }),
  );
  placeInOrder(node.querySelector("[data-testid=counter-beans]"), beans);
  const box = node.querySelector("[data-testid=counter-want]");
  const focused = box.contains(document.activeElement);
  box.replaceChildren(
    ...(ed.want.length
      ? ed.want.map((k, i) =>
          el(
            "span",
            { class: "want-chip", dataset: { testid: "counter-want-card", bean: k } },
            card(k, { tabindex: "-1" }),
            el(
              "button",
              {
                type: "button",
                class: "small",
                "aria-label": t("remove-want", cardName(k)),
                onclick: () => {
                  ed.want.splice(i, 1);
                  syncCounter(obs());
                },
              },
              "×",
            ),
          ),
        )
      : [el("span", { class: "empty" }, t("nothing"))]),
  );
  if (focused) node.querySelector(`#counter-${ed.offer}-want`).focus();
  const give = counterRefs();
  const send = node.querySelector("[data-testid=counter-send]");
  send.disabled = S.pending || ed.sending || (!give.length && !ed.want.length);
  node.querySelector("[data-testid=counter-cancel]").disabled = false;
  node.setAttribute("aria-busy", ed.sending ? "true" : "false");
}

/** The editor's chosen cards, at their positions now. */
function counterRefs() {
  const out = [];
  for (const z of counterZones()) zones[z].forEach((c, i) => ed.chosen.has(c.id) && out.push(`${z}${i}`));
  return out;
}

function sendCounter() {
  if (!ed || ed.sending || S.pending) return;
  const give = counterRefs();
  if (!give.length && !ed.want.length) return;
  // a gift of my own cards for nothing is asked once a game, as in the form
  if (give.some((r) => r[0] !== "r") && !ed.want.length && !giftConfirmed()) {
    confirmGift();
    counterNotice(t("gift-confirm"), "confirm");
    return;
  }
  inflight = { what: "propose", kind: "counter", to: ed.to, seq: S.state.seq, offer: ed.offer, ws: S.ws };
  send({ type: "propose", to: ed.to, give, want: [...ed.want] });
  if (!S.ws || !S.pending) {
    inflight = null;
    return;
  }
  ed.sending = true;
  counterNotice(t("counter-sending"), "sending");
  syncCounter(obs());
}

/** What trading sent went on a connection that closed before its answer:
 * nothing waits for it any more (a counter-offer may be sent again). */
function lostAnswer() {
  if (inflight.what === "propose" && inflight.kind === "counter" && ed && ed.offer === inflight.offer) {
    ed.sending = false;
    counterNotice("");
  }
  inflight = null;
}

/** Decline the countered offer, once the state shows my counter-proposal; a stale try goes again on the next state. */
function tryDecline() {
  const d = declineDue;
  if (!d || inflight || S.pending || !S.state || S.state.seq < d.after) return;
  const l = (S.state.legal || []).find((x) => x.action.type === "decline" && x.action.offer === d.offer);
  if (!l) {
    declineDue = null; // answered otherwise meanwhile: withdrawn, lapsed, void
    return;
  }
  inflight = { what: "decline", offer: d.offer, seq: S.state.seq, ws: S.ws };
  send(l.action);
  if (!S.ws || !S.pending) inflight = null;
}

// ---------------------------------------------------------------- answers to my proposals
// My proposals are followed through the log: the `offer` event names the
// offer a proposal made (the entry at step seq + 1 of the state it was sent
// on), and `trade`, `decline`, `withdraw` or `offer-void` its answer. The
// answer stays a moment in the proposal's card (and in the form's notice,
// in place of "sent"), then goes.

const ANSWER_MS = 8000;
let logSeen = -1; // the last log step looked at
const myOffers = new Map(); // id -> my open offer as last seen
const offerSteps = new Map(); // log step -> the id of the offer my proposal made there
const answers = new Map(); // id -> {f, kind, text, timer}
let watch = null; // the proposal the form (or a counter) sent: {kind, to, seq, id}
let focusWatch = false; // focus the watched proposal's card once it shows

function followLog(o) {
  followGame();
  if (me() === null) return;
  const first = logSeen < 0; // the page's first state: no old answer is news
  for (const f of o.offers || []) if (f.from === me()) myOffers.set(f.id, f);
  for (const entry of S.state.log || []) {
    if (entry.step <= logSeen) continue;
    logSeen = entry.step;
    for (const ev of entry.events || []) {
      if (ev.type === "offer" && ev.from === me()) {
        myOffers.set(ev.id, ev);
        offerSteps.set(entry.step, ev.id);
        if (offerSteps.size > 64) offerSteps.delete(offerSteps.keys().next().value);
        if (watch && watch.id === null && entry.step === watch.seq + 1) watch.id = ev.id;
        continue;
      }
      const id = ev.type === "trade" ? ev.offer : ev.id;
      if (!["trade", "decline", "withdraw", "offer-void"].includes(ev.type) || !myOffers.has(id)) continue;
      const f = myOffers.get(id);
      myOffers.delete(id);
      if (!first) answered(f, ev, entry);
    }
  }
  if (first) logSeen = Math.max(logSeen, S.state.seq); // the log may start later than the game
}

/** My offer `f` got its answer, event `ev` (of log entry `entry`). */
function answered(f, ev, entry) {
  let kind;
  let text;
  if (ev.type === "trade") {
    const got = ev.returned || [];
    kind = "accepted";
    text = got.length ? t("answer-accepted", who(f.to), got.map(cardName).join(", ")) : t("answer-gift", who(f.to));
  } else if (ev.type === "decline") {
    kind = "declined";
    text = t("answer-declined", who(ev.seat ?? f.to));
  } else if (ev.type === "withdraw") {
    kind = "withdrawn";
    text = t("answer-withdrawn");
  } else {
    const over = (entry.action && entry.action.type === "end-trading") || (entry.events || []).some((e) => e.type === "end-trading");
    kind = over ? "lapsed" : "void";
    text = t(over ? "answer-lapsed" : "answer-void");
  }
  const old = answers.get(f.id);
  if (old) clearTimeout(old.timer);
  const a = { f, kind, text, timer: null };
  a.timer = setTimeout(() => {
    if (answers.get(f.id) !== a) return;
    answers.delete(f.id);
    if (watch && watch.id === f.id) {
      watch = null;
      if ($("trade-notice").dataset.kind === "answered") tradeNotice("");
    }
    if (S.state) renderOffers(obs());
  }, ANSWER_MS);
  answers.set(f.id, a);
  if (watch && watch.id === f.id && watch.kind === "form" && watch.acked) tradeNotice(text, "answered");
}

/** The form's notice for its last proposal: waiting for the answer, or the answer. */
function watchNotice() {
  if (!watch || watch.kind !== "form") return;
  const a = watch.id !== null ? answers.get(watch.id) : null;
  if (a) tradeNotice(a.text, "answered");
  else tradeNotice(t("proposal-waiting", who(watch.to)), "sent");
}

export function renderTradeForm(o) {
  followCards(o);
  syncTradeForm(o);
  autoAnswer();
}

export function syncTradeForm(o) {
  const form = $("trade-form");
  const legal = S.state.legal || [];
  const canPropose = me() !== null && legal.some((l) => l.action.type === "propose");
  form.hidden = !canPropose;
  // auto-decline/pass: offered while I take part in a trading phase
  const trading = me() !== null && o.offers !== undefined && legal.some((l) => ["propose", "decline", "accept"].includes(l.action.type));
  if (auto && (auto.turn !== o.turn || auto.phase !== o.phase)) auto = null;
  $("trade-auto-row").hidden = !trading && !auto;
  $("trade-auto").checked = Boolean(auto);
  if (!canPropose) return;
  // to whom
  const to = $("trade-to");
  // by seat, whatever the order of the legal moves: a list that changes under
  // the pointer would send the proposal to another seat than the one chosen
  const targets = [...new Set(legal.filter((l) => l.action.type === "propose").map((l) => l.action.to))].sort((a, b) => a - b);
  const sig = targets.join(",");
  if (to.dataset.targets !== sig) {
    const old = to.value;
    to.replaceChildren(...targets.map((s) => el("option", { value: s }, who(s))));
    to.dataset.targets = sig;
    if (targets.map(String).includes(old)) to.value = old;
  }
  // what to give
  const nodes = [];
  const live = new Set();
  for (const [z] of ZONES) {
    zones[z].forEach((c, i) => {
      live.add(c.id);
      let node = giveNodes.get(c.id);
      if (!node) {
        const input = el("input", { type: "checkbox", onchange: (ev) => toggleGive(c.id, ev.target.checked) });
        node = el("label", { class: "choice" }, input, el("span", { class: "zone-tag" }), card(c.key));
        giveNodes.set(c.id, node);
      }
      const ref = `${z}${i}`;
      const input = node.querySelector("input");
      input.value = ref;
      input.dataset.testid = `trade-give-${ref}`;
      input.checked = chosen.has(c.id);
      input.setAttribute("aria-label", t("give-card", cardName(c.key), t(`zone.${z}`)));
      node.querySelector(".zone-tag").textContent = z === "h" ? "" : t(`zone.${z}`);
      node.classList.toggle("chosen", chosen.has(c.id));
      node.dataset.zone = z;
      nodes.push(node);
    });
  }
  for (const id of [...giveNodes.keys()]) if (!live.has(id)) giveNodes.delete(id);
  placeInOrder($("trade-give"), nodes);
  $("trade-give-none").hidden = nodes.length > 0;
  const beans = wantKinds(o).map((k) => beanButton(beanNodes, k, want, "trade-want-bean", () => addWant(k)));
  placeInOrder($("trade-beans"), beans);
  renderWant();
  // the button says the move
  const give = chosenRefs();
  const send = $("trade-send");
  send.textContent = proposalText(Number(to.value), give, want);
  send.disabled = S.pending || (!give.length && !want.length);
  $("trade-clear").disabled = S.pending || (!give.length && !want.length);
}

/** The bean types a proposal may want: every type of the game (its
 * catalogue), and any other the page sees (or saw: the form keeps its buttons). */
function wantKinds(o) {
  const legal = S.state.legal || [];
  const types = beanTypes(S.state.options || {});
  const kinds = new Set([...beanNodes.keys(), ...types]);
  for (const l of legal) if (l.action.type === "propose") for (const k of l.action.want || []) kinds.add(k);
  const note = (k) => k && kinds.add(cardKind(k));
  const mine = seatOf(o, me());
  (mine.hand || []).forEach(note);
  (o.revealed || []).forEach(note);
  (o.discard || []).forEach(note);
  for (const f of o.offers || []) {
    (f.want || []).forEach(note);
    (f.give || []).forEach(note);
  }
  for (const s of o.seats || []) for (const f of s.fields || []) f.forEach(note);
  const rank = (k) => (types.includes(k) ? types.indexOf(k) : types.length);
  return [...kinds].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

/** The button that asks for one more bean of type ``k`` (kept in ``nodes``
 * by type, made once), showing how many of it ``wanted`` holds. */
function beanButton(nodes, k, wanted, testid, pick) {
  let b = nodes.get(k);
  if (!b) {
    b = el(
      "button",
      { type: "button", class: "bean-pick", dataset: { testid, bean: k }, "aria-label": t("want-one", cardName(k)), onclick: pick },
      card(k, { tabindex: "-1" }),
      el("span", { class: "count" }),
    );
    nodes.set(k, b);
  }
  const n = wanted.filter((w) => w === k).length;
  b.querySelector(".count").textContent = n ? `×${n}` : "";
  b.classList.toggle("wanted", n > 0);
  return b;
}

function toggleGive(id, on) {
  if (on) chosen.add(id);
  else chosen.delete(id);
  tradeNotice("");
  syncTradeForm(obs());
}

function addWant(k) {
  want.push(k);
  tradeNotice("");
  syncTradeForm(obs());
}

function renderWant() {
  const ul = $("trade-want");
  const items = want.map((k, i) =>
    el(
      "li",
      { class: "want-chip", dataset: { testid: "trade-want-card", bean: k } },
      card(k),
      el(
        "button",
        {
          type: "button",
          class: "small",
          "aria-label": t("remove-want", cardName(k)),
          onclick: () => {
            want.splice(i, 1);
            syncTradeForm(obs());
          },
        },
        "×",
      ),
    ),
  );
  const focused = ul.contains(document.activeElement);
  ul.replaceChildren(...(items.length ? items : [el("li", { class: "empty" }, t("nothing"))]));
  if (focused) $("trade-want-label").focus();
}

/** The answer (ack or refusal) to what trading sent: the form's proposal (an
 * ack empties the form, a refusal keeps it), a counter-offer (an ack closes
 * the editor and declines the countered offer next; a refusal keeps both
 * and says why), or that decline (a stale one goes again). */
export function tradeAnswer(msg) {
  const sent = inflight;
  inflight = null;
  if (sent && sent.what === "decline") {
    if (msg.type === "ack" || !declineDue) declineDue = null;
    else if (msg.code === "stale" && ++declineDue.tries < 5) {
      declineDue.after = sent.seq + 1; // the game moved on: again on the next state
      showError("");
    } else declineDue = null; // refused: play.js shows why
  } else if (sent && sent.what === "propose") {
    if (msg.type === "ack") {
      watch = { kind: sent.kind, to: sent.to, seq: sent.seq, id: offerSteps.get(sent.seq + 1) ?? null, acked: true };
      if (sent.kind === "form") {
        chosen.clear();
        want.length = 0;
        watchNotice();
      } else {
        if (ed && ed.offer === sent.offer) closeCounter();
        declineDue = { offer: sent.offer, after: msg.seq, tries: 0 };
        focusWatch = true;
      }
    } else {
      const why = t("refused", msg.message + (msg.rule ? t("rule", msg.rule) : ""));
      if (sent.kind === "form") tradeNotice(why, "refused");
      else if (ed && ed.offer === sent.offer) {
        ed.sending = false;
        counterNotice(why, "refused");
      }
    }
  }
  if (S.state) {
    renderOffers(obs());
    syncTradeForm(obs());
  }
}

/** Auto-decline/pass: answer for me while the game waits on me in this trading phase. */
function autoAnswer() {
  if (!auto || S.pending || !(S.state.waiting_for || []).includes(me())) return;
  const legal = S.state.legal || [];
  const l = legal.find((x) => x.action.type === "decline") || legal.find((x) => x.action.type === "pass");
  if (l) send(l.action);
}

const giftKey = () => `bohn.gift.${S.state ? S.state.game : ""}`;
let giftArmed = false;

/** Whether a gift was confirmed in this game (this tab): then it is not asked again. */
function giftConfirmed() {
  if (giftArmed) return true;
  try {
    return sessionStorage.getItem(giftKey()) === "yes";
  } catch {
    return false;
  }
}

/** The next gift goes out: remembered for the game. */
function confirmGift() {
  giftArmed = true;
  try {
    sessionStorage.setItem(giftKey(), "yes");
  } catch {
    // storage off: asked again after a reload
  }
}

export function setupTradeForm() {
  $("trade-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const give = chosenRefs();
    if (!give.length && !want.length) {
      showError(t("needs-card"));
      return;
    }
    // a gift of your own cards (hand, store; not the revealed ones) for
    // nothing is asked once a game: the first time, the form says so and
    // waits for a second click
    const own = give.some((c) => c.ref[0] !== "r");
    if (own && !want.length && !giftConfirmed()) {
      confirmGift();
      tradeNotice(t("gift-confirm"), "confirm");
      return;
    }
    const to = Number($("trade-to").value);
    inflight = { what: "propose", kind: "form", to, seq: S.state.seq, ws: S.ws };
    send({ type: "propose", to, give: give.map((c) => c.ref), want: [...want] });
    if (!S.ws || !S.pending) inflight = null;
    $("trade-send").disabled = true;
  });
  $("trade-to").addEventListener("change", () => syncTradeForm(obs()));
  $("trade-clear").addEventListener("click", () => {
    chosen.clear();
    want.length = 0;
    tradeNotice("");
    syncTradeForm(obs());
  });
  $("trade-auto").addEventListener("change", (ev) => {
    const o = S.state && obs();
    auto = ev.target.checked && o ? { turn: o.turn, phase: o.phase } : null;
    if (auto) autoAnswer();
  });
  $("log-all").addEventListener("change", () => hooks.renderLog());
}
