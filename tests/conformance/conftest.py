"""Parametrisation of the conformance suite.

A test that takes ``config`` runs once per registered variant and player
count (:data:`games.CONFIGS`); ``full_seed`` and ``cheap_seed`` add the seeds
of the games checked in full and cheaply at every step.

``BOHN_SOAK=N`` (environment) makes the cheaply checked games ``N`` per
configuration instead of :data:`CHEAP_GAMES`: a soak run.

The pure-Python pass (``BOHN_NATIVE=0``) checks the first of the fully
checked games of each configuration; the compiled pass checks all of them.
Both passes run the same sources, and fully checked games are the suite's
longest tests, longest of all in pure Python.
"""

from __future__ import annotations

import os

import pytest

from .games import CONFIG_IDS, CONFIGS, FULL_GAMES

#: games per configuration checked cheaply at every step, unless ``BOHN_SOAK`` is set
CHEAP_GAMES = 4


def cheap_games() -> int:
    soak = os.environ.get("BOHN_SOAK", "").strip()
    return int(soak) if soak else CHEAP_GAMES


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "config" in metafunc.fixturenames:
        metafunc.parametrize("config", CONFIGS, ids=CONFIG_IDS)
    if "full_seed" in metafunc.fixturenames:
        pure = os.environ.get("BOHN_NATIVE") == "0"
        once = pytest.mark.skip(reason="checked in full in the compiled pass")
        metafunc.parametrize(
            "full_seed",
            [pytest.param(s, marks=once if pure and s > 0 else ()) for s in range(FULL_GAMES)],
        )
    if "cheap_seed" in metafunc.fixturenames:
        seeds = range(FULL_GAMES, FULL_GAMES + cheap_games())
        metafunc.parametrize("cheap_seed", seeds)
