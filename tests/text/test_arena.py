"""The TextArena registration (the ``text`` extra): every variant's
environment is made by ``textarena.make`` and plays in text."""

from __future__ import annotations

import random

import pytest

ta = pytest.importorskip("textarena")

from bohn.rulesets import VARIANTS  # noqa: E402
from bohn.text.arena import ENV_IDS  # noqa: E402
from bohn.text.arena import ArenaEnv  # noqa: E402
from bohn.text.arena import register  # noqa: E402


def test_every_variant_is_registered_once() -> None:
    assert set(ENV_IDS) == set(VARIANTS)
    assert register() == list(ENV_IDS.values())  # again: nothing registered twice
    for variant, env_id in ENV_IDS.items():
        env = ta.make(env_id)
        assert isinstance(env, ArenaEnv) and isinstance(env, ta.Env)
        assert env.variant == variant


def test_a_game_made_by_textarena() -> None:
    env = ta.make("bohn-bohnkick-v0", lang="de")
    env.reset(num_players=2, seed=3)
    rnd = random.Random(3)
    done = False
    while not done:
        player, observation = env.get_observation()
        assert isinstance(observation, str) and "Deine Züge" in observation
        numbers = [
            line.split(":")[0].strip()
            for line in observation.splitlines()
            if line.startswith("  ") and line.split(":")[0].strip().isdigit()
        ]
        done, info = env.step(rnd.choice(numbers))
        assert info["player_id"] == player and "invalid_move" not in info
    rewards, game_info = env.close()
    assert sorted(rewards) == [0, 1] and game_info["result"]["reason"] == "deck-exhausted"
