"""bohn — the rules-exact engine and play platform for the Bohnanza family.

>>> import bohn
>>> game = bohn.new_game("bohnanza", players=4, seed=1)
>>> sorted(game.waiting_for())
[0]
>>> [a.text() for a in game.legal_actions(0)]
['plant f0', 'plant f1']
"""

from __future__ import annotations

from typing import Any

from bohn import _native

_native.install_guard()  # before any compiled module can be imported

from bohn._version import __version__  # noqa: E402
from bohn.engine.actions import Action  # noqa: E402
from bohn.engine.actions import action_from_json  # noqa: E402
from bohn.engine.actions import parse_action  # noqa: E402
from bohn.engine.errors import BohnError  # noqa: E402
from bohn.engine.errors import IllegalAction  # noqa: E402
from bohn.engine.errors import InvalidAction  # noqa: E402
from bohn.engine.errors import SetupError  # noqa: E402
from bohn.engine.game import Event  # noqa: E402
from bohn.engine.game import Game  # noqa: E402
from bohn.engine.game import Result  # noqa: E402

__all__ = [
    "Action",
    "BohnError",
    "Event",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "Result",
    "SetupError",
    "__version__",
    "action_from_json",
    "new_game",
    "parse_action",
]


def new_game(
    variant: str, players: int, seed: int | str = 0, options: dict[str, Any] | None = None
) -> Game:
    """A new game of ``variant`` for ``players`` seats, ready for its first decision."""
    from bohn.rulesets import find_variant

    return find_variant(variant).new(players, seed, options)
