"""The mechanics every bean-trading game of the family shares, written once.

:class:`BeanGame` holds the zones of ``rules/bohnanza.md`` §1.3 and the
mechanics built on them: planting, harvesting by beanometer with the
single-bean rule, coins that keep their bean side, the third field, the draw
pile with its exhaustions and reshuffles, the structured trading machinery,
the final harvest and the tie-break. A ruleset subclasses it, writes its turn
as a list of phases and overrides the few hooks its rulebook changes
(``_can_plant``, ``_meter_card``, ``final_exhaustion`` ...).

Zone conventions (all plain lists of card ints):

* ``deck``, ``discard``, ``coins[s]`` and each field: bottom to top — the last
  element is the top card (drawn next, visible, planted last);
* ``hands[s]``: front to back — element 0 is the next card to plant;
* ``trade[s]``: the trading area (received or kept cards still to plant);
* ``revealed``: the active player's face-up cards of phase 2;
* ``box``: cards out of play (only used by scenarios and variants).
"""

from __future__ import annotations

import itertools
from abc import abstractmethod
from collections import Counter
from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self
from typing import TypeVar

from bohn._native import mypyc_attr
from bohn.engine.actions import Accept
from bohn.engine.actions import Action
from bohn.engine.actions import BuyField
from bohn.engine.actions import Decline
from bohn.engine.actions import EndTrading
from bohn.engine.actions import Harvest
from bohn.engine.actions import Keep
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.actions import Withdraw
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import InvalidAction
from bohn.engine.errors import SetupError
from bohn.engine.events import BeanEvent
from bohn.engine.events import OfferFields
from bohn.engine.events import OwnOfferView
from bohn.engine.events import PositionCommon
from bohn.engine.game import Game
from bohn.engine.game import Option
from bohn.engine.game import Result
from bohn.engine.game import Words
from bohn.engine.parts import CARD
from bohn.engine.parts import PHASE
from bohn.engine.parts import Codec
from bohn.engine.parts import Made
from bohn.engine.parts import Part

# phases of the Bohnanza turn (rulesets may add their own numbers above 9)
PLANT: Final = 0  #: phase 1: plant from the hand
TRADE: Final = 1  #: phase 2: revealed cards, trading and donating
PLANT_TRADED: Final = 2  #: phase 3: plant the trading areas
OVER: Final = 9  #: the game has ended


#: most combinations of cards listed as separate ``accept`` actions for one offer
ACCEPT_CHOICES_LISTED: Final = 16


@dataclass
class Offer:
    """A pending deal: ``frm`` gives the cards at ``give`` for ``want`` types.

    ``give`` holds ``(zone, index)`` pairs into ``frm``'s zones (``h`` hand,
    ``r`` revealed); they are kept current as other cards leave those zones.
    ``want`` holds bean type indices, one per wanted card. Treat an offer as
    immutable (clones share them); it is not frozen only because mypyc builds
    frozen dataclasses through the slow interpreted ``__init__``.
    """

    id: int
    frm: int
    to: int
    give: tuple[tuple[str, int], ...]
    want: tuple[int, ...]


_PLANT = tuple(Plant(f) for f in range(8))
_HARVEST = tuple(Harvest(f) for f in range(8))
_PLANT_T = tuple(tuple(Plant(f, t) for f in range(8)) for t in range(32))
_PASS = Pass()
_END = EndTrading()
_BUY = BuyField()
_KEEP = tuple(Keep(i) for i in range(8))


#: most entries of each memo below (a bound on memory in long simulations)
_MEMO_LIMIT: Final = 100_000

# The one shared instance of each action value the vocabularies list
# (actions are immutable, so equal actions may be the same object).
_PROPOSALS: dict[tuple[int, tuple[str, ...], tuple[str, ...]], Propose] = {}
_ACCEPTS: dict[tuple[int, tuple[str, ...]], Accept] = {}
_DECLINES: dict[int, Decline] = {}
_WITHDRAWALS: dict[int, Withdraw] = {}


_A = TypeVar("_A", bound=Action)


def shared_action(memo: dict[Any, _A], key: Any, make: Callable[..., _A], *args: Any) -> _A:
    """The one shared instance of the action ``make(*args)``, kept in ``memo``
    under ``key`` (cleared when it reaches :data:`_MEMO_LIMIT` entries)."""
    a = memo.get(key)
    if a is None:
        if len(memo) >= _MEMO_LIMIT:
            memo.clear()
        a = memo[key] = make(*args)
    return a


def _propose(to: int, give: tuple[str, ...], want: tuple[str, ...]) -> Propose:
    return shared_action(_PROPOSALS, (to, give, want), Propose, to, give, want)


def _accept(offer: int, give: tuple[str, ...]) -> Accept:
    return shared_action(_ACCEPTS, (offer, give), Accept, offer, give)


def _decline(offer: int) -> Decline:
    return shared_action(_DECLINES, offer, Decline, offer)


def _withdraw(offer: int) -> Withdraw:
    return shared_action(_WITHDRAWALS, offer, Withdraw, offer)


#: memo of proposal vocabularies: they depend only on what the key names
_VOCABULARY: dict[tuple[Any, ...], tuple[Action, ...]] = {}


_SEAT_SETS: dict[int, frozenset[int]] = {}


def seats_of(mask: int) -> frozenset[int]:
    """The (shared) frozenset of the seats whose bits are set in ``mask``."""
    w = _SEAT_SETS.get(mask)
    if w is None:
        w = _SEAT_SETS[mask] = frozenset(s for s in range(mask.bit_length()) if mask >> s & 1)
    return w


def _mask_types(mask: int) -> list[int]:
    """The bean types in a bit mask, in ascending order."""
    return [t for t in range(mask.bit_length()) if mask >> t & 1]


def _parse_ref(ref: str) -> tuple[str, int]:
    return ref[0], int(ref[1:])


class _OfferCodec(Codec):
    """The open offers (a dict by id), as a list of their JSON forms."""

    def dump(self, game: Any, value: Any) -> Any:
        keys = game.table.bean_keys
        return [
            {
                "id": o.id,
                "from": o.frm,
                "to": o.to,
                "give": [f"{z}{i}" for z, i in o.give],
                "want": [keys[b] for b in o.want],
            }
            for o in value.values()
        ]

    def load(self, game: Any, data: Any) -> Any:
        bean_type = game.table.bean_type
        return {
            o["id"]: Offer(
                o["id"],
                o["from"],
                o["to"],
                tuple(_parse_ref(r) for r in o["give"]),
                tuple(bean_type(k) for k in o["want"]),
            )
            for o in data
        }


@mypyc_attr(allow_interpreted_subclasses=True)
class BeanGame(Game):
    """Shared zones and mechanics of the Bohnanza family (see module docstring)."""

    #: whether the game sells a third field at all (a game that does not
    #: says why in :meth:`_field_refusal`)
    fields_for_sale: ClassVar[bool] = True
    #: fields each player starts with
    start_fields: ClassVar[int] = 2
    #: at most this many fields (the third one bought)
    max_fields: ClassVar[int] = 3
    #: cards dealt to each hand at set-up
    hand_size: ClassVar[int] = 5
    #: cards revealed in phase 2
    reveal_count: ClassVar[int] = 2
    #: cards drawn in phase 4
    draw_count: ClassVar[int] = 3
    #: phase numbers and their names (observations, the state JSON, scenarios);
    #: a ruleset with more phases extends it
    PHASES: ClassVar[dict[int, str]] = {
        PLANT: "plant",
        TRADE: "trade",
        PLANT_TRADED: "plant-traded",
        OVER: "over",
    }

    OPTIONS: ClassVar[dict[str, Option]] = {
        "first_player": Option(
            "first_player",
            0,
            "the seat that takes the first turn (the dealer sits to its right)",
            kind=int,
            label=Words("First player", "Startspieler"),
            help=Words(
                "The seat that takes the first turn (seat 0 is the first in the list).",
                "Der Platz, der den ersten Zug macht (Platz 0 ist der erste der Liste).",
            ),
        ),
        "trade_cap": Option(
            "trade_cap",
            20,
            "proposals each seat may make per trading phase (an engine limit that makes "
            "every game end, not a rule)",
            kind=int,
            label=Words("Offers per trading phase", "Angebote je Handelsphase"),
            help=Words(
                "How many offers each player may make in one trading phase: a limit of "
                "bohn's so that every game ends, not a rule of the game.",
                "Wie viele Angebote jeder Spieler in einer Handelsphase machen darf: eine "
                "Grenze von bohn, damit jedes Spiel endet, keine Spielregel.",
            ),
        ),
        "trade_caps": Option(
            "trade_caps",
            None,
            "per-seat proposal caps (a list, one per seat) overriding trade_cap",
            label=Words("Offers per player", "Angebote je Spieler"),
            help=Words(
                "One limit per seat, as a list such as [20, 5, 5]; empty means the limit "
                "above for everyone.",
                "Eine Grenze je Platz, als Liste wie [20, 5, 5]; leer heißt: die Grenze "
                "darüber für alle.",
            ),
        ),
        "third_field_price": Option(
            "third_field_price",
            3,
            "coins the third bean field costs (§4.3.2 of the base game)",
            kind=int,
            label=Words("Price of the third field", "Preis des dritten Feldes"),
            help=Words(
                "Coins a player pays to buy a third bean field.",
                "Taler, die ein Spieler für ein drittes Bohnenfeld zahlt.",
            ),
        ),
        "coins_from": Option(
            "coins_from",
            "top",
            "which cards of a harvested field become coins",
            choices=("top", "bottom"),
            default_id="BO-D3",
            label=Words("Coins come from", "Taler kommen von"),
            help=Words(
                "Which cards of a harvested field are turned over into coins.",
                "Welche Karten eines abgeernteten Feldes zu Talern umgedreht werden.",
            ),
            choice_words={
                "top": Words("the top cards", "den obersten Karten"),
                "bottom": Words("the bottom cards", "den untersten Karten"),
            },
        ),
        "discard_order": Option(
            "discard_order",
            "planting",
            "order of the leftover harvested cards on the discard pile: planting order "
            "(bottom card first, the last leftover on top) or reversed",
            choices=("planting", "reversed"),
            default_id="BO-D4",
            label=Words("Harvested cards on the discard pile", "Geerntete Karten auf die Ablage"),
            help=Words(
                "The order in which a harvest's other cards go onto the discard pile.",
                "In welcher Reihenfolge die übrigen Karten einer Ernte auf die Ablage kommen.",
            ),
            choice_words={
                "planting": Words(
                    "as planted, the last one planted on top",
                    "wie gepflanzt, die zuletzt gepflanzte oben",
                ),
                "reversed": Words(
                    "reversed, the first one planted on top",
                    "umgekehrt, die zuerst gepflanzte oben",
                ),
            },
        ),
        "dry_round_ends": Option(
            "dry_round_ends",
            True,
            "a whole round of turns in which no card can be drawn ends the game",
            kind=bool,
            default_id="BO-D5",
            label=Words(
                "A round without cards ends the game", "Eine Runde ohne Karten beendet das Spiel"
            ),
            help=Words(
                "When no card can be drawn for a whole round of turns, the game ends.",
                "Kann eine ganze Runde lang keine Karte gezogen werden, endet das Spiel.",
            ),
        ),
        "same_type_fields": Option(
            "same_type_fields",
            True,
            "a card may be planted on an empty field although another field holds its type",
            kind=bool,
            default_id="BO-D7",
            label=Words("One bean on two fields", "Eine Bohne auf zwei Feldern"),
            help=Words(
                "A bean may be planted on an empty field even when another field already "
                "holds that bean.",
                "Eine Bohne darf auf ein leeres Feld, auch wenn ein anderes Feld schon diese "
                "Bohne trägt.",
            ),
        ),
        "coin_payment": Option(
            "coin_payment",
            "choose",
            "who picks the coins that pay: the payer ('choose') or the top of the pile ('top')",
            choices=("choose", "top"),
            default_id="BO-D9",
            label=Words("Who picks the coins that pay", "Wer die Taler zum Zahlen wählt"),
            help=Words(
                "When a player pays, which of his coins go.",
                "Wenn ein Spieler zahlt: welche seiner Taler er abgibt.",
            ),
            choice_words={
                "choose": Words("the payer chooses", "der Zahlende wählt"),
                "top": Words("the top of his coin pile", "die obersten seines Talerstapels"),
            },
        ),
        "reshuffle": Option(
            "reshuffle",
            "immediate",
            "when the discard pile becomes the new draw pile: at once when the last card is "
            "taken, or only when the next card is needed",
            choices=("immediate", "when-needed"),
            default_id="BO-D10",
            label=Words("Shuffling the discard pile", "Mischen der Ablage"),
            help=Words(
                "When the discard pile is shuffled into the new draw pile after the draw pile "
                "runs out.",
                "Wann die Ablage zum neuen Nachziehstapel gemischt wird, wenn der "
                "Nachziehstapel leer ist.",
            ),
            choice_words={
                "immediate": Words(
                    "at once, when the last card is taken", "sofort, wenn die letzte Karte weg ist"
                ),
                "when-needed": Words(
                    "when the next card is needed", "wenn die nächste Karte gebraucht wird"
                ),
            },
        ),
    }

    # zones and counters ------------------------------------------------------
    start: int
    deck: list[int]
    discard: list[int]
    box: list[int]
    hands: list[list[int]]
    fields: list[list[list[int]]]
    coins: list[list[int]]
    trade: list[list[int]]
    revealed: list[int]
    active: int
    phase: int
    planted: int
    turn: int
    exhaustions: int
    final: bool
    offers: dict[int, Offer]
    next_offer: int
    proposals: list[int]
    idle: list[bool]
    dry_turns: int
    drawn_this_turn: int
    #: the phases an open decision interrupted, innermost last (``_interrupt``)
    resume: list[int]
    caps: tuple[int, ...]
    _result: Result | None

    # ------------------------------------------------------------------------
    # set-up

    def _init_zones(self) -> None:
        n = self.n
        first = self.options["first_player"]
        if not 0 <= first < n:
            raise SetupError(f"first_player must be a seat from 0 to {n - 1}")
        caps = self.options.get("trade_caps")
        if caps is not None and (
            not isinstance(caps, list)
            or len(caps) != n
            or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in caps)
        ):
            raise SetupError(f"trade_caps must be a list of {n} non-negative integers")
        self.start = first
        self.caps = self._caps_from_options()
        self.deck = []
        self.discard = []
        self.box = []
        self.hands = [[] for _ in range(n)]
        self.fields = [[[] for _ in range(self.fields_at_start())] for _ in range(n)]
        self.coins = [[] for _ in range(n)]
        self.trade = [[] for _ in range(n)]
        self.revealed = []
        self.active = first
        self.phase = PLANT
        self.planted = 0
        self.turn = 0
        self.exhaustions = 0
        self.final = False
        self.offers = {}
        self.next_offer = 0
        self.reset_trading()
        self.dry_turns = 0
        self.drawn_this_turn = 0
        self.resume = []
        self._result = None

    def _setup(self) -> None:
        self._init_zones()
        deck = self.game_cards()
        if len(deck) < len(self.table.deck()):
            rest = Counter(self.table.deck())
            rest.subtract(deck)
            self.box = sorted(rest.elements())
        deck = self._set_aside(deck)
        self._shuffle(deck, "deck")
        self.deck = deck
        # deal one card at a time, clockwise from the first player (a seat that
        # holds its number is left out); the first card dealt becomes the front
        # card (bohnanza §2.2)
        sizes = self.deal_sizes()
        for r in range(max(sizes)):
            for i in range(self.n):
                if r < sizes[i]:
                    self.hands[(self.start + i) % self.n].append(self.deck.pop())
        for seat in range(self.n):
            self._emit(
                {"type": "deal", "seat": seat, "cards": self.table.key_list(self.hands[seat])},
                to=(seat,),
                public={"type": "deal", "seat": seat, "count": len(self.hands[seat])},
            )
        self._after_deal()
        self._begin_turn()

    def _set_aside(self, deck: list[int]) -> list[int]:
        """Hook: cards dealt out before the deck is shuffled (Mutterböhnchen's
        starting coins); returns the cards that form the deck."""
        return deck

    def deal_size(self) -> int:
        """Cards dealt to each hand at set-up (a ruleset may depend on the player count)."""
        return self.hand_size

    def deal_sizes(self) -> list[int]:
        """Cards dealt to each seat at set-up, in the order of play from the
        first player (all :meth:`deal_size` unless a ruleset deals unevenly)."""
        return [self.deal_size()] * self.n

    def _after_deal(self) -> None:
        """Hook: set-up steps between the deal and the first turn (Al Cabohne's mafia)."""

    # ------------------------------------------------------------------------
    # decisions that interrupt the turn

    def _interrupt(self, phase: int) -> None:
        """Open a decision (phase ``phase``) in the middle of another phase,
        which :meth:`_resume` restores when the decision is settled."""
        self.resume.append(self.phase)
        self.phase = phase

    def _resume(self) -> None:
        self.phase = self.resume.pop()
        self._resumed()

    def _resumed(self) -> None:
        """Hook: go on with the phase an interruption restored (nothing by default)."""

    # ------------------------------------------------------------------------
    # small helpers

    def _emit(
        self, data: BeanEvent, to: tuple[int, ...] | None = None, public: BeanEvent | None = None
    ) -> None:
        self._push_event(data, to, public)

    def active_seat(self) -> int:
        return self.active

    def _rule(self, section: str) -> str:
        """The rule a shared bean-game check cites: ``section`` in Bohnanza's
        numbering, which a ruleset maps to where its own rules keep it (High
        Bohn and Ladybohn cite Bohnanza's, Sissi and Al Cabohne their own
        sections); by default this game's rules file (:meth:`cite`)."""
        return self.cite(section)

    def _caps_from_options(self) -> tuple[int, ...]:
        """Per-seat proposal caps (a game without trading has no such options: 0)."""
        caps = self.options.get("trade_caps")
        if caps is not None:
            return tuple(int(c) for c in caps)
        return (int(self.options.get("trade_cap", 0)),) * self.n

    def game_cards(self) -> list[int]:
        """The cards this game is played with, unshuffled (a ruleset whose
        options leave some of its cards out returns fewer; those go to ``box``)."""
        return self.table.deck()

    def fields_at_start(self) -> int:
        """Fields each player has at set-up (a ruleset may depend on the player count)."""
        return self.start_fields

    def third_field_price(self, seat: int) -> int:
        """Coins ``seat`` pays for the third field now: what the engine
        charges, and what a screen shows (bohnanza §4.3)."""
        return int(self.options["third_field_price"])

    def field_price(self, seat: int) -> int | None:
        """The third field's price for ``seat`` (:meth:`third_field_price`),
        or None where no field is for sale."""
        if not self.fields_for_sale or "third_field_price" not in self.options:
            return None
        return self.third_field_price(seat)

    def plant_limit(self, seat: int) -> int:
        """Cards ``seat`` may plant from his hand in phase 1 (bohnanza §3.1.4)."""
        return 2

    def _check_plant_limit(self, seat: int, rule: str) -> None:
        """Refuse a planting from the hand beyond :meth:`plant_limit`. Every
        handler that plants from the hand calls it before anything else, so the
        limit holds where the action is validated, also while something else
        (Prohibohn's 3 Casino) keeps the phase open."""
        if self.planted >= self.plant_limit(seat):
            raise IllegalAction(
                f"you have planted {self.planted} cards from your hand this turn, "
                f"the most you may ({self.plant_limit(seat)})",
                rule,
            )

    @property
    def phase_name(self) -> str:
        return self.PHASES.get(self.phase, str(self.phase))

    def cap(self, seat: int) -> int:
        """Proposals ``seat`` may make per trading phase (options trade_cap/trade_caps)."""
        return self.caps[seat]

    # ------------------------------------------------------------------------
    # planting

    def _can_plant(self, seat: int, card: int, f: int) -> bool:
        """Whether ``card`` may go on field ``f`` (bohnanza §3.1.2)."""
        fld = self.fields[seat][f]
        bean = self.table.bean
        if fld:
            return bean[fld[-1]] == bean[card]
        if self.options["same_type_fields"]:
            return True
        b = bean[card]
        return all(not g or bean[g[-1]] != b for g in self.fields[seat])

    def _check_field(self, seat: int, f: int) -> None:
        if f >= len(self.fields[seat]):
            raise IllegalAction(
                f"you have {len(self.fields[seat])} fields; there is no field {f}",
                self._rule("§1.3"),
            )

    def _check_plant(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        """Validate planting ``card`` on field ``f``; ``mode`` names a choice
        of how the card counts there (no bean game but High Bohn has one)."""
        self._check_field(seat, f)
        self._check_no_mode(f, mode)
        if not self._can_plant(seat, card, f):
            fld = self.fields[seat][f]
            key = self.table.keys[card]
            if fld:
                raise IllegalAction(
                    f"field {f} holds {self.table.bean_keys[self.table.bean[fld[-1]]]}; "
                    f"{key} may go only on a field of its type or an empty field",
                    self._rule("§3.1.2"),
                )
            raise IllegalAction(f"another field already holds {key}", self._rule("§3.1.2 (BO-D7)"))

    def _check_no_mode(self, f: int, mode: str | None) -> None:
        if mode is not None:
            raise IllegalAction(
                f"{self.variant} has no planting modes; plant on f{f} without {mode!r}",
                self._rule("§3.1.2"),
            )

    def _put(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        self.fields[seat][f].append(card)
        self._emit({"type": "plant", "seat": seat, "field": f, "card": self.table.keys[card]})

    # ------------------------------------------------------------------------
    # harvesting

    def _meter_card(self, seat: int, f: int) -> int:
        """The card whose beanometer prices field ``f`` (base: its top card)."""
        return self.fields[seat][f][-1]

    def harvest_value(self, seat: int, f: int) -> int:
        """Coins a harvest of field ``f`` would pay now."""
        fld = self.fields[seat][f]
        if not fld:
            return 0
        return min(len(fld), self.table.pays_for(self._meter_card(seat, f), len(fld)))

    def field_pays(self, seat: int) -> list[int]:
        """:meth:`harvest_value` of each of ``seat``'s fields, in order."""
        return [self.harvest_value(seat, f) for f in range(len(self.fields[seat]))]

    def _may_harvest(self, seat: int, f: int) -> bool:
        """The single-bean rule (bohnanza §4.1.6)."""
        fields = self.fields[seat]
        k = len(fields[f])
        if k == 0:
            return False
        if k >= 2:
            return True
        return all(len(g) < 2 for g in fields)

    def _check_harvest(self, seat: int, f: int) -> None:
        self._check_field(seat, f)
        if not self.fields[seat][f]:
            raise IllegalAction(f"field {f} is empty", self._rule("§4.1.2"))
        if not self._may_harvest(seat, f):
            raise IllegalAction(
                f"field {f} holds a single bean and another field holds two or more",
                self._rule("§4.1.6"),
            )

    def _harvest(self, seat: int, f: int, *, final: bool = False) -> None:
        fld = self.fields[seat][f]
        value = self.harvest_value(seat, f)
        cards = fld[:]
        fld.clear()
        earned, rest = self._split_harvest(cards, value)
        self.coins[seat].extend(earned)
        self._discard_leftovers(rest)
        self._emit_harvest(seat, f, cards, value, final)

    def _split_harvest(self, cards: list[int], value: int) -> tuple[list[int], list[int]]:
        """The harvested ``cards`` that become coins and the leftovers (BO-D3)."""
        if self.options["coins_from"] == "top":
            return cards[len(cards) - value :], cards[: len(cards) - value]
        return cards[:value], cards[value:]

    def _discard_leftovers(self, rest: list[int]) -> None:
        """Leftover harvested cards onto the discard pile (BO-D4)."""
        if self.options["discard_order"] == "planting":
            self.discard.extend(rest)
        else:
            self.discard.extend(reversed(rest))

    def _emit_harvest(self, seat: int, f: int, cards: list[int], value: int, final: bool) -> None:
        """The ``harvest`` event (a ruleset whose harvest says more emits
        its own: High Bohn's ``stew``, Ladybohn's ``from_discard``)."""
        keys = self.table.keys
        self._emit(
            {
                "type": "harvest",
                "seat": seat,
                "field": f,
                "cards": [keys[c] for c in cards],
                "coins": value,
                "final": final,
            }
        )

    # ------------------------------------------------------------------------
    # coins and the third field

    def _take_coins(self, seat: int, pay: tuple[str, ...] | None, price: int, what: str) -> None:
        """Pay ``price`` coins (bohnanza §4.2); validates before it moves anything."""
        coins = self.coins[seat]
        if len(coins) < price:
            raise IllegalAction(
                f"{what} costs {price} coins and you have {len(coins)}", self._rule("§4.3.2")
            )
        if pay is None:
            chosen = coins[len(coins) - price :]
        else:
            if self.options["coin_payment"] == "top":
                raise IllegalAction(
                    "coins are paid from the top of the pile; name no coins",
                    self._rule("§4.2 (BO-D9)"),
                )
            if len(pay) != price:
                raise IllegalAction(
                    f"{what} costs {price} coins; you named {len(pay)}", self._rule("§4.3.2")
                )
            try:
                chosen = [self.table.card(k) for k in pay]
            except KeyError as e:
                raise InvalidAction(str(e.args[0])) from None
            have = Counter(coins)
            need = Counter(chosen)
            if any(have[c] < k for c, k in need.items()):
                raise IllegalAction(
                    f"you do not have the coins {', '.join(pay)}", self._rule("§4.2")
                )
        for c in chosen:  # remove the last occurrence of each
            i = len(coins) - 1 - coins[::-1].index(c)
            del coins[i]
        self.discard.extend(chosen)
        self._emit({"type": "pay", "seat": seat, "coins": self.table.key_list(chosen), "for": what})

    def coins_of_type(self, seat: int, bean: int) -> int:
        """How many of ``seat``'s coins show bean type ``bean``."""
        tb = self.table.bean
        return sum(1 for c in self.coins[seat] if tb[c] == bean)

    def _pay_typed(
        self, seat: int, bean: int, price: int, what: str, *, under: bool = False
    ) -> None:
        """Pay ``price`` coins of bean type ``bean`` (the caller has checked
        that ``seat`` has them): the topmost such coins of the pile, onto the
        discard pile, or under it with ``under`` (Prohibohn)."""
        coins = self.coins[seat]
        tb = self.table.bean
        paid: list[int] = []
        for i in range(len(coins) - 1, -1, -1):
            if len(paid) == price:
                break
            if tb[coins[i]] == bean:
                paid.append(coins.pop(i))
        if under:
            self.discard[:0] = paid
        else:
            self.discard.extend(paid)
        self._emit({"type": "pay", "seat": seat, "coins": self.table.key_list(paid), "for": what})

    # the third field's hooks: its price (third_field_price), whether a seat
    # may buy it (_field_refusal), where its coins go (_paid_for_field) and a
    # ruleset's own state of a new field (_field_added)

    def _field_refusal(self, seat: int) -> BohnError | None:
        """Why ``seat`` may not buy its third field now (``None``: it may):
        the game's own rules on the field (none to buy, bought already, the
        supply is out) and its price. The legal list and the handler both
        ask this one place, so they cannot disagree; rulesets extend it and
        set the price with :meth:`third_field_price`."""
        if len(self.fields[seat]) >= self.max_fields:
            return IllegalAction("you already have your third field", self._rule("§4.3.1"))
        return self._price_refusal(seat)

    def _price_refusal(self, seat: int) -> BohnError | None:
        """Why ``seat`` cannot pay for the third field (``None``: it can)."""
        price = self.third_field_price(seat)
        have = len(self.coins[seat])
        if have < price:
            return IllegalAction(
                f"the third field costs {price} coins and you have {have}", self._rule("§4.3.2")
            )
        return None

    def _may_buy_field(self, seat: int) -> bool:
        """Whether ``seat`` may buy its third field now: the legal list's
        question, asked on every step. A game that sells no field, and a seat
        short of coins (paying is needed in every ruleset), are answered at
        once, without building the refusal's words."""
        if not self.fields_for_sale or len(self.coins[seat]) < self.third_field_price(seat):
            return False
        return self._field_refusal(seat) is None

    def _paid_for_field(self, seat: int) -> None:
        """Hook: the coins just paid for a third field lie on the discard pile."""

    def _field_added(self, seat: int) -> None:
        """Hook: a ruleset's own state of the field just bought (the last of ``seat``'s)."""

    def _anytime_refusal(self, seat: int) -> BohnError | None:
        """Why ``seat`` may not harvest or buy a field now (``None``: it may).

        The one place for who may take an "any time" action while the game
        waits on another decision: :meth:`_anytime_actions` lists nothing when
        this refuses, and the handlers raise it, so the list and ``apply``
        cannot disagree. Rulesets extend it."""
        return None

    def _buy_refusal(self, seat: int) -> BohnError | None:
        """Why ``seat`` may not buy a field now (``None``: it may): as for any
        "any time" action unless a ruleset lets buying differ from selling (the
        English bean duel sells only on one's own turn, and buys at any time)."""
        return self._anytime_refusal(seat)

    def _check_anytime(self, seat: int) -> None:
        """Raise :meth:`_anytime_refusal`'s refusal, if there is one."""
        refusal = self._anytime_refusal(seat)
        if refusal is not None:
            raise refusal

    def _do_buy_field(self, seat: int, action: BuyField) -> None:
        refusal = self._buy_refusal(seat)
        if refusal is not None:
            raise refusal
        self._buy_field(seat, action)

    def _buy_field(self, seat: int, action: BuyField) -> None:
        """Buy the third field (bohnanza §4.3), once :meth:`_buy_refusal` has
        let ``seat`` act now and :meth:`_field_refusal` lets it buy."""
        refusal = self._field_refusal(seat)
        if refusal is not None:
            raise refusal
        self._take_coins(seat, action.pay, self.third_field_price(seat), "the third field")
        self._paid_for_field(seat)
        self.fields[seat].append([])
        self._field_added(seat)
        self._emit({"type": "buy-field", "seat": seat, "field": len(self.fields[seat]) - 1})

    def _do_harvest(self, seat: int, action: Harvest) -> None:
        self._check_anytime(seat)
        self._check_harvest(seat, action.field)
        self._harvest(seat, action.field)

    # ------------------------------------------------------------------------
    # the draw pile

    def _final_reached(self) -> bool:
        """Whether the exhaustion that ends the game has happened."""
        return self.final

    def final_exhaustion(self) -> int:
        """The exhaustion that ends the game (bohnanza §5.2.1)."""
        return 3

    def _refill(self) -> None:
        cards = self.discard
        self.discard = []
        self._shuffle(cards, "deck")
        self.deck = cards

    def _take(self) -> int | None:
        """Take the top card of the draw pile, handling exhaustion (§5.1)."""
        deck = self.deck
        if not deck:
            if self.final or not self.discard:
                return None
            self._refill()  # BO-D5 / BO-D10: a refill that is not an exhaustion
            deck = self.deck
        card = deck.pop()
        self.drawn_this_turn += 1
        if not deck:
            self.exhaustions += 1
            self._emit({"type": "exhausted", "count": self.exhaustions})
            if self.exhaustions >= self.final_exhaustion():
                self.final = True
            elif self.options["reshuffle"] == "immediate" and self.discard:
                self._refill()
        return card

    def _draw(self, seat: int, count: int) -> int:
        """``seat`` draws up to ``count`` cards, one at a time, to the back of
        its hand; the final exhaustion stops the drawing (bohnanza §3.4, §5.2.1).
        Returns how many it drew."""
        drawn = self._take_up_to(count)
        self.hands[seat].extend(drawn)
        self._emit(
            {"type": "draw", "seat": seat, "cards": self.table.key_list(drawn)},
            to=(seat,),
            public={"type": "draw", "seat": seat, "count": len(drawn)},
        )
        return len(drawn)

    def _take_up_to(self, count: int) -> list[int]:
        """Up to ``count`` cards from the draw pile, one at a time; the final
        exhaustion stops the taking (bohnanza §5.2.1)."""
        drawn: list[int] = []
        for _ in range(count):
            card = self._take()
            if card is None:
                break
            drawn.append(card)
            if self._final_reached():
                break
        return drawn

    def _dry_round_ended(self) -> bool:
        """Count a turn in which no card could be drawn; a whole round of them
        ends the game (BO-D5). True when it did."""
        self.dry_turns = self.dry_turns + 1 if self.drawn_this_turn == 0 else 0
        if self.options["dry_round_ends"] and self.dry_turns >= self.n:
            self._finish("no-cards")
            return True
        return False

    # ------------------------------------------------------------------------
    # trading (bohnanza §3.2)

    def _ref_zone(self, seat: int, z: str) -> list[int]:
        if z == "h":
            return self.hands[seat]
        if z == "r":
            if seat != self.active:
                raise IllegalAction(
                    "only the active player may give revealed cards", self._rule("§3.2.2")
                )
            return self.revealed
        raise IllegalAction(
            f"cards may be given from the hand (h) or the revealed cards (r), not {z!r}",
            self._rule("§3.2.2"),
        )

    def _resolve_refs(self, seat: int, refs: tuple[str, ...]) -> list[tuple[str, int]]:
        out = []
        for r in refs:
            z, i = _parse_ref(r)
            zone = self._ref_zone(seat, z)
            if i >= len(zone):
                raise IllegalAction(f"there is no card {r}", self._rule("§3.2.2"))
            out.append((z, i))
        return out

    def _zone(self, seat: int, z: str) -> list[int]:
        """The zone a checked reference letter names (``h`` hand, ``r`` revealed)."""
        return self.hands[seat] if z == "h" else self.revealed

    def ref_card(self, seat: int, z: str, i: int) -> int:
        """The card a reference names: position ``i`` of ``seat``'s zone
        ``z`` (``h`` the hand, ``r`` the revealed cards, ...)."""
        return self._zone(seat, z)[i]

    def _giveable(self, seat: int) -> list[tuple[str, int]]:
        """``(reference, card)`` of every card ``seat`` may give in a deal now."""
        out = [(f"h{i}", c) for i, c in enumerate(self.hands[seat])]
        if seat == self.active:
            out += [(f"r{i}", c) for i, c in enumerate(self.revealed)]
        return out

    def _check_trading(self, seat: int) -> None:
        if self.phase != TRADE:
            raise IllegalAction("deals are made only in the trading phase", self._rule("§3.2"))

    def _do_propose(self, seat: int, a: Propose) -> None:
        self._check_trading(seat)
        if a.to == seat or a.to >= self.n:
            raise IllegalAction(f"you cannot propose a deal to seat {a.to}", self._rule("§3.2.2"))
        if seat != self.active and a.to != self.active:
            raise IllegalAction("every deal is made with the active player", self._rule("§3.2.2"))
        if self.proposals[seat] >= self.cap(seat):
            raise IllegalAction(
                f"you have made your {self.cap(seat)} proposals for this trading phase",
                "trade_cap option",
            )
        give = self._resolve_refs(seat, a.give)
        try:
            want = tuple(self.table.bean_type(k) for k in a.want)
        except KeyError as e:
            raise InvalidAction(str(e.args[0])) from None
        offer = Offer(self.next_offer, seat, a.to, tuple(give), want)
        self.next_offer += 1
        self.proposals[seat] += 1
        self.offers[offer.id] = offer
        self._emit({"type": "offer", **self._offer_fields(offer, None)})

    def offer_view(self, o: Offer, seat: int | None = None) -> OfferFields | OwnOfferView:
        """Open offer ``o`` as ``seat`` sees it; its proposer also sees the
        hand positions (``give_refs``)."""
        d = self._offer_fields(o, seat)
        if seat != o.frm:
            return d
        return {**d, "give_refs": [f"{z}{i}" for z, i in o.give]}

    def _offer_fields(self, o: Offer, seat: int | None) -> OfferFields:
        keys = self.table.keys
        return {
            "id": o.id,
            "from": o.frm,
            "to": o.to,
            "give": [
                keys[c] if z != "h" or seat == o.frm else self.offered_hand_card(c)
                for z, i in o.give
                for c in (self.ref_card(o.frm, z, i),)
            ],
            "give_from": [z for z, _ in o.give],
            "want": [self.table.bean_keys[b] for b in o.want],
        }

    def offered_hand_card(self, card: int) -> str:
        """How a hand card named in an offer shows to the other seats: its key
        (Ladybohn shows only its bean type)."""
        return self.table.keys[card]

    def _offer(self, offer_id: int) -> Offer:
        o = self.offers.get(offer_id)
        if o is None:
            raise IllegalAction(f"there is no open offer {offer_id}", self._rule("§3.2.2"))
        return o

    def _do_accept(self, seat: int, a: Accept) -> None:
        self._check_trading(seat)
        o = self._offer(a.offer)
        if o.to != seat:
            raise IllegalAction(f"offer {o.id} is not made to you", self._rule("§3.2.2"))
        give = self._resolve_refs(seat, a.give)
        got = sorted(self.table.bean[self.ref_card(seat, z, i)] for z, i in give)
        if got != sorted(o.want):
            wanted = ", ".join(self.table.bean_keys[b] for b in o.want) or "nothing"
            raise IllegalAction(
                f"offer {o.id} asks for {wanted}; give exactly one card of each",
                self._rule("§3.2.2"),
            )
        del self.offers[o.id]
        to_receiver = self._remove_refs(o.frm, o.give)
        to_proposer = self._remove_refs(seat, tuple(give))
        self.trade[seat].extend(to_receiver)
        self.trade[o.frm].extend(to_proposer)
        keys = self.table.keys
        self._emit(
            {
                "type": "trade",
                "offer": o.id,
                "from": o.frm,
                "to": seat,
                "given": [keys[c] for c in to_receiver],
                "returned": [keys[c] for c in to_proposer],
            }
        )
        self._received(seat, to_receiver)
        self._received(o.frm, to_proposer)

    def _received(self, seat: int, cards: list[int]) -> None:
        """Hook: ``seat`` has just received ``cards`` in a deal, into its
        trading area (Ladybohn's foisted babies)."""

    def _remove_refs(self, seat: int, refs: tuple[tuple[str, int], ...]) -> list[int]:
        """Remove the referenced cards (keeping every other card's order) and
        bring the seat's open offers up to date."""
        cards = [self.ref_card(seat, z, i) for z, i in refs]
        by_zone: dict[str, list[int]] = {}
        for z, i in refs:
            by_zone.setdefault(z, []).append(i)
        for z, idxs in by_zone.items():
            zone = self._zone(seat, z)
            for i in sorted(idxs, reverse=True):
                del zone[i]
        self._remap_offers(seat, by_zone)
        return cards

    def _remap_offers(self, seat: int, removed: dict[str, list[int]]) -> None:
        """Shift the card references of ``seat``'s offers past removed cards;
        an offer whose own cards are gone is void."""
        for o in list(self.offers.values()):
            if o.frm != seat:
                continue
            new = []
            void = False
            for z, i in o.give:
                gone = removed.get(z)
                if gone is None:
                    new.append((z, i))
                elif i in gone:
                    void = True
                    break
                else:
                    new.append((z, i - sum(1 for g in gone if g < i)))
            if void:
                del self.offers[o.id]
                self._emit({"type": "offer-void", "id": o.id, "from": o.frm, "to": o.to})
            else:
                self.offers[o.id] = Offer(o.id, o.frm, o.to, tuple(new), o.want)

    def _do_decline(self, seat: int, a: Decline) -> None:
        self._check_trading(seat)
        o = self._offer(a.offer)
        if o.to != seat:
            raise IllegalAction(f"offer {o.id} is not made to you", self._rule("§3.2.2"))
        del self.offers[o.id]
        self._emit({"type": "decline", "id": o.id, "seat": seat})

    def _do_withdraw(self, seat: int, a: Withdraw) -> None:
        self._check_trading(seat)
        o = self._offer(a.offer)
        if o.frm != seat:
            raise IllegalAction(f"offer {o.id} is not yours", self._rule("§3.2.2"))
        del self.offers[o.id]
        self._emit({"type": "withdraw", "id": o.id, "seat": seat})

    def _do_keep(self, seat: int, a: Keep) -> None:
        self._check_trading(seat)
        if seat != self.active:
            raise IllegalAction("only the active player keeps revealed cards", self._rule("§3.2.2"))
        if a.revealed >= len(self.revealed):
            raise IllegalAction(f"there is no revealed card r{a.revealed}", self._rule("§3.2.2"))
        (card,) = self._remove_refs(seat, (("r", a.revealed),))
        self.trade[seat].append(card)
        self._emit({"type": "keep", "seat": seat, "cards": [self.table.keys[card]]})

    def _close_trading(self) -> None:
        """End of phase 2: open offers lapse, unsettled revealed cards are kept (BO-D8)."""
        for o in list(self.offers.values()):
            self._emit({"type": "offer-void", "id": o.id, "from": o.frm, "to": o.to})
        self.offers.clear()
        if self.revealed:
            self.trade[self.active].extend(self.revealed)
            self._emit(
                {"type": "keep", "seat": self.active, "cards": self.table.key_list(self.revealed)}
            )
            self.revealed = []

    def reset_trading(self) -> None:
        """A new trading phase: every seat's proposals and pass are counted afresh."""
        self.proposals = [0] * self.n
        self.idle = [False] * self.n

    def _trading_waits(self) -> frozenset[int]:
        caps = self.caps
        idle = self.idle
        proposals = self.proposals
        mask = 1 << self.active
        for o in self.offers.values():
            mask |= 1 << o.to
        for s in range(self.n):
            if not idle[s] and proposals[s] < caps[s]:
                mask |= 1 << s
        return seats_of(mask)

    # -- the bounded proposal vocabulary of legal_actions (docs/actions.md) --

    def _proposal_vocabulary(self, seat: int) -> tuple[Action, ...]:
        """The proposals legal_actions lists (docs/actions.md); apply accepts any.

        The active player offers each revealed card and his front hand card,
        each as a gift or for one card of a type he grows, to every other
        player. Another player offers the active player: a request for each
        revealed type as a gift; each kind of hand card that the active player
        grows (its front-most copy), as a gift or for one card of a revealed
        type or of a type he grows himself; and his front card as a gift.
        """
        if self.proposals[seat] >= self.caps[seat]:
            return ()
        # the key holds exactly what the listed proposals depend on, so that
        # positions differing only elsewhere share one vocabulary
        bean = self.table.bean
        hand = self.hands[seat]
        own = self._bean_mask(self._wanted_tops(seat))
        active = self.active
        key: tuple[Any, ...]
        if seat == active:
            front = bean[hand[0]] if hand else -1
            revealed = tuple([bean[c] for c in self.revealed])
            key = (self.variant, seat, self.n, front, own, revealed)
        else:
            grown = self._bean_mask(self._wanted_tops(active))
            rev = self._bean_mask(self.revealed)
            offer: list[int] = []  # bean and position of the first copy of each kind
            seen = 0
            for i, c in enumerate(hand):
                b = bean[c]
                if grown >> b & 1 and not seen >> c & 1:
                    seen |= 1 << c
                    offer.append(b)
                    offer.append(i)
            front_gift = bool(hand) and not grown >> bean[hand[0]] & 1
            key = (self.variant, seat, active, front_gift, own, rev, tuple(offer))
        cached = _VOCABULARY.get(key)
        if cached is None:
            if len(_VOCABULARY) >= _MEMO_LIMIT:
                _VOCABULARY.clear()
            cached = _VOCABULARY[key] = self._build_vocabulary(key)
        return cached

    def _bean_mask(self, cards: Iterable[int]) -> int:
        """The bean types of ``cards`` (-1 entries skipped) as a bit mask."""
        bean = self.table.bean
        mask = 0
        for c in cards:
            if c >= 0:
                mask |= 1 << bean[c]
        return mask

    def _wanted_tops(self, seat: int) -> tuple[int, ...]:
        """Per field of ``seat``, a card of the type that field wants next (-1:
        none in particular); the vocabulary offers and asks for these types.
        In Bohnanza a field wants more of its own type: its top card."""
        return tuple([f[-1] if f else -1 for f in self.fields[seat]])

    def _build_vocabulary(self, key: tuple[Any, ...]) -> tuple[Action, ...]:
        bkeys = self.table.bean_keys
        out: list[Action] = []
        if len(key) == 6:  # the active player
            _, seat, n, front, own, revealed = key
            grows = _mask_types(own)
            cards = [(f"r{i}", b) for i, b in enumerate(revealed)]
            if front >= 0:
                cards.append(("h0", front))
            for to in range(n):
                if to == seat:
                    continue
                for ref, b in cards:
                    out.append(_propose(to, (ref,), ()))
                    for t in grows:
                        if t != b:
                            out.append(_propose(to, (ref,), (bkeys[t],)))
            return tuple(out)
        _, seat, to, front_gift, own, rev, offer = key
        for t in _mask_types(rev):
            out.append(_propose(to, (), (bkeys[t],)))
        wanted = _mask_types(own | rev)
        for j in range(0, len(offer), 2):
            b, i = offer[j], offer[j + 1]
            give = (f"h{i}",)
            out.append(_propose(to, give, ()))
            for t in wanted:
                if t != b:
                    out.append(_propose(to, give, (bkeys[t],)))
        if front_gift:
            out.append(_propose(to, ("h0",), ()))
        return tuple(out)

    def _accept_choices(self, seat: int, o: Offer) -> list[Action]:
        """The ways ``seat`` can satisfy offer ``o`` (at most ACCEPT_CHOICES_LISTED)."""
        want = o.want
        if not want:
            return [_accept(o.id, ())]
        bean = self.table.bean
        refs: list[str] = []
        beans: list[int] = []
        for r, c in self._giveable(seat):
            if bean[c] in want:
                refs.append(r)
                beans.append(bean[c])
        if len(want) == 1:
            return [_accept(o.id, (r,)) for r in refs[:ACCEPT_CHOICES_LISTED]]
        per_type = []
        for t, k in sorted(Counter(want).items()):
            pos = [r for r, b in zip(refs, beans, strict=True) if b == t]
            if len(pos) < k:
                return []
            per_type.append(list(itertools.combinations(pos, k)))
        out: list[Action] = []
        for combo in itertools.product(*per_type):
            out.append(Accept(o.id, tuple(r for part in combo for r in part)))
            if len(out) >= ACCEPT_CHOICES_LISTED:
                break
        return out

    def _trading_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self.offers:
            withdraw = []
            for o in self.offers.values():
                if o.to == seat:
                    out += self._accept_choices(seat, o)
                    out.append(_decline(o.id))
                elif o.frm == seat:
                    withdraw.append(_withdraw(o.id))
            out += withdraw
        out += self._proposal_vocabulary(seat)
        if seat == self.active:
            out += _KEEP[: len(self.revealed)]
            out.append(_END)
        elif self._may_pass_trading(seat):
            out.append(_PASS)
        return out

    def _may_pass_trading(self, seat: int) -> bool:
        """Whether ``seat`` (not the active player) may say ``pass`` in the
        trading phase: the game still waits on it (it has not passed, and has
        proposals left). The list and the handler both ask this."""
        return not self.idle[seat] and self.proposals[seat] < self.caps[seat]

    # ------------------------------------------------------------------------
    # "any time" actions

    def _anytime_actions(self, seat: int) -> list[Action]:
        out: list[Action] = []
        if self._anytime_refusal(seat) is None:
            fields = self.fields[seat]
            big = False
            for fld in fields:
                if len(fld) >= 2:
                    big = True
                    break
            out = [
                _HARVEST[f] for f, fld in enumerate(fields) if len(fld) >= 2 or (fld and not big)
            ]
        # the field's own question first: it answers most seats at once (no
        # coins to pay), before the turn's refusal is asked a second time
        if self._may_buy_field(seat) and self._buy_refusal(seat) is None:
            out.append(_BUY)
        return out

    # ------------------------------------------------------------------------
    # end of game

    def _finish(self, reason: str) -> None:
        """Final harvest without the single-bean rule, scores, tie-break (§5.2-5.3)."""
        for seat in range(self.n):
            for f in range(len(self.fields[seat])):
                if self.fields[seat][f]:
                    self._harvest(seat, f, final=True)
        self.phase = OVER
        self.revealed = []
        self.offers.clear()
        self._result = self._score(reason)
        self._emit(self._result.event())

    def scores(self) -> list[int]:
        """Every seat's coins now (the score the game ends with)."""
        return [len(c) for c in self.coins]

    def _score(self, reason: str) -> Result:
        scores = self.scores()
        n = self.n
        order = sorted(range(n), key=lambda s: (-scores[s], -((s - self.start) % n)))
        best = scores[order[0]]
        tied = sum(1 for s in scores if s == best) > 1
        return Result(tuple(scores), (order[0],), tuple(order), reason, tie_break=tied)

    def _open_position(self) -> None:
        """A position set by hand opens with what every seat is shown of it
        (the ``position`` event, each seat's hand dealt to it), then the
        step it begins at: a turn at its start begins as every turn does
        (an empty hand skips phase 1, §3.1.1), any other its ``turn`` event."""
        keys = self.table.key_list
        common: PositionCommon = {
            "type": "position",
            "active": self.active,
            "phase": self.phase_name,
            "planted": self.planted,
            "turn": self.turn,
            "exhaustions": self.exhaustions,
            "discard": keys(self.discard),
            "revealed": keys(self.revealed),
            "fields": [[keys(f) for f in fs] for fs in self.fields],
            "trading_areas": [keys(t) for t in self.trade],
        }
        self._emit(
            {
                **common,
                "deck": keys(self.deck),
                "box": keys(self.box),
                "hands": [keys(h) for h in self.hands],
                "coins": [keys(c) for c in self.coins],
            },
            to=(),
            public={
                **common,
                "deck_size": len(self.deck),
                "box_size": len(self.box),
                "hand_sizes": [len(h) for h in self.hands],
                "coins": [len(c) for c in self.coins],
            },
        )
        for s in range(self.n):
            self._emit(
                {"type": "deal", "seat": s, "cards": keys(self.hands[s])},
                to=(s,),
                public={"type": "deal", "seat": s, "count": len(self.hands[s])},
            )
        if self.phase == PLANT and self.planted == 0:
            self.turn -= 1
            self._begin_turn()
        else:
            self._emit({"type": "turn", "seat": self.active, "turn": self.turn})

    # ------------------------------------------------------------------------
    # the turn (rulesets override)

    @abstractmethod
    def _begin_turn(self) -> None:
        """Start the active player's turn (every ruleset defines its turn)."""

    # ------------------------------------------------------------------------
    # copies and serialisation: the state's parts (bohn/engine/parts.py)

    STATE: ClassVar[tuple[Part, ...]] = (
        Part("caps", codec=Made("_caps_from_options")),
        Part("deck", 1, CARD),
        Part("discard", 1, CARD),
        Part("box", 1, CARD),
        Part("revealed", 1, CARD),
        Part("hands", 2, CARD),
        Part("coins", 2, CARD),
        Part("trade", 2, CARD),
        Part("fields", 3, CARD),
        Part("start"),
        Part("active"),
        Part("planted"),
        Part("turn"),
        Part("exhaustions"),
        Part("final"),
        Part("next_offer"),
        Part("dry_turns"),
        Part("drawn_this_turn"),
        Part("phase", codec=PHASE),
        Part("resume", 1, PHASE),
        Part("offers", 1, _OfferCodec(), mapping=True),
        Part("proposals", 1),
        Part("idle", 1),
    )

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        super()._copy_state(other)
        other.caps = self.caps
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        other.box = self.box[:]
        other.revealed = self.revealed[:]
        other.hands = [z[:] for z in self.hands]
        other.coins = [z[:] for z in self.coins]
        other.trade = [z[:] for z in self.trade]
        other.fields = [[f[:] for f in fs] for fs in self.fields]
        other.start = self.start
        other.active = self.active
        other.planted = self.planted
        other.turn = self.turn
        other.exhaustions = self.exhaustions
        other.final = self.final
        other.next_offer = self.next_offer
        other.dry_turns = self.dry_turns
        other.drawn_this_turn = self.drawn_this_turn
        other.phase = self.phase
        other.resume = self.resume[:]
        other.offers = self.offers.copy()
        other.proposals = self.proposals[:]
        other.idle = self.idle[:]

    # -- end of the state's copy --

    # ------------------------------------------------------------------------
    # observation

    def observe(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know (``None``: the public view). See ``docs/observation.md``."""
        keys = self.table.key_list
        players = []
        for s in range(self.n):
            p: dict[str, Any] = {
                "hand_size": len(self.hands[s]),
                "fields": [keys(f) for f in self.fields[s]],
                "field_pays": self.field_pays(s),
                "coins": len(self.coins[s]),
                "trading_area": keys(self.trade[s]),
                "proposals_left": max(0, self.cap(s) - self.proposals[s]),
            }
            if s == seat:
                p["hand"] = keys(self.hands[s])
                p["coin_cards"] = keys(self.coins[s])
            players.append(p)
        return {
            "variant": self.variant,
            "players": self.n,
            "seat": seat,
            "seq": self.seq,
            "turn": self.turn,
            "first_player": self.start,
            "active": self.active,
            "phase": self.phase_name,
            "planted": self.planted,
            "deck_size": len(self.deck),
            "discard": keys(self.discard),
            "exhaustions": self.exhaustions,
            "final_exhaustion": self.final_exhaustion(),
            "last_turn": self.final,
            "revealed": keys(self.revealed),
            "offers": [self.offer_view(o, seat) for o in self.offers.values()],
            "waiting_for": sorted(self.waiting_for()),
            "seats": players,
            "result": None if self._result is None else self._result.to_json(),
        }
