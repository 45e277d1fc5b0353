"""Seeded random games for the text interface's tests."""

from __future__ import annotations

import random
from collections.abc import Iterator

import bohn
from bohn.bots.base import next_seat
from bohn.engine.game import Game
from bohn.rulesets import VARIANTS

#: every ruleset, at its smallest player count and at 3 where it allows 3 and more
CONFIGS: list[tuple[str, int]] = sorted(
    {(v, min(k.allowed_players())) for v, k in VARIANTS.items()}
    | {(v, 3) for v, k in VARIANTS.items() if 3 in k.allowed_players()}
)
CONFIG_IDS = [f"{v}-{n}" for v, n in CONFIGS]


def random_game(variant: str, players: int, seed: int, steps: int) -> Iterator[tuple[Game, int]]:
    """(the game, the seat to move) at each of the first ``steps`` decisions
    of a game of random moves; the game moves on after each is yielded."""
    game = bohn.new_game(variant, players, seed)
    rnd = random.Random(seed)
    last = (game.active_seat() - 1) % players
    for _ in range(steps):
        waiting = game.waiting_for()
        if not waiting:
            return
        seat = next_seat(waiting, last, players)
        yield game, seat
        legal = game.legal_actions(seat)
        game.apply(seat, legal[rnd.randrange(len(legal))])
        last = seat
