"""High Bohn (with the Cognac variant), 3-5 players — ``rules/high-bohn.md``.

High Bohn is Bohnanza with buildings. Every Bohnanza rule applies unless this
module changes it, so inherited checks cite ``bohnanza §...`` and High Bohn's
own ones ``high-bohn §...``. What it adds to the turn (§3):

0. ``before-turn`` — the owner of ``bank-2`` / ``bank-4`` looks at the top
   card of the draw pile and may ``bury`` it, and may ``move`` one hand card;
   ``pass`` starts phase 1;
1. phase 1 plants up to 3 cards with ``farm-3``; a card may go on the General
   Store instead (``store h0``); ``soja`` jokers and bean stews;
2. revealed cards may be stored (``store r<i>``), stored cards may be dealt
   (``s<i>``);
3. received cards may be stored (``store t<i>``);
4. with ``bank-3`` the drawn cards wait in ``draw-order`` for ``order``.

Buildings are bought at any time (``build <key>``) with coins of their bean
type. Three short interruptions wait on one seat: the ``distillery`` window
after a ``distillery-2``, the ``jail-coin`` choice of a ``jail-4`` owner, and,
at the end, the ``final-buying`` rounds after the final harvest. Every
``[DEFAULT]`` of §6 is an option or a data value (``docs/rules/high-bohn.md``).
"""

from __future__ import annotations

import itertools
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn._native import mypyc_attr
from bohn.engine.actions import Accept
from bohn.engine.actions import Action
from bohn.engine.actions import Build
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Take
from bohn.engine.beans import _BUY
from bohn.engine.beans import _HARVEST
from bohn.engine.beans import _PASS
from bohn.engine.beans import OVER
from bohn.engine.beans import PLANT
from bohn.engine.beans import PLANT_TRADED
from bohn.engine.beans import TRADE
from bohn.engine.beans import _propose
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
from bohn.engine.layout import offer_pins
from bohn.engine.parts import BOOL
from bohn.engine.parts import CARD
from bohn.engine.parts import INT
from bohn.engine.parts import Names
from bohn.engine.parts import Part
from bohn.rulesets.bohnanza.rules import Bohnanza
from bohn.rulesets.high_bohn.actions import Bury
from bohn.rulesets.high_bohn.actions import MoveCard
from bohn.rulesets.high_bohn.actions import Order
from bohn.rulesets.high_bohn.actions import Store
from bohn.rulesets.high_bohn.buildings import BuildingTable
from bohn.rulesets.high_bohn.events import HighBohnEvent

# phases High Bohn adds (Bohnanza's are 0-2 and 9)
BEFORE_TURN: Final = 11  #: §3 step 0: the Bank abilities
DRAW_ORDER: Final = 12  #: §4.3.3: bank-3, the drawn cards wait for their order
FINAL_HARVEST: Final = 13  #: §5.2 step 2 (only ever interrupted by a jail-coin choice)
FINAL_BUY: Final = 14  #: §5.2 step 3: the final buying rounds
DISTILLERY: Final = 15  #: §4.3.9: the window after a distillery-2
JAIL_COIN: Final = 16  #: §4.3.8: the jail-4 owner picks the leftover he takes

#: phases in which only one decision is open: no harvest, no other purchase

# field kinds
REGULAR: Final = 0  #: the two fields of the set-up
THIRD: Final = 1  #: the bought third field
MINE: Final = 2  #: goldmine-4's extra field
SALOON: Final = 3  #: saloon-2's brech-only field
SMITH: Final = 4  #: blacksmith-2's feuer-only field
FIELD_KINDS: Final = ("regular", "third", "goldmine", "saloon", "blacksmith")

_PLAIN: Final = ("plain",)
_NONE: tuple[str, ...] = ()

TABLE: Final = CardTable.load("bohn.rulesets.high_bohn")
BUILDINGS: Final = BuildingTable.load("bohn.rulesets.high_bohn", TABLE)
_B: Final = BUILDINGS.index
GOLDMINE_2: Final = _B["goldmine-2"]
GOLDMINE_3: Final = _B["goldmine-3"]
GOLDMINE_4: Final = _B["goldmine-4"]
BANK_2: Final = _B["bank-2"]
BANK_3: Final = _B["bank-3"]
BANK_4: Final = _B["bank-4"]
FARM_2: Final = _B["farm-2"]
FARM_3: Final = _B["farm-3"]
FARM_4: Final = _B["farm-4"]
SALOON_2: Final = _B["saloon-2"]
SALOON_3: Final = _B["saloon-3"]
SALOON_4: Final = _B["saloon-4"]
BLACKSMITH_2: Final = _B["blacksmith-2"]
BLACKSMITH_4: Final = _B["blacksmith-4"]
JAIL_4: Final = _B["jail-4"]
DISTILLERY_2: Final = _B["distillery-2"]
DISTILLERY_3: Final = _B["distillery-3"]
#: buildings whose beanometer prices stews, not a bean type
STEW_METERS: Final = frozenset({SALOON_3, SALOON_4})
#: Teepees and General Stores: their number (divisor, capacity) is in ``param``
TEEPEES: Final = frozenset(_B[f"teepee-{p}"] for p in (2, 3, 4))
STORES: Final = frozenset(_B[f"general-store-{p}"] for p in (2, 3, 4))

_BEAN: Final = TABLE.bean_index
GARTEN: Final = _BEAN["garten"]
SOJA: Final = _BEAN["soja"]
BRECH: Final = _BEAN["brech"]
FEUER: Final = _BEAN["feuer"]
BLAUE: Final = _BEAN["blaue"]
COGNAC: Final = _BEAN["cognac"]
#: farm-2 hosts: bean types with at least 14 printed cards (§4.3.4)
HOSTS: Final = frozenset(
    b
    for b, key in enumerate(TABLE.bean_keys)
    if TABLE.counts[TABLE.index[key]] >= BUILDINGS.host_min_count
)
#: one building type name per bean type that has buildings
TYPE_NAMES: dict[int, str] = {BUILDINGS.bean[b]: BUILDINGS.kinds[b] for b in range(len(_B))}

_BUILD: dict[tuple[str, str | None], Build] = {}
_STORE: dict[str, Store] = {}
_PLANTS: dict[tuple[int, int | None, str | None], Plant] = {}
_BURY = Bury()


def _build(key: str, name: str | None = None) -> Build:
    return shared_action(_BUILD, (key, name), Build, key, name)


def _store(ref: str) -> Store:
    return shared_action(_STORE, ref, Store, ref)


def _plant(f: int, traded: int | None, mode: str | None) -> Plant:
    return shared_action(_PLANTS, (f, traded, mode), Plant, f, traded, mode)


def _bank_known(state: dict[str, Any], viewer: int | None) -> set[tuple[str | int, ...]]:
    """The top card of the deck, to the owner of the bank-2 before his turn (``HIDDEN_LAYOUT``)."""
    if (
        viewer == state["active"]
        and state["phase"] == "before-turn"
        and "bank-2" in state["buildings"][viewer]
        and not state["bank_used"] & 1
        and state["deck"]
    ):
        return {("deck", len(state["deck"]) - 1)}
    return set()


@mypyc_attr(allow_interpreted_subclasses=True)
class HighBohn(Bohnanza):
    """High Bohn, and with option ``cognac`` its Cognac variant."""

    variant = "high-bohn"
    #: where its state JSON hides cards (``bohn.engine.infostate``): coin faces
    #: are public (HB-D2); cards drawn with the bank-3 wait in the drawer's
    #: private ``drawn``
    HIDDEN_LAYOUT: ClassVar[HiddenLayout] = HiddenLayout(
        secret=("deck",),
        private=("hands", "drawn"),
        references=("offers", "from_store"),
        pins=offer_pins,
        known=_bank_known,
    )
    title = "High Bohn"
    min_players = 3
    max_players = 5
    table = TABLE
    rules_file = "high-bohn"
    #: two set-up fields, the third, goldmine-4's, saloon-2's and blacksmith-2's
    max_fields = 6
    PHASES: ClassVar[dict[int, str]] = {
        **Bohnanza.PHASES,
        BEFORE_TURN: "before-turn",
        DRAW_ORDER: "draw-order",
        FINAL_HARVEST: "final-harvest",
        FINAL_BUY: "final-buying",
        DISTILLERY: "distillery",
        JAIL_COIN: "jail-coin",
    }
    OPTIONS: ClassVar[dict[str, Option]] = {
        **Bohnanza.OPTIONS,
        "cognac": Option(
            "cognac",
            False,
            "the Cognac variant: 22 cognac beans and the four Distilleries (high-bohn §2)",
            kind=bool,
            label=Words("Cognac variant", "Cognac-Variante"),
            help=Words(
                "Plays with 22 Cognac beans and the four Distilleries.",
                "Mit 22 Cognacbohnen und den vier Brennereien.",
            ),
        ),
    }

    owned: list[list[int]]
    supply: list[int]
    kinds: list[list[int]]
    stews: list[list[bool]]
    locks: list[list[int]]
    store: list[list[int]]
    stew_coins: list[list[int]]
    still_coins: list[list[int]]
    teepee: list[list[int]]
    drawn: list[list[int]]
    #: cards in each trading area that came from a General Store (a subset of it)
    from_store: list[list[int]]
    held: list[int]
    window: list[int]
    window_type: int
    jail_owner: int
    bank_used: int
    buyer: int
    quiet: int
    bought: bool
    end_reason: str

    # -- set-up ---------------------------------------------------------------

    def game_cards(self) -> list[int]:
        if self.options["cognac"]:
            return self.table.deck()
        return [c for c in self.table.deck() if self.table.bean[c] != COGNAC]

    def buildings_in_play(self) -> list[int]:
        """The building cards of this game (the Distilleries only with option cognac)."""
        cognac = self.options["cognac"]
        return [b for b in range(len(BUILDINGS.keys)) if cognac or not BUILDINGS.cognac_only[b]]

    def _init_zones(self) -> None:
        super()._init_zones()
        n = self.n
        self.owned = [[] for _ in range(n)]
        self.supply = self.buildings_in_play()
        self.kinds = [[REGULAR] * self.fields_at_start() for _ in range(n)]
        self.stews = [[False] * self.fields_at_start() for _ in range(n)]
        self.locks = [[0] * self.fields_at_start() for _ in range(n)]
        self.store = [[] for _ in range(n)]
        self.stew_coins = [[] for _ in range(n)]
        self.still_coins = [[] for _ in range(n)]
        self.teepee = [[] for _ in range(n)]
        self.drawn = [[] for _ in range(n)]
        self.from_store = [[] for _ in range(n)]
        self.held = []
        self.window = []
        self.window_type = -1
        self.jail_owner = -1
        self.bank_used = 0
        self.buyer = -1
        self.quiet = 0
        self.bought = False
        self.end_reason = ""

    def _rule(self, section: str) -> str:
        """Inherited checks state Bohnanza rules, which High Bohn keeps (§0)."""
        return Bohnanza.cite(section)

    def _emit(
        self, data: HighBohnEvent, to: Audience = None, public: HighBohnEvent | None = None
    ) -> None:
        self._push_event(data, to, public)

    def final_exhaustion(self) -> int:
        """§5.1: the 3rd exhaustion ends the game, the 4th with 5 players."""
        return 4 if self.n == 5 else 3

    # -- buildings: small queries ---------------------------------------------------

    def owns(self, seat: int, building: int) -> bool:
        return building in self.owned[seat]

    def owns_type(self, seat: int, bean: int) -> bool:
        bb = BUILDINGS.bean
        return any(bb[b] == bean for b in self.owned[seat])

    def _owned_with(self, seat: int, group: frozenset[int]) -> int:
        """The building of ``group`` that ``seat`` owns (-1: none)."""
        for b in self.owned[seat]:
            if b in group:
                return b
        return -1

    def owner_of(self, building: int) -> int:
        """The seat that owns ``building`` (-1: nobody)."""
        for s in range(self.n):
            if building in self.owned[s]:
                return s
        return -1

    def store_room(self, seat: int) -> int:
        """Free places on ``seat``'s General Store (0 without one)."""
        b = self._owned_with(seat, STORES)
        return 0 if b < 0 else BUILDINGS.param[b] - len(self.store[seat])

    def cash(self, seat: int) -> int:
        """Coin pile, stew coins and Distillery coins (§5.2 step 4)."""
        return len(self.coins[seat]) + len(self.stew_coins[seat]) + len(self.still_coins[seat])

    def plant_limit(self, seat: int) -> int:
        return 3 if self.owns(seat, FARM_3) else 2

    # -- planting: soy jokers, stews, the extra fields (§4.3.4, §4.3.5, §4.3.7) -----

    def placements(self, seat: int, card: int, f: int) -> tuple[str, ...]:
        """How ``card`` may go on field ``f``: ``("plain",)``, ``("joker",)``,
        ``("stew",)``, both of the last two (the owner declares, HB-D15), or
        nothing."""
        kind = self.kinds[seat][f]
        fld = self.fields[seat][f]
        bean = self.table.bean
        b = bean[card]
        if kind == SALOON:
            return _PLAIN if b == BRECH and not self.locks[seat][f] else _NONE
        if kind == SMITH:
            return _PLAIN if b == FEUER and not self.locks[seat][f] else _NONE
        if not fld:
            return _PLAIN if Bohnanza._can_plant(self, seat, card, f) else _NONE
        if self.stews[seat][f]:
            return _NONE if any(bean[c] == b for c in fld) else _PLAIN
        host = bean[fld[0]]
        if b == host:
            return _PLAIN
        joker = b == SOJA and host in HOSTS and self.owns(seat, FARM_2)
        stew = len(fld) == 1 and self._owned_with(seat, STEW_METERS) >= 0
        if joker and stew:
            return ("joker", "stew")
        if joker:
            return ("joker",)
        if stew:
            return ("stew",)
        return _NONE

    def _can_plant(self, seat: int, card: int, f: int) -> bool:
        return bool(self.placements(seat, card, f))

    def _check_plant(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        self._check_field(seat, f)
        ways = self.placements(seat, card, f)
        key = self.table.keys[card]
        if not ways:
            self._refuse_plant(seat, card, f)
        if mode is None and len(ways) > 1:
            raise IllegalAction(
                f"say how {key} goes on field {f}: as a soy joker of its type (farm-2) or "
                f"as a stew card (Saloon): 'plant f{f} joker' or 'plant f{f} stew'",
                HighBohn.cite("§4.3.5 (HB-D15)"),
            )
        if mode is not None and (mode not in ways or mode == "plain"):
            raise IllegalAction(
                f"{key} cannot go on field {f} as {mode!r}; it goes there as " + " or ".join(ways),
                HighBohn.cite("§4.3.5"),
            )

    def _refuse_plant(self, seat: int, card: int, f: int) -> None:
        kind = self.kinds[seat][f]
        key = self.table.keys[card]
        if kind in (SALOON, SMITH):
            name, bean, sec = (
                ("saloon-2", "brech", "§4.3.5")
                if kind == SALOON
                else ("blacksmith-2", "feuer", "§4.3.7")
            )
            if self.table.bean_keys[self.table.bean[card]] != bean:
                raise IllegalAction(
                    f"field {f} is the {name} field: only {bean} grows there", HighBohn.cite(sec)
                )
            raise IllegalAction(
                f"the {name} field is usable once every field that held {bean} when you "
                "bought it has been harvested",
                HighBohn.cite(f"{sec} (HB-D7)" if kind == SALOON else sec),
            )
        fld = self.fields[seat][f]
        if self.stews[seat][f]:
            raise IllegalAction(
                f"field {f} is a bean stew that already holds {self.table.bean_keys[self.table.bean[card]]}",
                HighBohn.cite("§4.3.5"),
            )
        if fld:
            raise IllegalAction(
                f"field {f} holds {self.table.bean_keys[self.table.bean[fld[0]]]}; {key} may go "
                "only on a field of its type or an empty field",
                self._rule("§3.1.2"),
            )
        raise IllegalAction(f"another field already holds {key}", self._rule("§3.1.2 (BO-D7)"))

    def _put(self, seat: int, card: int, f: int, mode: str | None = None) -> None:
        way = mode or self.placements(seat, card, f)[0]
        self.fields[seat][f].append(card)
        if way == "stew":
            self.stews[seat][f] = True
        key = self.table.keys[card]
        if way == "plain":
            self._emit({"type": "plant", "seat": seat, "field": f, "card": key})
        else:
            self._emit({"type": "plant", "seat": seat, "field": f, "card": key, "as": way})

    def _plant_options(self, seat: int, card: int, traded: int | None) -> list[Action]:
        out: list[Action] = []
        for f in range(len(self.fields[seat])):
            ways = self.placements(seat, card, f)
            if len(ways) == 1:
                out.append(_plant(f, traded, None))
            else:
                out += [_plant(f, traded, m) for m in ways]
        return out

    def _wanted_tops(self, seat: int) -> tuple[int, ...]:
        """Per field, a card of the type it wants: its host type; a brech or
        feuer card for the single-type fields; none for stews."""
        out = []
        index = self.table.index
        for f, fld in enumerate(self.fields[seat]):
            kind = self.kinds[seat][f]
            if kind == SALOON:
                out.append(index["brech"])
            elif kind == SMITH:
                out.append(index["feuer"])
            elif fld and not self.stews[seat][f]:
                out.append(fld[0])
            else:
                out.append(-1)
        return tuple(out)

    # -- harvesting (§4.4) ---------------------------------------------------------

    def harvest_value(self, seat: int, f: int) -> int:
        fld = self.fields[seat][f]
        n = len(fld)
        if not n:
            return 0
        if self.stews[seat][f]:
            b = self._owned_with(seat, STEW_METERS)
            value = BUILDINGS.pay(b, n) if b >= 0 else 0
        else:
            b = self.meter_building(seat, self.table.bean[fld[0]])
            value = BUILDINGS.pay(b, n) if b >= 0 else self.table.pays_for(fld[0], n)
        if value == 4 and self.owns(seat, FARM_4):
            value = 5
        return min(value, n)

    def meter_building(self, seat: int, bean: int) -> int:
        """The building of ``seat`` whose beanometer prices his ``bean`` fields (-1: none)."""
        bb = BUILDINGS.bean
        for b in self.owned[seat]:
            if bb[b] == bean and BUILDINGS.pays[b] and b not in STEW_METERS:
                return b
        return -1

    def _may_harvest(self, seat: int, f: int) -> bool:
        """The single-bean rule over all of ``seat``'s fields, lifted by
        blacksmith-4 and, for a garten field, goldmine-3 (§4.4 step 1)."""
        fields = self.fields[seat]
        k = len(fields[f])
        if k == 0:
            return False
        if k >= 2 or self.owns(seat, BLACKSMITH_4):
            return True
        if self.table.bean[fields[f][0]] == GARTEN and self.owns(seat, GOLDMINE_3):
            return True
        return all(len(g) < 2 for g in fields)

    def _harvest(self, seat: int, f: int, *, final: bool = False) -> None:
        fld = self.fields[seat][f]
        value = self.harvest_value(seat, f)
        stew = self.stews[seat][f]
        host = self.table.bean[fld[0]]
        cards = fld[:]
        fld.clear()
        self.stews[seat][f] = False
        locks = self.locks[seat]
        for g in range(len(locks)):
            locks[g] &= ~(1 << f)
        earned, rest = self._split_harvest(cards, value)
        pile = self.stew_coins[seat] if stew else self.coins[seat]
        pile.extend(earned)
        self._emit(
            {
                "type": "harvest",
                "seat": seat,
                "field": f,
                "cards": self.table.key_list(cards),
                "coins": value,
                "final": final,
                "stew": stew,
            }
        )
        if stew and value:
            self._distillery_coin(seat, pile)
        if not stew and host == BLAUE and value and rest:
            owner = self.owner_of(JAIL_4)
            if owner >= 0 and self._jail_coin(owner, rest):
                return  # the owner chooses; the leftovers wait in ``held``
        self._discard_leftovers(rest)

    def _distillery_coin(self, seat: int, pile: list[int]) -> None:
        """distillery-3 (§4.3.9): another player's paying stew gives its owner
        one of the coins. They all buy nothing, so it is the top one (HB-D12)."""
        owner = self.owner_of(DISTILLERY_3)
        if owner < 0 or owner == seat:
            return
        coin = pile.pop()
        self.still_coins[owner].append(coin)
        self._emit(
            {"type": "distillery-coin", "seat": owner, "from": seat, "coin": self.table.keys[coin]}
        )

    def _jail_coin(self, owner: int, rest: list[int]) -> bool:
        """jail-4 (§4.3.8): one leftover becomes the owner's coin. With
        leftovers of two types (soy jokers) he chooses (HB-D16): True when the
        game now waits for that choice."""
        bean = self.table.bean
        if len({bean[c] for c in rest}) > 1:
            self.held = rest
            self.jail_owner = owner
            self._interrupt(JAIL_COIN)
            self._emit({"type": "jail-choice", "seat": owner, "cards": self.table.key_list(rest)})
            return True
        self._give_jail_coin(owner, rest, len(rest) - 1)
        return False

    def _give_jail_coin(self, owner: int, rest: list[int], i: int) -> None:
        coin = rest.pop(i)
        self.coins[owner].append(coin)
        self._emit({"type": "jail-coin", "seat": owner, "coin": self.table.keys[coin]})

    def _do_take(self, seat: int, a: Take) -> None:
        if self.phase != JAIL_COIN or seat != self.jail_owner:
            raise NotWaiting(
                "there is no jail-4 coin for you to choose now", HighBohn.cite("§4.3.8")
            )
        bean = self.table.bean
        held = self.held
        idx = [i for i, c in enumerate(held) if self.table.bean_keys[bean[c]] == a.bean]
        if not idx:
            raise IllegalAction(
                f"the leftovers are {', '.join(self.table.key_list(held))}; take one of their types",
                HighBohn.cite("§4.3.8 (HB-D16)"),
            )
        rest = held[:]
        self._give_jail_coin(seat, rest, idx[-1])
        self.held = []
        self.jail_owner = -1
        self._discard_leftovers(rest)
        self._resume()

    # -- interruptions ----------------------------------------------------------------

    def _resumed(self) -> None:
        if self.phase == FINAL_HARVEST:
            self._continue_final()
        elif self.phase == FINAL_BUY and not self._build_actions(self.buyer):
            self._end_go()

    def _anytime_refusal(self, seat: int) -> BohnError | None:
        """Harvests and purchases wait while one decision is open."""
        phase = self.phase
        if phase == JAIL_COIN:
            return NotWaiting(
                f"seat {self.jail_owner} first chooses his jail-4 coin", HighBohn.cite("§4.3.8")
            )
        if phase == DISTILLERY:
            return NotWaiting(
                f"seat {self.window[0]} first decides whether to buy a "
                f"{TYPE_NAMES[self.window_type]} (distillery-2)",
                HighBohn.cite("§4.3.9"),
            )
        if phase in (FINAL_HARVEST, FINAL_BUY):
            return NotWaiting("the game is in its final buying round", HighBohn.cite("§5.2"))
        return super()._anytime_refusal(seat)

    # -- buying buildings (§4.1, §4.2) ------------------------------------------------

    def same_moment_rank(self, seat: int, action: Action) -> tuple[int, str] | None:
        """§4.1.5: "If several players wish to buy building cards at the same
        time ... the current player may buy first. Afterward, the other
        players, in clockwise order." For a purchase (``build``) that may be
        made at any time now, ``seat``'s place in that order (0: the active
        player, who buys first even if he does not want to buy) and the rule
        to cite; None for every other action, and while purchases wait or are
        made in a row the engine already orders (the distillery-2 window, the
        final buying rounds, a jail-4 choice).

        The engine takes one action at a time, so within it two purchases
        never happen at the same moment; a server receiving them at once (the
        same state) uses this to apply them in the rule's order
        (``docs/server.md``, the priority window)."""
        if not isinstance(action, Build):
            return None
        if self.phase in (JAIL_COIN, DISTILLERY, FINAL_HARVEST, FINAL_BUY):
            return None
        return (seat - self.active) % self.n, HighBohn.cite("§4.1.5")

    def _build_actions(self, seat: int, only: int = -1) -> list[Action]:
        """The buildings ``seat`` can buy now (of bean type ``only`` if given)."""
        coins = self.coins[seat]
        if not coins:
            return []
        tb = self.table.bean
        have = [0] * len(self.table.bean_keys)
        for c in coins:
            have[tb[c]] += 1
        bb = BUILDINGS.bean
        for b in self.owned[seat]:
            have[bb[b]] = 0  # one building per type
        if only >= 0:
            have = [k if t == only else 0 for t, k in enumerate(have)]
        price = BUILDINGS.price
        out: list[Action] = []
        for b in self.supply:
            if have[bb[b]] < price[b]:
                continue
            key = BUILDINGS.keys[b]
            if b == DISTILLERY_2:
                out += [_build(key, name) for name in self.type_names()]
            else:
                out.append(_build(key))
        return out

    def type_names(self) -> list[str]:
        """The building types of this game, by name, in table order."""
        seen: list[str] = []
        for b in self.buildings_in_play():
            if BUILDINGS.kinds[b] not in seen:
                seen.append(BUILDINGS.kinds[b])
        return seen

    def _do_build(self, seat: int, a: Build) -> None:
        b = BUILDINGS.index.get(a.building)
        if b is None:
            raise InvalidAction(
                f"unknown building {a.building!r}; known buildings: {', '.join(BUILDINGS.keys)}"
            )
        phase = self.phase
        if phase == FINAL_BUY:
            if seat != self.buyer:
                raise NotWaiting(
                    f"in the final buying round seat {self.buyer} buys now", HighBohn.cite("§5.2")
                )
        elif phase == DISTILLERY:
            if seat != self.window[0]:
                self._check_anytime(seat)
            if BUILDINGS.bean[b] != self.window_type:
                raise IllegalAction(
                    f"after the distillery-2 only a {TYPE_NAMES[self.window_type]} may be bought now",
                    HighBohn.cite("§4.3.9 (HB-D11)"),
                )
        else:
            self._check_anytime(seat)
        t = BUILDINGS.bean[b]
        key = BUILDINGS.keys[b]
        price = BUILDINGS.price[b]
        if BUILDINGS.cognac_only[b] and not self.options["cognac"]:
            raise IllegalAction(f"{key} is used only in the Cognac variant", HighBohn.cite("§1.2"))
        if self.owns_type(seat, t):
            raise IllegalAction(
                f"you already own a {BUILDINGS.kinds[b]}; each player owns one of each type",
                HighBohn.cite("§4.1.3"),
            )
        if b not in self.supply:
            raise IllegalAction(
                f"{key} is no longer available (bought, or out of the game)", HighBohn.cite("§4.2")
            )
        have = self.coins_of_type(seat, t)
        if have < price:
            raise IllegalAction(
                f"{key} costs {price} {self.table.bean_keys[t]} coins and you have {have}",
                HighBohn.cite("§4.1.1"),
            )
        named = -1
        if b == DISTILLERY_2:
            names = self.type_names()
            if a.name is None or a.name not in names:
                raise IllegalAction(
                    "name the building type the distillery-2 closes: "
                    f"'build distillery-2 name <type>' with one of {', '.join(names)}",
                    HighBohn.cite("§4.3.9 (HB-D11)"),
                )
            named = BUILDINGS.type_index[a.name]
        elif a.name is not None:
            raise IllegalAction(
                "only the distillery-2 names a building type", HighBohn.cite("§4.3.9")
            )
        # valid: pay with the topmost coins of the type, onto the discard pile (§4.1.1)
        self._pay_typed(seat, t, price, key)
        self.supply.remove(b)
        self.owned[seat].append(b)
        self._emit({"type": "build", "seat": seat, "building": key})
        self._on_bought(seat, b)
        self._close_by_count(t)
        if phase == FINAL_BUY:
            self.bought = True
        if b == DISTILLERY_2:
            self._open_window(seat, named)
        elif phase == DISTILLERY:
            self.window.pop(0)
            self._advance_window()
        elif phase == FINAL_BUY and not self._build_actions(seat):
            self._end_go()

    def _on_bought(self, seat: int, b: int) -> None:
        """The immediate part of a building's ability (§4.1.6)."""
        if b == GOLDMINE_4:
            self._add_field(seat, MINE, 0)
        elif b in (SALOON_2, BLACKSMITH_2):
            bean = BRECH if b == SALOON_2 else FEUER
            tb = self.table.bean
            lock = 0
            for g, fld in enumerate(self.fields[seat]):
                if self.kinds[seat][g] in (REGULAR, THIRD, MINE) and any(
                    tb[c] == bean for c in fld
                ):
                    lock |= 1 << g
            self._add_field(seat, SALOON if b == SALOON_2 else SMITH, lock)

    def _add_field(self, seat: int, kind: int, lock: int) -> None:
        self.fields[seat].append([])
        self.kinds[seat].append(kind)
        self.stews[seat].append(False)
        self.locks[seat].append(lock)
        self._emit(
            {
                "type": "new-field",
                "seat": seat,
                "field": len(self.fields[seat]) - 1,
                "kind": FIELD_KINDS[kind],
                "locked": bool(lock),
            }
        )

    def _close_by_count(self, bean: int) -> None:
        """§4.2: once as many players as the player count allows own a type,
        its other cards leave the game."""
        owners = sum(1 for s in range(self.n) if self.owns_type(s, bean))
        if owners >= BUILDINGS.limits[self.n]:
            self._remove_type(bean, "player-count")

    def _remove_type(self, bean: int, reason: str) -> None:
        gone = [b for b in self.supply if BUILDINGS.bean[b] == bean]
        if gone:
            self.supply = [b for b in self.supply if BUILDINGS.bean[b] != bean]
            self._emit(
                {
                    "type": "buildings-removed",
                    "buildings": [BUILDINGS.keys[b] for b in gone],
                    "reason": reason,
                }
            )

    def _open_window(self, seat: int, bean: int) -> None:
        """distillery-2 (§4.3.9, HB-D11): the others, clockwise from the
        buyer's left, may each buy one card of the named type at once."""
        self.window = [(seat + i) % self.n for i in range(1, self.n)]
        self.window_type = bean
        self._emit({"type": "distillery-names", "seat": seat, "building_type": TYPE_NAMES[bean]})
        self._interrupt(DISTILLERY)
        self._advance_window()

    def _advance_window(self) -> None:
        while self.window and not self._build_actions(self.window[0], self.window_type):
            self.window.pop(0)
        if self.window:
            return
        self._remove_type(self.window_type, "distillery-2")
        self.window_type = -1
        self._resume()

    # -- the third field (§4.1.7) --------------------------------------------------

    def third_field_price(self, seat: int) -> int:
        return 1 if self.owns(seat, GOLDMINE_2) else self.options["third_field_price"]

    def _field_refusal(self, seat: int) -> BohnError | None:
        # a seat may hold more fields than three (the bean stew), so what
        # counts is whether its third field is among them
        if THIRD in self.kinds[seat]:
            return IllegalAction("you already have your third field", self._rule("§4.3.1"))
        return self._price_refusal(seat)

    def _field_added(self, seat: int) -> None:
        self.kinds[seat].append(THIRD)
        self.stews[seat].append(False)
        self.locks[seat].append(0)

    # -- the General Store (§4.3.6) ---------------------------------------------------

    def _ref_zone(self, seat: int, z: str) -> list[int]:
        if z == "s":
            return self.store[seat]
        return super()._ref_zone(seat, z)

    def _zone(self, seat: int, z: str) -> list[int]:
        return self.store[seat] if z == "s" else super()._zone(seat, z)

    def _giveable(self, seat: int) -> list[tuple[str, int]]:
        return super()._giveable(seat) + [(f"s{i}", c) for i, c in enumerate(self.store[seat])]

    def _proposal_vocabulary(self, seat: int) -> tuple[Action, ...]:
        """The listed proposals (``docs/actions.md``) and, for an owner of
        stored cards, each kind of them as a gift or for one card of a type
        one of his fields wants, to every seat he may deal with."""
        listed = super()._proposal_vocabulary(seat)
        store = self.store[seat]
        if not store or self.proposals[seat] >= self.caps[seat]:
            return listed
        bean = self.table.bean
        bkeys = self.table.bean_keys
        wanted = sorted({bean[c] for c in self._wanted_tops(seat) if c >= 0})
        targets = [s for s in range(self.n) if s != seat] if seat == self.active else [self.active]
        extra: list[Action] = []
        seen: set[int] = set()
        for i, c in enumerate(store):
            if c in seen:
                continue
            seen.add(c)
            give = (f"s{i}",)
            for to in targets:
                extra.append(_propose(to, give, ()))
                extra += [_propose(to, give, (bkeys[t],)) for t in wanted if t != bean[c]]
        return listed + tuple(extra)

    def _store_actions(self, seat: int) -> list[Action]:
        if self.store_room(seat) <= 0:
            return []
        phase = self.phase
        if phase == PLANT and seat == self.active and self.hands[seat]:
            return [_store("h0")]
        if phase == TRADE and seat == self.active:
            return [_store(f"r{i}") for i in range(len(self.revealed))]
        if phase == PLANT_TRADED:
            seen: set[int] = set()
            out: list[Action] = []
            for i, c in enumerate(self.trade[seat]):
                if c not in seen:
                    seen.add(c)
                    if self._storable(seat, c):
                        out.append(_store(f"t{i}"))
            return out
        return []

    def _storable(self, seat: int, card: int) -> bool:
        """Whether a trading-area card of ``card``'s kind may be stored: not
        when every such card there came from a General Store (§4.3.6 item 4)."""
        return self.trade[seat].count(card) > self.from_store[seat].count(card)

    def _do_accept(self, seat: int, a: Accept) -> None:
        """A deal; cards that left a General Store are marked in their
        receiver's trading area, for they may never be stored again."""
        o = self.offers.get(a.offer)
        moved: list[tuple[int, list[int]]] = []
        if o is not None:
            store = self.store
            give = [store[o.frm][i] for z, i in o.give if z == "s" and i < len(store[o.frm])]
            back = []
            for r in a.give:
                if r[:1] == "s" and r[1:].isdigit() and int(r[1:]) < len(store[seat]):
                    back.append(store[seat][int(r[1:])])
            moved = [(seat, give), (o.frm, back)]
        super()._do_accept(seat, a)
        for s, cards in moved:
            self.from_store[s] += cards

    def _trading_area_moved(self) -> None:
        # a card planted from a trading area is, among identical ones, one
        # that came from a store first: keep the marks within the area
        for s, marks in enumerate(self.from_store):
            if marks:
                area = self.trade[s]
                kept: list[int] = []
                for c in marks:
                    if kept.count(c) < area.count(c):
                        kept.append(c)
                self.from_store[s] = kept
        super()._trading_area_moved()

    def _do_store(self, seat: int, a: Store) -> None:
        z, i = a.card[0], int(a.card[1:])
        phase = self.phase
        if z == "h":
            if phase != PLANT or seat != self.active:
                raise NotWaiting(
                    "a hand card goes on the General Store only in phase 1 of your turn",
                    HighBohn.cite("§4.3.6 (HB-D9)"),
                )
            if i != 0 or not self.hands[seat]:
                raise IllegalAction("only your front card is played", self._rule("§3.1.2"))
        elif z == "r":
            if phase != TRADE or seat != self.active:
                raise NotWaiting(
                    "only the active player stores revealed cards, in phase 2",
                    HighBohn.cite("§4.3.6"),
                )
            if i >= len(self.revealed):
                raise IllegalAction(f"there is no revealed card r{i}", self._rule("§3.2.2"))
        elif z == "t":
            if phase != PLANT_TRADED:
                raise NotWaiting(
                    "trading-area cards are stored in phase 3", HighBohn.cite("§4.3.6")
                )
            if i >= len(self.trade[seat]):
                raise IllegalAction(
                    f"your trading area holds {len(self.trade[seat])} cards; there is no t{i}",
                    self._rule("§3.3.1"),
                )
            if not self._storable(seat, self.trade[seat][i]):
                raise IllegalAction(
                    "this card came from a General Store; stored cards never go onto another store",
                    HighBohn.cite("§4.3.6"),
                )
        else:
            raise IllegalAction(
                "the store takes your front card (h0), a revealed card (r<i>) or a "
                "trading-area card (t<i>); stored cards never move to another store",
                HighBohn.cite("§4.3.6"),
            )
        b = self._owned_with(seat, STORES)
        if b < 0:
            raise IllegalAction(
                "you own no General Store with room for cards", HighBohn.cite("§4.3.6")
            )
        if self.store_room(seat) <= 0:
            raise IllegalAction(
                f"your {BUILDINGS.keys[b]} holds {BUILDINGS.param[b]} cards and is full",
                HighBohn.cite("§4.3.6 (HB-D9)"),
            )
        if z == "h":
            card = self.hands[seat].pop(0)
        elif z == "r":
            (card,) = self._remove_refs(seat, (("r", i),))
        else:
            card = self.trade[seat].pop(i)
        self.store[seat].append(card)
        self._emit({"type": "store", "seat": seat, "card": self.table.keys[card], "from": z})
        if z == "h":
            self._planted_from_hand(seat)
        elif z == "t":
            self._trading_area_moved()

    # -- the Bank (§4.3.3) --------------------------------------------------------------

    def _begin_turn(self) -> None:
        self.bank_used = 0
        super()._begin_turn()

    def _begin_planting(self) -> None:
        s = self.active
        if self.phase != BEFORE_TURN and (
            (self.owns(s, BANK_2) and self.deck)
            or (self.owns(s, BANK_4) and len(set(self.hands[s])) > 1)
        ):  # a Bank ability with something to do (else the moment passes at once)
            self.phase = BEFORE_TURN
            self._look()
            return
        super()._begin_planting()

    def looking(self) -> int:
        """The seat shown the top card of the draw pile (bank-2), or -1: the
        owner in his ``before-turn`` until he buries it."""
        s = self.active
        if self.phase == BEFORE_TURN and self.owns(s, BANK_2) and not self.bank_used & 1:
            return s if self.deck else -1
        return -1

    def _look(self) -> None:
        """bank-2: the owner looks at the top card of the draw pile."""
        s = self.active
        if not self.owns(s, BANK_2) or self.bank_used & 1 or not self.deck:
            return
        self._emit(
            {"type": "look", "seat": s, "card": self.table.keys[self.deck[-1]]},
            to=(s,),
            public={"type": "look", "seat": s},
        )

    def _check_bank(self, seat: int, b: int, used: int) -> None:
        if self.phase != BEFORE_TURN or seat != self.active:
            raise NotWaiting(
                "the Bank abilities are used right before your own turn", HighBohn.cite("§4.3.3")
            )
        if not self.owns(seat, b):
            raise IllegalAction(f"you do not own the {BUILDINGS.keys[b]}", HighBohn.cite("§4.3.3"))
        if self.bank_used & used:
            raise IllegalAction(
                f"the {BUILDINGS.keys[b]} is used at most once per turn",
                HighBohn.cite("§4.3.3 (HB-D3)"),
            )

    def _do_bury(self, seat: int, a: Bury) -> None:
        self._check_bank(seat, BANK_2, 1)
        if not self.deck:
            raise IllegalAction("the draw pile is empty", HighBohn.cite("§4.3.3"))
        card = self.deck.pop()
        self.deck.insert(0, card)
        self.bank_used |= 1
        self._emit(
            {"type": "bury", "seat": seat, "card": self.table.keys[card]},
            to=(seat,),
            public={"type": "bury", "seat": seat},
        )

    def _moves(self, seat: int) -> list[Action]:
        hand = self.hands[seat]
        seen = {tuple(hand)}
        out: list[Action] = []
        for i, j in itertools.permutations(range(len(hand)), 2):
            h = hand[:]
            h.insert(j, h.pop(i))
            t = tuple(h)
            if t not in seen:
                seen.add(t)
                out.append(MoveCard(i, j))
        return out

    def _do_move(self, seat: int, a: MoveCard) -> None:
        self._check_bank(seat, BANK_4, 2)
        hand = self.hands[seat]
        if a.card >= len(hand) or a.to >= len(hand) or a.card == a.to:
            raise IllegalAction(
                f"move one of your {len(hand)} hand cards to another position",
                HighBohn.cite("§4.3.3"),
            )
        hand.insert(a.to, hand.pop(a.card))
        self.bank_used |= 2
        self._emit({"type": "move", "seat": seat, "from": a.card, "to": a.to})

    def _end_turn(self) -> None:
        """Phase 4; with bank-3 the drawn cards wait for their order (§4.3.3)."""
        s = self.active
        if self.final or not self.owns(s, BANK_3):
            super()._end_turn()
            return
        drawn = self._take_up_to(self.draw_count)
        self._emit(
            {"type": "draw", "seat": s, "cards": self.table.key_list(drawn)},
            to=(s,),
            public={"type": "draw", "seat": s, "count": len(drawn)},
        )
        if len(set(drawn)) <= 1 or self._final_reached():
            self.hands[s].extend(drawn)  # no order to choose
            self._after_draw()
            return
        self.drawn[s] = drawn
        self.phase = DRAW_ORDER

    def _orders(self, seat: int) -> list[Action]:
        drawn = self.drawn[seat]
        seen: set[tuple[int, ...]] = set()
        out: list[Action] = []
        for p in itertools.permutations(range(len(drawn))):
            t = tuple(drawn[i] for i in p)
            if t not in seen:
                seen.add(t)
                out.append(Order(p))
        return out

    def _do_order(self, seat: int, a: Order) -> None:
        if self.phase != DRAW_ORDER or seat != self.active:
            raise NotWaiting(
                "drawn cards are ordered in phase 4 with the bank-3", HighBohn.cite("§4.3.3")
            )
        drawn = self.drawn[seat]
        if sorted(a.drawn) != list(range(len(drawn))):
            raise IllegalAction(
                f"name each of your {len(drawn)} drawn cards once: 'order "
                + ",".join(str(i) for i in range(len(drawn)))
                + "'",
                HighBohn.cite("§4.3.3"),
            )
        cards = [drawn[i] for i in a.drawn]
        self.hands[seat].extend(cards)
        self.drawn[seat] = []
        self._emit(
            {"type": "order", "seat": seat, "cards": self.table.key_list(cards)},
            to=(seat,),
            public={"type": "order", "seat": seat},
        )
        self._after_draw()

    # -- pass ------------------------------------------------------------------------------

    def _do_pass(self, seat: int, a: Pass) -> None:
        phase = self.phase
        if phase == BEFORE_TURN and seat == self.active:
            Bohnanza._begin_planting(self)
        elif phase == FINAL_BUY:
            if seat != self.buyer:
                raise NotWaiting(
                    f"in the final buying round seat {self.buyer} buys now", HighBohn.cite("§5.2")
                )
            self._emit({"type": "pass", "seat": seat})
            self._end_go()
        elif phase == DISTILLERY:
            if seat != self.window[0]:
                self._check_anytime(seat)
            self._emit({"type": "pass", "seat": seat})
            self.window.pop(0)
            self._advance_window()
        elif phase in (JAIL_COIN, DRAW_ORDER, BEFORE_TURN):
            raise IllegalAction("there is nothing to pass on now", self._rule("§3"))
        else:
            super()._do_pass(seat, a)

    # -- the end (§5) ------------------------------------------------------------------------

    def _finish(self, reason: str) -> None:
        """§5.2: hand and store cards are worthless; the final harvest clockwise
        from the player who took the last turn (HB-D13); the buying rounds;
        the tally."""
        self.end_reason = reason
        self.offers.clear()
        self.phase = FINAL_HARVEST
        self._continue_final()

    def _continue_final(self) -> None:
        n = self.n
        for i in range(n):
            s = (self.active + i) % n
            for f, fld in enumerate(self.fields[s]):
                if fld:
                    self._harvest(s, f, final=True)
                    if self.phase != FINAL_HARVEST:
                        return  # a jail-4 choice first
        self.phase = FINAL_BUY
        self.buyer = self.active
        self.quiet = 0
        self.bought = False
        self._emit({"type": "final-buying", "first": self.active})
        self._seek_buyer()

    def _seek_buyer(self) -> None:
        """The next seat that can buy gets its go; a full round without a
        purchase ends the buying (§5.2 step 3)."""
        while self.quiet < self.n:
            if self._build_actions(self.buyer):
                return
            self.quiet += 1
            self.buyer = (self.buyer + 1) % self.n
        self._conclude()

    def _end_go(self) -> None:
        self.quiet = 0 if self.bought else self.quiet + 1
        self.bought = False
        self.buyer = (self.buyer + 1) % self.n
        self._seek_buyer()

    def _conclude(self) -> None:
        """§5.2 steps 4-6: Teepee coins from the discard pile, then the tally."""
        for s in range(self.n):
            extra = self.teepee_points(s)
            take = min(extra, len(self.discard))
            if take:
                self.teepee[s] = self.discard[len(self.discard) - take :]
                del self.discard[len(self.discard) - take :]
            if extra:
                self._emit({"type": "teepee", "seat": s, "coins": extra, "from_pile": take})
        self.phase = OVER
        self.buyer = -1
        self._result = self._score(self.end_reason)
        self._emit(self._result.event())

    def teepee_points(self, seat: int) -> int:
        """floor(cash / N) for teepee-2/-3/-4, N = 8/6/5 (§4.3.2, HB-D4)."""
        b = self._owned_with(seat, TEEPEES)
        return 0 if b < 0 else self.cash(seat) // BUILDINGS.param[b]

    def tally(self, seat: int) -> dict[str, int]:
        """The final score of ``seat`` and its parts (§5.2 step 6)."""
        cash = self.cash(seat)
        teepee = self.teepee_points(seat)
        value = sum(BUILDINGS.price[b] for b in self.owned[seat])
        bonus = BUILDINGS.bonus_for(len(self.owned[seat]))
        return {
            "cash": cash,
            "teepee": teepee,
            "buildings": value,
            "bonus": bonus,
            "total": cash + teepee + value + bonus,
        }

    def scores(self) -> list[int]:
        return [self.tally(s)["total"] for s in range(self.n)]

    def _score(self, reason: str) -> Result:
        r = super()._score(reason)
        details = {"tally": [self.tally(s) for s in range(self.n)]}
        return Result(r.scores, r.winners, r.ranking, r.reason, r.tie_break, details)

    # -- the contract -----------------------------------------------------------------------

    def waiting_for(self) -> frozenset[int]:
        phase = self.phase
        if phase in (BEFORE_TURN, DRAW_ORDER):
            return seats_of(1 << self.active)
        if phase == JAIL_COIN:
            return seats_of(1 << self.jail_owner)
        if phase == DISTILLERY:
            return seats_of(1 << self.window[0])
        if phase == FINAL_BUY:
            return seats_of(1 << self.buyer)
        return super().waiting_for()

    def legal_actions(self, seat: int) -> list[Action]:
        phase = self.phase
        if phase == OVER:
            return []
        if phase == JAIL_COIN:
            if seat != self.jail_owner:
                return []
            keys = self.table.bean_keys
            bean = self.table.bean
            return [Take(keys[t]) for t in sorted({bean[c] for c in self.held})]
        if phase == DISTILLERY:
            if seat != self.window[0]:
                return []
            return [*self._build_actions(seat, self.window_type), _PASS]
        if phase == FINAL_BUY:
            return [*self._build_actions(seat), _PASS] if seat == self.buyer else []
        if phase == BEFORE_TURN:
            out: list[Action] = []
            if seat == self.active:
                if self.owns(seat, BANK_2) and not self.bank_used & 1 and self.deck:
                    out.append(_BURY)
                if self.owns(seat, BANK_4) and not self.bank_used & 2:
                    out += self._moves(seat)
                out.append(_PASS)
            return out + self._anytime_actions(seat)
        if phase == DRAW_ORDER:
            out = self._orders(seat) if seat == self.active else []
            return out + self._anytime_actions(seat)
        return super().legal_actions(seat) + self._store_actions(seat)

    def _anytime_actions(self, seat: int) -> list[Action]:
        if self.phase == OVER or self._anytime_refusal(seat) is not None:
            return []
        out: list[Action] = [
            _HARVEST[f] for f in range(len(self.fields[seat])) if self._may_harvest(seat, f)
        ]
        if self._may_buy_field(seat):
            out.append(_BUY)
        out += self._build_actions(seat)
        return out

    HANDLERS: ClassVar[dict[type, str]] = {
        **Bohnanza.HANDLERS,
        Build: "_do_build",
        Store: "_do_store",
        Bury: "_do_bury",
        MoveCard: "_do_move",
        Order: "_do_order",
        Take: "_do_take",
    }

    # -- observation ---------------------------------------------------------------------------

    def observe(self, seat: int | None) -> dict[str, Any]:
        """Bohnanza's observation plus buildings, coin faces (public, HB-D2),
        the extra fields, stews, stores and the open decisions."""
        obs = super().observe(seat)
        keys = self.table.key_list
        bk = BUILDINGS.keys
        for s, p in enumerate(obs["seats"]):
            p["coin_cards"] = keys(self.coins[s])
            p["buildings"] = [bk[b] for b in self.owned[s]]
            p["field_kinds"] = [FIELD_KINDS[k] for k in self.kinds[s]]
            p["stews"] = self.stews[s][:]
            p["locked"] = [bool(x) for x in self.locks[s]]
            p["store"] = keys(self.store[s])
            p["stew_coins"] = keys(self.stew_coins[s])
            p["distillery_coins"] = keys(self.still_coins[s])
            p["teepee_coins"] = keys(self.teepee[s])
            p["drawn_count"] = len(self.drawn[s])
            p["plant_limit"] = self.plant_limit(s)
        owned = {b for z in self.owned for b in z}
        obs["supply"] = [bk[b] for b in self.supply]
        obs["removed"] = [
            bk[b] for b in self.buildings_in_play() if b not in owned and b not in self.supply
        ]
        mine = seat is not None and 0 <= seat < self.n
        obs["deck_top"] = (
            self.table.keys[self.deck[-1]] if mine and seat == self.looking() else None
        )
        obs["drawn"] = keys(self.drawn[seat]) if mine and seat is not None else []
        obs["bank_used"] = {"bury": bool(self.bank_used & 1), "move": bool(self.bank_used & 2)}
        obs["final_buyer"] = self.buyer if self.phase == FINAL_BUY else None
        obs["distillery"] = (
            {"building_type": TYPE_NAMES[self.window_type], "seats": self.window[:]}
            if self.phase == DISTILLERY
            else None
        )
        obs["jail_coin"] = (
            {"seat": self.jail_owner, "cards": keys(self.held)} if self.phase == JAIL_COIN else None
        )
        return obs

    # -- copies and serialisation -------------------------------------------------------------

    STATE: ClassVar[tuple[Part, ...]] = (
        Part("store", 2, CARD),
        Part("stew_coins", 2, CARD),
        Part("still_coins", 2, CARD),
        Part("teepee", 2, CARD),
        Part("drawn", 2, CARD),
        Part("from_store", 2, CARD),
        Part("held", 1, CARD),
        Part("owned", 2, Names(BUILDINGS.keys, "building"), key="buildings"),
        Part("supply", 1, Names(BUILDINGS.keys, "building")),
        Part("kinds", 2, Names(FIELD_KINDS, "field kind"), key="field_kinds"),
        Part("stews", 2, BOOL),
        Part("locks", 2, INT),
        Part("window", 1, INT),
        Part("window_type", codec=Names(TYPE_NAMES, "building type", none_as=-1)),
        Part("jail_owner"),
        Part("bank_used"),
        Part("buyer"),
        Part("quiet"),
        Part("bought"),
        Part("end_reason"),
    )

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        super()._copy_state(other)
        other.store = [z[:] for z in self.store]
        other.stew_coins = [z[:] for z in self.stew_coins]
        other.still_coins = [z[:] for z in self.still_coins]
        other.teepee = [z[:] for z in self.teepee]
        other.drawn = [z[:] for z in self.drawn]
        other.from_store = [z[:] for z in self.from_store]
        other.held = self.held[:]
        other.owned = [z[:] for z in self.owned]
        other.supply = self.supply[:]
        other.kinds = [z[:] for z in self.kinds]
        other.stews = [z[:] for z in self.stews]
        other.locks = [z[:] for z in self.locks]
        other.window = self.window[:]
        other.window_type = self.window_type
        other.jail_owner = self.jail_owner
        other.bank_used = self.bank_used
        other.buyer = self.buyer
        other.quiet = self.quiet
        other.bought = self.bought
        other.end_reason = self.end_reason

    # -- end of the state's copy --
