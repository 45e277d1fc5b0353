"""The batched environments (``bohn.rl.vector_env``): spaces, shapes and
dtypes, Gymnasium's autoreset convention, and seeded trajectories equal to
those of separate environments."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env
from gymnasium.vector import AutoresetMode
from gymnasium.vector import SyncVectorEnv

from bohn import rl
from bohn.engine.errors import SetupError


def pick(mask: np.ndarray, rnd: random.Random) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rnd.randrange(len(legal))]) if len(legal) else 0


def check_batch(env: Any, obs: dict[str, np.ndarray]) -> None:
    n = env.num_envs
    assert obs["observation"].shape == (n, env.single_observation_space["observation"].shape[0])
    assert obs["observation"].dtype == np.float32
    assert obs["action_mask"].shape == (n, env.single_action_space.n)
    assert obs["action_mask"].dtype == np.int8
    assert env.observation_space.contains(obs)


@pytest.mark.parametrize(("variant", "players"), [("bohnanza", 3), ("sissi", 4), ("bohnkick", 2)])
def test_self_play_equals_separate_environments(variant: str, players: int) -> None:
    """Seeded games stepped together give, game by game, the observations,
    masks, seats to act and rewards of separate AEC environments given the
    same actions, through autoresets."""
    n = 3
    venv = rl.vector_env(variant, players, n)
    assert isinstance(venv, rl.VectorEnv)
    assert venv.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    singles = [rl.raw_env(variant, players) for _ in range(n)]
    obs, info = venv.reset(seed=40)
    check_batch(venv, obs)
    for i, e in enumerate(singles):
        e.reset(seed=40 + i)
    rnd = random.Random(0)
    pending = [False] * n
    ended = 0
    for _ in range(4000):
        for i, e in enumerate(singles):
            agent = e.agent_selection
            if pending[i]:  # NEXT_STEP: this step resets game i
                continue
            o = e.observe(agent)
            assert info["seat"][i] == int(agent[5:])
            assert np.array_equal(obs["observation"][i], o["observation"])
            assert np.array_equal(obs["action_mask"][i], o["action_mask"])
        actions = np.array([pick(obs["action_mask"][i], rnd) for i in range(n)])
        obs, rewards, term, trunc, info = venv.step(actions)
        check_batch(venv, obs)
        assert rewards.shape == (n, players)
        assert not trunc.any()
        for i, e in enumerate(singles):
            if pending[i]:
                e.reset()
                pending[i] = False
                assert not term[i] and not rewards[i].any()
                continue
            e.step(int(actions[i]))
            if e.terminations[e.agent_selection]:
                assert term[i]
                assert rewards[i].tolist() == [e.rewards[a] for a in e.possible_agents]
                assert not obs["action_mask"][i].any()
                pending[i] = True
                ended += 1
            else:
                assert not term[i] and not rewards[i].any()
        if ended >= n + 1:
            break
    assert ended >= n + 1


def test_single_agent_form_equals_sync_vector_env() -> None:
    """The single-agent form is a Gymnasium VectorEnv with the trajectories of
    SyncVectorEnv over SingleAgentEnv, autoresets included."""
    n = 4
    venv = rl.vector_env("sissi", 3, n, opponents="random", seat=1)
    assert isinstance(venv, gymnasium.vector.VectorEnv)
    ref = SyncVectorEnv(
        [lambda: rl.single_agent_env("sissi", 3, seat=1, opponents="random") for _ in range(n)]
    )
    assert venv.single_observation_space == ref.single_observation_space
    assert venv.single_action_space == ref.single_action_space
    assert venv.observation_space == ref.observation_space
    assert venv.action_space == ref.action_space
    assert venv.metadata["autoreset_mode"] == ref.metadata["autoreset_mode"]
    a, _ = venv.reset(seed=9)
    b, _ = ref.reset(seed=9)
    rnd = random.Random(1)
    ends = 0
    for _ in range(3000):
        check_batch(venv, a)
        assert np.array_equal(a["observation"], b["observation"])
        assert np.array_equal(a["action_mask"], b["action_mask"])
        actions = np.array([pick(a["action_mask"][i], rnd) for i in range(n)])
        a, ra, ta, ua, info = venv.step(actions)
        b, rb, tb, ub, _ = ref.step(actions)
        assert np.array_equal(ra, rb) and np.array_equal(ta, tb) and np.array_equal(ua, ub)
        assert ra.dtype == np.float64 and ta.dtype == np.bool_
        ends += int(ta.sum())
        if ta.any():
            assert all(info["_result"] == ta)
        if ends > n:
            break
    assert ends > n


def test_single_agent_sub_environment_passes_the_checker() -> None:
    venv = rl.vector_env("bohnanza", 3, 2, opponents="random")
    assert isinstance(venv, rl.SingleAgentVectorEnv)
    check_env(venv.envs[0], skip_render_check=True)
    obs, _ = venv.reset(seed=0)
    assert venv.observation_space.contains(obs)
    assert venv.action_space.contains(venv.action_space.sample())


def test_illegal_index_in_the_single_agent_form_loses_that_game() -> None:
    venv = rl.vector_env("bohnanza", 3, 2, opponents="random")
    obs, _ = venv.reset(seed=2)
    bad = int(np.flatnonzero(obs["action_mask"][0] == 0)[0])
    good = int(np.flatnonzero(obs["action_mask"][1])[0])
    _, rew, term, _, info = venv.step(np.array([bad, good]))
    if term[0]:  # an unmasked index the rules refuse
        assert rew[0] == -1.0 and info["_illegal"][0] and info["illegal"][0]
        assert not info["_illegal"][1]
    assert not term[1]


def test_errors() -> None:
    with pytest.raises(SetupError):
        rl.vector_env("bohnanza", 3, 0)
    with pytest.raises(SetupError):
        rl.vector_env("bohnanza", 3, 2, seat=1)
    venv = rl.vector_env("bohnanza", 3, 2)
    venv.reset(seed=0)
    with pytest.raises(SetupError):
        venv.step([0])
    with pytest.raises(SetupError):
        venv.reset(seed=[1, 2, 3])
