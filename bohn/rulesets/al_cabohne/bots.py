"""The bots' part of Al Cabohne (``rules/al-cabohne.md``): the ``greedy`` heuristics
(1 or 2 players against the bean mafia: the piles and the bosses) and the ``ismcts`` settings.

:data:`GREEDY` is :class:`AlCabohneGreedyBot` (what the part holds: :mod:`bohn.bots.greedy`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any
from typing import ClassVar
from typing import Final
from typing import cast

from bohn.bots.greedy import EMPTY_FIELD_COST
from bohn.bots.greedy import FORCED_HARVEST_COST
from bohn.bots.greedy import UPCOMING_BONUS
from bohn.bots.greedy import Cards
from bohn.bots.greedy import Field
from bohn.bots.greedy import GuardedGreedyBot
from bohn.bots.greedy import Position
from bohn.bots.greedy import by_name
from bohn.bots.rollout import first_of
from bohn.bots.rollout import quick_action
from bohn.bots.search import Search
from bohn.engine.actions import Action
from bohn.engine.actions import Discard
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.beans import PLANT
from bohn.engine.game import Game
from bohn.rulesets.al_cabohne.actions import Give
from bohn.rulesets.al_cabohne.actions import Place
from bohn.rulesets.al_cabohne.rules import FEED
from bohn.rulesets.al_cabohne.rules import PLACE
from bohn.rulesets.al_cabohne.rules import USE
from bohn.rulesets.al_cabohne.rules import AlCabohne

#: how much a leftover pile helping the opponent counts against leaving it (2 players)
OPPONENT_WEIGHT = 0.6
#: the extra cost of making a boss harvest (coins in the treasury at once)
BOSS_HARVEST_COST = 0.5
#: the smallest gain for which a leftover pile is planted rather than discarded
LEFTOVER_MIN = 0.2


class Boss:
    """A boss field as the bot sees it: the card that prices it (-1: empty),
    its size and his harvest threshold."""

    __slots__ = ("card", "n", "threshold")

    def __init__(self, card: int, n: int, threshold: int) -> None:
        self.card = card
        self.n = n
        self.threshold = threshold


class AlCabohnePosition(Position):
    """A seat's position plus the mafia: the bosses' fields, the uncovered piles."""

    def __init__(self, obs: dict[str, Any], seat: int, cards: Cards) -> None:
        super().__init__(obs, seat, cards)
        index = cards.index
        self.bosses: list[Boss] = [
            Boss(index[b["field"][0]] if b["field"] else -1, len(b["field"]), int(b["threshold"]))
            for b in obs.get("bosses", [])
        ]
        self.piles: list[list[int]] = [[index[k] for k in p] for p in obs.get("piles", [])]
        self.mafia_types = {cards.bean[b.card] for b in self.bosses if b.card >= 0}

    def mafia_cost(self, k: int, cards: Sequence[int]) -> float:
        """What giving ``cards`` to boss ``k`` (one at a time, a harvest check
        after each) adds to the treasury, now or at the end."""
        if k >= len(self.bosses):
            return 0.0
        c = self.cards
        b = self.bosses[k]
        card, n = b.card, b.n
        before = c.value(card, n) if card >= 0 else 0.0
        cost = 0.0
        for x in cards:
            if n == 0:
                card = x
            n += 1
            if c.table.pays_for(card, n) >= b.threshold:
                cost += c.pays(card, n) + BOSS_HARVEST_COST
                n = 0
        after = c.value(card, n) if n else 0.0
        return cost + after - before

    def field_gain(self, f: Field, pile: Sequence[int]) -> float:
        """The value change of putting ``pile`` whole on field ``f`` (its type or empty)."""
        c = self.cards
        card, k = pile[0], len(pile)
        if f.bean is None:
            new = (c.value(card, k) + c.pays(card, k)) / 2
            new += UPCOMING_BONUS * self.upcoming(c.bean[card])
            empties = sum(1 for g in self.fields if g.bean is None)
            return new - (EMPTY_FIELD_COST if empties <= 1 else EMPTY_FIELD_COST / 2)
        return c.value(f.card, f.n + k) - c.value(f.card, f.n)

    def room_gain(self, pile: Sequence[int]) -> tuple[float, int | None]:
        """Harvesting a field to start ``pile`` on it: the gain and the field."""
        c = self.cards
        i = self.best_harvest(self.fields, pile)
        if i is None:
            return (float("-inf"), None)
        f = self.fields[i]
        card, k = pile[0], len(pile)
        new = (c.value(card, k) + c.pays(card, k)) / 2 + UPCOMING_BONUS * self.upcoming(
            c.bean[card]
        )
        return (new - self.harvest_loss(f, pile) - FORCED_HARVEST_COST / 2, i)

    def best_field_gain(self, pile: Sequence[int]) -> float:
        """The best a pile does on my fields (0: nothing, it would be discarded)."""
        b = self.cards.bean[pile[0]]
        best = 0.0
        for f in self.fields:
            if f.bean == b or f.bean is None:
                best = max(best, self.field_gain(f, pile))
        return best


class AlCabohneGreedyBot(GuardedGreedyBot):
    """``greedy`` in Al Cabohne games (1 or 2 players against the mafia).

    * ``use-leftovers``: a pile goes on a field of its type or an empty field
      when that gains (:data:`LEFTOVER_MIN`), or on a field harvested for it
      when it is worth it; else it is discarded — the mafia never gets it.
    * ``place``: each pile's options are scored in coins — on my fields (the
      growth, or a new field, harvesting one first when worth it), on a
      boss's field (minus what it adds to the treasury, with an extra cost
      for a boss harvest, :meth:`AlCabohnePosition.mafia_cost`), or, with two
      players, left for the opponent (minus :data:`OPPONENT_WEIGHT` times
      what it would give him). The best option per pile is taken; a hand
      card that fits nowhere is given to a boss only when it costs the
      mafia nearly nothing. A field of a type a boss grows is harvested at
      the end of the phase (it would lose its top card to him next turn).
    * ``feed``: the least valuable hand card.
    * ``plant``, harvests and the third field (early, when affordable) as in Bohnanza.

    Any error in these heuristics falls back to :meth:`generic` (counted in
    :attr:`fallbacks`), so the bot never stops a game.
    """

    position_class: ClassVar[type[Position]] = AlCabohnePosition
    PHASES: ClassVar[dict[str, str]] = {
        "plant": "plant_from_hand",
        "place": "place_piles",
        **by_name("use-leftovers feed"),
    }

    def voluntary(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        if str(pos.obs.get("phase")) == "feed":
            return None
        return super().voluntary(pos, legal, allowed)

    # -- phase 1 -------------------------------------------------------------------

    def use_leftovers(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """Plant a leftover pile where it gains, make room for a big one, discard the rest."""
        assert isinstance(pos, AlCabohnePosition)
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Place) and a.field is not None and a.pile < len(pos.piles):
                g = pos.field_gain(pos.fields[a.field], pos.piles[a.pile])
                if best is None or g > best[0]:
                    best = (g, a)
        if best is not None and best[0] >= LEFTOVER_MIN:
            return best[1]
        for pile in pos.piles:
            g, f = pos.room_gain(pile)
            if f is not None and g >= 1.0 and Harvest(f) in allowed:
                return Harvest(f)
        for a in legal:
            if isinstance(a, Discard):
                return a
        return None

    # -- phase 5 -------------------------------------------------------------------

    def place_piles(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """The best option per pile; then hand cards that only hurt; then pass."""
        assert isinstance(pos, AlCabohnePosition)
        two = int(pos.obs.get("players", 1)) == 2
        opp: AlCabohnePosition | None = None
        if two:
            other = 1 - pos.seat
            opp = AlCabohnePosition(pos.obs, other, pos.cards)
        options: list[tuple[float, Action]] = []
        # baseline per pile: leaving it (2 players) or the worst forced option (solo)
        leave: dict[int, float] = {}
        for i, pile in enumerate(pos.piles):
            leave[i] = -OPPONENT_WEIGHT * opp.best_field_gain(pile) if opp is not None else -1e9
            g, f = pos.room_gain(pile)
            if f is not None and Harvest(f) in allowed:
                b = pos.cards.bean[pile[0]]
                if not any(x.bean == b or x.bean is None for x in pos.fields):
                    options.append((g - leave[i], Harvest(f)))
        for a in legal:
            if isinstance(a, Place) and a.pile < len(pos.piles):
                pile = pos.piles[a.pile]
                if a.field is not None:
                    g = pos.field_gain(pos.fields[a.field], pile)
                else:
                    assert a.boss is not None
                    g = -pos.mafia_cost(a.boss, pile)
                options.append((g - leave[a.pile], a))
            elif isinstance(a, Discard):
                options.append((-0.5 * len(pos.piles[a.pile]) - leave[a.pile], a))
        if options:
            gain, choice = max(options, key=lambda o: o[0])
            if gain > 0 or not two:
                return choice
        give = self.give_away(pos, legal)
        if give is not None:
            return give
        for a in legal:
            if isinstance(a, Harvest) and a.field < len(pos.fields):
                fd = pos.fields[a.field]
                if fd.bean in pos.mafia_types and not pos.upcoming(fd.bean):
                    return a
        return Pass() if Pass() in allowed else None

    def give_away(self, pos: AlCabohnePosition, legal: list[Action]) -> Action | None:
        """Give the mafia a hand card that would force a harvest, when he hardly gains."""
        best: tuple[float, Action] | None = None
        for a in legal:
            if isinstance(a, Give) and a.card < len(pos.hand):
                g = -pos.hand_card_value(a.card) - pos.mafia_cost(a.boss, [pos.hand[a.card]])
                if g > 0.3 and (best is None or g > best[0]):
                    best = (g, a)
        return best[1] if best is not None else None

    def feed(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Feed the empty boss the hand card worth least to me."""
        assert isinstance(pos, AlCabohnePosition)
        gives = [a for a in legal if isinstance(a, Give) and a.card < len(pos.hand)]
        if not gives:
            return None
        return min(
            gives,
            key=lambda a: (
                pos.hand_card_value(a.card) + 0.3 * pos.mafia_cost(a.boss, [pos.hand[a.card]])
            ),
        )

    def buy_now(self, pos: Position) -> bool:
        """The third field early in the game for two (the solo game has three)."""
        return int(pos.obs.get("players", 1)) == 2 and super().buy_now(pos)


def quick_play(world: Game, seat: int, legal: list[Action]) -> Action | None:
    """The quick play of a search's playouts in the mafia games (Al Cabohne
    and Prohibohn; :attr:`Search.quick <bohn.bots.search.Search.quick>`),
    read from the world, a few comparisons a decision:

    * ``plant``: as in every bean game (:func:`~bohn.bots.rollout.quick_action`);
    * ``use-leftovers``: each pile onto the field of its type that holds
      most, else onto an empty field, else onto the discard pile;
    * ``place``: each pile of a type one of my fields grows onto that field
      (the one holding most), then a pile of two or more onto an empty
      field; then the turn goes on (``pass``), the rest left to the mafia;
    * ``feed``: the boss gets the hand card furthest back;
    * never a building, a field bought or a harvest by choice.

    Any other phase (Prohibohn's establishments, coins and abilities) is
    ``greedy``'s (``None``)."""
    game = cast(AlCabohne, world)
    phase = game.phase
    if phase == PLANT:
        return quick_action(world, seat, legal)
    if phase == FEED:
        back: Give | None = None
        for a in legal:
            if isinstance(a, Give) and (back is None or a.card > back.card):
                back = a
        return back
    if phase != USE and phase != PLACE:
        return None
    fields = game.fields[seat]
    piles = game.piles
    best: Place | None = None
    best_key = (-1, -1)
    for a in legal:
        if not isinstance(a, Place) or a.field is None or a.pile >= len(piles):
            continue
        fld = fields[a.field]
        if fld:
            key = (2, len(fld))  # the field grows
        elif phase == USE or len(piles[a.pile]) > 1:
            key = (1, len(piles[a.pile]))  # an empty field
        else:
            continue
        if key > best_key:
            best, best_key = a, key
    if best is not None:
        return best
    # the turn goes on; else a pile that must go somewhere: a boss
    if phase == USE:
        return first_of(legal, Discard, Pass, Place)
    return first_of(legal, Pass, Discard, Place)


GREEDY = AlCabohneGreedyBot
#: in the mafia games a winner must beat the mafia as well as every player, and
#: against the strongest rival the search won clearly more of the Al Cabohne
#: games a player won (docs/bots.md)
SEARCH: Final = Search(rival="max", quick=quick_play)
