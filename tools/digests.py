"""Digests of seeded games through every public surface, to prove a change
keeps behaviour.

``python tools/digests.py --out tests/data/digests.json`` plays, for every ruleset, player count
and game option that makes a game variant (Cognac, Pub):

* ``sim``: the records ``bohn sim`` writes (``bohn.sim.batch.play_one``) of
  seeded games with ``random`` bots, one with ``greedy`` bots and one with an
  ``ismcts`` seat (a short search), with the finished game's ``to_json()`` and
  every seat's and the spectator's ``events()``;
* ``play``: the whole terminal session (``bohn.play.main``, the full layout) of a seeded game in
  which the person always takes the first listed action and asks for the log
  now and then;
* ``rl``: the research environment's observation and mask bytes of every step
  of a seeded game (``bohn.rl.env``), the first legal index always taken.

Each entry is a SHA-256. ``--check FILE`` compares against an earlier run and
exits 1 naming each entry that differs. ``--only VARIANT`` narrows the run.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import itertools
import json
import sys
from collections.abc import Iterator
from typing import Any

from bohn.rulesets import VARIANTS
from bohn.sim.batch import play_one

#: option sets that make a different game (besides the defaults)
GAME_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "high-bohn": [{"cognac": True}],
    "prohibohn": [{"pub": True}],
}
RANDOM_GAMES = 2
#: the terminal session answers "1" to every question but every LOG_EVERY-th
LOG_EVERY = 37
MAX_ANSWERS = 20_000


def _sha(obj: Any) -> str:
    return hashlib.sha256(json.dumps(obj, sort_keys=True).encode()).hexdigest()


def configs(only: str | None) -> Iterator[tuple[str, int, dict[str, Any]]]:
    for variant, cls in VARIANTS.items():
        if only is not None and variant != only:
            continue
        for players in cls.allowed_players():
            for opts in [{}, *GAME_OPTIONS.get(variant, [])]:
                yield variant, players, opts


def _sim_options(variant: str, opts: dict[str, Any]) -> dict[str, Any]:
    cls = VARIANTS[variant]
    caps = {"trade_cap": 2} if "trade_cap" in cls.OPTIONS else {}
    return {**caps, **opts}


def sim_digest(variant: str, players: int, opts: dict[str, Any], bots: list[str], i: int) -> str:
    from bohn.engine.replay import record
    from bohn.engine.rng import derive_seed
    from bohn.rulesets import find_variant
    from bohn.sim.runner import make_bots, play_game

    options = _sim_options(variant, opts)
    out = play_one(variant, players, options, bots, 7, i)
    seed = derive_seed(7, i)
    game = find_variant(variant).new(players, seed, options)
    play_game(game, make_bots(bots, seed))
    events = {str(s): list(game.events(s)) for s in [*range(players), None]}
    return _sha(
        {
            "outcome": [out.seed, out.steps, out.result, out.stats],
            "game": game.to_json(),
            "events": events,
            "replay": record(game, list(bots)),
        }
    )


def play_digest(variant: str, players: int, opts: dict[str, Any], bots: str) -> str:
    from bohn.play import main

    out = io.StringIO()
    count = itertools.count(1)

    def answer(prompt: str) -> str:
        n = next(count)
        out.write(prompt)
        if n > MAX_ANSWERS:
            raise EOFError
        return "log" if n % LOG_EVERY == 0 else "1"

    code = main(variant, players, 0, [bots], 3, dict(opts), input_fn=answer, out=out, layout="full")
    return _sha([code, out.getvalue()])


def rl_digest(variant: str, players: int, opts: dict[str, Any]) -> str:
    import numpy as np

    from bohn.rl import env as make_env

    e = make_env(variant, players, **opts)
    e.reset(seed=5)
    h = hashlib.sha256()
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, _ = e.last()
        h.update(agent.encode())
        h.update(obs["observation"].tobytes())
        h.update(obs["action_mask"].tobytes())
        h.update(repr(float(reward)).encode())
        if term or trunc:
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
    return h.hexdigest()


def run(only: str | None, parts: set[str]) -> dict[str, str]:
    digests: dict[str, str] = {}
    first: set[str] = set()
    for variant, players, opts in configs(only):
        name = f"{variant}/{players}" + "".join(f"/{k}={v}" for k, v in sorted(opts.items()))
        print(name, file=sys.stderr, flush=True)
        if "sim" in parts:
            for i in range(RANDOM_GAMES):
                digests[f"{name}/sim/random/{i}"] = sim_digest(
                    variant, players, opts, ["random"] * players, i
                )
            digests[f"{name}/sim/greedy"] = sim_digest(
                variant, players, opts, ["greedy"] * players, 0
            )
            if variant not in first:  # one search game per ruleset (a search is slow)
                bots = ["ismcts:iterations=3", *["random"] * (players - 1)]
                digests[f"{name}/sim/ismcts"] = sim_digest(variant, players, opts, bots, 0)
        if "play" in parts:
            digests[f"{name}/play/random"] = play_digest(variant, players, opts, "random")
            if variant not in first:
                digests[f"{name}/play/greedy"] = play_digest(variant, players, opts, "greedy")
        if "rl" in parts:
            digests[f"{name}/rl"] = rl_digest(variant, players, opts)
        first.add(variant)
    return digests


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--out", help="write the digests to this JSON file")
    ap.add_argument("--check", help="compare with the digests of this JSON file")
    ap.add_argument("--only", help="one ruleset id")
    ap.add_argument("--parts", default="sim,play,rl", help="of sim, play, rl (default: all)")
    args = ap.parse_args()
    digests = run(args.only, set(args.parts.split(",")))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump(digests, f, indent=1, sort_keys=True)
            f.write("\n")
    if args.check:
        with open(args.check, encoding="utf-8") as f:
            before: dict[str, str] = json.load(f)
        differ = sorted(k for k in digests if k in before and before[k] != digests[k])
        missing = sorted(k for k in digests if k not in before)
        for k in differ:
            print(f"differs: {k}")
        for k in missing:
            print(f"not in {args.check}: {k}")
        print(f"{len(digests) - len(differ) - len(missing)} equal, {len(differ)} differ")
        if differ:
            sys.exit(1)


if __name__ == "__main__":
    main()
