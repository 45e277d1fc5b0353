"""Prohibohn (with the Pub variant), 2 players — ``rules/prohibohn.md``.

Prohibohn is the two-player game of Al Cabohne (:class:`AlCabohne`) with
establishments. What it changes, by phase:

* set-up — 7 cards each; after the mafia's first beans each player lays 2
  hand cards face down as his first coins (``start-coins``, ``stash``);
* phase 2 — only a field's top card is compared; a boss harvest gives the
  active player 1 coin of it (:meth:`Prohibohn._after_boss_harvest`);
  ``pub-3`` may give more cards (``protect``);
* phase 3 — ``casino-3`` (``drop``), ``casino-4`` (plant any number),
  Varieté (``plant h<i> f<j>``);
* phase 4 — uncovering stops once question 2 moved a discard card; the
  Undertakers may go on (``uncover-more``); ``restaurant-3``'s coin;
* phase 5 — ``restaurant-4``'s coin; Nightbar fields (:meth:`Prohibohn._field_takes`);
* phase 6 — the Gas Stations' draw choice (``draw``);
* any decision point of one's own turn — ``build`` an establishment, a
  Police Station (then ``take`` a treasury coin) or the Razzia; the second
  card of an establishment may remove its third (``remove-third``),
  ``pub-4`` one of the opponent's 1-cards (``pub-removal``);
* the end — the last player, then his opponent, may harvest and buy
  (``final-buying``); with fewer than 10 establishment cards owned the deck
  is played through a fourth time (PB-D13).

Every ``[DEFAULT]`` (PB-D1 … PB-D15) is tabled in ``docs/rules/prohibohn.md``.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn._native import mypyc_attr
from bohn.engine.actions import Action
from bohn.engine.actions import Build
from bohn.engine.actions import Drop
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Take
from bohn.engine.actions import Uncover
from bohn.engine.beans import _PASS
from bohn.engine.beans import OVER
from bohn.engine.beans import PLANT
from bohn.engine.beans import seats_of
from bohn.engine.beans import shared_action
from bohn.engine.cards import CardTable
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import InvalidAction
from bohn.engine.errors import NotWaiting
from bohn.engine.game import Audience
from bohn.engine.game import Option
from bohn.engine.game import Result
from bohn.engine.game import Words
from bohn.engine.layout import HiddenLayout
from bohn.engine.parts import BOOL
from bohn.engine.parts import Names
from bohn.engine.parts import Part
from bohn.rulesets.al_cabohne.rules import ASK
from bohn.rulesets.al_cabohne.rules import BOSSES
from bohn.rulesets.al_cabohne.rules import FEED
from bohn.rulesets.al_cabohne.rules import GO_ON
from bohn.rulesets.al_cabohne.rules import PLACE
from bohn.rulesets.al_cabohne.rules import STOP
from bohn.rulesets.al_cabohne.rules import USE
from bohn.rulesets.al_cabohne.rules import AlCabohne
from bohn.rulesets.prohibohn.actions import Draw
from bohn.rulesets.prohibohn.actions import Protect
from bohn.rulesets.prohibohn.actions import Remove
from bohn.rulesets.prohibohn.actions import Stash
from bohn.rulesets.prohibohn.events import ProhibohnEvent

START_COINS: Final = 30  #: set-up: each player lays 2 hand cards as secret coins
REMOVE_THIRD: Final = 31  #: after a second card of an establishment
POLICE_PICK: Final = 32  #: after a Police Station: a treasury coin
PUB_REMOVE: Final = 33  #: after pub-4: one of the opponent's 1-cards
PROTECT: Final = 34  #: phase 2 with pub-3: more cards for the boss
UNCOVER_MORE: Final = 35  #: phase 4: go on after the early stop (Undertakers)
DRAW_CHOICE: Final = 36  #: phase 6: how many cards (Gas Stations)
END_BUY: Final = 37  #: the end: harvest and buy, last player first

#: decisions settled before anything else (no purchases, no harvests)
_DECISIONS: Final = frozenset({START_COINS, REMOVE_THIRD, POLICE_PICK, PUB_REMOVE})

_DATA: dict[str, Any] = json.loads(
    resources.files("bohn.rulesets.prohibohn").joinpath("cards.json").read_text(encoding="utf-8")
)


class EstablishmentTable:
    """The establishment, Police Station and Razzia cards of ``cards.json``,
    as small ints (index = position in the file)."""

    def __init__(self, entries: list[dict[str, Any]], cards: CardTable) -> None:
        self.keys: tuple[str, ...] = tuple(e["key"] for e in entries)
        #: the establishment (``casino``), ``police-station`` or ``razzia``
        self.kinds: tuple[str, ...] = tuple(e["type"] for e in entries)
        #: ``establishment``, ``police`` or ``razzia``
        self.group: tuple[str, ...] = tuple(e["kind"] for e in entries)
        self.bean: tuple[int, ...] = tuple(cards.bean_type(e["bean"]) for e in entries)
        self.price: tuple[int, ...] = tuple(int(e["price"]) for e in entries)
        self.pub_only: tuple[bool, ...] = tuple(e.get("variant") == "pub" for e in entries)
        self.index: dict[str, int] = {k: i for i, k in enumerate(self.keys)}
        #: Police Station -> (what it counts: ``cards`` or ``types``, count -> bonus)
        self.bonus: dict[int, tuple[str, dict[int, int]]] = {
            i: (e["bonus"]["by"], {int(k): int(v) for k, v in e["bonus"]["table"].items()})
            for i, e in enumerate(entries)
            if "bonus" in e
        }
        #: the Razzia's other payment: coins all of one other type
        self.other_price: dict[int, int] = {
            i: int(e["other_price"]) for i, e in enumerate(entries) if "other_price" in e
        }
        #: establishment kind -> its cards by price
        self.set_of: dict[str, dict[int, int]] = {}
        for i, e in enumerate(entries):
            if e["kind"] == "establishment":
                self.set_of.setdefault(e["type"], {})[int(e["price"])] = i

    def is_establishment(self, e: int) -> bool:
        return self.group[e] == "establishment"


TABLE = CardTable.load("bohn.rulesets.prohibohn")
ESTABLISHMENTS = EstablishmentTable(_DATA["establishments"], TABLE)
_E = ESTABLISHMENTS.index
CASINO_3: Final = _E["casino-3"]
CASINO_4: Final = _E["casino-4"]
UNDERTAKER_3: Final = _E["undertaker-3"]
UNDERTAKER_4: Final = _E["undertaker-4"]
RESTAURANT_3: Final = _E["restaurant-3"]
RESTAURANT_4: Final = _E["restaurant-4"]
NIGHTBAR_3: Final = _E["nightbar-3"]
NIGHTBAR_4: Final = _E["nightbar-4"]
GAS_3: Final = _E["gas-station-3"]
GAS_4: Final = _E["gas-station-4"]
VARIETE_3: Final = _E["variete-3"]
VARIETE_4: Final = _E["variete-4"]
PUB_3: Final = _E["pub-3"]
PUB_4: Final = _E["pub-4"]
RAZZIA: Final = _E["razzia"]
BLAUE: Final = TABLE.bean_index["blaue"]
COGNAC: Final = TABLE.bean_index["cognac"]
#: a Casino-4 owner plants as many cards as he likes (PB-D6)
_NO_LIMIT: Final = 1000
#: establishment cards owned by both players below which the deck is played
#: through a fourth time (§5.2 step 3)
ESTABLISHMENTS_TO_END: Final = 10
#: the hand size a gas-station-3 owner may draw up to
GAS_FILL: Final = 6

_BUILDS: dict[tuple[str, str | None], Build] = {}


def _build(key: str, name: str | None = None) -> Build:
    return shared_action(_BUILDS, (key, name), Build, key, name)


def _police_known(state: dict[str, Any], viewer: int | None) -> set[tuple[str | int, ...]]:
    """The treasury, to the buyer of a Police Station paying its coin (``HIDDEN_LAYOUT``)."""
    if viewer is not None and viewer == state["active"] and state["phase"] == "police-coin":
        return {("treasury", i) for i in range(len(state["treasury"]))}
    return set()


@mypyc_attr(allow_interpreted_subclasses=True)
class Prohibohn(AlCabohne):
    """Prohibohn, and with option ``pub`` its Pub variant."""

    variant = "prohibohn"
    #: where its state JSON hides cards (``bohn.engine.infostate``): as in Al
    #: Cabohne; the buyer of a Police Station sees the treasury
    HIDDEN_LAYOUT: ClassVar[HiddenLayout] = HiddenLayout(
        secret=("deck", "treasury"), private=("hands", "coins"), known=_police_known
    )
    title = "Prohibohn"
    min_players = 2
    max_players = 2
    table = TABLE
    rules_file = "prohibohn"
    PHASES: ClassVar[dict[int, str]] = {
        **AlCabohne.PHASES,
        START_COINS: "start-coins",
        REMOVE_THIRD: "remove-third",
        POLICE_PICK: "police-coin",
        PUB_REMOVE: "pub-removal",
        PROTECT: "protect",
        UNCOVER_MORE: "uncover-more",
        DRAW_CHOICE: "draw",
        END_BUY: "final-buying",
    }
    OPTIONS: ClassVar[dict[str, Option]] = {
        **{
            name: opt
            for name, opt in AlCabohne.OPTIONS.items()
            if name not in ("third_field_price", "coins_from", "discard_order")
        },
        # §3.3: fixed by the rulebook, kept as one-choice options so that the
        # shared harvest reads them as in every bean game
        "coins_from": Option(
            "coins_from",
            "top",
            "only the top cards of a harvested field become coins (prohibohn §3.3)",
            choices=("top",),
            label=Words("Coins come from", "Taler kommen von"),
            help=Words(
                "Only the top cards of a harvested field become coins: the rule of Prohibohn.",
                "Nur die obersten Karten eines abgeernteten Feldes werden zu Talern: die Regel von Prohibohn.",
            ),
            choice_words={"top": Words("the top cards", "den obersten Karten")},
        ),
        "discard_order": Option(
            "discard_order",
            "planting",
            "the other harvested cards go to the discard pile in planting order (prohibohn §3.3)",
            choices=("planting",),
            label=Words("Harvested cards on the discard pile", "Geerntete Karten auf die Ablage"),
            help=Words(
                "The other cards of a harvest go onto the discard pile as they were planted: the rule of Prohibohn.",
                "Die übrigen Karten einer Ernte kommen wie gepflanzt auf die Ablage: die Regel von Prohibohn.",
            ),
            choice_words={
                "planting": Words(
                    "as planted, the last one planted on top",
                    "wie gepflanzt, die zuletzt gepflanzte oben",
                )
            },
        ),
        "pub": Option(
            "pub",
            False,
            "the Pub variant: cognac beans, the Pubs, Joe Bohnano, three fields each",
            kind=bool,
            label=Words("Pub variant", "Pub-Variante"),
            help=Words(
                "Plays with the Cognac beans, the Pubs and Joe Bohnano; everyone has three fields.",
                "Mit den Cognacbohnen, den Pubs und Joe Bohnano; jeder hat drei Felder.",
            ),
        ),
    }

    #: establishment cards, Police Station and Razzia each seat owns, in buying order
    owned: list[list[int]]
    #: the cards still to be bought, in table order
    supply: list[int]
    #: who has laid his starting coins
    stashed: list[bool]
    #: the phase (1-6) of the active player's turn; 0 outside turns
    stage: int
    #: casino-3 used this turn
    dropped: bool
    #: pub-3: the field whose extra cards are being offered, and to which boss (-1: none)
    protecting: int
    protect_boss: int
    #: remove-third: the third card that may be removed
    third: int
    #: phase 4: cards uncovered at most this turn (undertaker-3 lowers it to 2)
    limit: int
    #: paid coins lying coin side up under the discard pile
    under: int
    #: the deck is being played through a fourth time (§5.2 step 3)
    extended: bool
    #: the end: the player who had the last turn (-1: not in the end sequence)
    last: int
    #: the end came in phase 6 this many cards short (-1: before phase 6)
    owed: int
    end_reason: str

    # -- set-up (§2) -------------------------------------------------------------------

    def game_cards(self) -> list[int]:
        if self.options["pub"]:
            return self.table.deck()
        return [c for c in self.table.deck() if self.table.bean[c] != COGNAC]

    def boss_count(self) -> int:
        return 3 if self.options["pub"] else 2

    def fields_at_start(self) -> int:
        return 3 if self.options["pub"] else 2

    def deal_size(self) -> int:
        return 7

    def _rule(self, section: str) -> str:
        return AlCabohne._rule(self, section)

    def _emit(
        self, data: ProhibohnEvent, to: Audience = None, public: ProhibohnEvent | None = None
    ) -> None:
        self._push_event(data, to, public)

    def _init_zones(self) -> None:
        super()._init_zones()
        self.owned = [[] for _ in range(self.n)]
        pub = self.options["pub"]
        self.supply = [
            e for e in range(len(ESTABLISHMENTS.keys)) if pub or not ESTABLISHMENTS.pub_only[e]
        ]
        self.stashed = [False] * self.n
        self.stage = 0
        self.dropped = False
        self.protecting = -1
        self.protect_boss = -1
        self.third = -1
        self.limit = 3
        self.under = 0
        self.extended = False
        self.last = -1
        self.owed = -1
        self.end_reason = ""

    def _begin_turn(self) -> None:
        if not all(self.stashed):  # §2 step 1.2: the starting coins come first
            self.phase = START_COINS
            return
        self.stage = 1
        self.dropped = False
        self.limit = 3
        super()._begin_turn()

    def _do_stash(self, seat: int, a: Stash) -> None:
        if self.phase != START_COINS or self.stashed[seat]:
            raise NotWaiting(
                "the starting coins are laid once, at set-up", Prohibohn.cite("§2 step 1.2")
            )
        hand = self.hands[seat]
        if len(a.cards) != 2 or len(set(a.cards)) != 2:
            raise IllegalAction(
                "lay exactly 2 different hand cards as coins", Prohibohn.cite("§2 step 1.2")
            )
        if max(a.cards) >= len(hand):
            raise IllegalAction(
                f"your hand holds {len(hand)} cards; there is no h{max(a.cards)}",
                Prohibohn.cite("§2 step 1.2"),
            )
        cards = [hand[i] for i in sorted(a.cards)]
        for i in sorted(a.cards, reverse=True):
            del hand[i]
        self.coins[seat].extend(cards)
        self.stashed[seat] = True
        self._emit(
            {"type": "stash", "seat": seat, "cards": self.table.key_list(cards)},
            to=(seat,),
            public={"type": "stash", "seat": seat, "count": len(cards)},
        )
        if all(self.stashed):
            self._begin_turn()

    fields_for_sale = False

    def _field_refusal(self, seat: int) -> BohnError | None:
        return IllegalAction(
            "in Prohibohn no field can be bought", Prohibohn.cite("§2 step 2")
        )  # §1.1

    # -- who owns what ------------------------------------------------------------------------

    def owns(self, seat: int, e: int) -> bool:
        return e in self.owned[seat]

    def razzia(self) -> bool:
        """Whether the Razzia has been bought (by anyone)."""
        return any(RAZZIA in z for z in self.owned)

    def one_card_value(self, seat: int, e: int) -> int:
        """A 1-establishment's value: 4 with the full set, else 0 after the
        Razzia, else 1 (§4.3, PB-D12)."""
        full = ESTABLISHMENTS.set_of[ESTABLISHMENTS.kinds[e]]
        if self.owns(seat, full[3]) and self.owns(seat, full[4]):
            return 4
        return 0 if self.razzia() else 1

    def card_value(self, seat: int, e: int) -> int:
        """What an owned card adds at the end besides a Police Station's bonus."""
        if ESTABLISHMENTS.is_establishment(e) and ESTABLISHMENTS.price[e] == 1:
            return self.one_card_value(seat, e)
        return ESTABLISHMENTS.price[e]

    def establishment_cards(self, seat: int) -> list[int]:
        return [e for e in self.owned[seat] if ESTABLISHMENTS.is_establishment(e)]

    def police_bonus(self, seat: int) -> int:
        """The bonus of ``seat``'s Police Station (§1.3): by establishment cards
        (3) or by different establishments (4); 1-cards count even when worth 0."""
        cards = self.establishment_cards(seat)
        for e in self.owned[seat]:
            if e in ESTABLISHMENTS.bonus:
                by, table = ESTABLISHMENTS.bonus[e]
                count = (
                    len(cards) if by == "cards" else len({ESTABLISHMENTS.kinds[c] for c in cards})
                )
                if count < min(table):
                    return 0
                return table[min(count, max(table))]
        return 0

    def tally(self, seat: int) -> dict[str, int]:
        """§5.3 step 2: cash + the cards' values + the Police Station bonus."""
        cash = len(self.coins[seat])
        cards = sum(self.card_value(seat, e) for e in self.owned[seat])
        bonus = self.police_bonus(seat)
        return {"cash": cash, "cards": cards, "bonus": bonus, "total": cash + cards + bonus}

    # -- phase 2: top cards, the bonus coin and pub-3 (§3.1) -------------------------------------

    def _protect(self) -> None:
        self.stage = 2
        super()._protect()

    def _protect_more(self, f: int, k: int) -> bool:
        self.protecting = f
        self.protect_boss = k
        if self._may_protect(f):
            self.phase = PROTECT
            return True
        self.protecting = self.protect_boss = -1
        return False

    def _may_protect(self, f: int) -> bool:
        """pub-3: field ``f`` (which has just given boss ``protect_boss`` its
        top card) may give him another (PB-D11): its new top card is of his
        type, and he has not harvested (his field is not empty)."""
        fld = self.fields[self.active][f]
        if f != self.protecting or not fld or not self.owns(self.active, PUB_3):
            return False
        boss = self.bosses[self.protect_boss]
        return bool(boss) and self.table.bean[boss[0]] == self.table.bean[fld[-1]]

    def _do_protect(self, seat: int, a: Protect) -> None:
        if self.phase != PROTECT or seat != self.active:
            raise NotWaiting(
                "pub-3 gives more cards in phase 2 of your turn", Prohibohn.cite("§4.2 Pub")
            )
        f = self.protecting
        if a.field != f:
            raise IllegalAction(
                f"field {f} is the field whose cards go to the boss now", Prohibohn.cite("§4.2 Pub")
            )
        if not self._may_protect(f):
            raise IllegalAction(
                "no boss grows the type of that field's top card now",
                Prohibohn.cite("§4.2 Pub (PB-D11)"),
            )
        self._protection(f, self.protect_boss)
        if not self._may_protect(f):
            self._protect_from(f + 1)

    def _protect_from(self, f: int) -> None:
        self.protecting = self.protect_boss = -1
        self.phase = PLANT
        self._protect_fields(f)

    def _begin_planting(self) -> None:
        self.stage = 3
        super()._begin_planting()

    def _after_boss_harvest(self, k: int, earned: list[int], rest: list[int]) -> None:
        """§3.1 step 2 (PB-D3): 1 coin of a phase-2 harvest for the active player;
        the Restaurants (PB-D8): 1 of the cards going to the discard pile."""
        s = self.active
        stage = self.stage
        if stage == 2:
            coin = self.treasury.pop()
            what = "protection"
        elif (stage == 4 and self.owns(s, RESTAURANT_3)) or (
            stage == 5 and self.owns(s, RESTAURANT_4)
        ):
            coin = self.discard.pop() if rest else self.treasury.pop()
            what = "restaurant-3" if stage == 4 else "restaurant-4"
        else:
            return
        self.coins[s].append(coin)
        self._emit({"type": "mafia-coin", "seat": s, "card": self.table.keys[coin], "for": what})

    # -- phase 3: Casino and Varieté (§4.2) -------------------------------------------------------

    def plant_limit(self, seat: int) -> int:
        return _NO_LIMIT if self.owns(seat, CASINO_4) else 2

    def _free_positions(self, seat: int) -> bool:
        """Whether the next phase-3 card may come from anywhere in the hand
        (variete-4: the first card; variete-3: the second; PB-D6, PB-D10)."""
        if self.planted == 0:
            return self.owns(seat, VARIETE_4)
        if self.planted == 1:
            return self.owns(seat, VARIETE_3)
        return False

    def _plant_position(self, seat: int, a: Plant) -> int:
        hand = self.hands[seat]
        i = a.card or 0
        if i and not self._free_positions(seat):
            raise IllegalAction(
                "this card comes from the front of your hand (variete-4 frees the first "
                "card, variete-3 the second)",
                Prohibohn.cite("§4.2 Varieté"),
            )
        if i >= len(hand):
            raise IllegalAction(
                f"your hand holds {len(hand)} cards; there is no h{i}", Prohibohn.cite("§3")
            )
        return i

    def _planting_done(self, seat: int) -> bool:
        return super()._planting_done(seat) and not self._may_drop(seat)

    def _may_drop(self, seat: int) -> bool:
        return (
            self.phase == PLANT
            and self.stage == 3
            and seat == self.active
            and not self.dropped
            and len(self.hands[seat]) > (0 if self.planted else 1)
            and self.owns(seat, CASINO_3)
        )

    def _do_drop(self, seat: int, a: Drop) -> None:
        if seat != self.active or self.phase != PLANT or self.stage != 3:
            raise NotWaiting(
                "casino-3 discards a card in phase 3 of your turn", Prohibohn.cite("§4.2 Casino")
            )
        if not self.owns(seat, CASINO_3):
            raise IllegalAction(
                "only the owner of casino-3 may discard a hand card", Prohibohn.cite("§4.2")
            )
        if self.dropped:
            raise IllegalAction(
                "casino-3 discards one card per turn", Prohibohn.cite("§4.2 (PB-D5)")
            )
        hand = self.hands[seat]
        if a.card >= len(hand):
            raise IllegalAction(
                f"your hand holds {len(hand)} cards; there is no h{a.card}", Prohibohn.cite("§4.2")
            )
        if not self.planted and len(hand) == 1:
            raise IllegalAction(
                "your only card is the one you must plant first",
                Prohibohn.cite("§4.2 Casino (PB-D5)"),
            )
        card = hand.pop(a.card)
        self.discard.append(card)
        self.dropped = True
        self._emit({"type": "drop", "seat": seat, "card": self.table.keys[card]})
        if self.planted and self._planting_done(seat):
            self._uncover()

    def _plant_actions(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        out: list[Action] = []
        nf = len(self.fields[seat])
        if hand and self.planted < self.plant_limit(seat):
            positions = range(len(hand)) if self._free_positions(seat) else range(1)
            for i in positions:
                for f in range(nf):
                    if self._can_plant(seat, hand[i], f):
                        out.append(Plant(f, None, None, i or None))
        if self._may_drop(seat):
            out += [Drop(i) for i in range(len(hand))]
        if self.planted:
            out.append(_PASS)
        return out

    # -- the Nightbars (§4.2, PB-D9, PB-D15) ------------------------------------------------------

    def _field_takes(self, seat: int, f: int, bean: int, count: int = 1) -> bool:
        """Whether ``count`` cards of ``bean`` may go on field ``f`` together.

        No two fields' top cards of one type (PB-D9). A field of one type takes
        its type. With ``nightbar-3`` a 1-card field takes one card of a second
        type and a two-type field then alternates (PB-D15); with ``nightbar-4``
        a 1-card field takes any type, which fixes the field's type."""
        fields = self.fields[seat]
        tb = self.table.bean
        for g, other in enumerate(fields):
            if g != f and other and tb[other[-1]] == bean:
                return False
        fld = fields[f]
        if not fld:
            return True
        t0 = tb[fld[0]]
        if len(fld) == 1:
            if bean == t0:
                return True
            return self.owns(seat, NIGHTBAR_4) or (count == 1 and self.owns(seat, NIGHTBAR_3))
        t1 = tb[fld[1]]
        top = tb[fld[-1]]
        if t0 == t1:
            return bean == top
        if len(fld) == 2:  # the third card says which Nightbar the field uses
            if bean == t1:
                return self.owns(seat, NIGHTBAR_4)
            return bean == t0 and count == 1 and self.owns(seat, NIGHTBAR_3)
        if tb[fld[2]] == t1:  # nightbar-4: the second card fixed the type
            return bean == top
        return count == 1 and bean != top and bean in (t0, t1)  # nightbar-3: alternating

    # -- phase 4: the early stop and the Undertakers (§3.2) ----------------------------------------

    def _uncover(self) -> None:
        self.stage = 4
        super()._uncover()

    def _uncover_limit(self) -> int:
        return self.limit

    def _after_question_two(self, added: int) -> int:
        if not added:
            return GO_ON
        if self.uncovered >= self.limit or self.final:
            return STOP
        if self._may_go_on():
            self.phase = UNCOVER_MORE
            return ASK
        return STOP

    def _may_go_on(self) -> bool:
        """After an early stop: undertaker-4 always, undertaker-3 after the first card."""
        s = self.active
        if self.owns(s, UNDERTAKER_4):
            return True
        return self.uncovered == 1 and self.limit == 3 and self.owns(s, UNDERTAKER_3)

    def _do_uncover(self, seat: int, a: Uncover) -> None:
        if seat != self.active or self.phase != UNCOVER_MORE:
            raise NotWaiting(
                "the Undertakers go on uncovering after the early stop of your phase 4",
                Prohibohn.cite("§4.2 Undertaker"),
            )
        if not self.owns(seat, UNDERTAKER_4):
            self.limit = 2  # undertaker-3: one more card, then uncovering ends
        self._emit({"type": "uncover-more", "seat": seat})
        self._uncover_more()

    def _end_uncovering(self) -> None:
        self.stage = 5
        super()._end_uncovering()

    def _discard_floor(self) -> int:
        return self.under  # §4.1.2: the paid coins lie bean side down

    def _refill(self) -> None:
        self.under = 0  # §5.1: the paid coins are shuffled in too
        super()._refill()

    # -- phase 6: the Gas Stations (§4.2) ------------------------------------------------------------

    def draw_choices(self, seat: int) -> list[int]:
        """The numbers of cards ``seat`` may draw in phase 6."""
        fill = max(0, GAS_FILL - len(self.hands[seat]))
        g3, g4 = self.owns(seat, GAS_3), self.owns(seat, GAS_4)
        if g3 and g4:
            counts = {3, fill}
        elif g3:
            counts = {self.draw_count, fill}
        elif g4:
            counts = {self.draw_count, 3}
        else:
            counts = {self.draw_count}
        return sorted(counts)

    def _end_turn(self) -> None:
        self.stage = 6
        counts = self.draw_choices(self.active)
        if len(counts) > 1:
            self.phase = DRAW_CHOICE
            return
        self._draw_phase(counts[0])

    def _do_draw(self, seat: int, a: Draw) -> None:
        if seat != self.active or self.phase != DRAW_CHOICE:
            raise NotWaiting(
                "the Gas Stations choose how many cards to draw in phase 6 of your turn",
                Prohibohn.cite("§4.2 Gas Station"),
            )
        counts = self.draw_choices(seat)
        if a.count not in counts:
            raise IllegalAction(
                f"you may draw {' or '.join(map(str, counts))} cards",
                Prohibohn.cite("§4.2 Gas Station"),
            )
        self._draw_phase(a.count)

    # -- buying (§4.1) ------------------------------------------------------------------------------

    def _may_build(self, seat: int) -> bool:
        """Purchases: at any decision point of one's own turn (§3.4, PB-D14),
        not while another decision or the compulsory feeding is open."""
        return (
            seat == self.active and self.phase not in _DECISIONS and self.phase not in (OVER, FEED)
        )

    def _anytime_refusal(self, seat: int) -> BohnError | None:
        if self.phase in _DECISIONS:
            return IllegalAction("settle the open decision first", Prohibohn.cite("§4.1"))
        return super()._anytime_refusal(seat)

    def _payment(self, seat: int, e: int, name: str | None) -> tuple[int, int]:
        """(bean type, count) of the coins card ``e`` costs, paid as ``name`` says."""
        if name is None:
            return ESTABLISHMENTS.bean[e], ESTABLISHMENTS.price[e]
        if e not in ESTABLISHMENTS.other_price:
            raise IllegalAction(
                f"{ESTABLISHMENTS.keys[e]} is paid only with its own type; name no type",
                Prohibohn.cite("§4.1.1"),
            )
        if name not in self.table.bean_index or self.table.bean_index[name] == BLAUE:
            raise IllegalAction(
                f"the Razzia costs 4 blaue coins or {ESTABLISHMENTS.other_price[e]} coins of "
                f"one other bean type; {name!r} is not such a type",
                Prohibohn.cite("§4.1.1"),
            )
        return self.table.bean_index[name], ESTABLISHMENTS.other_price[e]

    def _do_build(self, seat: int, a: Build) -> None:
        if not self._may_build(seat):
            if seat != self.active:
                raise NotWaiting(
                    "purchases are made during your own turn", Prohibohn.cite("§4.1.4")
                )
            raise IllegalAction("settle the open decision first", Prohibohn.cite("§4.1"))
        e = ESTABLISHMENTS.index.get(a.building, -1)
        if e < 0:
            raise InvalidAction(
                f"{a.building!r} is no establishment, Police Station or Razzia of Prohibohn"
            )
        key = ESTABLISHMENTS.keys[e]
        if e not in self.supply:
            raise IllegalAction(f"{key} is no longer to be had", Prohibohn.cite("§4.1.3"))
        if ESTABLISHMENTS.group[e] == "police" and any(
            ESTABLISHMENTS.group[o] == "police" for o in self.owned[seat]
        ):
            raise IllegalAction(
                "a player may own only one Police Station", Prohibohn.cite("§4.1.3")
            )
        bean, price = self._payment(seat, e, a.name)
        have = self.coins_of_type(seat, bean)
        if have < price:
            raise IllegalAction(
                f"{key} costs {price} {self.table.bean_keys[bean]} coins and you have {have}",
                Prohibohn.cite("§4.1.1"),
            )
        self._pay_typed(seat, bean, price, key, under=True)
        self.under += price
        self.supply.remove(e)
        self.owned[seat].append(e)
        self._emit({"type": "build", "seat": seat, "card": key})
        self._after_build(seat, e)

    def _after_build(self, seat: int, e: int) -> None:
        """§4.1.5-6, §4.4, pub-4: the decisions a purchase opens, innermost last."""
        if ESTABLISHMENTS.group[e] == "police" and self.treasury:
            self._interrupt(POLICE_PICK)
        if e == PUB_4 and self.removable(seat):
            self._interrupt(PUB_REMOVE)
        if ESTABLISHMENTS.is_establishment(e):
            kind = ESTABLISHMENTS.kinds[e]
            mine = [o for o in self.owned[seat] if ESTABLISHMENTS.kinds[o] == kind]
            rest = [o for o in ESTABLISHMENTS.set_of[kind].values() if o in self.supply]
            if len(mine) == 2 and rest:
                self.third = rest[0]
                self._interrupt(REMOVE_THIRD)

    def removable(self, seat: int) -> list[int]:
        """pub-4: the opponent's 1-establishments worth exactly 1 now (§4.2 Pub)."""
        other = 1 - seat
        return [
            e
            for e in self.owned[other]
            if ESTABLISHMENTS.is_establishment(e)
            and ESTABLISHMENTS.price[e] == 1
            and self.one_card_value(other, e) == 1
        ]

    def _do_remove(self, seat: int, a: Remove) -> None:
        if seat != self.active or self.phase not in (REMOVE_THIRD, PUB_REMOVE):
            raise NotWaiting(
                "a card is removed only right after the purchase that allows it",
                Prohibohn.cite("§4.1.6"),
            )
        e = ESTABLISHMENTS.index.get(a.card, -1)
        if self.phase == REMOVE_THIRD:
            if e != self.third:
                raise IllegalAction(
                    f"only {ESTABLISHMENTS.keys[self.third]}, the third card of the establishment "
                    "you bought twice, may be removed now",
                    Prohibohn.cite("§4.1.6"),
                )
            self.supply.remove(e)
            self.third = -1
        else:
            if e not in self.removable(seat):
                raise IllegalAction(
                    f"{a.card} is not a 1-establishment of your opponent worth exactly 1",
                    Prohibohn.cite("§4.2 Pub"),
                )
            self.owned[1 - seat].remove(e)
        self._emit({"type": "remove", "seat": seat, "card": a.card})
        self._resume()

    def _do_take(self, seat: int, a: Take) -> None:
        if seat != self.active or self.phase != POLICE_PICK:
            raise NotWaiting(
                "a treasury coin is taken right after buying a Police Station",
                Prohibohn.cite("§4.4"),
            )
        bean = self.table.bean_index.get(a.bean, -1)
        tb = self.table.bean
        picks = [i for i, c in enumerate(self.treasury) if tb[c] == bean]
        if not picks:
            raise IllegalAction(f"the treasury holds no {a.bean} coin", Prohibohn.cite("§4.4"))
        coin = self.treasury.pop(picks[-1])
        self.coins[seat].append(coin)
        self._emit(
            {"type": "police-coin", "seat": seat, "card": self.table.keys[coin]},
            to=(seat,),
            public={"type": "police-coin", "seat": seat},
        )
        self._resume()

    def _build_actions(self, seat: int) -> list[Action]:
        tb = self.table.bean
        have = [0] * len(self.table.bean_keys)
        for c in self.coins[seat]:
            have[tb[c]] += 1
        police = any(ESTABLISHMENTS.group[o] == "police" for o in self.owned[seat])
        out: list[Action] = []
        for e in self.supply:
            if police and ESTABLISHMENTS.group[e] == "police":
                continue
            key = ESTABLISHMENTS.keys[e]
            if have[ESTABLISHMENTS.bean[e]] >= ESTABLISHMENTS.price[e]:
                out.append(_build(key))
            if e in ESTABLISHMENTS.other_price:
                need = ESTABLISHMENTS.other_price[e]
                out += [
                    _build(key, self.table.bean_keys[b])
                    for b in range(len(have))
                    if b != BLAUE and have[b] >= need
                ]
        return out

    # -- the end (§5.2, PB-D13) -------------------------------------------------------------------------

    def final_exhaustion(self) -> int:
        return 4 if self.extended else 3

    def _final_in_draw(self, missing: int) -> None:
        self.owed = missing
        self._finish("final-exhaustion")

    def _finish(self, reason: str) -> None:
        """§5.2 step 2: the last player, then his opponent, may harvest and buy."""
        self.last = self.active
        self.end_reason = reason
        self.stage = 0
        self.phase = END_BUY
        self._emit({"type": "final-buying", "seat": self.active})

    def _end_buying(self) -> None:
        if self.active == self.last:
            self.active = 1 - self.last
            self._emit({"type": "final-buying", "seat": self.active})
            return
        owned = sum(len(self.establishment_cards(s)) for s in range(self.n))
        if (
            self.end_reason == "final-exhaustion"
            and not self.extended
            and owned < ESTABLISHMENTS_TO_END
        ):
            self._play_on(owned)
            return
        AlCabohne._finish(self, self.end_reason)

    def _play_on(self, owned: int) -> None:
        """§5.2 step 3 (PB-D13): a 4th draw pile; the interrupted turn goes on."""
        self.extended = True
        self.final = False
        self.active = self.last
        self.last = -1
        self._emit({"type": "play-on", "establishments": owned})
        if self.discard:
            self._refill()
        owed = self.owed
        self.owed = -1
        if owed < 0:
            self._end_turn()
        else:
            self.stage = 6
            self._draw_phase(owed)

    def _do_pass(self, seat: int, a: Pass) -> None:
        phase = self.phase
        if seat != self.active or phase not in (
            PROTECT,
            UNCOVER_MORE,
            REMOVE_THIRD,
            PUB_REMOVE,
            END_BUY,
        ):
            super()._do_pass(seat, a)
            return
        self._emit({"type": "pass", "seat": seat})
        if phase == PROTECT:
            self._protect_from(self.protecting + 1)
        elif phase == UNCOVER_MORE:
            self._end_uncovering()
        elif phase == END_BUY:
            self._end_buying()
        else:
            self.third = -1
            self._resume()

    # -- the contract ------------------------------------------------------------------------------

    def waiting_for(self) -> frozenset[int]:
        if self.phase == START_COINS:
            return seats_of(sum(1 << s for s in range(self.n) if not self.stashed[s]))
        return super().waiting_for()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == START_COINS:
            if self.stashed[seat]:
                return []
            h = len(self.hands[seat])
            return [Stash((i, j)) for i in range(h) for j in range(i + 1, h)]
        if seat != self.active or phase == OVER:
            return []
        if phase == REMOVE_THIRD:
            return [Remove(ESTABLISHMENTS.keys[self.third]), _PASS]
        if phase == PUB_REMOVE:
            return [Remove(ESTABLISHMENTS.keys[e]) for e in self.removable(seat)] + [_PASS]
        if phase == POLICE_PICK:
            tb = self.table.bean
            beans = sorted({tb[c] for c in self.treasury})
            return [Take(self.table.bean_keys[b]) for b in beans]
        out: list[Action]
        if phase == PROTECT:
            out = (
                [Protect(self.protecting), _PASS] if self._may_protect(self.protecting) else [_PASS]
            )
        elif phase == UNCOVER_MORE:
            out = [Uncover(), _PASS]
        elif phase == DRAW_CHOICE:
            out = [Draw(k) for k in self.draw_choices(seat)]
        elif phase == END_BUY:
            out = [_PASS]
        else:
            return super().legal_actions(seat)
        return out + self._anytime_actions(seat)

    def _anytime_actions(self, seat: int) -> list[Action]:
        out = super()._anytime_actions(seat)
        if self._may_build(seat):
            out += self._build_actions(seat)
        return out

    def action_view(self, action: Action) -> dict[str, Any]:
        if isinstance(action, Take):  # §4.4: only the buyer sees the treasury
            return {"type": "take"}
        return action.to_json()

    HANDLERS: ClassVar[dict[type, str]] = {
        **AlCabohne.HANDLERS,
        Stash: "_do_stash",
        Build: "_do_build",
        Take: "_do_take",
        Remove: "_do_remove",
        Drop: "_do_drop",
        Protect: "_do_protect",
        Uncover: "_do_uncover",
        Draw: "_do_draw",
    }

    # -- scoring (§5.3) --------------------------------------------------------------------------------

    def scores(self) -> list[int]:
        return [self.tally(s)["total"] for s in range(self.n)]

    def _score(self, reason: str) -> Result:
        r = super()._score(reason)
        details = {**(r.details or {}), "tally": [self.tally(s) for s in range(self.n)]}
        return Result(r.scores, r.winners, r.ranking, r.reason, r.tie_break, details)

    # -- observation and copies ----------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        obs = super().observe(seat)
        keys = ESTABLISHMENTS.keys
        for s, p in enumerate(obs["seats"]):
            p["establishments"] = [keys[e] for e in self.owned[s]]
            p["tally"] = self.tally(s)
            p["stashed"] = self.stashed[s]
        obs["supply"] = [keys[e] for e in self.supply]
        obs["razzia"] = self.razzia()
        obs["under"] = self.under
        obs["stage"] = self.stage
        obs["uncovered"] = self.uncovered
        obs["extended"] = self.extended
        decision: dict[str, Any] | None = None
        phase = self.phase
        if phase == REMOVE_THIRD:
            decision = {"third": keys[self.third]}
        elif phase == PUB_REMOVE:
            decision = {"removable": [keys[e] for e in self.removable(self.active)]}
        elif phase == POLICE_PICK:
            decision = {
                "treasury": self.table.key_list(self.treasury) if seat == self.active else None
            }
        elif phase == PROTECT:
            decision = {"field": self.protecting, "boss": BOSSES[self.protect_boss][0]}
        elif phase == DRAW_CHOICE:
            decision = {"counts": self.draw_choices(self.active)}
        obs["decision"] = decision
        return obs

    STATE: ClassVar[tuple[Part, ...]] = (
        Part("owned", 2, Names(ESTABLISHMENTS.keys, "establishment"), key="establishments"),
        Part("supply", 1, Names(ESTABLISHMENTS.keys, "establishment")),
        Part("stashed", 1, BOOL),
        Part("stage"),
        Part("dropped"),
        Part("protecting"),
        Part("protect_boss"),
        Part("third"),
        Part("limit"),
        Part("under"),
        Part("extended"),
        Part("last"),
        Part("owed"),
        Part("end_reason"),
    )

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        super()._copy_state(other)
        other.owned = [z[:] for z in self.owned]
        other.supply = self.supply[:]
        other.stashed = self.stashed[:]
        other.stage = self.stage
        other.dropped = self.dropped
        other.protecting = self.protecting
        other.protect_boss = self.protect_boss
        other.third = self.third
        other.limit = self.limit
        other.under = self.under
        other.extended = self.extended
        other.last = self.last
        other.owed = self.owed
        other.end_reason = self.end_reason

    # -- end of the state's copy --


__all__ = ["BOSSES", "ESTABLISHMENTS", "FEED", "PLACE", "USE", "Prohibohn"]
