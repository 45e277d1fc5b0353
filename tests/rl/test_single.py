"""The Gymnasium single-agent environment."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env

from bohn import rl
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import SetupError


@pytest.mark.parametrize(
    ("variant", "players", "seat", "opponents"),
    [
        ("sissi", 3, 0, "random"),
        ("bohnanza", 4, 2, ["greedy", "random", "greedy:proposals=1"]),
        ("al-cabohne", 1, 0, "random"),
        ("bohnkick", 4, 1, "random"),
        ("mutterbohnchen", 2, 1, "greedy"),
    ],
)
def test_gymnasium_checker(
    variant: str, players: int, seat: int, opponents: str | list[str]
) -> None:
    env = rl.single_agent_env(variant, players, seat=seat, opponents=opponents)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


def play(env: rl.SingleAgentEnv, seed: int) -> tuple[float, int, dict[str, object]]:
    obs, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        assert np.array_equal(env.action_masks(), obs["action_mask"])
        obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
        steps += 1
        assert not trunc
        if term:
            return reward, steps, info
        assert reward == 0.0


def test_a_whole_game_against_bots_is_reproducible() -> None:
    env = rl.single_agent_env("sissi", 3, seat=1, opponents="greedy", reward="win")
    r1, s1, i1 = play(env, 5)
    r2, s2, i2 = play(env, 5)
    assert (r1, s1, i1) == (r2, s2, i2)
    result = i1["result"]
    assert isinstance(result, dict)
    assert r1 == (1 / len(result["winners"]) if 1 in result["winners"] else 0.0)


def test_searching_bots_get_their_information_state() -> None:
    env = rl.single_agent_env("bohnanza", 3, opponents="ismcts:iterations=2")
    obs, _ = env.reset(seed=1)
    for _ in range(5):
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, term, _, _ = env.step(int(legal[0]))
        if term:
            break


def test_illegal_indices() -> None:
    env = rl.single_agent_env("bohnanza", 3, illegal="raise")
    obs, _ = env.reset(seed=3)
    i = env.table.index["keep r0"]
    assert obs["action_mask"][i] == 0
    seq = env.game.seq  # type: ignore[union-attr]
    with pytest.raises(IllegalAction, match="keep r0"):
        env.step(i)
    assert env.game.seq == seq  # type: ignore[union-attr]
    lose = rl.single_agent_env("bohnanza", 3)  # illegal="lose" by default
    lose.reset(seed=3)
    obs, reward, term, trunc, info = lose.step(i)
    assert (reward, term, trunc) == (-1.0, True, False)
    assert "keep r0" in str(info["illegal"])
    assert not obs["action_mask"].any()
    with pytest.raises(IllegalAction, match="episode has ended: call reset"):
        lose.step(0)


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"seat": 3}, "seat must be one of 0-2"),
        ({"opponents": ["random"]}, "need 2 opponent bots"),
        ({"opponents": "clever"}, "unknown bot 'clever'"),
        ({"illegal": "ignore"}, "illegal='ignore'"),
    ],
)
def test_bad_single_agent_settings(kwargs: dict[str, object], words: str) -> None:
    with pytest.raises((SetupError, ValueError), match=words):
        rl.single_agent_env("sissi", 3, **kwargs)  # type: ignore[arg-type]
