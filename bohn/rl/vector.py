"""Many games stepped at once: ``bohn.rl.vector_env(variant, players, n)``.

Two forms, both with Gymnasium's vector conventions (``docs/rl.md``):

* :class:`VectorEnv` (``opponents=None``, self-play): every seat of every game
  is played by the caller. ``step(actions)`` applies ``actions[i]`` for the
  seat to act in game ``i`` and returns the batches of the next seat to act:
  observations ``(n, D)`` ``float32``, masks ``(n, K)`` ``int8``, rewards
  ``(n, players)`` (every seat's, by absolute seat: 0 until the game ends),
  terminations and truncations ``(n,)`` and ``infos`` with ``seat`` ``(n,)``:
  the seat whose observation row ``i`` is (the seat to act; at the end the
  seat that acted last).
* :class:`SingleAgentVectorEnv` (``opponents="random"`` or a list of bot
  specs): one learning seat per game against bohn bots, a
  :class:`gymnasium.vector.VectorEnv` whose sub-environments are
  :class:`~bohn.rl.single.SingleAgentEnv`: the same trajectories as
  ``gymnasium.vector.SyncVectorEnv`` of them, batched without a NumPy call
  per game.

Finished games reset automatically in Gymnasium's default mode,
``AutoresetMode.NEXT_STEP``: the step that ends game ``i`` returns its final
observation with ``terminations[i]`` True; the next ``step`` resets it (its
action is ignored) and returns the new game's first observation with reward
0. ``reset(seed=s)`` deals game ``i`` with seed ``s + i`` (a list: one seed
per game), as ``SyncVectorEnv`` does; later resets draw their seeds as each
environment alone would (:meth:`bohn.rl.env.raw_env.reset`,
:meth:`bohn.rl.single.SingleAgentEnv.reset`), so the trajectories are those
of ``n`` separate environments.
"""

from __future__ import annotations

from abc import ABC
from abc import abstractmethod
from array import array
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from bohn.engine.errors import IllegalAction
from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.rl.env import Config
from bohn.rl.env import reset_seeds
from bohn.rl.env import terminal_rewards
from bohn.rl.single import SingleAgentEnv
from bohn.rl.step import SeatCore
from bohn.rl.step import next_to_act
from bohn.rulesets import DEFAULT_VARIANT


def _seeds(seed: int | Sequence[int | None] | None, n: int) -> list[int | None]:
    if seed is None:
        return [None] * n
    if isinstance(seed, int):
        return [seed + i for i in range(n)]
    seeds = list(seed)
    if len(seeds) != n:
        raise SetupError(f"{n} games need {n} seeds, got {len(seeds)}")
    return seeds


class _SelfPlayGame:
    """One game of :class:`VectorEnv`: what ``raw_env`` keeps of it."""

    __slots__ = ("config", "game", "last", "rng", "state", "vector")

    def __init__(self, config: Config) -> None:
        self.config = config
        self.rng = np.random.default_rng()
        self.game: Game | None = None
        self.state: SeatCore | None = None
        self.last = 0
        self.vector: array[float] | None = None

    def reset(self, seed: int | None) -> None:
        # as raw_env.reset: the seed deals the game and seeds later resets
        self.rng, game_seed = reset_seeds(self.rng, seed)
        self.game = self.config.new_game(game_seed)
        n = self.config.players
        self.last = (self.game.active_seat() - 1) % n
        self._select()

    def _select(self) -> None:
        game = self.game
        assert game is not None
        seat = next_to_act(game, self.last, self.config.players)
        self.state = SeatCore(self.config, game, seat) if seat >= 0 else None

    def step(self, index: Any) -> list[float] | None:
        """Apply ``index`` for the seat to act; every seat's reward at the end."""
        state = self.state
        game = self.game
        assert state is not None and game is not None
        seat = state.advance(index, self.config.players)
        self.last = state.seat
        if seat >= 0:
            self.state = SeatCore(self.config, game, seat)
            return None
        result = game.result()
        if result is None:
            raise RuntimeError("the game waits for no seat but is not over")
        self.state = None
        return terminal_rewards(result, self.config.players, self.config.reward)

    def observation(self) -> tuple[array[float], bytes | bytearray, int]:
        st = self.state
        if st is not None:
            return st._encoded(), st.mask_bytes, st.seat
        assert self.game is not None
        vec = self.config.encoder.encode_game(self.game, self.last)
        return vec, self.config._zeros, self.last


#: what ``step`` returns: the batches of observations, rewards, terminations
#: and truncations, and the infos
Step = tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]


class _Batch(ABC):
    """What both forms share: ``n`` games, the single and the batched spaces,
    ``reset`` with the games' seeds and the check of a step's actions. A game
    that ended resets on the next step (``_autoreset``, ``NEXT_STEP``)."""

    def _spaces(
        self, n: int, observation: spaces.Space[Any], action: spaces.Space[Any], d: int, k: int
    ) -> None:
        """The spaces of ``n`` games, each observed in ``d`` floats and acting
        with one of ``k`` indices."""
        self.num_envs = n
        self.single_observation_space = observation
        self.single_action_space = action
        self.observation_space = batch_space(observation, n)
        self.action_space = batch_space(action, n)
        self._autoreset = [False] * n
        self._d = d
        self._k = k

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """New games; ``seed``: game ``i`` gets ``seed + i`` (or ``seed[i]``)."""
        for i, s in enumerate(_seeds(seed, self.num_envs)):
            self._reset_game(i, s)
        self._autoreset = [False] * self.num_envs
        return self._observations()

    @abstractmethod
    def _reset_game(self, i: int, seed: int | None) -> None:
        """Deal game ``i`` anew (``seed``: as a separate environment's reset)."""

    @abstractmethod
    def _observations(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """The batched observations and the infos of a reset."""

    def _actions(self, actions: Any) -> list[Any]:
        """A step's ``actions``, one per game, as a list."""
        n = self.num_envs
        acts = actions.tolist() if isinstance(actions, np.ndarray) else list(actions)
        if len(acts) != n:
            raise SetupError(f"{n} games need {n} actions, got {len(acts)}")
        return acts


class VectorEnv(_Batch):
    """``n`` games played by the caller at every seat (self-play); see the
    module docstring. ``observation_space`` / ``action_space`` are the batched
    spaces, ``single_observation_space`` / ``single_action_space`` those of one
    game (the AEC environment's)."""

    metadata = {"autoreset_mode": AutoresetMode.NEXT_STEP, "render_modes": []}

    def __init__(
        self,
        variant: str,
        players: int | None,
        n: int,
        *,
        reward: str = "rank",
        **options: Any,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise SetupError(f"n must be a positive integer, not {n!r}")
        self.config = Config(variant, players, reward, options)
        self.players = self.config.players
        k = len(self.config.table)
        d = self.config.encoder.size
        self._spaces(n, self.config.observation_space, spaces.Discrete(k), d, k)
        self._games = [_SelfPlayGame(self.config) for _ in range(n)]

    def _reset_game(self, i: int, seed: int | None) -> None:
        self._games[i].reset(seed)

    def _observations(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        obs, seats = self._batch()
        return obs, {"seat": seats}

    def step(self, actions: Any) -> Step:
        """Apply ``actions[i]`` in game ``i`` (see the module docstring)."""
        n = self.num_envs
        acts = self._actions(actions)
        rewards = np.zeros((n, self.players), dtype=np.float64)
        done = [False] * n
        for i, g in enumerate(self._games):
            if self._autoreset[i]:
                g.reset(None)
                continue
            r = g.step(acts[i])
            if r is not None:
                rewards[i] = r
                done[i] = True
        self._autoreset = done
        obs, info = self._observations()
        return obs, rewards, np.array(done, dtype=np.bool_), np.zeros(n, dtype=np.bool_), info

    def _batch(self) -> tuple[dict[str, np.ndarray], np.ndarray]:
        vecs: list[array[float]] = []
        masks: list[bytes | bytearray] = []
        seats: list[int] = []
        for g in self._games:
            st = g.state
            if st is not None:  # (observation() without its frame: the usual case)
                vecs.append(st._encoded())
                masks.append(st.mask_bytes)
                seats.append(st.seat)
                continue
            v, m, s = g.observation()
            vecs.append(v)
            masks.append(m)
            seats.append(s)
        n = self.num_envs
        obs = np.frombuffer(b"".join(vecs), dtype=np.float32).reshape(n, self._d)
        mask = np.frombuffer(b"".join(masks), dtype=np.int8).reshape(n, self._k)
        return {"observation": obs, "action_mask": mask}, np.array(seats, dtype=np.int64)

    def games(self) -> list[Game | None]:
        """The engine games, in order (to read, not to change)."""
        return [g.game for g in self._games]

    def close(self) -> None:
        self._games = []


class SingleAgentVectorEnv(_Batch, gymnasium.vector.VectorEnv[dict[str, Any], Any, Any]):
    """``n`` games of one learning seat against bohn bots (see the module
    docstring): a :class:`gymnasium.vector.VectorEnv` over
    :class:`~bohn.rl.single.SingleAgentEnv` sub-environments."""

    def __init__(
        self,
        variant: str,
        players: int | None,
        n: int,
        *,
        seat: int | Sequence[int] = 0,
        opponents: str | Sequence[str] = "random",
        **kwargs: Any,
    ) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise SetupError(f"n must be a positive integer, not {n!r}")
        seats = [seat] * n if isinstance(seat, int) else list(seat)
        if len(seats) != n:
            raise SetupError(f"{n} games need one learning seat each, got {len(seats)}")
        self.envs = [
            SingleAgentEnv(variant, players, seat=s, opponents=opponents, **kwargs) for s in seats
        ]
        first = self.envs[0]
        self.metadata = {**first.metadata, "autoreset_mode": AutoresetMode.NEXT_STEP}
        self.render_mode = None
        d = first.encoder.size
        self._spaces(n, first.observation_space, first.action_space, d, len(first.table))

    def _reset_game(self, i: int, seed: int | None) -> None:
        self.envs[i]._reset_game(seed)

    def _observations(self) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        return self._batch(), {}

    def step(self, actions: Any) -> Step:
        """Apply ``actions[i]`` in sub-environment ``i`` (see the module docstring)."""
        n = self.num_envs
        acts = self._actions(actions)
        rewards = np.zeros(n, dtype=np.float64)
        done = [False] * n
        found: dict[str, dict[int, Any]] = {"illegal": {}, "result": {}}
        for i, e in enumerate(self.envs):
            if self._autoreset[i]:
                e._reset_game(None)
                continue
            r, term, info = e._step_game(acts[i])
            rewards[i] = r
            done[i] = term
            for key, got in found.items():
                if key in info:
                    got[i] = info[key]
        self._autoreset = done
        # Gymnasium's vector infos: a key's values per game, and "_key" saying
        # which games have one
        infos: dict[str, Any] = {}
        for key, got in found.items():
            if got:
                infos[key] = np.array([got.get(i) for i in range(n)], dtype=object)
                infos[f"_{key}"] = np.array([i in got for i in range(n)], dtype=np.bool_)
        return (
            self._batch(),
            rewards,
            np.array(done, dtype=np.bool_),
            np.zeros(n, dtype=np.bool_),
            infos,
        )

    def _batch(self) -> dict[str, np.ndarray]:
        vecs: list[Any] = []
        masks: list[bytes | bytearray] = []
        for e in self.envs:
            v, m = e._raw_observation()
            vecs.append(v)
            masks.append(m)
        n = self.num_envs
        return {
            "observation": np.frombuffer(b"".join(vecs), dtype=np.float32).reshape(n, self._d),
            "action_mask": np.frombuffer(b"".join(masks), dtype=np.int8).reshape(n, self._k),
        }

    def action_masks(self) -> np.ndarray:
        """The current masks, ``(n, K)``."""
        return self._batch()["action_mask"]

    def close_extras(self, **kwargs: Any) -> None:
        self.envs = []


def vector_env(
    variant: str = DEFAULT_VARIANT,
    players: int | None = None,
    n: int = 1,
    *,
    opponents: str | Sequence[str] | None = None,
    seat: int | Sequence[int] = 0,
    **kwargs: Any,
) -> VectorEnv | SingleAgentVectorEnv:
    """``n`` games of ``variant`` for ``players`` stepped in one call: self-play
    (:class:`VectorEnv`) without ``opponents``; with them (one bot spec, or a
    list per other seat) ``seat`` (or ``seat[i]`` in game ``i``) learns against bots
    (:class:`SingleAgentVectorEnv`, a ``gymnasium.vector.VectorEnv``). Other
    keywords: ``reward``, the game options, and for the single-agent form
    ``illegal``."""
    if opponents is None:
        if seat != 0:
            raise SetupError("seat is for the single-agent form: give opponents too")
        return VectorEnv(variant, players, n, **kwargs)
    return SingleAgentVectorEnv(variant, players, n, seat=seat, opponents=opponents, **kwargs)


__all__ = ["IllegalAction", "SingleAgentVectorEnv", "VectorEnv", "vector_env"]
