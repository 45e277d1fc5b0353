// The game page's trading: the open offers with their answers, the proposal
// form (cards to give by identity, beans wanted), the answers to my
// proposals, and the automatic "no" to others' trading. What it knows is one
// object (trade-state.js); this part draws it, and counter.js the
// counter-offer edited in an offer's own card.
import { card, el } from "./common.js";
import { beanTypes, cardName } from "./cards.js";
import { t } from "./i18n.js";
import { seatOf } from "./table.js";
import { $, S, hooks, me, obs, say, send, showError, who } from "./session.js";
import { actionButton } from "./moves.js";
import { beanButton, counterNode, counterNotice, placeInOrder, syncCounter, syncGiveChoice, toggleCounter, wantChip } from "./counter.js";
import {
  ZONES,
  addWant,
  gotAnswer,
  autoMove,
  autoOffered,
  chooseGive,
  chosenRefs,
  clearProposal,
  closeCounter,
  declineSent,
  dueDecline,
  focusDue,
  followCards,
  followConnection,
  followLog,
  followPhase,
  formAnswer,
  giftAsked,
  lapseAnswers,
  newTrade,
  nextLapse,
  proposal,
  proposalSent,
  recentAnswers,
  removeWant,
  setAuto,
  wantKinds,
} from "./trade-state.js";

// ---------------------------------------------------------------- trading
// The trading panel is built once and updated in place on every state
// message: bots trade every 100-200 ms, and a rebuilt form would lose the
// player's focus and choices. The cards to give are remembered by identity
// (an id that follows each card through the changes of its zone), never by
// position: a card that moves is still the chosen card, one that left the
// zone is dropped from the proposal with a notice.

const st = newTrade(); // the page's trading (trade-state.js)
const giveNodes = new Map(); // card id -> its choice in the form
const beanNodes = new Map(); // bean type -> its "want" button
const offerNodes = new Map(); // offer id -> {sig, li, parts}
let lapseTimer = null; // the next answer to go from its card

/** Follow my cards to the state shown; say which chosen cards left. */
function noteCards() {
  const gone = followCards(st, S.state, me());
  const words = (cards) => cards.map((c) => t("left-zone", cardName(c.key), t(`zone.${c.zone}`))).join("; ");
  if (gone.form.length) tradeNotice(t("dropped-out", words(gone.form)), "dropped");
  if (gone.counter.length) counterNotice(st, t("dropped-out", words(gone.counter)), "dropped");
}

const tradeNotice = (text, kind) => say($("trade-notice"), text, "kind", kind);

function proposalText(to, give, wanted) {
  const g = give.length ? give.map((c) => cardName(c.key)).join(", ") : t("nothing");
  const w = wanted.length ? wanted.map(cardName).join(", ") : t("nothing");
  return t("propose-text", who(to), g, w);
}

export function renderOffers(o) {
  noteCards();
  noteLog();
  lapse();
  const box = $("offers");
  const offers = o.offers || [];
  const legal = S.state.legal || [];
  // an answered proposal of mine stays a moment, in its place, with its answer
  const recent = recentAnswers(st, offers);
  // a ruleset's client code may do without the panel, or show it only while there is an offer (table.js)
  $("offers-panel").hidden = S.client.trades === false || (S.client.trades === "offered" && !offers.length && !recent.length);
  $("offers-none").hidden = offers.length + recent.length > 0;
  const list = $("offers-list");
  const seen = new Set();
  const nodes = [];
  const proposeTo = new Set(legal.filter((l) => l.action.type === "propose").map((l) => l.action.to));
  const counterable = (f) => f.to === me() && proposeTo.has(f.from);
  if (st.counter && !offers.some((f) => f.id === st.counter.offer && counterable(f))) closeCounter(st);
  const items = [...offers.map((f) => ({ f })), ...recent.map((a) => ({ f: a.f, answer: a }))].sort((a, b) => a.f.id - b.f.id);
  for (const { f, answer } of items) {
    seen.add(f.id);
    const mine = answer ? [] : legal.filter((l) => ["accept", "decline", "withdraw"].includes(l.action.type) && l.action.offer === f.id);
    const counter = !answer && counterable(f);
    const editing = Boolean(st.counter && st.counter.offer === f.id);
    const sig = JSON.stringify([f, mine, counter, me(), S.state.names, answer ? answerText(answer) : null, editing]);
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
    const editor = counterNode(st, f.id);
    placeInOrder(entry.li, [...entry.parts, ...(editor ? [editor] : [])]);
    nodes.push(entry.li);
  }
  for (const id of [...offerNodes.keys()]) if (!seen.has(id)) offerNodes.delete(id);
  placeInOrder(list, nodes);
  const end = legal.find((l) => l.action.type === "end-trading");
  const foot = $("offers-end");
  if (Boolean(end) !== Boolean(foot.firstChild)) foot.replaceChildren(...(end ? [actionButton(end, t("end-trading"))] : []));
  if (followConnection(st, S.ws)) counterNotice(st, ""); // the connection it went on closed: no answer comes
  tryDecline();
  for (const b of box.querySelectorAll("button")) b.disabled = S.pending;
  syncCounter(st);
  const focus = focusDue(st, (id) => offerNodes.has(id));
  if (focus !== null) offerNodes.get(focus).li.focus();
  lapseLater();
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
  if (answer) parts.push(el("p", { class: "offer-status", role: "status", dataset: { testid: "offer-status", answer: answer.kind } }, answerText(answer)));
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
    const opened = Boolean(st.counter && st.counter.offer === f.id);
    buttons.push(
      el(
        "button",
        {
          type: "button",
          class: opened ? "counter open" : "counter",
          "aria-expanded": opened ? "true" : "false",
          "aria-controls": `counter-${f.id}`,
          dataset: { testid: "offer-counter", offer: f.id },
          onclick: () => toggleCounter(st, f, () => renderOffers(obs())),
        },
        t("counter", f.id),
      ),
    );
  }
  if (buttons.length) parts.push(el("div", { class: "offer-actions" }, ...buttons));
  return parts;
}

/** Decline the countered offer, once the state shows my counter-proposal; a stale try goes again on the next state. */
function tryDecline() {
  const action = dueDecline(st, S.state, S.pending);
  if (!action) return;
  send(action);
  if (S.ws && S.pending) declineSent(st, { offer: action.offer, seq: S.state.seq, conn: S.ws });
}

// ---------------------------------------------------------------- answers to my proposals
// The answer to a proposal of mine stays a moment in the proposal's card
// (and in the form's notice, in place of "sent"), then goes.

/** Follow the log of the state shown: the answer to the form's proposal takes its notice. */
function noteLog() {
  const news = followLog(st, S.state, me());
  const a = formAnswer(st);
  if (a && news.includes(a)) tradeNotice(answerText(a), "answered");
}

/** An answer in words: "Bertha declined", "Bertha accepted: you got Stink bean". */
function answerText(a) {
  switch (a.kind) {
    case "accepted":
      return a.got.length ? t("answer-accepted", who(a.f.to), a.got.map(cardName).join(", ")) : t("answer-gift", who(a.f.to));
    case "declined":
      return t("answer-declined", who(a.seat));
    case "withdrawn":
      return t("answer-withdrawn");
    case "lapsed":
      return t("answer-lapsed");
    default:
      return t("answer-void");
  }
}

/** The answers whose time is up go (the form's notice with its answer). */
function lapse() {
  if (lapseAnswers(st) && $("trade-notice").dataset.kind === "answered") tradeNotice("");
}

/** Draw the offers again when the next answer is to go. */
function lapseLater() {
  clearTimeout(lapseTimer);
  lapseTimer = null;
  const next = nextLapse(st);
  if (next === null) return;
  lapseTimer = setTimeout(
    () => {
      lapseTimer = null;
      if (S.state) renderOffers(obs());
    },
    Math.max(0, next - st.clock()),
  );
}

/** The form's notice for its last proposal: waiting for the answer, or the answer. */
function watchNotice() {
  if (!st.watch || st.watch.kind !== "form") return;
  const a = formAnswer(st);
  if (a) tradeNotice(answerText(a), "answered");
  else tradeNotice(t("proposal-waiting", who(st.watch.to)), "sent");
}

export function renderTradeForm(o) {
  noteCards();
  syncTradeForm(o);
  autoAnswer();
}

export function syncTradeForm(o) {
  const form = $("trade-form");
  const legal = S.state.legal || [];
  const canPropose = me() !== null && legal.some((l) => l.action.type === "propose");
  form.hidden = !canPropose;
  // auto-decline/pass: offered while I take part in a trading phase, over with it
  followPhase(st, o);
  $("trade-auto-row").hidden = !autoOffered(S.state, me()) && !st.auto;
  $("trade-auto").checked = Boolean(st.auto);
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
  for (const z of ZONES) {
    st.zones[z].forEach((c, i) => {
      live.add(c.id);
      let node = giveNodes.get(c.id);
      if (!node) {
        const input = el("input", { type: "checkbox", onchange: (ev) => toggleGive(c.id, ev.target.checked) });
        node = el("label", { class: "choice" }, input, el("span", { class: "zone-tag" }), card(c.key));
        giveNodes.set(c.id, node);
      }
      syncGiveChoice(node, "trade-give", z, i, c.key, st.chosen.has(c.id));
      node.querySelector(".zone-tag").textContent = z === "h" ? "" : t(`zone.${z}`);
      nodes.push(node);
    });
  }
  for (const id of [...giveNodes.keys()]) if (!live.has(id)) giveNodes.delete(id);
  placeInOrder($("trade-give"), nodes);
  $("trade-give-none").hidden = nodes.length > 0;
  // what to ask for: every bean type of the game, and any other the page sees (or saw)
  const kinds = wantKinds(st, S.state, me(), beanTypes(S.state.options || {}));
  const beans = kinds.map((k) => beanButton(beanNodes, k, st.want, "trade-want-bean", () => pickWant(k)));
  placeInOrder($("trade-beans"), beans);
  renderWant();
  // the button says the move
  const give = chosenRefs(st);
  const sendButton = $("trade-send");
  sendButton.textContent = proposalText(Number(to.value), give, st.want);
  sendButton.disabled = S.pending || (!give.length && !st.want.length);
  $("trade-clear").disabled = S.pending || (!give.length && !st.want.length);
}

function toggleGive(id, on) {
  chooseGive(st, id, on);
  tradeNotice("");
  syncTradeForm(obs());
}

function pickWant(k) {
  addWant(st, k);
  tradeNotice("");
  syncTradeForm(obs());
}

function renderWant() {
  const ul = $("trade-want");
  const items = st.want.map((k, i) =>
    wantChip("li", "trade-want-card", k, card(k), () => {
      removeWant(st, i);
      syncTradeForm(obs());
    }),
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
  const r = gotAnswer(st, msg);
  if (r.what === "decline" && r.retry) showError("");
  else if (r.what === "propose" && r.ok && r.kind === "form") watchNotice();
  else if (r.what === "propose" && !r.ok) {
    const why = t("refused", msg.message + (msg.rule ? t("rule", msg.rule) : ""));
    if (r.kind === "form") tradeNotice(why, "refused");
    else if (r.counter) counterNotice(st, why, "refused");
  }
  if (S.state) {
    renderOffers(obs());
    syncTradeForm(obs());
  }
}

/** Auto-decline/pass: answer for me while the game waits on me in this trading phase. */
function autoAnswer() {
  const action = autoMove(st, S.state, me(), S.pending);
  if (action) send(action);
}

export function setupTradeForm() {
  $("trade-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const action = proposal(st, Number($("trade-to").value));
    if (!action) {
      showError(t("needs-card"));
      return;
    }
    // a gift of your own cards (hand, store; not the revealed ones) for
    // nothing is asked once a game: the first time, the form says so and
    // waits for a second click
    if (giftAsked(st, action)) {
      tradeNotice(t("gift-confirm"), "confirm");
      return;
    }
    send(action);
    if (S.ws && S.pending) proposalSent(st, { kind: "form", to: action.to, seq: S.state.seq, conn: S.ws });
    $("trade-send").disabled = true;
  });
  $("trade-to").addEventListener("change", () => syncTradeForm(obs()));
  $("trade-clear").addEventListener("click", () => {
    clearProposal(st);
    tradeNotice("");
    syncTradeForm(obs());
  });
  $("trade-auto").addEventListener("change", (ev) => {
    setAuto(st, ev.target.checked, S.state && obs());
    if (st.auto) autoAnswer();
  });
  $("log-all").addEventListener("change", () => hooks.renderLog());
}
