"""Parametrisation of the conformance suite.

A test that takes ``config`` runs once per registered variant and player
count (:data:`games.CONFIGS`); ``full_seed`` and ``cheap_seed`` add the seeds
of the games checked in full and cheaply at every step.

How many of each run (``tests/passes.py``, ``docs/testing.md``):

* every configuration's game checked in full once a run: each ruleset and
  game option at its fewest players in the pure-Python pass
  (``BOHN_NATIVE=0``), the others in the compiled pass (the two builds run
  the same sources, and games checked in full are the suite's longest);
  in full at every :data:`PURE_FULL_EVERY`-th step of the pure pass and
  every :data:`COMPILED_FULL_EVERY`-th of the compiled one, cheaply at the
  steps between;
* :data:`CHEAP_GAMES` seeds of every configuration are checked cheaply
  between the two passes: the pure pass plays the first
  (:data:`PURE_CHEAP_GAMES`), the compiled pass the others (the same game
  on the same seed in both passes would check the same sources twice; the
  golden transcripts and the compiled-versus-pure checks tie the builds);
* the determinism tests run in the compiled pass only (they test the
  sources, which both builds run);
* a soak run (``BOHN_SOAK=1``) checks :data:`games.FULL_GAMES` games of every
  configuration in full at every step and :data:`SOAK_CHEAP_GAMES` cheaply
  (``BOHN_SOAK=N``: ``N`` cheaply).
"""

from __future__ import annotations

import pytest
from passes import PURE
from passes import SOAK
from passes import SOAK_GAMES
from passes import per_run

from .games import CONFIGS
from .games import FULL_GAMES
from .games import Config

#: seeds per configuration checked cheaply at every step, the two passes together
CHEAP_GAMES = 3
#: ... of them, those the pure pass plays (the compiled pass plays the rest)
PURE_CHEAP_GAMES = 1
#: ... in a soak run
SOAK_CHEAP_GAMES = 200
#: the compiled pass checks its games in full at every this many steps
COMPILED_FULL_EVERY = 6
#: ... the pure pass
PURE_FULL_EVERY = 5


def cheap_seeds() -> range:
    """The seeds of this run's cheaply checked games: in a soak run
    :data:`SOAK_CHEAP_GAMES` (or ``BOHN_SOAK=N``), else the pure pass's
    :data:`PURE_CHEAP_GAMES` and the compiled pass's others of :data:`CHEAP_GAMES`
    (after the seeds of the games checked in full)."""
    if SOAK:
        return range(FULL_GAMES, FULL_GAMES + (SOAK_GAMES or SOAK_CHEAP_GAMES))
    first = FULL_GAMES if PURE else FULL_GAMES + PURE_CHEAP_GAMES
    return range(first, FULL_GAMES + (PURE_CHEAP_GAMES if PURE else CHEAP_GAMES))


def full_configs() -> list[Config]:
    """The configurations whose games are checked in full in this run: the
    fewest players of each ruleset and option in the pure pass, the rest in
    the compiled pass, all of them in a soak run."""
    if SOAK:
        return CONFIGS
    fewest: dict[tuple[str, tuple[object, ...]], Config] = {}
    for c in CONFIGS:
        key = (c.variant, c.rule_options)
        if key not in fewest or c.players < fewest[key].players:
            fewest[key] = c
    pure = list(fewest.values())
    return pure if PURE else [c for c in CONFIGS if c not in pure]


@pytest.fixture
def full_every() -> int:
    """Every how many steps a game is checked in full (the cheap checks between)."""
    if SOAK:
        return 1
    return PURE_FULL_EVERY if PURE else COMPILED_FULL_EVERY


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "config" in metafunc.fixturenames:
        configs = full_configs() if "full_seed" in metafunc.fixturenames else CONFIGS
        metafunc.parametrize("config", configs, ids=[str(c) for c in configs])
    if "full_seed" in metafunc.fixturenames:
        metafunc.parametrize("full_seed", range(per_run(1, soak=FULL_GAMES)))
    if "cheap_seed" in metafunc.fixturenames:
        metafunc.parametrize("cheap_seed", cheap_seeds())
