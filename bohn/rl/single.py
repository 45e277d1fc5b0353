"""A Gymnasium environment in which one seat learns and bohn bots play the others.

``bohn.rl.single_agent_env("sissi", 3, seat=0, opponents="greedy")``: each
``step`` applies the learner's action index, then lets the bots act until the
learner is to act again or the game is over. Observation and action space are
those of the AEC environment (:mod:`bohn.rl.env`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from bohn.bots.base import Bot
from bohn.bots.base import make_bot
from bohn.bots.base import seat_view
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import InvalidAction
from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.rl.env import Config
from bohn.rl.env import apply_index
from bohn.rl.env import render
from bohn.rl.env import terminal_rewards
from bohn.rl.step import SeatCore
from bohn.rulesets import DEFAULT_VARIANT
from bohn.sim.runner import MAX_STEPS
from bohn.sim.runner import bot_seed
from bohn.sim.runner import next_seat

#: what an illegal action index does in the Gymnasium environment
ILLEGAL = ("lose", "raise")


class SingleAgentEnv(gymnasium.Env[dict[str, Any], np.int64]):
    """One learning seat against bohn bots; see :func:`single_agent_env`."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        variant: str = DEFAULT_VARIANT,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "random",
        reward: str = "rank",
        illegal: str = "lose",
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.config = Config(variant, players, reward, options)
        n = self.config.players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise SetupError(f"seat must be one of 0-{n - 1}, not {seat!r}")
        if illegal not in ILLEGAL:
            raise SetupError(f"illegal={illegal!r} is not one of {', '.join(ILLEGAL)}")
        if render_mode is not None and render_mode != "ansi":
            raise SetupError(f"render_mode={render_mode!r} is not one of 'ansi' or None")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise SetupError(
                f"{n} players need {n - 1} opponent bots (one per other seat), got {len(specs)}"
            )
        for spec in specs:  # unknown kinds and bad parameters fail now, not at reset
            make_bot(spec, 0)
        self.seat = seat
        self.opponents = specs
        self.illegal = illegal
        self.render_mode = render_mode
        self.table = self.config.table
        self.encoder = self.config.encoder
        self.observation_space = self.config.observation_space
        self.action_space = spaces.Discrete(len(self.table))
        self.game: Game | None = None
        self._bots: dict[int, Bot] = {}
        self._trackers: dict[int, Any] = {}
        self._state: SeatCore | None = None
        self._last = 0

    # -- episodes ----------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """A new game. ``seed`` is the engine's deal seed; the bots' seeds come
        from it and their seats (:func:`bohn.sim.runner.bot_seed`)."""
        self._reset_game(seed)
        return self._observation(), self._info()

    def _reset_game(self, seed: int | None) -> None:
        super().reset(seed=seed)
        game_seed = int(seed) if seed is not None else int(self.np_random.integers(0, 2**62))
        self.game = self.config.new_game(game_seed)
        others = [s for s in range(self.config.players) if s != self.seat]
        self._bots = {
            s: make_bot(spec, bot_seed(game_seed, s))
            for s, spec in zip(others, self.opponents, strict=True)
        }
        self._trackers = {}
        self._last = (self.game.active_seat() - 1) % self.config.players
        self._state = None
        self._advance()

    def _advance(self) -> None:
        """Let the bots act until the learner is to act or the game is over."""
        game = self.game
        assert game is not None
        n = self.config.players
        for _ in range(MAX_STEPS):
            waiting = game.waiting_for()
            if not waiting:
                self._state = None
                return
            s = next_seat(waiting, self._last, n)
            if s == self.seat:
                self._state = SeatCore(self.config, game, s)
                return
            bot = self._bots[s]
            game.apply(s, bot.act(seat_view(game, s, bot, self._trackers)))
            self._last = s
        raise RuntimeError(f"the game did not end within {MAX_STEPS} steps")

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        reward, terminated, info = self._step_game(action)
        return self._observation(final=terminated), reward, terminated, False, info

    def _step_game(self, action: Any) -> tuple[float, bool, dict[str, Any]]:
        """:meth:`step` without the observation: reward, terminated, info."""
        if self.game is None:
            raise SetupError("call reset() before step()")
        state = self._state
        if state is None:
            raise IllegalAction("the episode has ended: call reset()", "bohn.rl")
        try:
            apply_index(self.config, self.game, state, action)
        except (IllegalAction, InvalidAction) as e:
            if self.illegal == "raise":
                raise
            # the episode is lost; the game is left as it was
            self._state = None
            return -1.0, True, {"illegal": str(e)}
        self._last = self.seat
        self._advance()
        result = self.game.result()
        if result is None:
            return 0.0, False, self._info()
        reward = terminal_rewards(result, self.config.players, self.config.reward)[self.seat]
        info = self._info()
        info["result"] = result.to_json()
        return float(reward), True, info

    def _raw_observation(self) -> tuple[Any, bytes | bytearray]:
        """The vector (an ``array('f')``, not to be changed) and the mask's bytes of
        :meth:`_observation` (the batched environments join them)."""
        st = self._state
        if st is not None:
            return st._encoded(), st.mask_bytes
        assert self.game is not None
        return self.encoder.encode_game(self.game, self.seat), self.config._zeros

    # -- observations --------------------------------------------------------------------

    def _observation(self, final: bool = False) -> dict[str, np.ndarray]:
        st = self._state
        if st is not None and not final:
            vector, mask = st.buffers()
            return {
                "observation": np.frombuffer(vector, np.float32),
                "action_mask": np.frombuffer(mask, np.int8),
            }
        assert self.game is not None
        return {
            "observation": np.frombuffer(
                self.encoder.encode_game(self.game, self.seat), dtype=np.float32
            ),
            "action_mask": np.zeros(len(self.table), dtype=np.int8),
        }

    def _info(self) -> dict[str, Any]:
        return {}

    def action_masks(self) -> np.ndarray:
        """The current action mask (the name sb3-contrib's MaskablePPO asks for)."""
        st = self._state
        if st is None:
            return np.zeros(len(self.table), dtype=np.int8)
        return np.frombuffer(bytearray(st.mask_bytes), np.int8)

    def observe_dict(self) -> dict[str, Any]:
        """``game.observe(seat)`` of the learning seat."""
        if self.game is None:
            raise SetupError("call reset() before observe_dict()")
        if self._state is not None:
            return self._state.obs
        return self.game.observe(self.seat)

    def render(self) -> str | None:
        return render(self.render_mode, self.game)


def single_agent_env(
    variant: str = DEFAULT_VARIANT,
    players: int | None = None,
    seat: int = 0,
    opponents: str | Sequence[str] = "random",
    **kwargs: Any,
) -> SingleAgentEnv:
    """A :class:`gymnasium.Env` in which ``seat`` learns and the other seats are
    bohn bots: ``opponents`` is one bot spec for all of them (``"random"``,
    ``"greedy:proposals=3"``, ``"ismcts:iterations=50"``) or a list with one
    spec per other seat, in seat order. ``illegal``: ``"lose"`` (default; an
    illegal index ends the episode with reward -1 and the engine's reason in
    ``info["illegal"]``) or ``"raise"``. Other keywords: ``reward``,
    ``render_mode`` and the game options."""
    return SingleAgentEnv(variant, players, seat=seat, opponents=opponents, **kwargs)


__all__ = ["ILLEGAL", "SingleAgentEnv", "single_agent_env"]
