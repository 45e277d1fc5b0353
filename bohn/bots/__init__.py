"""Bots: players that see only what their seat may see.

A bot is asked for a decision through a :class:`SeatView`: the seat, its legal
actions and (lazily) its observation. Bots never receive the game state.
Kinds are registered in :data:`BOTS` and named on the command line as
``KIND`` or ``KIND:param=value,...``.
"""

from __future__ import annotations

from bohn.bots.base import BOTS
from bohn.bots.base import Bot
from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.bots.base import parse_bot_spec

__all__ = ["BOTS", "Bot", "SeatView", "make_bot", "parse_bot_spec"]
