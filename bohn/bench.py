"""The performance harness behind ``bohn bench``.

Plays complete games on one core between ``random`` bots (the cheapest
bots, so the numbers are dominated by the engine) with the simulation
defaults (``trade_cap=2``), and measures:

* ``games_per_s`` — complete games per second, bots and scheduling included
  (the time of :func:`bohn.sim.runner.play_game` alone);
* ``steps_per_s`` — engine steps per second in the same games, where a step
  is one ``legal_actions`` for the deciding seat plus one ``apply``: the
  games' recorded actions are given again to new games with the same seeds,
  under one clock, so the bots' time and per-step timers are left out;
* ``clone_us``, ``observe_us``, ``legal_actions_us`` — the mean cost of one
  ``clone()``, one ``observe(seat)`` and one ``legal_actions(seat)`` on
  states sampled from the middle of those games;
* ``infostate_steps_per_s`` and ``world_us`` — what search bots pay for
  hidden information (``docs/infostate.md``): steps per second of an
  ``InfoTracker`` following the first game for seat 0, and the mean cost of
  one world dealt from it (``sample``) on the mid-game states;
* ``ismcts_playouts_per_s`` and ``ismcts_ms`` — the ``ismcts`` bot at its
  defaults (``docs/bots.md``): playouts per second, and the mean time of a
  decision, over its decisions for the first waiting seat with a choice on
  (at most ``searches``, by default :data:`SEARCHES`, of) the mid-game
  states; ``searches=0`` leaves the search out (both numbers ``None``).

Numbers depend on the machine; compare runs on the same machine only. Timing
is never part of a pass/fail test.
"""

from __future__ import annotations

import platform
import time
from typing import Any

from bohn import _native as native
from bohn.engine.game import Game
from bohn.engine.rng import derive_seed
from bohn.rulesets import DEFAULT_VARIANT
from bohn.rulesets import find_variant
from bohn.sim.batch import seat_bots
from bohn.sim.batch import sim_options
from bohn.sim.runner import make_bots
from bohn.sim.runner import play_game

#: games played when neither a number of games nor a time budget is given
DEFAULT_GAMES = 20
#: a mid-game state is sampled every this many steps for the micro-benchmarks
SAMPLE_EVERY = 97
#: how often each sampled state is cloned / observed / asked for legal actions
REPEAT = 20
#: mid-game states on which the ``ismcts`` bot decides, by default
SEARCHES = 3


def _play(game: Game, seed: int) -> int:
    """Play ``game`` to the end with random bots (the simulation runner); return
    the number of steps."""
    return play_game(game, make_bots(["random"] * game.n, seed))


def _engine_seconds(cls: type[Game], game: Game, samples: list[Game]) -> float:
    """Seconds the engine alone takes for ``game``'s steps: a new game with the
    same seed is given, step by step, the deciding seat's ``legal_actions``
    and the recorded action's ``apply`` — under one clock, so that no timer
    runs per step. Every :data:`SAMPLE_EVERY` steps a clone of the state is
    then put in ``samples`` (on a second, untimed pass)."""
    actions = game.actions()
    fresh = cls.new(game.n, game.seed, game.options)
    clock = time.perf_counter
    t0 = clock()
    for seat, action in actions:
        fresh.legal_actions(seat)
        fresh.apply(seat, action)
    seconds = clock() - t0
    again = cls.new(game.n, game.seed, game.options)
    for i, (seat, action) in enumerate(actions, 1):
        again.apply(seat, action)
        if i % SAMPLE_EVERY == 0:
            samples.append(again.clone())
    return seconds


def _mean_us(samples: list[Game], op: Any, calls: int) -> float:
    """Mean microseconds of one call, when ``op(game)`` makes ``calls`` calls in
    all over the samples; each sample is run :data:`REPEAT` times."""
    if calls == 0:
        return 0.0
    clock = time.perf_counter
    total = 0.0
    for g in samples:
        t0 = clock()
        for _ in range(REPEAT):
            op(g)
        total += clock() - t0
    return 1e6 * total / (calls * REPEAT)


def _infostate_costs(game: Game, samples: list[Game]) -> tuple[float, float]:
    """Seconds an :class:`~bohn.engine.infostate.InfoTracker` for seat 0 takes
    to follow ``game`` from its start, and the mean microseconds of one world
    sampled from trackers on (at most 8 of) ``samples``."""
    from bohn.engine.infostate import InfoTracker

    clock = time.perf_counter
    t0 = clock()
    InfoTracker(game, 0)
    track = clock() - t0
    trackers = [InfoTracker(g, 0) for g in samples[:8] if not g.is_over]
    total = 0.0
    for t in trackers:
        t.sample(0)  # the position, computed once per step
        t0 = clock()
        for i in range(REPEAT):
            t.sample(i)
        total += clock() - t0
    return track, (1e6 * total / (len(trackers) * REPEAT) if trackers else 0.0)


def _search_costs(samples: list[Game], searches: int) -> tuple[float, float]:
    """Playouts per second of the ``ismcts`` bot at its defaults, and the mean
    milliseconds of one of its decisions, on (at most ``searches`` of)
    ``samples``: the first waiting seat with a choice decides on each."""
    from bohn.bots.base import seat_view
    from bohn.bots.ismcts import IsmctsBot

    bot = IsmctsBot(0)
    seconds = 0.0
    decisions = 0
    for g in samples:
        if decisions >= searches:
            break
        seat = next((s for s in sorted(g.waiting_for()) if len(g.legal_actions(s)) > 1), None)
        if seat is None:
            continue
        view = seat_view(g, seat, bot, {})  # the tracker is built outside the clock
        t0 = time.perf_counter()
        bot.act(view)
        seconds += time.perf_counter() - t0
        decisions += 1
    if not decisions or seconds <= 0:
        return 0.0, 0.0
    return bot.total_iterations / seconds, 1000 * seconds / decisions


def run_bench(
    variant: str = DEFAULT_VARIANT,
    players: int = 4,
    games: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
    searches: int = SEARCHES,
) -> dict[str, Any]:
    """Run the benchmark and return its numbers as one JSON-ready object.

    Plays ``games`` games, or as many as fit in ``seconds`` (at least one),
    or whichever limit comes first when both are given; :data:`DEFAULT_GAMES`
    when neither is. Game ``i`` is seeded ``derive_seed(seed, i)``, so the
    work done is the same from run to run. Bad settings raise
    :class:`~bohn.engine.errors.SetupError`.
    """
    from bohn import __version__
    from bohn.engine.errors import SetupError

    if games is None and seconds is None:
        games = DEFAULT_GAMES
    if games is not None and games < 1:
        raise SetupError("the benchmark needs at least one game")
    if seconds is not None and seconds <= 0:
        raise SetupError("the time budget must be positive")
    if searches < 0:
        raise SetupError("the number of searches cannot be negative")
    cls = find_variant(variant)
    options = sim_options(cls, None)
    cls.new(players, 0, options)  # checks the player count
    seat_bots(["random"], players)

    samples: list[Game] = []
    played = 0
    steps = 0
    engine = 0.0
    playing = 0.0
    start = time.perf_counter()
    while True:
        seed_i = derive_seed(seed, played)
        game = cls.new(players, seed_i, options)
        t0 = time.perf_counter()
        steps += _play(game, seed_i)
        playing += time.perf_counter() - t0
        engine += _engine_seconds(cls, game, samples)
        if played == 0:
            first = game
        played += 1
        elapsed = time.perf_counter() - start
        if games is not None and played >= games:
            break
        if seconds is not None and elapsed >= seconds:
            break

    def observe_all(g: Game) -> None:
        for seat in range(g.n):
            g.observe(seat)

    def legal_waiting(g: Game) -> None:
        for seat in g.waiting_for():
            g.legal_actions(seat)

    clone_us = _mean_us(samples, lambda g: g.clone(), len(samples))
    track_s, world_us = _infostate_costs(first, samples)
    search = _search_costs(samples, searches) if searches else None
    observe_us = _mean_us(samples, observe_all, sum(g.n for g in samples))
    legal_us = _mean_us(samples, legal_waiting, sum(len(g.waiting_for()) for g in samples))
    return {
        "variant": variant,
        "players": players,
        "bots": ["random"] * players,
        "options": options,
        "games": played,
        "steps": steps,
        "mean_steps": round(steps / played, 2),
        "elapsed_s": round(elapsed, 3),
        "games_per_s": round(played / playing, 2),
        "steps_per_s": round(steps / engine, 1) if engine > 0 else 0.0,
        "clone_us": round(clone_us, 2),
        "observe_us": round(observe_us, 2),
        "legal_actions_us": round(legal_us, 2),
        "infostate_steps_per_s": round(first.seq / track_s, 1) if track_s > 0 else 0.0,
        "world_us": round(world_us, 2),
        "ismcts_playouts_per_s": None if search is None else round(search[0], 1),
        "ismcts_ms": None if search is None else round(search[1], 2),
        "samples": len(samples),
        "engine": __version__,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "native": native.ACTIVE,
    }


def format_bench(b: dict[str, Any]) -> str:
    """A readable report of :func:`run_bench`'s numbers."""
    return "\n".join(
        [
            f"{b['variant']}, {b['players']} random bot{'' if b['players'] == 1 else 's'}"
            + "".join(f", {k}={v}" for k, v in sorted(b["options"].items())),
            f"  games          {b['games']} in {b['elapsed_s']:.2f} s"
            f" ({b['games_per_s']:.2f} games/s, {b['mean_steps']:.0f} steps/game)",
            f"  engine steps   {b['steps_per_s']:,.0f} steps/s (legal_actions + apply)",
            f"  clone          {b['clone_us']:.1f} us",
            f"  observe        {b['observe_us']:.1f} us",
            f"  legal_actions  {b['legal_actions_us']:.1f} us",
            f"  infostate      {b['infostate_steps_per_s']:,.0f} steps/s followed for one seat,"
            f" {b['world_us']:.1f} us a world",
            (
                "  ismcts         not measured (--searches 0)"
                if b["ismcts_ms"] is None
                else f"  ismcts         {b['ismcts_playouts_per_s']:,.0f} playouts/s,"
                f" {b['ismcts_ms']:.0f} ms a decision (defaults)"
            ),
            f"  ({b['samples']} mid-game states sampled; bohn {b['engine']}, {b['python']}, "
            + ("compiled engine)" if b.get("native") else "pure-Python engine)"),
        ]
    )
