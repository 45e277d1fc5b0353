"""A game's specification (``bohn.spec.GameSpec``): one value for what every
way of starting a game names."""

from __future__ import annotations

import pickle

import pytest

from bohn.engine.errors import SetupError
from bohn.spec import GameSpec
from bohn.tournament import run_tournament


def test_the_same_spec_deals_the_same_game_and_another_seed_another() -> None:
    spec = GameSpec("bohnanza", 4, seed=7, options={"trade_cap": 3})
    assert spec.new().to_json() == spec.new().to_json()
    assert spec.with_seed(8).new().to_json() != spec.new().to_json()
    assert spec.new().options["trade_cap"] == 3


def test_a_spec_keeps_its_own_copy_of_the_options() -> None:
    options = {"trade_cap": 3}
    spec = GameSpec("bohnanza", 4, options=options, seats=("greedy",) * 4)
    options["trade_cap"] = 9
    assert spec.options == {"trade_cap": 3}
    assert spec.to_json() == {
        "variant": "bohnanza",
        "players": 4,
        "seed": 0,
        "options": {"trade_cap": 3},
        "seats": ["greedy"] * 4,
    }
    # it travels to worker processes and Ray tasks
    assert pickle.loads(pickle.dumps(spec)) == spec


def test_the_class_for_a_player_count_is_the_one_that_plays_it() -> None:
    assert GameSpec("mutterbohnchen", 2).game_class().__name__ == "MutterbohnchenForTwo"
    assert GameSpec("mutterbohnchen", 4).game_class().__name__ == "Mutterbohnchen"
    with pytest.raises(SetupError, match="unknown variant 'skat'"):
        GameSpec("skat", 3).game_class()
    with pytest.raises(SetupError, match="3-5 players"):
        GameSpec("bohnanza", 7).new()


def test_a_tournament_seats_its_bots_itself() -> None:
    with pytest.raises(SetupError, match="seats its bots itself"):
        run_tournament(GameSpec("bohnanza", 3, seats=("greedy",) * 3), ["greedy", "random"], 3)
