// High Bohn's own parts of the game page (served as /rulesets/high-bohn/client.js):
// the Distillery's window (with the Cognac option: the seats still to decide
// whether to name a building type), a field's bean stew, and the coins a seat
// keeps apart (under the Saloon, under the Distillery, taken by the Teepee).
// The game page asks these hooks where the bean games' table has a place for
// them (bohn/server/static/table.js lists the hooks).

const WORDS = {
  en: {
    distillery: "Distillery",
    line: (type, who) => `${type}; still to decide: ${who}`,
    stew: "stew",
  },
  de: {
    distillery: "Schnapsbrennerei",
    line: (type, who) => `${type}; müssen noch entscheiden: ${who}`,
    stew: "Eintopf",
  },
};

const words = (ui) => WORDS[ui && ui.lang === "de" ? "de" : "en"];

/** The Distillery's window: the building type named (by the name of its
 * cards: "1 Saloon" is a "Saloon") and the seats still to decide. */
export function facts(o, ui) {
  if (!o.distillery) return [];
  const w = words(ui);
  const first = ui.entryOf(`${o.distillery.building_type}-1`);
  const type = first ? ui.cardName(first.key).replace(/^\d+\s*/, "") : o.distillery.building_type;
  return [ui.kv(w.distillery, w.line(type, o.distillery.seats.map((s) => ui.seatName(s)).join(", ") || ui.t("nobody")), "distillery")];
}

/** A field that holds a bean stew says so in its label. */
export function fieldNotes(s, j, ui) {
  return s.stews && s.stews[j] ? [words(ui).stew] : [];
}

/** The coins a seat keeps apart, each pile a place of its own (stew:<seat>,
 * distillery:<seat>, teepee:<seat>: the cards travel there). */
export function seatZones(o, s, i, ui) {
  const out = [];
  for (const k of ["stew_coins", "distillery_coins", "teepee_coins"])
    if (s[k] && s[k].length)
      out.push(ui.el("div", { class: "seat-zone", dataset: { zone: `${k.split("_")[0]}:${i}` } }, ui.el("span", { class: "inline-cards" }, ...ui.cards(s[k]))));
  return out;
}
