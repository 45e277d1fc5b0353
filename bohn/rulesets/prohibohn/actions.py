"""The actions Prohibohn adds to the mafia games (``docs/actions.md``).

* ``stash h<i>,h<j>`` — set-up: lay two hand cards face down as my first coins;
* ``remove <card>`` — remove an establishment card from the game: the third
  card after buying my second of an establishment, or the opponent's
  1-establishment with ``pub-4``;
* ``protect f<i>`` — ``pub-3``: give the boss one more card of field ``i``;
* ``draw <n>`` — ``gas-station-3``/``gas-station-4``: draw ``n`` cards in phase 6.

It also takes actions other rulesets take, which are the engine's
(:mod:`bohn.engine.actions`): ``drop h<i>`` (``casino-3``: put hand card
``i`` onto the discard pile), ``uncover`` (``undertaker-3``/``-4``: go on
uncovering after the early stop), ``build <card>`` (``build razzia name
<type>`` pays the Razzia with five coins of one other type) and ``take
<type>`` (the Police Station's coin).
"""

from __future__ import annotations

from bohn.engine.actions import FieldAction
from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _ListAction
from bohn.engine.actions import _WordAction
from bohn.engine.actions import action


@action
class Stash(
    _ListAction,
    type="stash",
    prefix="h",
    most=8,
    below=1000,
    what="hand card",
    usage="stash takes hand cards: 'stash h1,h4'",
    too_many="stash takes at most 8 hand cards",
    invalid="'cards' must be a short list of hand positions, e.g. [1, 4]",
):
    """Lay my hand cards ``cards`` (positions) face down as my first coins."""

    cards: tuple[int, ...]


@action
class Remove(
    _WordAction,
    type="remove",
    what="a card key such as 'casino-4'",
    usage="remove takes an establishment card: 'remove casino-4'",
):
    """Remove the establishment card ``card`` from the game."""

    card: str


@action
class Protect(FieldAction, type="protect", usage="protect takes a field: 'protect f0'"):
    """Give the boss one more card from the top of my field ``field`` (``pub-3``)."""


@action
class Draw(
    _IndexAction, type="draw", prefixes=("",), usage="draw takes a number of cards: 'draw 3'"
):
    """Draw ``count`` cards in phase 6 (a Gas Station's choice)."""

    count: int


__all__ = ["Draw", "Protect", "Remove", "Stash"]
