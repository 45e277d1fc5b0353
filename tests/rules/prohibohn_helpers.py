"""Helpers for the Prohibohn rule tests (``rules/prohibohn.md``).

Positions are written as scenarios (``bohn/scenario.py``,
``ProhibohnPositionLoader``): unless a test says otherwise the draw pile holds
exactly the cards it names (a scenario's ``deck`` is written top-first;
``game.deck`` is bottom to top), the other cards are out of play, and every
seat not given holds an empty hand and its empty fields. Seat 0 is active.
The bosses are ``m0`` Al Cabohne (threshold 3), ``m1`` Don Corlebohne (2) and,
with option ``pub``, ``m2`` Joe Bohnano (1). A seat's ``establishments`` lists
the establishment, Police Station and Razzia cards it owns.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS, Prohibohn
from bohn.scenario import load_position

from . import helpers


def scenario(**kw: Any) -> dict[str, Any]:
    """A Prohibohn scenario dict (see :func:`tests.rules.helpers.scenario`), 2 players."""
    kw.setdefault("players", 2)
    return {**helpers.scenario(**kw), "variant": "prohibohn"}


def position(**kw: Any) -> Prohibohn:
    game = load_position(scenario(**kw))
    assert isinstance(game, Prohibohn)
    return game


def bosses(game: Prohibohn) -> list[list[str]]:
    return [game.table.key_list(f) for f in game.bosses]


def piles(game: Prohibohn) -> list[list[str]]:
    return [game.table.key_list(p) for p in game.piles]


def deck(game: Prohibohn) -> list[str]:
    """The draw pile, top card first (as scenarios write it)."""
    return game.table.key_list(game.deck[::-1])


def discard(game: Prohibohn) -> list[str]:
    """The discard pile, bottom card first (the last is on top)."""
    return game.table.key_list(game.discard)


def treasury(game: Prohibohn) -> list[str]:
    return game.table.key_list(game.treasury)


def coin_cards(game: Prohibohn, seat: int) -> list[str]:
    return game.table.key_list(game.coins[seat])


def owned(game: Prohibohn, seat: int) -> list[str]:
    """The establishment, Police Station and Razzia cards ``seat`` owns."""
    return [ESTABLISHMENTS.keys[e] for e in game.owned[seat]]


def supply(game: Prohibohn) -> list[str]:
    return [ESTABLISHMENTS.keys[e] for e in game.supply]


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def conserved(game: Prohibohn) -> bool:
    """Every bean card of the game in exactly one zone."""
    held = [*game.deck, *game.discard, *game.box, *game.treasury]
    for s in range(game.n):
        held += game.hands[s] + game.coins[s]
        for f in game.fields[s]:
            held += f
    for f in game.bosses:
        held += f
    for p in game.piles:
        held += p
    return Counter(held) == Counter(game.table.deck())


def details(game: Prohibohn) -> dict[str, Any]:
    result = game.result()
    assert result is not None, "the game is not over"
    assert result.details is not None
    return result.details
