"""The bots' part of Bohnanza's English edition
(``docs/rules/bohnanza-rio-grande.md``): the ``greedy`` heuristics of the bean
duel's decisions (§7.5) on top of Bohnanza's, which play the game for 3-7
players as they play the Amigo edition; the ``ismcts`` settings are the
default ones.

Defines what :mod:`bohn.bots.greedy` and :mod:`bohn.bots.ismcts` read from a
ruleset's ``bots`` part: :data:`GREEDY` and :data:`SEARCH`.
"""

from __future__ import annotations

from typing import ClassVar

from bohn.bots.greedy import GreedyBot
from bohn.bots.greedy import GuardedGreedyBot
from bohn.bots.greedy import Position
from bohn.bots.greedy import by_name
from bohn.bots.search import DEFAULT
from bohn.bots.search import Search
from bohn.engine.actions import Action
from bohn.engine.actions import Drop
from bohn.engine.actions import Pass


class RioGrandeGreedyBot(GuardedGreedyBot):
    """Bohnanza's greedy bot, and in the duel: plant the offer's and the
    turned-up cards that grow a field (or start one for a type that comes in
    numbers), leave the rest; discard a hand card that fits no field."""

    PHASES: ClassVar[dict[str, str]] = {
        **GreedyBot.PHASES,
        **by_name("duel-plant duel-discard"),
        "duel-offer": "duel_plant",
    }

    def duel_plant(self, pos: Position, legal: list[Action], allowed: set[Action]) -> Action | None:
        """Steps 1 and 3: a card on its type's field first; on an empty field
        the type with most cards here and in the hand soon; else pass."""
        bean = pos.cards.bean
        best: tuple[float, Action] | None = None
        empties = sum(1 for f in pos.fields if f.bean is None)
        for a, f, card in pos.traded_plantings(legal):
            b = bean[card]
            if f.bean == b:
                score = 100.0 + f.n
            else:
                same = sum(1 for c in pos.trade if bean[c] == b) + pos.upcoming(b)
                if same < 2 and empties < 2:
                    continue
                score = 10.0 * same
            if best is None or score > best[0]:
                best = (score, a)
        if best is not None:
            return best[1]
        return Pass() if Pass() in allowed else None

    def duel_discard(
        self, pos: Position, legal: list[Action], allowed: set[Action]
    ) -> Action | None:
        """Step 2's discard: the first of the next hand cards whose type no
        field grows and which no other of the next cards shares; else none."""
        bean = pos.cards.bean
        grown = pos.grown
        soon = [bean[c] for c in pos.hand[:4]]
        for i, c in enumerate(pos.hand[:4]):
            b = bean[c]
            if b not in grown and soon.count(b) == 1 and Drop(i) in allowed:
                return Drop(i)
        return Pass() if Pass() in allowed else None


GREEDY = RioGrandeGreedyBot
SEARCH: Search = DEFAULT
