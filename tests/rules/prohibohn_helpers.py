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

from bohn.rulesets.al_cabohne.rules import AlCabohne
from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS
from bohn.rulesets.prohibohn.rules import Prohibohn

from . import helpers

#: Prohibohn scenarios (see :func:`tests.rules.helpers.scenario`), 2 players unless named
PROHIBOHN = helpers.Variant("prohibohn", Prohibohn, players=2)
scenario, position = PROHIBOHN.scenario, PROHIBOHN.position


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


def held(game: Prohibohn | AlCabohne, *, box: bool = True, piles: bool = True) -> Counter[int]:
    """The bean cards in the game's zones (the box and the establishments'
    piles unless told not to count them); Al Cabohne has the same zones."""
    cards = [*game.deck, *game.discard, *game.treasury]
    if box:
        cards += game.box
    for s in range(game.n):
        cards += game.hands[s] + game.coins[s]
        for f in game.fields[s]:
            cards += f
    for f in game.bosses:
        cards += f
    if piles:
        for p in game.piles:
            cards += p
    return Counter(cards)


def conserved(game: Prohibohn) -> bool:
    """Every bean card of the game in exactly one zone."""
    return held(game) == Counter(game.table.deck())


def shuffled(game: Prohibohn) -> list[str]:
    """The order of the set-up shuffle (bottom to top)."""
    for e in game.history()[0][2]:
        if e.data["type"] == "shuffle":
            order: list[str] = e.data["order"]
            return order
    raise AssertionError("no shuffle in the set-up")


def three_bosses(turned: list[str]) -> list[list[str]]:
    """The bosses' fields the solo set-up deals from the cards ``turned`` up
    (top first): the first card starts Al's field, after Don's first card a
    card of Al's or Don's type joins that boss, and the first card of a third
    type starts Joe's field and ends the turning up."""
    want: list[list[str]] = [[], [], []]
    for key in turned:
        k = next((i for i, f in enumerate(want) if f and f[0] == key), -1)
        if k < 0:
            k = next(i for i, f in enumerate(want) if not f)
        want[k].append(key)
        if k == 2:
            break
    return want


def details(game: Prohibohn) -> dict[str, Any]:
    result = game.result()
    assert result is not None, "the game is not over"
    assert result.details is not None
    return result.details
