"""What the server's fuzzers share: how many examples they run, and the
stored rows a refusal must leave as they were."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from passes import SOAK


def examples(ci: int, soak: int) -> int:
    """The examples a fuzzer runs: ``ci`` in the suite, ``soak`` in a soak run."""
    return soak if SOAK else ci


def stored(db: Path, fixed: set[str]) -> dict[str, Any]:
    """What no refused request may change: every game's creation (id,
    variant, players, seed, options, hashes) and every seat; and for the
    games ``fixed`` (only people's seats: nothing moves them but requests)
    their whole rows and actions. The games the fuzzer itself creates may
    have bots, whose moves change their status and actions meanwhile."""
    with sqlite3.connect(db) as conn:
        games = conn.execute(
            "SELECT id, variant, players, seed, options, think_ms, spectator_hash, created_at,"
            " clock_s, seed_chosen, broken FROM games ORDER BY id"
        ).fetchall()
        seats = conn.execute("SELECT * FROM seats ORDER BY game_id, seat").fetchall()
        marks = ", ".join("?" * len(fixed))
        full = conn.execute(
            f"SELECT * FROM games WHERE id IN ({marks}) ORDER BY id", tuple(fixed)
        ).fetchall()
        actions = conn.execute(
            f"SELECT * FROM actions WHERE game_id IN ({marks}) ORDER BY game_id, seq",
            tuple(fixed),
        ).fetchall()
    return {"games": games, "seats": seats, "fixed": full, "actions": actions}
