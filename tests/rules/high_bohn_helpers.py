"""Helpers shared by the High Bohn rule tests (``test_high_bohn_*.py``)."""

from __future__ import annotations

from typing import Any

from bohn.rulesets.high_bohn.rules import HighBohn

from . import helpers
from .helpers import legal

#: the buildings of the rulebook's final tally example (§5.2), worth 19
RULEBOOK_BUILDINGS = ["saloon-2", "blacksmith-2", "jail-4", "goldmine-3", "teepee-4", "farm-4"]

#: High Bohn scenarios (see :func:`tests.rules.helpers.scenario`)
HIGH_BOHN = helpers.Variant("high-bohn", HighBohn)
scenario, position = HIGH_BOHN.scenario, HIGH_BOHN.position


def cognac(**kw: Any) -> HighBohn:
    """A position of the Cognac variant."""
    options = {"cognac": True, **kw.pop("options", {})}
    return position(options=options, **kw)


def seat_view(game: HighBohn, seat: int) -> dict[str, Any]:
    """Seat ``seat``'s part of the spectator's (public) view."""
    view: dict[str, Any] = game.observe(None)["seats"][seat]
    return view


def starting(game: HighBohn, seat: int, word: str) -> list[str]:
    """The legal actions of ``seat`` whose text starts with ``word``."""
    return [a for a in legal(game, seat) if a.split()[0] == word]


def builds(game: HighBohn, seat: int) -> list[str]:
    return starting(game, seat, "build")


def conserved_hb(game: HighBohn) -> bool:
    """Every card in exactly one zone, the High Bohn zones included."""
    held = [*game.deck, *game.discard, *game.box, *game.revealed, *game.held]
    for s in range(game.n):
        held += game.hands[s] + game.coins[s] + game.trade[s]
        held += game.store[s] + game.stew_coins[s] + game.still_coins[s] + game.teepee[s]
        for f in game.fields[s]:
            held += f
    return sorted(held) == game.table.deck()
