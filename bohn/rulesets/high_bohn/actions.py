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
from typing import Any, ClassVar, Self

from bohn.engine.actions import (
    _REF,
    Action,
    _BareAction,
    _int,
    _ref_int,
    register,
)
from bohn.engine.errors import InvalidAction


@register
@dataclass(frozen=True, slots=True)
class Store(Action):
    """Lay the card ``card`` (``h0``, ``r<i>`` or ``t<i>``) on my General Store."""

    type: ClassVar[str] = "store"
    fields_json: ClassVar[tuple[str, ...]] = ("card",)
    card: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "store", "card": self.card}

    def text(self) -> str:
        return f"store {self.card}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        c = d.get("card")
        if not isinstance(c, str) or not _REF.match(c):
            raise InvalidAction(f"'card' must be a card reference such as 'h0', not {c!r}")
        return cls(c)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or not _REF.match(words[0]):
            raise InvalidAction(
                "store takes one card reference: 'store h0', 'store r1', 'store t0'"
            )
        return cls(words[0])


@register
@dataclass(frozen=True, slots=True)
class Bury(_BareAction):
    """``bank-2``: put the top card of the draw pile at its bottom."""

    type: ClassVar[str] = "bury"


@register
@dataclass(frozen=True, slots=True)
class MoveCard(Action):
    """``bank-4``: move my hand card at position ``card`` so that it ends at position ``to``."""

    type: ClassVar[str] = "move"
    fields_json: ClassVar[tuple[str, ...]] = ("card", "to")
    card: int
    to: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "move", "card": self.card, "to": self.to}

    def text(self) -> str:
        return f"move h{self.card} h{self.to}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        card, to = _int(d, "card"), _int(d, "to")
        assert card is not None and to is not None
        return cls(card, to)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 2:
            raise InvalidAction("move takes two hand positions: 'move h3 h0'")
        return cls(_ref_int(words[0], "h"), _ref_int(words[1], "h"))


_ORDER = re.compile(r"^[0-9]{1,2}(,[0-9]{1,2}){0,15}$")


@register
@dataclass(frozen=True, slots=True)
class Order(Action):
    """``bank-3``: my drawn cards (by their draw index) join my hand in this order."""

    type: ClassVar[str] = "order"
    fields_json: ClassVar[tuple[str, ...]] = ("drawn",)
    drawn: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "order", "drawn": list(self.drawn)}

    def text(self) -> str:
        return "order " + ",".join(str(i) for i in self.drawn)

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        v = d.get("drawn")
        if (
            not isinstance(v, list)
            or not 0 < len(v) <= 16
            or any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < 100 for i in v)
        ):
            raise InvalidAction(f"'drawn' must be a list of draw indices, not {v!r}")
        return cls(tuple(v))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or not _ORDER.match(words[0]):
            raise InvalidAction("order takes the drawn cards' indices: 'order 2,0,1'")
        return cls(tuple(int(i) for i in words[0].split(",")))


__all__ = ["Bury", "MoveCard", "Order", "Store"]
