// The replay viewer: a finished game's replay (docs/replay.md), stepped action by action.
// The replay holds actions and shuffles only; the finished game's public log (no token
// needed) gives each step's public events.
import { actionText, api, el, eventText, resultBlock, seatName } from "./common.js";

const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);
let steps = []; // {label, detail: [text], seat}
let pos = 0;
let timer = null;
let hasResult = false;

function showError(text) {
  $("error").textContent = text || "";
  $("error").hidden = !text;
}

function build(replay, log) {
  const byStep = new Map((log || []).map((e) => [e.step, e]));
  const out = [];
  const setup = byStep.get(0);
  out.push({
    label: `set-up: ${replay.variant}, ${replay.players} players, seed ${replay.seed}`,
    events: setup ? setup.events : [],
    seat: null,
  });
  let k = 0;
  for (const ev of replay.events || []) {
    if (ev.chance) {
      const last = out[out.length - 1];
      last.shuffles = (last.shuffles || 0) + 1;
      if (!setup || out.length > 1) last.chance = [...(last.chance || []), `The ${ev.chance.pile} was shuffled (${ev.chance.order.length} cards).`];
      continue;
    }
    k += 1;
    const entry = byStep.get(k);
    out.push({ label: `${seatName(ev.seat)}: ${actionText(ev.action)}`, action: ev.action, seat: ev.seat, events: entry ? entry.events : null });
  }
  return out;
}

function render() {
  $("pos").max = String(steps.length - 1);
  $("pos").value = String(pos);
  $("pos-text").textContent = `${pos} / ${steps.length - 1}`;
  const s = steps[pos];
  const cur = $("current");
  cur.replaceChildren(el("h3", {}, `#${pos} ${s.label}`));
  const lines = [...(s.events || []).filter((e) => e.type !== "shuffle").map((e) => eventText(e, null)), ...(s.chance || [])];
  if (s.events === null) lines.unshift("(the public events could not be loaded)");
  cur.append(el("ul", { class: "events" }, ...lines.map((t) => el("li", {}, t))));
  const ol = $("steps");
  ol.replaceChildren(
    ...steps.slice(0, pos + 1).map((x, i) =>
      el("li", { dataset: { testid: "replay-step", step: i } }, el("button", { type: "button", class: "small", onclick: () => go(i) }, `#${i}`), ` ${x.label}`),
    ),
  );
  ol.scrollTop = ol.scrollHeight;
  $("result").hidden = !hasResult || pos < steps.length - 1;
  for (const [id, off] of [["first", pos === 0], ["prev", pos === 0], ["next", pos >= steps.length - 1], ["last", pos >= steps.length - 1]]) $(id).disabled = off;
}

function go(i) {
  pos = Math.max(0, Math.min(steps.length - 1, i));
  render();
  if (pos >= steps.length - 1) stop();
}

function stop() {
  clearInterval(timer);
  timer = null;
  $("play").textContent = "Play";
}

function show(replay, log) {
  if (!replay || replay.format !== "bohn-replay") {
    showError("this is not a bohn replay (format bohn-replay)");
    return;
  }
  showError("");
  steps = build(replay, log);
  pos = 0;
  $("replay-title").textContent = `${replay.variant} · ${replay.players} players · seats: ${(replay.seats || []).join(", ")}`;
  $("viewer").hidden = false;
  hasResult = !!replay.result;
  if (replay.result) {
    $("result-body").replaceChildren(resultBlock(replay.result, null));
  }
  render();
}

async function loadGame(id) {
  try {
    const replay = await api(`/api/games/${encodeURIComponent(id)}/replay`);
    let log = null;
    // a finished game's public view needs no token (the spectator link still works)
    const spectate = params.get("spectate");
    const lang = params.get("lang") === "de" ? "de" : "en"; // the log's language (?lang=de)
    const query = `?lang=${lang}` + (spectate ? `&spectate=${encodeURIComponent(spectate)}` : "");
    try {
      log = (await api(`/api/games/${encodeURIComponent(id)}/state${query}`)).log;
    } catch {
      log = null;
    }
    show(replay, log);
  } catch (e) {
    showError(e.message);
  }
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
    show(Array.isArray(data) ? data[0] : data, null);
  } catch (e) {
    showError(`could not read the file: ${e.message}`);
  }
});
$("first").addEventListener("click", () => go(0));
$("prev").addEventListener("click", () => go(pos - 1));
$("next").addEventListener("click", () => go(pos + 1));
$("last").addEventListener("click", () => go(steps.length - 1));
$("pos").addEventListener("input", () => go(Number($("pos").value)));
$("play").addEventListener("click", () => {
  if (timer) return stop();
  $("play").textContent = "Pause";
  timer = setInterval(() => go(pos + 1), 700);
});
document.addEventListener("keydown", (ev) => {
  if (ev.target instanceof HTMLInputElement && ev.target.type !== "range") return;
  if (ev.key === "ArrowRight") go(pos + 1);
  else if (ev.key === "ArrowLeft") go(pos - 1);
});

const game = params.get("game");
if (game) {
  $("game-id").value = game;
  loadGame(game);
}
