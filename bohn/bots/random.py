"""``random``: uniform over the legal actions."""

from __future__ import annotations

import random
from typing import Any
from typing import ClassVar

from bohn.bots.base import Bot
from bohn.bots.base import SeatView
from bohn.bots.base import register_bot
from bohn.engine.actions import Action


class RandomBot(Bot):
    """Picks uniformly among the legal actions.

    Its generator is the standard library's Mersenne Twister seeded with the
    bot's seed: ``random()`` gives the same numbers for the same seed in every
    Python version, and it is implemented in C, which matters because this
    bot is what simulations and benchmarks spend their time beside.
    """

    kind: ClassVar[str] = "random"

    def __init__(self, seed: int = 0, **params: Any) -> None:
        super().__init__(seed, **params)
        self._random = random.Random(seed)

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        return legal[int(self._random.random() * len(legal))]


register_bot(RandomBot)  # not as a decorator: mypyc compiles only undecorated classes natively
