"""The actions of Bohnkick (``docs/actions.md``).

* ``play h<i>`` — the attacker plays his team card ``i``;
* ``swap d<i>[,d<j>[,d<k>]]`` — the defender discards 1-3 defensive cards and
  draws as many;
* ``tackle d<i>`` — the defender plays his Tackle card ``i``;
* ``aim ul|ur|ll|lr`` — the shooter names the corner;
* ``block d<i>`` — a defender blocks the shot with his Goalie card ``i``;
* ``advantage`` — after a free kick is awarded, play on instead.

``pass`` is the rulebook's "continue" (no reaction, no block); an attacker
holding only goal cards discards them one at a time with ``drop h<i>``
(Prohibohn's action).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from bohn.engine.actions import HandCardAction
from bohn.engine.actions import _BareAction
from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _ListAction
from bohn.engine.actions import _WordAction
from bohn.engine.actions import action

#: the corners of the goal: upper left, upper right, lower left, lower right
CORNERS: Final = ("ul", "ur", "ll", "lr")


@action
class Play(HandCardAction, type="play"):
    """Play my team card ``card`` (hand position)."""


@dataclass(frozen=True, slots=True)
class DefenceCardAction(_IndexAction, prefixes=("d",)):
    """An action naming one of my defensive cards (``tackle d1``)."""

    card: int


@action
class Tackle(DefenceCardAction, type="tackle"):
    """Play my Tackle card ``card`` (defensive hand position)."""


@action
class Block(DefenceCardAction, type="block"):
    """Block the shot with my Goalie card ``card`` (defensive hand position)."""


@action
class Swap(
    _ListAction,
    type="swap",
    prefix="d",
    most=3,
    what="defensive card",
    usage="swap takes 1 to 3 defensive cards: 'swap d0,d2'",
    invalid="'cards' must list 1 to 3 defensive card positions, e.g. [0, 2]",
):
    """Discard my defensive cards ``cards`` (positions, 1 to 3) and draw as many."""

    cards: tuple[int, ...]


@action
class Aim(
    _WordAction,
    type="aim",
    pattern=re.compile(f"(?:{'|'.join(CORNERS)})\\Z"),
    what=f"one of {', '.join(CORNERS)}",
    usage="aim takes a corner: 'aim ul' (ul, ur, ll or lr)",
):
    """Name the corner the shot goes to: ``ul``, ``ur``, ``ll`` or ``lr``."""

    corner: str


@action
class Advantage(_BareAction, type="advantage"):
    """After a free kick is awarded: no kick, the attack goes on (advantage)."""


__all__ = ["CORNERS", "Advantage", "Aim", "Block", "Play", "Swap", "Tackle"]
