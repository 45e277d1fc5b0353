// Bohnkick's own views on the game page (served as /rulesets/bohnkick/client.js):
// a pitch instead of the bean games' piles, and a seat's team and hands
// instead of its fields and coins. Bohnkick has no trading.
//
// The pitch: team 0's goal on the left, team 1's on the right; each team
// attacks the other's goal. A goal is drawn from the shooter's side: four
// corners, upper/lower left/right. The cards of the attack run from the
// attacker's half towards the goal it attacks, the ball with the last bean.
//
// Its places carry `data-zone` (and `data-count` where they show fewer cards
// than they hold), so that cards and the ball travel between them when the
// game moves (the game page's motion.js): played, ball, goal:<team>,
// goals:<team>, deck:<team>, discard:<team>, defence-deck, defence-discard,
// and each other seat's hand:<seat> and defence:<seat>.

/** Bohnkick has no offers panel. */
export const trades = false;

const CSS = "/rulesets/bohnkick/client.css";
const SVG = "http://www.w3.org/2000/svg";
const CORNERS = ["ul", "ur", "ll", "lr"];

const WORDS = {
  en: {
    team: ["National", "International"],
    teamLong: (t) => `${["National", "International"][t]} (${["blue", "yellow"][t]})`,
    you: "you",
    yourTeam: "your team",
    seat: (s) => `seat ${s + 1}`,
    yourSeat: (s) => `you (seat ${s + 1})`,
    short: (s, mine) => (mine ? "you" : `seat ${s + 1}`),
    attack: (n) => `Attack ${n}`,
    attacks: (t) => `${["National", "International"][t]} attacks`,
    lastAttack: "last attack",
    fullTime: "Full time",
    wins: (t) => `${["National", "International"][t]} wins`,
    draw: "a draw",
    goalOf: (t) => `${["National", "International"][t]}'s goal`,
    goalWord: "Goal",
    corner: { ul: "upper left", ur: "upper right", ll: "lower left", lr: "lower right" },
    shot: { shot: "Shot", "long-shot": "Long shot", header: "Header", "free-kick": "Free kick", penalty: "Penalty" },
    at: (shot, corner) => `${shot} at the ${corner} corner`,
    noCorner: (shot) => `${shot}: the corner is not named yet`,
    ball: "Ball",
    afterCross: "after a cross",
    kickOff: "No card played yet: the attack opens.",
    path: "the attack so far",
    deck: "Deck",
    discard: "Discard",
    runOut: "Run out",
    goals: "Goals",
    none: "none",
    defence: "Defensive deck",
    defenceDiscard: "Defensive discard",
    top: "on top",
    cards: (n) => `${n} card${n === 1 ? "" : "s"}`,
    now: {
      play: "To play",
      react: "Defender to answer",
      "shot-react": "Defender to answer the shot",
      aim: "Picks the corner",
      block: "May block",
      kick: "Free kick or advantage",
      "only-goal-cards": "Discards goal cards",
    },
    teamCards: "Team cards",
    defenceCards: "Defensive cards",
    attacking: "attacking",
    defending: "defending",
  },
  de: {
    team: ["National", "International"],
    teamLong: (t) => `${["National", "International"][t]} (${["blau", "gelb"][t]})`,
    you: "du",
    yourTeam: "dein Team",
    seat: (s) => `Platz ${s + 1}`,
    yourSeat: (s) => `du (Platz ${s + 1})`,
    short: (s, mine) => (mine ? "du" : `Platz ${s + 1}`),
    attack: (n) => `Angriff ${n}`,
    attacks: (t) => `${["National", "International"][t]} greift an`,
    lastAttack: "letzter Angriff",
    fullTime: "Abpfiff",
    wins: (t) => `${["National", "International"][t]} gewinnt`,
    draw: "unentschieden",
    goalOf: (t) => `Tor ${["National", "International"][t]}`,
    goalWord: "Tor",
    corner: { ul: "oben links", ur: "oben rechts", ll: "unten links", lr: "unten rechts" },
    shot: { shot: "Torschuss", "long-shot": "Fernschuss", header: "Kopfball", "free-kick": "Freistoß", penalty: "Elfmeter" },
    at: (shot, corner) => `${shot} in die Ecke ${corner}`,
    noCorner: (shot) => `${shot}: die Ecke ist noch nicht angesagt`,
    ball: "Ball",
    afterCross: "nach einer Flanke",
    kickOff: "Noch keine Karte gespielt: der Angriff beginnt.",
    path: "der Angriff bisher",
    deck: "Stapel",
    discard: "Ablage",
    runOut: "Aufgebraucht",
    goals: "Tore",
    none: "keine",
    defence: "Abwehrstapel",
    defenceDiscard: "Abwehr-Ablage",
    top: "oben",
    cards: (n) => `${n} ${n === 1 ? "Karte" : "Karten"}`,
    now: {
      play: "Am Ball",
      react: "Abwehr antwortet",
      "shot-react": "Abwehr antwortet auf den Schuss",
      aim: "Sagt die Ecke an",
      block: "Kann halten",
      kick: "Freistoß oder Vorteil",
      "only-goal-cards": "Wirft Torkarten ab",
    },
    teamCards: "Teamkarten",
    defenceCards: "Abwehrkarten",
    attacking: "im Angriff",
    defending: "in der Abwehr",
  },
};

const words = (ui) => WORDS[ui && ui.lang === "de" ? "de" : "en"];

/** Load client.css once. */
function styles() {
  if (typeof document === "undefined" || document.querySelector("link[data-bohnkick-css]")) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = CSS;
  link.dataset.bohnkickCss = "1";
  document.head.append(link);
}

const myTeam = (o, ui) => (ui.me === null || ui.me === undefined ? null : ui.seatOf(o, ui.me).team);

function who(s, ui, w) {
  if (s === null || s === undefined || s < 0) return "-";
  return s === ui.me ? w.yourSeat(s) : w.seat(s);
}

/** A football, drawn in SVG. */
function ball(cls = "bk-ballmark") {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "-10 -10 20 20");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const add = (tag, attrs) => {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    svg.append(n);
  };
  add("circle", { r: 9.2, fill: "#fff", stroke: "#222", "stroke-width": 1.2 });
  add("polygon", { points: "0,-3.6 3.4,-1.1 2.1,2.9 -2.1,2.9 -3.4,-1.1", fill: "#222" });
  for (const a of [0, 72, 144, 216, 288]) {
    const r = (a - 90) * (Math.PI / 180);
    add("line", { x1: 3.6 * Math.cos(r), y1: 3.6 * Math.sin(r), x2: 8.6 * Math.cos(r), y2: 8.6 * Math.sin(r), stroke: "#222", "stroke-width": 1 });
  }
  return svg;
}

/** Mark ``node`` for the game page's motion: as the token ``key`` (the ball,
 * which travels wherever it is drawn next), or as the place ``zone``. */
function motionKey(node, key, zone) {
  if (key) node.dataset.motionKey = key;
  if (zone) node.dataset.zone = zone;
  return node;
}

function teamChip(t, o, ui, w, long = false) {
  const mine = myTeam(o, ui) === t;
  return ui.el(
    "span",
    { class: `bk-team bk-t${t}`, dataset: { team: t } },
    ui.el("span", { class: "bk-dot", "aria-hidden": "true" }),
    long ? w.teamLong(t) : w.team[t],
    // "your team", not "you": beside the partner's seat too (Bohnkick for 4)
    mine ? ui.el("small", { class: "bk-you" }, ` (${w.yourTeam})`) : null,
  );
}

/** The lines of a pitch, in SVG (behind the attack). */
function lines() {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 200 100");
  svg.setAttribute("preserveAspectRatio", "none");
  svg.setAttribute("class", "bk-lines");
  svg.setAttribute("aria-hidden", "true");
  const add = (tag, attrs) => {
    const n = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) n.setAttribute(k, String(v));
    svg.append(n);
  };
  add("rect", { x: 2, y: 3, width: 196, height: 94 });
  add("line", { x1: 100, y1: 3, x2: 100, y2: 97 });
  add("ellipse", { cx: 100, cy: 50, rx: 16, ry: 24 });
  add("rect", { x: 2, y: 22, width: 30, height: 56 });
  add("rect", { x: 168, y: 22, width: 30, height: 56 });
  add("rect", { x: 2, y: 38, width: 10, height: 24 });
  add("rect", { x: 188, y: 38, width: 10, height: 24 });
  return svg;
}

/** Team ``t``'s goal, seen from the shooter: four corners; the aimed one marked. */
function goal(t, o, ui, w) {
  const { el } = ui;
  const targeted = !!o.shot && o.attacking_team !== t;
  const net = el("div", { class: "bk-net" });
  for (const c of CORNERS) {
    const aimed = targeted && o.corner === c;
    net.append(
      el(
        "div",
        {
          class: `bk-corner${aimed ? " bk-aimed" : ""}`,
          dataset: aimed ? { corner: c, aimed: "yes", testid: "aimed-corner" } : { corner: c },
          title: w.corner[c],
          role: "img",
          "aria-label": w.corner[c],
        },
        aimed ? motionKey(ball(), "ball") : null,
      ),
    );
  }
  return el(
    "div",
    {
      class: `bk-goal bk-t${t}${targeted ? " bk-targeted" : ""}`,
      dataset: { testid: `goal-${t}`, team: t, zone: `goal:${t}` },
      title: w.goalOf(t),
      role: "group",
      "aria-label": w.goalOf(t),
    },
    el("span", { class: "bk-goal-label" }, el("span", { class: "bk-dot", "aria-hidden": "true" }), w.goalWord),
    net,
  );
}

/** A team's side: its deck, discard, run-outs and the goals it scored. */
function side(t, o, ui, w) {
  const { el, card, cards } = ui;
  const goals = o.goals[t] || [];
  const back = card(null, { class: `bk-back bk-back-t${t}` });
  return el(
    "aside",
    { class: `bk-side bk-t${t}`, dataset: { testid: `team-${t}`, team: t } },
    el(
      "div",
      { class: "bk-side-head" },
      teamChip(t, o, ui, w),
      el(
        "div",
        { class: "bk-players", dataset: { testid: `players-${t}` } },
        (o.seats || [])
          .map((x, i) => (x.team === t ? w.short(i, i === ui.me) : null))
          .filter(Boolean)
          .join(", "),
      ),
    ),
    el(
      "div",
      { class: "bk-pile", dataset: { zone: `deck:${t}`, count: o.team_decks[t] } },
      back,
      el(
        "span",
        {},
        `${w.deck} ${o.team_decks[t]}`,
        el("br"),
        el(
          "span",
          { dataset: { zone: `discard:${t}`, count: (o.team_discards || [[], []])[t].length } },
          `${w.discard} ${(o.team_discards || [[], []])[t].length}`,
        ),
        el("br"),
        `${w.runOut} ${o.runouts[t]}×`,
      ),
    ),
    el(
      "div",
      { class: "bk-scored", dataset: { testid: `goals-${t}`, zone: `goals:${t}` } },
      el("span", { class: "bk-k" }, `${w.goals}: `),
      goals.length ? el("span", { class: "bk-scored-cards" }, ...cards(goals)) : w.none,
    ),
  );
}

/** Who must act now, in words. */
function nowLine(o, ui, w) {
  const label = w.now[o.phase];
  if (!label) return null;
  const seats = ["play", "aim", "kick", "only-goal-cards"].includes(o.phase)
    ? [o.to_play]
    : o.waiting_for && o.waiting_for.length
      ? o.waiting_for
      : [o.reactor];
  return ui.el(
    "p",
    { class: "bk-now", dataset: { testid: "pitch-now" } },
    ui.el("span", { class: "bk-k" }, `${label}: `),
    seats.map((s) => who(s, ui, w)).join(", "),
  );
}

/** The attack in progress: its cards in order, each with who played it, then the ball. */
function attackPath(o, ui, w) {
  const { el, card } = ui;
  const played = o.played || [];
  const path = el("ol", { class: "bk-path", dataset: { testid: "played", zone: "played" }, "aria-label": w.path });
  played.forEach((k, i) => {
    const by = o.played_by[i];
    const team = ui.seatOf(o, by).team;
    path.append(
      el(
        "li",
        { class: `bk-step bk-t${team ?? o.attacking_team}`, dataset: { testid: "played-card", seat: by } },
        card(k),
        el("small", { class: "bk-by", title: who(by, ui, w) }, w.short(by, by === ui.me)),
      ),
    );
  });
  if (o.ball) {
    path.append(
      el(
        "li",
        { class: "bk-step bk-ball", dataset: { testid: "ball", zone: "ball" } },
        motionKey(el("span", { class: "bk-ballwrap" }, card(o.ball), ball()), "ball"),
        el("small", { class: "bk-by" }, w.ball, o.after_cross ? el("br") : null, o.after_cross ? w.afterCross : null),
      ),
    );
  }
  return path;
}

/** Who won, once the game is over: " · National wins" or " · a draw". */
function outcome(o, ui, w) {
  if (o.score[0] === o.score[1]) return ` · ${w.draw}`;
  return ` · ${w.wins(o.score[0] > o.score[1] ? 0 : 1)}`;
}

/** The pitch: the score, the attack in progress, the decks. */
export function table(o, box, ui) {
  styles();
  const { el, card, cardRow } = ui;
  const w = words(ui);
  const att = o.attacking_team;
  const over = o.phase === "over" || !!o.result;
  const pitch = el("div", { class: `bk-pitch bk-attack-${att}`, dataset: { testid: "pitch", attacking: att, lang: ui.lang === "de" ? "de" : "en" } });
  // the scoreboard
  pitch.append(
    el(
      "div",
      { class: "bk-board" },
      el(
        "div",
        { class: "score bk-score", dataset: { testid: "score" }, "aria-label": `${w.team[0]} ${o.score[0]} : ${o.score[1]} ${w.team[1]}` },
        teamChip(0, o, ui, w),
        el("b", { class: "bk-num" }, String(o.score[0])),
        el("span", { class: "bk-colon" }, ":"),
        el("b", { class: "bk-num" }, String(o.score[1])),
        teamChip(1, o, ui, w),
      ),
      el(
        "div",
        { class: "bk-attack", dataset: { testid: "attack" } },
        over
          ? el("strong", {}, w.fullTime, outcome(o, ui, w))
          : el("span", {}, `${w.attack(o.attack)} · `, el("span", { class: `bk-dir bk-t${att}` }, w.attacks(att), att === 0 ? " →" : " ←")),
        o.last_attack && !over ? el("span", { class: "bk-last" }, ` · ${w.lastAttack}`) : null,
      ),
    ),
  );
  // the field: side, goal, lawn, goal, side
  const lawn = el("div", { class: "bk-lawn" }, lines());
  const play = el("div", { class: "bk-play" });
  if ((o.played || []).length || o.ball) play.append(attackPath(o, ui, w));
  else if (!over) play.append(el("p", { class: "bk-kickoff" }, w.kickOff));
  if (o.shot) {
    const s = w.shot[o.shot] || o.shot;
    play.append(
      el(
        "p",
        { class: `bk-shot bk-to-${1 - att}`, dataset: o.corner ? { testid: "shot", corner: o.corner } : { testid: "shot" } },
        ball("bk-ballicon"),
        " ",
        o.corner ? w.at(s, w.corner[o.corner]) : w.noCorner(s),
      ),
    );
  }
  if (!over) {
    const now = nowLine(o, ui, w);
    if (now) play.append(now);
  }
  lawn.append(play);
  pitch.append(el("div", { class: "bk-field" }, side(0, o, ui, w), goal(0, o, ui, w), lawn, goal(1, o, ui, w), side(1, o, ui, w)));
  // the defensive deck, shared
  const ddiscard = o.defence_discard || [];
  const foot = el(
    "div",
    { class: "bk-foot", dataset: { testid: "defence" } },
    el("span", { dataset: { zone: "defence-deck", count: o.defence_deck } }, card(null, { class: "bk-back bk-back-def" })),
    el("span", {}, `${w.defence}: ${w.cards(o.defence_deck)}`),
  );
  if (ddiscard.length) {
    const top = card(ddiscard[ddiscard.length - 1]);
    const topName = top.getAttribute("aria-label") || "";
    foot.append(
      el(
        "details",
        { class: "bk-ddiscard" },
        el("summary", {}, `${w.defenceDiscard} (${ddiscard.length})`, topName ? el("span", { class: "bk-top" }, ` · ${w.top}: ${topName}`) : null),
        motionKey(cardRow(ddiscard, w.defenceDiscard), null, "defence-discard"),
      ),
    );
  }
  pitch.append(foot);
  box.append(pitch);
}

/** A fan of ``n`` card backs (at most 8 drawn) and the count; ``zone`` names the place (none: the viewer's own). */
function fan(n, cls, ui, zone) {
  const { el, card } = ui;
  const cards = el(
    "span",
    { class: "bk-fan-cards", "aria-hidden": "true" },
    ...Array.from({ length: Math.min(n || 0, 8) }, () => card(null, { class: `bk-back ${cls}` })),
  );
  if (zone) Object.assign(cards.dataset, { zone, count: String(n || 0) });
  return el("span", { class: "bk-fan" }, cards, el("b", { class: "bk-count" }, String(n || 0)));
}

/** A seat: its team (colour-coded as on the pitch) and how many team and defensive cards it holds. */
export function seat(o, s, i, sec, ui) {
  styles();
  const { el, kv } = ui;
  const w = words(ui);
  const t = s.team;
  sec.classList.add("bk-seat", `bk-t${t}`);
  sec.dataset.team = String(t);
  const role = o.phase === "over" ? null : t === o.attacking_team ? w.attacking : w.defending;
  sec.append(
    el(
      "div",
      { class: "bk-seat-team", dataset: { testid: `team-of-${i}` } },
      teamChip(t, o, ui, w, true),
      role ? el("span", { class: "bk-role" }, ` · ${role}`) : null,
    ),
    // your own cards are in your hand below: only the others' fans are their places
    kv(w.teamCards, fan(s.hand_size, `bk-back-t${t}`, ui, i === ui.me ? null : `hand:${i}`), `hand-size-${i}`),
    kv(w.defenceCards, fan(s.defence_size, "bk-back-def", ui, i === ui.me ? null : `defence:${i}`), `defence-size-${i}`),
  );
}
