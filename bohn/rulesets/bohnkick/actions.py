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
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn.engine.actions import _BareAction
from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _is_index_list
from bohn.engine.actions import _ListAction
from bohn.engine.actions import _WordAction
from bohn.engine.actions import register
from bohn.engine.errors import InvalidAction

#: the corners of the goal: upper left, upper right, lower left, lower right
CORNERS: Final = ("ul", "ur", "ll", "lr")


@register
@dataclass(frozen=True, slots=True)
class Play(_IndexAction):
    """Play my team card ``card`` (hand position)."""

    type: ClassVar[str] = "play"
    fields_json: ClassVar[tuple[str, ...]] = ("card",)
    prefixes: ClassVar[tuple[str, ...]] = ("h",)
    card: int


@dataclass(frozen=True, slots=True)
class DefenceCardAction(_IndexAction):
    """An action naming one of my defensive cards (``tackle d1``)."""

    fields_json: ClassVar[tuple[str, ...]] = ("card",)
    prefixes: ClassVar[tuple[str, ...]] = ("d",)
    card: int


@register
@dataclass(frozen=True, slots=True)
class Tackle(DefenceCardAction):
    """Play my Tackle card ``card`` (defensive hand position)."""

    type: ClassVar[str] = "tackle"


@register
@dataclass(frozen=True, slots=True)
class Block(DefenceCardAction):
    """Block the shot with my Goalie card ``card`` (defensive hand position)."""

    type: ClassVar[str] = "block"


@register
@dataclass(frozen=True, slots=True)
class Swap(_ListAction):
    """Discard my defensive cards ``cards`` (positions, 1 to 3) and draw as many."""

    type: ClassVar[str] = "swap"
    fields_json: ClassVar[tuple[str, ...]] = ("cards",)
    prefix: ClassVar[str] = "d"
    usage: ClassVar[str] = "swap takes 1 to 3 defensive cards: 'swap d0,d2'"
    cards: tuple[int, ...]

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        cards = d.get("cards")
        if not _is_index_list(cards, 3, 100):
            raise InvalidAction("'cards' must list 1 to 3 defensive card positions, e.g. [0, 2]")
        return cls(tuple(cards))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        return cls._parse_refs(words, "defensive card", 3, cls.usage)


@register
@dataclass(frozen=True, slots=True)
class Aim(_WordAction):
    """Name the corner the shot goes to: ``ul``, ``ur``, ``ll`` or ``lr``."""

    type: ClassVar[str] = "aim"
    fields_json: ClassVar[tuple[str, ...]] = ("corner",)
    pattern: ClassVar[re.Pattern[str]] = re.compile(f"(?:{'|'.join(CORNERS)})\\Z")
    what: ClassVar[str] = f"one of {', '.join(CORNERS)}"
    usage: ClassVar[str] = "aim takes a corner: 'aim ul' (ul, ur, ll or lr)"
    corner: str


@register
@dataclass(frozen=True, slots=True)
class Advantage(_BareAction):
    """After a free kick is awarded: no kick, the attack goes on (advantage)."""

    type: ClassVar[str] = "advantage"


__all__ = ["CORNERS", "Advantage", "Aim", "Block", "Play", "Swap", "Tackle"]
