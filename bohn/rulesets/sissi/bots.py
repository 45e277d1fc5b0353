"""The bots' part of Sissi! Die Bohnenkaiserin (``rules/sissi.md``): the ``greedy`` heuristics
(Sissi and Captain beans, the pairs they make and the phase-5 harvest) and the ``ismcts`` settings.

:data:`GREEDY` is :class:`SissiGreedyBot` (what the part holds: :mod:`bohn.bots.greedy`).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import Final

from bohn.bots.greedy import EMPTY_FIELD_COST
from bohn.bots.greedy import FORCED_HARVEST_COST
from bohn.bots.greedy import GROWTH
from bohn.bots.greedy import Cards
from bohn.bots.greedy import Field
from bohn.bots.greedy import GreedyBot
from bohn.bots.greedy import Position
from bohn.bots.greedy import by_name
from bohn.bots.search import Search
from bohn.engine.actions import Action
from bohn.engine.actions import Harvest
from bohn.engine.actions import Keep
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant

#: what a Sissi-on-Sissi or Captain-on-Captain pair costs beyond the forced
#: phase-5 harvest it causes (the field's growth is lost)
PAIR_COST = 0.6


class SissiField(Field):
    """A Sissi field: its top card prices it (``card``), ``captain`` is a card
    of its Captain variety (-1: none yet), ``pair`` whether phase 5 will
    harvest it (a same-kind pair lies in it)."""

    __slots__ = ("captain", "pair")

    def __init__(self, bean: int | None, card: int, n: int, captain: int, pair: bool) -> None:
        super().__init__(bean, card, n)
        self.captain = captain
        self.pair = pair

    def copy(self) -> SissiField:
        return SissiField(self.bean, self.card, self.n, self.captain, self.pair)


class SissiPosition(Position):
    """The evaluation of a Sissi position: Captains and Sissis should
    alternate, a field is best harvested with a Captain on top, and a same-kind
    pair means a harvest in phase 5 at the field's current value."""

    fields: list[SissiField]  # type: ignore[assignment]

    def __init__(self, obs: dict[str, Any], seat: int, cards: Cards) -> None:
        self.sissi = tuple(a.get("kind") == "sissi" for a in cards.table.attrs)
        super().__init__(obs, seat, cards)

    def field_of(self, keys: list[str]) -> SissiField:
        if not keys:
            return SissiField(None, -1, 0, -1, False)
        index, sissi = self.cards.index, self.sissi
        cards = [index[k] for k in keys]
        captain = next((c for c in reversed(cards) if not sissi[c]), -1)
        pair = any(sissi[a] == sissi[b] for a, b in itertools.pairwise(cards))
        return SissiField(self.cards.bean[cards[-1]], cards[-1], len(cards), captain, pair)

    # -- one field ------------------------------------------------------------

    def fits(self, f: SissiField, card: int) -> bool:
        """§3.1: an empty field, a Sissi, or a Captain of the field's variety."""
        if f.bean is None or self.sissi[card] or f.captain < 0:
            return True
        return self.cards.bean[f.captain] == self.cards.bean[card]

    def worth(self, f: SissiField) -> float:
        """What a field is worth: partly what it pays now (by its top card),
        partly its progress on the beanometer it can end with (its Captain's)."""
        if f.bean is None:
            return 0.0
        c = self.cards
        now = c.pays(f.card, f.n)
        if f.pair:
            return float(now)
        best = f.captain if f.captain >= 0 else f.card
        return 0.4 * now + 0.6 * c.value(best, f.n)

    def after(self, f: SissiField, card: int) -> SissiField:
        """The field once ``card`` is planted on it."""
        sissi = self.sissi
        same = f.bean is not None and sissi[card] == sissi[f.card]
        captain = f.captain if sissi[card] else card
        return SissiField(self.cards.bean[card], card, f.n + 1, captain, f.pair or same)

    def gain(self, f: SissiField, card: int) -> float:
        """The value change of planting ``card`` on ``f`` (which it must fit)."""
        new = self.after(f, card)
        value = self.worth(new) - self.worth(f)
        if new.pair and not f.pair:
            value -= PAIR_COST
        if f.bean is None:
            value += 0.3 - EMPTY_FIELD_COST
        return value

    def harvest_loss(self, f: Field, extra: Sequence[int] = ()) -> float:
        if f.bean is None or not isinstance(f, SissiField):
            return 0.0
        loss = self.worth(f) - self.cards.pays(f.card, f.n)
        if not f.pair and self.sissi[f.card]:
            loss += GROWTH  # a Sissi on top: a Captain would still raise the price
        return loss

    # -- placing cards ----------------------------------------------------------

    def best_spot(self, fields: Sequence[SissiField], card: int) -> tuple[float, int | None]:
        """The best gain of planting ``card`` and the field (None: it fits nowhere)."""
        best: tuple[float, int | None] = (0.0, None)
        for i, f in enumerate(fields):
            if self.fits(f, card):
                g = self.gain(f, card)
                if best[1] is None or g > best[0]:
                    best = (g, i)
        return best

    def placement(self, cards: Sequence[int], fields: Sequence[Field] | None = None) -> float:
        src = self.fields if fields is None else fields
        fs = [f.copy() for f in src if isinstance(f, SissiField)]
        rest = list(cards)
        total = 0.0
        while rest:
            pick: tuple[float, int, int] | None = None
            for j, card in enumerate(rest):
                g, i = self.best_spot(fs, card)
                if i is not None and (pick is None or g > pick[0]):
                    pick = (g, j, i)
            if pick is None:  # nothing fits: harvest the cheapest field first
                k = self.best_harvest(fs)
                if k is None:  # pragma: no cover - a field that is not empty always exists
                    break
                total -= self.harvest_loss(fs[k]) + FORCED_HARVEST_COST
                fs[k] = SissiField(None, -1, 0, -1, False)
                continue
            gain, which, spot = pick
            total += gain
            fs[spot] = self.after(fs[spot], rest.pop(which))
        return total

    def hand_card_value(self, i: int) -> float:
        card = self.hand[i]
        g, where = self.best_spot(self.fields, card)
        if where is None:
            v = -1.2 if i == 0 else -0.4
        elif g > 0:
            v = 0.8
        else:
            v = 0.1
        weight = 1.0 if i < 2 else 0.7 if i < 5 else 0.4
        return v * weight


class SissiGreedyBot(GreedyBot):
    """``greedy`` in Sissi games: alternate Captain and Sissi on the fields,
    end a field with a Captain before harvesting it, avoid same-on-same pairs,
    trade for the kinds that alternate well, and harvest the phase-5 fields."""

    position_class: ClassVar[type[Position]] = SissiPosition
    PHASES: ClassVar[dict[str, str]] = {**GreedyBot.PHASES, **by_name("sissi-action")}
    #: the smallest gain for which the optional second card is planted
    SECOND_MIN: ClassVar[float] = 0.1

    def voluntary(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Harvest a field with a Captain on top that its beanometer pays in full."""
        assert isinstance(pos, SissiPosition)
        c = pos.cards
        for a in legal:
            if isinstance(a, Harvest) and a.field < len(pos.fields):
                f = pos.fields[a.field]
                if f.bean is not None and not pos.sissi[f.card] and f.n >= c.full[f.card]:
                    return a
        return None

    def plant_from_hand(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The front card where it gains most; the second one only where it
        gains without making a pair."""
        assert isinstance(pos, SissiPosition)
        if not pos.hand:
            return Pass() if Pass() in allowed else None
        card = pos.hand[0]
        plants = [a for a in legal if isinstance(a, Plant) and a.traded is None]
        if not plants:
            if int(pos.obs.get("planted", 0)) == 0:
                return self.make_room(pos, legal, allowed, pos.hand[:1])
            return Pass() if Pass() in allowed else None
        best = max(plants, key=lambda a: pos.gain(pos.fields[a.field], card))
        if int(pos.obs.get("planted", 0)) == 0:
            return best
        if pos.gain(pos.fields[best.field], card) >= self.SECOND_MIN:
            return best
        return Pass() if Pass() in allowed else None

    def plant_traded(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The received or kept card and field with the best gain; harvest the
        cheapest field when a card fits nowhere."""
        assert isinstance(pos, SissiPosition)
        best: tuple[float, Action] | None = None
        for a, _, card in pos.traded_plantings(legal):
            g = pos.gain(pos.fields[a.field], card)
            if best is None or g > best[0]:
                best = (g, a)
        if best is not None:
            return best[1]
        return self.make_room(pos, legal, allowed, pos.trade)

    def keep_choice(self, pos: Position, allowed: set[Action]) -> Action | None:
        """Keep a revealed card that alternates well on one of my fields."""
        assert isinstance(pos, SissiPosition)
        for i, card in enumerate(pos.revealed):
            g, where = pos.best_spot(pos.fields, card)
            if where is not None and g > 0 and Keep(i) in allowed:
                return Keep(i)
        return None

    def sissi_action(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """Phase 5: harvest my affected fields (the order does not matter)."""
        for s, f in pos.obs.get("sissi_action", []):
            if s == pos.seat and Harvest(f) in allowed:
                return Harvest(f)
        return None


GREEDY = SissiGreedyBot
SEARCH: Final = Search()
