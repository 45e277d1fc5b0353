"""A room's store kept in memory, for tests of a live room without a database."""

from __future__ import annotations

from typing import Any


class MemoryStore:
    """Just what a room asks of the store: the committed moves."""

    def __init__(self) -> None:
        self.moves: list[tuple[int, int, dict[str, Any]]] = []

    async def add_actions(
        self,
        game_id: str,
        moves: list[tuple[int, int, dict[str, Any]]],
        by_clock: bool = False,
        waiting: list[int] | None = None,
        result: dict[str, Any] | None = None,
    ) -> None:
        self.moves += moves
