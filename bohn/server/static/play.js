// The game page: one WebSocket to the server, every "state" message rendered in full.
import { actionText, card, cardKind, cards, el, eventText, resultBlock, seatName } from "./common.js";
import { installDetails, loadCatalogue } from "./cards.js";
import { renderLogInto } from "./log.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const token = params.get("token");
const spectate = params.get("spectate");
const lang = params.get("lang") === "de" ? "de" : "en"; // the log's language (?lang=de)

let ws = null;
let state = null; // the last "state" message
const logSteps = new Map(); // step -> log entry
let pending = false;
let retries = 0;
let stopped = false; // no reconnect (refused token, unknown game)
const want = []; // the trade form's wanted bean types

// ---------------------------------------------------------------- connection

function connect() {
  const q = token ? `token=${encodeURIComponent(token)}` : spectate ? `spectate=${encodeURIComponent(spectate)}` : "";
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  setConnection("connecting…", "connecting");
  ws = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}?${q}&lang=${lang}`);
  ws.addEventListener("open", () => setConnection("connected", "open"));
  ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  ws.addEventListener("close", (ev) => {
    ws = null;
    pending = false;
    if (stopped || ev.code === 4403 || ev.code === 4404) {
      stopped = true;
      setConnection("disconnected", "closed");
      return;
    }
    const delay = Math.min(10000, 500 * 2 ** retries);
    retries += 1;
    setConnection(`connection lost; reconnecting in ${Math.round(delay / 100) / 10} s…`, "closed");
    setTimeout(connect, delay);
  });
}

function setConnection(text, status) {
  const c = $("connection");
  c.textContent = text;
  c.dataset.status = status;
}

function onMessage(msg) {
  if (msg.type === "state") {
    retries = 0;
    pending = false;
    if (!msg.log.length || msg.log[0].step === 0) logSteps.clear();
    for (const entry of msg.log) logSteps.set(entry.step, entry);
    state = msg;
    // the ruleset's client code and its card catalogue (faces), loaded once each
    Promise.all([loadClient(msg.variant), loadCatalogue(msg.variant, lang)]).then(render);
  } else if (msg.type === "ack") {
    pending = false;
    showError("");
    tradeAnswer(msg);
  } else if (msg.type === "error") {
    pending = false;
    showError(msg.message + (msg.rule ? ` (rule: ${msg.rule})` : ""), msg.code);
    if (msg.code === "forbidden" || msg.code === "not-found") stopped = true;
    if (state) renderActions();
    tradeAnswer(msg);
    if (state) {
      renderOffers(obs());
      syncTradeForm(obs());
    }
  }
}

function send(action) {
  if (!ws || ws.readyState !== WebSocket.OPEN || !state) {
    showError("not connected; the action was not sent");
    return;
  }
  pending = true;
  showError("");
  ws.send(JSON.stringify({ type: "act", seq: state.seq, action }));
  for (const b of document.querySelectorAll("button[data-testid='action']")) b.disabled = true;
}

function showError(text, code) {
  const box = $("error");
  box.textContent = text || "";
  box.hidden = !text;
  if (code) box.dataset.code = code;
  else delete box.dataset.code;
}

// ---------------------------------------------------------------- helpers

const me = () => (state ? state.seat : null);
const obs = () => state.observation;
// the ruleset's own client code (/rulesets/<variant>/client.js), if it has any:
// {table(o, box, ui), seat(o, s, i, sec, ui), trades} replace the bean games' views
let client = {};
let clientFor = null;

async function loadClient(variant) {
  if (clientFor === variant) return;
  clientFor = variant;
  try {
    client = await import(`/rulesets/${encodeURIComponent(variant)}/client.js`);
  } catch {
    client = {}; // the bean games' views
  }
}

function kv(label, value, testid) {
  return el("div", { class: "kv", dataset: testid ? { testid } : undefined }, el("span", { class: "k" }, label), " ", el("span", { class: "v" }, value));
}

function cardRow(list, label, testid, prefix) {
  const ol = el("ol", { class: "cards", dataset: testid ? { testid } : undefined, "aria-label": label });
  (list || []).forEach((k, i) => ol.append(el("li", {}, prefix ? el("span", { class: "ref" }, `${prefix}${i}`) : null, card(k))));
  return ol;
}

/** What a ruleset's client code may draw with. */
const ui = () => ({ el, kv, card, cards, cardRow, seatName, seatOf, me: me() });

function json(v) {
  return el("code", { class: "json" }, JSON.stringify(v));
}

// ---------------------------------------------------------------- render

function render() {
  const o = obs();
  document.body.dataset.seq = String(state.seq);
  document.body.dataset.phase = String(o.phase ?? "");
  $("title").textContent = `${state.variant} · game ${state.game}${me() === null ? " · spectator" : ` · seat ${me()}`}`;
  document.title = `bohn — ${state.variant}${yourMove() ? " (your move)" : ""}`;
  renderStatus(o);
  renderHand(o);
  renderActions();
  renderTable(o);
  renderSeats(o);
  renderOffers(o);
  renderTradeForm(o);
  renderLog();
  renderResult();
}

// Whether the game waits for this seat's move: the server says (your_move);
// an older message: waited for, with a legal action that is not an any-time one.
function yourMove() {
  if (me() === null || !state) return false;
  if (typeof state.your_move === "boolean") return state.your_move;
  return (state.waiting_for || []).includes(me()) && (state.legal || []).some((l) => l.advances !== false);
}

function renderStatus(o) {
  const box = $("status");
  const waiting = state.waiting_for || [];
  const yours = yourMove();
  const phaseName = state.phase_name || (o.phase === undefined ? "-" : String(o.phase).replace(/-/g, " "));
  box.dataset.yourMove = yours ? "yes" : "no";
  box.replaceChildren(
    el("p", { class: `prompt${yours ? " prompt-yours" : ""}`, dataset: { testid: "prompt" } },
      yours
        ? el("strong", { class: "your-move prompt-text", dataset: { testid: "your-move" } }, state.prompt || "Your move")
        : el("span", { class: "prompt-text" }, state.prompt || ""),
    ),
    el("div", { class: "status-facts" },
      kv("Turn", String(o.turn ?? "-"), "turn"),
      el("div", { class: "kv", dataset: { testid: "phase", phase: String(o.phase ?? "") }, title: String(o.phase ?? "") },
        el("span", { class: "k" }, "Phase"), " ", el("span", { class: "v" }, phaseName)),
      kv("Active", seatName(o.active, me()), "active"),
      kv("Waiting for", waiting.length ? waiting.map((s) => seatName(s, me())).join(", ") : "nobody", "waiting-for"),
      ...situation(o),
    ),
  );
}

const yesNo = (b) => (b ? "used" : "not used");
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// The ruleset-specific state of the turn, in words (docs/observation.md).
function situation(o) {
  const out = [];
  const who = (s) => seatName(s, me());
  // Sissi: the fields the Sissi action still harvests
  if (o.sissi_action && o.sissi_action.length) {
    out.push(kv("Sissi action: fields to harvest", o.sissi_action.map(([s, f]) => `${who(s)} f${f}`).join(", "), "sissi-action"));
  }
  // High Bohn
  if (o.bank_used && (o.bank_used.bury || o.bank_used.move)) {
    out.push(kv("Bank this turn", `bury ${yesNo(o.bank_used.bury)}, move ${yesNo(o.bank_used.move)}`, "bank-used"));
  }
  if (o.final_buyer !== undefined && o.final_buyer !== null) out.push(kv("Final buying", who(o.final_buyer), "final-buyer"));
  if (o.distillery) {
    out.push(kv("Distillery", `bean type ${o.distillery.building_type}; still to decide: ${o.distillery.seats.map(who).join(", ") || "nobody"}`, "distillery"));
  }
  if (o.jail_coin) out.push(kv("Jail: a coin to choose", el("span", {}, `${who(o.jail_coin.seat)} from `, ...cards(o.jail_coin.cards)), "jail-coin"));
  // Prohibohn
  if (o.stage !== undefined) out.push(kv("Stage", o.stage ? `${o.stage} of 6` : "-", "stage"));
  if (o.uncovered) out.push(kv("Uncovered this phase 4", plural(o.uncovered, "card")));
  if (o.under) out.push(kv("Paid coins under the discard pile", String(o.under)));
  if (o.extended) out.push(kv("Deck", "played through a fourth time", "extended"));
  const d = o.decision;
  if (d) {
    if (d.boss !== undefined) out.push(kv("Protection", `field f${d.field} against ${d.boss}`, "decision"));
    else if (d.counts) out.push(kv("Cards to draw", d.counts.join(" or "), "decision"));
    else if (d.third) out.push(kv("Third establishment to remove", d.third, "decision"));
    else if (d.removable) out.push(kv("Establishments that may be removed", d.removable.join(", ") || "none", "decision"));
    else if ("treasury" in d) out.push(kv("The mafia's treasury", d.treasury ? el("span", {}, ...cards(d.treasury)) : "face down", "decision"));
  }
  // Ladybohn, Mutterböhnchen
  if (o.third_fields_left !== undefined) out.push(kv("Third fields left to buy", String(o.third_fields_left), "third-fields-left"));
  if (o.third_field_card !== undefined && o.third_field_card !== null) out.push(kv("3. Bohnenfeld card", who(o.third_field_card), "third-field-card"));
  if (o.hand_discarded !== undefined) out.push(kv("Hand card dropped this turn", o.hand_discarded ? "yes" : "no", "hand-discarded"));
  return out;
}

const seatOf = (o, s) => (o.seats || [])[s] || {};

function renderHand(o) {
  const hand = $("hand");
  const extra = $("hand-extra");
  hand.replaceChildren();
  extra.replaceChildren();
  $("hand-panel").hidden = me() === null;
  if (me() === null) return;
  const mine = seatOf(o, me());
  (mine.hand || []).forEach((k, i) => {
    hand.append(el("li", { dataset: { testid: "hand-card", ref: `h${i}`, card: k } }, el("span", { class: "ref" }, `h${i}`), card(k)));
  });
  if (!(mine.hand || []).length) hand.append(el("li", { class: "empty" }, "empty"));
  if (mine.defence) {
    extra.append(el("h3", {}, "Defensive cards"), cardRow(mine.defence, "defensive cards", "defence", "d"));
  }
  if (o.drawn && o.drawn.length) extra.append(el("h3", {}, "Drawn (to order)"), cardRow(o.drawn, "drawn cards", "drawn"));
  if (o.deck_top) extra.append(kv("Top of the draw pile", card(o.deck_top), "deck-top"));
}

const GROUPS = [
  ["plant", "Plant and play", ["plant", "store", "place", "give", "stash", "drop", "play", "use", "order", "move", "bury", "pick"]],
  ["harvest", "Harvest and buy", ["harvest", "buy-field", "build", "take", "remove", "protect", "draw"]],
  ["trade", "Trade", ["accept", "decline", "withdraw", "keep", "end-trading"]],
  ["propose", "Listed proposals", ["propose"]],
  ["other", "Other", []],
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
    el("label", { class: "pick" },
      el("input", { type: "checkbox", value: String(i), dataset: { testid: "choose-card", ref: `h${i}` } }),
      hand[i] !== undefined ? card(hand[i]) : `h${i}`),
  );
  const need = sizes.join(" or ");
  const go = el("button", { type: "button", class: "action action-primary", disabled: true, dataset: { testid: "chooser-send", actionType: type } },
    `Choose ${need} card${need === "1" ? "" : "s"}`);
  const chosen = () => boxes.map((b) => b.querySelector("input")).filter((x) => x.checked).map((x) => Number(x.value));
  const update = () => {
    const l = byKey.get(key(chosen()));
    go.disabled = pending || !l;
    go.textContent = l ? l.label || l.text : `Choose ${need} card${need === "1" ? "" : "s"}`;
    go.title = l ? l.text : "";
  };
  for (const b of boxes) b.querySelector("input").addEventListener("change", update);
  go.addEventListener("click", () => {
    const l = byKey.get(key(chosen()));
    if (l) send(l.action);
  });
  return el("div", { class: "chooser", dataset: { testid: `chooser-${type}` } },
    el("p", { class: "hint" }, `Tick ${need} of your hand cards:`), el("div", { class: "picks" }, ...boxes), go);
}

// the moves keyboard shortcuts reach: digits 1-9 for the first nine listed
// buttons, Enter for the primary one (the first move the game waits for)
let shortcuts = [];
let primary = null;

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  shortcuts = [];
  primary = null;
  if (me() === null) {
    box.append(el("p", {}, "You are watching."));
    return;
  }
  const legal = state.legal || [];
  if (!legal.length) {
    box.append(el("p", { dataset: { testid: "no-actions" } }, state.result ? "The game is over." : "Nothing to do now: waiting for the others."));
    return;
  }
  const chosen = choosers(legal);
  const inChooser = new Set(chosen.flat());
  const byGroup = new Map(GROUPS.map(([g]) => [g, []]));
  for (const l of legal) {
    if (inChooser.has(l)) continue;
    const g = GROUPS.find(([, , types]) => types.includes(l.action.type));
    byGroup.get(g ? g[0] : "other").push(l);
  }
  const yours = yourMove();
  // the groups holding the moves the game waits for come first
  // (the listed proposals, folded, stay last)
  const rank = ([g]) => (g === "propose" ? 2 : byGroup.get(g).some((l) => l.advances !== false) ? 0 : 1);
  const order = GROUPS.map(([g, label]) => [g, label]).sort((a, b) => rank(a) - rank(b));
  for (const items of chosen) box.append(el("h3", {}, "Choose cards"), cardChooser(items));
  for (const [g, label] of order) {
    const items = byGroup.get(g);
    if (!items.length) continue;
    const wrap = el("div", { class: `group group-${g}`, role: "group", "aria-label": label, dataset: { testid: `actions-${g}` } });
    for (const l of items) {
      const isPrimary = yours && !primary && g !== "propose" && l.advances !== false;
      const key = g !== "propose" && shortcuts.length < 9 ? String(shortcuts.length + 1) : null;
      const b = actionButton(l, undefined, { key, primary: isPrimary });
      if (key) shortcuts.push(b);
      if (isPrimary) primary = b;
      wrap.append(b);
    }
    if (g === "propose") box.append(el("details", {}, el("summary", {}, `${label} (${items.length})`), wrap));
    else box.append(el("h3", {}, label), wrap);
    if (g === "harvest") {
      const picker = coinPicker(items);
      if (picker) box.append(picker);
    }
  }
  if (shortcuts.length) box.append(el("p", { class: "hint shortcuts-hint" }, "Keys: 1–9 choose a listed move", primary ? ", Enter the highlighted one" : "", "."));
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
    el("label", { class: "pick" }, el("input", { type: "checkbox", value: k, dataset: { testid: "pay-coin", index: String(i) } }), card(k, { class: "card coin" })),
  );
  const go = el("button", {
    type: "button",
    class: "action",
    disabled: pending,
    dataset: { testid: "buy-field-pay" },
    onclick: () => {
      const pay = boxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
      if (!pay.length) {
        showError("choose the coins to pay with");
        return;
      }
      send({ type: "buy-field", pay });
    },
  }, "Buy the third field with these coins");
  return el("details", { class: "coin-picker", dataset: { testid: "coin-picker" } },
    el("summary", {}, "Buy the third field, choosing the coins"),
    el("div", { class: "picks" }, ...boxes), go);
}

// A move's button: its sentence (the server's label) as the text, its text
// form only as the tooltip; `key` a keyboard shortcut shown on it.
function actionButton(l, label, opts = {}) {
  const classes = ["action", `action-${l.action.type}`];
  if (opts.primary) classes.push("action-primary");
  if (l.advances === false) classes.push("action-anytime");
  const words = label || l.label || l.text;
  return el(
    "button",
    {
      type: "button",
      class: classes.join(" "),
      disabled: pending,
      title: l.text,
      "aria-keyshortcuts": opts.key ? (opts.primary ? `${opts.key} Enter` : opts.key) : opts.primary ? "Enter" : undefined,
      dataset: { testid: "action", actionText: l.text, actionType: l.action.type, action: l.text, primary: opts.primary ? "yes" : undefined, key: opts.key || undefined },
      onclick: () => send(l.action),
    },
    opts.key ? el("kbd", { class: "key-hint", "aria-hidden": "true" }, opts.key) : null,
    el("span", { class: "label" }, words.charAt(0).toUpperCase() + words.slice(1)),
  );
}

function onKey(ev) {
  if (ev.defaultPrevented || ev.ctrlKey || ev.metaKey || ev.altKey || pending || !state) return;
  const t = ev.target;
  if (t && t.closest && t.closest("input, textarea, select, button, summary, [contenteditable], [data-card]")) return;  // a focused card: Enter opens its details (cards.js)
  let b = null;
  if (/^[1-9]$/.test(ev.key)) b = shortcuts[Number(ev.key) - 1];
  else if (ev.key === "Enter") b = primary;
  if (b && !b.disabled && b.isConnected) {
    ev.preventDefault();
    b.click();
  }
}

const KNOWN_TOP = new Set([
  "variant", "players", "seat", "seq", "turn", "first_player", "active", "phase", "planted", "deck_size",
  "discard", "exhaustions", "final_exhaustion", "last_turn", "revealed", "offers", "waiting_for", "seats", "result",
  "bosses", "treasury", "piles", "feed", "supply", "removed", "deck_top", "drawn", "razzia", "offer", "foist", "quirk", "final_placement",
  // bohnkick
  "attack", "attacking_team", "opener", "to_play", "reactor", "played", "played_by", "ball", "after_cross", "shot", "corner",
  "goals", "score", "team_decks", "team_discards", "defence_deck", "defence_discard", "runouts", "last_attack",
  // shown by situation()
  "sissi_action", "bank_used", "final_buyer", "distillery", "jail_coin", "stage", "uncovered", "under", "extended",
  "decision", "third_fields_left", "third_field_card", "hand_discarded",
]);

function renderTable(o) {
  const box = $("table");
  box.replaceChildren();
  if (client.table) {
    client.table(o, box, ui());
  } else {
    const discard = o.discard || [];
    box.append(
      el("div", { class: "piles" },
        kv("Draw pile", `${o.deck_size ?? "?"} cards`, "deck-size"),
        kv("Discard pile", discard.length ? el("span", {}, card(discard[discard.length - 1]), ` (${discard.length})`) : "empty", "discard"),
        o.exhaustions !== undefined ? kv("Exhaustions", `${o.exhaustions} of ${o.final_exhaustion}${o.last_turn ? " (last turn)" : ""}`, "exhaustions") : null,
        o.planted !== undefined ? kv("Planted this turn", String(o.planted)) : null,
      ),
    );
    if (discard.length > 1) box.append(el("details", {}, el("summary", {}, "Whole discard pile (bottom → top)"), cardRow(discard, "discard pile")));
    if ((o.revealed || []).length) box.append(el("h3", {}, "Revealed cards"), cardRow(o.revealed, "revealed cards", "revealed", "r"));
    if (o.bosses) renderBosses(o, box);
    if (o.piles && o.piles.length) {
      box.append(el("h3", {}, "Uncovered piles"));
      const ol = el("ol", { class: "stacks", dataset: { testid: "piles" } });
      o.piles.forEach((p, i) => ol.append(el("li", {}, el("span", { class: "ref" }, `p${i}`), ...cards(Array.isArray(p) ? p : [p]))));
      box.append(ol);
    }
    if (o.attack && typeof o.attack === "object") {
      const a = o.attack;
      box.append(
        el("h3", {}, "Attack"),
        el("div", { dataset: { testid: "attack" } },
          kv("Target", a.target >= 0 ? seatName(a.target, me()) : "none yet"),
          kv("Coins it may turn up", String(a.reach)),
          kv("Turned up", a.turned && a.turned.length ? el("span", {}, ...cards(a.turned)) : "none"),
          a.aside && a.aside.length ? kv("Set aside", el("span", {}, ...cards(a.aside))) : null,
          kv("Open attacks", (a.open || []).map(([f, c]) => `field ${f}: ${c} coin${c === 1 ? "" : "s"}`).join("; ") || "none"),
        ),
      );
    }
    if (o.foist) box.append(kv("Must plant at once", el("span", {}, `${seatName(o.foist.seat, me())}: `, ...cards(o.foist.cards)), "foist"));
    if (o.quirk) box.append(kv("Quirk", el("span", {}, `${seatName(o.quirk.seat, me())}: `, card(o.quirk.card)), "quirk"));
    if (o.final_placement) box.append(kv("Final placement", `${seatName(o.final_placement.seat, me())} (fields used: ${(o.final_placement.used || []).join(", ") || "none"})`, "final-placement"));
    if (o.offer && Array.isArray(o.offer) && o.offer.length) {
      box.append(el("h3", {}, "The offer (stacks)"));
      const ol = el("ol", { class: "stacks", dataset: { testid: "offer-stacks" } });
      o.offer.forEach((p, i) => ol.append(el("li", {}, el("span", { class: "ref" }, `p${i}`), ...cards(p))));
      box.append(ol);
    }
    if (o.supply) {
      box.append(el("h3", {}, "For sale"));
      box.append(el("ul", { class: "inline supply", dataset: { testid: "supply" } }, ...o.supply.map((b) => el("li", {}, card(b)))));
      if ((o.removed || []).length) box.append(kv("Out of the game", el("span", { class: "inline-cards" }, ...cards(o.removed))));
      if (o.razzia !== undefined) box.append(kv("Razzia bought", o.razzia ? "yes" : "no"));
    }
  }
  // everything else the observation holds, compactly
  const rest = Object.entries(o).filter(([k, v]) => !KNOWN_TOP.has(k) && v !== null && !(Array.isArray(v) && !v.length));
  if (rest.length) {
    const dl = el("dl", { class: "extra", dataset: { testid: "extra" } });
    for (const [k, v] of rest) dl.append(el("dt", {}, k), el("dd", {}, typeof v === "object" ? json(v) : String(v)));
    box.append(el("h3", {}, "Also"), dl);
  }
}

function renderBosses(o, box) {
  box.append(el("h3", {}, `The mafia (treasury: ${o.treasury ?? 0} coin${o.treasury === 1 ? "" : "s"})`));
  const ul = el("ul", { class: "bosses", dataset: { testid: "bosses" } });
  o.bosses.forEach((b, i) => {
    ul.append(
      el("li", { dataset: { testid: `boss-${i}` } },
        el("span", { class: "ref" }, `m${i}`), card(b.key), ` (takes ${b.threshold}${o.feed === i ? "; to be fed" : ""}) `,
        fieldStack(b.field || [], `${b.key}'s field`, `boss-field-${i}`),
      ),
    );
  });
  box.append(ul);
}


function fieldStack(list, label, testid, pays) {
  const wrap = el("div", { class: "field", dataset: { testid } });
  // an overlapping stack, bottom card first; the top card fully visible
  const ol = el("ol", { class: "stack", "aria-label": `${label}, bottom to top` });
  if (list.length > 1) ol.style.setProperty("--peek", `${Math.max(5, Math.min(16, Math.floor(96 / (list.length - 1))))}px`);
  list.forEach((k, i) => ol.append(el("li", { class: i === list.length - 1 ? "stack-top" : "under" }, card(k))));
  if (!list.length) ol.append(el("li", { class: "empty" }, "empty"));
  wrap.append(el("div", { class: "field-head" }, label, list.length ? ` · ${list.length}` : "", pays !== undefined ? ` · pays ${pays}` : ""), ol);
  return wrap;
}

function renderSeats(o) {
  const box = $("seats");
  box.replaceChildren();
  (o.seats || []).forEach((s, i) => {
    const classes = ["seat"];
    if (i === me()) classes.push("me");
    if (i === o.active) classes.push("active");
    if ((state.waiting_for || []).includes(i)) classes.push("waiting");
    const sec = el("section", { class: classes.join(" "), dataset: { testid: `seat-${i}` }, "aria-label": seatName(i, me()) });
    const head = el("h3", {}, seatName(i, me()), i === o.active ? " · active" : "", (state.waiting_for || []).includes(i) ? " · to act" : "");
    sec.append(head);
    if (client.seat) {
      client.seat(o, s, i, sec, ui());
      box.append(sec);
      return;
    }
    const fan = el("span", { class: "hand-fan", "aria-hidden": "true" }, ...Array.from({ length: Math.min(s.hand_size || 0, 12) }, () => card(null)));
    sec.append(kv("Hand", el("span", {}, `${s.hand_size} card${s.hand_size === 1 ? "" : "s"} `, fan), `hand-size-${i}`));
    // coins
    const coinLine = [`${s.coins}`];
    if (s.blind_coins !== undefined) coinLine.push(` (${s.blind_coins} blind)`);
    const coinBox = el("span", {}, coinLine.join(""));
    const faces = s.known_coins || s.coin_cards;
    if (faces && faces.length) coinBox.append(" ", el("span", { class: "coins" }, ...cards(faces, { class: "card coin" })));
    sec.append(kv("Coins", coinBox, `coins-${i}`));
    if (s.tally) sec.append(kv("Tally", `cash ${s.tally.cash} + cards ${s.tally.cards} + bonus ${s.tally.bonus} = ${s.tally.total}`));
    // fields
    const fields = el("div", { class: "fields" });
    (s.fields || []).forEach((f, j) => {
      let label = `f${j}`;
      if (s.field_kinds && s.field_kinds[j] && s.field_kinds[j] !== "regular") label += ` ${s.field_kinds[j]}`;
      if (s.stews && s.stews[j]) label += " (stew)";
      if (s.locked && s.locked[j]) label += " (locked)";
      if (s.open_fields && !s.open_fields.includes(j)) label += " (closed)";
      fields.append(fieldStack(f, label, `field-${i}-${j}`, s.field_pays ? s.field_pays[j] : undefined));
    });
    sec.append(fields);
    if ((s.trading_area || []).length) sec.append(el("div", {}, el("span", { class: "k" }, "Trading area"), cardRow(s.trading_area, "trading area", `trading-area-${i}`, i === me() ? "t" : null)));
    if (s.buildings && s.buildings.length) sec.append(kv("Buildings", el("span", { class: "inline-cards" }, ...cards(s.buildings)), `buildings-${i}`));
    if (s.store && s.store.length) sec.append(el("div", {}, el("span", { class: "k" }, "General Store"), cardRow(s.store, "store", `store-${i}`, i === me() ? "s" : null)));
    if (s.establishments && s.establishments.length) sec.append(kv("Establishments", el("span", { class: "inline-cards" }, ...cards(s.establishments)), `establishments-${i}`));
    if (s.stashed !== undefined) sec.append(kv("Starting coins laid", s.stashed ? "yes" : "no"));
    for (const k of ["stew_coins", "distillery_coins", "teepee_coins"]) if (s[k] && s[k].length) sec.append(kv(k.replace("_", " "), el("span", {}, ...cards(s[k]))));
    if (s.proposals_left !== undefined && (o.offers !== undefined) && o.phase === "trade") sec.append(kv("Proposals left", String(s.proposals_left)));
    box.append(sec);
  });
}

// ---------------------------------------------------------------- trading
// The trading panel is built once and updated in place on every state
// message: bots trade every 100-200 ms, and a rebuilt form would lose the
// player's focus and choices. The cards to give are remembered by identity
// (an id that follows each card through the changes of its zone), never by
// position: a card that moves is still the chosen card, one that left the
// zone is dropped from the proposal with a notice.

const ZONES = [["h", "hand"], ["r", "revealed cards"], ["s", "General Store"]];
let tradeGame = null; // the game the trading state below belongs to
let zones = { h: [], r: [], s: [] }; // zone -> [{id, key}] as last seen
let nextCardId = 1;
const chosen = new Set(); // ids of the cards to give
const giveNodes = new Map(); // id -> its choice element
const beanNodes = new Map(); // bean type -> its "want" button
const offerNodes = new Map(); // offer id -> {sig, li}
let proposing = false; // a proposal of the form is waiting for its answer
let auto = null; // {turn, phase} while auto-decline/pass is on

/** A card's name in words (what card() shows for it). */
function cardName(k) {
  const n = card(k);
  return n.getAttribute("aria-label") || n.title || n.textContent || String(k);
}

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
  if (tradeGame !== state.game) {
    tradeGame = state.game;
    zones = { h: [], r: [], s: [] };
    chosen.clear();
    want.length = 0;
    auto = null;
  }
  const now = givable(o);
  const gone = [];
  for (const [z, label] of ZONES) {
    const next = alignZone(zones[z], now[z]);
    const ids = new Set(next.map((c) => c.id));
    zones[z].forEach((c, i) => {
      if (chosen.has(c.id) && !ids.has(c.id)) {
        chosen.delete(c.id);
        gone.push(`${cardName(c.key)} (was ${z}${i}) left your ${label}`);
      }
    });
    zones[z] = next;
  }
  if (gone.length) tradeNotice(`${gone.join("; ")}: taken out of the proposal.`, "dropped");
}

function tradeNotice(text, kind) {
  const box = $("trade-notice");
  box.textContent = text || "";
  box.hidden = !text;
  if (kind) box.dataset.kind = kind;
  else delete box.dataset.kind;
}

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
  const g = give.length ? give.map((c) => `${cardName(c.key)} (${c.ref})`).join(", ") : "nothing";
  const w = wanted.length ? wanted.map(cardName).join(", ") : "nothing";
  return `Propose to ${seatName(to, me())}: give ${g}, want ${w}`;
}

function renderOffers(o) {
  const box = $("offers");
  const offers = o.offers || [];
  const legal = state.legal || [];
  $("offers-panel").hidden = client.trades === false || (o.bosses !== undefined && !offers.length);
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
  if (Boolean(end) !== Boolean(foot.firstChild)) foot.replaceChildren(...(end ? [actionButton(end, "End trading")] : []));
  for (const b of box.querySelectorAll("button")) b.disabled = pending;
}

function offerItem(f, mine, counter) {
  const who = (s) => seatName(s, me());
  const incoming = f.to === me();
  const outgoing = f.from === me();
  const give = (f.give || []).map((k, i) => el("span", { class: "offer-card" }, card(k), f.give_from && f.give_from[i] !== "h" ? el("small", {}, `(${f.give_from[i] === "r" ? "revealed" : f.give_from[i] === "s" ? "store" : f.give_from[i]})`) : null));
  const wanted = (f.want || []).map((k) => card(k));
  const side = (label, items, testid) => el("div", { class: "offer-side", dataset: { testid } }, el("span", { class: "k" }, label), el("div", { class: "offer-cards" }, ...(items.length ? items : [el("span", { class: "empty" }, "nothing")])));
  const [left, right] = incoming
    ? [side("You get", give, "offer-get"), side("You give", wanted, "offer-give")]
    : outgoing
      ? [side("You give", give, "offer-give"), side("You get", wanted, "offer-get")]
      : [side(`${who(f.from)} gives`, give, "offer-give"), side(`${who(f.from)} wants`, wanted, "offer-get")];
  const accepts = mine.filter((l) => l.action.type === "accept");
  const buttons = [];
  for (const l of accepts) {
    const refs = l.action.give || [];
    const hand = seatOf(obs(), me()).hand || [];
    const paid = refs.map((r) => {
      const k = r[0] === "h" ? hand[Number(r.slice(1))] : null;
      return k ? `${cardName(k)} (${r})` : r;
    });
    buttons.push(actionButton(l, accepts.length > 1 && paid.length ? `Accept offer ${f.id}, giving ${paid.join(", ")}` : `Accept offer ${f.id}`));
  }
  for (const l of mine) if (l.action.type !== "accept") buttons.push(actionButton(l, `${l.action.type === "decline" ? "Decline" : "Withdraw"} offer ${f.id}`));
  if (counter) {
    buttons.push(el("button", { type: "button", class: "counter", dataset: { testid: "offer-counter", offer: f.id }, onclick: () => counterOffer(f) }, `Counter offer ${f.id}`));
  }
  return el(
    "li",
    { dataset: { testid: "offer", offer: f.id, from: f.from, to: f.to }, class: incoming ? "incoming" : outgoing ? "outgoing" : "" },
    el("div", { class: "offer-head" }, el("strong", {}, `Offer ${f.id}`), ` · ${who(f.from)} → ${who(f.to)}`),
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
  tradeNotice(`Counter to offer ${f.id} filled in${missing > 0 ? `; you hold no card for ${missing} of its wants` : ""}.`, "counter");
  const to = $("trade-to");
  to.value = String(f.from);
  syncTradeForm(obs());
  $("trade-send").focus();
}

function renderTradeForm(o) {
  followCards(o);
  syncTradeForm(o);
  autoAnswer(o);
}

function syncTradeForm(o) {
  const form = $("trade-form");
  const legal = state.legal || [];
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
    to.replaceChildren(...targets.map((s) => el("option", { value: s }, seatName(s, me()))));
    to.dataset.targets = sig;
    if (targets.map(String).includes(old)) to.value = old;
  }
  // what to give
  const nodes = [];
  const live = new Set();
  for (const [z, label] of ZONES) {
    zones[z].forEach((c, i) => {
      live.add(c.id);
      let node = giveNodes.get(c.id);
      if (!node) {
        const input = el("input", { type: "checkbox", onchange: (ev) => toggleGive(c.id, ev.target.checked) });
        node = el("label", { class: "choice" }, input, el("span", { class: "ref" }), card(c.key));
        giveNodes.set(c.id, node);
      }
      const ref = `${z}${i}`;
      const input = node.querySelector("input");
      input.value = ref;
      input.dataset.testid = `trade-give-${ref}`;
      input.checked = chosen.has(c.id);
      input.setAttribute("aria-label", `give ${cardName(c.key)} (${label}, ${ref})`);
      node.querySelector(".ref").textContent = ref;
      node.classList.toggle("chosen", chosen.has(c.id));
      node.dataset.zone = z;
      nodes.push(node);
    });
  }
  for (const id of [...giveNodes.keys()]) if (!live.has(id)) giveNodes.delete(id);
  placeInOrder($("trade-give"), nodes);
  $("trade-give-none").hidden = nodes.length > 0;
  // which bean types may be wanted: the game's types as far as this page sees them
  const kinds = new Set(beanNodes.keys());
  for (const l of legal) if (l.action.type === "propose") for (const k of l.action.want || []) kinds.add(k);
  const note = (k) => k && kinds.add(cardKind(k));
  const mine = seatOf(o, me());
  (mine.hand || []).forEach(note);
  (o.revealed || []).forEach(note);
  (o.discard || []).forEach(note);
  for (const f of o.offers || []) (f.want || []).forEach(note);
  for (const s of o.seats || []) for (const f of s.fields || []) f.forEach(note);
  const beans = [...kinds].sort().map((k) => {
    let b = beanNodes.get(k);
    if (!b) {
      b = el("button", { type: "button", class: "bean-pick", dataset: { testid: "trade-want-bean", bean: k }, "aria-label": `Want one ${cardName(k)}`, onclick: () => addWant(k) }, card(k), el("span", { class: "count" }));
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
  send.disabled = pending || (!give.length && !want.length);
  $("trade-clear").disabled = pending || (!give.length && !want.length);
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
      el("button", { type: "button", class: "small", "aria-label": `Remove wanted ${cardName(k)}`, onclick: () => { want.splice(i, 1); syncTradeForm(obs()); } }, "×")),
  );
  const focused = ul.contains(document.activeElement);
  ul.replaceChildren(...(items.length ? items : [el("li", { class: "empty" }, "nothing")]));
  if (focused) $("trade-want-label").focus();
}

/** The answer to a proposal sent by the form: an ack empties the form, a refusal keeps it. */
function tradeAnswer(msg) {
  if (!proposing) return;
  proposing = false;
  if (msg.type === "ack") {
    chosen.clear();
    want.length = 0;
    tradeNotice("Proposal sent.", "sent");
  } else {
    tradeNotice(`Refused: ${msg.message}${msg.rule ? ` (rule: ${msg.rule})` : ""}`, "refused");
  }
  if (state) {
    renderOffers(obs());
    syncTradeForm(obs());
  }
}

/** Auto-decline/pass: answer for me while the game waits on me in this trading phase. */
function autoAnswer(o) {
  if (!auto || pending || !(state.waiting_for || []).includes(me())) return;
  const legal = state.legal || [];
  const l = legal.find((x) => x.action.type === "decline") || legal.find((x) => x.action.type === "pass");
  if (l) send(l.action);
}

function setupTradeForm() {
  $("trade-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const give = chosenRefs();
    if (!give.length && !want.length) {
      showError("a proposal gives or wants at least one card");
      return;
    }
    proposing = true;
    send({ type: "propose", to: Number($("trade-to").value), give: give.map((c) => c.ref), want: [...want] });
    if (!ws || !pending) proposing = false;
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
    const o = state && obs();
    auto = ev.target.checked && o ? { turn: o.turn, phase: o.phase } : null;
    if (auto) autoAnswer(o);
  });
  $("log-all").addEventListener("change", renderLog);
}

const NOISY = new Set(["shuffle", "deal", "defence-draw"]);

function renderLog() {
  if (!state) return;
  renderLogInto($("log"), [...logSteps.keys()].sort((a, b) => a - b).map((k) => logSteps.get(k)), me(), { all: $("log-all").checked });
}

function renderResult() {
  const sec = $("result");
  if (!state.result) {
    sec.hidden = true;
    return;
  }
  sec.hidden = false;
  $("result-body").replaceChildren(
    resultBlock(state.result, me()),
    el("p", {}, el("a", { href: `/api/games/${state.game}/replay`, download: `${state.game}.bohn.json`, dataset: { testid: "replay-download" } }, "Download the replay"), " · ",
      el("a", { href: `/static/replay.html?game=${state.game}` }, "Watch the replay"), " · ", el("a", { href: "/" }, "Lobby")),
  );
}

// ---------------------------------------------------------------- start

setupTradeForm();
document.addEventListener("keydown", onKey);
installDetails();
if (!gameId || (!token && !spectate)) {
  showError("This page needs a join link (…?token=…) or a spectator link (…?spectate=…).");
  setConnection("not connected", "closed");
} else {
  connect();
}
