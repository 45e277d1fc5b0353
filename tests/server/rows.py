"""A stored game's row for the tests that create games in a store directly."""

from __future__ import annotations

import time
from typing import Any

from bohn.server.store import GameRow


def game_row(
    game_id: str, variant: str, players: int, seed: int, seats: list[dict[str, Any]], **kw: Any
) -> GameRow:
    """A new running game ``game_id`` with these seat rows, no options, bots
    that move at once, a spectator token hash ``"x"`` and made now; ``kw``
    sets the other columns (``clock_s``...) or changes these."""
    columns: dict[str, Any] = {
        "options": {},
        "think_ms": 0,
        "status": "running",
        "result": None,
        "spectator_hash": "x",
        "created_at": time.time(),
        **kw,
    }
    return GameRow(id=game_id, variant=variant, players=players, seed=seed, seats=seats, **columns)
