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

from bohn.rl.actions import ActionTable
from bohn.rl.actions import Caps
from bohn.rl.actions import default_caps
from bohn.rl.encoding import ENCODING_VERSION
from bohn.rl.encoding import Encoder
from bohn.rl.env import REWARDS
from bohn.rl.env import env
from bohn.rl.env import raw_env
from bohn.rl.env import terminal_rewards
from bohn.rl.single import SingleAgentEnv
from bohn.rl.single import single_agent_env
from bohn.rl.vector import SingleAgentVectorEnv
from bohn.rl.vector import VectorEnv
from bohn.rl.vector import vector_env

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
