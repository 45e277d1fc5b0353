"""The bots' part of High Bohn and its Cognac variant (``rules/high-bohn.md``): the ``greedy`` heuristics
(buildings, the Bank, Jail and Distillery decisions) and the ``ismcts`` settings.

:data:`GREEDY` is :class:`HighBohnGreedyBot` (what the part holds: :mod:`bohn.bots.greedy`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import Final

from bohn.bots.greedy import EMPTY_FIELD_COST
from bohn.bots.greedy import FORCED_HARVEST_COST
from bohn.bots.greedy import UPCOMING
from bohn.bots.greedy import UPCOMING_BONUS
from bohn.bots.greedy import Cards
from bohn.bots.greedy import Field
from bohn.bots.greedy import GreedyBot
from bohn.bots.greedy import GuardedGreedyBot
from bohn.bots.greedy import Position
from bohn.bots.greedy import _smooth
from bohn.bots.greedy import by_name
from bohn.bots.greedy import price_score
from bohn.bots.search import Search
from bohn.engine.actions import Action
from bohn.engine.actions import Build
from bohn.engine.actions import BuyField
from bohn.engine.actions import Decline
from bohn.engine.actions import EndTrading
from bohn.engine.actions import Harvest
from bohn.engine.actions import Keep
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.actions import Take
from bohn.engine.actions import Withdraw
from bohn.engine.cards import CardTable
from bohn.engine.cards import payout
from bohn.rulesets.high_bohn.actions import Bury
from bohn.rulesets.high_bohn.actions import MoveCard
from bohn.rulesets.high_bohn.actions import Order
from bohn.rulesets.high_bohn.actions import Store

#: the ``bean`` of a stew field in :class:`HighBohnField`: no card type matches it
STEW = -2

#: what a building's ability is worth (in coins) over a whole game; scaled by
#: the share of the game still to come, except the Teepees, which pay at the
#: end. goldmine-2 is worth its discount only while the third field is not bought.
ABILITY: dict[str, float] = {
    "goldmine-2": 1.5,
    "goldmine-3": 1.0,
    "goldmine-4": 4.0,
    "teepee-2": 1.2,
    "teepee-3": 1.8,
    "teepee-4": 2.4,
    "bank-2": 0.6,
    "bank-3": 0.5,
    "bank-4": 1.0,
    "farm-2": 1.2,
    "farm-3": 1.5,
    "farm-4": 2.0,
    "saloon-2": 3.0,
    "saloon-3": 0.8,
    "saloon-4": 1.2,
    "general-store-2": 0.8,
    "general-store-3": 1.0,
    "general-store-4": 1.2,
    "blacksmith-2": 3.0,
    "blacksmith-3": 1.5,
    "blacksmith-4": 1.5,
    "jail-2": 2.0,
    "jail-3": 2.5,
    "jail-4": 3.0,
    "distillery-2": 1.0,
    "distillery-3": 0.5,
    "distillery-4": 2.0,
}
#: abilities that pay at the end of the game, whenever the building is bought
END_ABILITIES = frozenset({"teepee-2", "teepee-3", "teepee-4"})
#: how much a harvest is preferred whose coins complete a building's price
BUILD_HARVEST_BONUS = 0.5
#: the harvest loss from which a card that fits nowhere goes on the General Store
STORE_LOSS = 0.2
#: the placement loss from which a revealed card is stored instead of kept
STORE_REVEALED = -0.3


def _steps_of(pays: Sequence[int]) -> tuple[tuple[int, int], ...]:
    """The beanometer steps of a precomputed payout table.

    >>> _steps_of((0, 0, 0, 1, 1, 2, 2, 2))
    ((3, 1), (5, 2))
    """
    return tuple((n, pays[n]) for n in range(1, len(pays)) if pays[n] > pays[n - 1])


class HighBohnCards(Cards):
    """The card lookups of one High Bohn seat: its building beanometers
    (``jail-3``, ``blacksmith-3`` ...) replace the printed ones, ``farm-4``
    raises every 4-coin step to 5, and one more "card", :attr:`stew_card`,
    carries the stew beanometer of its Saloon."""

    _seats: ClassVar[dict[tuple[int, frozenset[str]], HighBohnCards]] = {}

    def __init__(self, table: CardTable, buildings: frozenset[str]) -> None:
        from bohn.rulesets.high_bohn.rules import BUILDINGS

        self.table = table
        self.index = table.index
        self.bean_index = table.bean_index
        overrides: dict[int, tuple[tuple[int, int], ...]] = {}
        stew: tuple[tuple[int, int], ...] = ((3, 1), (6, 2), (7, 3), (8, 4))
        for key in sorted(buildings):
            b = BUILDINGS.index.get(key)
            if b is None or not BUILDINGS.pays[b]:
                continue
            steps = _steps_of(BUILDINGS.pays[b][:41])
            if key.startswith("saloon-"):
                stew = steps
            else:
                overrides[BUILDINGS.bean[b]] = steps
        meters = [overrides.get(table.bean[c], table.meters[c]) for c in range(len(table.keys))]
        meters.append(stew)
        if "farm-4" in buildings:
            meters = [tuple((n, 5 if v == 4 else v) for n, v in m) for m in meters]
        self.meters = tuple(meters)
        #: the pseudo-card whose beanometer prices my stews
        self.stew_card = len(table.keys)
        self.bean = (*table.bean, STEW)
        self.smooth = tuple(_smooth(m) for m in meters)
        self.full = tuple(max((n for n, _ in m), default=1) for m in meters)
        self._pays = tuple(tuple(min(n, payout(m, n)) for n in range(41)) for m in meters)

    @classmethod
    def for_seat(cls, table: CardTable, buildings: frozenset[str]) -> HighBohnCards:
        key = (id(table), buildings)
        c = cls._seats.get(key)
        if c is None or c.table is not table:
            c = cls._seats[key] = cls(table, buildings)
        return c

    def pays(self, card: int, n: int) -> int:
        p = self._pays[card]
        return p[n] if n < len(p) else p[-1]


class HighBohnField(Field):
    """A High Bohn field: priced by its first card (soy jokers on top count
    as that type) or, for a stew (``bean == STEW``), by the Saloon; ``only``
    is the one type an extra field takes (-1: any), ``types`` the types a
    stew holds, ``locked`` an extra field not usable yet."""

    __slots__ = ("locked", "only", "types")

    def __init__(
        self,
        bean: int | None,
        card: int,
        n: int,
        only: int = -1,
        types: frozenset[int] = frozenset(),
        locked: bool = False,
    ) -> None:
        super().__init__(bean, card, n)
        self.only = only
        self.types = types
        self.locked = locked

    def copy(self) -> HighBohnField:
        return HighBohnField(self.bean, self.card, self.n, self.only, self.types, self.locked)


class HighBohnPosition(Position):
    """A High Bohn position: fields priced by my buildings, the Saloon's and
    Blacksmith's single-type fields, soy jokers (``farm-2``), stews
    (``saloon-3`` / ``saloon-4``) and my General Store."""

    fields: list[HighBohnField]  # type: ignore[assignment]
    #: the ruleset's card table (the same object as `cards`, with its own type)
    variant_cards: HighBohnCards

    def __init__(self, obs: dict[str, Any], seat: int, cards: Cards) -> None:
        from bohn.rulesets.high_bohn.rules import HOSTS

        me = obs["seats"][seat]
        self.buildings = frozenset(me.get("buildings", []))
        hb = HighBohnCards.for_seat(cards.table, self.buildings)
        super().__init__(obs, seat, hb)
        self.variant_cards = hb
        self.hosts = HOSTS
        bi = hb.bean_index
        self.soja = bi.get("soja", -1)
        self.jokers = "farm-2" in self.buildings
        self.stews_ok = bool(self.buildings & {"saloon-3", "saloon-4"})
        kinds = me.get("field_kinds", [])
        stews = me.get("stews", [])
        locked = me.get("locked", [])
        self.fields = []
        for f, keys in enumerate(me["fields"]):
            kind = kinds[f] if f < len(kinds) else "regular"
            only = bi.get("brech", -1) if kind == "saloon" else -1
            if kind == "blacksmith":
                only = bi.get("feuer", -1)
            self.fields.append(
                self.field_at(
                    keys,
                    only,
                    bool(stews[f]) if f < len(stews) else False,
                    bool(locked[f]) if f < len(locked) else False,
                )
            )
        self.store: list[int] = [hb.index[k] for k in me.get("store", [])]
        self.grown = self.wanted_types()
        self._prices: dict[int, list[int]] | None = None

    def field_at(self, keys: list[str], only: int, stew: bool, locked: bool) -> HighBohnField:
        c = self.variant_cards
        if not keys:
            return HighBohnField(None, -1, 0, only, frozenset(), locked)
        cards = [c.index[k] for k in keys]
        if stew:
            return HighBohnField(
                STEW, c.stew_card, len(cards), only, frozenset(c.bean[x] for x in cards), locked
            )
        return HighBohnField(c.bean[cards[0]], cards[0], len(cards), only, frozenset(), locked)

    def wanted_types(self) -> set[int]:
        """The types my fields grow: their own, ``soja`` as a joker, and the
        type of an empty single-type field."""
        out: set[int] = set()
        for f in self.fields:
            if f.locked:
                continue
            if f.bean is not None and f.bean != STEW:
                out.add(f.bean)
                if self.jokers and f.only < 0 and f.bean in self.hosts:
                    out.add(self.soja)
            elif f.bean is None and f.only >= 0:
                out.add(f.only)
        return out

    # -- planting one card --------------------------------------------------

    def way(self, f: HighBohnField, card: int, mode: str | None = None) -> str | None:
        """How ``card`` goes on ``f``: ``plain``, ``joker``, ``stew`` (None: not at all)."""
        b = self.cards.bean[card]
        if f.locked:
            return None
        if f.only >= 0:
            return "plain" if b == f.only else None
        if f.bean is None:
            return "plain"
        if f.bean == STEW:
            return None if b in f.types else "stew"
        if f.bean == b:
            return "plain"
        joker = b == self.soja and self.jokers and f.bean in self.hosts
        stew = f.n == 1 and self.stews_ok
        if mode is not None:
            return mode if (mode == "joker" and joker) or (mode == "stew" and stew) else None
        return "joker" if joker else "stew" if stew else None

    def grows(self, f: HighBohnField, card: int, way: str | None) -> bool:
        """Whether ``card`` adds to a field of its own type (a joker counts)."""
        return way in ("plain", "joker") and f.bean is not None and f.bean != STEW

    def gain(self, f: HighBohnField, card: int, way: str) -> float:
        """The value change of planting ``card`` on ``f`` the way ``way``."""
        c = self.variant_cards
        if f.bean is None:
            new = (c.value(card, 1) + c.pays(card, 1)) / 2
            new += UPCOMING_BONUS * self.upcoming(c.bean[card])
            return new - (EMPTY_FIELD_COST if f.only < 0 else 0.0)
        if way == "stew":
            s = c.stew_card
            if f.bean == STEW:
                return c.value(s, f.n + 1) - c.value(s, f.n)
            return c.value(s, 2) - c.value(f.card, 1) - UPCOMING_BONUS * self.upcoming(f.bean)
        return c.value(f.card, f.n + 1) - c.value(f.card, f.n)

    def after(self, f: HighBohnField, card: int, way: str) -> HighBohnField:
        c = self.variant_cards
        b = c.bean[card]
        if f.bean is None:
            return HighBohnField(b, card, 1, f.only, frozenset(), f.locked)
        if way == "stew":
            types = f.types or frozenset({f.bean})
            return HighBohnField(STEW, c.stew_card, f.n + 1, f.only, types | {b}, f.locked)
        return HighBohnField(f.bean, f.card, f.n + 1, f.only, f.types, f.locked)

    # -- placing several cards ------------------------------------------------

    def placement(self, cards: Sequence[int], fields: Sequence[Field] | None = None) -> float:
        """As :meth:`Position.placement`, with my field rules: a card grows a
        field of its type (or as a joker), a group of new cards takes an empty
        field that allows it, else a stew card, else a forced harvest."""
        c = self.cards
        bean = c.bean
        src = self.fields if fields is None else fields
        fl = [f.copy() for f in src if isinstance(f, HighBohnField)]
        total = 0.0
        rest: dict[int, list[int]] = {}
        for card in cards:
            target = None
            for f in fl:
                if self.grows(f, card, self.way(f, card)) and (target is None or f.n > target.n):
                    target = f
            if target is None:
                rest.setdefault(bean[card], []).append(card)
                continue
            total += c.value(target.card, target.n + 1) - c.value(target.card, target.n)
            target.n += 1
        for group in sorted(rest.values(), key=lambda g: (-len(g), g[0])):
            card, k = group[0], len(group)
            b = bean[card]
            new = (c.value(card, k) + c.pays(card, k)) / 2 + UPCOMING_BONUS * self.upcoming(b)
            empties = [f for f in fl if f.bean is None and self.way(f, card) is not None]
            empty = next((f for f in empties if f.only >= 0), empties[0] if empties else None)
            if empty is not None:
                total += new - (EMPTY_FIELD_COST if empty.only < 0 else 0.0)
            else:
                if k == 1 and self.stews_ok:
                    stews = [f for f in fl if self.way(f, card) == "stew"]
                    if stews:
                        best = max(stews, key=lambda f: self.gain(f, card, "stew"))
                        total += self.gain(best, card, "stew")
                        fl[fl.index(best)] = self.after(best, card, "stew")
                        continue
                room = [f for f in fl if not f.locked and f.only in (-1, b)]
                i = self.best_harvest(room, cards)
                if i is None:  # every field is locked or of another type
                    total -= FORCED_HARVEST_COST * k
                    continue
                empty = room[i]
                total += new - self.harvest_loss(empty, cards) - c.value(empty.card, empty.n)
                total += c.pays(empty.card, empty.n) - FORCED_HARVEST_COST
            empty.bean, empty.card, empty.n, empty.types = b, card, k, frozenset()
        return total

    def fits_somewhere(self, card: int) -> bool:
        """Whether ``card`` grows a field or takes an empty one (no harvest, no stew)."""
        for f in self.fields:
            way = self.way(f, card)
            if self.grows(f, card, way) or (f.bean is None and way is not None):
                return True
        return False

    def zone_card(self, ref: str) -> int | None:
        if ref[:1] == "s":
            i = int(ref[1:])
            return self.store[i] if i < len(self.store) else None
        return super().zone_card(ref)

    # -- coins and buildings -------------------------------------------------

    def prices_wanted(self) -> dict[int, list[int]]:
        """Per bean type whose building I do not own yet: the prices still in
        the supply that my coins of the type do not reach yet."""
        if self._prices is None:
            from bohn.rulesets.high_bohn.rules import BUILDINGS

            c = self.cards
            me = self.obs["seats"][self.seat]
            have = Counter(c.bean[c.index[k]] for k in me.get("coin_cards", []) if k in c.index)
            owned = {
                BUILDINGS.bean[BUILDINGS.index[k]] for k in self.buildings if k in BUILDINGS.index
            }
            out: dict[int, list[int]] = {}
            for k in self.obs.get("supply", []):
                b = BUILDINGS.index.get(k)
                if b is None or BUILDINGS.bean[b] in owned:
                    continue
                t = BUILDINGS.bean[b]
                if BUILDINGS.price[b] > have[t]:
                    out.setdefault(t, []).append(BUILDINGS.price[b] - have[t])
            self._prices = out
        return self._prices

    def coin_bonus(self, f: Field) -> float:
        """What harvesting ``f`` adds by paying for a building: its coins
        bring a price of a building type I lack within reach."""
        if f.bean is None or f.bean == STEW:
            return 0.0
        missing = self.prices_wanted().get(f.bean)
        if not missing:
            return 0.0
        pays = self.cards.pays(f.card, f.n)
        return BUILD_HARVEST_BONUS if any(m <= pays for m in missing) else 0.0

    def harvest_loss(self, f: Field, extra: Sequence[int] = ()) -> float:
        """As in Bohnanza, less :meth:`coin_bonus`: coins that buy a building."""
        return super().harvest_loss(f, extra) - self.coin_bonus(f)

    def remaining(self) -> float:
        """The share of the game still to come (1 at the start, 0 at its end)."""
        obs = self.obs
        if obs.get("last_turn"):
            return 0.0
        final = max(1, int(obs.get("final_exhaustion", 3)))
        done = int(obs.get("exhaustions", 0)) + 0.5
        return max(0.0, min(1.0, 1.0 - done / final))


class Town:
    """The building market as one seat sees it: the supply, who owns which
    building type, and every seat's coins by bean type (public, HB-D2)."""

    def __init__(self, obs: dict[str, Any], cards: Cards) -> None:
        from bohn.rulesets.high_bohn.rules import BUILDINGS

        self.buildings = BUILDINGS
        index = BUILDINGS.index
        seats = obs["seats"]
        self.n = len(seats)
        self.supply = [index[k] for k in obs.get("supply", []) if k in index]
        self.owned: list[set[int]] = [
            {BUILDINGS.bean[index[k]] for k in p.get("buildings", []) if k in index} for p in seats
        ]
        self.coins: list[Counter[int]] = [
            Counter(cards.bean[cards.index[k]] for k in p.get("coin_cards", []) if k in cards.index)
            for p in seats
        ]
        self.limit = BUILDINGS.limits.get(self.n, self.n)

    def of_type(self, t: int) -> list[int]:
        """The buildings of type ``t`` still in the supply."""
        return [b for b in self.supply if self.buildings.bean[b] == t]


class HighBohnGreedyBot(GuardedGreedyBot):
    """``greedy`` in High Bohn games: the Bohnanza heuristic on fields priced
    by the seat's buildings, plus the buildings themselves.

    * **Buying** (:meth:`building_choice`, at any decision): a building is
      worth its price (it scores that at the end), the bonus it adds, and its
      ability (:data:`ABILITY`, scaled by the share of the game still to
      come). The bot buys the most valuable one it can afford, and waits
      for a dearer one of the same type only when that is clearly better,
      coins of the type are on their way, and no other seat threatens to
      take it or close the type (:meth:`worth_waiting`). A ``distillery-2``
      names the type that denies the other seats most (:meth:`name_score`).
    * **Decisions of its own**: ``before-turn`` buries a top card that fits
      nowhere (``bank-2``) and moves a front card that fits nowhere to the
      back (``bank-4``); ``draw-order`` puts the cards that grow a field
      first; ``jail-coin`` takes the type whose coins bring a building
      nearest; the ``distillery`` window and ``final-buying`` buy what they
      can, dearest first, then pass.
    * **Planting** knows the single-type extra fields, soy jokers and stews;
      a card that fits nowhere goes on the General Store rather than forcing
      a harvest, and so do revealed cards nobody takes.
    * **Harvesting** as in Bohnanza, with fields priced by my building
      beanometers; a field whose coins bring a building I lack within reach
      is harvested a little more readily (:data:`BUILD_HARVEST_BONUS`).

    Any error in these heuristics falls back to :meth:`generic` (counted in
    :attr:`fallbacks`), so the bot never stops a game.
    """

    position_class: ClassVar[type[Position]] = HighBohnPosition
    PHASES: ClassVar[dict[str, str]] = {
        **GreedyBot.PHASES,
        **by_name("before-turn draw-order jail-coin final-buying"),
        "distillery": "distillery_window",
    }
    #: a cheaper building is left for a dearer one of its type when that is
    #: worth this much more and more coins of the type are on their way
    WAIT_MARGIN: ClassVar[float] = 1.5
    #: the share of the game that must still come for such a wait
    WAIT_UNTIL: ClassVar[float] = 0.3
    #: phases in which only that phase's decision is open
    BLOCKING: ClassVar[frozenset[str]] = frozenset({"jail-coin", "distillery", "final-buying"})

    def generic(self, legal: list[Action]) -> Action:
        """A harmless legal action; never a purchase while anything else is open."""
        for kind in (Pass, EndTrading, Decline, Plant, Keep, Withdraw, Order, Take):
            for a in legal:
                if isinstance(a, kind):
                    return a
        for a in legal:
            if not isinstance(a, Harvest | BuyField | Propose | Build | Bury | MoveCard | Store):
                return a
        return legal[0]

    # -- any time --------------------------------------------------------------

    def voluntary(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Buy a building worth buying now; then as in Bohnanza."""
        if str(pos.obs.get("phase")) in self.BLOCKING:
            return None
        build = self.building_choice(pos, legal, final=False)
        if build is not None:
            return build
        return super().voluntary(pos, legal, allowed)

    def buy_now(self, pos: Position) -> bool:
        """The third field early in the game, or whenever a goldmine-2 makes it cheap."""
        assert isinstance(pos, HighBohnPosition)
        if "goldmine-2" in pos.buildings:
            return pos.remaining() > 0.2
        return super().buy_now(pos)

    # -- buildings ---------------------------------------------------------------

    def building_value(
        self, pos: HighBohnPosition, town: Town, b: int, *, final: bool = False
    ) -> float:
        """What owning building ``b`` is worth to me (the bonus aside, the same for all)."""
        bt = town.buildings
        key = bt.keys[b]
        price = bt.price[b]
        value = float(price)
        if key in END_ABILITIES:
            me = pos.obs["seats"][pos.seat]
            cash = (
                len(me.get("coin_cards", []))
                + len(me.get("stew_coins", []))
                + len(me.get("distillery_coins", []))
            )
            if final:
                return value + (cash - price) // max(1, bt.param[b])
            return value + ABILITY[key]
        if final:
            return value
        ability = ABILITY.get(key, 0.0)
        if key == "goldmine-2" and "third" in pos.obs["seats"][pos.seat].get("field_kinds", []):
            ability = 0.2
        return value + ability * pos.remaining()

    def worth_waiting(self, pos: HighBohnPosition, town: Town, b: int, value: float) -> bool:
        """Whether to leave ``b`` for a dearer building of its type: clearly
        better, coins of the type on their way, and nobody else near it."""
        bt = town.buildings
        if pos.remaining() < self.WAIT_UNTIL:
            return False
        t = bt.bean[b]
        mine = town.coins[pos.seat][t]
        later = [x for x in town.of_type(t) if bt.price[x] > mine]
        if not later:
            return False
        target = max(later, key=lambda x: self.building_value(pos, town, x))
        if self.building_value(pos, town, target) - value < self.WAIT_MARGIN:
            return False
        others = [s for s in range(town.n) if s != pos.seat]
        owners = sum(1 for s in others if t in town.owned[s])
        if town.n < 5 and owners >= town.limit - 1:
            return False  # one more buyer closes the type
        if len(town.of_type(t)) <= 1:
            return False
        if any(t not in town.owned[s] and town.coins[s][t] >= bt.price[target] for s in others):
            return False  # someone could take it first
        bean = pos.cards.bean
        growing = any(f.bean == t for f in pos.fields)
        return growing or sum(1 for c in pos.hand[:UPCOMING] if bean[c] == t) >= 2

    def building_choice(
        self, pos: Position, legal: list[Action], *, final: bool, wait: bool = True
    ) -> Action | None:
        """The most valuable building to buy now (None: none, or better to
        wait). ``final``: the final buying, where only prices count; ``wait``:
        whether a purchase may be put off (not in the distillery window)."""
        assert isinstance(pos, HighBohnPosition)
        builds = [a for a in legal if isinstance(a, Build)]
        if not builds:
            return None
        town = Town(pos.obs, pos.cards)
        index = town.buildings.index
        best: tuple[float, str] | None = None
        for key in dict.fromkeys(a.building for a in builds):
            b = index.get(key)
            if b is None:
                continue
            value = self.building_value(pos, town, b, final=final)
            if wait and not final and self.worth_waiting(pos, town, b, value):
                continue
            if best is None or value > best[0]:
                best = (value, key)
        if best is None:
            return None
        options = [a for a in builds if a.building == best[1]]
        return max(options, key=lambda a: self.name_score(pos, town, a.name))

    def name_score(self, pos: HighBohnPosition, town: Town, name: str | None) -> float:
        """How good naming building type ``name`` with a ``distillery-2`` is:
        it denies the type to the seats collecting its coins that cannot buy
        it yet (those that can buy it in the window at once), and costs me a
        type I do not own yet."""
        bt = town.buildings
        if name is None or name not in bt.type_index:
            return 0.0
        t = bt.type_index[name]
        supply = [b for b in town.of_type(t) if bt.keys[b] != "distillery-2"]
        mine = town.owned[pos.seat] | {bt.bean[bt.index["distillery-2"]]}
        if not supply:
            return 0.1 if t in mine else 0.0
        score = 0.2 if t in mine else -1.5 - town.coins[pos.seat][t]
        for s in range(town.n):
            if s == pos.seat or t in town.owned[s]:
                continue
            coins = town.coins[s][t]
            if any(bt.price[b] <= coins for b in supply):
                score -= 0.3  # it buys in the window
            else:
                score += coins + 0.5
        return score

    # -- High Bohn's own decisions ----------------------------------------------------

    def before_turn(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """bank-2: bury a top card that fits none of my fields; bank-4: move a
        front card that fits nowhere to the back of my hand; then start."""
        assert isinstance(pos, HighBohnPosition)
        top = pos.obs.get("deck_top")
        if isinstance(top, str) and top in pos.cards.index and Bury() in allowed:
            card = pos.cards.index[top]
            if pos.cards.bean[card] not in pos.grown and pos.placement([card]) < 0:
                return Bury()
        hand = pos.hand
        if len(hand) >= 2 and not pos.fits_somewhere(hand[0]):
            last = len(hand) - 1
            if pos.fits_somewhere(hand[1]) and MoveCard(0, last) in allowed:
                return MoveCard(0, last)
            for i in range(1, min(len(hand), UPCOMING + 1)):
                if pos.fits_somewhere(hand[i]) and MoveCard(i, 0) in allowed:
                    return MoveCard(i, 0)
        return Pass() if Pass() in allowed else None

    def draw_order(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """bank-3: the drawn cards that grow my fields join the hand first,
        those I may have to give away last."""
        c = pos.cards
        drawn = [c.index[k] for k in pos.obs.get("drawn", []) if k in c.index]
        orders = [a for a in legal if isinstance(a, Order)]
        if not orders or not drawn:
            return None
        in_hand = {c.bean[x] for x in pos.hand}

        def rank(i: int) -> tuple[int, int]:
            b = c.bean[drawn[i]]
            return (0 if b in pos.grown else 1 if b in in_hand else 2, i)

        want = [drawn[i] for i in sorted(range(len(drawn)), key=rank)]
        for a in orders:
            if len(a.drawn) == len(drawn) and [drawn[i] for i in a.drawn] == want:
                return a
        return orders[0]

    def jail_coin(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """jail-4: the leftover whose coin brings a building of its type nearest."""
        assert isinstance(pos, HighBohnPosition)
        town = Town(pos.obs, pos.cards)
        bt = town.buildings
        best: tuple[float, Action] | None = None
        for a, t in pos.coin_takes(legal):
            score = 0.0
            if t not in town.owned[pos.seat]:
                have = town.coins[pos.seat][t] + 1
                score = price_score(have, [bt.price[b] for b in town.of_type(t)], 0.1)
            if best is None or score > best[0]:
                best = (score, a)
        return None if best is None else best[1]

    def distillery_window(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """distillery-2: my one chance at the named type: buy the best I can."""
        build = self.building_choice(pos, legal, final=False, wait=False)
        return build if build is not None else (Pass() if Pass() in allowed else None)

    def final_buying(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The final buying round: every purchase turns coins into as many
        points and may add bonus; the dearest first."""
        build = self.building_choice(pos, legal, final=True)
        return build if build is not None else (Pass() if Pass() in allowed else None)

    # -- planting -------------------------------------------------------------------

    def plant_rank(self, pos: HighBohnPosition, f: HighBohnField, card: int, way: str) -> float:
        """How much I like planting ``card`` on ``f``: its own type's largest
        field, a single-type field of its type, an empty field, a stew."""
        if pos.grows(f, card, way):
            return 100.0 + f.n
        if f.bean is None:
            return 80.0 if f.only >= 0 else 50.0 + pos.gain(f, card, way)
        return 20.0 + pos.gain(f, card, way)

    def plant_from_hand(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The front card where it fits best; a card that fits nowhere on the
        General Store rather than a harvest; the optional cards only where they
        grow a field, take a single-type field of their type, or start a field
        when that is worth it."""
        assert isinstance(pos, HighBohnPosition)
        if not pos.hand:
            return Pass() if Pass() in allowed else None
        card = pos.hand[0]
        best: tuple[float, Plant] | None = None
        for a in legal:
            if isinstance(a, Plant) and a.traded is None and a.field < len(pos.fields):
                f = pos.fields[a.field]
                way = pos.way(f, card, a.mode)
                if way is None:
                    continue
                r = self.plant_rank(pos, f, card, way)
                if best is None or r > best[0]:
                    best = (r, a)
        store = Store("h0")
        if int(pos.obs.get("planted", 0)) == 0:
            if best is not None and best[0] >= 50.0:
                return best[1]
            if store in allowed and self.forced_loss(pos, pos.hand[:1]) >= STORE_LOSS:
                return store
            if best is not None:
                return best[1]
            return self.make_room(pos, legal, allowed, pos.hand[:1])
        if best is not None:
            rank, plant = best
            target = pos.fields[plant.field]
            if rank >= 80.0 or (rank >= 50.0 and self.second_on_empty(pos)):
                return plant
            if target.bean == STEW and pos.gain(target, card, "stew") > 0:
                return plant
        if store in allowed and not pos.fits_somewhere(card):
            return store
        return Pass() if Pass() in allowed else None

    def second_on_empty(self, pos: Position) -> bool:
        """As in Bohnanza, counting only the empty fields that take any type."""
        assert isinstance(pos, HighBohnPosition)
        empties = sum(1 for f in pos.fields if f.bean is None and f.only < 0 and not f.locked)
        b = pos.cards.bean[pos.hand[0]]
        return empties >= 2 or sum(1 for c in pos.hand[1:UPCOMING] if pos.cards.bean[c] == b) > 0

    def forced_loss(self, pos: HighBohnPosition, extra: Sequence[int]) -> float:
        """What the cheapest harvest to make room would lose now."""
        fields = [f for f in pos.fields if f.bean is not None]
        i = pos.best_harvest(fields, extra)
        return pos.harvest_loss(fields[i], extra) if i is not None else 0.0

    def plant_traded(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """Received and kept cards: a card with no field of its own and no
        empty field goes on the General Store if there is room; the others
        where they fit best; a harvest when forced."""
        assert isinstance(pos, HighBohnPosition)
        if not pos.trade:
            return None
        bean = pos.cards.bean
        for i, card in enumerate(pos.trade):
            if Store(f"t{i}") in allowed and not pos.fits_somewhere(card):
                return Store(f"t{i}")
        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, Plant) or a.traded is None or a.traded >= len(pos.trade):
                continue
            card = pos.trade[a.traded]
            f = pos.fields[a.field]
            way = pos.way(f, card, a.mode)
            if way is None:
                continue
            if pos.grows(f, card, way):
                score = 100.0 + f.n
            elif f.bean is None:
                same = sum(1 for c in pos.trade if bean[c] == bean[card])
                score = (40.0 if f.only >= 0 else 10.0 * same) + pos.upcoming(bean[card])
            else:
                score = pos.gain(f, card, way)
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None and best[0] > -FORCED_HARVEST_COST:
            return best[1]
        room = self.make_room(pos, legal, allowed, pos.trade)
        if room is not None:
            return room
        return None if best is None else best[1]

    # -- trading -----------------------------------------------------------------

    def trade_as_active(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """As in Bohnanza; before ending the trading, a revealed card that
        would only hurt my fields goes on the General Store."""
        choice = super().trade_as_active(pos, legal, allowed)
        if isinstance(choice, EndTrading) and pos.revealed:
            base = pos.placement(pos.to_plant())
            worst: tuple[float, Action] | None = None
            for i in range(len(pos.revealed)):
                a = Store(f"r{i}")
                if a not in allowed:
                    continue
                rest = pos.trade + [c for j, c in enumerate(pos.revealed) if j != i]
                delta = base - pos.placement(rest)
                if delta < STORE_REVEALED and (worst is None or delta < worst[0]):
                    worst = (delta, a)
            if worst is not None:
                return worst[1]
        return choice


GREEDY = HighBohnGreedyBot
SEARCH: Final = Search()
