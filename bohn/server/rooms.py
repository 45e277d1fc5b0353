"""Live games: one :class:`Room` per game, its actions applied one at a time.

A room holds the game, the bots of its bot seats and the connections of the
people watching it. :meth:`Room.act` is the only way a game changes: under
the room's lock it checks the state the action was chosen on, applies it to
a copy, commits it to the store, and only then makes the copy the game and
tells every connection what it may see. Bots act through the same path
after their think time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from functools import lru_cache, partial
from typing import Any

from bohn.bots.base import Bot, SeatView, make_bot
from bohn.engine.actions import Action, action_from_json
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.rulesets import find_variant
from bohn.server.store import GameRow, StaleAction, Store
from bohn.sim.runner import bot_seed

log = logging.getLogger("bohn.server")

#: a connection: called with each message for it (a seat's, or a spectator's with None)
Send = Callable[[dict[str, Any]], Awaitable[None]]


class Refused(Exception):
    """An action the server does not take; ``code`` says why (JSON-ready)."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "rule": self.rule}


@lru_cache(maxsize=1 << 16)
def _action_view(a: Action) -> dict[str, Any]:
    """An action as a view lists it (actions are immutable values; the legal
    lists repeat the same ones, so each is turned into JSON once)."""
    return {"text": a.text(), "action": a.to_json()}


def legal_view(game: Game, seat: int) -> list[dict[str, Any]]:
    return [_action_view(a) for a in game.legal_actions(seat)]


class Room:
    """One live game."""

    def __init__(self, row: GameRow, game: Game, store: Store) -> None:
        self.row = row
        self.game = game
        self.store = store
        self.lock = asyncio.Lock()
        self.bots: dict[int, Bot] = {
            s["seat"]: make_bot(s["bot"], bot_seed(row.seed, s["seat"]))
            for s in row.seats
            if s["kind"] == "bot"
        }
        #: connections: send function -> the seat it plays (None: a spectator)
        self.watchers: dict[Send, int | None] = {}
        self._bot_task: asyncio.Task[None] | None = None

    # -- views ---------------------------------------------------------------

    def view(self, seat: int | None, since: int = 0) -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may see: the observation, its
        legal actions and the log from step ``since`` on (step 0 is the
        set-up, step ``k + 1`` the action taken at state ``k``), redacted."""
        game = self.game
        log_entries: list[dict[str, Any]] = []
        first = max(0, min(since, game.seq + 1))
        for i, (s, a, evs) in enumerate(game.history_since(first), start=first):
            entry: dict[str, Any] = {"step": i, "seat": s, "action": None, "events": []}
            if a is not None:
                entry["action"] = a.to_json() if s == seat else game.action_view(a)
            for e in evs:
                v = e.view(seat)
                if v is not None:
                    entry["events"].append(v)
            log_entries.append(entry)
        result = game.result()
        return {
            "type": "state",
            "game": self.row.id,
            "variant": game.variant,
            "seat": seat,
            "seq": game.seq,
            "observation": game.observe(seat),
            "waiting_for": sorted(game.waiting_for()),
            "legal": legal_view(game, seat) if seat is not None else [],
            "log": log_entries,
            "result": None if result is None else result.to_json(),
        }

    async def _tell(self, since: int) -> None:
        for send, seat in list(self.watchers.items()):
            try:
                await send(self.view(seat, since))
            except Exception:  # a closed connection is dropped
                self.watchers.pop(send, None)

    # -- acting --------------------------------------------------------------

    async def act(self, seat: int, seq: int, action: Any) -> int:
        """Apply ``action`` (an :class:`Action` or its JSON) for ``seat``,
        chosen on state ``seq``; the new state's seq. :class:`Refused` when
        it is stale or illegal (nothing changes then)."""
        async with self.lock:
            new_seq = await self._act(seat, seq, action)
        self.kick_bots()
        return new_seq

    async def _act(self, seat: int, seq: int, action: Any) -> int:
        game = self.game
        if game.result() is not None:
            raise Refused("game-over", "the game is over")
        if seq != game.seq:
            raise Refused(
                "stale",
                f"the game has moved on: your action was chosen at state {seq}, "
                f"the game is at state {game.seq}; choose again",
            )
        try:
            a = action if isinstance(action, Action) else action_from_json(action)
            trial = game.clone()
            trial.apply(seat, a)
        except BohnError as e:
            raise Refused(e.code, e.message, e.rule) from None
        try:
            await self.store.add_action(self.row.id, seq, seat, a.to_json())
        except StaleAction as e:
            raise Refused("stale", str(e)) from None
        self.game = trial
        result = trial.result()
        if result is not None:
            await self.store.finish(self.row.id, result.to_json())
            self.row.status = "finished"
            self.row.result = result.to_json()
        await self._tell(seq + 1)
        return trial.seq

    # -- bots ------------------------------------------------------------------

    def _bot_to_move(self) -> int | None:
        if self.game.result() is not None:
            return None
        for s in sorted(self.game.waiting_for()):
            if s in self.bots:
                return s
        return None

    def kick_bots(self) -> None:
        """Start the bots' loop if a bot seat is waited on and none runs."""
        if self._bot_to_move() is None:
            return
        if self._bot_task is not None and not self._bot_task.done():
            return
        self._bot_task = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        while True:
            if self.row.think_ms:
                await asyncio.sleep(self.row.think_ms / 1000)
            async with self.lock:
                seat = self._bot_to_move()
                if seat is None:
                    return
                game = self.game
                view = SeatView(seat, game.legal_actions(seat), partial(game.observe, seat))
                try:
                    action = self.bots[seat].act(view)
                    await self._act(seat, game.seq, action)
                except Refused as e:  # a bot's mistake: its first legal action instead
                    log.warning("bot at seat %s of %s: %s", seat, self.row.id, e.message)
                    await self._act(seat, game.seq, view.legal[0])
            await asyncio.sleep(0)

    async def stop(self) -> None:
        if self._bot_task is not None:
            self._bot_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bot_task


class Hub:
    """Every live game of the server, loaded from the store on first use."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.rooms: dict[str, Room] = {}
        self._loading = asyncio.Lock()

    async def room(self, game_id: str) -> Room | None:
        room = self.rooms.get(game_id)
        if room is not None:
            return room
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            row = await self.store.game(game_id)
            if row is None:
                return None
            game = await self.rebuild(row)
            room = Room(row, game, self.store)
            self.rooms[game_id] = room
        room.kick_bots()
        return room

    async def rebuild(self, row: GameRow) -> Game:
        """The game as its stored actions left it (event sourcing)."""
        cls = find_variant(row.variant)
        game = cls.new(row.players, row.seed, row.options)
        for seq, seat, action in await self.store.actions(row.id):
            if seq != game.seq:  # pragma: no cover - the primary key prevents it
                raise RuntimeError(f"game {row.id}: action {seq} found at state {game.seq}")
            game.apply(seat, action_from_json(action))
        return game

    async def resume_all(self) -> None:
        """Load every running game (their bots go on)."""
        for row in await self.store.games(status="running", limit=100_000):
            await self.room(row.id)

    async def close(self) -> None:
        for room in self.rooms.values():
            await room.stop()


__all__ = ["Hub", "Refused", "Room", "legal_view"]
