"""Parametrisation of the conformance suite.

A test that takes ``config`` runs once per registered variant and player
count (:data:`games.CONFIGS`); ``full_seed`` and ``cheap_seed`` add the seeds
of the games checked in full and cheaply at every step.

How many of each run (``tests/passes.py``, ``docs/testing.md``):

* the compiled pass checks one game of every configuration in full and
  :data:`CHEAP_GAMES` cheaply;
* the pure-Python pass (``BOHN_NATIVE=0``) runs the same sources without the
  compiled build, so it checks in full one game of each ruleset and game
  option at its fewest players, and one game of every configuration cheaply;
* a soak run (``BOHN_SOAK=1``) checks :data:`games.FULL_GAMES` games of every
  configuration in full and :data:`SOAK_CHEAP_GAMES` cheaply
  (``BOHN_SOAK=N``: ``N`` cheaply).
"""

from __future__ import annotations

import pytest
from passes import PURE, SOAK, SOAK_GAMES, per_run

from .games import CONFIGS, FULL_GAMES, Config

#: games per configuration checked cheaply at every step in the compiled pass
CHEAP_GAMES = 4
#: ... in a soak run
SOAK_CHEAP_GAMES = 200


def cheap_games() -> int:
    return SOAK_GAMES or per_run(CHEAP_GAMES, pure=1, soak=SOAK_CHEAP_GAMES)


def full_configs() -> list[Config]:
    """The configurations whose games are checked in full in this run."""
    if not PURE or SOAK:
        return CONFIGS
    fewest: dict[tuple[str, tuple[object, ...]], Config] = {}
    for c in CONFIGS:
        key = (c.variant, c.rule_options)
        if key not in fewest or c.players < fewest[key].players:
            fewest[key] = c
    return list(fewest.values())


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "config" in metafunc.fixturenames:
        configs = full_configs() if "full_seed" in metafunc.fixturenames else CONFIGS
        metafunc.parametrize("config", configs, ids=[str(c) for c in configs])
    if "full_seed" in metafunc.fixturenames:
        metafunc.parametrize("full_seed", range(per_run(1, soak=FULL_GAMES)))
    if "cheap_seed" in metafunc.fixturenames:
        seeds = range(FULL_GAMES, FULL_GAMES + cheap_games())
        metafunc.parametrize("cheap_seed", seeds)
