"""Play one game with bots, deterministically.

The scheduler: the game may wait on several seats at once (trading, planting
received cards). :func:`next_seat` (:func:`bohn.bots.base.next_seat`, for the
searching bots' playouts too) asks them in clockwise order, starting with
the seat after the one that acted last, so every waiting seat gets its say
and the order never depends on anything but the game itself.
"""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bohn.bots.base import Bot
from bohn.bots.base import make_bot
from bohn.bots.base import next_seat
from bohn.bots.base import seat_view
from bohn.engine.actions import Action
from bohn.engine.game import Game
from bohn.engine.game import Result
from bohn.engine.rng import derive_seed

__all__ = ["MAX_STEPS", "bot_seed", "make_bots", "next_seat", "play_game"]

#: a game that has not ended after this many steps is a bug (every game terminates)
MAX_STEPS = 200_000


def bot_seed(game_seed: int | str, seat: int) -> int:
    """The seed of the bot at ``seat`` in the game seeded ``game_seed``."""
    return derive_seed("bot", game_seed, seat)


def make_bots(specs: Sequence[str], game_seed: int | str) -> list[Bot]:
    return [make_bot(spec, bot_seed(game_seed, s)) for s, spec in enumerate(specs)]


@dataclass
class GameRecord:
    """One finished game."""

    result: Result
    steps: int
    game: Game
    bots: list[str] = field(default_factory=list)


def play_game(
    game: Game,
    bots: Sequence[Bot],
    *,
    last: int | None = None,
    max_steps: int = MAX_STEPS,
    on_step: Callable[[Game, int, Action], Any] | None = None,
) -> int:
    """Play ``game`` to its end with one bot per seat; return the number of steps."""
    n = game.n
    if len(bots) != n:
        raise ValueError(f"{n} seats need {n} bots, got {len(bots)}")
    if last is None:
        last = (game.active_seat() - 1) % n
    steps = 0
    trackers: dict[int, Any] = {}
    while True:
        waiting = game.waiting_for()
        if not waiting:
            return steps
        if steps >= max_steps:
            raise RuntimeError(f"the game did not end within {max_steps} steps")
        seat = next_seat(waiting, last, n)
        bot = bots[seat]
        action = bot.act(seat_view(game, seat, bot, trackers))
        game.apply(seat, action)
        if on_step is not None:
            on_step(game, seat, action)
        last = seat
        steps += 1
