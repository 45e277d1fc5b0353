// The counter-offer editor on the game page, in the offer's own card: the
// cards I may give (chosen by identity), the beans I ask for, Send and
// Cancel. Counter fills it in from the offer with the sides swapped
// (trade-state.js decides what it holds; this part draws it). Also the
// trading panel's pieces the proposal form shares: bean buttons, and nodes
// kept in their order without losing the focus.
import { card, el } from "./common.js";
import { beanTypes, cardName } from "./cards.js";
import { t } from "./i18n.js";
import { S, me, say, send, who } from "./session.js";
import {
  addCounterWant,
  chooseCounterGive,
  closeCounter,
  counterProposal,
  counterRefs,
  counterZones,
  followCounterZones,
  giftAsked,
  openCounter,
  proposalSent,
  removeCounterWant,
  wantKinds,
} from "./trade-state.js";

// the open editor's elements: {counter (the state's counter-offer it draws), node, giveNodes, beanNodes, redraw}
let view = null;

/** Put `nodes` into `box` in this order, moving only what must move (focus stays). */
export function placeInOrder(box, nodes) {
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

/** The button that asks for one more bean of type ``k`` (kept in ``nodes``
 * by type, made once), showing how many of it ``wanted`` holds. */
export function beanButton(nodes, k, wanted, testid, pick) {
  let b = nodes.get(k);
  if (!b) {
    b = el(
      "button",
      { type: "button", class: "bean-pick", dataset: { testid, bean: k }, onclick: pick },
      // the button is named by what it shows: "Want one" (read, not shown),
      // the card (a picture named by the bean) and the count wanted
      el("span", { class: "visually-hidden" }, t("want-one-of")),
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

/** A card to give (its ``label.choice`` node around a checkbox) follows the
 * state: the card ``key`` at position ``i`` of zone ``z``, its test id after
 * ``prefix``, and whether it is ``chosen``. */
export function syncGiveChoice(node, prefix, z, i, key, chosen) {
  const ref = `${z}${i}`;
  const input = node.querySelector("input");
  input.value = ref;
  input.dataset.testid = `${prefix}-${ref}`;
  input.checked = chosen;
  input.setAttribute("aria-label", t("give-card", cardName(key), t(`zone.${z}`)));
  node.classList.toggle("chosen", chosen);
  node.dataset.zone = z;
}

/** A bean asked for: a chip (a ``tag`` element with test id ``testid``) of
 * its card (``cardNode``) and a button that takes it out again (``remove``). */
export function wantChip(tag, testid, k, cardNode, remove) {
  return el(
    tag,
    { class: "want-chip", dataset: { testid, bean: k } },
    cardNode,
    el("button", { type: "button", class: "small", "aria-label": t("remove-want", cardName(k)), onclick: remove }, "×"),
  );
}

/** The editor's elements follow the state: a closed counter-offer's go. */
function follow(st) {
  if (view && view.counter !== st.counter) {
    view.node.remove();
    view = null;
  }
}

/** The editor to show in offer `id`'s card, or null. */
export function counterNode(st, id) {
  follow(st);
  return view && st.counter.offer === id ? view.node : null;
}

/** The Counter button of offer `f`: opens the editor filled in from it, or
 * closes it if open; `redraw` draws the offers again. */
export function toggleCounter(st, f, redraw) {
  if (st.counter && st.counter.offer === f.id) {
    closeEditor(st, { refocus: true });
    return;
  }
  closeCounter(st);
  follow(st);
  // what they asked of me is what I give: a card of each type, the revealed ones first (they cost no hand card)
  const missing = openCounter(st, f, counterZones(S.state, me()));
  view = { counter: st.counter, node: null, giveNodes: new Map(), beanNodes: new Map(), redraw };
  view.node = editor(st, f);
  if (missing.length) counterNotice(st, t("counter-missing", missing.map(cardName).join(", ")), "missing");
  redraw();
  view.node.querySelector(".counter-title").focus();
}

/** Close the editor; `refocus`: the focus goes back to the offer's Counter button. */
function closeEditor(st, { refocus = false } = {}) {
  if (!st.counter || !view) return;
  const id = st.counter.offer;
  const redraw = view.redraw;
  closeCounter(st);
  follow(st);
  if (!S.state) return;
  redraw();
  if (refocus) {
    const b = document.querySelector(`[data-testid=offer-counter][data-offer="${id}"]`);
    if (b) b.focus();
  }
}

/** Say `text` in the open editor (kind: "missing", "dropped", "sending", "refused", "confirm"). */
export function counterNotice(st, text, kind) {
  follow(st);
  if (view) say(view.node.querySelector(".counter-notice"), text, "kind", kind);
}

/** The editor's fixed parts; syncCounter fills in the cards. */
function editor(st, f) {
  const id = `counter-${f.id}`;
  const close = () => closeEditor(st, { refocus: true });
  return el(
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
        close();
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
        { type: "button", class: "counter-send", dataset: { testid: "counter-send" }, "aria-describedby": `${id}-note`, onclick: () => sendCounter(st) },
        t("counter-send"),
      ),
      el("button", { type: "button", dataset: { testid: "counter-cancel" }, onclick: close }, t("counter-cancel")),
    ),
    el("p", { class: "hint counter-note", id: `${id}-note` }, t("counter-declines", who(f.from))),
  );
}

/** The editor's cards as the state now has them: the cards I may give (chosen by identity), the beans asked for. */
export function syncCounter(st) {
  follow(st);
  if (!view) return;
  const c = st.counter;
  const node = view.node;
  const redo = () => syncCounter(st);
  node.querySelector(".counter-title").textContent = t("counter-title", who(c.to));
  // the cards I may give, zone by zone (the revealed ones first: they cost no hand card)
  const allowed = counterZones(S.state, me());
  followCounterZones(st, allowed);
  const live = new Set();
  for (const group of node.querySelectorAll(".counter-zone")) {
    const z = group.dataset.zone;
    const nodes = [];
    if (allowed.includes(z)) {
      st.zones[z].forEach((x, i) => {
        live.add(x.id);
        let n = view.giveNodes.get(x.id);
        if (!n) {
          const input = el("input", {
            type: "checkbox",
            onchange: (ev) => {
              chooseCounterGive(st, x.id, ev.target.checked);
              counterNotice(st, "");
              redo();
            },
          });
          n = el("label", { class: "choice" }, input, card(x.key, { tabindex: "-1" }));
          view.giveNodes.set(x.id, n);
        }
        syncGiveChoice(n, "counter-give", z, i, x.key, c.chosen.has(x.id));
        nodes.push(n);
      });
    }
    placeInOrder(group.querySelector(".choices"), nodes);
    group.hidden = !nodes.length;
  }
  for (const id of [...view.giveNodes.keys()]) if (!live.has(id)) view.giveNodes.delete(id);
  node.querySelector(".counter-give-none").hidden = live.size > 0;
  // the beans asked for: chips to take one out, and a button per bean type to ask for one more
  const beans = wantKinds(st, S.state, me(), beanTypes(S.state.options || {})).map((k) =>
    beanButton(view.beanNodes, k, c.want, "counter-want-bean", () => {
      addCounterWant(st, k);
      counterNotice(st, "");
      redo();
    }),
  );
  placeInOrder(node.querySelector("[data-testid=counter-beans]"), beans);
  const box = node.querySelector("[data-testid=counter-want]");
  const focused = box.contains(document.activeElement);
  box.replaceChildren(
    ...(c.want.length
      ? c.want.map((k, i) =>
          wantChip("span", "counter-want-card", k, card(k, { tabindex: "-1" }), () => {
            removeCounterWant(st, i);
            redo();
          }),
        )
      : [el("span", { class: "empty" }, t("nothing"))]),
  );
  if (focused) node.querySelector(`#counter-${c.offer}-want`).focus();
  const give = counterRefs(st, allowed);
  const sendButton = node.querySelector("[data-testid=counter-send]");
  sendButton.disabled = S.pending || c.sending || (!give.length && !c.want.length);
  node.querySelector("[data-testid=counter-cancel]").disabled = false;
  node.setAttribute("aria-busy", c.sending ? "true" : "false");
}

/** Send the counter-offer: it proposes; its ack closes the editor (trade.js). */
function sendCounter(st) {
  if (S.pending) return;
  const action = counterProposal(st, counterZones(S.state, me()));
  if (!action) return;
  // a gift of my own cards for nothing is asked once a game, as in the form
  if (giftAsked(st, action)) {
    counterNotice(st, t("gift-confirm"), "confirm");
    return;
  }
  send(action);
  if (!S.ws || !S.pending) return;
  proposalSent(st, { kind: "counter", to: action.to, seq: S.state.seq, conn: S.ws, offer: st.counter.offer });
  counterNotice(st, t("counter-sending"), "sending");
  syncCounter(st);
}
