"""Same seed and bots, same game: with the global generators disturbed between
steps, and in processes with different ``PYTHONHASHSEED``."""

from __future__ import annotations

import importlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from passes import PURE

from bohn.engine.actions import Action
from bohn.engine.game import Game

from .digest import digest
from .digest import game_record
from .games import CONFIGS
from .games import Config

ROOT = Path(__file__).resolve().parents[2]

#: the determinism of the sources, which both builds run: once a run, in the
#: compiled pass, where it costs a third of the pure pass's time
pytestmark = pytest.mark.skipif(PURE, reason="in the compiled pass: both builds run these sources")


def disturb(step: int) -> None:
    """Reseed and draw from every global generator there is."""
    random.seed(step * 7919 + 13)
    random.random()
    random.shuffle(list(range(step % 17)))
    try:
        np = importlib.import_module("numpy")
    except ImportError:
        return
    np.random.seed(step % 2**32)
    np.random.random()


def disturbed_record(config: Config, seed: int) -> dict[str, Any]:
    """The record of game ``seed`` played with the global generators
    disturbed (:func:`disturb`) before every step."""
    steps = 0

    def noisy(game: Game, seat: int | None, action: Action | None) -> None:
        nonlocal steps
        steps += 1
        disturb(steps)

    return game_record(config.play(seed, noisy))


def test_same_seed_same_game(config: Config) -> None:
    first = game_record(config.play(7))
    second = game_record(config.play(7))
    assert first == second
    other = game_record(config.play(8))
    assert other["actions"] != first["actions"], "two seeds gave the same game"


def test_global_generators_do_not_matter(config: Config) -> None:
    plain = game_record(config.play(11))
    random.seed(12345)
    disturbed = disturbed_record(config, 11)
    assert disturbed == plain, "the game depends on the global random generators"


def run_digests(games: list[list[Any]], hash_seed: str) -> list[str]:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH")]))
    out = subprocess.run(
        [sys.executable, str(Path(__file__).with_name("digest.py")), json.dumps(games)],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
        check=True,
    )
    digests: list[str] = json.loads(out.stdout)
    return digests


def test_hash_seed_does_not_matter() -> None:
    """Every configuration, in two processes with different string hashing."""
    games: list[list[Any]] = [[c.variant, c.players, 3, c.options] for c in CONFIGS]
    here = [digest(*g) for g in games]
    assert len(set(here)) == len(here)
    assert run_digests(games, "0") == here
    assert run_digests(games, "12345") == here
