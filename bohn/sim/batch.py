"""Batch simulation: many seeded games between bots, locally in worker processes.

Game ``i`` of a batch with master seed ``S`` is seeded
``derive_seed(S, i)``, and the bot at seat ``s`` of that game is seeded
``bot_seed(game_seed, s)``. Nothing else is random, so every game's outcome
depends only on (variant, players, options, bots, S, i) — never on the
number of worker processes, their scheduling, or the machine. Results are
always reported and streamed in game-index order.

>>> batch = run_batch(GameSpec("bohnanza", 3, seed=1), games=4)
>>> [r.index for r in batch.records]
[0, 1, 2, 3]
>>> s = batch.summary()
>>> sum(s["wins"]) >= s["games"]
True
"""

from __future__ import annotations

import contextlib
import logging
import math
import multiprocessing
import os
import shutil
import signal
import sys
import threading
import time
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any
from typing import TextIO

from bohn.bots.base import make_bot
from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.engine.game import Result
from bohn.engine.replay import record
from bohn.engine.rng import derive_seed
from bohn.interrupts import deferred_interrupt
from bohn.rulesets import find_variant
from bohn.sim.records import game_stats
from bohn.sim.records import make_record
from bohn.sim.runner import make_bots
from bohn.sim.runner import play_game
from bohn.spec import GameSpec

#: proposals per seat and trading phase in simulations unless the user sets
#: ``trade_cap``: bots gain little from long haggling and games stay short
SIM_TRADE_CAP = 2

#: ``local``: worker processes on this machine; ``ray``: tasks on a Ray cluster
BACKENDS = ("local", "ray")

#: the most games one chunk (one worker task) plays
CHUNK_GAMES = 256

#: seconds to wait for a Ray cluster's address to take a connection before giving up
RAY_CONNECT_TIMEOUT_S = 10.0

#: the keys of :meth:`BatchResult.summary` that depend on the run: its timing,
#: and the games it played (the others were resumed)
TIMING_KEYS = ("played", "games_per_s", "steps_per_s", "elapsed_s")


@dataclass(frozen=True)
class GameOutcome:
    """One finished game of a batch.

    ``result`` is ``Result.to_json()``; ``replay`` (only when the batch was
    asked for replays) is the game's :func:`~bohn.engine.replay.record` and
    does not take part in comparisons.
    """

    index: int
    seed: int
    steps: int
    result: dict[str, Any]
    replay: dict[str, Any] | None = field(default=None, compare=False, repr=False)
    #: the ruleset's analysis figures (:func:`bohn.sim.records.game_stats`)
    stats: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_record(cls, rec: dict[str, Any]) -> GameOutcome:
        """The outcome a record (:mod:`bohn.sim.records`) was made of."""
        result = {k: rec[k] for k in ("scores", "winners", "ranking", "reason", "tie_break")}
        if rec["details"]:
            result["details"] = rec["details"]
        return cls(rec["index"], rec["seed"], rec["steps"], result, stats=rec["stats"])

    def to_record(self, batch: dict[str, Any]) -> dict[str, Any]:
        """This game's record in the batch of ``batch`` (its
        :data:`~bohn.sim.records.BATCH_KEYS`)."""
        return make_record(
            **batch,
            index=self.index,
            seed=self.seed,
            steps=self.steps,
            result=self.result,
            stats=self.stats,
        )


def sim_options(cls: type[Game], options: dict[str, Any] | None) -> dict[str, Any]:
    """The options a simulation of ``cls`` uses: ``options`` plus
    ``trade_cap=SIM_TRADE_CAP`` when the game has that option and the user
    did not set it. Unknown options raise :class:`SetupError`."""
    out = dict(options or {})
    if "trade_cap" in cls.OPTIONS and "trade_cap" not in out:
        out["trade_cap"] = SIM_TRADE_CAP
    cls.resolve_options(out)
    return out


def split_bot_specs(text: str) -> list[str]:
    """Split a ``--bots`` value into bot specs.

    Specs are separated by commas; a piece of the form ``name=value`` (with no
    ``:``) continues the parameters of the spec before it, so parameters may
    themselves be comma-separated.

    >>> split_bot_specs("greedy,random")
    ['greedy', 'random']
    >>> split_bot_specs("ismcts:iterations=500,c=1.4,random")
    ['ismcts:iterations=500,c=1.4', 'random']
    """
    specs: list[str] = []
    for piece in text.split(","):
        piece = piece.strip()
        if not piece:
            raise ValueError(f"empty bot name in {text!r}")
        if specs and "=" in piece and ":" not in piece and ":" in specs[-1]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def seat_bots(specs: Sequence[str] | None, players: int) -> list[str]:
    """One bot spec per seat: ``None`` gives ``random`` everywhere, one spec is
    used for every seat, otherwise there must be exactly one per seat. Each
    spec is checked by building a bot (``ValueError`` for an unknown kind or
    parameter)."""
    if not specs:
        specs = ["random"]
    for spec in specs:  # an unknown bot is named before the count is looked at
        make_bot(spec, 0)
    if len(specs) == 1:
        specs = list(specs) * players
    if len(specs) != players:
        raise ValueError(
            f"give one bot for all seats or one per seat ({players}), not {len(specs)}"
        )
    return list(specs)


def play_one(spec: GameSpec, index: int, replay: bool = False) -> GameOutcome:
    """Play game ``index`` of the batch ``spec`` sets up, its ``seats`` the
    bots (see the module docstring for seeding)."""
    seed = derive_seed(spec.seed, index)
    game = spec.with_seed(seed).new()
    bots = spec.seats
    steps = play_game(game, make_bots(bots, seed))
    result = game.result()
    assert result is not None  # play_game returns only when the game is over
    return GameOutcome(
        index=index,
        seed=seed,
        steps=steps,
        result=result.to_json(),
        replay=record(game, list(bots)) if replay else None,
        stats=game_stats(game),
    )


@dataclass(frozen=True)
class _Chunk:
    spec: GameSpec
    indices: tuple[int, ...]
    replay: bool


def _play_chunk(chunk: _Chunk) -> list[GameOutcome]:
    return [play_one(chunk.spec, i, chunk.replay) for i in chunk.indices]


def _worker_init() -> None:
    # Ctrl-C is handled by the parent, which stops the workers
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _context() -> Any:
    """``fork`` where it is safe and cheap (Linux, no other threads), else ``spawn``."""
    if (
        sys.platform.startswith("linux")
        and "fork" in multiprocessing.get_all_start_methods()
        and threading.active_count() == 1
    ):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


@dataclass
class BatchResult:
    """A batch's settings and its games, in index order.

    ``records`` holds games ``0 .. len(records)-1``: all requested games, or
    after an interruption the games finished before it without a gap.
    """

    variant: str
    players: int
    requested: int
    seed: int | str
    bots: list[str]
    options: dict[str, Any]
    jobs: int
    backend: str
    records: list[GameOutcome]
    elapsed_s: float
    interrupted: bool = False
    #: the indices of the games finished before this run (``done``, ``--resume``):
    #: the speed counts only the others
    earlier: frozenset[int] = frozenset()

    def summary(self) -> dict[str, Any]:
        """The batch as one JSON-ready object (``docs/cli.md``, ``bohn sim --json``).

        Only :data:`TIMING_KEYS` differ between two runs of the same batch.
        ``wins[s]`` counts the games seat ``s`` won (a shared win counts for
        every winner); ``tie_breaks`` the games whose winner a tie-break decided.
        In a game with a house, a rival no seat plays (``Game.HOUSE``: Al
        Cabohne's mafia), ``house`` names it and ``house_wins`` and
        ``house_mean_score`` say how it fared.
        """
        n = self.players
        games = len(self.records)
        wins = [0] * n
        totals = [0] * n
        steps = 0
        tie_breaks = 0
        reasons: dict[str, int] = {}
        for r in self.records:
            for s in r.result["winners"]:
                wins[s] += 1
            for s, score in enumerate(r.result["scores"]):
                totals[s] += score
            steps += r.steps
            tie_breaks += bool(r.result.get("tie_break"))
            reason = r.result["reason"]
            reasons[reason] = reasons.get(reason, 0) + 1
        elapsed = self.elapsed_s
        new = [r for r in self.records if r.index not in self.earlier]
        new_steps = sum(r.steps for r in new)
        extra: dict[str, Any] = {}
        kind = find_variant(self.variant)
        if kind.HOUSE is not None:
            house = [kind.house_score_in(Result.from_json(r.result)) or 0 for r in self.records]
            extra = {
                "house": kind.HOUSE.en,
                "house_wins": sum(1 for r in self.records if not r.result["winners"]),
                "house_mean_score": round(sum(house) / games, 4) if games else 0.0,
            }
        return {
            "variant": self.variant,
            "players": n,
            "games": games,
            "requested": self.requested,
            "seed": self.seed,
            "bots": list(self.bots),
            "options": dict(self.options),
            "jobs": self.jobs,
            "backend": self.backend,
            "wins": wins,
            "mean_scores": [round(t / games, 4) if games else 0.0 for t in totals],
            "mean_steps": round(steps / games, 2) if games else 0.0,
            "tie_breaks": tie_breaks,
            "reasons": dict(sorted(reasons.items())),
            **extra,
            "interrupted": self.interrupted,
            "played": len(new),
            "games_per_s": round(len(new) / elapsed, 2) if elapsed > 0 else 0.0,
            "steps_per_s": round(new_steps / elapsed, 1) if elapsed > 0 else 0.0,
            "elapsed_s": round(elapsed, 3),
        }


def run_batch(
    spec: GameSpec,
    games: int,
    *,
    jobs: int = 1,
    backend: str = "local",
    address: str | None = None,
    replays: bool = False,
    done: Sequence[GameOutcome] = (),
    on_game: Callable[[GameOutcome], Any] | None = None,
    on_progress: Callable[[int, int], Any] | None = None,
) -> BatchResult:
    """Play ``games`` games of the game ``spec`` sets up between bots and
    collect the outcomes: game ``i`` is dealt from a seed derived from the
    spec's seed (the module docstring).

    ``spec.seats`` are the bots, as for :func:`seat_bots`; ``spec.options`` as for :func:`sim_options`
    (the resolved simulation options are reported, not the full game
    options). The ``local`` backend plays chunks of games in ``jobs`` worker
    processes; the ``ray`` backend sends chunks as tasks to the Ray cluster
    at ``address`` (``None``: a Ray instance started on this machine with
    ``jobs`` CPUs). The outcomes are the same for every backend and ``jobs``.

    ``done`` holds games finished by an earlier, interrupted run of the same
    batch (``bohn sim --resume``): they are not played again.
    ``on_game`` is called with each new outcome in index order as soon as
    all earlier games are done (with its replay when ``replays`` is true; the
    returned records never keep replays). ``on_progress(done, games)`` is
    called as games finish, in any order.

    Settings a user can get wrong raise :class:`SetupError` or ``ValueError``
    before any game is played. A ``KeyboardInterrupt`` stops the workers and
    returns the games finished so far with ``interrupted=True``.
    """
    if backend not in BACKENDS:
        raise SetupError(f"unknown backend {backend!r}; backends: {', '.join(BACKENDS)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 0:
        raise SetupError("the number of games must be a non-negative integer")
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1:
        raise SetupError("jobs must be a positive integer")
    if address is not None and backend != "ray":
        raise SetupError("an address is for the ray backend")
    variant, players, seed = spec.variant, spec.players, spec.seed
    cls = find_variant(variant)
    opts = sim_options(cls, dict(spec.options))
    cls.new(players, 0, opts)  # checks the player count and options that depend on it
    specs = seat_bots(spec.seats, players)
    spec = GameSpec(variant, players, seed, opts, tuple(specs))

    records: list[GameOutcome] = []
    pending: dict[int, GameOutcome] = {o.index: o for o in done if o.index < games}
    finished_count = len(pending)
    todo = [i for i in range(games) if i not in pending]

    def finished(outcomes: list[GameOutcome]) -> None:
        nonlocal finished_count
        for o in outcomes:
            pending[o.index] = o
        finished_count += len(outcomes)
        while len(records) in pending:
            o = pending.pop(len(records))
            if on_game is not None and o.index in fresh:
                on_game(o)
            records.append(replace(o, replay=None) if o.replay is not None else o)
        if on_progress is not None and (outcomes or finished_count):
            on_progress(finished_count, games)

    fresh = set(todo)
    finished([])  # the games done before come first (and show in the progress)
    interrupted = False
    start = time.perf_counter()
    try:
        if backend == "ray":
            _run_ray(
                _chunks(spec, todo, replays, jobs, 4),
                address,
                jobs,
                finished,
            )
        elif min(jobs, len(todo)) <= 1:
            with deferred_interrupt() as stop_here:
                for i in todo:
                    finished([play_one(spec, i, replays)])
                    stop_here()
        else:
            chunks = _chunks(spec, todo, replays, jobs, 8)
            pool = _context().Pool(min(jobs, len(todo)), initializer=_worker_init)
            try:
                for outcomes in pool.imap_unordered(_play_chunk, chunks):
                    finished(outcomes)
            except BaseException:
                pool.terminate()
                pool.join()
                raise
            pool.close()
            pool.join()
    except KeyboardInterrupt:
        interrupted = True
    elapsed = time.perf_counter() - start
    return BatchResult(
        variant=variant,
        players=players,
        requested=games,
        seed=seed,
        bots=specs,
        options=opts,
        jobs=jobs,
        backend=backend,
        records=records,
        elapsed_s=elapsed,
        interrupted=interrupted,
        earlier=frozenset(range(games)) - fresh,
    )


def _chunks(
    spec: GameSpec, todo: list[int], replays: bool, workers: int, per_worker: int
) -> list[_Chunk]:
    """``todo`` in chunks of consecutive games, about ``per_worker`` chunks
    per worker (at most :data:`CHUNK_GAMES` games each)."""
    size = max(1, min(CHUNK_GAMES, math.ceil(len(todo) / (max(1, workers) * per_worker))))
    return [_Chunk(spec, tuple(todo[a : a + size]), replays) for a in range(0, len(todo), size)]


def _run_ray(
    chunks: list[_Chunk],
    address: str | None,
    jobs: int,
    finished: Callable[[list[GameOutcome]], None],
) -> None:
    """Play ``chunks`` as Ray tasks, handing each chunk's outcomes to ``finished``."""
    if address is not None:
        check_ray_address(address)
    try:
        import ray
    except ImportError:  # pragma: no cover - ray is a dependency of the sim extra
        raise SetupError("the ray backend needs Ray: pip install 'bohn[sim]'") from None
    started = not ray.is_initialized()
    if started:
        kwargs: dict[str, Any] = {
            "include_dashboard": False,
            "log_to_driver": False,
            "configure_logging": False,
            "logging_level": "ERROR",
        }
        if address is None:
            kwargs["num_cpus"] = jobs
            # Ray's notice that it chose its own (secure) default: not for stderr
            logging.getLogger("ray._private.authentication").setLevel(logging.ERROR)
        else:
            kwargs["address"] = address
            # Ray retries a cluster that does not answer for about 20 s, logging
            # each attempt on stderr: give up sooner, and quietly (a user may
            # set either variable)
            os.environ.setdefault(
                "RAY_gcs_server_port_wait_time_s", str(int(RAY_CONNECT_TIMEOUT_S))
            )
        where = (
            "start a Ray instance here"
            if address is None
            else f"reach the Ray cluster at {address}"
        )
        try:
            with _quiet_stderr():  # Ray's core logs every retry there
                ray.init(**kwargs)
        except (ConnectionError, RuntimeError, TimeoutError, ValueError) as err:
            lines = str(err).strip().splitlines()
            why = f"Ray: {lines[0]}" if lines else type(err).__name__
            if address is not None and isinstance(err, ConnectionError):
                why = "it takes connections, but no Ray cluster answered"
            raise SetupError(f"cannot {where} ({why})") from None
    try:
        play = ray.remote(_play_chunk)
        waiting = [play.remote(c) for c in chunks]
        try:
            # Ctrl-C is taken between two waits, never while a chunk's games
            # are being handed on (the records then hold exactly the games
            # reported); the waits are short, so it is seen at once
            with deferred_interrupt() as stop_here:
                while waiting:
                    ready, waiting = ray.wait(waiting, num_returns=1, timeout=0.2)
                    if ready:
                        finished(ray.get(ready[0]))
                    stop_here()
        except BaseException:
            if address is not None:  # a Ray instance of our own stops with its tasks
                for ref in waiting:
                    ray.cancel(ref, force=True)
            raise
    finally:
        if started:
            # stopping workers mid-task (after Ctrl-C) makes Ray's core log
            # on fd 2 that it could not report their errors: not for the user
            with _quiet_stderr():
                ray.shutdown()


@contextlib.contextmanager
def _quiet_stderr() -> Iterator[None]:
    """File descriptor 2 goes nowhere meanwhile (Ray's core writes to it directly)."""
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


def check_ray_address(address: str, timeout: float = RAY_CONNECT_TIMEOUT_S) -> None:
    """Raise :class:`SetupError` unless the Ray cluster's ``address``
    (``ray://HOST:PORT`` or ``HOST:PORT``; ``auto`` and ``local`` are Ray's
    own) takes a TCP connection within ``timeout`` seconds. Ray itself would
    retry for minutes, logging each attempt.

    >>> check_ray_address("nohost.invalid:1")
    Traceback (most recent call last):
    ...
    bohn.engine.errors.SetupError: cannot reach the Ray cluster at nohost.invalid:1 (no such host)
    """
    import socket

    if address in ("auto", "local"):
        return
    where = address.removeprefix("ray://")
    host, colon, port_text = where.rpartition(":")
    host = host.strip("[]")
    if not colon or not host or not port_text.isdigit() or not 0 < int(port_text) < 65536:
        raise SetupError(
            f"--address {address!r} is not a Ray address: write HOST:PORT or ray://HOST:PORT"
        )
    try:
        socket.create_connection((host, int(port_text)), timeout=timeout).close()
    except socket.gaierror:
        why = "no such host"
    except TimeoutError:
        why = f"no answer within {timeout:g} s"
    except OSError as err:
        why = (err.strerror or str(err)).lower()
    else:
        return
    raise SetupError(f"cannot reach the Ray cluster at {address} ({why})")


def _duration(seconds: float) -> str:
    """A duration for a person: ``4.2 s``, ``42 s``, ``3m05s``, ``2h07m``.

    >>> _duration(4.24), _duration(42.4), _duration(185), _duration(7620)
    ('4.2 s', '42 s', '3m05s', '2h07m')
    """
    if seconds < 9.95:
        return f"{seconds:.1f} s"
    s = int(seconds + 0.5)
    if s < 60:
        return f"{s} s"
    if s < 3600:
        return f"{s // 60}m{s % 60:02d}s"
    return f"{s // 3600}h{s % 3600 // 60:02d}m"


def _rate(per_s: float) -> str:
    """A rate with as many digits as say something: ``1234``, ``64.4``, ``0.0167``.

    >>> _rate(1234.5), _rate(64.43), _rate(0.016666)
    ('1234', '64.4', '0.0167')
    """
    if per_s >= 100:
        return f"{per_s:.0f}"
    if per_s >= 10:
        return f"{per_s:.1f}"
    return f"{per_s:.3g}"


class _Progress:
    """What both kinds of progress share: the run's start, the games done
    before it (``--resume``: :meth:`begin`), and the elapsed time, rate and
    ETA of the games played in this run only."""

    def __init__(self, stream: TextIO, label: str, interval: float) -> None:
        self.stream = stream
        self.label = label
        self.interval = interval
        self.start = time.perf_counter()
        self.last = 0.0
        self.base = 0
        self.drawn = False

    def begin(self, done: int, total: int) -> None:
        """The run goes on with ``done`` of ``total`` games finished before it:
        say so (one line) and leave them out of the rate and the ETA."""
        self.base = done
        self.start = time.perf_counter()
        if done:
            self.note(f"resuming: {done} of {total} {self.label} done")

    def note(self, line: str) -> None:
        """Write ``line`` (a whole line)."""
        self.stream.write(line + "\n")
        self.stream.flush()

    def figures(self, done: int, total: int, now: float) -> str:
        """``done/total label, elapsed, ETA, rate`` of this run."""
        elapsed = now - self.start
        new = max(0, done - self.base)
        rate = new / elapsed if elapsed > 0 else 0.0
        eta = _duration((total - done) / rate) if rate > 0 else "?"
        return (
            f"{done}/{total} {self.label}, {_duration(elapsed)} elapsed, "
            f"ETA {eta if done < total else '-'}, {_rate(rate)} {self.label}/s"
        )


class ProgressBar(_Progress):
    """A one-line progress bar redrawn in place on a terminal stream, and
    erased at the end (the result follows on a clean line).

    Draws at most every ``interval`` seconds (and always at the end), so it
    costs nothing measurable. Use only when ``stream.isatty()``.
    """

    def __init__(
        self,
        stream: TextIO,
        label: str = "games",
        interval: float = 0.1,
        columns: int | None = None,
    ) -> None:
        super().__init__(stream, label, interval)
        #: the terminal's width (default: asked of the terminal, else 80)
        self.columns = columns

    def begin(self, done: int, total: int) -> None:
        """As :meth:`_Progress.begin`, and the bar is drawn at once: the first
        progress shows before any game ends (also with ``--jobs``)."""
        super().begin(done, total)
        self.last = 0.0
        self.update(done, total)

    def update(self, done: int, total: int) -> None:
        """Show ``done`` of ``total``."""
        now = time.perf_counter()
        if done < total and now - self.last < self.interval:
            return
        self.last = now
        columns = self.columns or shutil.get_terminal_size((80, 24)).columns
        width = 20
        filled = width * done // total if total else width
        bar = f"[{'#' * filled}{'.' * (width - filled)}] "
        text = self.figures(done, total, now)
        if len(bar) + len(text) >= columns:  # the figures first: the bar goes if need be
            bar = bar if len(bar) + 24 < columns else ""
            text = text[: max(0, columns - 1 - len(bar))]
        # one line shorter than the terminal, so it never wraps (a wrapped line
        # would scroll at every redraw); ESC [K erases what an earlier one left
        self.stream.write(f"\r{bar}{text}\x1b[K")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """Erase the bar's line (if anything was drawn)."""
        if self.drawn:
            self.stream.write("\r\x1b[K")
            self.stream.flush()
            self.drawn = False


class ProgressLines(_Progress):
    """Progress of a long run on a stream that is not a terminal (a log file,
    a pipe): one line every ``interval`` seconds, the first after ``interval``
    seconds (a short run prints nothing), and one at the end of a run that
    printed any. The line ``resuming: N of G games done`` comes just before
    the first of them (so a short run stays quiet)."""

    def __init__(self, stream: TextIO, label: str = "games", interval: float = 60.0) -> None:
        super().__init__(stream, label, interval)
        self.last = self.start
        self.notes: list[str] = []

    def begin(self, done: int, total: int) -> None:
        super().begin(done, total)
        self.last = self.start

    def note(self, line: str) -> None:
        """Keep ``line`` for the first report."""
        self.notes.append(line)

    def update(self, done: int, total: int) -> None:
        """Report ``done`` of ``total`` if the time has come."""
        now = time.perf_counter()
        if now - self.last < self.interval and not (done >= total and self.drawn):
            return
        self.last = now
        self.stream.write("".join(n + "\n" for n in self.notes))
        self.notes.clear()
        self.stream.write(self.figures(done, total, now) + "\n")
        self.stream.flush()
        self.drawn = True

    def close(self) -> None:
        """Nothing to end: every report is a whole line."""


def progress_for(stream: TextIO, label: str = "games") -> ProgressBar | ProgressLines:
    """A bar redrawn in place on a terminal, else progress lines."""
    return ProgressBar(stream, label) if stream.isatty() else ProgressLines(stream, label)


def format_summary(s: dict[str, Any]) -> str:
    """A readable table of a :meth:`BatchResult.summary`."""
    n = s["players"]
    games = s["games"]
    played = s.get("played", games)
    lines = [
        f"{s['variant']}: {games} games"
        + (f" of {s['requested']}" if games != s["requested"] else "")
        + f", {n} players, seed {s['seed']}, jobs {s['jobs']}",
        "options: "
        + (", ".join(f"{k}={v}" for k, v in sorted(s["options"].items())) or "defaults"),
        "",
        f"{'seat':>4}  {'bot':<16} {'wins':>7} {'win %':>7} {'mean score':>11}",
    ]
    for seat in range(n):
        wins = s["wins"][seat]
        pct = 100.0 * wins / games if games else 0.0
        lines.append(
            f"{seat:>4}  {s['bots'][seat]:<16} {wins:>7} {pct:>6.1f}% {s['mean_scores'][seat]:>11.3f}"
        )
    if "house_wins" in s:
        pct = 100.0 * s["house_wins"] / games if games else 0.0
        lines.append(
            f"{'':>4}  {s['house']:<16} {s['house_wins']:>7} {pct:>6.1f}% "
            f"{s['house_mean_score']:>11.3f}"
        )
    reasons = ", ".join(f"{k} {v}" for k, v in s["reasons"].items()) or "none"
    lines += [
        "",
        f"mean steps {s['mean_steps']:.1f}; tie-breaks {s['tie_breaks']}; ended by: {reasons}",
        (
            f"{games} game{'' if games == 1 else 's'}"
            if played == games
            else f"{played} of the {games} games played (the others resumed)"
        )
        + f" in {s['elapsed_s']:.2f} s: {s['games_per_s']:.1f} games/s, "
        f"{s['steps_per_s']:,.0f} steps/s",
    ]
    return "\n".join(lines)
