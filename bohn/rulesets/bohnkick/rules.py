"""Bohnkick — ``rules/bohnkick.md``: bean football for 2, or 4 in two partnerships.

The game is a sequence of **attacks**. The attacking side plays team cards
from its hand (``play h<i>``): the first is no goal card, every later one
must be played by the bean that has the ball (§4.1), and a side without a
legal card has lost the ball (a missed pass). After each card the defender
reacts (§3.3): ``pass`` (the rulebook's "continue"), ``swap`` of 1-3
defensive cards (a Referee card drawn takes effect, §4.5) or ``tackle`` with
the Tackle card of the acting bean (§4.3). Against a goal card the defender
may tackle; then the shooter aims (``aim ul``) and a defender may block with
a Goalie card of the shot's symbol showing that corner (``block d<i>``);
otherwise it is a goal (§3.5, §4.4). A free kick may be waived for
``advantage`` (§4.6).

Seats ``s`` and ``s + 2`` form a team (seat ``s % 2``); with 2 players each
seat is a team. Team ``t`` plays with team deck ``t`` (the National team is
team 0, the International team 1). Cards are small ints into one table: the
team cards of both teams share their keys (``count`` is both teams'), and a
card's team is the zone it lies in.
"""

from __future__ import annotations

from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn._native import mypyc_attr
from bohn.engine.actions import Action
from bohn.engine.actions import Drop
from bohn.engine.actions import Pass
from bohn.engine.beans import seats_of
from bohn.engine.cards import CardTable
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import NotWaiting
from bohn.engine.errors import SetupError
from bohn.engine.game import Audience
from bohn.engine.game import Game
from bohn.engine.game import Option
from bohn.engine.game import Result
from bohn.engine.game import Words
from bohn.engine.layout import HiddenLayout
from bohn.engine.parts import CARD
from bohn.engine.parts import INT
from bohn.engine.parts import PHASE
from bohn.engine.parts import Part
from bohn.rulesets.bohnkick.actions import CORNERS
from bohn.rulesets.bohnkick.actions import Advantage
from bohn.rulesets.bohnkick.actions import Aim
from bohn.rulesets.bohnkick.actions import Block
from bohn.rulesets.bohnkick.actions import Play
from bohn.rulesets.bohnkick.actions import Swap
from bohn.rulesets.bohnkick.actions import Tackle
from bohn.rulesets.bohnkick.events import BohnkickEvent
from bohn.rulesets.bohnkick.events import PositionCommon

PLAY: Final = 0  #: the attacker plays a team card
REACT: Final = 1  #: the defender reacts to a card that is no goal card (§3.3)
SHOT_REACT: Final = 2  #: the defender may tackle a goal card (§3.5 step 1)
AIM: Final = 3  #: the shooter names the corner (§3.5 step 2, §4.6)
BLOCK: Final = 4  #: a defender may block with a Goalie card (§3.5 step 3)
KICK: Final = 5  #: a free kick is awarded: kick or advantage (§4.6)
CYCLE: Final = 6  #: the opener holds only goal cards and discards them (§3.2.2)
OVER: Final = 9

TABLE = CardTable.load("bohn.rulesets.bohnkick")
_A = TABLE.attrs
#: team cards (both teams' decks); the others are defensive cards
TEAM: tuple[bool, ...] = tuple(bool(a.get("team", False)) for a in _A)
#: one team's copies of each team card
PER_TEAM: tuple[int, ...] = tuple(int(a.get("per_team", 0)) for a in _A)
#: the kind of each card: dribble, pass, cross, shot, long-shot, header (team
#: cards); referee, tackle, goalie (defensive cards)
KIND: tuple[str, ...] = tuple(str(a["kind"]) for a in _A)
#: the shot types of goal cards
GOAL_KINDS: Final = frozenset(("shot", "long-shot", "header"))
GOAL: tuple[bool, ...] = tuple(k in GOAL_KINDS for k in KIND)
FEUER: Final = TABLE.bean_index["feuer"]
#: the bean the ball goes to after a pass or cross (-1: none)
TO: tuple[int, ...] = tuple(TABLE.bean_index[a["to"]] if "to" in a else -1 for a in _A)
#: a Referee card's call: free-kick, penalty or striker-foul ("" for other cards)
CALL: tuple[str, ...] = tuple(str(a.get("call", "")) for a in _A)
#: the bean a Tackle card stops (-1 for other cards)
AGAINST: tuple[int, ...] = tuple(
    TABLE.bean_index[a["against"]] if "against" in a else -1 for a in _A
)
#: a Goalie card's symbol: shot, long-shot, header or penalty ("" for other cards)
SYMBOL: tuple[str, ...] = tuple(str(a.get("shot", "")) for a in _A)
#: a Goalie card's corners, a bit per entry of CORNERS
GUARDS: tuple[int, ...] = tuple(
    sum(1 << CORNERS.index(c) for c in a.get("corners", ())) for a in _A
)
#: the symbol a Goalie card needs to block each kind of kick or shot
BLOCKED_BY: Final = {
    "shot": "shot",
    "long-shot": "long-shot",
    "header": "header",
    "free-kick": "long-shot",  # §4.6
    "penalty": "penalty",
}
HAND: Final = 6  #: team cards in a hand (§2.2)
DEFENCE: Final = 3  #: defensive cards in a hand (§2.3)


@mypyc_attr(allow_interpreted_subclasses=True)
class Bohnkick(Game):
    """Bohnkick, for 2 players or 4 in two partnerships (§5.1)."""

    variant = "bohnkick"
    #: where its state JSON hides cards (``bohn.engine.infostate``): team decks
    #: and the defensive deck face down; both hands private
    HIDDEN_LAYOUT: ClassVar[HiddenLayout] = HiddenLayout(
        secret=("decks", "ddeck"),
        private=("hands", "dhands"),
        piles={
            "team 0 deck": ("decks", 0),
            "team 1 deck": ("decks", 1),
            "defensive deck": ("ddeck",),
        },
    )
    title = "Bohnkick"
    min_players = 2
    max_players = 4
    player_counts = (2, 4)
    table = TABLE
    rules_file = "bohnkick"
    OPTIONS: ClassVar[dict[str, Option]] = {
        "first_player": Option(
            "first_player",
            0,
            "the seat that opens the first attack",
            kind=int,
            default_id="BK-D3",
            label=Words("First player", "Startspieler"),
            help=Words(
                "The seat that opens the first attack (seat 0 is the first in the list).",
                "Der Platz, der den ersten Angriff beginnt (Platz 0 ist der erste der Liste).",
            ),
        ),
    }
    PHASES: ClassVar[dict[int, str]] = {
        PLAY: "play",
        REACT: "react",
        SHOT_REACT: "shot-react",
        AIM: "aim",
        BLOCK: "block",
        KICK: "kick",
        CYCLE: "only-goal-cards",
        OVER: "over",
    }

    start: int
    phase: int
    #: per team: its team deck (the last card is drawn next), discard pile and goals
    decks: list[list[int]]
    discards: list[list[int]]
    goals: list[list[int]]
    #: the shared defensive deck and its discard pile
    ddeck: list[int]
    ddiscard: list[int]
    #: cards out of the game (4 players: the Referee and Tackle cards)
    box: list[int]
    #: per seat: team cards and defensive cards in hand
    hands: list[list[int]]
    dhands: list[list[int]]
    #: the team cards of the attack in progress, in the order played, and who played each
    played: list[int]
    played_by: list[int]
    #: the attacking team, the seat that opened the attack, the seat to play next
    #: and the seat that played the last team card
    team: int
    opener: int
    mover: int
    last: int
    #: the bean with the ball (-1: the attack has no card yet); a cross was the last card
    holder: int
    crossed: bool
    #: the seat that reacts or blocks now (-1: none); the defenders still to ask to block
    reactor: int
    blockers: list[int]
    #: what is being shot at goal (a goal card's kind, free-kick or penalty) and where
    shot: str
    corner: str
    #: per team: how often its deck has run out
    runouts: list[int]
    #: no more team cards are drawn; the game ends with the attack in progress (§5.2)
    final: bool
    attacks: int
    end_reason: str

    # -- set-up (§2) --------------------------------------------------------------------

    def team_of(self, seat: int) -> int:
        """The team of ``seat``: partners sit opposite (§5.1.2)."""
        return seat % 2

    def _emit(
        self, data: BohnkickEvent, to: Audience = None, public: BohnkickEvent | None = None
    ) -> None:
        self._push_event(data, to, public)

    def _open_position(self) -> None:
        """A position set by hand opens with what every seat is shown of it
        (the ``position`` event, each seat's hands dealt to it), then its attack."""
        keys = self.table.key_list
        common: PositionCommon = {
            "type": "position",
            "phase": self.phase_name,
            "mover": self.mover,
            "played": keys(self.played),
            "discards": [keys(d) for d in self.discards],
            "goals": [keys(g) for g in self.goals],
            "defence_discard": keys(self.ddiscard),
        }
        self._emit(
            {
                **common,
                "decks": [keys(d) for d in self.decks],
                "defence_deck": keys(self.ddeck),
                "box": keys(self.box),
                "hands": [keys(h) for h in self.hands],
                "defence": [keys(h) for h in self.dhands],
            },
            to=(),
            public={
                **common,
                "deck_sizes": [len(d) for d in self.decks],
                "defence_deck_size": len(self.ddeck),
                "box_size": len(self.box),
            },
        )
        for s in range(self.n):
            self._emit(
                {
                    "type": "deal",
                    "seat": s,
                    "cards": keys(self.hands[s]),
                    "defence": keys(self.dhands[s]),
                },
                to=(s,),
                public={
                    "type": "deal",
                    "seat": s,
                    "count": len(self.hands[s]),
                    "defence": len(self.dhands[s]),
                },
            )
        self._emit({"type": "attack", "seat": self.opener, "team": self.team, "attack": 1})

    def scores(self) -> list[int]:
        """Each seat's score now: its team's goals (§5)."""
        goals = (len(self.goals[0]), len(self.goals[1]))
        return [goals[s % 2] for s in range(self.n)]

    def team_seats(self, team: int) -> list[int]:
        return [s for s in range(self.n) if s % 2 == team]

    def _setup(self) -> None:
        first = self.options["first_player"]
        if not 0 <= first < self.n:
            raise SetupError(f"first_player must be a seat from 0 to {self.n - 1}")
        self.start = first
        self.box = []
        team_cards = [c for c in range(len(TABLE)) if TEAM[c] for _ in range(PER_TEAM[c])]
        self.decks = [list(team_cards), list(team_cards)]
        self.discards = [[], []]
        self.goals = [[], []]
        defence = [c for c in TABLE.deck() if not TEAM[c]]
        if self.n == 4:  # §5.1.1: no Referee and no Tackle cards
            self.box = [c for c in defence if KIND[c] in ("referee", "tackle")]
            defence = [c for c in defence if KIND[c] not in ("referee", "tackle")]
        self.ddeck = defence
        self.ddiscard = []
        self.hands = [[] for _ in range(self.n)]
        self.dhands = [[] for _ in range(self.n)]
        self.team = self.team_of(first)
        self.opener = self.mover = self.last = first
        self._clear_attack()
        self.runouts = [0, 0]
        self.final = False
        self.attacks = 0
        self.end_reason = ""
        self.phase = PLAY
        self._result = None
        for t in (0, 1):
            self._shuffle(self.decks[t], f"team {t} deck")
        self._shuffle(self.ddeck, "defensive deck")
        for i in range(self.n):
            seat = (first + i) % self.n
            deck = self.decks[self.team_of(seat)]
            self.hands[seat] = [deck.pop() for _ in range(HAND)]
            self._emit(
                {"type": "deal", "seat": seat, "cards": TABLE.key_list(self.hands[seat])},
                to=(seat,),
                public={"type": "deal", "seat": seat, "count": HAND},
            )
        for i in range(self.n):  # §2.3: a Referee card drawn now is replaced
            self._refill_defence((first + i) % self.n)
        self._open(first)

    # -- drawing (§3.1, §5) --------------------------------------------------------------

    def _team_draw(self, seat: int) -> None:
        """``seat`` draws a team card from its team's deck (none once the
        game's end is reached); a deck that runs out is reshuffled from its
        discard pile while the other team's deck has never run out (§5.1)."""
        if self.final:
            return
        t = self.team_of(seat)
        deck = self.decks[t]
        if not deck and self.discards[t]:  # a reshuffle put off for want of cards (BK-D15)
            self._reshuffle(t)
            deck = self.decks[t]  # the reshuffle made a new deck
        if not deck:
            return
        card = deck.pop()
        self.hands[seat].append(card)
        self._emit(
            {"type": "draw", "seat": seat, "cards": [TABLE.keys[card]]},
            to=(seat,),
            public={"type": "draw", "seat": seat, "count": 1},
        )
        if not deck:
            self._ran_out(t)

    def _ran_out(self, t: int) -> None:
        if self.runouts[1 - t]:  # §5.2: the second team's deck: the end
            self.final = True
            self._emit({"type": "deck-out", "team": t, "final": True})
            return
        self.runouts[t] += 1
        self._emit({"type": "deck-out", "team": t, "final": False})
        if self.discards[t]:  # BK-D15: at once
            self._reshuffle(t)

    def _reshuffle(self, t: int) -> None:
        cards = self.discards[t]
        self.discards[t] = []
        self._shuffle(cards, f"team {t} deck")
        self.decks[t] = cards

    def _def_take(self) -> int | None:
        """The top defensive card; an empty deck is refilled from its discard pile."""
        if not self.ddeck:
            if not self.ddiscard:
                return None
            cards = self.ddiscard
            self.ddiscard = []
            self._shuffle(cards, "defensive deck")
            self.ddeck = cards
        return self.ddeck.pop()

    def _def_draw(self, seat: int) -> int | None:
        """``seat`` draws one defensive card; a Referee card is shown and
        discarded (it is returned, the caller decides whether it acts)."""
        card = self._def_take()
        if card is None:
            return None
        if KIND[card] == "referee":
            self.ddiscard.append(card)
            self._emit({"type": "referee", "seat": seat, "card": TABLE.keys[card]})
            return card
        self.dhands[seat].append(card)
        self._emit(
            {"type": "defence-draw", "seat": seat, "cards": [TABLE.keys[card]]},
            to=(seat,),
            public={"type": "defence-draw", "seat": seat, "count": 1},
        )
        return card

    def _refill_defence(self, seat: int) -> None:
        """Draw back to 3 defensive cards; Referee cards drawn now are
        discarded without effect (§2.3, §4.3.3, §4.4, §4.5.2)."""
        while len(self.dhands[seat]) < DEFENCE:
            if self._def_draw(seat) is None:
                return

    # -- an attack (§3.2, §4.1) --------------------------------------------------------------

    def _open(self, seat: int) -> None:
        """``seat`` opens an attack for its team."""
        self.attacks += 1
        self.team = self.team_of(seat)
        self.opener = self.mover = self.last = seat
        self._clear_attack()
        self._emit({"type": "attack", "seat": seat, "team": self.team, "attack": self.attacks})
        if any(not GOAL[c] for c in self.hands[seat]):
            self.phase = PLAY
            return
        if not self.hands[seat]:  # pragma: no cover - a hand is refilled before it empties
            self._end_attack("missed-pass")
            return
        self.phase = CYCLE  # §3.2.2

    def _why_no_play(self) -> tuple[str, str]:
        """Why no team card may be played by the seat that tried: who acts
        now, and what, with the rule (outside phase ``play``, or by another
        seat than the one to play)."""
        phase = self.phase
        if phase == PLAY:
            return f"seat {self.mover} plays the next team card", Bohnkick.cite("§3.4")
        if phase == CYCLE:
            return (
                f"nobody plays a team card now: seat {self.mover} opens the attack but holds "
                "only goal cards, and an attack may not open with a goal card, so seat "
                f"{self.mover} discards them one at a time ('drop h<i>'), drawing a "
                "replacement each, until it holds another card; then the attack is lost",
                Bohnkick.cite("§3.2.2"),
            )
        if phase in (REACT, SHOT_REACT):
            return (
                f"seat {self.reactor} first reacts to the last team card "
                + ("(continue, swap or tackle)" if phase == REACT else "(continue or tackle)"),
                Bohnkick.cite("§3.3" if phase == REACT else "§3.5.1"),
            )
        if phase == AIM:
            return f"seat {self.mover} first names the corner of the shot", Bohnkick.cite("§3.5.2")
        if phase == BLOCK:
            return f"seat {self.reactor} first decides whether to block the shot", Bohnkick.cite(
                "§3.5.3"
            )
        if phase == KICK:
            return (
                f"seat {self.mover} first takes the free kick (names a corner) or calls advantage",
                Bohnkick.cite("§4.6"),
            )
        return "the game is over", Bohnkick.cite("§5")

    def _clear_attack(self) -> None:
        """No card played, nobody with the ball, nothing shot at goal."""
        self.played = []
        self.played_by = []
        self.holder = -1
        self.crossed = False
        self.reactor = -1
        self.blockers = []
        self.shot = ""
        self.corner = ""

    def legal_cards(self, seat: int) -> list[int]:
        """The hand positions of ``seat``'s team cards that may be played now (§4.1)."""
        hand = self.hands[seat]
        if not self.played:  # §3.2.1: any card but a goal card
            return [i for i, c in enumerate(hand) if not GOAL[c]]
        no_shot = len(self.played) == 1 and KIND[self.played[0]] == "dribble"  # §4.1.5
        bean = TABLE.bean
        out: list[int] = []
        for i, c in enumerate(hand):
            if bean[c] != self.holder:
                continue
            kind = KIND[c]
            if kind == "header" and not self.crossed:  # §4.1.3 (BK-D7)
                continue
            if no_shot and kind in ("shot", "long-shot"):
                continue
            out.append(i)
        return out

    def _do_play(self, seat: int, a: Play) -> None:
        if self.phase != PLAY or seat != self.mover:
            message, rule = self._why_no_play()
            raise NotWaiting(message, rule)
        hand = self.hands[seat]
        if a.card >= len(hand):
            raise IllegalAction(
                f"your hand holds {len(hand)} team cards; there is no card h{a.card}",
                Bohnkick.cite("§2.2"),
            )
        if a.card not in self.legal_cards(seat):
            raise IllegalAction(self._why_illegal(hand[a.card]), self._why_rule(hand[a.card]))
        card = hand.pop(a.card)
        self.played.append(card)
        self.played_by.append(seat)
        self.last = seat
        kind = KIND[card]
        if kind == "dribble":
            self.holder = TABLE.bean[card]
        elif kind in ("pass", "cross"):
            self.holder = TO[card]
        self.crossed = kind == "cross"
        self._emit({"type": "play", "seat": seat, "card": TABLE.keys[card]})
        self._team_draw(seat)  # §3.1: the hand returns to 6
        defender = self._next_defender(seat)
        if GOAL[card]:
            self.shot = kind
            if self.n == 2:  # §3.5 step 1: a tackle, also against a shot
                self.reactor = defender
                self.phase = SHOT_REACT
            else:  # §5.1.1: no Tackle cards with 4 players
                self._aim()
            return
        self.reactor = defender
        self.phase = REACT

    def _why_illegal(self, card: int) -> str:
        key = TABLE.keys[card]
        if not self.played:
            return f"an attack may not open with a goal card ({key})"
        if TABLE.bean[card] != self.holder:
            return (
                f"the ball is with {TABLE.bean_keys[self.holder]}: only its cards may be "
                f"played, not {key}"
            )
        if KIND[card] == "header":
            return "a header follows only directly after a cross"
        return "after an opening dribble the same bean may not shoot at once"

    def _why_rule(self, card: int) -> str:
        if not self.played:
            return Bohnkick.cite("§3.2.1")
        if TABLE.bean[card] != self.holder:
            return Bohnkick.cite("§4.1.2")
        if KIND[card] == "header":
            return Bohnkick.cite("§4.1.3 (BK-D7)")
        return Bohnkick.cite("§4.1.5")

    def _next_defender(self, seat: int) -> int:
        """The defender who reacts to ``seat``'s card: the next player clockwise."""
        return (seat + 1) % self.n

    def _go_on(self) -> None:
        """The attack goes on (§3.4): the next attacker (with 4 players the
        partner of the last one, BK-D14) must play a legal card; without one
        the ball is lost (a missed pass)."""
        self.reactor = -1
        self.shot = ""
        self.corner = ""
        nxt = self.last if self.n == 2 else (self.last + 2) % self.n
        self.mover = nxt
        if self.legal_cards(nxt):
            self.phase = PLAY
            return
        self._emit({"type": "missed-pass", "seat": nxt})
        self._end_attack("missed-pass")

    # -- the defender's reaction (§3.3, §4.3, §4.5) --------------------------------------

    def _check_reactor(self, seat: int, phases: tuple[int, ...], what: str) -> None:
        if self.phase not in phases or seat != self.reactor:
            who = f"seat {self.reactor}" if self.reactor >= 0 else "nobody"
            raise NotWaiting(f"{what}; {who} decides now", Bohnkick.cite("§3.3"))

    def _do_swap(self, seat: int, a: Swap) -> None:
        if self.phase == SHOT_REACT and seat == self.reactor:
            raise IllegalAction(
                "against a goal card the defender tackles or continues; no swap",
                Bohnkick.cite("§3.5.1"),
            )
        self._check_reactor(seat, (REACT,), "defensive cards are swapped after a team card")
        dhand = self.dhands[seat]
        if len(set(a.cards)) != len(a.cards) or any(i >= len(dhand) for i in a.cards):
            raise IllegalAction(
                f"name 1 to 3 different defensive cards of your {len(dhand)}",
                Bohnkick.cite("§3.3.2"),
            )
        gone = [dhand[i] for i in a.cards]
        for i in sorted(a.cards, reverse=True):
            dhand.pop(i)
        self.ddiscard.extend(gone)
        self._emit({"type": "swap", "seat": seat, "cards": TABLE.key_list(gone)})
        calls: list[int] = []
        for _ in gone:  # §4.5.1: the cards drawn for the swap itself
            card = self._def_draw(seat)
            if card is not None and KIND[card] == "referee":
                calls.append(card)
        self._refill_defence(seat)  # §4.5.2: later Referee cards have no effect
        if not calls:
            self._go_on()
            return
        call = calls[0]
        if len({CALL[c] for c in calls}) > 1:  # §4.5.3: the assistant referee decides
            self._shuffle(calls, "assistant referee")
            call = calls[0]
        self._emit({"type": "call", "call": CALL[call]})
        self._referee(CALL[call])

    def _referee(self, call: str) -> None:
        """§4.5.4: a foul by the defender gives a kick; the striker's foul ends the attack."""
        if call == "striker-foul":
            self._end_attack("striker-foul")
        elif call == "free-kick":
            self.reactor = -1
            self.shot = "free-kick"
            self.mover = self.last
            self.phase = KICK
        else:
            self.shot = "penalty"
            self.mover = self.last
            self._aim()

    def _do_tackle(self, seat: int, a: Tackle) -> None:
        self._check_reactor(seat, (REACT, SHOT_REACT), "a tackle answers a team card")
        dhand = self.dhands[seat]
        if a.card >= len(dhand):
            raise IllegalAction(
                f"you hold {len(dhand)} defensive cards; there is no card d{a.card}",
                Bohnkick.cite("§4.3"),
            )
        card = dhand[a.card]
        acting = TABLE.bean[self.played[-1]]
        if KIND[card] != "tackle" or AGAINST[card] != acting:
            raise IllegalAction(
                f"only the Tackle card of {TABLE.bean_keys[acting]}, the bean that played the "
                f"last card, tackles now",
                Bohnkick.cite("§4.3.1 (BK-D5)"),
            )
        dhand.pop(a.card)
        self.ddiscard.append(card)
        self._emit({"type": "tackle", "seat": seat, "card": TABLE.keys[card]})
        drawn = self._def_draw(seat)  # §4.3.2: the replacement decides
        self._refill_defence(seat)
        if drawn is not None and CALL[drawn] in ("free-kick", "penalty"):
            self._emit({"type": "call", "call": CALL[drawn]})
            self._referee(CALL[drawn])
            return
        self._end_attack("tackle")

    # -- shots, kicks, goals (§3.5, §4.4, §4.6) -------------------------------------------

    def _aim(self) -> None:
        self.reactor = -1
        self.mover = self.last
        self.phase = AIM

    def _do_advantage(self, seat: int, a: Advantage) -> None:
        if self.phase != KICK or seat != self.mover:
            raise NotWaiting(
                "advantage is called when a free kick is awarded", Bohnkick.cite("§4.6")
            )
        self._emit({"type": "advantage", "seat": seat})
        last = self.played[-1]
        if GOAL[last]:  # a foul on a shot: the shot goes on (BK-D16)
            self.shot = KIND[last]
            self._aim()
            return
        self._go_on()  # the ball stays where it was (BK-D10)

    def _do_aim(self, seat: int, a: Aim) -> None:
        if self.phase not in (AIM, KICK) or seat != self.mover:
            raise NotWaiting("the shooter names a corner", Bohnkick.cite("§3.5.2"))
        self.corner = a.corner
        self._emit({"type": "aim", "seat": seat, "shot": self.shot, "corner": a.corner})
        first = self._next_defender(self.last)
        self.blockers = [first] if self.n == 2 else [first, (first + 2) % self.n]
        self.reactor = self.blockers.pop(0)
        self.phase = BLOCK

    def blocks(self, card: int) -> bool:
        """Whether Goalie ``card`` stops the shot being aimed now (§3.5.3, §4.6)."""
        return (
            KIND[card] == "goalie"
            and SYMBOL[card] == BLOCKED_BY.get(self.shot, "")
            and bool(GUARDS[card] >> CORNERS.index(self.corner) & 1)
        )

    def _do_block(self, seat: int, a: Block) -> None:
        self._check_reactor(seat, (BLOCK,), "a Goalie card blocks an aimed shot")
        dhand = self.dhands[seat]
        if a.card >= len(dhand) or not self.blocks(dhand[a.card]):
            raise IllegalAction(
                f"a Goalie card with the {BLOCKED_BY[self.shot]} symbol showing a ball in "
                f"{self.corner} blocks this shot",
                Bohnkick.cite("§3.5.3" if self.shot in GOAL_KINDS else "§4.6"),
            )
        card = dhand.pop(a.card)
        self.ddiscard.append(card)
        self._emit({"type": "block", "seat": seat, "card": TABLE.keys[card]})
        self._refill_defence(seat)  # §4.4: Referee cards drawn now are replaced
        self._end_attack("blocked")

    def _goal(self) -> None:
        """§4.4: the card that scored goes under the outcome card (for a kick
        the last team card played, BK-D8)."""
        card = self.played.pop()
        self.played_by.pop()
        self.goals[self.team].append(card)
        self._emit({"type": "goal", "team": self.team, "seat": self.last, "card": TABLE.keys[card]})
        self._end_attack("goal")

    def _end_attack(self, reason: str) -> None:
        """The attack ends; its cards go to the team's discard pile (BK-D4);
        the other side attacks (§4.2), or the game ends (§5.2)."""
        t = self.team
        self.discards[t].extend(self.played)
        self._emit({"type": "attack-over", "reason": reason, "cards": TABLE.key_list(self.played)})
        self._clear_attack()
        if self.final:
            self._finish()
            return
        # the player to the left of the one who played the last team card (BK-D14)
        self._open((self.last + 1) % self.n)

    # -- only goal cards (§3.2.2) --------------------------------------------------------

    def _do_drop(self, seat: int, a: Drop) -> None:
        if self.phase != CYCLE or seat != self.mover:
            raise NotWaiting(
                "goal cards are discarded only by an opener who holds nothing else",
                Bohnkick.cite("§3.2.2"),
            )
        hand = self.hands[seat]
        if a.card >= len(hand):
            raise IllegalAction(
                f"your hand holds {len(hand)} team cards; there is no card h{a.card}",
                Bohnkick.cite("§3.2.2"),
            )
        card = hand.pop(a.card)
        self.discards[self.team].append(card)
        self._emit({"type": "drop", "seat": seat, "card": TABLE.keys[card]})
        self._team_draw(seat)
        if self.final:  # BK-D15: the cycling stops and the game ends at once
            self._end_attack("only-goal-cards")
            return
        if any(not GOAL[c] for c in hand) or not hand:
            self._end_attack("only-goal-cards")  # the attack is lost

    # -- the end (§5) -----------------------------------------------------------------------

    def _finish(self) -> None:
        self.phase = OVER
        self.mover = self.reactor = -1
        goals = [len(self.goals[0]), len(self.goals[1])]
        scores = tuple(goals[self.team_of(s)] for s in range(self.n))
        if goals[0] == goals[1]:
            winners = tuple(range(self.n))  # §5.3: a draw
        else:
            best = 0 if goals[0] > goals[1] else 1
            winners = tuple(self.team_seats(best))
        ranking = tuple(sorted(range(self.n), key=lambda s: (-scores[s], s)))
        self._result = Result(
            scores,
            winners,
            ranking,
            "deck-exhausted",
            details={"goals": goals, "draw": goals[0] == goals[1]},
        )
        self._emit(self._result.event())

    # -- the contract -----------------------------------------------------------------------

    def _do_pass(self, seat: int, a: Pass) -> None:
        if self.phase == BLOCK:
            self._check_reactor(seat, (BLOCK,), "a shot is blocked or let in")
            self._emit({"type": "pass", "seat": seat})
            if self.blockers:  # with 4 players the partner may still block
                self.reactor = self.blockers.pop(0)
                return
            self._goal()
            return
        if self.phase == PLAY and seat == self.mover:
            raise IllegalAction(
                "the attacker holds a legal team card and must play one",
                Bohnkick.cite("§3.4.1 (BK-D6)"),
            )
        self._check_reactor(seat, (REACT, SHOT_REACT), "the defender continues")
        self._emit({"type": "pass", "seat": seat})
        if self.phase == SHOT_REACT:
            self._aim()
        else:
            self._go_on()

    HANDLERS: ClassVar[dict[type, str]] = {
        Play: "_do_play",
        Pass: "_do_pass",
        Swap: "_do_swap",
        Tackle: "_do_tackle",
        Aim: "_do_aim",
        Block: "_do_block",
        Advantage: "_do_advantage",
        Drop: "_do_drop",
    }

    @property
    def phase_name(self) -> str:
        return self.PHASES[self.phase]

    def active_seat(self) -> int:
        return self.mover if self.mover >= 0 else self.last

    def waiting_for(self) -> frozenset[int]:
        if self.phase == OVER:
            return seats_of(0)
        if self.phase in (REACT, SHOT_REACT, BLOCK):
            return seats_of(1 << self.reactor)
        return seats_of(1 << self.mover)

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase in (REACT, SHOT_REACT, BLOCK):
            if seat != self.reactor:
                return []
            dhand = self.dhands[seat]
            if phase == BLOCK:
                out: list[Action] = [
                    Block(i) for i in self._distinct(dhand) if self.blocks(dhand[i])
                ]
                return [*out, Pass()]
            acting = TABLE.bean[self.played[-1]]
            out = [
                Tackle(i)
                for i in self._distinct(dhand)
                if KIND[dhand[i]] == "tackle" and AGAINST[dhand[i]] == acting
            ]
            out.append(Pass())
            if phase == REACT:
                out += self._swaps(dhand)
            return out
        if seat != self.mover:
            return []
        if phase == PLAY:
            return [Play(i) for i in self._distinct(self.hands[seat], self.legal_cards(seat))]
        if phase == AIM:
            return [Aim(c) for c in CORNERS]
        if phase == KICK:
            return [*[Aim(c) for c in CORNERS], Advantage()]
        return [Drop(i) for i in self._distinct(self.hands[seat])]  # CYCLE

    @staticmethod
    def _distinct(cards: list[int], positions: list[int] | None = None) -> list[int]:
        """The first position of each kind of card among ``positions``."""
        seen: set[int] = set()
        out: list[int] = []
        for i in range(len(cards)) if positions is None else positions:
            if cards[i] not in seen:
                seen.add(cards[i])
                out.append(i)
        return out

    @staticmethod
    def _swaps(dhand: list[int]) -> list[Action]:
        """Every swap of 1-3 defensive cards, one per different set of kinds."""
        from itertools import combinations

        seen: set[tuple[int, ...]] = set()
        out: list[Action] = []
        for k in range(1, min(3, len(dhand)) + 1):
            for combo in combinations(range(len(dhand)), k):
                kinds = tuple(sorted(dhand[i] for i in combo))
                if kinds not in seen:
                    seen.add(kinds)
                    out.append(Swap(combo))
        return out

    def observe(self, seat: int | None) -> dict[str, Any]:
        keys = TABLE.key_list
        seats: list[dict[str, Any]] = []
        for s in range(self.n):
            p: dict[str, Any] = {
                "team": self.team_of(s),
                "hand_size": len(self.hands[s]),
                "defence_size": len(self.dhands[s]),
            }
            if s == seat:
                p["hand"] = keys(self.hands[s])
                p["defence"] = keys(self.dhands[s])
            seats.append(p)
        return {
            "variant": self.variant,
            "players": self.n,
            "seat": seat,
            "phase": self.phase_name,
            "seq": self.seq,
            "turn": self.attacks,
            "first_player": self.start,
            "active": self.mover,
            "waiting_for": sorted(self.waiting_for()),
            "attack": self.attacks,
            "attacking_team": self.team,
            "opener": self.opener,
            "to_play": self.mover if self.phase in (PLAY, AIM, KICK, CYCLE) else -1,
            "reactor": self.reactor,
            "played": keys(self.played),
            "played_by": self.played_by[:],
            "ball": TABLE.bean_keys[self.holder] if self.holder >= 0 else None,
            "after_cross": self.crossed,
            "shot": self.shot or None,
            "corner": self.corner or None,
            "goals": [keys(g) for g in self.goals],
            "score": [len(self.goals[0]), len(self.goals[1])],
            "team_decks": [len(d) for d in self.decks],
            "team_discards": [keys(d) for d in self.discards],
            "defence_deck": len(self.ddeck),
            "defence_discard": keys(self.ddiscard),
            "runouts": list(self.runouts),
            "last_attack": self.final,
            "seats": seats,
            "result": None if self._result is None else self._result.to_json(),
        }

    # -- copies -----------------------------------------------------------------------------

    STATE: ClassVar[tuple[Part, ...]] = (
        Part("decks", 2, CARD),
        Part("discards", 2, CARD),
        Part("goals", 2, CARD),
        Part("ddeck", 1, CARD),
        Part("ddiscard", 1, CARD),
        Part("box", 1, CARD),
        Part("hands", 2, CARD),
        Part("dhands", 2, CARD),
        Part("played", 1, CARD),
        Part("played_by", 1, INT),
        Part("blockers", 1, INT),
        Part("runouts", 1, INT),
        Part("phase", codec=PHASE),  # by name, as the bean games write it
        Part("start"),
        Part("team"),
        Part("opener"),
        Part("mover"),
        Part("last"),
        Part("holder"),
        Part("crossed"),
        Part("reactor"),
        Part("shot"),
        Part("corner"),
        Part("final"),
        Part("attacks"),
        Part("end_reason"),
    )

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        super()._copy_state(other)
        other.decks = [z[:] for z in self.decks]
        other.discards = [z[:] for z in self.discards]
        other.goals = [z[:] for z in self.goals]
        other.ddeck = self.ddeck[:]
        other.ddiscard = self.ddiscard[:]
        other.box = self.box[:]
        other.hands = [z[:] for z in self.hands]
        other.dhands = [z[:] for z in self.dhands]
        other.played = self.played[:]
        other.played_by = self.played_by[:]
        other.blockers = self.blockers[:]
        other.runouts = self.runouts[:]
        other.phase = self.phase
        other.start = self.start
        other.team = self.team
        other.opener = self.opener
        other.mover = self.mover
        other.last = self.last
        other.holder = self.holder
        other.crossed = self.crossed
        other.reactor = self.reactor
        other.shot = self.shot
        other.corner = self.corner
        other.final = self.final
        other.attacks = self.attacks
        other.end_reason = self.end_reason

    # -- end of the state's copy --


__all__ = ["TABLE", "Bohnkick"]
