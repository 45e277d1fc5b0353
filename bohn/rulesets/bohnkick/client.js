// Bohnkick's own views on the game page (served as /rulesets/bohnkick/client.js):
// the pitch instead of the bean games' piles, and a seat's team and hands
// instead of its fields and coins. Bohnkick has no trading.

/** Bohnkick has no offers panel. */
export const trades = false;

/** The pitch: the score, the attack in progress, the decks. */
export function table(o, box, ui) {
  const { el, kv, card, cards, cardRow, seatName, seatOf, me } = ui;
  const mine = me === null ? null : seatOf(o, me).team;
  const teamName = (t) => `team ${t}${t === mine ? " (yours)" : ""}`;
  const pitch = el("div", { class: "pitch", dataset: { testid: "pitch" } });
  pitch.append(
    el("p", { class: "score", dataset: { testid: "score" } }, `${teamName(0)} ${o.score[0]} : ${o.score[1]} ${teamName(1)}`),
    kv("Attack", `${o.attack} by ${teamName(o.attacking_team)}, opened by ${seatName(o.opener, me)}${o.last_attack ? " (last attack)" : ""}`, "attack"),
    kv("Ball", o.ball ? el("span", {}, card(o.ball), o.after_cross ? " after a cross" : "") : "not yet played", "ball"),
    kv("To play", o.to_play >= 0 ? seatName(o.to_play, me) : "-"),
    kv("Defender asked", o.reactor >= 0 ? seatName(o.reactor, me) : "-"),
  );
  if (o.shot) pitch.append(kv("Shot", `${o.shot}${o.corner ? ` at ${o.corner}` : ""}`, "shot"));
  const played = el("ol", { class: "cards", dataset: { testid: "played" }, "aria-label": "cards played this attack" });
  (o.played || []).forEach((k, i) => played.append(el("li", {}, card(k), el("small", {}, ` ${seatName(o.played_by[i], me)}`))));
  pitch.append(el("h3", {}, "Played this attack"), played);
  const decks = el("ul", { class: "inline" });
  [0, 1].forEach((t) => decks.append(el("li", {}, `${teamName(t)}: deck ${o.team_decks[t]}, run out ${o.runouts[t]}×, goals `, ...cards(o.goals[t]))));
  pitch.append(decks, kv("Defensive deck", `${o.defence_deck} cards`));
  if ((o.defence_discard || []).length) pitch.append(el("details", {}, el("summary", {}, "Defensive discard"), cardRow(o.defence_discard)));
  box.append(pitch);
}

/** A seat: its team and how many team and defensive cards it holds. */
export function seat(o, s, i, sec, ui) {
  const { kv } = ui;
  sec.append(kv("Team", String(s.team)), kv("Team cards", String(s.hand_size), `hand-size-${i}`), kv("Defensive cards", String(s.defence_size)));
}
