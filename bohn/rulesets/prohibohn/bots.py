"""The bots' part of Prohibohn and its Pub variant (``rules/prohibohn.md``): the ``greedy`` heuristics
(Al Cabohne for two with establishments, Police Stations and the Razzia) and the ``ismcts`` settings.

:data:`GREEDY` is :class:`ProhibohnGreedyBot` (what the part holds: :mod:`bohn.bots.greedy`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import Final

from bohn.bots.greedy import EMPTY_FIELD_COST
from bohn.bots.greedy import UPCOMING_BONUS
from bohn.bots.greedy import Cards
from bohn.bots.greedy import Field
from bohn.bots.greedy import Position
from bohn.bots.greedy import by_name
from bohn.bots.greedy import price_score
from bohn.bots.search import Search
from bohn.engine.actions import Action
from bohn.engine.actions import Build
from bohn.engine.actions import Drop
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Take
from bohn.engine.actions import Uncover
from bohn.rulesets.al_cabohne.bots import BOSS_HARVEST_COST
from bohn.rulesets.al_cabohne.bots import AlCabohneGreedyBot
from bohn.rulesets.al_cabohne.bots import AlCabohnePosition
from bohn.rulesets.al_cabohne.bots import quick_play
from bohn.rulesets.prohibohn.actions import Draw
from bohn.rulesets.prohibohn.actions import Protect
from bohn.rulesets.prohibohn.actions import Remove
from bohn.rulesets.prohibohn.actions import Stash

#: what an establishment's ability is worth (in coins) over a whole game,
#: scaled by the share of the game still to come; its price comes back at the
#: end, so buying a 3- or 4-card costs nothing but the coins' other uses
PB_ABILITY: dict[str, float] = {
    "casino-3": 1.0,
    "casino-4": 2.0,
    "undertaker-3": 0.6,
    "undertaker-4": 1.0,
    "restaurant-3": 1.2,
    "restaurant-4": 1.5,
    "nightbar-3": 0.6,
    "nightbar-4": 1.2,
    "gas-station-3": 0.8,
    "gas-station-4": 0.8,
    "variete-3": 1.5,
    "variete-4": 2.5,
    "pub-3": 1.0,
    "pub-4": 0.0,
}
#: a Police Station's treasury coin: one coin more for me, one less for the mafia
POLICE_COIN = 2.0
#: how much a harvest is preferred whose coins complete an establishment's
#: price (the value High Bohn's bot gives a building's)
BUILD_HARVEST_BONUS = 0.5
#: how likely a 1-card loses its value to a Razzia still to be had
RAZZIA_RISK = 0.4
#: what a Razzia must gain beyond its price before the bot buys it
RAZZIA_MARGIN = 0.5
#: a coin kept for later purchases, in the start-coins choice
STASH_COIN = 0.5
#: the smallest gain for which a pub-3 owner gives the boss more cards
PROTECT_MIN = 0.2
#: establishment cards both players own from which the game ends after the
#: third exhaustion (prohibohn §5.2 step 3)
PB_TO_END = 10


class ProhibohnPosition(AlCabohnePosition):
    """An Al Cabohne position plus the establishments: what I own, my coins by
    type (the opponent's are hidden), the supply and the Razzia; fields may
    mix two types (the Nightbars) and are priced by their top card."""

    def __init__(self, obs: dict[str, Any], seat: int, cards: Cards) -> None:
        super().__init__(obs, seat, cards)
        seats = obs["seats"]
        me = seats[seat]
        bean, index = cards.bean, cards.index
        self.owned: list[str] = list(me.get("establishments", []))
        self.other: list[str] = (
            list(seats[1 - seat].get("establishments", [])) if len(seats) == 2 else []
        )
        self.coin_types: Counter[int] = Counter(
            bean[index[k]] for k in me.get("coin_cards", []) if k in index
        )
        self.supply: list[str] = list(obs.get("supply", []))
        self.razzia = bool(obs.get("razzia", False))
        self.stage = int(obs.get("stage", 0))
        self.field_cards: list[list[int]] = [[index[k] for k in f] for f in me["fields"]]

    # -- fields ------------------------------------------------------------------------

    def field_gain(self, f: Field, pile: Sequence[int]) -> float:
        """As in Al Cabohne; a pile of another type on a field (a Nightbar lets
        it) prices the field by the pile's type from then on."""
        c = self.cards
        if f.bean is not None and f.bean != c.bean[pile[0]]:
            k = len(pile)
            lost = UPCOMING_BONUS * self.upcoming(f.bean)
            return c.value(pile[0], f.n + k) - c.value(f.card, f.n) - lost
        return super().field_gain(f, pile)

    def mafia_cost(self, k: int, cards: Sequence[int]) -> float:
        """As in Al Cabohne, less the coin a Restaurant pays me for a boss
        harvest in phase 5 (``restaurant-4``) of my turn."""
        cost = super().mafia_cost(k, cards)
        if self.active and self.stage == 5 and "restaurant-4" in self.owned:
            cost -= self.boss_harvests(k, cards) * (1.0 + BOSS_HARVEST_COST)
        return cost

    def boss_harvests(self, k: int, cards: Sequence[int]) -> int:
        """How many harvests giving ``cards`` to boss ``k`` causes."""
        if k >= len(self.bosses):
            return 0
        c = self.cards
        b = self.bosses[k]
        card, n, out = b.card, b.n, 0
        for x in cards:
            if n == 0:
                card = x
            n += 1
            if c.table.pays_for(card, n) >= b.threshold:
                out += 1
                n = 0
        return out

    # -- coins and establishments ------------------------------------------------------

    def remaining(self) -> float:
        """The share of the game still to come (1 at the start, 0 at its end)."""
        obs = self.obs
        if obs.get("last_turn") or obs.get("phase") == "final-buying":
            return 0.0
        final = max(1, int(obs.get("final_exhaustion", 3)))
        done = int(obs.get("exhaustions", 0)) + 0.5
        return max(0.0, min(1.0, 1.0 - done / final))

    def harvest_coins(self, f: int) -> list[int]:
        """The bean types of the coins a harvest of my field ``f`` pays (its top cards)."""
        fld = self.field_cards[f] if f < len(self.field_cards) else []
        if not fld:
            return []
        pays = self.cards.pays(fld[-1], len(fld))
        bean = self.cards.bean
        return [bean[x] for x in fld[len(fld) - pays :]] if pays else []

    def coin_bonus(self, f: Field) -> float:
        """What harvesting ``f`` adds by paying for an establishment: its coins
        bring the price of a card of their type within reach."""
        try:
            i = self.fields.index(f)
        except ValueError:
            return 0.0
        got = Counter(self.harvest_coins(i))
        if not got:
            return 0.0
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS as E

        for key in self.supply:
            e = E.index.get(key)
            if e is None:
                continue
            t, price = E.bean[e], E.price[e]
            if self.coin_types[t] < price <= self.coin_types[t] + got[t]:
                return BUILD_HARVEST_BONUS
        return 0.0

    def harvest_loss(self, f: Field, extra: Sequence[int] = ()) -> float:
        """As in Al Cabohne, less :meth:`coin_bonus`: coins that buy an establishment."""
        return super().harvest_loss(f, extra) - self.coin_bonus(f)


class ProhibohnGreedyBot(AlCabohneGreedyBot):
    """``greedy`` in Prohibohn games (two players against the mafia, with
    establishments; option ``pub``).

    Everything of :class:`AlCabohneGreedyBot` (the mafia gets as little as
    possible), plus:

    * ``start-coins``: the two hand cards worth least on a field — cards of a
      type a boss grows (he would take them), single cards with no partner in
      the hand, cards far back — become the starting coins, the front cards
      that build fields stay (:meth:`stash`).
    * **Buying** (:meth:`building_choice`, at any decision of my turn): a 3- or
      4-card gives back its price at the end, so it is bought for its ability
      (:data:`PB_ABILITY`, scaled by the game still to come) and the Police
      Station bonus it adds; a 1-card when it completes a set or adds bonus;
      a Police Station as soon as it can be paid (a treasury coin, bonus); the
      Razzia when it costs the opponent's 1-cards more than mine; ``pub-4``
      when the opponent has a 1-card to lose.
    * ``police-coin``: the treasury coin that brings a price nearest;
      ``remove-third``: the third card goes when I cannot reach its price soon;
      ``pub-removal``: the opponent's 1-card that counts most for him.
    * Abilities: ``uncover`` while one of my fields has no pile for it
      (Undertakers); ``draw`` the most cards (Gas Stations); ``drop`` a front
      card that fits nowhere before planting (``casino-3``); any
      number of plantings that grow fields (``casino-4``); the best card of
      the hand to plant (Varietés); ``protect`` when the cards make the boss
      harvest and the bonus coin outweighs them (``pub-3``); a pile of another
      type on a one-card field where a Nightbar allows it.
    * ``final-buying``: when the game really ends, harvest every field (it is
      sold anyway) and buy what raises my total; when a fourth deck would
      follow but I lead and can buy the missing establishment cards, end it
      that way; otherwise buy only what raises my total.

    Measured (seeds 1-60, seat-swapped): against ``random`` it wins 50 of 60
    games (48 with the Pub), the mafia the rest; against itself the mafia
    wins 0 of 60 (4 with the Pub). Any error in these heuristics falls back
    to :meth:`generic` (counted in :attr:`fallbacks`).
    """

    position_class: ClassVar[type[Position]] = ProhibohnPosition
    PHASES: ClassVar[dict[str, str]] = {
        **AlCabohneGreedyBot.PHASES,
        **by_name("police-coin remove-third pub-removal protect uncover-more final-buying"),
        "plant": "plant_cards",
        "start-coins": "stash",
        "draw": "draw_choice",
    }
    #: phases in which only that phase's decision is open (no purchases meanwhile)
    BLOCKING: ClassVar[frozenset[str]] = frozenset(
        {"start-coins", "police-coin", "remove-third", "pub-removal", "feed", "final-buying"}
    )

    def generic(self, legal: list[Action]) -> Action:
        """A harmless legal action; never a purchase or a removal while anything else is open."""
        for kind in (Pass, Plant, Take, Stash, Draw):
            for a in legal:
                if isinstance(a, kind):
                    return a
        for a in legal:
            if not isinstance(a, Harvest | Build | Remove | Drop):
                return a
        return legal[0]

    def voluntary(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Buy what is worth buying now; then as in Al Cabohne."""
        if str(pos.obs.get("phase")) in self.BLOCKING:
            return None
        assert isinstance(pos, ProhibohnPosition)
        build = self.building_choice(pos, legal, final=False)
        if build is not None:
            return build
        return super().voluntary(pos, legal, allowed)

    # -- establishments ------------------------------------------------------------------

    @staticmethod
    def one_card_values(owned: Sequence[str], razzia: bool) -> int:
        """The end value of the 1-cards among ``owned`` (prohibohn §4.3)."""
        mine = set(owned)
        total = 0
        for k in owned:
            kind, _, price = k.rpartition("-")
            if price != "1" or kind in ("police-station", ""):
                continue
            if f"{kind}-3" in mine and f"{kind}-4" in mine:
                total += 4
            elif not razzia:
                total += 1
        return total

    @staticmethod
    def police_bonus(owned: Sequence[str]) -> int:
        """The bonus of the Police Station among ``owned`` (0: none)."""
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS as E

        cards = [k for k in owned if k in E.index and E.is_establishment(E.index[k])]
        for k in owned:
            e = E.index.get(k)
            if e is not None and e in E.bonus:
                by, table = E.bonus[e]
                count = len(cards) if by == "cards" else len({E.kinds[E.index[c]] for c in cards})
                if count < min(table):
                    return 0
                return table[min(count, max(table))]
        return 0

    @staticmethod
    def projected_bonus(owned: Sequence[str], police: str, rem: float) -> float:
        """The bonus of ``police`` for ``owned`` plus the establishments I may
        still buy in the share ``rem`` of the game (about three cards of two
        more types over a whole game)."""
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS as E

        e = E.index[police]
        by, table = E.bonus[e]
        cards = [k for k in owned if k in E.index and E.is_establishment(E.index[k])]
        if by == "cards":
            count = len(cards) + round(4.0 * rem)
        else:
            count = len({k.rpartition("-")[0] for k in cards}) + round(2.5 * rem)
        if count < min(table):
            return 0.0
        return float(table[min(count, max(table))])

    @staticmethod
    def rival_weight(pos: ProhibohnPosition) -> float:
        """How much the opponent's loss counts for me: fully when he is near or
        ahead of me (he is the one to beat), a little otherwise (the mafia is)."""
        seats = pos.obs["seats"]
        if len(seats) != 2:
            return 0.0
        mine = int((seats[pos.seat].get("tally") or {}).get("total", 0))
        his = int((seats[1 - pos.seat].get("tally") or {}).get("total", 0))
        return 1.0 if his >= mine - 3 else 0.3

    def card_value(
        self, pos: ProhibohnPosition, key: str, name: str | None, *, final: bool
    ) -> float:
        """What buying ``key`` (the Razzia paid with ``name`` coins) changes in my
        total and prospects, beyond the price that the card gives back."""
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS as E

        e = E.index[key]
        price = E.price[e]
        cost = price if name is None else E.other_price.get(e, price)
        after = [*pos.owned, key]
        razzia = pos.razzia or key == "razzia"
        points = (
            self.one_card_values(after, razzia)
            - self.one_card_values(pos.owned, pos.razzia)
            + (0 if E.is_establishment(e) and price == 1 else price)
            - cost
        )
        rem = 0.0 if final else pos.remaining()
        group = E.group[e]
        police = next((k for k in pos.owned if k.startswith("police-station")), None)
        if group == "police":
            value = float(points) + self.projected_bonus(pos.owned, key, rem)
            value += POLICE_COIN if int(pos.obs.get("treasury", 0)) else 0.0
            return value
        value = float(points + self.police_bonus(after) - self.police_bonus(pos.owned))
        if group == "razzia":
            other_ones = self.one_card_values(pos.other, False) - self.one_card_values(
                pos.other, True
            )
            value += self.rival_weight(pos) * other_ones
            # my later 1-cards lose their value; only a clear gain is worth it
            return value - 0.3 * rem - RAZZIA_MARGIN
        value += PB_ABILITY.get(key, 0.0) * rem
        if key == "pub-4" and self.removable(pos):
            value += self.rival_weight(pos)
        if price == 1 and not final:
            kind = E.kinds[e]
            full = f"{kind}-3" in after and f"{kind}-4" in after
            if not full and not pos.razzia and "razzia" in pos.supply:
                value -= RAZZIA_RISK
            if not full and (f"{kind}-3" in after or f"{kind}-4" in after):
                value += 0.5 * rem  # half-way to the full set
        if police is None and not final and any(k.startswith("police-station") for k in pos.supply):
            value += 0.3 * rem
        return value

    @staticmethod
    def removable(pos: ProhibohnPosition) -> list[str]:
        """The opponent's 1-cards worth exactly 1 now (what ``pub-4`` may remove)."""
        other = set(pos.other)
        out = []
        for k in pos.other:
            kind, _, price = k.rpartition("-")
            if price != "1" or kind == "police-station":
                continue
            if not (f"{kind}-3" in other and f"{kind}-4" in other) and not pos.razzia:
                out.append(k)
        return out

    def building_choice(
        self, pos: ProhibohnPosition, legal: list[Action], *, final: bool, neutral: bool = False
    ) -> Action | None:
        """The purchase worth most now (None: none worth it). ``final``: the
        game ends after this buying, only the total counts; ``neutral``: an
        establishment that only gives its price back is bought too (the
        cheapest first), to end the game (:meth:`closing`)."""
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS as E

        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, Build):
                continue
            v = self.card_value(pos, a.building, a.name, final=final)
            if neutral and a.building in E.index:
                e = E.index[a.building]
                v += 0.01 * (5 - E.price[e]) if E.is_establishment(e) else 0.0
            if best is None or v > best[0]:
                best = (v, a)
        if best is None or best[0] <= (0.0 if final else 0.05):
            return None
        return best[1]

    # -- the decisions of Prohibohn ----------------------------------------------------------

    def stash(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """The two starting coins: the pair whose loss hurts the hand least."""
        assert isinstance(pos, ProhibohnPosition)
        bean = pos.cards.bean
        hand = pos.hand
        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, Stash) or any(i >= len(hand) for i in a.cards):
                continue
            rest = [c for i, c in enumerate(hand) if i not in a.cards]
            score = self.hand_quality(pos, rest)
            for i in a.cards:
                score += self.coin_worth(pos, bean[hand[i]])
            if len({bean[hand[i]] for i in a.cards}) == 1:
                score += 0.3  # two coins of one type are nearer a price
            if best is None or score > best[0]:
                best = (score, a)
        return None if best is None else best[1]

    @staticmethod
    def hand_quality(pos: ProhibohnPosition, hand: Sequence[int]) -> float:
        """How well a hand plants: front cards with partners in the hand
        count, cards of a type a boss grows (he takes them) count against."""
        bean = pos.cards.bean
        counts = Counter(bean[c] for c in hand)
        weights = (1.0, 1.0, 0.7, 0.5, 0.4, 0.3, 0.2)
        q = 0.0
        for i, c in enumerate(hand[: len(weights)]):
            b = bean[c]
            if b in pos.mafia_types:
                v = -1.0
            elif counts[b] >= 2:
                v = 1.0 + 0.2 * min(counts[b], 4)
            else:
                v = 0.0
            q += weights[i] * v
        return q

    @staticmethod
    def coin_worth(pos: ProhibohnPosition, t: int) -> float:
        """How useful a coin of type ``t`` is for buying: blaue pays the Police
        Station and the Razzia, each other type its establishment."""
        worth = STASH_COIN
        if pos.cards.table.bean_keys[t] == "blaue":
            worth += 0.3
        return worth

    def police_coin(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The treasury coin whose type brings an establishment price nearest."""
        assert isinstance(pos, ProhibohnPosition)
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS as E

        best: tuple[float, Action] | None = None
        for a, t in pos.coin_takes(legal):
            have = pos.coin_types[t] + 1
            prices = [
                (E.price[E.index[k]], PB_ABILITY.get(k, 0.5))
                for k in pos.supply
                if k in E.index and E.bean[E.index[k]] == t and E.group[E.index[k]] != "police"
            ]
            score = price_score(have, [p for p, _ in prices], 0.2)
            if any(p == have for p, _ in prices):  # and the best of what that buys
                score += max(v for p, v in prices if p == have)
            if best is None or score > best[0]:
                best = (score, a)
        return None if best is None else best[1]

    def remove_third(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """Keep the third card open when I can pay it soon, else remove it
        before the opponent gets it."""
        assert isinstance(pos, ProhibohnPosition)
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS as E

        third = (pos.obs.get("decision") or {}).get("third")
        removes = [a for a in legal if isinstance(a, Remove)]
        if not isinstance(third, str) or third not in E.index or not removes:
            return Pass() if Pass() in allowed else None
        e = E.index[third]
        t, price = E.bean[e], E.price[e]
        reach = pos.coin_types[t]
        for i in range(len(pos.fields)):
            reach += sum(1 for x in pos.harvest_coins(i) if x == t)
        soon = reach + (1 if pos.remaining() > 0.3 else 0)
        if soon >= price:
            return Pass() if Pass() in allowed else None
        return removes[0]

    def pub_removal(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """pub-4: the opponent's 1-card of the establishment he owns most of."""
        assert isinstance(pos, ProhibohnPosition)
        removes = [a for a in legal if isinstance(a, Remove)]
        if not removes:
            return Pass() if Pass() in allowed else None

        def weight(a: Remove) -> int:
            kind = a.card.rpartition("-")[0]
            return sum(1 for k in pos.other if k.rpartition("-")[0] == kind)

        return max(removes, key=weight)

    def uncover_more(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The Undertakers: go on while one of my fields has no pile worth it."""
        assert isinstance(pos, ProhibohnPosition)
        if Uncover() not in allowed:
            return Pass() if Pass() in allowed else None
        served = 0
        for f in pos.fields:
            if any(
                (f.bean is None or f.bean == pos.cards.bean[p[0]]) and pos.field_gain(f, p) >= 0.5
                for p in pos.piles
                if p
            ):
                served += 1
        return Uncover() if served < len(pos.fields) else Pass()

    def draw_choice(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The Gas Stations: draw as many cards as allowed."""
        draws = [a for a in legal if isinstance(a, Draw)]
        return max(draws, key=lambda a: a.count) if draws else None

    def protect(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """pub-3: give the boss more cards of the field when they make him
        harvest and the bonus coin is worth more than the cards and what the
        mafia gains."""
        assert isinstance(pos, ProhibohnPosition)
        decision = pos.obs.get("decision") or {}
        f = int(decision.get("field", -1))
        if Protect(f) not in allowed or not 0 <= f < len(pos.field_cards):
            return Pass() if Pass() in allowed else None
        c = pos.cards
        fld = pos.field_cards[f]
        top = c.bean[fld[-1]]
        keys = [b.get("key") for b in pos.obs.get("bosses", [])]
        k = keys.index(decision["boss"]) if decision.get("boss") in keys else -1
        if k < 0 or pos.bosses[k].card < 0 or c.bean[pos.bosses[k].card] != top:
            return Pass() if Pass() in allowed else None
        b = pos.bosses[k]
        given: list[int] = []
        for x in reversed(fld):
            if c.bean[x] != top:
                break
            given.append(x)
            if c.table.pays_for(b.card, b.n + len(given)) >= b.threshold:
                coins = c.pays(b.card, b.n + len(given))
                mafia = coins - 1 - c.value(b.card, b.n)
                rest = len(fld) - len(given)
                lost = c.value(fld[-1], len(fld)) - (c.value(fld[rest - 1], rest) if rest else 0.0)
                if 1.0 - lost - mafia >= PROTECT_MIN:
                    return Protect(f)
                break
        return Pass() if Pass() in allowed else None

    # -- planting (phase 3) ------------------------------------------------------------------

    def plant_gain(self, pos: ProhibohnPosition, f: Field, card: int) -> float:
        """The value change of planting ``card`` on ``f`` (of its type, empty,
        or of another type where a Nightbar allows it)."""
        c = pos.cards
        b = c.bean[card]
        if f.bean == b:
            gain = c.value(f.card, f.n + 1) - c.value(f.card, f.n) + 1.0
        elif f.bean is None:
            gain = (c.value(card, 1) + c.pays(card, 1)) / 2 + UPCOMING_BONUS * pos.upcoming(b)
            empties = sum(1 for g in pos.fields if g.bean is None)
            gain -= EMPTY_FIELD_COST if empties <= 1 else EMPTY_FIELD_COST / 2
        else:
            gain = c.value(card, f.n + 1) - c.value(f.card, f.n)
            gain -= UPCOMING_BONUS * pos.upcoming(f.bean)
        if b in pos.mafia_types:
            gain -= 0.6  # a boss takes the top card in my next phase 2
        return gain

    def plant_cards(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """Phase 3: the best planting among the cards I may take (the front
        card, or any with a Varieté); further cards (the second, or any number
        with casino-4) only where they grow a field; ``casino-3`` drops a
        card that would force a harvest or feed a boss."""
        assert isinstance(pos, ProhibohnPosition)
        hand = pos.hand
        if not hand:
            return Pass() if Pass() in allowed else None
        planted = int(pos.obs.get("planted", 0))
        best: tuple[float, Plant] | None = None
        for a in legal:
            if isinstance(a, Plant) and a.traded is None and a.field < len(pos.fields):
                i = a.card or 0
                if i >= len(hand):
                    continue
                g = self.plant_gain(pos, pos.fields[a.field], hand[i])
                if i == 0:
                    g += 0.05  # the hand moves on
                if best is None or g > best[0]:
                    best = (g, a)
        drop = self.drop_choice(pos, legal, planted)
        if planted == 0:
            if drop is not None and (best is None or best[0] < 0.0):
                return drop
            if best is not None and (best[0] > -0.5 or not self.harvest_better(pos, legal)):
                return best[1]
            return self.make_room(pos, legal, allowed, hand[:1]) or (
                best[1] if best is not None else None
            )
        if best is not None:
            g, plant = best
            f = pos.fields[plant.field]
            card = hand[plant.card or 0]
            if f.bean == pos.cards.bean[card] and g > 0.5:
                return plant
            if f.bean is None and (plant.card or 0) == 0 and self.second_on_empty(pos):
                return plant
            if f.bean is None and g > 1.0:
                return plant
        if drop is not None:
            return drop
        return Pass() if Pass() in allowed else None

    @staticmethod
    def harvest_better(pos: ProhibohnPosition, legal: list[Action]) -> bool:
        """Whether a harvest that frees a field loses less than a bad planting."""
        harvests = [a for a in legal if isinstance(a, Harvest) and a.field < len(pos.fields)]
        return any(pos.harvest_loss(pos.fields[a.field], pos.hand[:1]) < 0.5 for a in harvests)

    @staticmethod
    def drop_choice(pos: ProhibohnPosition, legal: list[Action], planted: int) -> Action | None:
        """casino-3: the front card goes on the discard pile before planting when
        it fits nowhere (it would force a harvest) and the next card fits. Later
        drops are left alone: a card on the discard pile's top stops question 2
        of phase 4 from adding to the piles (measured: they cost coins)."""
        hand = pos.hand
        if planted or len(hand) < 2 or Drop(0) not in legal:
            return None
        if not pos.fits_somewhere(hand[0]) and pos.fits_somewhere(hand[1]):
            return Drop(0)
        return None

    # -- the end ---------------------------------------------------------------------------------

    def final_buying(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The end: when the game ends after this buying, harvest every field
        (it is sold anyway) and buy what raises my total. When it would go on
        with a fourth deck (fewer than 10 establishment cards) but I lead and
        can buy enough cards to end it, harvest and buy them (:meth:`closing`);
        otherwise buy only what raises my total. Then pass."""
        assert isinstance(pos, ProhibohnPosition)
        owned = self.establishments_owned(pos)
        ends = bool(pos.obs.get("extended")) or owned >= PB_TO_END
        close = not ends and self.closing(pos, owned)
        if ends or close:
            for a in legal:
                if isinstance(a, Harvest):
                    return a
        build = self.building_choice(pos, legal, final=True, neutral=close)
        if build is not None:
            return build
        return Pass() if Pass() in allowed else None

    @staticmethod
    def establishments_owned(pos: ProhibohnPosition) -> int:
        """Establishment cards both players own (Police Stations and the Razzia aside)."""
        return sum(
            1
            for p in pos.obs["seats"]
            for k in p.get("establishments", [])
            if not k.startswith(("police-station", "razzia"))
        )

    def closing(self, pos: ProhibohnPosition, owned: int) -> bool:
        """Whether to end the game now rather than play a fourth deck: I lead
        the opponent and the mafia (fields and boss fields counted as sold),
        and my coins, with my fields harvested, buy the establishment cards
        still missing to :data:`PB_TO_END`."""
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS as E

        seats = pos.obs["seats"]
        c = pos.cards

        def total(s: int) -> int:
            p = seats[s]
            tally = p.get("tally") or {}
            return int(tally.get("total", 0)) + sum(int(x) for x in p.get("field_pays", []))

        mafia = int(pos.obs.get("treasury", 0))
        mafia += sum(c.pays(b.card, b.n) for b in pos.bosses if b.card >= 0)
        mine = total(pos.seat)
        if mine <= mafia + 2 or mine <= total(1 - pos.seat):
            return False
        coins = Counter(pos.coin_types)
        for i in range(len(pos.fields)):
            coins.update(pos.harvest_coins(i))
        can = 0
        prices: dict[int, list[int]] = {}
        for k in pos.supply:
            e = E.index.get(k)
            if e is not None and E.is_establishment(e):
                prices.setdefault(E.bean[e], []).append(E.price[e])
        for t, ps in prices.items():
            left = coins[t]
            for p in sorted(ps):
                if p > left:
                    break
                left -= p
                can += 1
        return owned + can >= PB_TO_END


GREEDY = ProhibohnGreedyBot
#: as in Al Cabohne: the lead over the strongest rival, the mafia counted as one
SEARCH: Final = Search(rival="max", quick=quick_play)
