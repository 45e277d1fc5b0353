"""The actions High Bohn adds to the shared vocabulary (``docs/actions.md``).

* ``store <ref>`` — lay a card on my General Store (``h0`` my front card in
  phase 1, ``r<i>`` a revealed card in phase 2, ``t<i>`` a trading-area card
  in phase 3);
* ``bury`` — ``bank-2``: the top card of the draw pile goes to its bottom;
* ``move h<i> h<j>`` — ``bank-4``: my hand card ``i`` moves to position ``j``
  (JSON ``{"type": "move", "card": i, "to": j}``);
* ``order <i>,<j>,...`` — ``bank-3``: my drawn cards join the back of my hand
  in this order;

Buying a building (``build <building> [name <type>]``) and ``take <bean>``
(``jail-4``: the leftover card I take as a coin) are the engine's
(:mod:`bohn.engine.actions`): other rulesets take them too.
"""

from __future__ import annotations

import re
from typing import Self

from bohn.engine.actions import _REF
from bohn.engine.actions import _BareAction
from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _ListAction
from bohn.engine.actions import _WordAction
from bohn.engine.actions import action
from bohn.engine.errors import InvalidAction


@action
class Store(
    _WordAction,
    type="store",
    pattern=_REF,
    what="a card reference such as 'h0'",
    usage="store takes one card reference: 'store h0', 'store r1', 'store t0'",
):
    """Lay the card ``card`` (``h0``, ``r<i>`` or ``t<i>``) on my General Store."""

    card: str


@action
class Bury(_BareAction, type="bury"):
    """``bank-2``: put the top card of the draw pile at its bottom."""


@action
class MoveCard(
    _IndexAction,
    type="move",
    prefixes=("h", "h"),
    usage="move takes two hand positions: 'move h3 h0'",
):
    """``bank-4``: move my hand card at position ``card`` so that it ends at position ``to``."""

    card: int
    to: int


_ORDER = re.compile(r"^[0-9]{1,2}(,[0-9]{1,2}){0,15}$")


@action
class Order(
    _ListAction,
    type="order",
    most=16,
    invalid="'drawn' must be a list of draw indices, not {value!r}",
    usage="order takes the drawn cards' indices: 'order 2,0,1'",
):
    """``bank-3``: my drawn cards (by their draw index) join my hand in this order."""

    drawn: tuple[int, ...]

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or not _ORDER.match(words[0]):
            raise InvalidAction(cls.usage)
        return cls(tuple(int(i) for i in words[0].split(",")))


__all__ = ["Bury", "MoveCard", "Order", "Store"]
