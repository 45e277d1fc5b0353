"""The PettingZoo AEC environment of every bohn ruleset (``docs/rl.md``).

``bohn.rl.env("sissi", players=4)`` is one game after another of Sissi for
four; the agents are ``seat_0`` ... ``seat_3``. The agent to act is the seat
the engine waits for; where several wait (trading), the runner's scheduler
(:func:`bohn.sim.runner.next_seat`: clockwise after the seat that acted last)
picks one, so the order is deterministic.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger
from pettingzoo.utils.wrappers import OrderEnforcingWrapper
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterable
from pettingzoo.utils.wrappers.order_enforcing import AECOrderEnforcingIterator

from bohn.engine.actions import Action
from bohn.engine.errors import BohnError
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import InvalidAction
from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.engine.game import Result
from bohn.rl.actions import ActionTable
from bohn.rl.actions import check_index
from bohn.rl.encoding import ENCODING_VERSION
from bohn.rl.encoding import Encoder
from bohn.rl.step import SeatCore
from bohn.rl.step import StepConfig
from bohn.rl.step import next_to_act
from bohn.rl.step import seat_state
from bohn.rulesets import DEFAULT_VARIANT
from bohn.rulesets import find_variant

#: NumPy's constructor and dtypes of the arrays handed out (looked up once)
_frombuffer = np.frombuffer
_F32 = np.dtype(np.float32)
_I8 = np.dtype(np.int8)

#: the reward options: what a seat gets at the end of a game (0 before)
REWARDS = ("rank", "win", "score")


def default_players(variant: str) -> int:
    """The player count ``env(variant)`` uses when none is given: 3 where the
    game allows it, else its smallest count."""
    counts = find_variant(variant).allowed_players()
    return 3 if 3 in counts else counts[0]


def reset_seeds(rng: np.random.Generator, seed: int | None) -> tuple[np.random.Generator, int]:
    """A reset's generator of later seeds and its engine seed: a given ``seed``
    deals the game and seeds the generator anew; without one the engine
    seed is drawn from ``rng`` (seeded by the last given seed)."""
    if seed is None:
        return rng, int(rng.integers(0, 2**62))
    return np.random.default_rng(seed), int(seed)


def terminal_rewards(result: Result, players: int, kind: str) -> list[float]:
    """Each seat's reward for a finished game (``docs/rl.md``).

    ``rank``: ``1 - 2 * place / (players - 1)`` by the result's ranking (the
    winner 1, the last -1; every seat -1 when no seat wins, as when the mafia
    wins Al Cabohne; solo: 1 for a win, -1 otherwise). ``win``: a winner's
    share ``1 / len(winners)``, 0 for the others. ``score``: the seat's score
    minus the mean score of the other seats (solo: the score).
    """
    winners = set(result.winners)
    if kind == "win":
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    if kind == "score":
        scores = [float(x) for x in result.scores]
        if players == 1:
            return scores
        total = sum(scores)
        return [s - (total - s) / (players - 1) for s in scores]
    if not winners:
        return [-1.0] * players
    if players == 1:
        return [1.0 if 0 in winners else -1.0]
    place = {s: i for i, s in enumerate(result.ranking)}
    return [1.0 - 2.0 * place[s] / (players - 1) for s in range(players)]


def agent_name(seat: int) -> str:
    return f"seat_{seat}"


def seat_of(agent: str) -> int:
    if not isinstance(agent, str) or not agent.startswith("seat_") or not agent[5:].isdigit():
        raise InvalidAction(f"there is no agent {agent!r}; agents are named seat_0, seat_1, ...")
    return int(agent[5:])


#: (variant, players, options) -> the table and the memos of each seat's
#: action indices, shared by every environment of that configuration
_SHARED: dict[tuple[Any, ...], tuple[ActionTable, list[Any]]] = {}


class Config:
    """What one configuration (variant, players, options) fixes: its action
    table, its encoding and its spaces. Shared by the AEC and the Gymnasium
    environments."""

    def __init__(
        self, variant: str, players: int | None, reward: str, options: dict[str, Any]
    ) -> None:
        cls = find_variant(variant)
        if players is None:
            players = default_players(variant)
        if isinstance(players, bool) or not isinstance(players, int):
            raise SetupError(f"players must be an integer, not {players!r}")
        if players not in cls.allowed_players():
            raise SetupError(f"{variant} is for {cls.players_text()} players, not {players}")
        if reward not in REWARDS:
            raise SetupError(f"reward={reward!r} is not one of {', '.join(REWARDS)}")
        cls.resolve_options(options)
        self.cls: type[Game] = cls
        self.variant = variant
        self.players = players
        self.reward = reward
        self.options = dict(options)
        key = (variant, players, tuple(sorted((k, repr(v)) for k, v in options.items())))
        shared = _SHARED.get(key)
        if shared is None:
            table = ActionTable(variant, players, options)
            shared = _SHARED[key] = (table, StepConfig(table, None, players).memos)
        #: the action table (shared by every environment of the configuration)
        self.table: ActionTable = shared[0]
        self.encoder = Encoder(variant, players)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(
                    low=0.0, high=self.encoder.high, shape=(self.encoder.size,), dtype=np.float32
                ),
                "action_mask": spaces.Box(low=0, high=1, shape=(len(self.table),), dtype=np.int8),
            }
        )

        self._zeros = bytes(len(self.table))
        #: the per-step part (compiled): the memos of each seat's action indices
        #: (the memos too are shared: they hold what the table says of the
        #: engine's actions, the same for every environment)
        self.core = StepConfig(self.table, self.encoder, players, shared[1])

    def new_game(self, seed: int) -> Game:
        return self.cls.new(self.players, seed=seed, options=self.options)


class SeatState:
    """The acting seat's view of one state with NumPy views: its observation,
    its legal actions, the mask and the legal action of each masked index
    (the attributes of :class:`bohn.rl.step.SeatCore`, compiled, which the
    environments use). The vector is encoded when first asked for, then
    kept; neither it nor the mask may be changed (hand out copies)."""

    def __init__(self, config: Config, game: Game, seat: int) -> None:
        self.core = SeatCore(config, game, seat)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.core, name)

    @property
    def vector(self) -> np.ndarray:
        """The encoding of :attr:`obs` (read-only; :meth:`vector_copy` for a copy)."""
        v = np.frombuffer(self.core._encoded(), dtype=np.float32)
        v.flags.writeable = False
        return v

    def vector_copy(self) -> np.ndarray:
        """A fresh copy of the encoding of :attr:`obs` (the caller's to change)."""
        return _frombuffer(self.core._encoded()[:], _F32)

    def mask_copy(self) -> np.ndarray:
        """A fresh copy of the action mask (the caller's to change)."""
        return _frombuffer(bytearray(self.core.mask_bytes), _I8)

    @property
    def mask(self) -> np.ndarray:
        """The action mask (read-only; :meth:`mask_copy` for a copy)."""
        m = np.frombuffer(self.core.mask_bytes, dtype=np.int8)
        m.flags.writeable = False
        return m


def apply_index(config: Config, game: Game, state: SeatCore, index: object) -> Action:
    """Apply ``index`` for the state's seat (``game`` is the state's game); on
    an illegal index raise the engine's error, saying which index and action
    it was (nothing changes)."""
    return state.apply(index)  # type: ignore[return-value]


def render(render_mode: str | None, game: Game | None) -> str | None:
    """``render()`` of both environments: nothing without a render mode, a
    reminder before the first ``reset()``, else :func:`render_text`."""
    if render_mode is None:
        return None
    if game is None:
        return "no game: call reset()"
    return render_text(game)


def render_text(game: Game) -> str:
    """A short public (spectator) description of the game."""
    obs = game.observe(None)
    lines = [
        f"{game.variant} for {game.n}, seq {obs.get('seq')}, phase {obs.get('phase')}, "
        f"active seat {obs.get('active')}, waiting for {obs.get('waiting_for')}"
    ]
    for s, seat in enumerate(obs.get("seats") or ()):
        parts = [f"seat_{s}:"]
        for key in ("hand_size", "coins", "fields", "trading_area", "hand"):
            if key in seat:
                parts.append(f"{key}={seat[key]}")
        lines.append(" ".join(parts))
    if obs.get("result"):
        lines.append(f"result: {obs['result']}")
    return "\n".join(lines)


class raw_env(AECEnv[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """The AEC environment of one configuration; see ``docs/rl.md``.

    ``variant``: a ruleset id; ``players``: a player count it allows (default
    3, or its smallest); ``reward``: ``rank`` (default), ``win`` or ``score``;
    every other keyword is a game option (``trade_cap=4``). The action space
    of every agent is ``Discrete(len(table))``; the observation a ``Dict``
    with ``observation`` (the encoding, ``float32``) and ``action_mask``
    (``int8``, 1 for the indices of the agent's listed legal actions; all 0
    for an agent that is not to act).
    """

    metadata = {
        "name": "bohn_v1",
        "is_parallelizable": False,
        "render_modes": ["ansi"],
        "render_fps": 1,
    }

    def __init__(
        self,
        variant: str = DEFAULT_VARIANT,
        players: int | None = None,
        *,
        reward: str = "rank",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode != "ansi":
            raise SetupError(f"render_mode={render_mode!r} is not one of 'ansi' or None")
        self.config = Config(variant, players, reward, options)
        self.render_mode = render_mode
        self.variant = variant
        self.players = self.config.players
        self.table = self.config.table
        self.encoder = self.config.encoder
        self.encoding_version = ENCODING_VERSION
        self.possible_agents = [agent_name(s) for s in range(self.players)]
        self._obs_space = self.config.observation_space
        self._act_space = spaces.Discrete(len(self.table))
        self.observation_spaces = {a: self._obs_space for a in self.possible_agents}
        self.action_spaces = {a: self._act_space for a in self.possible_agents}
        self._seeds = np.random.default_rng()
        self.game: Game | None = None
        self._state: SeatCore | None = None
        self._state_agent = ""
        self._seats = {a: s for s, a in enumerate(self.possible_agents)}
        self._last = 0
        self.agents: list[str] = []

    # -- spaces -------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- episodes -------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game. ``seed`` is the engine's deal seed (and seeds the seeds
        of later resets without one); ``options`` is not used (the game
        options are fixed when the environment is made)."""
        self._seeds, game_seed = reset_seeds(self._seeds, seed)
        self.game = self.config.new_game(game_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._last = (self.game.active_seat() - 1) % self.players
        self._state = None
        self._select()

    def _select(self) -> None:
        game = self.game
        assert game is not None
        seat = next_to_act(game, self._last, self.players)
        if seat >= 0:
            self.agent_selection = self.possible_agents[seat]

    def _seat_state(self) -> SeatCore:
        """The acting seat's state, computed once per engine step."""
        game = self.game
        assert game is not None
        agent = self.agent_selection
        st = self._state
        if st is None or st.seq != game.seq or self._state_agent != agent:
            seat = self._seats.get(agent)
            st = self._state = SeatCore(self.config, game, seat_of(agent) if seat is None else seat)
            self._state_agent = agent
        return st

    def step(self, action: Any) -> None:
        """Apply the action index of ``agent_selection``. An index the engine
        refuses raises its :class:`IllegalAction` (naming the index, the
        action and the rule) and changes nothing."""
        game = self.game
        if game is None:
            raise SetupError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise InvalidAction(f"{agent} is to act: give an action index, not None")
        state = self._state
        if state is None or state.seq != game.seq or self._state_agent != agent:
            state = self._seat_state()
        seat = state.advance(action, self.players)
        self._last = state.seat
        if seat >= 0:
            # rewards are 0 until the end: there is nothing to clear or accumulate
            self.agent_selection = self.possible_agents[seat]
            return
        result = game.result()
        if result is None:
            return
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        rewards = terminal_rewards(result, self.players, self.config.reward)
        for s, a in enumerate(self.possible_agents):
            self.rewards[a] = rewards[s]
            self.terminations[a] = True
            self.infos[a] = {"result": result.to_json()}
        self._accumulate_rewards()

    def act(self, agent: str, action: Any) -> None:
        """:meth:`step` for a named agent: refuses an agent that is not to act
        (:class:`~bohn.engine.errors.NotWaiting`-like ``IllegalAction``)."""
        if agent != self.agent_selection:
            raise IllegalAction(
                f"it is {self.agent_selection}'s turn to act, not {agent}'s", "bohn.rl"
            )
        self.step(action)

    # -- observations -----------------------------------------------------------------

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """The encoding of ``agent``'s observation and its action mask (zero
        unless it is the agent to act)."""
        game = self.game
        if game is None:
            raise SetupError("call reset() before observe()")
        if agent == self.agent_selection and game.result() is None:
            st = self._state
            if st is None or st.seq != game.seq or self._state_agent != agent:
                seat = self._seats.get(agent)
                if seat is None:
                    st = self._seat_state()
                else:
                    st = self._state = seat_state(self.config, game, seat)
                    self._state_agent = agent
            vector, mask = st.buffers()
            return {
                "observation": _frombuffer(vector, _F32),
                "action_mask": _frombuffer(mask, _I8),
            }
        return {
            "observation": _frombuffer(self.encoder.encode_game(game, seat_of(agent)), _F32),
            "action_mask": np.zeros(len(self.table), dtype=np.int8),
        }

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        """PettingZoo's ``last()``: the observation of ``agent_selection``
        (:meth:`observe`), its cumulative reward, termination, truncation and info."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe_dict(self, agent: str) -> dict[str, Any]:
        """``game.observe(seat)`` of ``agent``: the dict the encoding is built from."""
        if self.game is None:
            raise SetupError("call reset() before observe_dict()")
        seat = seat_of(agent)
        if agent == self.agent_selection and self.game.result() is None:
            return self._seat_state().obs
        return self.game.observe(seat)

    def legal_actions(self, agent: str | None = None) -> dict[int, Action]:
        """Index -> engine action of every masked index of the agent to act."""
        if agent is not None and agent != self.agent_selection:
            return {}
        if self.game is None or self.game.result() is not None:
            return {}
        return dict(self._seat_state().legal)

    def action_text(self, index: int) -> str:
        """The table key of ``index`` (``propose +1 give h0 want blaue``)."""
        return self.table.keys[check_index(self.table, index)]

    # -- rendering -------------------------------------------------------------------

    def render(self) -> str | None:
        return render(self.render_mode, self.game)

    def close(self) -> None:
        self._state = None


class OrderEnforcing(OrderEnforcingWrapper[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """PettingZoo's :class:`OrderEnforcingWrapper`, with the same checks, but
    reading the attributes every step reads (``agent_selection``, ``agents``,
    the reward, termination and info dicts) and ``last()`` straight from the
    environment rather than through the wrapper's ``__getattr__``."""

    def _env(self, name: str) -> raw_env:
        if not self._has_reset:
            raise AttributeError(f"{name} cannot be accessed before reset")
        return self.env  # type: ignore[no-any-return]

    @property
    def agent_selection(self) -> str:
        return self._env("agent_selection").agent_selection

    @property
    def agents(self) -> list[str]:
        return self._env("agents").agents

    @property
    def rewards(self) -> dict[str, float]:
        return self._env("rewards").rewards

    @property
    def terminations(self) -> dict[str, bool]:
        return self._env("terminations").terminations

    @property
    def truncations(self) -> dict[str, bool]:
        return self._env("truncations").truncations

    @property
    def infos(self) -> dict[str, dict[str, Any]]:
        return self._env("infos").infos

    @property
    def _cumulative_rewards(self) -> dict[str, float]:
        return self.env._cumulative_rewards  # type: ignore[no-any-return]

    def last(
        self, observe: bool = True
    ) -> tuple[dict[str, np.ndarray] | None, float, bool, bool, dict[str, Any]]:
        if observe and not self._has_reset:
            EnvLogger.error_observe_before_reset()
        return self.env.last(observe)  # type: ignore[no-any-return]

    def step(self, action: Any) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        elif not self.env.agents:
            self._has_updated = True
            EnvLogger.warn_step_after_terminated_truncated()
        else:
            self._has_updated = True
            self.env.step(action)

    def agent_iter(self, max_iter: int = 2**63) -> _AgentIterable:
        """PettingZoo's ``agent_iter``, with the same checks (before ``reset``,
        and a ``step`` or ``reset`` between two agents), reading the agents
        and the agent to act straight from the environment."""
        if not self._has_reset:
            EnvLogger.error_agent_iter_before_reset()
        return _AgentIterable(self, max_iter)

    def __str__(self) -> str:
        return str(self.env)


class _AgentIterable(AECOrderEnforcingIterable[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    def __iter__(self) -> _AgentIterator:
        return _AgentIterator(self.env, self.max_iter)


class _AgentIterator(AECOrderEnforcingIterator[str, dict[str, np.ndarray], int]):  # type: ignore[misc]
    """PettingZoo's order-enforcing agent iterator, reading the raw environment."""

    def __next__(self) -> str:
        wrapper = self.env
        raw = wrapper.env
        if not raw.agents or self.iters_til_term <= 0:
            raise StopIteration
        self.iters_til_term -= 1
        if not wrapper._has_updated:
            raise AssertionError("need to call step() or reset() in a loop over `agent_iter`")
        wrapper._has_updated = False
        return raw.agent_selection  # type: ignore[no-any-return]


def env(
    variant: str = DEFAULT_VARIANT, players: int | None = None, **kwargs: Any
) -> OrderEnforcing:
    """The AEC environment of ``variant`` for ``players`` (see :class:`raw_env`),
    wrapped as PettingZoo's classic environments are (:class:`OrderEnforcing`:
    PettingZoo's ``OrderEnforcingWrapper``, with faster attribute access)."""
    return OrderEnforcing(raw_env(variant, players, **kwargs))


__all__ = [
    "REWARDS",
    "BohnError",
    "Config",
    "OrderEnforcing",
    "SeatState",
    "env",
    "raw_env",
    "reset_seeds",
    "terminal_rewards",
]
