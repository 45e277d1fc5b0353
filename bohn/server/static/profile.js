// A player's profile (/players/<name>): their rating in each ruleset with its
// history drawn as a line, and their latest finished games with replays.
import { api, el } from "./common.js";
import { lang, switchLanguage, t } from "./i18n.js";

const name = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const SVG = "http://www.w3.org/2000/svg";

function svg(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
  node.append(...children);
  return node;
}

/** The points of a rating history as a polyline's coordinates in a `w` x `h` box. */
export function plotPoints(history, w, h, pad = 8) {
  if (!history.length) return [];
  const values = [1500, ...history.map((p) => p.rating)];
  const low = Math.min(...values);
  const high = Math.max(...values);
  const span = high - low || 1;
  const step = (w - 2 * pad) / Math.max(1, values.length - 1);
  return values.map((v, i) => [Math.round(pad + i * step), Math.round(h - pad - ((v - low) / span) * (h - 2 * pad))]);
}

function plot(history) {
  const w = 320;
  const h = 90;
  const points = plotPoints(history, w, h);
  const line = svg("polyline", { points: points.map((p) => p.join(",")).join(" "), fill: "none", stroke: "currentColor", "stroke-width": 2 });
  const dots = points.map(([x, y]) => svg("circle", { cx: x, cy: y, r: 2.5, fill: "currentColor" }));
  // the start (1500) and the rating now, written at their points
  const first = points[0];
  const last = points[points.length - 1];
  const now = history.length ? history[history.length - 1].rating : 1500;
  const label = (x, y, text, anchor) => svg("text", { x, y: Math.max(10, y - 5), "font-size": 10, "text-anchor": anchor, fill: "currentColor" }, text);
  const labels = first ? [label(first[0], first[1], "1500", "start"), label(last[0], last[1], String(now), "end")] : [];
  return svg("svg", { viewBox: `0 0 ${w} ${h}`, class: "rating-plot", role: "img", "aria-label": t("profile.plot") }, line, ...dots, ...labels);
}

async function init() {
  document.documentElement.lang = lang;
  $("lang-switch").textContent = t("lang.switch");
  $("lang-switch").addEventListener("click", () => switchLanguage(t("lang.other")));
  $("ratings-title").textContent = t("profile.ratings");
  $("games-title").textContent = t("profile.games");
  let p;
  try {
    p = await api(`/api/players/${encodeURIComponent(name)}`);
  } catch (e) {
    $("player-name").textContent = e.message;
    return;
  }
  document.title = `bohn — ${p.name}`;
  $("player-name").textContent = p.name;
  const variants = (await api("/api/variants")).variants;
  const title = (id) => (variants.find((v) => v.id === id) || { title: id }).title;
  const rated = Object.entries(p.ratings);
  $("ratings").replaceChildren(
    ...(rated.length
      ? rated.map(([v, r]) =>
          el(
            "div",
            { class: "rating-block", dataset: { testid: "player-rating", variant: v } },
            el("h3", {}, el("a", { href: `/leaderboard/${encodeURIComponent(v)}` }, title(v))),
            el("p", {}, t("profile.rating", r.rating, r.plus_minus, r.games)),
            plot(p.history[v] || []),
          ),
        )
      : [el("p", { class: "hint" }, t("profile.unrated"))]),
  );
  $("games").replaceChildren(
    ...p.games.map((g) => {
      const won = g.result && g.result.winners.includes(g.seat);
      const place = g.result ? g.result.ranking.indexOf(g.seat) + 1 : 0;
      const replay = `/static/replay.html?game=${encodeURIComponent(g.id)}${lang !== "en" ? `&lang=${lang}` : ""}`;
      return el(
        "li",
        { class: "lobby-card", dataset: { testid: "player-game" } },
        el("strong", {}, g.title),
        " ",
        el("span", { class: "hint" }, new Date(g.created_at * 1000).toLocaleDateString(lang === "de" ? "de-DE" : "en-GB")),
        el("p", {}, `${won ? t("profile.won") : t("profile.place", place, g.players)}${g.rated ? ` · ${t("profile.rated")}` : ""}`),
        el("a", { href: replay }, t("lobby.replay")),
      );
    }),
  );
  if (!p.games.length) $("games").append(el("li", { class: "hint empty" }, t("profile.no-games")));
}

function $(id) {
  return document.getElementById(id);
}

init();
