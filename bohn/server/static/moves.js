// The game page's moves: picking a card and then a place (or dragging it),
// the bar of the chosen card, the move buttons with their words and keys,
// and the choosers of several cards. play.js draws the board; this part
// says which cards and places move, and sends the moves.
import { card, el } from "./common.js";
import { morphChildren, wired } from "./patch.js";
import { cardName } from "./cards.js";
import { lang, t } from "./i18n.js";
import { seatOf } from "./table.js";
import { $, S, hooks, me, obs, send, showError, yourMove } from "./session.js";
import {
  cardAt,
  clearPick,
  dragEnd,
  dragStart,
  followPlans,
  keyTarget,
  moveParts,
  newPick,
  pick,
  pickView,
  planFields,
  planTags,
  setKeys,
  target,
} from "./pick-state.js";

// ---------------------------------------------------------------- picking cards and places

// The chosen card, the revealed cards kept for a field and the keys' moves
// (pick-state.js): the steps there decide, this part draws and sends.
const picking = newPick();

export function pickModel() {
  const view = pickView(picking, S.state, me(), S.client);
  return view && { ...view, onSource, onTarget, onDrag };
}

/** Carry out the plans that may go now (one move a state). */
function carryOutPlans() {
  const r = followPlans(picking, S.state, me(), { pending: S.pending, yours: yourMove() });
  if (!r) return;
  if (r.kind === "send") {
    send(r.action);
    return;
  }
  // several ways to plant it there (a lady to pull up): the player chooses
  hooks.renderBoard();
  renderPickBar(r.moves);
}

function onSource(src) {
  if (S.pending) return;
  showError("");
  pick(picking, src);
  hooks.renderBoard();
  renderPickBar();
}

/** A drag of `src` begins (`on`; by mouse, finger or pen) or ends: whether it may begin. */
function onDrag(src, on) {
  if (on) {
    if (S.pending) return false;
    showError("");
    // the dragged card must stay in the page until it is dropped: mark the places in place
    dragStart(picking, src);
    const targets = pickModel().targets;
    for (const n of document.querySelectorAll("[data-dst]")) {
      n.classList.toggle("target", targets.has(n.dataset.dst));
      n.classList.toggle("not-target", !targets.has(n.dataset.dst));
    }
    return true;
  }
  if (!S.pending && dragEnd(picking, src)) hooks.renderBoard();
  return false;
}

function onTarget(dst) {
  if (S.pending) return;
  const r = target(picking, S.state, me(), dst, S.client);
  if (r.kind === "send" || r.kind === "try") {
    // a move that is not legal goes to the engine, which refuses it with the rule (and changes nothing)
    send(r.action);
  } else if (r.kind === "choose") {
    hooks.renderBoard();
    renderPickBar(r.moves);
  } else if (r.kind === "refuse") showError(t(r.reason, cardName(r.key)));
}

/** The bar above the moves: the chosen card, its moves that go to no place, and Cancel. */
function renderPickBar(only) {
  let bar = $("pick-bar");
  if (!bar) {
    // above the moves panel, where it stays in view: sticky at the top of
    // the side panel, and of the page on a tablet; at the foot of a phone's screen
    bar = el("div", { id: "pick-bar", class: "pick-bar", role: "status", dataset: { testid: "pick-bar" } });
    ($("moves-panel") || $("actions")).before(bar);
  }
  const selected = picking.selected;
  if (selected === null || !S.state) {
    bar.hidden = true;
    bar.replaceChildren();
    return;
  }
  const moves = only || pickModel().sources.get(selected) || [];
  const name = cardName(cardAt(S.state, me(), selected));
  const words = !moves.length
    ? t("no-move-card", name)
    : only
      ? `${t("choose-how")} `
      : planFields(S.state, me(), selected).length
        ? t("pick-revealed", name)
        : t("pick-card", name);
  bar.hidden = false;
  bar.replaceChildren(
    el("span", { class: "pick-text" }, words),
    ...moves.filter((l) => only || !moveParts(l.action, S.client).dst).map((l) => actionButton(l)),
    el(
      "button",
      {
        type: "button",
        class: "small",
        dataset: { testid: "pick-cancel" },
        onclick: () => {
          clearPick(picking);
          hooks.renderBoard();
          renderPickBar();
        },
      },
      t("cancel-pick"),
    ),
  );
}

/** My fields' own buttons: harvest (and other moves of a field that take no
 * card); Keep under each revealed card that may be kept, so that it is in
 * view beside the cards; and the field a kept card is planned for. A button
 * or a tag that is there already stays (a seat drawn as it was keeps them). */
export function fieldButtons(c) {
  const want = new Map(); // host -> [node]
  const add = (host, node) => {
    node.dataset.added = node.dataset.move || node.textContent;
    if (!want.has(host)) want.set(host, []);
    want.get(host).push(node);
  };
  if (c.pick) {
    for (const l of S.state.legal || []) {
      const a = l.action;
      if (a.type === "keep") {
        const card = document.querySelector(`[data-testid=revealed] [data-src="r${a.revealed}"]`);
        if (card && card.parentElement) add(card.parentElement, actionButton(l, undefined, { small: true }));
        continue;
      }
      if (a.type !== "harvest" && a.type !== "protect") continue;
      const node = document.querySelector(`#my-seat .field[data-dst="f${a.field}"]`);
      if (node) add(node, actionButton(l, undefined, { small: true }));
    }
    for (const p of planTags(picking, S.state, me())) {
      const card = document.querySelector(`#my-seat [data-src="t${p.index}"]`);
      if (card && card.parentElement) add(card.parentElement, el("span", { class: "plan-tag", dataset: { testid: "plan-tag" } }, `→ ${t("field", p.field)}`));
    }
  }
  const hosts = new Set([...document.querySelectorAll("#my-seat [data-added], [data-testid=revealed] [data-added]")].map((n) => n.parentElement));
  for (const host of want.keys()) hosts.add(host);
  for (const host of hosts) {
    const had = [...host.children].filter((n) => n.dataset.added !== undefined);
    const nodes = want.get(host) || [];
    if (had.length === nodes.length && had.every((n, k) => n.dataset.added === nodes[k].dataset.added)) {
      for (const n of had) if (n.tagName === "BUTTON") n.disabled = S.pending;
      continue;
    }
    for (const n of had) n.remove();
    host.append(...nodes);
  }
}

// ---------------------------------------------------------------- moves as buttons

const GROUPS = [
  ["plant", ["plant", "store", "place", "give", "stash", "drop", "play", "use", "order", "move", "bury", "pick"]],
  ["harvest", ["harvest", "buy-field", "build", "take", "remove", "protect", "draw"]],
  ["trade", ["accept", "decline", "withdraw", "keep", "end-trading"]],
  ["propose", ["propose"]],
  ["other", []],
];

// A long list of one action type choosing hand cards (Prohibohn's starting
// coins: every pair of hand cards) becomes a chooser: tick the cards, then one button.
const CHOOSER_MIN = 7;

function choosers(legal) {
  const byType = new Map();
  for (const l of legal) {
    const c = l.action.cards;
    if (!Array.isArray(c) || Object.keys(l.action).length !== 2 || !c.every(Number.isInteger)) continue;
    if (!byType.has(l.action.type)) byType.set(l.action.type, []);
    byType.get(l.action.type).push(l);
  }
  return [...byType.values()].filter((items) => items.length >= CHOOSER_MIN);
}

function cardChooser(items) {
  const hand = seatOf(obs(), me()).hand || [];
  const type = items[0].action.type;
  const positions = [...new Set(items.flatMap((l) => l.action.cards))].sort((a, b) => a - b);
  const sizes = [...new Set(items.map((l) => l.action.cards.length))].sort((a, b) => a - b);
  const key = (cards) => [...cards].sort((a, b) => a - b).join(",");
  const byKey = new Map(items.map((l) => [key(l.action.cards), l]));
  const boxes = positions.map((i) =>
    el(
      "label",
      { class: "pick" },
      el("input", { type: "checkbox", value: String(i), dataset: { testid: "choose-card", ref: `h${i}` }, "aria-label": cardName(hand[i]) }),
      hand[i] !== undefined ? card(hand[i]) : "",
    ),
  );
  const need = sizes.join(` ${t("or")} `);
  const go = el(
    "button",
    { type: "button", class: "action action-primary", disabled: true, dataset: { testid: "chooser-send", actionType: type } },
    t("choose-n", need),
  );
  const chosenNow = () =>
    boxes
      .map((b) => b.querySelector("input"))
      .filter((x) => x.checked)
      .map((x) => Number(x.value));
  const update = () => {
    const l = byKey.get(key(chosenNow()));
    go.disabled = S.pending || !l;
    const words = l ? l.label || l.text : t("choose-n", need);
    go.textContent = words.charAt(0).toUpperCase() + words.slice(1);
  };
  for (const b of boxes) b.querySelector("input").addEventListener("change", update);
  go.addEventListener("click", () => {
    const l = byKey.get(key(chosenNow()));
    if (l) send(l.action);
  });
  const chooser = el(
    "div",
    { class: "chooser", dataset: { testid: `chooser-${type}` } },
    el("p", { class: "hint" }, t("tick-cards", need)),
    el("div", { class: "picks" }, ...boxes),
    go,
  );
  wired.add(chooser); // its listeners hold its own boxes: a redraw replaces it whole (patch.js)
  return chooser;
}

// Moves no key may make: they give cards away or end the trading. Accepting
// a trade, ending it or a proposal that gives cards needs a click (or a
// focused button's own Enter), never a number key or the page's Enter.
const KEYLESS = new Set(["accept", "end-trading"]);
export const keyless = (a) => KEYLESS.has(a.type) || (Array.isArray(a.give) && a.give.length > 0);

export function renderActions() {
  const box = $("actions");
  renderPickBar();
  if (me() !== null && S.state) carryOutPlans();
  setKeys(picking, [], null); // no key presses a move that is not drawn
  if (me() === null) {
    morphChildren(box, [el("p", { class: "hint" }, t("watching"))]);
    return;
  }
  const legal = S.state.legal || [];
  if (!legal.length) {
    morphChildren(box, [el("p", { class: "hint", dataset: { testid: "no-actions" } }, S.state.result ? t("game-over") : t("wait-others"))]);
    return;
  }
  const chosen = choosers(legal);
  const inChooser = new Set(chosen.flat());
  const byGroup = new Map(GROUPS.map(([g]) => [g, []]));
  for (const l of legal) {
    if (inChooser.has(l)) continue;
    const g = GROUPS.find(([, types]) => types.includes(l.action.type));
    byGroup.get(g ? g[0] : "other").push(l);
  }
  const yours = yourMove();
  // the moves keyboard shortcuts reach: digits 1-9 for the first nine listed
  // buttons, Enter for the primary one (the first move the game waits for)
  let keys = 0;
  let primary = false;
  // the groups holding the moves the game waits for come first
  // (the listed proposals, folded, stay last)
  const rank = ([g]) => (g === "propose" ? 2 : byGroup.get(g).some((l) => l.advances !== false) ? 0 : 1);
  const order = [...GROUPS].sort((a, b) => rank(a) - rank(b));
  const row = el("div", { class: "move-row" });
  const after = chosen.map(cardChooser);
  for (const [g] of order) {
    const items = byGroup.get(g);
    if (!items.length) continue;
    const label = t(`group.${g}`);
    const wrap = el("div", { class: `group group-${g}`, role: "group", "aria-label": label, dataset: { testid: `actions-${g}` } });
    for (const l of items) {
      const safe = g !== "propose" && !keyless(l.action);
      // Enter passes rather than turning an offer down
      const isPrimary = yours && !primary && safe && l.action.type !== "decline" && l.advances !== false;
      const key = safe && keys < 9 ? String((keys += 1)) : null;
      if (isPrimary) primary = true;
      wrap.append(actionButton(l, undefined, { key, primary: isPrimary }));
    }
    if (g === "propose") after.push(el("details", { class: "listed" }, el("summary", {}, `${label} (${items.length})`), wrap));
    else row.append(wrap);
    if (g === "harvest") {
      const picker = coinPicker(items);
      if (picker) row.append(picker);
    }
  }
  if (keys) after.push(el("p", { class: "hint shortcuts-hint" }, t("keys-hint", primary)));
  // the moves change in place (patch.js): a move that stays keeps its button
  morphChildren(box, [row, ...after]);
  const live = [...box.querySelectorAll("button[data-testid=action][data-key]")].sort((a, b) => Number(a.dataset.key) - Number(b.dataset.key));
  setKeys(picking, live, box.querySelector("button[data-testid=action][data-primary=yes]"));
}

// `buy-field` is listed once, paid with the top coins; the engine takes any
// explicit payment (docs/actions.md): a player who sees his coins' faces may
// choose them here. A wrong count is refused with the rule's reason.
function coinPicker(items) {
  const buy = items.find((l) => l.action.type === "buy-field");
  const mine = seatOf(obs(), me());
  const faces = mine.known_coins || mine.coin_cards;
  if (!buy || !faces || !faces.length) return null;
  const boxes = faces.map((k, i) =>
    el(
      "label",
      { class: "pick" },
      el("input", { type: "checkbox", value: k, dataset: { testid: "pay-coin", index: String(i) }, "aria-label": cardName(k) }),
      card(k, { class: "card coin" }),
    ),
  );
  const go = el(
    "button",
    {
      type: "button",
      class: "action",
      disabled: S.pending,
      dataset: { testid: "buy-field-pay" },
      onclick: () => {
        const pay = boxes
          .map((b) => b.querySelector("input"))
          .filter((i) => i.checked)
          .map((i) => i.value);
        if (!pay.length) {
          showError(t("choose-coins"));
          return;
        }
        send({ type: "buy-field", pay });
      },
    },
    t("buy-with-coins"),
  );
  return el(
    "details",
    { class: "coin-picker", dataset: { testid: "coin-picker" } },
    el("summary", {}, t("buy-choose")),
    el("div", { class: "picks" }, ...boxes),
    go,
  );
}

// A move's button: its sentence (the server's label) as the text and its
// accessible name; `key` a keyboard shortcut shown on it.
export function actionButton(l, label, opts = {}) {
  const classes = ["action", `action-${l.action.type}`];
  if (opts.primary) classes.push("action-primary");
  if (opts.small) classes.push("action-small");
  if (l.advances === false) classes.push("action-anytime");
  const words = label || l.label || l.text;
  const text = words.charAt(0).toUpperCase() + words.slice(1);
  const button = el(
    "button",
    {
      type: "button",
      class: classes.join(" "),
      disabled: S.pending,
      "aria-label": opts.small ? text : undefined,
      title: opts.small ? text : undefined,
      "aria-keyshortcuts": opts.key ? (opts.primary ? `${opts.key} Enter` : opts.key) : opts.primary ? "Enter" : undefined,
      dataset: {
        testid: "action",
        actionText: l.text,
        actionType: l.action.type,
        action: l.text,
        move: JSON.stringify(l.action),
        primary: opts.primary ? "yes" : undefined,
        key: opts.key || undefined,
      },
    },
    opts.key ? el("kbd", { class: "key-hint", "aria-hidden": "true" }, opts.key) : null,
    el("span", { class: "label" }, opts.small ? shortWord(l.action.type) : text),
  );
  button.addEventListener("click", sendMove);
  return button;
}

// A move's button sends the move it shows when clicked (its data-move), so a
// redraw may keep the button and change its move in place (patch.js).
function sendMove(ev) {
  ev.stopPropagation();
  clearPick(picking);
  send(JSON.parse(ev.currentTarget.dataset.move));
}

/** The word on a field's own small button. */
function shortWord(type) {
  const w = { harvest: { en: "Harvest", de: "Ernten" }, protect: { en: "Protect", de: "Schützen" }, keep: { en: "Keep", de: "Behalten" } }[type];
  return w ? w[lang] : type;
}

export function onKey(ev) {
  if (ev.key === "Escape" && clearPick(picking)) {
    hooks.renderBoard();
    renderPickBar();
    return;
  }
  if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || S.pending || !S.state) return;
  const tg = ev.target;
  if (tg && tg.closest && tg.closest("input, textarea, select, button, summary, [contenteditable], [data-card]")) return; // a focused card: Enter opens its details (cards.js)
  const b = keyTarget(picking, ev.key);
  if (b && !b.disabled && b.isConnected) {
    ev.preventDefault();
    b.click();
  }
}

/** Forget the chosen card (a new state was drawn). */
export function clearSelection() {
  clearPick(picking);
}
