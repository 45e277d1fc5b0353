// Shared helpers of the bohn pages: fetching JSON, cards, actions and events as text.
import { cardBack, cardFace, cardName, coinFace, hasCatalogue } from "./cards.js";
import { lang, t } from "./i18n.js";
import { wired } from "./patch.js";

/** Fetch JSON; throws an Error carrying the server's message (and rule) on failure. */
export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (body !== undefined) headers["content-type"] = "application/json";
  if (token) headers.authorization = `Bearer ${token}`;
  // a request that changes something carries the page's CSRF token (the
  // server's bohn_csrf cookie, which no other site's page can read)
  if (method !== "GET" && method !== "HEAD") headers["x-csrf-token"] = cookie("bohn_csrf");
  const res = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data;
  try {
    data = await res.json();
  } catch {
    data = null;
  }
  if (!res.ok) {
    const err = new Error((data && data.message) || `${res.status} ${res.statusText}`);
    err.code = data && data.code;
    err.rule = data && data.rule;
    err.status = res.status;
    // the refusal's fields for programs (a limit's numbers, retry_after), and Retry-After
    err.data = data || {};
    const retry = Number(res.headers.get("retry-after"));
    if (retry > 0 && err.data.retry_after === undefined) err.data = { ...err.data, retry_after: retry };
    throw err;
  }
  return data;
}

/** The value of the cookie `name` ("" if the browser has none). */
export function cookie(name) {
  for (const part of document.cookie.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return "";
}

/** Create an element: el("div", {class: "x", dataset: {testid: "y"}}, child, "text", ...). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") node.className = v;
    else if (k === "dataset") {
      for (const [dk, dv] of Object.entries(v)) if (dv !== undefined && dv !== null) node.dataset[dk] = dv;
    } else if (k === "text") node.textContent = v;
    else if (k.startsWith("on") && typeof v === "function") {
      node.addEventListener(k.slice(2), v);
      wired.add(node);
    } else if (v === true) node.setAttribute(k, "");
    else node.setAttribute(k, String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

/** The bean type (or first part) of a card key: "blaue/lady" -> "blaue", "goalie:shot:ll" -> "goalie". */
export function cardKind(key) {
  return String(key).split(/[/:]/)[0];
}

/** A card as an element: its face drawn from the catalogue (cards.js) once
 * the page has loaded it, else a neutral chip naming its key. ``null`` is a
 * face-down card; ``{class: "card coin"}`` draws the card as a coin. */
export function card(key, attrs = {}) {
  const coin = /\bcoin\b/.test(String(attrs.class || ""));
  if (key === null || key === undefined) return coin ? coinFace(null, attrs) : cardBack(attrs);
  if (hasCatalogue()) {
    const face = coin ? coinFace(key, attrs) : cardFace(key, attrs);
    if (face) return face;
  }
  const node = el("span", { class: "card", title: key, ...attrs }, String(key));
  node.dataset.card = key;
  return node;
}

export function cards(list, attrs = {}) {
  return (list || []).map((k) => card(k, attrs));
}

/** A card's name in the page's language (its key until the catalogue is loaded). */
export { cardName };

/** A seat in words: the JSON counts seats from 0, a person reads them from 1
 * ("seat 1" is seat 0); so do fields, offers and piles in the lines below. */
export function seatName(s, me) {
  if (s === null || s === undefined || s < 0) return lang === "de" ? "das Spiel" : "the game";
  if (lang === "de") return s === me ? `du (Platz ${s + 1})` : `Platz ${s + 1}`;
  return s === me ? `you (seat ${s + 1})` : `seat ${s + 1}`;
}

/** An index as a person reads it: from 1 (a name, not a number, is left as it is). */
const nth = (i) => (typeof i === "number" ? i + 1 : i);

const refs = (xs) => (xs || []).join(",");

/** The place of the ruleset's own (its client code's ``places``, table.js)
 * that move ``a`` names: "<letter><j>" for its ``key: j``; null for none. */
export function placeOf(a, client = {}) {
  for (const [letter, p] of Object.entries(client.places || {})) if (a[p.key] !== undefined && a[p.key] !== null) return `${letter}${a[p.key]}`;
  return null;
}

/** The text forms of the actions that name fields, cards, seats or a word
 * (docs/actions.md), by type: after the type, each ``{key}`` the action's
 * value of that JSON key. */
const FORMS = new Map([
  ["harvest", "f{field}"],
  ["protect", "f{field}"],
  ["keep", "r{revealed}"],
  ["move", "h{card} h{to}"],
  ["discard", "p{pile}"],
  ["use", "p{pile}"],
  ["drop", "h{card}"],
  ["play", "h{card}"],
  ["draw", "{count}"],
  ["attack", "{target} f{field}"],
  ["tackle", "d{card}"],
  ["block", "d{card}"],
  ["store", "{card}"],
  ["remove", "{card}"],
  ["pick", "{ref}"],
  ["aim", "{corner}"],
]);
/** ... of the actions naming several cards by index: the JSON key and the letter before each. */
const LISTED = new Map([
  ["stash", ["cards", "h"]],
  ["swap", ["cards", "d"]],
  ["order", ["drawn", ""]],
]);
/** ... of the actions that name nothing but their type. */
const BARE = new Set(["pass", "bury", "uncover", "advantage", "end-trading"]);

/** The one-line text of an action JSON (docs/actions.md), a place of the
 * ruleset's own named as its ``client`` code says; compact JSON for the unknown. */
export function actionText(a, client = {}) {
  if (!a || typeof a !== "object") return String(a);
  const t = a.type;
  if (FORMS.has(t)) return `${t} ${FORMS.get(t).replace(/\{(\w+)\}/g, (_, key) => `${a[key]}`)}`;
  if (LISTED.has(t)) {
    const [key, letter] = LISTED.get(t);
    return `${t} ${(a[key] || []).map((i) => `${letter}${i}`).join(",")}`;
  }
  if (BARE.has(t)) return t;
  switch (t) {
    case "plant": {
      let s = "plant";
      if (a.traded !== undefined && a.traded !== null) s += ` t${a.traded}`;
      else if (a.card !== undefined && a.card !== null && a.card !== 0) s += ` h${a.card}`;
      s += ` f${a.field}`;
      if (a.mode) s += ` ${a.mode}`;
      return s;
    }
    case "buy-field":
      return a.pay ? `buy-field pay ${refs(a.pay)}` : "buy-field";
    case "propose": {
      let s = `propose ${a.to}`;
      if (a.give && a.give.length) s += ` give ${refs(a.give)}`;
      if (a.want && a.want.length) s += ` want ${refs(a.want)}`;
      return s;
    }
    case "accept":
      return a.give && a.give.length ? `accept ${a.offer} give ${refs(a.give)}` : `accept ${a.offer}`;
    case "decline":
    case "withdraw":
      return a.offer === undefined ? t : `${t} ${a.offer}`;
    case "build":
      return a.name ? `build ${a.building} name ${a.name}` : `build ${a.building}`;
    case "take":
      return a.bean ? `take ${a.bean}` : "take";
    case "place": {
      const at = placeOf(a, client) ?? (a.field !== undefined ? `f${a.field}` : null);
      return at ? `place p${a.pile} ${at}` : JSON.stringify(a);
    }
    case "give": {
      const at = placeOf(a, client);
      return at ? `give h${a.card} ${at}` : JSON.stringify(a);
    }
    default:
      return JSON.stringify(a);
  }
}

const list = (xs) => (xs && xs.length ? xs.join(", ") : "nothing");

/** A log event as a short sentence: the server's, worded by the game's
 * describer (``text``), else the ruleset's ``client`` code's (its
 * ``eventText``), else a sentence of its own (compact JSON for the rarer ones). */
export function eventText(e, me, client = {}) {
  if (e.text) return e.text;
  const who = (s) => seatName(s, me);
  const own = client.eventText ? client.eventText(e, { lang, t, seatName: who }) : null;
  if (own) return own;
  const n = (xs, c) => (xs ? xs.length : c);
  switch (e.type) {
    case "turn":
      return `Turn ${e.turn}: ${who(e.seat)} to play.`;
    case "plant":
      return `${who(e.seat)} planted ${e.card} on field ${nth(e.field)}${e.as ? ` (as ${e.as})` : ""}${e.bottom ? " (at the bottom)" : ""}${e.under_lady ? " (under the lady)" : ""}.`;
    case "harvest":
      return `${who(e.seat)} harvested field ${nth(e.field)} (${n(e.cards)} × ${e.cards && e.cards[0]}) for ${e.coins} coin${e.coins === 1 ? "" : "s"}.`;
    case "reveal":
      return `Revealed: ${list(e.cards)}.`;
    case "offer": {
      const give = e.give && e.give.length ? `gives ${list(e.give)}` : "gives nothing";
      const want = e.want && e.want.length ? `wants ${list(e.want)}` : "wants nothing";
      return `Offer ${nth(e.id)}: ${who(e.from)} → ${who(e.to)}: ${give}, ${want}.`;
    }
    case "trade":
      return `Deal ${nth(e.offer)}: ${who(e.from)} gave ${list(e.given)}, ${who(e.to)} gave ${list(e.returned)}.`;
    case "decline":
      return `${who(e.seat)} declined offer ${nth(e.id)}.`;
    case "withdraw":
      return `${who(e.seat)} withdrew offer ${nth(e.id)}.`;
    case "offer-void":
      return `Offer ${nth(e.id)} (${who(e.from)} → ${who(e.to)}) lapsed.`;
    case "keep":
      return `${who(e.seat)} kept ${list(e.cards)}.`;
    case "pass":
      return `${who(e.seat)} passed.`;
    case "end-trading":
      return `${who(e.seat)} ended trading.`;
    case "deal":
      return `${who(e.seat)} was dealt ${e.cards ? list(e.cards) : `${e.count} cards`}.`;
    case "draw":
      return `${who(e.seat)} drew ${e.cards ? list(e.cards) : `${e.count} card${e.count === 1 ? "" : "s"}`}.`;
    case "defence-draw":
      return `${who(e.seat)} drew defensive ${e.cards ? list(e.cards) : `${e.count} card${e.count === 1 ? "" : "s"}`}.`;
    case "shuffle":
      return `The ${e.pile} was shuffled${e.size !== undefined ? ` (${e.size} cards)` : ""}.`;
    case "exhausted":
      return `The draw pile ran out (${e.count}).`;
    case "pay":
      return `${who(e.seat)} paid ${list(e.coins)}${e.for ? ` for ${e.for}` : ""}.`;
    case "buy-field":
      return `${who(e.seat)} bought field ${nth(e.field)}.`;
    case "build":
      return `${who(e.seat)} built ${e.building || e.card || JSON.stringify(e)}.`;
    case "attack":
      if (e.target !== undefined) return `${who(e.seat)} attacks ${who(e.target)} with field ${nth(e.field)}.`;
      if (e.team !== undefined) return `Attack ${e.attack}: team ${e.team}, opened by ${who(e.seat)}.`;
      break;
    case "uncover":
      return `Uncovered ${e.card}${e.to ? ` (to the ${e.to})` : ""}.`;
    case "place":
      return `${who(e.seat)} placed pile ${nth(e.pile)} (${list(e.cards)}) on field ${nth(e.field)}.`;
    case "stash":
      return `${who(e.seat)} laid ${e.cards ? list(e.cards) : `${e.count} cards`} face down as coins.`;
    case "play":
      return `${who(e.seat)} played ${e.card}.`;
    case "tackle":
      return `${who(e.seat)} tackled with ${e.card}.`;
    case "aim":
      return `${who(e.seat)} aimed at ${e.corner}.`;
    case "block":
      return `${who(e.seat)} blocked${e.card ? ` with ${e.card}` : ""}.`;
    case "attack-over":
      return `The attack is over (${e.reason}).`;
    case "goal":
      return `GOAL for team ${e.team} by ${who(e.seat)} (${e.card}).`;
    case "game-over": {
      const w = (e.winners || []).map((s) => who(s)).join(" and ");
      return `Game over: scores ${(e.scores || []).join(" / ")}; winner${(e.winners || []).length === 1 ? "" : "s"}: ${w}${e.tie_break ? " (tie-break)" : ""}.`;
    }
    default:
      break;
  }
  const { type, ...rest } = e;
  return `${type}: ${JSON.stringify(rest)}`;
}

/** The result in words: the winners (or the ruleset's ``client`` code's first
 * line, its ``resultHead``), the ranking with the scores (and a ruleset's
 * score sheet), why the game ended and whether the tie-break decided;
 * `nameOf(seat)` names a seat (default: "seat N" / "you"). */
export function resultBlock(result, me, nameOf = (s) => seatName(s, me), client = {}) {
  const box = el("div", { class: "result" });
  const winners = result.winners || [];
  const details = result.details || {};
  const names = winners.map((s) => nameOf(s)).join(lang === "de" ? " und " : " and ");
  let head = winners.length ? `${t(winners.length === 1 ? "result.winner" : "result.winners")}: ${names}` : t("result.no-winner");
  const own = client.resultHead ? client.resultHead(result, { lang, t, seatName: nameOf }) : null;
  if (own) head = own;
  else if (details.draw) head = t("result.draw");
  box.append(el("p", { class: "winners", dataset: { testid: "winners" } }, head));
  const tally = Array.isArray(details.tally) ? details.tally : null;
  const parts = tally && tally[0] ? Object.keys(tally[0]).filter((k) => k !== "total") : [];
  const th = (k) => el("th", { scope: "col" }, t(k));
  const table = el(
    "table",
    {},
    el("thead", {}, el("tr", {}, th("result.place"), th("result.seat"), ...parts.map((k) => th(`result.${k}`)), th("result.score"))),
  );
  const body = el("tbody");
  const ranking = result.ranking || (result.scores || []).map((_, i) => i);
  ranking.forEach((s, i) => {
    const cells = parts.map((k) => el("td", {}, String(tally[s][k])));
    body.append(
      el(
        "tr",
        { class: winners.includes(s) ? "winner" : "" },
        el("td", {}, String(i + 1)),
        el("td", {}, nameOf(s)),
        ...cells,
        el("td", { dataset: { testid: `score-${s}` } }, String((result.scores || [])[s])),
      ),
    );
  });
  table.append(body);
  box.append(table);
  const why = [
    t(`result.reason.${result.reason}`) === `result.reason.${result.reason}` ? t("result.reason", result.reason) : t(`result.reason.${result.reason}`),
  ];
  if (Array.isArray(details.goals)) why.push(t("result.goals", details.goals[0], details.goals[1]));
  if (result.tie_break) why.push(t("result.tie-break"));
  box.append(el("p", { dataset: { testid: "result-reason" } }, why.join(" ")));
  return box;
}

/** Where the lobby keeps, for this tab, the links a game's creator hands out
 * (the game page shows them until every person has come: people.js). */
export const inviteKey = (game) => `bohn.invite.${game}`;
