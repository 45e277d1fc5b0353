"""Where the server's search bots think: a bounded pool of worker processes
shared by every game in turn, and the caps on each decision.

A search bot (``uses_infostate``: ``ismcts``) takes up to seconds per
decision in pure Python, and Python runs one thread at a time: a search
thinking in a thread of the server's process takes the interpreter from the
event loop for up to its switch interval (5 ms) every time the loop wakes,
so every request waits behind the searches (measured: ``docs/server.md``).
So the searches run in worker processes (:data:`KIND` ``"process"``; the
same pool on threads is kept for measurements, ``"thread"``), at most
:data:`WORKERS` at a time, each decision capped by :data:`THINK_S` seconds
and :data:`ITERATIONS` iterations (``bohn.bots.base.Budget``).

A game's room (:mod:`bohn.server.rooms`) asks for a **turn**
(:meth:`BotPool.turn`): the turns are given in the order they were asked
for, and a game asks for its next one only once its decision is made, so
with many games thinking the queue goes round them, one decision per game
per round; a game waits for at most (games ahead of it / workers) decisions,
each capped. During its turn the room takes a snapshot of its game under
its lock (:func:`snapshot`), lets go of the lock, and the decision is made
on that copy in a worker (:meth:`BotPool.think`, :func:`think`).

Stopping (:meth:`BotPool.close`) refuses every waiting turn
(:class:`PoolClosed`) and ends the workers at once: a decision being
thought is dropped (nothing of it was stored or acknowledged).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
from collections import OrderedDict
from collections import deque
from collections.abc import AsyncIterator
from collections.abc import Callable
from concurrent.futures import Executor
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures import ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from dataclasses import replace
from typing import Any

from bohn.bots.base import Budget
from bohn.bots.base import make_bot
from bohn.bots.base import seat_view
from bohn.engine.actions import Action
from bohn.engine.actions import action_from_json
from bohn.engine.game import Game
from bohn.engine.rng import derive_seed
from bohn.rulesets import find_variant

log = logging.getLogger("bohn.server")

#: worker processes (or threads) that think for the bots, at most; by default
#: one core fewer than the machine has, so the event loop keeps one
WORKERS = max(1, (os.cpu_count() or 2) - 1)
#: where the bots think: ``"process"`` (worker processes) or ``"thread"``
#: (threads of the server's process: they starve its event loop, see above)
KIND = "process"
KINDS = ("process", "thread")
#: the most seconds a bot thinks about one decision
THINK_S = 2.0
#: the most iterations a search bot runs for one decision
ITERATIONS = 5000
#: a decision not back this long after its cap is given up (its worker is
#: stopped and the seat's greedy bot decides instead), in seconds
OVERRUN_S = 5.0
#: how much lower the workers' CPU priority is than the server's (``os.nice``),
#: so that the event loop gets a core as soon as it wakes
NICE = 10


@dataclass(frozen=True)
class BotSettings:
    """The server's settings for its bots' thinking (``bohn serve --bot-*``)."""

    #: worker processes (or threads), at least 1
    workers: int = WORKERS
    #: ``"process"`` or ``"thread"``
    kind: str = KIND
    #: the most seconds per decision (> 0)
    think_s: float = THINK_S
    #: the most iterations per decision (>= 1)
    iterations: int = ITERATIONS

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ValueError(f"bot workers must be at least 1, not {self.workers}")
        if self.kind not in KINDS:
            raise ValueError(f"bot pool must be one of {', '.join(KINDS)}, not {self.kind!r}")
        if not self.think_s > 0:
            raise ValueError(f"a bot's time per decision must be more than 0 s, not {self.think_s}")
        if self.iterations < 1:
            raise ValueError(
                f"a bot's iterations per decision must be at least 1, not {self.iterations}"
            )


_settings = BotSettings()


def configure(settings: BotSettings | None = None, **changes: Any) -> BotSettings:
    """Set the settings every :class:`BotPool` made from now on uses by
    default (``bohn serve`` does, from its flags): ``settings``, or the
    current ones with ``changes``; the new settings."""
    global _settings
    _settings = settings if settings is not None else replace(_settings, **changes)
    return _settings


def current() -> BotSettings:
    """The default settings (:func:`configure`)."""
    return _settings


class PoolClosed(Exception):
    """The server is stopping: no more decisions are thought."""


class Overrun(Exception):
    """A decision did not come back within its cap and :data:`OVERRUN_S`."""


def snapshot(game: Game, seat: int, spec: str, seed: int, key: str = "") -> bytes:
    """What a worker needs to make ``seat``'s decision in ``game``, as bytes:
    the game as its record (variant, players, seed, options and every
    action, so the worker rebuilds it exactly, log and all, and a compiled
    engine's objects never need pickling), the seat and its bot's spec and
    seed (the bot is made anew for the decision: its choice depends on the
    game's state and its seed, not on what it thought before). ``key`` (the
    game's id) lets a worker keep the game and the seat's information state
    between decisions and only follow the new actions (:func:`think`)."""
    actions = [(s, a.to_json()) for s, a, _ in game.history() if a is not None and s is not None]
    record = {
        "key": key,
        "variant": game.variant,
        "players": game.n,
        "seed": game.seed,
        "options": game.options,
        "actions": actions,
        "seat": seat,
        "bot": spec,
        "bot_seed": derive_seed("decision", seed, game.seq),
    }
    return pickle.dumps(record, protocol=pickle.HIGHEST_PROTOCOL)


#: the games a worker keeps between decisions, with the information states
#: of their seats, by ``(key, seat)``, the least recently used dropped first
#: (rebuilding a game's information state from the start costs about as
#: much as following every action of it once)
KEPT = 32
_kept: OrderedDict[tuple[str, int], tuple[Game, dict[int, Any]]] = OrderedDict()
_kept_lock = threading.Lock()


def _game_at(r: dict[str, Any]) -> tuple[Game, dict[int, Any]]:
    """The game of record ``r`` and its seat's information state: the kept
    one moved on by the actions it has not seen, or a new one."""
    key = (str(r["key"]), int(r["seat"]))
    actions = r["actions"]
    with _kept_lock:
        kept = _kept.pop(key, None) if r["key"] else None
    if kept is not None and kept[0].seq <= len(actions):
        game, trackers = kept
        start = game.seq
    else:
        game = find_variant(r["variant"]).new(r["players"], r["seed"], r["options"])
        trackers = {}
        start = 0
    for s, a in actions[start:]:
        game.apply(s, action_from_json(a))
    if r["key"]:
        with _kept_lock:
            _kept[key] = (game, trackers)
            while len(_kept) > KEPT:
                _kept.popitem(last=False)
    return game, trackers


def think(
    data: bytes, seconds: float, iterations: int, stop: Callable[[], bool] | None = None
) -> bytes:
    """In a worker: the decision of :func:`snapshot`'s seat within the caps
    (counted from here, the rebuilding of the game included), as the bytes
    of its action's JSON."""
    start = time.perf_counter()
    r = pickle.loads(data)
    game, trackers = _game_at(r)
    bot = make_bot(r["bot"], r["bot_seed"])
    view = seat_view(game, r["seat"], bot, trackers)
    left = max(0.0, seconds - (time.perf_counter() - start))
    action = bot.act_within(view, Budget(seconds=left, iterations=iterations, stop=stop))
    return pickle.dumps(action.to_json(), protocol=pickle.HIGHEST_PROTOCOL)


def decision(data: bytes) -> Action:
    """:func:`think`'s answer: the action."""
    return action_from_json(pickle.loads(data))


def _worker_start() -> None:
    """Each worker process: a lower priority than the server's, and Ctrl-C
    (sent to the whole process group) left to the server, which stops them."""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    import bohn.bots.base as bots

    bots.load_bots()


class BotPool:
    """The workers, the queue of turns and the caps (see the module docstring)."""

    def __init__(self, settings: BotSettings | None = None) -> None:
        self.settings = settings if settings is not None else current()
        self._free = self.settings.workers
        #: the games waiting for a turn, in order: (game id, its wake-up)
        self._waiting: deque[tuple[str, asyncio.Future[None]]] = deque()
        self._executor: Executor | None = None
        self._stop = threading.Event()
        self.closed = False
        #: decisions being thought now
        self.thinking = 0
        #: decisions thought (and come back) since the start
        self.decided = 0
        #: decisions given up (:class:`Overrun`) since the start
        self.overruns = 0

    # -- the queue -------------------------------------------------------------

    def queue_length(self) -> int:
        """Games waiting for a turn (not those thinking now)."""
        return sum(1 for _, f in self._waiting if not f.done())

    def queued(self) -> list[str]:
        """The ids of the games waiting for a turn, first first."""
        return [key for key, f in self._waiting if not f.done()]

    @contextlib.asynccontextmanager
    async def turn(self, key: str) -> AsyncIterator[None]:
        """Wait for a worker, in the order asked (``key``: the game's id), and
        hold it for the block; :class:`PoolClosed` once the pool is closed."""
        await self._acquire(key)
        try:
            yield
        finally:
            self._release()

    async def _acquire(self, key: str) -> None:
        if self.closed:
            raise PoolClosed("the server is stopping")
        if self._free > 0 and not self.queue_length():
            self._free -= 1
            return
        wake: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry = (key, wake)
        self._waiting.append(entry)
        try:
            await wake
        except BaseException:
            if wake.done() and not wake.cancelled() and wake.exception() is None:
                self._release()  # the turn came just as its game went away: pass it on
            with contextlib.suppress(ValueError):
                self._waiting.remove(entry)
            raise

    def _release(self) -> None:
        while self._waiting:
            _, wake = self._waiting.popleft()
            if not wake.done():
                wake.set_result(None)  # the worker goes to the next game in the queue
                return
        self._free += 1

    # -- thinking --------------------------------------------------------------

    def _pool(self) -> Executor:
        if self._executor is None:
            n = self.settings.workers
            if self.settings.kind == "process":
                self._executor = ProcessPoolExecutor(
                    n, mp_context=multiprocessing.get_context("spawn"), initializer=_worker_start
                )
            else:
                self._executor = ThreadPoolExecutor(n, thread_name_prefix="bohn-bot")
        return self._executor

    async def think(self, data: bytes) -> bytes:
        """:func:`think` on ``data`` in a worker, within the caps (during a
        :meth:`turn`). :class:`Overrun` if it is not back :data:`OVERRUN_S`
        after its cap (the workers are then replaced); the worker's
        exception if it failed; :class:`PoolClosed` if the pool closes
        meanwhile."""
        if self.closed:
            raise PoolClosed("the server is stopping")
        s = self.settings
        executor = self._pool()
        if s.kind == "process":
            job = executor.submit(think, data, s.think_s, s.iterations)
        else:
            job = executor.submit(think, data, s.think_s, s.iterations, self._stop.is_set)
        self.thinking += 1
        try:
            out = await asyncio.wait_for(asyncio.wrap_future(job), s.think_s + OVERRUN_S)
            self.decided += 1
            return out
        except TimeoutError:
            self.overruns += 1
            self._recycle()
            raise Overrun(
                f"a bot's decision took more than {s.think_s + OVERRUN_S:g} s "
                f"(its cap is {s.think_s:g} s)"
            ) from None
        except BrokenProcessPool:
            if self.closed:
                raise PoolClosed("the server is stopping") from None
            self._recycle()
            raise
        finally:
            self.thinking -= 1

    def _recycle(self) -> list[Any]:
        """Stop the workers (a new pool starts on the next decision); the
        decisions they were thinking fail (their games think again). The
        worker processes stopped."""
        executor, self._executor = self._executor, None
        if executor is None:
            return []
        procs = list((getattr(executor, "_processes", None) or {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for p in procs:
            with contextlib.suppress(Exception):
                p.terminate()
        return procs

    async def close(self) -> None:
        """Refuse every waiting turn, stop the thinking and the workers."""
        self.closed = True
        self._stop.set()  # threads: the searches stop at their next playout
        while self._waiting:
            _, wake = self._waiting.popleft()
            if not wake.done():
                wake.set_exception(PoolClosed("the server is stopping"))
        for p in self._recycle():  # terminated: gone within moments
            await asyncio.to_thread(p.join, 2.0)


__all__ = [
    "ITERATIONS",
    "KIND",
    "OVERRUN_S",
    "THINK_S",
    "WORKERS",
    "BotPool",
    "BotSettings",
    "Overrun",
    "PoolClosed",
    "configure",
    "current",
    "decision",
    "snapshot",
    "think",
]
