"""Research environments: bohn as a PettingZoo AEC environment, a Gymnasium
single-agent environment and batches of games stepped at once
(:func:`vector_env`), for every ruleset and player count (``docs/rl.md``).

>>> from bohn import rl
>>> e = rl.env("sissi", players=3)
>>> e.reset(seed=1)
>>> e.agent_selection
'seat_0'

Needs the ``rl`` extra (``pip install 'bohn[rl]'``: PettingZoo, Gymnasium, NumPy).
"""

from __future__ import annotations

from bohn.rl.actions import ActionTable, Caps, default_caps
from bohn.rl.encoding import ENCODING_VERSION, Encoder
from bohn.rl.env import REWARDS, env, raw_env, terminal_rewards
from bohn.rl.single import SingleAgentEnv, single_agent_env
from bohn.rl.vector import SingleAgentVectorEnv, VectorEnv, vector_env

__all__ = [
    "ENCODING_VERSION",
    "REWARDS",
    "ActionTable",
    "Caps",
    "Encoder",
    "SingleAgentEnv",
    "SingleAgentVectorEnv",
    "VectorEnv",
    "default_caps",
    "env",
    "raw_env",
    "single_agent_env",
    "terminal_rewards",
    "vector_env",
]
