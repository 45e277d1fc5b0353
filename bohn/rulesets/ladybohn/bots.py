"""The bots' part of Ladybohn (``rules/ladybohn.md``): the ``greedy`` heuristics
(men, ladies and babies: fields priced by their top card, the lady pull,
foisted babies and offers that hide a card's gender) and the ``ismcts`` settings.

:data:`GREEDY` is :class:`LadybohnGreedyBot` (what the part holds: :mod:`bohn.bots.greedy`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import Final

from bohn.bots.greedy import EMPTY_FIELD_COST
from bohn.bots.greedy import FORCED_HARVEST_COST
from bohn.bots.greedy import GROWTH
from bohn.bots.greedy import UPCOMING
from bohn.bots.greedy import UPCOMING_BONUS
from bohn.bots.greedy import Cards
from bohn.bots.greedy import Field
from bohn.bots.greedy import GreedyBot
from bohn.bots.greedy import GuardedGreedyBot
from bohn.bots.greedy import Position
from bohn.bots.greedy import by_name
from bohn.bots.search import Search
from bohn.engine.actions import Accept
from bohn.engine.actions import Action
from bohn.engine.actions import BuyField
from bohn.engine.actions import Harvest
from bohn.engine.actions import Keep
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.cards import CardTable
from bohn.rulesets.ladybohn.rules import PULL_STEPS
from bohn.rulesets.ladybohn.rules import move_up

#: gender codes of :class:`LadyCards` (the ``gender`` attribute of the card table)
MAN, LADY, BABY = 0, 1, 2
_GENDER_CODES = {"man": MAN, "lady": LADY, "baby": BABY}
#: the order in which cards of one type are planted (babies first, ladies last: on top)
PLANT_ORDER = {BABY: 0, MAN: 1, LADY: 2}
#: a tie-break between plantings of equal value: per position of the highest lady
LADY_HEIGHT = 1e-3


class LadyCards(Cards):
    """The card lookups of a Ladybohn table: each card's gender, and the man,
    lady and baby card of each bean type."""

    #: a table's lookups of this class, not the plain ones
    _cache: ClassVar[dict[int, Cards]] = {}

    def __init__(self, table: CardTable) -> None:
        super().__init__(table)
        self.gender = tuple(
            _GENDER_CODES.get(str(a.get("gender", "man")), MAN) for a in table.attrs
        )
        types = len(table.bean_keys)
        kinds: list[list[int]] = [[-1, -1, -1] for _ in range(types)]
        counts: list[list[int]] = [[0, 0, 0] for _ in range(types)]
        for card, b in enumerate(table.bean):
            g = self.gender[card]
            if kinds[b][g] < 0:
                kinds[b][g] = card
            counts[b][g] += table.counts[card]
        #: per bean type: its (man, lady, baby) card (-1: none)
        self.kinds = tuple(tuple(k) for k in kinds)
        #: per bean type: how many (men, ladies, babies) the game has
        self.counts = tuple(tuple(c) for c in counts)
        #: the card that stands for a card of a type whose gender is hidden
        self.man = tuple(k[MAN] if k[MAN] >= 0 else max(k) for k in kinds)
        #: the type whose harvest takes its coins from the discard pile, so it
        #: pays its full beanometer even beyond its card count (ladybohn §4.1.4)
        self.garten = table.bean_index.get("garten", -1)

    def pays(self, card: int, n: int) -> int:
        if self.bean[card] == self.garten:
            return self.table.pays_for(card, n)
        return min(n, self.table.pays_for(card, n))

    @classmethod
    def of_lady(cls, table: CardTable) -> LadyCards:
        c = cls.of(table)
        assert isinstance(c, LadyCards)
        return c


class LadyField(Field):
    """A Ladybohn field: ``card`` is its top card (it prices the field),
    ``stack`` all its cards, bottom first."""

    __slots__ = ("stack",)

    def __init__(self, bean: int | None, card: int, n: int, stack: tuple[int, ...]) -> None:
        super().__init__(bean, card, n)
        self.stack = stack

    def copy(self) -> LadyField:
        return LadyField(self.bean, self.card, self.n, self.stack)


_EMPTY_LADY_FIELD = LadyField(None, -1, 0, ())


class LadyPosition(Position):
    """A Ladybohn position: a field is worth the beanometer of its top card
    (interpolated), a baby on top only what it is likely to be worth once a
    card of its type covers it; planting simulates the lady pull and picks
    the best lady to pull."""

    fields: list[LadyField]  # type: ignore[assignment]
    #: the ruleset's card table (the same object as `cards`, with its own type)
    variant_cards: LadyCards

    #: how far a planted baby pulls a lady up (ladybohn §4.2)
    PULL: ClassVar[int] = PULL_STEPS
    #: how likely a baby on top is covered by a card of its type before the
    #: field is harvested: with such a card among my next hand cards, without one
    BABY_COVER_SOON: ClassVar[float] = 0.9
    BABY_COVER: ClassVar[float] = 0.55
    #: the same late in the game (the final harvest pays a baby on top nothing)
    BABY_COVER_LATE: ClassVar[float] = 0.25
    #: what a lady right under the top card is worth (a baby would pull her up)
    LADY_RESERVE: ClassVar[float] = 0.15

    def __init__(self, obs: dict[str, Any], seat: int, cards: Cards) -> None:
        lc = cards if isinstance(cards, LadyCards) else LadyCards.of_lady(cards.table)
        super().__init__(obs, seat, lc)
        self.variant_cards = lc
        final = int(obs.get("final_exhaustion", 3))
        self.late = bool(obs.get("last_turn")) or (
            int(obs.get("exhaustions", 0)) >= final - 1 and int(obs.get("deck_size", 99)) < 20
        )
        self._unseen: list[list[int]] | None = None
        self._upcoming: dict[int | None, int] = {}
        self._placed: dict[tuple[int, ...], float] = {}

    def field_of(self, keys: list[str]) -> LadyField:
        if not keys:
            return _EMPTY_LADY_FIELD
        index = self.cards.index
        stack = tuple(index[k] for k in keys)
        return LadyField(self.cards.bean[stack[-1]], stack[-1], len(stack), stack)

    def upcoming(self, bean: int | None) -> int:
        n = self._upcoming.get(bean)
        if n is None:
            n = self._upcoming[bean] = super().upcoming(bean)
        return n

    # -- one field -----------------------------------------------------------------

    def coming(self, bean: int) -> int:
        """My next hand cards of type ``bean`` that would cover a baby."""
        c = self.variant_cards
        return sum(1 for x in self.hand[:UPCOMING] if c.bean[x] == bean and c.gender[x] != BABY)

    def worth(self, f: Field) -> float:
        """What field ``f`` is worth: its top card's beanometer, interpolated;
        a baby on top the man's, discounted by the chance that it is still on
        top when the field is harvested."""
        if f.bean is None:
            return 0.0
        c = self.variant_cards
        top = f.card
        g = c.gender[top]
        if g == BABY:
            if self.late:
                cover = self.BABY_COVER_LATE
            else:
                cover = self.BABY_COVER_SOON if self.coming(f.bean) else self.BABY_COVER
            return cover * c.value(c.man[f.bean], f.n)
        v = c.value(top, f.n)
        if g != LADY and isinstance(f, LadyField) and f.n >= 2:
            under = f.stack[-2]
            if c.gender[under] == LADY and c.bean[under] == f.bean:
                v += self.LADY_RESERVE
        return v

    def pays_now(self, f: Field) -> int:
        return self.cards.pays(f.card, f.n) if f.bean is not None else 0

    def pull_outcomes(self, f: LadyField, card: int) -> list[tuple[int, LadyField]]:
        """Every way ``card`` can go on top of ``f`` (same type or empty): the
        lady pulled (-1: none) and the field after it."""
        c = self.variant_cards
        stack = [*f.stack, card]
        b = c.bean[card]
        out: list[tuple[int, LadyField]] = []
        if c.gender[card] == BABY:
            for i, x in enumerate(f.stack):
                if c.gender[x] == LADY and c.bean[x] == b:
                    trial = stack[:]
                    move_up(trial, i, self.PULL)
                    out.append((i, LadyField(b, trial[-1], len(trial), tuple(trial))))
        if not out:
            out.append((-1, LadyField(b, card, len(stack), tuple(stack))))
        return out

    def best_after(self, f: LadyField, card: int) -> tuple[float, int, LadyField]:
        """The best planting of ``card`` on ``f``: its worth, the lady pulled
        (-1: none) and the field after it. Between outcomes of equal worth the
        one whose highest lady stands higher wins (the next baby pulls her)."""
        best: tuple[float, int, int, LadyField] | None = None
        gender = self.variant_cards.gender
        for i, new in self.pull_outcomes(f, card):
            w = self.worth(new)
            if i >= 0 and (best is None or w >= best[0] - 1e-9):
                height = max(j for j, x in enumerate(new.stack) if gender[x] == LADY)
            else:
                height = -1
            if best is None or w > best[0] + 1e-9 or (w > best[0] - 1e-9 and height > best[1]):
                best = (w, height, i, new)
        assert best is not None
        return best[0], best[2], best[3]

    def after_mode(self, f: LadyField, card: int, mode: str | None) -> LadyField:
        """The field once ``card`` is planted on ``f`` with the planting ``mode``
        (``pull<i>``; None: the one pull there is, or the best)."""
        if mode is not None and mode.startswith("pull") and mode[4:].isdigit():
            i = int(mode[4:])
            for j, new in self.pull_outcomes(f, card):
                if j == i:
                    return new
        return self.best_after(f, card)[2]

    def gain(self, f: LadyField, card: int, mode: str | None = None) -> float:
        """The value change of planting ``card`` on ``f`` (its type or empty)."""
        new = self.after_mode(f, card, mode)
        value = self.worth(new) - self.worth(f)
        if f.bean is None:
            value += UPCOMING_BONUS * self.upcoming(self.cards.bean[card]) - EMPTY_FIELD_COST
        return value

    def plant_value(self, f: LadyField, card: int, mode: str | None = None) -> float:
        """:meth:`gain`, and between plantings of equal gain the one whose
        highest lady stands higher (the next baby pulls her up)."""
        new = self.after_mode(f, card, mode)
        gender = self.variant_cards.gender
        height = max((j for j, x in enumerate(new.stack) if gender[x] == LADY), default=-1)
        return self.gain(f, card, mode) + LADY_HEIGHT * (height + 1)

    def harvest_loss(self, f: Field, extra: Sequence[int] = ()) -> float:
        """Harvesting ``f`` gives up its worth beyond what it pays now, its
        growth, and what the cards of its type on their way would add."""
        if f.bean is None:
            return 0.0
        c = self.variant_cards
        loss = self.worth(f) - self.pays_now(f)
        meter = f.card if c.gender[f.card] != BABY else c.man[f.bean]
        if f.n < c.full[meter]:
            loss += GROWTH
            coming = self.upcoming(f.bean) + sum(1 for x in extra if c.bean[x] == f.bean)
            if coming:
                loss += c.value(meter, f.n + coming) - c.value(meter, f.n)
                loss += UPCOMING_BONUS * coming
        return loss

    def best_harvest(self, fields: Sequence[Field], extra: Sequence[int] = ()) -> int | None:
        best: tuple[float, float] | None = None
        pick = None
        for i, f in enumerate(fields):
            if f.bean is None:
                continue
            key = (self.harvest_loss(f, extra), -self.pays_now(f))
            if best is None or key < best:
                best, pick = key, i
        return pick

    # -- placing cards ---------------------------------------------------------------

    def ordered(self, cards: Sequence[int]) -> list[int]:
        """Cards in the order they are best planted: babies first, ladies last."""
        g = self.variant_cards.gender
        return sorted(cards, key=lambda x: PLANT_ORDER[g[x]])

    def placement(self, cards: Sequence[int], fields: Sequence[Field] | None = None) -> float:
        """The value change of planting ``cards`` (all of them, babies first) on
        my fields, with the lady pulls; a type without a field takes an empty
        one or the field whose harvest loses least."""
        if fields is None:
            key = tuple(cards)
            v = self._placed.get(key)
            if v is None:
                v = self._placed[key] = self.place_on(cards, self.fields)
            return v
        return self.place_on(cards, fields)

    def place_on(self, cards: Sequence[int], src: Sequence[Field]) -> float:
        c = self.variant_cards
        fl: list[LadyField] = [f if isinstance(f, LadyField) else _EMPTY_LADY_FIELD for f in src]
        groups: dict[int, list[int]] = {}
        for card in cards:
            groups.setdefault(c.bean[card], []).append(card)
        total = 0.0
        rest: list[list[int]] = []
        for b, group in groups.items():
            target = None
            for i, f in enumerate(fl):
                if f.bean == b and (target is None or f.n > fl[target].n):
                    target = i
            if target is None:
                rest.append(group)
                continue
            f = fl[target]
            before = self.worth(f)
            for card in self.ordered(group):
                f = self.best_after(f, card)[2]
            total += self.worth(f) - before
            fl[target] = f
        rest.sort(key=lambda g: (-len(g), g[0]))
        for group in rest:
            new: LadyField = _EMPTY_LADY_FIELD
            for card in self.ordered(group):
                new = self.best_after(new, card)[2]
            value = self.worth(new) + UPCOMING_BONUS * self.upcoming(c.bean[group[0]])
            spot = self.new_field_spot(fl, cards)
            if spot is None:  # pragma: no cover - a position has fields
                continue
            if fl[spot].bean is None:
                total += value - EMPTY_FIELD_COST
            else:  # harvested first
                total += value - self.harvest_loss(fl[spot], cards) - FORCED_HARVEST_COST
            fl[spot] = new
        return total

    def hand_card_value(self, i: int) -> float:
        """As in Bohnanza (a type I am about to plant counts as grown), but a
        lady is worth more, most of all of a type I grow, and a baby is a card
        better given away."""
        c = self.variant_cards
        card = self.hand[i]
        b = c.bean[card]
        grown = self.grown
        if b not in grown and any(c.bean[x] == b for x in self.to_plant()):
            self.grown = grown | {b}
        v = super().hand_card_value(i)
        self.grown = grown
        g = c.gender[card]
        weight = 1.0 if i < 2 else 0.7 if i < 5 else 0.4
        if g == LADY:
            v += (0.4 if b in grown else 0.2) * weight
        elif g == BABY:
            v = min(v, -0.5 * weight)
        return v

    # -- hidden genders (ladybohn §3.3) -----------------------------------------------

    def unseen(self, bean: int) -> list[int]:
        """How many (men, ladies, babies) of ``bean`` I have not seen: the
        game's cards less every field, the discard pile, the revealed cards,
        the trading areas, my hand and my coins."""
        if self._unseen is None:
            c = self.variant_cards
            left = [list(x) for x in c.counts]
            seen: list[str] = list(self.obs.get("discard", [])) + list(self.obs.get("revealed", []))
            for p in self.obs["seats"]:
                for fld in p.get("fields", []):
                    seen += fld
                seen += p.get("trading_area", [])
            me = self.obs["seats"][self.seat]
            seen += me.get("hand", []) + me.get("coin_cards", [])
            for k in seen:
                x = c.index.get(k)
                if x is not None:
                    left[c.bean[x]][c.gender[x]] -= 1
            self._unseen = left
        return [max(0, n) for n in self._unseen[bean]]

    def shares(self, bean: int) -> tuple[float, float, float]:
        """The chance that a hidden card of ``bean`` is a man, a lady, a baby."""
        u = self.unseen(bean)
        total = sum(u)
        if total <= 0:
            return (1.0, 0.0, 0.0)
        return (u[MAN] / total, u[LADY] / total, u[BABY] / total)

    def expected_deal(
        self, receive: Sequence[int], hidden: Sequence[bool], give: Sequence[str]
    ) -> float:
        """:meth:`deal_value` when the cards flagged ``hidden`` show only their
        type: each may be a man, a lady or a baby of it (one at a time)."""
        c = self.variant_cards
        base = list(receive)
        plain = value = self.deal_value(base, give)
        for j, h in enumerate(hidden):
            if not h:
                continue
            b = c.bean[base[j]]
            _, p_lady, p_baby = self.shares(b)
            for g, p in ((LADY, p_lady), (BABY, p_baby)):
                card = c.kinds[b][g]
                if p <= 0 or card < 0:
                    continue
                trial = base[:]
                trial[j] = card
                value += p * (self.deal_value(trial, give) - plain)
        return value


class LadybohnGreedyBot(GuardedGreedyBot):
    """``greedy`` in Ladybohn games (rules/ladybohn.md).

    * **Fields by their top card** (:class:`LadyPosition`): a field is worth
      its top card's beanometer, so a lady on top is worth more than a man
      and a baby on top only what it will likely be worth once covered.
    * **The lady pull**: every planting of a baby is simulated with each
      ``pull<i>`` the legal actions list and the best outcome (a lady on
      top, else the highest lady) is chosen.
    * **Babies**: a field worth more now than with a baby on top is
      harvested before the baby is planted on it; received cards are planted
      babies first, ladies last (so a lady ends on top); a baby is never
      started as an optional second card, and never kept from the revealed
      cards — it is given away where possible.
    * **Deals**: a card offered from another seat's hand shows only its type
      (§3.3); the bot weighs every gender by the cards of that type it has
      not seen, so a deal that would foist a baby onto a valuable field
      (§4.3) is accepted only when it is worth that risk.
    * **Foisted babies** (``foist`` phase): the field and lady pull that
      leave most.
    * **Harvests**: a field is harvested when its top card pays its last
      step and no card of its type is coming; never with a baby on top
      unless forced.
    * **Third field**: bought early while ``third_fields_left`` > 0.

    Measured over 60 seat-swapped games per player count (3 / 4 / 5 players):
    among random bots it wins 60 / 60 / 60 (28.2 / 21.7 / 18.3 coins to
    random's 7.1 / 5.3 / 4.0; seeds 5000-5059); an all-greedy table scores
    22.5 / 16.0 / 11.9 coins a seat where the Bohnanza :class:`GreedyBot`
    scores 18.4 / 13.1 / 9.9 (seeds 7000-7059); one of it among Bohnanza
    greedies wins 46 / 34 / 39 of 60 with 23.7 / 17.2 / 13.7 coins to their
    17.4 / 12.9 / 9.1 (seeds 9000-9059). Any error in these heuristics falls
    back to :meth:`generic` (counted in :attr:`fallbacks`), so the bot never
    stops a game.
    """

    position_class: ClassVar[type[Position]] = LadyPosition
    PHASES: ClassVar[dict[str, str]] = {**GreedyBot.PHASES, **by_name("foist")}
    #: the smallest gain for which the optional second card is planted
    SECOND_MIN: ClassVar[float] = -0.05
    #: how much more than planting a harvest-then-plant must leave to be chosen
    HARVEST_FIRST_MARGIN: ClassVar[float] = 0.1

    def cards_for(self, obs: dict[str, Any]) -> Cards | None:
        cards = super().cards_for(obs)
        return None if cards is None else LadyCards.of_lady(cards.table)

    # -- any time --------------------------------------------------------------------

    def voluntary(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Harvest a field whose top card pays its last step (never a baby on
        top); buy a third field early while one is left."""
        assert isinstance(pos, LadyPosition)
        if str(pos.obs.get("phase")) == "foist":
            return None
        c = pos.variant_cards
        for a in legal:
            if isinstance(a, Harvest) and a.field < len(pos.fields):
                f = pos.fields[a.field]
                if f.bean is None or c.gender[f.card] == BABY:
                    continue
                if f.n >= c.full[f.card] and not pos.upcoming(f.bean):
                    return a
        if self.buy and self.buy_now(pos) and BuyField() in allowed:
            return BuyField()
        return None

    def buy_now(self, pos: Position) -> bool:
        return int(pos.obs.get("third_fields_left", 0)) > 0 and super().buy_now(pos)

    def buy_when_forced(self, pos: Position, extra: Sequence[int]) -> bool:
        return int(pos.obs.get("third_fields_left", 0)) > 0 and super().buy_when_forced(pos, extra)

    # -- planting ---------------------------------------------------------------------

    def plant_score(self, pos: LadyPosition, a: Plant, card: int) -> float:
        return pos.plant_value(pos.fields[a.field], card, a.mode)

    def harvest_first(
        self, pos: LadyPosition, card: int, allowed: set[Action], plant_value: float
    ) -> Action | None:
        """Harvest the field of ``card``'s type before ``card`` goes on it, when
        its coins now and ``card`` on the emptied field leave more."""
        c = pos.variant_cards
        b = c.bean[card]
        for i, f in enumerate(pos.fields):
            if f.bean != b or Harvest(i) not in allowed:
                continue
            new = pos.best_after(_EMPTY_LADY_FIELD, card)[2]
            value = pos.pays_now(f) - pos.worth(f) + pos.worth(new)
            if value > plant_value + self.HARVEST_FIRST_MARGIN:
                return Harvest(i)
        return None

    def plant_from_hand(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The front card where it leaves most (the best lady pull); its type's
        field harvested first when a baby would leave it worth less; the
        second card only where it does not lose value."""
        assert isinstance(pos, LadyPosition)
        if not pos.hand:
            return Pass() if Pass() in allowed else None
        card = pos.hand[0]
        c = pos.variant_cards
        plants = [a for a in legal if isinstance(a, Plant) and a.traded is None and not a.card]
        first = int(pos.obs.get("planted", 0)) == 0
        if not plants:
            if first:
                return self.make_room(pos, legal, allowed, pos.hand[:1])
            return Pass() if Pass() in allowed else None
        scored = [(self.plant_score(pos, a, card), a) for a in plants]
        same = [(v, a) for v, a in scored if pos.fields[a.field].bean == c.bean[card]]
        best = max(same or scored, key=lambda va: va[0])
        if first:
            if same and c.gender[card] == BABY:
                h = self.harvest_first(pos, card, allowed, best[0])
                if h is not None:
                    return h
            return best[1]
        if same:
            return best[1] if best[0] >= self.SECOND_MIN else Pass() if Pass() in allowed else None
        if c.gender[card] != BABY and self.second_on_empty(pos):
            return best[1]
        return Pass() if Pass() in allowed else None

    def plant_traded(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """Received and kept cards: on their type's field, babies first and
        ladies last, with the best lady pull; a type without a field on an
        empty one (the type with most cards first); a lone baby's field
        harvested first when that leaves more; harvest when forced."""
        assert isinstance(pos, LadyPosition)
        if not pos.trade:
            return None
        c = pos.variant_cards
        best: tuple[float, Action] | None = None
        for a in legal:
            if not isinstance(a, Plant) or a.traded is None or a.traded >= len(pos.trade):
                continue
            card = pos.trade[a.traded]
            b = c.bean[card]
            f = pos.fields[a.field]
            g = pos.plant_value(f, card, a.mode)
            if f.bean == b:
                score = 1000.0 - 10.0 * PLANT_ORDER[c.gender[card]] + g
            else:
                same = sum(1 for x in pos.trade if c.bean[x] == b)
                score = 100.0 * same + pos.upcoming(b) - PLANT_ORDER[c.gender[card]] + g
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None:
            a = best[1]
            assert isinstance(a, Plant) and a.traded is not None
            card = pos.trade[a.traded]
            b = c.bean[card]
            cover = any(c.bean[x] == b and c.gender[x] != BABY for x in pos.trade)
            if c.gender[card] == BABY and not cover and pos.fields[a.field].bean == b:
                h = self.harvest_first(pos, card, allowed, pos.gain(pos.fields[a.field], card))
                if h is not None:
                    return h
            return a
        return self.make_room(pos, legal, allowed, pos.trade)

    def foist(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """§4.3: the received baby goes where (and with the lady pull that) it leaves most."""
        assert isinstance(pos, LadyPosition)
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Plant) and a.traded is not None and a.traded < len(pos.trade):
                g = pos.plant_value(pos.fields[a.field], pos.trade[a.traded], a.mode)
                if best is None or g > best[0]:
                    best = (g, a)
        return None if best is None else best[1]

    # -- trading ---------------------------------------------------------------------

    def offered(self, pos: LadyPosition, offer_id: int) -> tuple[list[int], list[bool]]:
        """The cards of an offer to me and which of them show only their type
        (hand cards, §3.3): a bare type key from the active player is taken
        for a revealed man when one lies open."""
        c = pos.variant_cards
        for o in pos.obs.get("offers", []):
            if o.get("id") != offer_id:
                continue
            open_men = Counter(pos.revealed) if o.get("from") == pos.obs.get("active") else None
            cards: list[int] = []
            hidden: list[bool] = []
            for k in o.get("give", []):
                card = c.index[k]
                known = c.gender[card] != MAN or k not in c.bean_index
                if not known and open_men is not None and open_men[card] > 0:
                    open_men[card] -= 1
                    known = True
                cards.append(card)
                hidden.append(not known)
            return cards, hidden
        return [], []

    def accept_value(self, pos: Position, a: Accept) -> float:
        """An acceptance's expected value over the hidden genders."""
        assert isinstance(pos, LadyPosition)
        cards, hidden = self.offered(pos, a.offer)
        return pos.expected_deal(cards, hidden, a.give)

    def proposal_value(self, pos: Position, p: Propose, others: dict[int, Position]) -> float:
        """My expected gain if ``p`` were accepted: a type I ask for may come as
        any gender (the giver chooses among the revealed ones: the worst for
        me); the other seat judges my hand cards by their type only."""
        assert isinstance(pos, LadyPosition)
        c = pos.variant_cards
        if any(k not in c.bean_index for k in p.want):
            return -1.0
        want: list[int] = []
        hidden: list[bool] = []
        open_cards = list(pos.revealed) if not pos.active else []
        for k in p.want:
            b = c.bean_index[k]
            mine = [x for x in open_cards if c.bean[x] == b]
            if mine:
                worst = min(mine, key=lambda x: pos.placement([x]))
                open_cards.remove(worst)
                want.append(worst)
                hidden.append(False)
            else:
                want.append(c.man[b])
                hidden.append(True)
        value = pos.expected_deal(want, hidden, p.give)
        if value < self.PROPOSE_MIN:
            return value
        given = [
            c.man[c.bean[x]] if r[0] == "h" else x
            for r in p.give
            for x in (pos.zone_card(r),)
            if x is not None
        ]
        other = others.get(p.to)
        if other is None:
            other = others[p.to] = self.position_class(pos.obs, p.to, c)
        theirs = self.acceptance(other, given, [c.man[c.bean_index[k]] for k in p.want])
        return value + 0.25 * min(theirs, 2.0) if theirs >= 0 else value * 0.2

    def keep_choice(self, pos: Position, allowed: set[Action]) -> Action | None:
        """Keep a revealed card that gains on my field of its type (never a baby)."""
        assert isinstance(pos, LadyPosition)
        c = pos.variant_cards
        for i, card in enumerate(pos.revealed):
            if c.gender[card] == BABY or Keep(i) not in allowed:
                continue
            for f in pos.fields:
                if f.bean == c.bean[card] and pos.gain(f, card) > 0:
                    return Keep(i)
        return None


GREEDY = LadybohnGreedyBot
SEARCH: Final = Search()
