"""``random``: uniform over the legal actions."""

from __future__ import annotations

from bohn.bots.base import Bot, SeatView, register_bot
from bohn.engine.actions import Action


@register_bot
class RandomBot(Bot):
    """Picks uniformly among the legal actions."""

    kind = "random"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        return legal[self.rng.below(len(legal))]
