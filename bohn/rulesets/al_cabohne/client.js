// Al Cabohne's own parts of the game page (served as
// /rulesets/al-cabohne/client.js; Prohibohn, built on Al Cabohne, is served
// the same): the mafia's bosses with their fields in the middle of the table,
// the mafia's treasury, a pending decision about a boss or the treasury, the
// moves that give cards to a boss, the mafia's lines in the log and its win.
// The game page asks these hooks where the bean games' table has a place for
// them (bohn/server/static/table.js lists the hooks); the rest of the table is
// the bean games'.
//
// A boss's field is a place of the table: the target "m<j>" of the moves
// that give boss j cards (`place`, `give`), and the zone "boss:<j>" the cards
// travel to (the game page's motion.js).

/** The offers panel shows only while there is an offer to show: the mafia's
 * games trade little (Al Cabohne alone never). */
export const trades = "offered";

const WORDS = {
  en: {
    mafia: (n) => `The mafia (treasury: ${n} coin${n === 1 ? "" : "s"})`,
    takes: (n) => `takes ${n}`,
    toBeFed: "to be fed",
    protection: "Protection",
    treasury: "The mafia's treasury",
    faceDown: "face down",
    wins: (n) => `The mafia wins with ${n} coins: nobody has more.`,
  },
  de: {
    mafia: (n) => `Die Mafia (Kasse: ${n} Taler)`,
    takes: (n) => `nimmt ${n}`,
    toBeFed: "wird gefüttert",
    protection: "Schutz",
    treasury: "Die Kasse der Mafia",
    faceDown: "verdeckt",
    wins: (n) => `Die Mafia gewinnt mit ${n} Münzen: niemand hat mehr.`,
  },
};

const words = (ui) => WORDS[ui && ui.lang === "de" ? "de" : "en"];

/** The bosses' fields take cards: a move's `boss: j` puts them on place "m<j>". */
export const places = { m: { key: "boss", count: (o) => (o.bosses || []).length } };

/** The mafia's block in the middle row: each boss's card, how much his field
 * must be worth before he harvests it (as coins), and his field, a place to
 * give him cards. */
export function blocks(o, ui) {
  if (!o.bosses) return [];
  const w = words(ui);
  const { el } = ui;
  const wrap = el("div", { class: "center-block", dataset: { testid: "mafia" } }, el("h3", {}, w.mafia(o.treasury ?? 0)));
  const ul = el("ul", { class: "bosses", dataset: { testid: "bosses" } });
  o.bosses.forEach((b, i) => {
    const takes = el("span", { class: "boss-takes" }, ui.coinRow(b.threshold), el("span", {}, w.takes(b.threshold)));
    const fed = o.feed === i ? el("span", { class: "boss-fed" }, w.toBeFed) : null;
    const li = el(
      "li",
      { class: "boss", dataset: { testid: `boss-${i}` } },
      el("div", { class: "boss-head compact-cards" }, ui.card(b.key), takes, fed),
      ui.zoned(ui.fieldStack(b.field || [], null, `boss-field-${i}`), `boss:${i}`),
    );
    ul.append(ui.target(li, `m${i}`));
  });
  wrap.append(ul);
  return [{ key: "bosses", node: wrap }];
}

/** A pending decision about a boss (which field to protect from him) or
 * about the treasury (a coin of it for the police); null for the others. */
export function decision(d, ui) {
  const w = words(ui);
  const { el } = ui;
  if (d.boss !== undefined) return ui.kv(w.protection, el("span", {}, `${ui.t("field", d.field)} · `, ui.card(d.boss)), "decision");
  if ("treasury" in d) return ui.kv(w.treasury, d.treasury ? el("span", {}, ...ui.cards(d.treasury)) : w.faceDown, "decision");
  return null;
}

/** The mafia's log lines, where the server sent an event without its words. */
export function eventText(e, ui) {
  const nth = (i) => (typeof i === "number" ? i + 1 : i);
  const list = (xs) => (xs && xs.length ? xs.join(", ") : "nothing");
  switch (e.type) {
    case "mafia-plant":
      return `The mafia planted ${e.card} on ${e.boss}'s field.`;
    case "mafia-harvest":
      return `${e.boss || "The mafia"} harvested${e.cards ? ` ${list(e.cards)}` : ""}.`;
    case "place":
      return e.boss === undefined ? null : `${ui.seatName(e.seat)} placed pile ${nth(e.pile)} (${list(e.cards)}) on boss ${nth(e.boss)}.`;
    case "give":
      return `${ui.seatName(e.seat)} gave ${e.card} to ${e.boss}.`;
    default:
      return null;
  }
}

/** The result's first line when the mafia won. */
export function resultHead(result, ui) {
  const details = result.details || {};
  return details.winner === "mafia" ? words(ui).wins(details.mafia) : null;
}
