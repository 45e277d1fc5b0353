"""How fast the environments run: random legal play through the AEC
environment against the same kind of play on the bare engine.

``measure("sissi", 3, steps=20_000)`` plays random legal actions until
``steps`` steps have been taken (games one after another, seeds 0, 1, ...)
and returns the steps per second of

* ``env``: through :func:`bohn.rl.env` (wrapped as users get it) —
  ``last()`` (the observation's encoding and the action mask), a random
  masked index, ``step()``;
* ``engine``: the bare engine as a random bot plays it — ``legal_actions``,
  a random legal action, ``apply``;
* ``engine_observe``: the same plus ``game.observe(seat)`` at every step, the
  part of the environment's cost that is the engine's own.

``env_calls`` is ``env`` with the time of the agent's pick (the mask's
non-zero indices, a random entry) taken out: the environment's own calls.
The pick lists the indices as the cheapest NumPy way does: the ``int8`` mask
viewed as booleans (``mask.view(np.bool_).nonzero()[0]``), whose scan NumPy
vectorises; ``np.flatnonzero(mask)`` and ``mask.nonzero()`` of the ``int8``
array test each entry on its own, 1.3 and 5.9 µs for a mask of 3,458
(Mutterböhnchen's) against 0.9.
``overhead`` is ``engine / env``: how many times slower the environment is;
``overhead_calls`` is ``engine / env_calls``.
Timing is measurement only; no test depends on it.

``measure_vector("bohnanza", 3, n)`` steps ``n`` self-play games at once
through :func:`bohn.rl.vector_env` (a random masked index per game, picked
for the whole batch by one NumPy arg-max of random scores over the masks)
and returns the game steps per second.

Run ``python -m bohn.rl.bench`` for every ruleset and the batched figures
(``--steps``, ``--vector``, ``--json``). Each ruleset is measured in a process
of its own (:func:`measure_isolated`), as separate benchmarks are:
measured one after another in one process, a ruleset pays for the heap the
ones before it left (their memos and caches, which the garbage collector
walks); ``--in-process`` measures them all in the calling process.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import time
from typing import Any

import numpy as np

from bohn.rl.env import default_players
from bohn.rl.env import env
from bohn.rulesets import DEFAULT_VARIANT
from bohn.rulesets import find_variant
from bohn.sim.runner import next_seat

_BOOL = np.dtype(np.bool_)


def _engine_steps(variant: str, players: int, steps: int, observe: bool) -> float:
    cls = find_variant(variant)
    done = 0
    seed = 0
    rnd = random.Random(0)
    start = time.perf_counter()
    while done < steps:
        game = cls.new(players, seed=seed)
        last = (game.active_seat() - 1) % players
        while done < steps:
            waiting = game.waiting_for()
            if not waiting:
                break
            seat = next_seat(waiting, last, players)
            legal = game.legal_actions(seat)
            if observe:
                game.observe(seat)
            game.apply(seat, legal[int(rnd.random() * len(legal))])
            last = seat
            done += 1
        seed += 1
    return done / (time.perf_counter() - start)


def _env_steps(variant: str, players: int, steps: int) -> tuple[float, float]:
    """Steps per second through the environment, counting the agent's pick of
    a random masked index, and counting only the environment's own calls
    (the time in the pick taken out)."""
    e = env(variant, players)
    rnd = random.Random(0)
    clock = time.perf_counter
    done = 0
    seed = 0
    picking = 0.0
    start = clock()
    while done < steps:
        e.reset(seed=seed)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            assert obs is not None
            t = clock()
            legal = obs["action_mask"].view(_BOOL).nonzero()[0]
            index = int(legal[int(rnd.random() * len(legal))])
            picking += clock() - t
            e.step(index)
            done += 1
            if done >= steps:
                break
        seed += 1
    total = clock() - start
    return done / total, done / (total - picking)


def measure(
    variant: str, players: int | None = None, steps: int = 20_000, repeats: int = 3
) -> dict[str, Any]:
    """Steps per second of random legal play through the environment and on
    the bare engine (see the module docstring): each rate is the best of
    ``repeats`` runs of ``steps`` steps, the three kinds of run taking turns,
    so that other work on the machine disturbs them alike."""
    from bohn import _native

    if players is None:
        players = default_players(variant)
    env_rate = env_calls = engine = engine_obs = 0.0
    for _ in range(max(1, repeats)):
        rate, calls = _env_steps(variant, players, steps)
        env_rate = max(env_rate, rate)
        env_calls = max(env_calls, calls)
        engine = max(engine, _engine_steps(variant, players, steps, observe=False))
        engine_obs = max(engine_obs, _engine_steps(variant, players, steps, observe=True))
    return {
        "variant": variant,
        "players": players,
        "steps": steps,
        "repeats": repeats,
        "native": _native.ACTIVE,
        "env": round(env_rate),
        "env_calls": round(env_calls),
        "engine": round(engine),
        "engine_observe": round(engine_obs),
        "overhead": round(engine / env_rate, 2),
        "overhead_calls": round(engine / env_calls, 2),
        "overhead_vs_observe": round(engine_obs / env_rate, 2),
    }


def measure_vector(
    variant: str, players: int | None, n: int, steps: int = 20_000, repeats: int = 3
) -> dict[str, Any]:
    """Game steps per second of ``n`` self-play games stepped together
    (:func:`bohn.rl.vector_env`), the best of ``repeats`` runs of at least
    ``steps`` game steps."""
    from bohn.rl.vector import VectorEnv

    if players is None:
        players = default_players(variant)
    best = 0.0
    for r in range(max(1, repeats)):
        venv = VectorEnv(variant, players, n)
        rng = np.random.default_rng(r)
        obs, _ = venv.reset(seed=0)
        calls = max(1, -(-steps // n))
        start = time.perf_counter()
        for _ in range(calls):
            mask = obs["action_mask"]
            actions = np.argmax(rng.random(mask.shape) * mask, axis=1)
            obs, _, _, _, _ = venv.step(actions)
        best = max(best, calls * n / (time.perf_counter() - start))
    return {"variant": variant, "players": players, "n": n, "steps_per_s": round(best)}


def measure_isolated(variant: str, steps: int = 20_000, repeats: int = 3) -> dict[str, Any]:
    """:func:`measure` in a process of its own (this interpreter, this
    environment, so the same build): one ruleset's figures are not paid for by
    what the ones before it left on the heap (their memos and caches, which
    Python's garbage collector walks), as separate benchmarks are run."""
    code = (
        "import json, sys\n"
        "from bohn.rl.bench import measure\n"
        f"print(json.dumps(measure({variant!r}, None, {int(steps)}, {int(repeats)})))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    if done.returncode:
        lines = done.stderr.strip().splitlines() or [f"exit code {done.returncode}"]
        raise RuntimeError(f"the bench of {variant} failed: {lines[-1]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> None:
    from bohn.rulesets import VARIANTS

    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("variants", nargs="*", default=list(VARIANTS))
    p.add_argument("--steps", type=int, default=20_000)
    p.add_argument("--repeats", type=int, default=3, help="best of this many runs")
    p.add_argument(
        "--vector",
        default=f"{DEFAULT_VARIANT}:3",
        help="VARIANT:PLAYERS of the batched figures (n = 1, 64, 1024); '' for none",
    )
    p.add_argument(
        "--in-process",
        action="store_true",
        help="measure every ruleset in this process (default: each in a process of its own)",
    )
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    for v in args.variants:
        if v not in VARIANTS:
            p.error(f"unknown ruleset {v!r}; rulesets: {', '.join(VARIANTS)}")
    if args.steps < 1 or args.repeats < 1:
        p.error("--steps and --repeats must be at least 1")
    if args.in_process:
        rows = [measure(v, None, args.steps, args.repeats) for v in args.variants]
    else:
        rows = [measure_isolated(v, args.steps, args.repeats) for v in args.variants]
    vrows: list[dict[str, Any]] = []
    if args.vector:
        vv, _, vp = args.vector.partition(":")
        for n in (1, 64, 1024):
            vrows.append(measure_vector(vv, int(vp) if vp else None, n, args.steps, args.repeats))
    if args.json:
        print(json.dumps({"env": rows, "vector": vrows}, indent=1))
        return
    print(
        "| ruleset | players | engine step µs | env step µs | overhead | env steps/s | "
        "engine steps/s | env calls only steps/s | engine + observe steps/s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['variant']} | {r['players']} | {1e6 / r['engine']:.2f} | "
            f"{1e6 / r['env']:.2f} | {r['overhead']}x | {r['env']:,} | {r['engine']:,} | "
            f"{r['env_calls']:,} | {r['engine_observe']:,} |"
        )
    if vrows:
        print()
        print("| vector_env | players | n | game steps/s |")
        print("|---|---|---|---|")
        for r in vrows:
            print(f"| {r['variant']} | {r['players']} | {r['n']:,} | {r['steps_per_s']:,} |")


if __name__ == "__main__":
    main()
