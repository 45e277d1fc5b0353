// The market in the middle of the table: the cards for sale (the buildings
// or establishments of the games that sell some, police stations and the
// Razzia) and the cards out of the game. The cards lie side by side as
// compact tiles, never on top of each other: the cards of one bean type in a
// column under a drawing of that bean, each tile with its price as
// coins, a picture of what it does and a short title, every word at least
// 11 px. The whole card shows large beside a tile while the mouse rests on it
// or the keyboard's focus is on it (cards.js), and its details open as on
// every card (its (i), a right click, a long press).
import { card, cards, el } from "./common.js";
import { beanIcon, entryOf } from "./cards.js";
import { t } from "./i18n.js";
import { kv } from "./table.js";

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
