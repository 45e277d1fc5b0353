// The game page's trading: the open offers with their answers, the proposal
// form (cards to give by identity, beans wanted), counter-offers, and the
// automatic "no" to others' trading.
import { card, cardKind, el } from "./common.js";
import { beanTypes, cardName } from "./cards.js";
import { lang, t } from "./i18n.js";
import { seatOf } from "./table.js";
import { $, S, hooks, me, obs, say, send, showError, who, yourMove } from "./session.js";
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
const offerNodes = new Map(); // offer id -> {sig, li}
let proposing = false; // a proposal of the form is waiting for its answer
let auto = null; // {turn, phase} while auto-decline/pass is on

/** Carry the ids of `old` ({id, key} in order) over to `keys`: the longest
 * common subsequence keeps its ids, the rest are new cards. On ties the later
 * old card is kept (a front card planted, not the one behind it). */
function alignZone(old, keys) {
  const n = old.length;
  const m = keys.length;
  const dp = Array.from({ length: n + 1 }, () => new Array(m + 1).fill(0));
  for (let i = 1; i <= n; i++) for (let j = 1; j <= m; j++) dp[i][j] = old[i - 1].key === keys[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
  const ids = new Array(m).fill(null);
  for (let i = n, j = m; i > 0 && j > 0; ) {
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

/** Follow the cards of my zones to this state; drop (with a notice) chosen cards that left. */
function followCards(o) {
  if (tradeGame !== S.state.game) {
    tradeGame = S.state.game;
    zones = { h: [], r: [], s: [] };
    chosen.clear();
    want.length = 0;
    auto = null;
  }
  const now = givable(o);
  const gone = [];
  for (const [z] of ZONES) {
    const next = alignZone(zones[z], now[z]);
    const ids = new Set(next.map((c) => c.id));
    zones[z].forEach((c, i) => {
      if (chosen.has(c.id) && !ids.has(c.id)) {
        chosen.delete(c.id);
        gone.push(t("left-zone", cardName(c.key), t(`zone.${z}`)));
      }
    });
    zones[z] = next;
  }
  if (gone.length) tradeNotice(t("dropped-out", gone.join("; ")), "dropped");
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
  const box = $("offers");
  const offers = o.offers || [];
  const legal = S.state.legal || [];
  $("offers-panel").hidden = S.client.trades === false || (o.bosses !== undefined && !offers.length);
  $("offers-none").hidden = offers.length > 0;
  const list = $("offers-list");
  const seen = new Set();
  const nodes = [];
  const proposeTo = new Set(legal.filter((l) => l.action.type === "propose").map((l) => l.action.to));
  for (const f of offers) {
    seen.add(f.id);
    const mine = legal.filter((l) => ["accept", "decline", "withdraw"].includes(l.action.type) && l.action.offer === f.id);
    const counter = f.to === me() && proposeTo.has(f.from);
    const sig = JSON.stringify([f, mine, counter, me()]);
    let entry = offerNodes.get(f.id);
    if (!entry || entry.sig !== sig) {
      const li = offerItem(f, mine, counter);
      if (entry) entry.li.replaceWith(li);
      entry = { sig, li };
      offerNodes.set(f.id, entry);
    }
    nodes.push(entry.li);
  }
  for (const id of [...offerNodes.keys()]) if (!seen.has(id)) offerNodes.delete(id);
  placeInOrder(list, nodes);
  const end = legal.find((l) => l.action.type === "end-trading");
  const foot = $("offers-end");
  if (Boolean(end) !== Boolean(foot.firstChild)) foot.replaceChildren(...(end ? [actionButton(end, t("end-trading"))] : []));
  for (const b of box.querySelectorAll("button")) b.disabled = S.pending;
}

function offerItem(f, mine, counter) {
  const incoming = f.to === me();
  const outgoing = f.from === me();
  const give = (f.give || []).map((k, i) => el("span", { class: "offer-card" }, card(k), f.give_from && f.give_from[i] !== "h" ? el("small", {}, `(${f.give_from[i] === "r" ? t("from-revealed") : t("from-store")})`) : null));
  const wanted = (f.want || []).map((k) => card(k));
  const side = (label, items, testid) => el("div", { class: "offer-side", dataset: { testid } }, el("span", { class: "k" }, label), el("div", { class: "offer-cards" }, ...(items.length ? items : [el("span", { class: "empty" }, t("nothing"))])));
  const [left, right] = incoming
    ? [side(t("you-get"), give, "offer-get"), side(t("you-give"), wanted, "offer-give")]
    : outgoing
      ? [side(t("you-give"), give, "offer-give"), side(t("you-get"), wanted, "offer-get")]
      : [side(t("gives", who(f.from)), give, "offer-give"), side(t("wants", who(f.from)), wanted, "offer-get")];
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
    buttons.push(el("button", { type: "button", class: "counter", dataset: { testid: "offer-counter", offer: f.id }, onclick: () => counterOffer(f) }, t("counter", f.id)));
  }
  return el(
    "li",
    { dataset: { testid: "offer", offer: f.id, from: f.from, to: f.to }, class: incoming ? "incoming" : outgoing ? "outgoing" : "" },
    el("div", { class: "offer-head" }, el("strong", {}, t("offer", f.id)), ` · ${who(f.from)} → ${who(f.to)}`),
    el("div", { class: "offer-pair" }, left, el("span", { class: "offer-arrow", "aria-hidden": "true" }, "⇄"), right),
    buttons.length ? el("div", { class: "offer-actions" }, ...buttons) : null,
  );
}

/** Fill the form with the counter-proposal of offer `f`: to its proposer, give and want swapped. */
function counterOffer(f) {
  chosen.clear();
  const taken = new Set();
  for (const kind of f.want || []) {
    const c = zones.h.find((x) => !taken.has(x.id) && cardKind(x.key) === kind);
    if (c) {
      taken.add(c.id);
      chosen.add(c.id);
    }
  }
  want.length = 0;
  for (const k of f.give || []) want.push(cardKind(k));
  const missing = (f.want || []).length - taken.size;
  tradeNotice(t("counter-filled", f.id, missing), "counter");
  const to = $("trade-to");
  to.value = String(f.from);
  syncTradeForm(obs());
  $("trade-send").focus();
}

export function renderTradeForm(o) {
  followCards(o);
  syncTradeForm(o);
  autoAnswer(o);
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
  const targets = [...new Set(legal.filter((l) => l.action.type === "propose").map((l) => l.action.to))];
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
  // which bean types may be wanted: every type of the game (its catalogue),
  // and any other the page sees
  const types = beanTypes(S.state.options || {});
  const kinds = new Set([...beanNodes.keys(), ...types]);
  for (const l of legal) if (l.action.type === "propose") for (const k of l.action.want || []) kinds.add(k);
  const note = (k) => k && kinds.add(cardKind(k));
  const mine = seatOf(o, me());
  (mine.hand || []).forEach(note);
  (o.revealed || []).forEach(note);
  (o.discard || []).forEach(note);
  for (const f of o.offers || []) (f.want || []).forEach(note);
  for (const s of o.seats || []) for (const f of s.fields || []) f.forEach(note);
  const rank = (k) => (types.includes(k) ? types.indexOf(k) : types.length);
  const beans = [...kinds].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)).map((k) => {
    let b = beanNodes.get(k);
    if (!b) {
      b = el("button", { type: "button", class: "bean-pick", dataset: { testid: "trade-want-bean", bean: k }, "aria-label": t("want-one", cardName(k)), onclick: () => addWant(k) }, card(k), el("span", { class: "count" }));
      beanNodes.set(k, b);
    }
    const n = want.filter((w) => w === k).length;
    b.querySelector(".count").textContent = n ? `×${n}` : "";
    b.classList.toggle("wanted", n > 0);
    return b;
  });
  placeInOrder($("trade-beans"), beans);
  renderWant();
  // the button says the move
  const give = chosenRefs();
  const send = $("trade-send");
  send.textContent = proposalText(Number(to.value), give, want);
  send.disabled = S.pending || (!give.length && !want.length);
  $("trade-clear").disabled = S.pending || (!give.length && !want.length);
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
    el("li", { class: "want-chip", dataset: { testid: "trade-want-card", bean: k } }, card(k),
      el("button", { type: "button", class: "small", "aria-label": t("remove-want", cardName(k)), onclick: () => { want.splice(i, 1); syncTradeForm(obs()); } }, "×")),
  );
  const focused = ul.contains(document.activeElement);
  ul.replaceChildren(...(items.length ? items : [el("li", { class: "empty" }, t("nothing"))]));
  if (focused) $("trade-want-label").focus();
}

/** The answer to a proposal sent by the form: an ack empties the form, a refusal keeps it. */
export function tradeAnswer(msg) {
  if (!proposing) return;
  proposing = false;
  if (msg.type === "ack") {
    chosen.clear();
    want.length = 0;
    tradeNotice(t("proposal-sent"), "sent");
  } else {
    tradeNotice(t("refused", msg.message + (msg.rule ? t("rule", msg.rule) : "")), "refused");
  }
  if (S.state) {
    renderOffers(obs());
    syncTradeForm(obs());
  }
}

/** Auto-decline/pass: answer for me while the game waits on me in this trading phase. */
function autoAnswer(o) {
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
    proposing = true;
    send({ type: "propose", to: Number($("trade-to").value), give: give.map((c) => c.ref), want: [...want] });
    if (!S.ws || !S.pending) proposing = false;
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
    if (auto) autoAnswer(o);
  });
  $("log-all").addEventListener("change", () => hooks.renderLog());
}

