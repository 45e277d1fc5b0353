"""Helpers shared by the High Bohn rule tests (``test_high_bohn_*.py``)."""

from __future__ import annotations

from typing import Any

from bohn.rulesets.high_bohn.rules import HighBohn
from bohn.scenario import load_position

from . import helpers
from .helpers import legal


def scenario(**kw: Any) -> dict[str, Any]:
    """A High Bohn scenario dict (see :func:`tests.rules.helpers.scenario`)."""
    return {**helpers.scenario(**kw), "variant": "high-bohn"}


def position(**kw: Any) -> HighBohn:
    game = load_position(scenario(**kw))
    assert isinstance(game, HighBohn)
    return game


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


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def conserved_hb(game: HighBohn) -> bool:
    """Every card in exactly one zone, the High Bohn zones included."""
    held = [*game.deck, *game.discard, *game.box, *game.revealed, *game.held]
    for s in range(game.n):
        held += game.hands[s] + game.coins[s] + game.trade[s]
        held += game.store[s] + game.stew_coins[s] + game.still_coins[s] + game.teepee[s]
        for f in game.fields[s]:
            held += f
    return sorted(held) == game.table.deck()
