// The game page: one WebSocket to the server, every "state" message drawn as
// a card table (table.js). Moves are made by clicking (or dragging) a card and
// then a highlighted place, or with the move buttons, which say each move in words.
import { el, resultBlock } from "./common.js";
import { installDetails, loadCatalogue } from "./cards.js";
import { lang, t, wordPage } from "./i18n.js";
import { loadClient, renderHand, renderSeats, renderStatus, renderTable } from "./table.js";
import { renderLogInto } from "./log.js";
import { renderClock, renderTradeWindow } from "./clock.js";
import { $, S, hooks, me, obs, showError, who, yourMove } from "./session.js";
import { clearSelection, fieldButtons, onKey, pickModel, renderActions } from "./moves.js";
import { renderOffers, renderTradeForm, setupTradeForm, syncTradeForm, tradeAnswer } from "./trade.js";
import { rematchBlock, renderInvites, seatMarks, withPresence } from "./people.js";
import { boardDrawn, installLayout } from "./layout.js";
import { animate, capture, setLastMoves } from "./motion.js";
import { answered, connectionClosed, drawn, logEntries, receiveState } from "./page-state.js";
import { watchTurns } from "./turns.js";

const params = new URLSearchParams(location.search);
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const { token, spectate } = linkTokens();

// ---------------------------------------------------------------- the link's token

// The seat (or spectator) token leaves the address bar once read, so that it
// is not in the history, a bookmark or a shared screen: it is kept in this
// tab (sessionStorage) and the browser (localStorage), keyed by the game, and
// a reload, or the link without its token, plays the same seat.
function linkTokens() {
  const key = `bohn.link.${gameId}`;
  const fromUrl = { token: params.get("token"), spectate: params.get("spectate") };
  let got = fromUrl;
  if (fromUrl.token || fromUrl.spectate) {
    for (const store of [sessionStorage, localStorage]) {
      try {
        store.setItem(key, JSON.stringify(fromUrl));
      } catch {
        // storage off: the page still plays; a reload needs the link again
      }
    }
    const url = new URL(location.href);
    url.searchParams.delete("token");
    url.searchParams.delete("spectate");
    history.replaceState(history.state, "", url.toString());
  } else {
    for (const store of [sessionStorage, localStorage]) {
      try {
        const kept = JSON.parse(store.getItem(key) || "null");
        if (kept && (kept.token || kept.spectate)) {
          got = { token: kept.token || null, spectate: kept.spectate || null };
          break;
        }
      } catch {
        // nothing kept
      }
    }
  }
  return got;
}

// ---------------------------------------------------------------- connection

function connect() {
  const q = token ? `token=${encodeURIComponent(token)}` : spectate ? `spectate=${encodeURIComponent(spectate)}` : "";
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  setConnection(t("connecting"), "connecting");
  S.ws = new WebSocket(`${proto}//${location.host}/ws/games/${encodeURIComponent(gameId)}?${q}&lang=${lang}`);
  S.ws.addEventListener("open", () => setConnection(t("connected"), "open"));
  S.ws.addEventListener("message", (ev) => {
    let msg;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    onMessage(msg);
  });
  S.ws.addEventListener("close", (ev) => {
    S.ws = null;
    const delay = connectionClosed(S, ev.code);
    if (delay === null) {
      setConnection(t("disconnected"), "closed");
      return;
    }
    setConnection(t("reconnecting", Math.round(delay / 100) / 10), "closed");
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
    if (receiveState(S, msg)) clearSelection();
    setLastMoves(S.log.values()); // each seat's last move stays marked (motion.js)
    // the ruleset's client code and its card catalogue (faces), loaded once each
    Promise.all([loadClient(msg.variant, msg.client_code !== false), loadCatalogue(msg.variant, lang)]).then(([code]) => {
      S.client = code;
      performance.mark("bohn-render-start");
      render();
      performance.mark("bohn-render-end");
      // the state it drew, so a slow one can be found (the browser games print it)
      performance.measure("bohn-render", {
        start: "bohn-render-start",
        end: "bohn-render-end",
        detail: { seq: msg.seq, phase: msg.observation?.phase ?? null },
      });
      if (drawn(S)) performance.mark("bohn-first-paint");
    });
  } else if (msg.type === "ack") {
    answered(S);
    showError("");
    tradeAnswer(msg);
  } else if (msg.type === "error") {
    answered(S, msg.code);
    // without a link, the page plays the seat of the account signed in here, if it has one
    const text = msg.code === "forbidden" && !token && !spectate && !S.state ? t("needs-link") : msg.message + (msg.rule ? t("rule", msg.rule) : "");
    showError(text, msg.code);
    if (S.state) renderActions();
    tradeAnswer(msg);
    if (S.state) {
      renderOffers(obs());
      syncTradeForm(obs());
    }
  }
}

// ---------------------------------------------------------------- helpers

const ctx = () => ({ me: me(), state: S.state, client: S.client, pick: pickModel(), marks: (i) => seatMarks(S.state, i) });

function staticWords() {
  wordPage([
    ["board-title", "board-title"],
    ["hand-title", "your-hand"],
    ["actions-title", "moves"],
    ["offers-title", "trading"],
    ["offers-none", "no-offers"],
    ["trade-auto-label", "auto-decline"],
    ["trade-legend", "new-proposal"],
    ["trade-to-label", "to"],
    ["trade-give-label", "give"],
    ["trade-want-label", "want"],
    ["trade-give-none", "no-give"],
    ["trade-send", "propose"],
    ["trade-clear", "clear-proposal"],
    ["log-title", "log"],
    ["tab-play-label", "tab-play"],
    ["tab-log-label", "log"],
    ["tab-cards-label", "tab-cards"],
    ["cards-title", "bean-types"],
    ["cards-hint", "bean-types-hint"],
    ["log-all-label", "log-all"],
    ["result-title", "game-over-title"],
    ["connection", "connecting"],
  ]);
}

// ---------------------------------------------------------------- render

function render() {
  const moving = capture(); // where every card is now, so that what moves travels (motion.js)
  const stuck = logAtEnd(); // read before the redraw changes the page
  const o = obs();
  document.body.dataset.seq = String(S.state.seq);
  document.body.dataset.phase = String(o.phase ?? "");
  // written only when they change: each write is laid out again (and the tab's title is sent to the browser)
  const title = `${S.state.title || S.state.variant} · ${me() === null ? t("spectator") : who(me())}`;
  if ($("title").textContent !== title) $("title").textContent = title;
  const tab = `bohn — ${S.state.title || S.state.variant}${yourMove() ? ` (${t("your-move-title")})` : ""}`;
  if (document.title !== tab) document.title = tab;
  const seed = $("seed-note");
  if (typeof S.state.seed_chosen === "boolean") {
    seed.hidden = false;
    seed.textContent = S.state.seed_chosen ? t("seed-chosen") : t("seed-random");
    seed.dataset.chosen = S.state.seed_chosen ? "yes" : "no";
  }
  renderReplayLink();
  renderBoard();
  renderClock($("clock"), S.state, me(), lang);
  renderTradeWindow($("trade-window"), S.state, (seat, time) => t("trade-open", who(seat), time));
  // on a phone the trading panel is far below: the countdown by the prompt too
  renderTradeWindow($("trade-window-top"), S.state, (seat, time) => t("trade-open-short", time));
  renderActions();
  renderOffers(o);
  renderTradeForm(o);
  renderLog(stuck);
  renderResult();
  renderInvites($("invites"));
  animate(moving);
}

/** The table itself: status, seats, the middle, the hand (redrawn on a pick too). */
function renderBoard() {
  const c = ctx();
  renderStatus($("status"), c, yourMove());
  renderSeats($("seats"), $("my-seat"), c);
  renderTable($("table"), c);
  $("hand-panel").hidden = me() === null;
  renderHand($("hand"), $("hand-extra"), c);
  fieldButtons(c);
  boardDrawn(c, yourMove());
}

// the board's size, the side column's tabs (layout.js)
installLayout();

hooks.renderBoard = () => renderBoard();
hooks.renderLog = () => renderLog(logAtEnd());

/** Whether the log shows its end (a redraw then keeps it there). */
function logAtEnd() {
  const box = $("log");
  return box.scrollHeight - box.scrollTop - box.clientHeight < 40;
}

function renderLog(stuck) {
  if (!S.state) return;
  renderLogInto($("log"), withPresence(logEntries(S), S.state), me(), { all: $("log-all").checked, stuck, client: S.client });
}

/** The replay viewer's address for this game; a running game's needs the spectator token. */
function replayUrl() {
  const q = new URLSearchParams({ game: S.state.game, lang });
  if (spectate && !S.state.result) q.set("spectate", spectate);
  return `/static/replay.html?${q}`;
}

// The replay of the game so far, in the header. A running game's replay is
// what a spectator sees (nothing hidden; every hand only once the game is
// over), and the server answers it for the spectator token only: a spectator's
// page offers it at any time, a seat's page once the game is over.
function renderReplayLink() {
  const a = $("replay-link");
  const over = Boolean(S.state.result);
  a.hidden = !over && !spectate;
  if (a.hidden) return;
  a.href = replayUrl();
  a.textContent = t(over ? "watch-replay" : "replay-so-far");
  a.title = t(over ? "replay-over-title" : "replay-so-far-title");
  a.dataset.over = over ? "yes" : "no";
}

function renderResult() {
  const sec = $("result");
  if (!S.state.result) {
    sec.hidden = true;
    return;
  }
  sec.hidden = false;
  $("result-body").replaceChildren(
    resultBlock(S.state.result, me(), who, S.client),
    el(
      "p",
      {},
      el(
        "a",
        { href: `/api/games/${S.state.game}/replay`, download: `${S.state.game}.bohn.json`, dataset: { testid: "replay-download" } },
        t("download-replay"),
      ),
      " · ",
      el("a", { href: replayUrl() }, t("watch-replay")),
      " · ",
      el("a", { href: "/" }, t("lobby")),
    ),
    ...[rematchBlock(token)].filter(Boolean),
  );
}

// ---------------------------------------------------------------- start

staticWords();
setupTradeForm();
document.addEventListener("keydown", onKey);
installDetails();
if (!gameId) {
  showError(t("needs-link"));
  setConnection(t("not-connected"), "closed");
} else {
  // without a link's token the server looks for a seat of the account signed in here
  connect();
  watchTurns({ current: gameId });
}
