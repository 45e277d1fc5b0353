// The lobby: create a game, show its links, list the games.
import { api, el, seatName } from "./common.js";

const $ = (id) => document.getElementById(id);
let variants = [];
let bots = ["greedy", "random"];

function current() {
  return variants.find((v) => v.id === $("variant").value);
}

function showError(msg) {
  const box = $("lobby-error");
  box.textContent = msg || "";
  box.hidden = !msg;
}

function renderPlayers() {
  const v = current();
  const sel = $("players");
  const old = Number(sel.value);
  sel.replaceChildren(...v.players.counts.map((n) => el("option", { value: n }, String(n))));
  const pick = v.players.counts.includes(old) ? old : v.players.counts.includes(3) ? 3 : v.players.counts[0];
  sel.value = String(pick);
  renderSeats();
}

function renderSeats() {
  const n = Number($("players").value);
  const box = $("seats");
  const previous = [...box.querySelectorAll("select")].map((s) => s.value);
  box.replaceChildren(el("legend", {}, "Seats"));
  for (let i = 0; i < n; i++) {
    const id = `seat-${i}`;
    const sel = el(
      "select",
      { id, name: id, dataset: { testid: `seat-kind-${i}` } },
      el("option", { value: "human" }, "human"),
      ...bots.map((b) => el("option", { value: `bot:${b}` }, `bot: ${b}`)),
    );
    sel.value = previous[i] || (i === 0 ? "human" : `bot:${bots.includes("greedy") ? "greedy" : bots[0]}`);
    box.append(el("div", { class: "row" }, el("label", { for: id }, `Seat ${i}`), sel));
  }
}

function renderOptions() {
  const v = current();
  $("variant-info").textContent = `${v.title}: ${v.players.counts.join(", ")} players.`;
  const box = $("options");
  box.replaceChildren();
  for (const o of v.options) {
    const id = `opt-${o.name}`;
    let input;
    if (o.kind === "bool") {
      input = el("input", { type: "checkbox", id, checked: !!o.default });
    } else if (o.kind === "choice" && o.choices) {
      input = el("select", { id }, ...o.choices.map((c) => el("option", { value: c }, String(c))));
      input.value = o.default;
    } else if (o.kind === "int") {
      input = el("input", { type: "number", id, value: o.default ?? "" });
    } else {
      input = el("input", { type: "text", id, value: o.default === null ? "" : JSON.stringify(o.default), placeholder: "JSON" });
    }
    input.dataset.testid = `option-${o.name}`;
    input.dataset.option = o.name;
    input.dataset.kind = o.kind;
    const doc = `${o.doc || ""}${o.default_id ? ` (${o.default_id})` : ""}`;
    box.append(
      el("div", { class: "row option" }, el("label", { for: id }, o.name), input, el("small", { class: "hint" }, doc)),
    );
  }
}

function readOptions() {
  const v = current();
  const out = {};
  for (const input of $("options").querySelectorAll("[data-option]")) {
    const o = v.options.find((x) => x.name === input.dataset.option);
    let value;
    if (o.kind === "bool") value = input.checked;
    else if (o.kind === "int") value = input.value === "" ? o.default : Number(input.value);
    else if (o.kind === "choice") value = input.value;
    else if (input.value.trim() === "") value = null;
    else {
      try {
        value = JSON.parse(input.value);
      } catch {
        throw new Error(`option ${o.name}: not valid JSON`);
      }
    }
    if (JSON.stringify(value) !== JSON.stringify(o.default)) out[o.name] = value;
  }
  return out;
}

function absolute(url) {
  return new URL(url, location.origin).href;
}

function linkItem(label, url, testid) {
  const a = el("a", { href: url, dataset: { testid } }, url);
  const copy = el("button", { type: "button", class: "copy", dataset: { testid: `${testid}-copy` } }, "Copy");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(url);
      copy.textContent = "Copied";
    } catch {
      const range = document.createRange();
      range.selectNodeContents(a);
      getSelection().removeAllRanges();
      getSelection().addRange(range);
      copy.textContent = "Selected: press Ctrl+C";
    }
    setTimeout(() => (copy.textContent = "Copy"), 2000);
  });
  return el("li", {}, el("span", { class: "label" }, label), " ", a, " ", copy);
}

async function create(ev) {
  ev.preventDefault();
  showError("");
  const n = Number($("players").value);
  const seats = [];
  for (let i = 0; i < n; i++) {
    const v = $(`seat-${i}`).value;
    seats.push(v === "human" ? { kind: "human" } : { kind: "bot", bot: v.slice(4) });
  }
  let body;
  try {
    body = { variant: $("variant").value, players: n, options: readOptions(), seats, think_ms: Number($("think").value || 0) };
  } catch (e) {
    showError(e.message);
    return;
  }
  const seed = $("seed").value.trim();
  if (seed) body.seed = /^-?\d+$/.test(seed) ? Number(seed) : seed;
  try {
    const g = await api("/api/games", { method: "POST", body });
    const list = $("join-links");
    list.replaceChildren();
    for (const j of g.join) list.append(linkItem(`Join seat ${j.seat}:`, absolute(j.url), `join-link-${j.seat}`));
    list.append(linkItem("Spectate:", absolute(g.spectate.url), "spectate-link"));
    const own = g.join[0];
    $("own-link").href = absolute(own.url);
    $("own-link").textContent = `Play seat ${own.seat} now`;
    $("created").hidden = false;
    loadGames();
  } catch (e) {
    showError(`${e.message}${e.rule ? ` (${e.rule})` : ""}`);
  }
}

async function loadGames() {
  const body = $("games-body");
  try {
    const { games } = await api("/api/games");
    body.replaceChildren();
    if (!games.length) body.append(el("tr", {}, el("td", { colspan: 6 }, "No games yet.")));
    for (const g of games) {
      const seats = g.seats.map((s) => (s.kind === "bot" ? `bot ${s.bot}` : s.joined ? "human ✓" : "human (free)")).join(", ");
      const result = g.result ? `scores ${g.result.scores.join("/")}; won: ${g.result.winners.map((s) => seatName(s)).join(", ")}` : g.status === "running" || g.status === "open" ? `waiting for ${g.waiting_for.join(", ")}` : "";
      const links = el("td");
      if (g.status === "finished") {
        links.append(el("a", { href: `/api/games/${g.id}/replay`, download: `${g.id}.bohn.json`, dataset: { testid: `replay-link-${g.id}` } }, "replay"), " ",
          el("a", { href: `/static/replay.html?game=${g.id}` }, "view"));
      }
      body.append(
        el("tr", { dataset: { testid: "game-row", game: g.id, status: g.status } },
          el("td", {}, el("code", {}, g.id)), el("td", {}, g.title), el("td", {}, seats), el("td", {}, g.status), el("td", {}, result), links),
      );
    }
  } catch (e) {
    showError(`could not list the games: ${e.message}`);
  }
}

async function init() {
  try {
    const data = await api("/api/variants");
    variants = data.variants;
    bots = data.bots && data.bots.length ? data.bots : bots;
  } catch (e) {
    showError(`could not load the rulesets: ${e.message}`);
    return;
  }
  $("variant").replaceChildren(...variants.map((v) => el("option", { value: v.id }, `${v.title} (${v.id})`)));
  $("variant").addEventListener("change", () => {
    renderOptions();
    renderPlayers();
  });
  $("players").addEventListener("change", renderSeats);
  $("new-game").addEventListener("submit", create);
  $("refresh").addEventListener("click", loadGames);
  renderOptions();
  renderPlayers();
  loadGames();
}

init();
