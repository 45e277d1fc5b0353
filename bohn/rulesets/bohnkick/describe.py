"""Bohnkick in words: bean football (rules/bohnkick.md), with teams, attacks,
shots and goals; no fields, no coins."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from typing import ClassVar

from bohn.describe.base import Describer
from bohn.describe.base import Sentence
from bohn.describe.terminal import fold
from bohn.describe.terminal import side_by_side
from bohn.engine.actions import Action
from bohn.engine.actions import Drop
from bohn.engine.actions import Pass
from bohn.engine.cards import CardTable
from bohn.engine.game import Result
from bohn.rulesets.bohnkick.actions import Advantage
from bohn.rulesets.bohnkick.actions import Aim
from bohn.rulesets.bohnkick.actions import Block
from bohn.rulesets.bohnkick.actions import Play
from bohn.rulesets.bohnkick.actions import Swap
from bohn.rulesets.bohnkick.actions import Tackle
from bohn.rulesets.bohnkick.catalogue import WORDS

#: the teams' names (team 0 plays the National deck, team 1 the International one)
TEAMS = (("National", "National"), ("International", "International"))


def _words(group: str) -> dict[str, tuple[str, str]]:
    """A group of the catalogue's words (``corners``, ``calls``, ``kicks``)
    in English and German, by key."""
    return {k: (str(v["en"]), str(v["de"])) for k, v in WORDS[group].items()}


#: the corners of the goal in words
CORNERS = {k: words for k, words in _words("corners").items() if k != "or"}
#: the Referee's calls in words
CALLS = _words("calls")
#: a shot being aimed (a goal card's kind, or a kick) in words
SHOTS = _words("kicks")
#: the Goalie symbol that stops each kind of shot (bohnkick §3.5.3, §4.6)
BLOCKED_BY = {
    "shot": "shot",
    "long-shot": "long-shot",
    "header": "header",
    "free-kick": "long-shot",
    "penalty": "penalty",
}
#: why an attack ended (``attack-over``)
REASONS = {
    "goal": ("a goal", "ein Tor"),
    "blocked": ("the shot was blocked", "der Schuss wurde gehalten"),
    "tackle": ("a successful tackle", "eine erfolgreiche Grätsche"),
    "striker-foul": ("a striker foul", "ein Stürmerfoul"),
    "missed-pass": ("a missed pass", "ein Fehlpass"),
    "only-goal-cards": (
        "the attacker held only goal cards",
        "der Angreifer hatte nur Torkarten",
    ),
}

HELP_EN = """\
Bohnkick (bean football) - answer with:
  <number>          the numbered action of the list
  <action text>     any action, also one not listed:
                      play h3           attacker: play team card h3 (the ball goes on)
                      pass              defender: continue (no tackle, no swap); against
                                        an aimed shot: no block, let it in
                      swap d1,d3        defender: discard 1-3 defensive cards and draw as
                                        many; a Referee card drawn for them acts
                      tackle d2         defender: play the Tackle card of the bean that
                                        played the last card
                      aim ul            shooter: name the corner (ul upper left, ur upper
                                        right, ll lower left, lr lower right)
                      block d1          defender: a Goalie card with the shot's symbol
                                        showing the aimed corner stops the shot
                      advantage         after a free kick is awarded: play on instead
                      drop h1           an opener holding only goal cards discards one
  table             show the table again
  log               the recent events
  help              this text
  quit              leave the game
Team cards are h1, h2, ... (6 in hand), defensive cards d1, d2, d3. A card names its
bean and what it does: "Green bean: pass to Garden bean" (the ball goes to the Garden
bean), "Garden bean: cross to Chili bean" (then every Chili bean card, also the header,
may follow), "Chili bean: shot".
Only the bean with the ball plays; the first card of an attack is no goal card.
Goalie cards show their symbol and corners: "Goalie (shot) ul+ll".
"""

HELP_DE = """\
Bohnkick (Bohnenfußball) - antworte mit:
  <Nummer>          die nummerierte Aktion der Liste
  <Aktionstext>     jede Aktion, auch eine nicht aufgeführte:
                      play h3           Angreifer: Teamkarte h3 spielen (der Ball läuft weiter)
                      pass              Verteidiger: weiter (keine Grätsche, kein Tausch);
                                        gegen einen gezielten Schuss: nicht halten
                      swap d1,d3        Verteidiger: 1-3 Abwehrkarten ablegen und ebenso
                                        viele ziehen; eine dafür gezogene Schiedsrichterkarte wirkt
                      tackle d2         Verteidiger: die Grätschenkarte der Bohne spielen,
                                        die die letzte Karte spielte
                      aim ul            Schütze: die Ecke nennen (ul oben links, ur oben
                                        rechts, ll unten links, lr unten rechts)
                      block d1          Verteidiger: eine Torwartkarte mit dem Symbol des
                                        Schusses und der gezielten Ecke hält den Schuss
                      advantage         nach einem gegebenen Freistoß: stattdessen weiterspielen
                      drop h1           ein Eröffner mit nur Torkarten legt eine ab
  table             den Tisch noch einmal zeigen
  log               die letzten Ereignisse
  help              dieser Text
  quit              das Spiel verlassen
Teamkarten sind h1, h2, ... (6 auf der Hand), Abwehrkarten d1, d2, d3. Eine Karte nennt
ihre Bohne und was sie tut: "Brechbohne: Pass zur Gartenbohne" (der Ball geht zur
Gartenbohne), "Gartenbohne: Flanke zur Feuerbohne" (dann darf jede Karte der Feuerbohne
folgen, auch der Kopfball), "Feuerbohne: Schuss".
Nur die Bohne mit dem Ball spielt; die erste Karte eines Angriffs ist keine Torkarte.
Torwartkarten zeigen ihr Symbol und ihre Ecken: "Torwart (Schuss) ul+ll".
"""


class BohnkickDescriber(Describer):
    """Bohnkick's words: teams, attacks, shots and goals."""

    #: this ruleset's phases in words (English, German)
    PHASE_NAMES: ClassVar[dict[str, tuple[str, str]]] = {
        "play": ("playing a card", "Ausspielen einer Karte"),
        "react": ("reacting to the attack", "Reagieren auf den Angriff"),
        "shot-react": ("reacting to the shot", "Reagieren auf den Schuss"),
        "aim": ("aiming the shot", "Zielen"),
        "block": ("blocking", "Abwehren"),
        "kick": ("kicking", "Schießen"),
        "only-goal-cards": ("only goal cards left", "nur noch Torkarten"),
    }

    ORDER: ClassVar[tuple[type[Action], ...]] = (
        Play,
        Aim,
        Block,
        Tackle,
        Pass,
        Swap,
        Advantage,
        Drop,
    )

    def __init__(self, lang: str = "en", table: CardTable | None = None) -> None:
        super().__init__(lang, table)
        #: the team's beans by their names in this language, as the catalogue
        #: gives them (``brech``: ``Green bean``, ``Brechbohne``)
        self.beans: dict[str, str] = {k: str(v[self.lang]) for k, v in WORDS["beans"].items()}

    # ---------------------------------------------------------------- words

    def bean(self, key: str) -> str:
        """A bean of the team by its name: ``Green bean``, ``Brechbohne``."""
        return self.beans.get(key, key)

    def to_bean(self, key: str) -> str:
        """Where a pass goes: ``to Green bean``, ``zur Brechbohne`` (every bean is
        feminine in German: zu der, zur)."""
        return self.w(f"to {self.bean(key)}", f"zur {self.bean(key)}")

    def with_bean(self, key: str) -> str:
        """Where the ball stays: ``with Green bean``, ``bei der Brechbohne``."""
        return self.w(f"with {self.bean(key)}", f"bei der {self.bean(key)}")

    def pick(self, table: dict[str, tuple[str, str]], key: str, default: str | None = None) -> str:
        en, de = table.get(key, (default or key, default or key))
        return self.w(en, de)

    def shot(self, kind: str) -> str:
        return self.pick(SHOTS, kind)

    def team_name(self, t: int) -> str:
        return self.w(*TEAMS[t]) if 0 <= t < len(TEAMS) else str(t)

    def card(self, key: str) -> str:
        """A card in words: ``Green bean: pass to Garden bean`` (German:
        ``Brechbohne: Pass zur Gartenbohne``), ``Goalie (shot): upper left or
        lower left``; the
        catalogue's name where it names the card."""
        if key in self.names:
            return self.name(key)
        key_bean, sep, kind = key.partition("/")
        if sep:
            bean = self.bean(key_bean)
            if kind.startswith("pass:"):
                to = self.to_bean(kind[5:])
                return self.w(f"{bean}: pass {to}", f"{bean}: Pass {to}")
            if kind == "cross":
                to = self.to_bean("feuer")
                return self.w(f"{bean}: cross {to}", f"{bean}: Flanke {to}")
            if kind == "dribble":
                return self.w(f"{bean}: dribble", f"{bean}: Dribbling")
            return f"{bean}: {self.pick(SHOTS, kind, kind.replace('-', ' '))}"
        what, _, rest = key.partition(":")
        if what == "referee":
            return self.w("Referee: ", "Schiedsrichter: ") + self.pick(CALLS, rest)
        if what == "tackle":
            return self.w(f"Tackle {self.bean(rest)}", f"Grätsche gegen die {self.bean(rest)}")
        if what == "goalie":
            symbol, _, corners = rest.partition(":")
            where = self.w(" or ", " oder ").join(
                self.pick(CORNERS, c) for c in corners.split("+") if c
            )
            return self.w(
                f"Goalie ({self.shot(symbol)}): {where}",
                f"Torwart ({self.shot(symbol)}): {where}",
            )
        return key

    def count(self, n: int) -> str:
        return self.ncards(n)

    def card_list(self, keys: list[Any]) -> str:
        return ", ".join(self.card(str(k)) for k in keys) if keys else self.w("none", "keine")

    def corner(self, corner: Any) -> str:
        """A corner in words: ``upper left corner``."""
        name = self.pick(CORNERS, str(corner))
        return self.w(f"{name} corner", f"Ecke {name}")

    def ball_after(self, key: str) -> str:
        """Where the ball is after team card ``key`` is played (bohnkick §4.1)."""
        key_bean, _, kind = key.partition("/")
        if kind.startswith("pass:"):
            to = self.to_bean(kind[5:])
            return self.w(f"the ball goes {to}", f"der Ball geht {to}")
        if kind == "cross":
            feuer = self.bean("feuer")
            return self.w(
                f"the ball goes to {feuer} after a cross (every {feuer} card, also the header, "
                "may follow)",
                f"der Ball geht nach einer Flanke zur {feuer} (jede Karte der {feuer} darf "
                "folgen, auch der Kopfball)",
            )
        if kind == "dribble":
            at = self.with_bean(key_bean)
            return self.w(f"the ball stays {at}", f"der Ball bleibt {at}")
        shot = self.shot(kind)
        return self.w(f"a {shot} on goal", f"ein {shot} aufs Tor")

    def team(self, t: int, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """A team with its name and players, counted from 1 as the seats are:
        ``team 1 (National: you, seat 3 (greedy))`` is team 0."""
        seats = [s for s, p in enumerate(obs.get("seats", [])) if p.get("team") == t]
        names = ", ".join(self.seat_name(s, seat, kinds) for s in seats)
        word = self.w("team", "Team")
        name = self.team_name(t)
        k = self.n(t)
        return f"{word} {k} ({name}: {names})" if names else f"{word} {k} ({name})"

    def score(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        score = obs.get("score") or [0, 0]
        return ", ".join(
            f"{self.team(t, obs, seat, kinds)} {score[t]} "
            + self.w(f"goal{'s' if score[t] != 1 else ''}", "Tor" if score[t] == 1 else "Tore")
            for t in (0, 1)
        )

    def goals(self, obs: dict[str, Any]) -> list[str]:
        goals = obs.get("goals") or [[], []]
        return [
            self.w(f"  goals of team {self.n(t)}: ", f"  Tore von Team {self.n(t)}: ")
            + self.card_list(list(goals[t]))
            for t in (0, 1)
            if t < len(goals)
        ]

    def does(self, s: int, seat: int, kinds: dict[int, str], en: str, de: str) -> str:
        """``seat 1 (greedy) plays`` or ``you play`` (verbs in their third-person form)."""
        if s == seat:
            return self.w(f"you {en.removesuffix('s')}", f"du {de}")
        return f"{self.seat_name(s, seat, kinds)} " + self.w(en, de)

    # --------------------------------------------------------------- table

    #: the line of each phase for :meth:`phase_line`, by the phase's name
    PHASE_LINES: ClassVar[dict[str, str]] = {
        "play": "_phase_play",
        "react": "_phase_react",
        "shot-react": "_phase_shot_react",
        "aim": "_phase_aim",
        "block": "_phase_block",
        "kick": "_phase_kick",
        "only-goal-cards": "_phase_only_goal_cards",
    }

    def phase_line(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """Who acts now and what he may do."""
        phase = obs.get("phase")
        line: str | None = self.by_table("PHASE_LINES", phase, obs, seat, kinds)
        if line is not None:
            return line
        if phase == "over":
            return self.w("the game is over", "das Spiel ist aus")
        return self.w(f"phase {phase}", f"Phase {phase}")

    def _phase_play(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """``play``: the attacker opens the attack or plays its next team card."""
        mover = int(obs.get("to_play", -1))
        mover_name = self.seat_name(mover, seat, kinds)
        me = mover == seat
        if not obs.get("played", []):
            return self.w(
                f"{self.does(mover, seat, kinds, 'opens', '')} the attack: any team card but "
                "a goal card",
                f"{mover_name} {'eröffnest' if me else 'eröffnet'} den Angriff: jede "
                "Teamkarte außer einer Torkarte",
            )
        return self.w(
            f"{self.does(mover, seat, kinds, 'plays', '')} the next team card: a card of the "
            "bean with the ball",
            f"{mover_name} {'spielst' if me else 'spielt'} die nächste Teamkarte: eine "
            "Karte der Bohne mit dem Ball",
        )

    def _phase_react(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """``react``: the defender continues, swaps or tackles; then the attack goes on."""
        n = int(obs.get("players", 2))
        reactor = int(obs.get("reactor", -1))
        played = [str(k) for k in obs.get("played", [])]
        acting = played[-1].partition("/")[0] if played else "?"
        if self.de:
            nxt = ""
            if reactor >= 0:
                after = (reactor + 1) % n
                nxt = f"{self.seat_name(after, seat, kinds)} {'spielst' if after == seat else 'spielt'} weiter"
            tackle = f" oder die {self.bean(acting)} grätschen" if n == 2 else ""
            return (
                f"{self.seat_name(reactor, seat, kinds)} "
                f"{'reagierst' if reactor == seat else 'reagiert'}: weiter, "
                f"Abwehrkarten tauschen{tackle}; dann {nxt}"
            )
        nxt = self.does((reactor + 1) % n, seat, kinds, "plays on", "") if reactor >= 0 else ""
        tackle = f" or tackle {self.bean(acting)}" if n == 2 else ""
        return (
            f"{self.does(reactor, seat, kinds, 'reacts', '')}: continue, swap defensive "
            f"cards{tackle}; then {nxt}"
        )

    def _phase_shot_react(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """``shot-react``: the defender may tackle the shot or let it be aimed."""
        reactor_name = self.seat_name(int(obs.get("reactor", -1)), seat, kinds)
        played = [str(k) for k in obs.get("played", [])]
        acting = played[-1].partition("/")[0] if played else "?"
        shot = self.shot(str(obs.get("shot")))
        return self.w(
            f"{reactor_name} may tackle the {shot} (Tackle {self.bean(acting)}) or continue",
            f"{reactor_name} darf den {shot} abgrätschen ({self.card(f'tackle:{acting}')}) "
            "oder weiter",
        )

    def _phase_aim(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """``aim``: the shooter names a corner."""
        mover = int(obs.get("to_play", -1))
        shot = self.shot(str(obs.get("shot")))
        return self.w(
            f"{self.does(mover, seat, kinds, 'aims', '')} the {shot} at a corner",
            f"{self.seat_name(mover, seat, kinds)} {'zielst' if mover == seat else 'zielt'} "
            f"mit dem {shot} auf eine Ecke",
        )

    def _phase_block(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """``block``: the Goalie card that would stop the aimed shot."""
        reactor_name = self.seat_name(int(obs.get("reactor", -1)), seat, kinds)
        symbol = BLOCKED_BY.get(str(obs.get("shot")))
        sym = self.shot(symbol) if symbol else "?"
        corner = self.pick(CORNERS, str(obs.get("corner")), "?")
        return self.w(
            f"{reactor_name} may block with a Goalie card ({sym} symbol showing the "
            f"{corner} corner) or let it in",
            f"{reactor_name} darf mit einer Torwartkarte halten (Symbol {sym}, Ecke "
            f"{corner}) oder ihn durchlassen",
        )

    def _phase_kick(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """``kick``: the free kick, to aim or to waive for advantage."""
        mover_name = self.seat_name(int(obs.get("to_play", -1)), seat, kinds)
        return self.w(
            f"FREE KICK for {mover_name}: aim it at a corner, or call advantage and play on",
            f"FREISTOSS für {mover_name}: auf eine Ecke zielen oder Vorteil rufen und "
            "weiterspielen",
        )

    def _phase_only_goal_cards(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> str:
        """``only-goal-cards``: the opener discards goal cards until another comes."""
        mover = int(obs.get("to_play", -1))
        return self.w(
            f"{self.does(mover, seat, kinds, 'holds', '')} only goal cards: discard them one "
            "at a time (drop) until another card comes; then the attack is lost",
            f"{self.seat_name(mover, seat, kinds)} {'hast' if mover == seat else 'hat'} nur "
            "Torkarten: eine nach der anderen ablegen (drop), bis eine andere Karte kommt; dann "
            "ist der Angriff verloren",
        )

    def screen(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None = None
    ) -> list[str]:
        """The match as ``seat`` sees it: the attack and the score, what happens
        now, the cards played, the ball and the shot, the piles, the players and
        ``seat``'s own cards."""
        return [
            "",
            *self._screen_head(obs, seat, kinds),
            *self._screen_played(obs),
            *self._screen_ball(obs),
            *self._screen_shot(obs),
            *self._screen_piles(obs),
            "",
            *self._screen_players(obs, seat, kinds),
            "",
            *self._screen_cards(obs, seat),
        ]

    def _screen_head(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """The attack and its phase, the score, the goals, who attacks and who acts now."""
        lines: list[str] = []
        team = int(obs.get("attacking_team", 0))
        lines.append(
            self.w(
                f"=== Bohnkick - attack {obs.get('attack')} - phase: {self.phase_name(obs.get('phase'))} ===",
                f"=== Bohnkick - Angriff {obs.get('attack')} - Phase: {self.phase_name(obs.get('phase'))} ===",
            )
            + (self.w("   LAST ATTACK", "   LETZTER ANGRIFF") if obs.get("last_attack") else "")
        )
        lines.append(self.w("score: ", "Spielstand: ") + self.score(obs, seat, kinds))
        lines += self.goals(obs)
        if obs.get("phase") != "over":
            opener = self.seat_name(int(obs.get("opener", -1)), seat, kinds)
            lines.append(
                self.w(
                    f"attacking: {self.team(team, obs, seat, kinds)}; the attack was opened by "
                    f"{opener}",
                    f"im Angriff: {self.team(team, obs, seat, kinds)}; eröffnet hat den Angriff "
                    f"{opener}",
                )
            )
            lines.append(self.w("now: ", "jetzt: ") + self.phase_line(obs, seat, kinds))
        return lines

    def _screen_played(self, obs: dict[str, Any]) -> list[str]:
        """The team cards of this attack, numbered in the order they were played."""
        played = [str(k) for k in obs.get("played", [])]
        if played:
            return [
                self.w("played in this attack: ", "gespielt in diesem Angriff: ")
                + "  ".join(f"{i + 1}) {self.card(k)}" for i, k in enumerate(played))
            ]
        if obs.get("phase") != "over":
            return [
                self.w(
                    "played in this attack: nothing yet", "gespielt in diesem Angriff: noch nichts"
                )
            ]
        return []

    def _screen_ball(self, obs: dict[str, Any]) -> list[str]:
        """The bean with the ball, and what may follow a cross."""
        ball = obs.get("ball")
        if not ball:
            return []
        cross = ""
        if obs.get("after_cross"):
            feuer = self.bean("feuer")
            cross = self.w(
                f" - after a cross: every {feuer} card, also the header, may follow",
                f" - nach einer Flanke: jede Karte der {feuer} darf folgen, auch der Kopfball",
            )
        at = self.with_bean(str(ball))
        return [self.w(f"ball: {at}{cross}", f"Ball: {at}{cross}")]

    def _screen_shot(self, obs: dict[str, Any]) -> list[str]:
        """The shot on goal, its corner and the Goalie symbol that blocks it."""
        if not obs.get("shot"):
            return []
        shot = str(obs["shot"])
        if obs.get("corner"):
            aim = self.w(
                f" at the {self.corner(obs['corner'])}",
                f" auf die {self.corner(obs['corner'])}",
            )
        else:
            aim = self.w(" (no corner named yet)", " (noch keine Ecke genannt)")
        symbol = BLOCKED_BY.get(shot)
        sym = self.shot(symbol) if symbol else "?"
        return [
            self.w(
                f"shot on goal: {self.shot(shot)}{aim}; only a Goalie card with the "
                f"{sym} symbol blocks it",
                f"Schuss aufs Tor: {self.shot(shot)}{aim}; nur eine Torwartkarte mit dem "
                f"Symbol {sym} hält ihn",
            )
        ]

    def _screen_piles(self, obs: dict[str, Any]) -> list[str]:
        """The teams' decks and discard piles, the defensive deck, the last attack."""
        lines: list[str] = []
        decks = obs.get("team_decks") or [0, 0]
        discards = obs.get("team_discards") or [[], []]
        runouts = obs.get("runouts") or [0, 0]
        for t in (0, 1):
            r = int(runouts[t])
            deck, pile = self.count(int(decks[t])), self.count(len(discards[t]))
            lines.append(
                self.w(
                    f"team {self.n(t)} ({self.team_name(t)}) deck: {deck}, discard pile {pile}, "
                    f"ran out {r} time{'s' if r != 1 else ''}",
                    f"Team {self.n(t)} ({self.team_name(t)}) Stapel: {deck}, Ablagestapel "
                    f"{pile}, {r}-mal aufgebraucht",
                )
            )
        ddiscard = [str(k) for k in obs.get("defence_discard", [])]
        top = self.w(" (top: ", " (oben: ") + self.card(ddiscard[-1]) + ")" if ddiscard else ""
        lines.append(
            self.w(
                f"defensive deck: {self.count(int(obs.get('defence_deck', 0)))}   its discard "
                f"pile: {self.count(len(ddiscard))}{top}",
                f"Abwehrstapel: {self.count(int(obs.get('defence_deck', 0)))}   sein "
                f"Ablagestapel: {self.count(len(ddiscard))}{top}",
            )
        )
        if obs.get("last_attack"):
            lines.append(
                self.w(
                    "LAST ATTACK: the second team deck has run out; no more team cards are drawn "
                    "and the game ends with this attack",
                    "LETZTER ANGRIFF: der zweite Teamstapel ist aufgebraucht; es werden keine "
                    "Teamkarten mehr gezogen und das Spiel endet mit diesem Angriff",
                )
            )
        return lines

    def _screen_players(self, obs: dict[str, Any], seat: int, kinds: dict[int, str]) -> list[str]:
        """Every player with his team and card counts, ``*`` marking who acts."""
        lines: list[str] = []
        active = {int(obs.get("to_play", -1)), int(obs.get("reactor", -1))}
        for s, p in enumerate(obs["seats"]):
            mark = "*" if s in active else " "
            name = self.seat_name(s, seat, kinds)
            lines.append(
                self.w(
                    f"{mark} {name} (team {self.n(p.get('team'))}): {p.get('hand_size')} team "
                    f"cards, {p.get('defence_size')} defensive cards",
                    f"{mark} {name} (Team {self.n(p.get('team'))}): {p.get('hand_size')} "
                    f"Teamkarten, {p.get('defence_size')} Abwehrkarten",
                )
            )
        return lines

    def _screen_cards(self, obs: dict[str, Any], seat: int) -> list[str]:
        """``seat``'s own team cards (``h1``, ...) and defensive cards (``d1``, ...)."""
        me = obs["seats"][seat]
        hand = [str(k) for k in me.get("hand", [])]
        defence = [str(k) for k in me.get("defence", [])]
        none = self.w("none", "keine")
        return [
            self.w("your team cards: ", "deine Teamkarten: ")
            + ("   ".join(f"h{i} {self.card(k)}" for i, k in enumerate(hand, 1)) or none),
            self.w("your defensive cards: ", "deine Abwehrkarten: ")
            + ("   ".join(f"d{i} {self.card(k)}" for i, k in enumerate(defence, 1)) or none),
        ]

    def compact_lines(
        self, obs: dict[str, Any], seat: int, kinds: dict[int, str], asking: str | None, layout: int
    ) -> list[tuple[int, str]]:
        """The match in lines of 80 columns: the attack and the score, what
        happens now, the cards played, the ball and the shot, the teams with
        their players' cards, your cards; the decks and then the goals give
        way when it is too tall (``table`` shows everything)."""
        out: list[tuple[int, str]] = []

        def add(rank: int, line: str) -> None:
            out.extend((rank, x) for x in fold(line))

        score = obs.get("score") or [0, 0]
        add(
            0,
            self.w(
                f"=== Bohnkick - attack {obs.get('attack')} - "
                f"{self.phase_name(obs.get('phase'))} ===",
                f"=== Bohnkick - Angriff {obs.get('attack')} - "
                f"{self.phase_name(obs.get('phase'))} ===",
            )
            + f"  {self.team_name(0)} {score[0]} : {score[1]} {self.team_name(1)}",
        )
        if obs.get("last_attack"):
            add(
                0,
                self.w("LAST ATTACK: no more team cards", "LETZTER ANGRIFF: keine Teamkarten mehr"),
            )
        kept = (
            self.w("now: ", "jetzt: "),
            self.w("played in this attack: ", "gespielt in diesem Angriff: "),
            self.w("ball: ", "Ball: "),
            self.w("shot on goal: ", "Schuss aufs Tor: "),
            self.w("team ", "Team "),
            self.w("defensive deck: ", "Abwehrstapel: "),
        )
        played = [self.card(str(k)) for k in obs.get("played", [])]
        for line in self.screen(obs, seat, kinds, asking):
            if line.startswith(kept[1]) and played:  # a sequence, not keys: "1) ..."
                add(0, kept[1] + " -> ".join(played))
            elif line.startswith(kept):
                deck = line.startswith(kept[4:])
                add(1 if deck else 0, line)
        for line in self.goals(obs):
            add(2, line.strip())
        active = {int(obs.get("to_play", -1)), int(obs.get("reactor", -1))}
        attacker = int(obs.get("attacking_team", -1)) if obs.get("phase") != "over" else -1
        for t in (0, 1):
            players = [
                ("*" if s in active else "")
                + f"{self.seat_name(s, seat, kinds)} {p.get('hand_size')}+{p.get('defence_size')}"
                for s, p in enumerate(obs["seats"])
                if p.get("team") == t
            ]
            attacking = self.w(", attacking", ", im Angriff") if t == attacker else ""
            counted = self.w("team+defensive cards", "Team+Abwehrkarten")
            add(
                0,
                f"{self.w('team', 'Team')} {self.n(t)} {self.team_name(t)} ({counted}{attacking}): "
                + ", ".join(players),
            )
        me = obs["seats"][seat]
        none = self.w("none", "keine")
        hand = [f"h{i} {self.card(str(k))}" for i, k in enumerate(me.get("hand", []), 1)]
        defence = [f"d{i} {self.card(str(k))}" for i, k in enumerate(me.get("defence", []), 1)]
        for title, cards in (
            (self.w("your team cards:", "deine Teamkarten:"), hand),
            (self.w("your defensive cards:", "deine Abwehrkarten:"), defence),
        ):
            lines = side_by_side([title, *(cards or [none])], "    ")
            out += [(0, lines[0][4:])] + [(0, x) for x in lines[1:]]
        return out

    def final_lines(
        self, r: Result, obs: dict[str, Any], seat: int, kinds: dict[int, str]
    ) -> list[str]:
        """The score, the scoring cards, the winner or a draw."""
        out = [
            self.w("  score: ", "  Spielstand: ") + self.score(obs, seat, kinds),
            *self.goals(obs),
        ]
        score = obs.get("score") or [0, 0]
        if score[0] == score[1]:
            out.append(
                self.w(f"a draw: {score[0]} goals each", f"unentschieden: je {score[0]} Tore")
            )
        else:
            best = 0 if score[0] > score[1] else 1
            out.append(self.w("winner: ", "gewonnen hat: ") + self.team(best, obs, seat, kinds))
        return out

    def help(self) -> str:
        return self.w(HELP_EN, HELP_DE)

    # ------------------------------------------------------------- actions

    #: the sentence of each kind of action for :meth:`action`, in the order tried
    ACTIONS: ClassVar[dict[type[Action], str]] = {
        Play: "_action_play",
        Pass: "_action_pass",
        Swap: "_action_swap",
        Tackle: "_action_tackle",
        Aim: "_action_aim",
        Block: "_action_block",
        Advantage: "_action_advantage",
        Drop: "_action_drop",
    }

    def action(self, a: Action, obs: dict[str, Any], seat: int, price: Any = None) -> str:
        """A sentence for one of ``seat``'s legal actions: what it does to the attack."""
        for kind, name in self.ACTIONS.items():
            if isinstance(a, kind):
                sentence: Callable[[Action, dict[str, Any], int], str] = getattr(self, name)
                return sentence(a, obs, seat)
        return self.text(a)

    def _own(self, obs: dict[str, Any], seat: int, zone: str) -> list[str]:
        """``seat``'s own cards of ``zone`` (``hand`` or ``defence``) by their keys."""
        return [str(k) for k in obs["seats"][seat].get(zone, [])]

    def _hand_card(self, obs: dict[str, Any], seat: int, i: int) -> str:
        """``seat``'s team card ``i`` (from 0) in words, or its reference where it has none."""
        hand = self._own(obs, seat, "hand")
        return f"{self.card(hand[i])}" if 0 <= i < len(hand) else self.ref(f"h{i}")

    def _defence_card(self, obs: dict[str, Any], seat: int, i: int) -> str:
        """``seat``'s defensive card ``i`` (from 0) in words, or its reference where it has none."""
        defence = self._own(obs, seat, "defence")
        return f"{self.card(defence[i])}" if 0 <= i < len(defence) else self.ref(f"d{i}")

    def _action_play(self, a: Play, obs: dict[str, Any], seat: int) -> str:
        """Playing a team card: where the ball goes, or the shot and what follows it."""
        hand = self._own(obs, seat, "hand")
        n = int(obs.get("players", 2))
        card = self._hand_card(obs, seat, a.card)
        key = hand[a.card] if 0 <= a.card < len(hand) else "?"
        first = not obs.get("played")
        kind = key.partition("/")[2]
        if kind in SHOTS:
            shot = self.shot(kind)
            if self.de:
                after = (
                    "der Verteidiger darf grätschen, dann zielst du auf eine Ecke"
                    if n == 2
                    else "als Nächstes zielst du auf eine Ecke"
                )
                opens = "den Angriff eröffnen mit" if first else "spielen:"
                return f"{opens} {card}: ein {shot} aufs Tor; {after}"
            after = (
                "the defender may tackle, then you aim at a corner"
                if n == 2
                else "you aim at a corner next"
            )
            opens = "open the attack with" if first else "play"
            return f"{opens} {card}: a {shot} on goal; {after}"
        opens = self.w(
            "open the attack with" if first else "play",
            "den Angriff eröffnen mit" if first else "spielen:",
        )
        return f"{opens} {card}: {self.ball_after(key)}"

    def _action_pass(self, a: Pass, obs: dict[str, Any], seat: int) -> str:
        """Passing: the defender continues, or lets the aimed shot in."""
        n = int(obs.get("players", 2))
        phase = obs.get("phase")
        shot_name = self.shot(str(obs.get("shot")))
        if phase == "react":
            return self.w(
                "continue: no swap, no tackle; the attack goes on",
                "weiter: kein Tausch, keine Grätsche; der Angriff geht weiter",
            )
        if phase == "shot-react":
            return self.w(
                f"continue: no tackle; the {shot_name} is aimed at a corner next",
                f"weiter: keine Grätsche; mit dem {shot_name} wird als Nächstes auf eine "
                "Ecke gezielt",
            )
        if phase == "block":
            if n == 4:
                return self.w(
                    f"do not block the {shot_name}: a goal unless your partner still blocks it",
                    f"den {shot_name} nicht halten: ein Tor, außer dein Partner hält ihn noch",
                )
            return self.w(
                f"let the {shot_name} in: no block, a goal for the attackers",
                f"den {shot_name} durchlassen: kein Halten, ein Tor für die Angreifer",
            )
        return self.w("pass", "passen")

    def _action_swap(self, a: Swap, obs: dict[str, Any], seat: int) -> str:
        """Swapping defensive cards, and what a Referee card drawn for them does."""
        n = int(obs.get("players", 2))
        cards = ", ".join(self._defence_card(obs, seat, i) for i in a.cards)
        k = len(a.cards)
        text = self.w(
            f"swap {cards}: discard and draw {k} new defensive card{'s' if k != 1 else ''}",
            f"{cards} tauschen: ablegen und {k} neue Abwehrkarte{'n' if k != 1 else ''} ziehen",
        )
        if n == 2:
            text += self.w(
                "; a Referee card drawn for them acts (free kick or penalty for the "
                "attackers, a striker foul ends the attack)",
                "; eine dafür gezogene Schiedsrichterkarte wirkt (Freistoß oder Elfmeter für "
                "die Angreifer, ein Stürmerfoul beendet den Angriff)",
            )
        return text

    def _action_tackle(self, a: Tackle, obs: dict[str, Any], seat: int) -> str:
        """Tackling the bean that played the last card, and the attack's end."""
        defence = self._own(obs, seat, "defence")
        bean = self.bean(defence[a.card].partition(":")[2]) if 0 <= a.card < len(defence) else "?"
        card = self._defence_card(obs, seat, a.card)
        return self.w(
            f"tackle {bean} with {card}: draw 1 defensive card; the attack is over "
            "unless it is a Referee free kick or penalty (then the attackers get that kick)",
            f"die {bean} mit {card} grätschen: 1 Abwehrkarte ziehen; der Angriff ist vorbei, "
            "außer sie ist ein Freistoß oder Elfmeter des Schiedsrichters (dann bekommen die "
            "Angreifer diesen Stoß)",
        )

    def _action_aim(self, a: Aim, obs: dict[str, Any], seat: int) -> str:
        """Aiming the shot, or taking the free kick, at a corner."""
        corner = self.corner(a.corner)
        if obs.get("phase") == "kick":
            return self.w(
                f"take the free kick at the {corner}", f"den Freistoß auf die {corner} treten"
            )
        shot_name = self.shot(str(obs.get("shot")))
        return self.w(
            f"aim the {shot_name} at the {corner}",
            f"mit dem {shot_name} auf die {corner} zielen",
        )

    def _action_block(self, a: Block, obs: dict[str, Any], seat: int) -> str:
        """Blocking the shot with a Goalie card."""
        shot_name = self.shot(str(obs.get("shot")))
        card = self._defence_card(obs, seat, a.card)
        return self.w(
            f"block the {shot_name} with {card}: no goal, the attack is over",
            f"den {shot_name} mit {card} halten: kein Tor, der Angriff ist vorbei",
        )

    def _action_advantage(self, a: Advantage, obs: dict[str, Any], seat: int) -> str:
        """Calling advantage: the shot or the attack goes on instead of the free kick."""
        played = [str(k) for k in obs.get("played", [])]
        last = played[-1].partition("/")[2] if played else ""
        if last in SHOTS:  # the foul came on a goal card: that shot goes on
            shot = self.shot(last)
            return self.w(
                f"advantage: no free kick; your {shot} goes on, you aim it at a corner next",
                f"Vorteil: kein Freistoß; dein {shot} geht weiter, als Nächstes zielst du auf "
                "eine Ecke",
            )
        key = str(obs.get("ball") or "")
        at = self.with_bean(key) if key else self.w("with the same bean", "bei derselben Bohne")
        return self.w(
            f"advantage: no free kick, the attack goes on (the ball stays {at})",
            f"Vorteil: kein Freistoß, der Angriff geht weiter (der Ball bleibt {at})",
        )

    def _action_drop(self, a: Drop, obs: dict[str, Any], seat: int) -> str:
        """Discarding a goal card from a hand of goal cards only."""
        card = self._hand_card(obs, seat, a.card)
        return self.w(
            f"discard the goal card {card} and draw a replacement (you hold only goal "
            "cards; the attack is lost once another card comes)",
            f"die Torkarte {card} ablegen und Ersatz ziehen (du hast nur Torkarten; der "
            "Angriff ist verloren, sobald eine andere Karte kommt)",
        )

    # -------------------------------------------------------------- events

    #: Bohnkick's events (:meth:`Describer.event`): a sentence, or the method
    #: that words one; others: the base's
    EVENTS: ClassVar[dict[str, str | Sentence]] = {
        "attack": Sentence(
            "--- attack {attack}: {who} opens it for {team}",
            "--- Angriff {attack}: {who} eröffnet ihn für {team}",
        ),
        "play": Sentence("{who} played {card}: {ball}", "{who} spielte {card}: {ball}"),
        "draw": "_event_draw",
        "defence-draw": "_event_draw",
        "deal": "_event_deal",
        "referee": Sentence(
            "{who} drew a Referee card ({referee}): shown and discarded",
            "{who} zog eine Schiedsrichterkarte ({referee}): gezeigt und abgelegt",
        ),
        "call": "_event_call",
        "swap": Sentence("{who} swapped {cards}", "{who} tauschte {cards}"),
        "tackle": Sentence("{who} tackled with {card}", "{who} grätschte mit {card}"),
        "missed-pass": Sentence(
            "{who} has no card for the bean with the ball: a missed pass, the ball is lost",
            "{who} hat keine Karte für die Bohne mit dem Ball: ein Fehlpass, der Ball ist verloren",
        ),
        "aim": Sentence(
            "{who} aimed the {shot} at the {corner}",
            "{who} zielte mit dem {shot} auf die {corner}",
        ),
        "block": Sentence(
            "{who} blocked the shot with {card}", "{who} hielt den Schuss mit {card}"
        ),
        "goal": Sentence("GOAL for {team} by {who}: {card}", "TOR für {team} durch {who}: {card}"),
        "advantage": Sentence(
            "{who} called advantage: no free kick, play goes on",
            "{who} rief Vorteil: kein Freistoß, das Spiel geht weiter",
        ),
        "drop": Sentence(
            "{who} discarded the goal card {card} (only goal cards)",
            "{who} legte die Torkarte {card} ab (nur Torkarten)",
        ),
        "pass": Sentence(
            "{who} passed (continue: no tackle, swap or block)",
            "{who} passte (weiter: keine Grätsche, kein Tausch, kein Halten)",
        ),
        "deck-out": "_event_deck_out",
        "attack-over": "_event_attack_over",
        "shuffle": "_event_shuffle",
        "game-over": "_event_game_over",
    }

    def slot(self, e: dict[str, Any], me: int, name: str) -> str:
        """Bohnkick's words of an event: ``card`` and ``cards`` in words
        (:meth:`card`; cards not shown by their number), ``team`` the event's
        team, ``shot`` and ``corner`` the shot's, ``ball`` where the ball
        goes after the card played, ``referee`` a Referee card's call."""
        if name == "card":
            return self.card(str(e.get("card")))
        if name == "cards":
            return self._event_cards(e)
        if name == "team":
            return self._event_team(e)
        if name == "shot":
            return self.shot(str(e.get("shot")))
        if name == "corner":
            return self.corner(e.get("corner"))
        if name == "ball":
            return self.ball_after(str(e.get("card")))
        if name == "referee":
            return self.pick(CALLS, str(e.get("card")).partition(":")[2])
        return super().slot(e, me, name)

    def _event_team(self, e: dict[str, Any], key: str = "team") -> str:
        """The team of an event: ``team 1 (National)``."""
        tm = e.get(key)
        name = self.team_name(tm) if isinstance(tm, int) and 0 <= tm < len(TEAMS) else "?"
        return self.w(f"team {self.n(tm)} ({name})", f"Team {self.n(tm)} ({name})")

    def _event_cards(self, e: dict[str, Any]) -> str:
        """The cards of an event by name where they are shown, else their number."""
        if e.get("cards") is not None:
            return self.card_list(list(e["cards"]))
        return str(e.get("count"))

    def _event_draw(self, e: dict[str, Any], me: int) -> str:
        """Team cards (``draw``) or defensive cards (``defence-draw``) are drawn."""
        team = e.get("type") == "draw"
        en, de = ("team card", "Teamkarte") if team else ("defensive card", "Abwehrkarte")
        if e.get("cards") is not None:
            kind = self.w(en, de)
            return self.say(
                e, me, "{who} drew the {kind} {cards}", "{who} zog die {kind} {cards}", kind=kind
            )
        n = int(e.get("count", 1))
        kinds = self.w(en + "s" if n != 1 else en, de + "n" if n != 1 else de)
        return self.say(
            e, me, "{who} drew {n} {kind}", "{who} zog {n} {kind}", n=str(n), kind=kinds
        )

    def _event_deal(self, e: dict[str, Any], me: int) -> str:
        """A player is dealt his team cards."""
        if e.get("cards") is not None:
            return self.say(
                e, me, "{who} got the team cards {cards}", "{who} bekam die Teamkarten {cards}"
            )
        return self.say(e, me, "{who} got {count} team cards", "{who} bekam {count} Teamkarten")

    def _event_call(self, e: dict[str, Any], me: int) -> str:
        """The referee calls a foul: a striker foul, a free kick or a penalty."""
        call_key = str(e.get("call"))
        if call_key == "striker-foul":
            return self.w(
                "the referee calls a striker foul: the attackers fouled, the attack is over",
                "der Schiedsrichter pfeift ein Stürmerfoul: die Angreifer foulten, der Angriff "
                "ist vorbei",
            )
        call = self.pick(CALLS, call_key)
        return self.w(
            f"the referee calls a {call}: the defender fouled",
            f"der Schiedsrichter gibt {call}: der Verteidiger foulte",
        )

    def _event_deck_out(self, e: dict[str, Any], me: int) -> str:
        """A team deck runs out: its discards become its deck, or the last attack begins."""
        team = self._event_team(e)
        if e.get("final"):
            return self.w(
                f"the deck of {team} ran out and the other team's deck had run out before: "
                "LAST ATTACK, no more team cards are drawn; the game ends with this attack",
                f"der Stapel von {team} ist aufgebraucht und der des anderen Teams war es "
                "schon: LETZTER ANGRIFF, es werden keine Teamkarten mehr gezogen; das Spiel "
                "endet mit diesem Angriff",
            )
        return self.w(
            f"the deck of {team} ran out: its discard pile becomes its new deck",
            f"der Stapel von {team} ist aufgebraucht: sein Ablagestapel wird sein neuer Stapel",
        )

    def _event_attack_over(self, e: dict[str, Any], me: int) -> str:
        """The attack ends: why, and the cards that go to the discard pile."""
        why = self.pick(REASONS, str(e.get("reason")))
        played = list(e.get("cards") or [])
        gone = (
            self.w("; to the discard pile: ", "; auf den Ablagestapel: ") + self.card_list(played)
            if played
            else ""
        )
        return self.w(f"the attack is over ({why}){gone}", f"der Angriff ist vorbei ({why}){gone}")

    def _event_shuffle(self, e: dict[str, Any], me: int) -> str | None:
        """The assistant referee's pick among differing Referee cards (other shuffles: the base's)."""
        if str(e.get("pile")) != "assistant referee":
            return None
        return self.w(
            "the Referee cards drawn differ: the assistant referee shuffles them and "
            "one is picked at random",
            "die gezogenen Schiedsrichterkarten unterscheiden sich: der Linienrichter mischt "
            "sie und eine wird zufällig gezogen",
        )

    def _event_game_over(self, e: dict[str, Any], me: int) -> str:
        """The game is over: the final score, and the winning team or a draw."""
        goals = (e.get("details") or {}).get("goals") or e.get("scores") or [0, 0]
        if goals[0] == goals[1]:
            return self.w(
                f"the game is over: {goals[0]} : {goals[1]}, a draw",
                f"das Spiel ist aus: {goals[0]} : {goals[1]}, unentschieden",
            )
        best = 0 if goals[0] > goals[1] else 1
        return self.w(
            f"the game is over: {goals[0]} : {goals[1]}, team {self.n(best)} "
            f"({self.team_name(best)}) wins",
            f"das Spiel ist aus: {goals[0]} : {goals[1]}, Team {self.n(best)} "
            f"({self.team_name(best)}) gewinnt",
        )


DESCRIBER = BohnkickDescriber


#: the rules in brief (:func:`bohn.describe.summary`), English and German
SUMMARY = Sentence(
    (
        "Bohnkick: bean football for 2 players, or 4 in two partnerships sitting opposite. "
        "Each side attacks with its own team deck and defends with cards of a shared "
        "defensive deck (three in hand). An attack opens with a team card that is no goal "
        "card; then only the bean with the ball plays (a dribble keeps it, a pass or cross "
        "gives it on), the attacker drawing a team card after each. After every card the "
        "defender may pass, swap defensive cards (a Referee card drawn may call a foul) or "
        "tackle with the Tackle card of the bean that acted. A goal card is a shot: the "
        "shooter aims at a corner and the defender may block with a Goalie card of the shot's"
        " kind showing that corner, else it is a goal. Fouls give free kicks and penalties. "
        "When a team's deck runs out after the other's has, the attack in progress is the "
        "last; the side with more goals wins, equal goals are a draw."
    ),
    (
        "Bohnkick: Bohnenfußball für 2 Spieler, oder 4 in zwei Mannschaften, die Partner "
        "gegenüber. Jede Seite greift mit ihrem eigenen Mannschaftsstapel an und verteidigt "
        "mit Karten eines gemeinsamen Abwehrstapels (drei auf der Hand). Ein Angriff beginnt "
        "mit einer Mannschaftskarte, die keine Torkarte ist; dann spielt nur die Bohne mit "
        "dem Ball (ein Dribbling behält ihn, ein Pass oder eine Flanke gibt ihn weiter), und "
        "der Angreifer zieht nach jeder Karte eine Mannschaftskarte. Nach jeder Karte darf "
        "der Verteidiger passen, Abwehrkarten tauschen (eine gezogene Schiedsrichterkarte "
        "kann ein Foul pfeifen) oder mit der Grätsche der Bohne, die spielte, grätschen. Eine"
        " Torkarte ist ein Schuss: der Schütze zielt auf eine Ecke, und der Verteidiger darf "
        "mit einer Torwartkarte der Schussart, die diese Ecke zeigt, halten, sonst ist es ein"
        " Tor. Fouls geben Freistöße und Elfmeter. Ist der Stapel einer Mannschaft "
        "aufgebraucht, nachdem der andere es schon war, ist der laufende Angriff der letzte; "
        "die Seite mit mehr Toren gewinnt, gleich viele sind ein Unentschieden."
    ),
)
