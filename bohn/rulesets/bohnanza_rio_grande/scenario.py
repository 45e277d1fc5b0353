"""Positions of Bohnanza's English edition in scenarios (``docs/scenarios.md``):
the ruleset's part ``scenario``. The zones are those every bean game shares;
this loader adds the deal of 6-7 players (RG-D10) for hands a scenario does
not give, and the duel's phases (§7.5): ``duel-offer`` and ``duel-plant``
need cards in the active player's trading area (the offer, the cards turned
up), and no other trading area ever holds cards in the duel."""

from __future__ import annotations

from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets.bohnanza_rio_grande.duel import DUEL_DISCARD
from bohn.rulesets.bohnanza_rio_grande.duel import DUEL_OFFER
from bohn.rulesets.bohnanza_rio_grande.duel import DUEL_PHASES
from bohn.rulesets.bohnanza_rio_grande.rules import BohnanzaRioGrande
from bohn.scenario import BeanPositionLoader
from bohn.scenario import Position
from bohn.scenario import PositionLoader


class RioGrandePositionLoader(BeanPositionLoader):
    """Bean positions with the edition's deal and the duel's phases."""

    def deal(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, BohnanzaRioGrande)
        sizes = game.deal_sizes()
        if len(set(sizes)) == 1:
            super().deal(game, pos)
            return
        missing = pos.missing_hands
        pos.missing_hands = []
        super().deal(game, pos)  # the shuffle; no hand is dealt
        start = game.options["first_player"]
        hands: dict[int, list[int]] = {s: [] for s in missing}
        order = [(start + i) % game.n for i in range(game.n)]
        for r in range(max(sizes)):
            for i, s in enumerate(order):
                if s in hands and r < sizes[i]:
                    if not pos.remaining:
                        raise SetupError(f"not enough cards left to deal seat {s} its hand")
                    hands[s].append(pos.remaining.pop())
        for s, cards in hands.items():
            pos.zones[f"seat {s} hand"] = cards

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        phase = game.phase
        if game.n != 2:
            super().check_phase(game, pos)
            return
        a = game.active
        if any(game.trade[1 - a]):
            raise SetupError(
                "in the duel only the active player's trading area holds cards "
                "(the offer, or the cards turned up in step 3)"
            )
        if phase not in DUEL_PHASES:
            if game.trade[a]:
                raise SetupError("in the duel the offer is planted in phase 'duel-offer'")
            super().check_phase(game, pos)
            return
        if game.revealed:
            raise SetupError("revealed cards exist only in phase 'trade'")
        if phase == DUEL_DISCARD and game.trade[a]:
            raise SetupError("the trading areas are empty in phase 'duel-discard'")
        if phase != DUEL_DISCARD and not game.trade[a]:
            name = "duel-offer" if phase == DUEL_OFFER else "duel-plant"
            raise SetupError(f"phase {name!r} needs cards in the active player's trading area")


#: the loader of this ruleset's positions
LOADER: PositionLoader = RioGrandePositionLoader()
