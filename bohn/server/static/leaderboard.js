// A ruleset's leaderboard (/leaderboard/<variant>): the rated accounts, best
// first, and the bots' fixed ratings beside them.
import { api, el } from "./common.js";
import { lang, switchLanguage, t } from "./i18n.js";

// the ruleset of the address (/leaderboard/<variant>); /leaderboard alone: the first one
const named = location.pathname.split("/").filter(Boolean)[1];

async function init() {
  document.documentElement.lang = lang;
  $("lang-switch").textContent = t("lang.switch");
  $("lang-switch").addEventListener("click", () => switchLanguage(t("lang.other")));
  $("col-player").textContent = t("ranking.player");
  $("col-rating").textContent = t("ranking.rating");
  $("col-games").textContent = t("ranking.games");
  $("bots-title").textContent = t("ranking.bots");
  $("board-hint").textContent = t("ranking.hint");
  const variants = (await api("/api/variants")).variants;
  const variant = named ? decodeURIComponent(named) : variants[0].id;
  $("rulesets").replaceChildren(
    ...variants.map((v) => el("a", { href: `/leaderboard/${encodeURIComponent(v.id)}`, "aria-current": v.id === variant ? "page" : undefined }, v.title)),
  );
  let data;
  try {
    data = await api(`/api/ratings/${encodeURIComponent(variant)}`);
  } catch (e) {
    $("board-title").textContent = e.message;
    return;
  }
  document.title = `bohn — ${t("ranking.title", data.title)}`;
  $("board-title").textContent = t("ranking.title", data.title);
  const body = $("board-body");
  body.replaceChildren();
  if (!data.players.length) body.append(el("tr", {}, el("td", { colspan: 4 }, t("ranking.none"))));
  data.players.forEach((p, i) => {
    body.append(
      el(
        "tr",
        { dataset: { testid: "leaderboard-row" } },
        el("td", {}, String(i + 1)),
        el("td", {}, el("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name)),
        el("td", {}, `${p.rating} ± ${p.plus_minus}`),
        el("td", {}, String(p.games)),
      ),
    );
  });
  // a bot the lobby offers by its level, as the lobby names it; another by its kind
  $("bots").replaceChildren(...data.bots.map((b) => el("li", {}, b.level ? t("ranking.level", b.level, b.rating) : t("ranking.bot", b.bot, b.rating))));
}

function $(id) {
  return document.getElementById(id);
}

init();
