"""``random``: uniform over the legal actions."""

from __future__ import annotations

from typing import ClassVar, Final

from bohn.bots.base import Bot, SeatView, register_bot
from bohn.engine.actions import Action
from bohn.engine.rng import MASK64

_GOLDEN: Final = 0x9E3779B97F4A7C15


class RandomBot(Bot):
    """Picks uniformly among the legal actions (the engine's SplitMix64, inlined:
    this bot is what simulations and benchmarks spend their time beside)."""

    kind: ClassVar[str] = "random"

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        rng = self.rng
        state = (rng.state + _GOLDEN) & MASK64
        rng.state = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return legal[((z ^ (z >> 31)) * len(legal)) >> 64]


register_bot(RandomBot)  # not as a decorator: mypyc compiles only undecorated classes natively
