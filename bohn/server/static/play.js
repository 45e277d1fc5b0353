// The game page: one WebSocket to the server, every "state" message rendered in full.
import { actionText, card, cardKind, cards, el, eventText, resultBlock, seatName } from "./common.js";
import { installDetails, loadCatalogue } from "./cards.js";

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
  } else if (msg.type === "error") {
    pending = false;
    showError(msg.message + (msg.rule ? ` (rule: ${msg.rule})` : ""), msg.code);
    if (msg.code === "forbidden" || msg.code === "not-found") stopped = true;
    if (state) renderActions();
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
  document.title = `bohn — ${state.variant}${state.waiting_for.includes(me()) ? " (your move)" : ""}`;
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

function renderStatus(o) {
  const box = $("status");
  const waiting = state.waiting_for || [];
  const yours = me() !== null && waiting.includes(me());
  box.replaceChildren(
    kv("Turn", String(o.turn ?? "-"), "turn"),
    kv("Phase", String(o.phase ?? "-"), "phase"),
    kv("Active", seatName(o.active, me()), "active"),
    kv("Waiting for", waiting.length ? waiting.map((s) => seatName(s, me())).join(", ") : "nobody", "waiting-for"),
    ...situation(o),
    ...(yours ? [el("strong", { class: "your-move", dataset: { testid: "your-move" } }, "Your move")] : []),
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

function renderActions() {
  const box = $("actions");
  box.replaceChildren();
  if (me() === null) {
    box.append(el("p", {}, "You are watching."));
    return;
  }
  const legal = state.legal || [];
  if (!legal.length) {
    box.append(el("p", { dataset: { testid: "no-actions" } }, state.result ? "The game is over." : "Nothing to do now: waiting for the others."));
    return;
  }
  const byGroup = new Map(GROUPS.map(([g]) => [g, []]));
  for (const l of legal) {
    const g = GROUPS.find(([, , types]) => types.includes(l.action.type));
    byGroup.get(g ? g[0] : "other").push(l);
  }
  for (const [g, label] of GROUPS) {
    const items = byGroup.get(g);
    if (!items.length) continue;
    const wrap = el("div", { class: `group group-${g}`, role: "group", "aria-label": label, dataset: { testid: `actions-${g}` } });
    for (const l of items) wrap.append(actionButton(l));
    if (g === "propose") box.append(el("details", {}, el("summary", {}, `${label} (${items.length})`), wrap));
    else box.append(el("h3", {}, label), wrap);
    if (g === "harvest") {
      const picker = coinPicker(items);
      if (picker) box.append(picker);
    }
  }
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

function actionButton(l, label) {
  return el(
    "button",
    {
      type: "button",
      class: `action action-${l.action.type}`,
      disabled: pending,
      dataset: { testid: "action", actionText: l.text, actionType: l.action.type },
      onclick: () => send(l.action),
    },
    label || l.text,
  );
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

function renderOffers(o) {
  const box = $("offers");
  box.replaceChildren();
  const offers = o.offers || [];
  const legal = state.legal || [];
  $("offers-panel").hidden = client.trades === false || (o.bosses !== undefined && !offers.length);
  if (!offers.length) box.append(el("p", { class: "hint" }, "No open offers."));
  const ul = el("ul", { class: "offers" });
  for (const f of offers) {
    const give = (f.give || []).map((k, i) => el("span", {}, card(k), el("small", {}, f.give_from ? ` from ${f.give_from[i]}` : "")));
    const li = el(
      "li",
      { dataset: { testid: "offer", offer: f.id, from: f.from, to: f.to }, class: f.to === me() ? "incoming" : f.from === me() ? "outgoing" : "" },
      el("strong", {}, `Offer ${f.id}: `), `${seatName(f.from, me())} → ${seatName(f.to, me())}: gives `,
      ...(give.length ? give : ["nothing"]), ", wants ",
      ...(f.want && f.want.length ? cards(f.want) : ["nothing"]),
    );
    const mine = legal.filter((l) => ["accept", "decline", "withdraw"].includes(l.action.type) && l.action.offer === f.id);
    if (mine.length) li.append(el("div", { class: "offer-actions" }, ...mine.map((l) => actionButton(l))));
    ul.append(li);
  }
  box.append(ul);
  const end = legal.find((l) => l.action.type === "end-trading");
  if (end) box.append(actionButton(end, "End trading"));
}

function renderTradeForm(o) {
  const form = $("trade-form");
  const legal = state.legal || [];
  const canPropose = me() !== null && legal.some((l) => l.action.type === "propose");
  form.hidden = !canPropose;
  if (!canPropose) return;
  const to = $("trade-to");
  const old = to.value;
  const targets = [...new Set(legal.filter((l) => l.action.type === "propose").map((l) => l.action.to))];
  to.replaceChildren(...targets.map((s) => el("option", { value: s }, seatName(s, me()))));
  if (targets.map(String).includes(old)) to.value = old;
  const give = $("trade-give");
  const checked = new Set([...give.querySelectorAll("input:checked")].map((i) => i.value));
  give.replaceChildren();
  const mine = seatOf(o, me());
  const add = (ref, k) => {
    const id = `give-${ref}`;
    give.append(el("label", { for: id, class: "choice" }, el("input", { type: "checkbox", id, value: ref, checked: checked.has(ref), dataset: { testid: `trade-give-${ref}` } }), el("span", { class: "ref" }, ref), card(k)));
  };
  (mine.hand || []).forEach((k, i) => add(`h${i}`, k));
  if (o.active === me()) (o.revealed || []).forEach((k, i) => add(`r${i}`, k));
  (mine.store || []).forEach((k, i) => add(`s${i}`, k));
  // bean types seen anywhere
  const kinds = new Set();
  const note = (k) => k && kinds.add(cardKind(k));
  (mine.hand || []).forEach(note);
  (o.revealed || []).forEach(note);
  (o.discard || []).forEach(note);
  for (const s of o.seats || []) for (const f of s.fields || []) f.forEach(note);
  $("bean-kinds").replaceChildren(...[...kinds].sort().map((k) => el("option", { value: k })));
  renderWant();
}

function renderWant() {
  const ul = $("trade-want");
  ul.replaceChildren(
    ...want.map((k, i) => el("li", {}, card(k), el("button", { type: "button", class: "small", "aria-label": `remove ${k}`, onclick: () => { want.splice(i, 1); renderWant(); } }, "×"))),
  );
}

function setupTradeForm() {
  $("trade-want-add").addEventListener("click", () => {
    const v = $("trade-want-input").value.trim();
    if (!v) return;
    want.push(v);
    $("trade-want-input").value = "";
    renderWant();
  });
  $("trade-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const give = [...$("trade-give").querySelectorAll("input:checked")].map((i) => i.value);
    const action = { type: "propose", to: Number($("trade-to").value), give, want: [...want] };
    if (!give.length && !want.length) {
      showError("a proposal gives or wants at least one card");
      return;
    }
    send(action);
    want.length = 0;
    for (const i of $("trade-give").querySelectorAll("input:checked")) i.checked = false;
    renderWant();
  });
  $("log-all").addEventListener("change", renderLog);
}

const NOISY = new Set(["shuffle", "deal", "defence-draw"]);

function renderLog() {
  if (!state) return;
  const box = $("log");
  const all = $("log-all").checked;
  const stuck = box.scrollHeight - box.scrollTop - box.clientHeight < 40;
  box.replaceChildren();
  const steps = [...logSteps.keys()].sort((a, b) => a - b);
  for (const step of steps) {
    const e = logSteps.get(step);
    const li = el("li", { dataset: { testid: "log-step", step } });
    if (e.action) li.append(el("div", { class: "log-action" }, el("span", { class: "step" }, `#${step}`), ` ${seatName(e.seat, me())}: `, el("code", {}, actionText(e.action))));
    else li.append(el("div", { class: "log-action" }, el("span", { class: "step" }, `#${step}`), " set-up"));
    const evs = el("ul", { class: "events" });
    for (const ev of e.events) {
      if (!all && NOISY.has(ev.type) && !(ev.seat === me() && ev.cards)) continue;
      evs.append(el("li", { class: `ev ev-${ev.type}`, dataset: { event: ev.type } }, eventText(ev, me())));
    }
    li.append(evs);
    box.append(li);
  }
  if (stuck) box.scrollTop = box.scrollHeight;
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
installDetails();
if (!gameId || (!token && !spectate)) {
  showError("This page needs a join link (…?token=…) or a spectator link (…?spectate=…).");
  setConnection("not connected", "closed");
} else {
  connect();
}
