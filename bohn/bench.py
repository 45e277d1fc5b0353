"""The performance harness behind ``bohn bench``.

Plays complete games on one core between ``random`` bots (the cheapest
bots, so the numbers are dominated by the engine) with the simulation
defaults (``trade_cap=2``), and measures:

* ``games_per_s`` — complete games per second, bots and scheduling included;
* ``steps_per_s`` — engine steps per second in the same games, where a step
  is one ``legal_actions`` for the deciding seat plus one ``apply`` (the time
  the bots spend choosing is left out);
* ``clone_us``, ``observe_us``, ``legal_actions_us`` — the mean cost of one
  ``clone()``, one ``observe(seat)`` and one ``legal_actions(seat)`` on
  states sampled from the middle of those games.

Numbers depend on the machine; compare runs on the same machine only. Timing
is never part of a pass/fail test.
"""

from __future__ import annotations

import platform
import time
from typing import Any

from bohn.bots.base import SeatView
from bohn.engine.game import Game
from bohn.engine.rng import derive_seed
from bohn.rulesets import find_variant
from bohn.sim.batch import seat_bots, sim_options
from bohn.sim.runner import MAX_STEPS, make_bots, next_seat

#: games played when neither a number of games nor a time budget is given
DEFAULT_GAMES = 20
#: a mid-game state is sampled every this many steps for the micro-benchmarks
SAMPLE_EVERY = 97
#: how often each sampled state is cloned / observed / asked for legal actions
REPEAT = 20


def _play_timed(game: Game, seed: int, samples: list[Game]) -> tuple[int, float]:
    """Play ``game`` to the end with random bots; return (steps, engine seconds).

    Engine seconds cover ``legal_actions`` and ``apply`` only. Every
    :data:`SAMPLE_EVERY` steps a clone of the state is put in ``samples``.
    """
    n = game.n
    bots = make_bots(["random"] * n, seed)
    last = (getattr(game, "active", 0) - 1) % n
    clock = time.perf_counter
    engine = 0.0
    steps = 0
    while True:
        waiting = game.waiting_for()
        if not waiting:
            return steps, engine
        if steps >= MAX_STEPS:
            raise RuntimeError(f"the game did not end within {MAX_STEPS} steps")
        seat = next_seat(waiting, last, n)
        t0 = clock()
        legal = game.legal_actions(seat)
        t1 = clock()
        action = bots[seat].act(SeatView(seat, legal, lambda s=seat: game.observe(s)))  # type: ignore[misc]
        t2 = clock()
        game.apply(seat, action)
        t3 = clock()
        engine += (t1 - t0) + (t3 - t2)
        last = seat
        steps += 1
        if steps % SAMPLE_EVERY == 0:
            samples.append(game.clone())


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


def run_bench(
    variant: str = "bohnanza",
    players: int = 4,
    games: int | None = None,
    seconds: float | None = None,
    seed: int = 0,
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
    cls = find_variant(variant)
    options = sim_options(cls, None)
    cls.new(players, 0, options)  # checks the player count
    seat_bots(["random"], players)

    samples: list[Game] = []
    played = 0
    steps = 0
    engine = 0.0
    start = time.perf_counter()
    while True:
        seed_i = derive_seed(seed, played)
        game = cls.new(players, seed_i, options)
        s, e = _play_timed(game, seed_i, samples)
        steps += s
        engine += e
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
        "games_per_s": round(played / elapsed, 2),
        "steps_per_s": round(steps / engine, 1) if engine > 0 else 0.0,
        "clone_us": round(clone_us, 2),
        "observe_us": round(observe_us, 2),
        "legal_actions_us": round(legal_us, 2),
        "samples": len(samples),
        "engine": __version__,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
    }


def format_bench(b: dict[str, Any]) -> str:
    """A readable report of :func:`run_bench`'s numbers."""
    return "\n".join(
        [
            f"{b['variant']}, {b['players']} random bots, "
            + ", ".join(f"{k}={v}" for k, v in sorted(b["options"].items())),
            f"  games          {b['games']} in {b['elapsed_s']:.2f} s"
            f" ({b['games_per_s']:.2f} games/s, {b['mean_steps']:.0f} steps/game)",
            f"  engine steps   {b['steps_per_s']:,.0f} steps/s (legal_actions + apply)",
            f"  clone          {b['clone_us']:.1f} us",
            f"  observe        {b['observe_us']:.1f} us",
            f"  legal_actions  {b['legal_actions_us']:.1f} us",
            f"  ({b['samples']} mid-game states sampled; bohn {b['engine']}, {b['python']})",
        ]
    )
