"""The turn clock of a game room (``docs/server.md``, The turn clock).

A game may give each person a time for each decision: seconds in a
real-time game (``clock_s``), hours in a turn-based one. When a person's
time runs out, the server's greedy bot plays that one decision for them.
In a turn-based game a person's clock may first run out ``skips`` times:
each time it starts again for the same decision (the person is told again),
and only then does the bot play.

The deadlines are kept in memory on the event loop's clock
(``time.monotonic``) and written to the seats' rows in wall-clock seconds
(``seats.deadline``, ``seats.skips_left``) whenever they change, so that a
restarted server, or a cluster's process taking over, goes on with them
(:meth:`TurnClock.load_deadlines`).
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from functools import lru_cache
from typing import TYPE_CHECKING
from typing import Any

from bohn.bots.base import Bot
from bohn.bots.base import make_bot
from bohn.bots.base import seat_view
from bohn.describe import Describer
from bohn.describe import describer
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.server.presence import Presence
from bohn.server.refusals import Refused
from bohn.server.store import GameRow
from bohn.server.store import Store
from bohn.sim.runner import bot_seed

log = logging.getLogger("bohn.server")


class TurnClock:
    """The turn clock's part of a room (``bohn.server.rooms.Room`` is one)."""

    row: GameRow
    game: Game
    store: Store
    lock: asyncio.Lock
    bots: dict[int, Bot]
    #: seconds a person has per decision (None: no clock; a float so that
    #: tests may give a fraction of a second)
    clock_s: float | None
    #: the running deadlines (``time.monotonic``) by seat
    deadlines: dict[int, float]
    #: the skips each person's seat has left (a turn-based game's)
    skips_left: dict[int, int]
    #: in a cluster: the owner's deadlines, and a callback telling them
    owner_deadlines: tuple[int, dict[int, float]] | None
    tell_clock: Callable[[], None] | None
    #: who is told that the game waits for a person's seat (turn mails,
    #: :class:`bohn.server.notices.TurnNotices`; None: nobody)
    tell_turn: Callable[[TurnClock, list[int]], None] | None
    presence: Presence
    forward: Any
    _clock_task: asyncio.Task[None] | None
    _clock_bot: Bot | None
    #: the deadlines as last written to the store (wall-clock seconds by seat)
    _stored_deadlines: dict[int, float | None]
    _store_task: asyncio.Task[None] | None

    def _init_clock(self, row: GameRow) -> None:
        self.clock_s = row.clock_s
        self.tell_turn = None
        self.deadlines = {}
        self._clock_task = None
        self._clock_bot = None
        self.skips_left = {}
        self._stored_deadlines = {}
        self._store_task = None
        if row.skips is not None:
            self.skips_left = {
                s["seat"]: row.skips if s.get("skips_left") is None else int(s["skips_left"])
                for s in row.seats
                if s["kind"] == "human"
            }

    @property
    def turn_based(self) -> bool:
        """Whether the game is turn-based (its clock counts hours and has skips)."""
        return self.row.skips is not None

    if TYPE_CHECKING:  # the room's own (bohn.server.rooms.Room defines them)

        async def _commit(
            self,
            trial: Game,
            moves: list[tuple[int, int, dict[str, Any]]],
            by_clock: bool = False,
        ) -> None: ...

        def kick_bots(self) -> None: ...

        def _changed(self) -> None: ...

    # -- what the pages see ------------------------------------------------------

    def clock_view(self) -> dict[str, Any] | None:
        """The turn clock as the state message carries it: its seconds per
        decision, the seconds left of each running deadline by seat, and in
        a turn-based game each person's skips left."""
        if self.clock_s is None:
            return None
        now = time.monotonic()
        out: dict[str, Any] = {
            "seconds": self.clock_s,
            "deadlines": {
                str(s): round(max(0.0, d - now), 2)
                for s, d in sorted(self.shown_deadlines().items())
            },
        }
        if self.turn_based:
            out["turn_based"] = True
            out["skips"] = self.row.skips
            out["skips_left"] = {str(s): n for s, n in sorted(self.skips_left.items())}
        return out

    def shown_deadlines(self) -> dict[int, float]:
        """The running deadlines by seat: this process's own, or in a
        cluster, while another process owns the game, the owner's as it told
        them for the state shown (none while this copy is behind or ahead)."""
        if self.forward is None:
            return self.deadlines
        told = self.owner_deadlines
        return told[1] if told is not None and told[0] == self.game.seq else {}

    def _clock_seats(self) -> list[int]:
        """The human seats the game waits on that have a move that advances it."""
        game = self.game
        if game.result() is not None:
            return []
        waiting = sorted(game.waiting_for())
        words = _clock_words(game.variant)
        out = []
        for s in waiting:
            if s in self.bots:
                continue
            if words.to_move(game.observe(s), s, waiting, game.legal_actions(s)):
                out.append(s)
        return out

    # -- running it --------------------------------------------------------------

    def load_deadlines(self, seats: list[dict[str, Any]]) -> None:
        """Go on with the deadlines stored in the seats' rows (a restart, or
        a takeover that was told none)."""
        if self.clock_s is None:
            return
        now, wall = time.monotonic(), time.time()
        for s in seats:
            if s.get("deadline") is not None and s["kind"] == "human":
                self.deadlines[int(s["seat"])] = now + (float(s["deadline"]) - wall)
                self._stored_deadlines[int(s["seat"])] = float(s["deadline"])
            if s.get("skips_left") is not None and self.turn_based:
                self.skips_left[int(s["seat"])] = int(s["skips_left"])

    def arm_clock(self) -> None:
        """Start the deadline of every human seat the game now waits on (one
        that runs already goes on), drop the others, have the clock's task
        watch them, and store them."""
        if self.clock_s is None or self.forward is not None:
            return
        seats = self._clock_seats()
        now = time.monotonic()
        before = self.deadlines
        self.deadlines = {s: self.deadlines.get(s, now + self.clock_s) for s in seats}
        if self.tell_clock is not None and (before or self.deadlines):
            self.tell_clock()
        started = [s for s in self.deadlines if s not in before]
        if started and self.tell_turn is not None:
            self.tell_turn(self, started)
        self._store_deadlines()
        if self.deadlines and (self._clock_task is None or self._clock_task.done()):
            self._clock_task = asyncio.get_running_loop().create_task(self._run_clock())

    def _store_deadlines(self) -> None:
        """Write the deadlines that changed (in wall-clock seconds) and the
        skips left, in order behind every earlier write."""
        shift = time.time() - time.monotonic()
        people = {int(s["seat"]) for s in self.row.seats if s["kind"] == "human"}
        want: dict[int, float | None] = {s: None for s in people}
        want.update({s: round(d + shift, 3) for s, d in self.deadlines.items()})
        changed = {
            s: v
            for s, v in want.items()
            if (s not in self._stored_deadlines and v is not None)
            or (
                s in self._stored_deadlines
                and (
                    (v is None) != (self._stored_deadlines[s] is None)
                    or (v is not None and abs(v - (self._stored_deadlines[s] or 0.0)) > 0.5)
                )
            )
        }
        if not changed:
            return
        self._stored_deadlines.update(changed)
        skips = {s: self.skips_left[s] for s in changed if s in self.skips_left}
        task = asyncio.get_running_loop().create_task(
            self.store.set_deadlines(self.row.id, changed, skips)
        )
        task.add_done_callback(_log_failure)
        self._store_task = task

    async def _run_clock(self) -> None:
        """While a deadline runs: wake at the earliest, and have the bot play
        the decision of each seat whose time ran out (or, with skips left
        in a turn-based game, start its time again)."""
        while self.deadlines and self.clock_s is not None:
            wait = min(self.deadlines.values()) - time.monotonic()
            if wait > 0:
                await asyncio.sleep(min(wait, 1.0))
                continue
            try:
                await self._clock_moves()
            except Refused:  # the game moved on meanwhile: look again
                pass
            except Exception:  # the store failing: try again a moment later
                log.exception("turn clock of %s", self.row.id)
                await asyncio.sleep(1.0)
            self.kick_bots()

    async def _clock_moves(self) -> None:
        """Under the lock: each seat past its deadline (and still waited on)
        uses a skip if it has one left (its time starts again), or gets one
        decision played by the greedy bot, through the same path a seat's own
        action takes, marked ``by_clock``."""
        async with self.lock:
            now = time.monotonic()
            due = sorted(s for s, d in self.deadlines.items() if d <= now)
            live = set(self._clock_seats())
            skipped = False
            for s in due:
                if s not in live:
                    self.deadlines.pop(s, None)
                    continue
                if self.skips_left.get(s, 0) > 0 and self.clock_s is not None:
                    self.skips_left[s] -= 1
                    self.deadlines[s] = now + self.clock_s
                    self._stored_deadlines.pop(s, None)  # written again, with the skips left
                    log.info("turn clock of %s: seat %s used a skip", self.row.id, s)
                    skipped = True
                    continue
                await self._clock_move(s)
                live = set(self._clock_seats())
            self.arm_clock()
            if skipped:
                self._changed()

    async def _clock_move(self, s: int) -> None:
        """The greedy bot plays seat ``s``'s decision (one that advances the game)."""
        if self._clock_bot is None:
            self._clock_bot = make_bot("greedy", bot_seed(self.row.seed, -1))
        game = self.game
        view = seat_view(game, s, self._clock_bot, {})
        words = _clock_words(game.variant)
        obs = game.observe(s)
        legal = [a for a in view.legal if words.advances(a, obs, s)] or view.legal
        action = self._clock_bot.act(view)
        if action not in legal:  # a harvest at any time is no decision
            action = legal[0]
        trial = game.clone()
        try:
            trial.apply(s, action)
        except BohnError:
            trial = game.clone()
            action = legal[0]
            trial.apply(s, action)
        log.info("turn clock of %s: seat %s timed out", self.row.id, s)
        await self._commit(trial, [(game.seq, s, action.to_json())], by_clock=True)


def _log_failure(task: asyncio.Task[None]) -> None:
    if not task.cancelled() and task.exception() is not None:
        log.error("the turn clock's deadlines were not stored", exc_info=task.exception())


@lru_cache(maxsize=64)
def _clock_words(variant: str) -> Describer:
    """The describer the turn clock asks which moves advance the game."""
    return describer(variant, "en")
