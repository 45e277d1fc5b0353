"""PettingZoo's own checks, for every ruleset and player count."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test
from pettingzoo.test import seed_test

from bohn import rl

from .helpers import CONFIG_IDS
from .helpers import CONFIGS


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_pettingzoo_api(variant: str, players: int) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # advice such as "observation is all zeros"
        api_test(rl.env(variant, players), num_cycles=15)


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_pettingzoo_seed(variant: str, players: int) -> None:
    seed_test(lambda: rl.env(variant, players), num_cycles=10)


def test_metadata() -> None:
    e = rl.raw_env("sissi", 4)
    assert e.metadata["name"] == "bohn_v1"
    assert e.metadata["is_parallelizable"] is False
    assert e.metadata["render_modes"] == ["ansi"]
    assert e.possible_agents == ["seat_0", "seat_1", "seat_2", "seat_3"]
    assert e.encoding_version == rl.ENCODING_VERSION == 1


def test_render_shows_the_public_view() -> None:
    e = rl.env("bohnanza", 3, render_mode="ansi")
    e.reset(seed=2)
    text = e.render()
    assert isinstance(text, str) and "bohnanza for 3" in text
    assert "'hand'" not in text and "hand=" not in text  # no seat's hand
