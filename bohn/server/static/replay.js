// The replay viewer: a stored game on the game page's card table (table.js),
// step by step. The server replays the game and sends each step's board in the
// shape of a "state" message (GET /api/games/<id>/replay/steps; every hand
// revealed once the game is over) and the game turn by turn with its sentences
// (.../replay/turns). A replay file loaded from disk is shown as text only: its
// moves and result, read in the browser; nothing is sent to the server.
import { actionText, api, el, eventText, resultBlock } from "./common.js";
import { installDetails, loadCatalogue } from "./cards.js";
import { lang, t, wordPage } from "./i18n.js";
import { loadClient, renderSeats, renderStatus, renderTable, who as whoOf } from "./table.js";
import { animate, capture, setLastMoves } from "./motion.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
const spectate = params.get("spectate");
//: how many steps one request fetches
const CHUNK = 100;
//: the speeds a replay plays at, in steps a second, and the one it starts at
const SPEEDS = [1, 2, 5, 10, 20];
const DEFAULT_SPEED = 2;
const SPEED_KEY = "bohn.replay.speed";

let gameId = null;
let info = null; // the turns answer: {variant, title, last, over, result, turns}
let pos = 0;
let timer = null; // the frame request of the playing replay
let due = 0; // when the playing replay shows its next step (performance.now())
let client = {}; // the ruleset's own client code (table.js: loadClient)
let shown = -1; // the step drawn on the board
const views = new Map(); // step -> view
const loading = new Map(); // chunk start -> promise

function showError(text) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
}

function staticWords() {
  wordPage([
    ["page-title", "replay-page"],
    ["board-title", "board-title"],
    ["current-title", "replay-this-step"],
    ["turns-title", "replay-turns"],
    ["load-title", "replay-load-title"],
    ["game-id-label", "replay-game-id"],
    ["load-button", "replay-load"],
    ["file-label", "replay-file"],
    ["result-title", "game-over-title"],
    ["play", "replay-play"],
    ["speed-label", "replay-speed"],
  ]);
  $("first").title = t("replay-first");
  $("prev").title = t("replay-prev");
  $("next").title = t("replay-next");
  $("last").title = t("replay-last");
  for (const id of ["first", "prev", "next", "last"]) $(id).setAttribute("aria-label", $(id).title);
  $("scrub").setAttribute("aria-label", t("replay-scrub"));
}

// ---------------------------------------------------------------- fetching

const query = (extra) => {
  const q = new URLSearchParams({ lang, ...extra });
  if (spectate) q.set("spectate", spectate);
  return q.toString();
};

function fetchChunk(start) {
  if (!loading.has(start)) {
    const to = Math.min(info.last, start + CHUNK - 1);
    const p = api(`/api/games/${encodeURIComponent(gameId)}/replay/steps?${query({ from: start, to })}`).then((data) => {
      for (const v of data.steps) views.set(v.seq, v);
    });
    p.catch(() => loading.delete(start)); // a failed chunk is asked for again
    loading.set(start, p);
  }
  return loading.get(start);
}

async function viewAt(k) {
  if (!views.has(k)) await fetchChunk(Math.floor(k / CHUNK) * CHUNK);
  const next = (Math.floor(k / CHUNK) + 1) * CHUNK;
  if (next <= info.last && k + CHUNK / 2 > next) fetchChunk(next).catch(() => {}); // ahead of time
  return views.get(k);
}

// ---------------------------------------------------------------- drawing

const ctxOf = (view) => ({ me: null, state: view, client, reveal: view.reveal === true });

function drawBoard(view) {
  performance.mark("bohn-replay-step"); // the browser benchmark's mark (tools/bench_browser.py)
  const ctx = ctxOf(view);
  // the cards travel from the step shown to this one (motion.js); each seat's last move up to it is marked
  const moving = capture();
  setLastMoves([...views.values()].filter((v) => v.seq <= view.seq).flatMap((v) => v.log || []));
  document.body.dataset.step = String(view.seq);
  renderStatus($("status"), ctx, false);
  renderSeats($("seats"), null, ctx);
  renderTable($("table"), ctx);
  drawCurrent(view, ctx);
  const end = info.over && view.seq === info.last;
  $("result").hidden = !end;
  if (end && view.result) $("result-body").replaceChildren(resultBlock(view.result, null, (s) => whoOf(ctx, s), client));
  animate(moving, { skip: Math.abs(view.seq - shown) !== 1, fit: timer !== null });
  shown = view.seq;
}

/** The step's sentences: who moved, and what happened (the describer's words). */
function drawCurrent(view, ctx) {
  const entry = (view.log || [])[0];
  const box = $("current");
  const head =
    view.seq === 0
      ? t("replay-setup")
      : entry && entry.seat !== null && entry.seat !== undefined
        ? t("replay-step-by", view.seq, whoOf(ctx, entry.seat))
        : t("replay-step", view.seq);
  const lines = entry ? entry.events.map((e) => e.text || eventText(e, null, client)).filter((x) => x && !x.startsWith("---")) : [];
  box.replaceChildren(
    el("h3", { dataset: { testid: "replay-step-head" } }, head),
    lines.length
      ? el("ul", { class: "events", dataset: { testid: "replay-lines" } }, ...lines.map((x) => el("li", {}, x)))
      : el("p", { class: "hint" }, t("replay-nothing")),
  );
}

function drawControls() {
  $("scrub").max = String(info.last);
  $("scrub").value = String(pos);
  $("pos-text").textContent = t("replay-pos", pos, info.last);
  $("first").disabled = $("prev").disabled = pos === 0;
  $("next").disabled = $("last").disabled = pos >= info.last;
  // the turn of this step: the last one that starts at or before it
  let current = 0;
  info.turns.forEach((turn, i) => {
    if (turn.step <= pos) current = i;
  });
  for (const li of $("turns").children) {
    const on = Number(li.dataset.index) === current;
    li.classList.toggle("current", on);
    if (on && li.dataset.index !== $("turns").dataset.current) {
      $("turns").dataset.current = li.dataset.index;
      // within the list only: the page stays where it is (the board on a phone)
      const list = $("turns");
      list.scrollTop = li.offsetTop;
    }
  }
}

function drawTurns() {
  const ctx = { me: null, state: { observation: {} } };
  $("turns").replaceChildren(
    ...info.turns.map((turn, i) => {
      const label =
        turn.turn === null || turn.turn === undefined
          ? t("replay-setup")
          : t("replay-turn", turn.turn, turn.active === null || turn.active === undefined ? "" : whoOf(ctx, turn.active));
      return el(
        "li",
        { class: "turn", dataset: { testid: "replay-turn", index: String(i), step: String(turn.step), turn: String(turn.turn) } },
        el("button", { type: "button", class: "turn-jump", onclick: () => go(turn.step) }, label),
        el(
          "ul",
          { class: "turn-lines" },
          ...turn.lines.map((line) => el("li", { onclick: () => go(line.step), title: t("replay-step", line.step) }, line.text)),
        ),
      );
    }),
  );
}

let want = 0; // the step last asked for (later answers win)

async function go(k) {
  pos = Math.max(0, Math.min(info.last, k));
  drawControls();
  const mine = ++want;
  try {
    const view = await viewAt(pos);
    if (mine !== want || !view) return;
    drawBoard(view);
    showError("");
  } catch (e) {
    showError(e.message);
    stop();
  }
  if (pos >= info.last) stop();
}

function stop() {
  if (timer) cancelAnimationFrame(timer);
  timer = null;
  $("play").textContent = t("replay-play");
  $("play").dataset.playing = "no";
}

/** The chosen speed in steps a second (kept in the browser). */
function speed() {
  const v = Number($("speed").value);
  return SPEEDS.includes(v) ? v : DEFAULT_SPEED;
}

// Playing runs on the browser's frames: the next step is asked for once the
// step before it is drawn and its time has come, so a slow step (a chunk
// being fetched) delays the replay instead of piling up steps behind it.
// Each step's time is the one before it plus the interval, not the frame it
// came on plus the interval: a frame's lateness is made up at the next step
// (else 20 steps a second on 60 frames a second would play about 17).
function tick(now) {
  timer = requestAnimationFrame(tick);
  if (shown !== pos || now < due) return;
  due = Math.max(due + 1000 / speed(), now);
  go(pos + 1);
}

function play() {
  if (timer) return stop();
  if (pos >= info.last) go(0);
  $("play").textContent = t("replay-pause");
  $("play").dataset.playing = "yes";
  due = performance.now() + 1000 / speed();
  timer = requestAnimationFrame(tick);
}

function setupSpeed() {
  const box = $("speed");
  let kept = null;
  try {
    kept = Number(localStorage.getItem(SPEED_KEY));
  } catch {
    // storage off: the default speed
  }
  box.replaceChildren(...SPEEDS.map((v) => el("option", { value: String(v) }, t("replay-speed-n", v))));
  box.value = String(SPEEDS.includes(kept) ? kept : DEFAULT_SPEED);
  box.addEventListener("change", () => {
    try {
      localStorage.setItem(SPEED_KEY, box.value);
    } catch {
      // storage off: the speed holds for this page
    }
    due = Math.min(due, performance.now() + 1000 / speed());
  });
}

// ---------------------------------------------------------------- loading a game

function showBoard(on) {
  for (const id of ["controls", "status", "seats", "table", "current-panel", "turns-panel"]) $(id).hidden = !on;
  $("file-view").hidden = on;
  if (!on) $("result").hidden = true;
}

async function loadGame(id) {
  stop();
  showError("");
  try {
    const data = await api(`/api/games/${encodeURIComponent(id)}/replay/turns?${query({})}`);
    gameId = id;
    info = data;
    views.clear();
    loading.clear();
    shown = -1;
    const has = data.client_code !== false;
    [client] = await Promise.all([loadClient(data.variant, has), loadCatalogue(data.variant, lang)]);
    $("replay-title").textContent = `· ${data.title || data.variant} · ${t("replay-players", data.players)}${data.over ? "" : ` · ${t("replay-running")}`}`;
    document.title = `bohn — ${t("replay-page")} · ${data.title || data.variant}`;
    $("load-panel").hidden = true;
    showBoard(true);
    drawTurns();
    const start = Number(params.get("step"));
    await go(Number.isInteger(start) && start > 0 ? start : 0);
  } catch (e) {
    showError(e.message);
  }
}

// ---------------------------------------------------------------- a replay file (text only)

async function showFile(replay) {
  stop();
  if (!replay || replay.format !== "bohn-replay") {
    showError(t("replay-not-a-replay"));
    return;
  }
  showError("");
  showBoard(false);
  $("controls").hidden = true;
  $("file-title").textContent = `${replay.variant} · ${t("replay-players", replay.players)} · ${(replay.seats || []).join(", ")}`;
  $("file-note").textContent = t("replay-file-note");
  // a move the page words only as JSON (a place of the ruleset's own) is
  // worded by the ruleset's client code (table.js), asked for only then
  const moves = (replay.events || []).filter((ev) => !ev.chance);
  const unworded = moves.some((ev) => actionText(ev.action) === JSON.stringify(ev.action));
  const code = unworded ? await loadClient(replay.variant) : {};
  const items = [];
  let k = 0;
  for (const ev of moves) {
    k += 1;
    items.push(
      el(
        "li",
        { dataset: { testid: "file-step" } },
        el("span", { class: "step" }, `#${k} `),
        `${whoOf({ me: null, state: {} }, ev.seat)}: ${actionText(ev.action, code)}`,
      ),
    );
  }
  $("file-steps").replaceChildren(...items);
  $("file-result").replaceChildren(...(replay.result ? [resultBlock(replay.result, null, undefined, code)] : []));
}

$("load-form").addEventListener("submit", (ev) => {
  ev.preventDefault();
  const id = $("game-id").value.trim();
  if (id) loadGame(id);
});
$("replay-file").addEventListener("change", async () => {
  const f = $("replay-file").files[0];
  if (!f) return;
  try {
    const text = await f.text();
    let data;
    try {
      data = JSON.parse(text);
    } catch {
      data = JSON.parse(text.split("\n").find((l) => l.trim()));
    }
    await showFile(Array.isArray(data) ? data[0] : data);
  } catch (e) {
    showError(t("replay-unreadable", e.message));
  }
});
$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(pos - 1));
$("next").addEventListener("click", () => go(pos + 1));
$("last").addEventListener("click", () => go(info.last));
$("scrub").addEventListener("input", () => go(Number($("scrub").value)));
$("play").addEventListener("click", play);
document.addEventListener("keydown", (ev) => {
  if (!info || $("controls").hidden) return;
  if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
  if (ev.key === "ArrowRight") {
    ev.preventDefault();
    go(pos + 1);
  } else if (ev.key === "ArrowLeft") {
    ev.preventDefault();
    go(pos - 1);
  }
});

staticWords();
setupSpeed();
stop();
installDetails();
const game = params.get("game");
if (game) {
  $("game-id").value = game;
  loadGame(game);
}
