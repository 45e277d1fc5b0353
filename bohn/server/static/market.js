// The market in the middle of the table: the cards for sale (High Bohn's
// buildings, Prohibohn's establishments, police stations and Razzia) and the
// mafia's bosses with their fields (Al Cabohne, Prohibohn). The cards lie side
// by side as compact tiles, never on top of each other: the cards of one bean
// type in a column under a drawing of that bean, each tile with its price as
// coins, a picture of what it does and a short title, every word at least
// 11 px. The whole card shows large beside a tile while the mouse rests on it
// or the keyboard's focus is on it (cards.js), and its details open as on
// every card (its (i), a right click, a long press).
import { card, cards, el } from "./common.js";
import { beanIcon, coinRow, entryOf } from "./cards.js";
import { t } from "./i18n.js";
import { fieldStack, kv } from "./table.js";

/** The cards of ``keys`` in runs of one group (a bean type's buildings), in their order. */
export function groupRuns(keys) {
  const groups = [];
  for (const k of keys || []) {
    const g = (entryOf(k) || {}).group || k;
    if (!groups.length || groups[groups.length - 1].group !== g) groups.push({ group: g, keys: [] });
    groups[groups.length - 1].keys.push(k);
  }
  return groups;
}

/** The cards for sale (``o.supply``), the cards out of the game and whether
 * the Razzia was bought, as a block of the table's middle row. */
export function renderSupply(o, row, _ctx) {
  const block = el("div", { class: "center-block market-block", dataset: { testid: "market" } }, el("h3", {}, t("for-sale")));
  block.append(
    el(
      "ul",
      { class: "market compact-cards", dataset: { testid: "supply" }, "aria-label": t("for-sale") },
      ...groupRuns(o.supply).map((x) => el("li", { class: "market-group", dataset: { group: x.group } }, beanIcon(x.group), ...x.keys.map((k) => card(k)))),
    ),
  );
  if ((o.removed || []).length)
    block.append(
      el(
        "div",
        { class: "market-out", dataset: { testid: "out-of-game" } },
        el("span", { class: "k" }, t("out-of-game")),
        el("div", { class: "market compact-cards" }, ...cards(o.removed)),
      ),
    );
  if (o.razzia !== undefined) block.append(kv(t("razzia-bought"), t(o.razzia ? "yes" : "no")));
  row.append(block);
}

/** The mafia's bosses: each one's card, how much his field must be worth
 * before he harvests it (as coins), and his field, a place to give him cards
 * (``place`` marks it as the target of moves, as the table's fields are). */
export function renderBosses(o, box, ctx, place = (node) => node) {
  const wrap = el("div", { class: "center-block", dataset: { testid: "mafia" } }, el("h3", {}, t("mafia", o.treasury ?? 0)));
  const ul = el("ul", { class: "bosses", dataset: { testid: "bosses" } });
  o.bosses.forEach((b, i) => {
    const takes = el("span", { class: "boss-takes" }, coinRow(b.threshold), el("span", {}, t("takes", b.threshold)));
    const fed = o.feed === i ? el("span", { class: "boss-fed" }, t("to-be-fed")) : null;
    const li = el(
      "li",
      { class: "boss", dataset: { testid: `boss-${i}` } },
      el("div", { class: "boss-head compact-cards" }, card(b.key), takes, fed),
      fieldStack(b.field || [], null, `boss-field-${i}`),
    );
    ul.append(place(li, `m${i}`, ctx));
  });
  wrap.append(ul);
  box.append(wrap);
}
