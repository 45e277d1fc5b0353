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
from dataclasses import dataclass
from typing import Any
from typing import ClassVar
from typing import Self

from bohn.engine.actions import _REF
from bohn.engine.actions import _BareAction
from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _is_index_list
from bohn.engine.actions import _ListAction
from bohn.engine.actions import _WordAction
from bohn.engine.actions import register
from bohn.engine.errors import InvalidAction


@register
@dataclass(frozen=True, slots=True)
class Store(_WordAction):
    """Lay the card ``card`` (``h0``, ``r<i>`` or ``t<i>``) on my General Store."""

    type: ClassVar[str] = "store"
    fields_json: ClassVar[tuple[str, ...]] = ("card",)
    pattern: ClassVar[re.Pattern[str]] = _REF
    what: ClassVar[str] = "a card reference such as 'h0'"
    usage: ClassVar[str] = "store takes one card reference: 'store h0', 'store r1', 'store t0'"
    card: str


@register
@dataclass(frozen=True, slots=True)
class Bury(_BareAction):
    """``bank-2``: put the top card of the draw pile at its bottom."""

    type: ClassVar[str] = "bury"


@register
@dataclass(frozen=True, slots=True)
class MoveCard(_IndexAction):
    """``bank-4``: move my hand card at position ``card`` so that it ends at position ``to``."""

    type: ClassVar[str] = "move"
    fields_json: ClassVar[tuple[str, ...]] = ("card", "to")
    prefixes: ClassVar[tuple[str, ...]] = ("h", "h")
    usage: ClassVar[str] = "move takes two hand positions: 'move h3 h0'"
    card: int
    to: int


_ORDER = re.compile(r"^[0-9]{1,2}(,[0-9]{1,2}){0,15}$")


@register
@dataclass(frozen=True, slots=True)
class Order(_ListAction):
    """``bank-3``: my drawn cards (by their draw index) join my hand in this order."""

    type: ClassVar[str] = "order"
    fields_json: ClassVar[tuple[str, ...]] = ("drawn",)
    drawn: tuple[int, ...]

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        v = d.get("drawn")
        if not _is_index_list(v, 16, 100):
            raise InvalidAction(f"'drawn' must be a list of draw indices, not {v!r}")
        return cls(tuple(v))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or not _ORDER.match(words[0]):
            raise InvalidAction("order takes the drawn cards' indices: 'order 2,0,1'")
        return cls(tuple(int(i) for i in words[0].split(",")))


__all__ = ["Bury", "MoveCard", "Order", "Store"]
