// Sissi's own part of the game page (served as /rulesets/sissi/client.js):
// during a Sissi action, the fields still to be harvested. The game page asks
// this hook where the bean games' table has a place for it
// (bohn/server/static/table.js lists the hooks).

const WORDS = {
  en: {
    fields: "Sissi action: fields to harvest",
    fieldOf: (who, n) => `${who}: field ${+n + 1}`,
  },
  de: {
    fields: "Sissi-Aktion: zu erntende Felder",
    fieldOf: (who, n) => `${who}: Feld ${+n + 1}`,
  },
};

const words = (ui) => WORDS[ui && ui.lang === "de" ? "de" : "en"];

/** The fields the Sissi action still harvests, each as its seat's field. */
export function facts(o, ui) {
  if (!o.sissi_action || !o.sissi_action.length) return [];
  const w = words(ui);
  return [ui.kv(w.fields, o.sissi_action.map(([s, f]) => w.fieldOf(ui.seatName(s), f)).join(", "), "sissi-action")];
}
