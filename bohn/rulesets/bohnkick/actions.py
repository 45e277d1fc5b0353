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

from dataclasses import dataclass
from typing import Any, ClassVar, Final, Self

from bohn.engine.actions import (
    _REF,
    Action,
    _BareAction,
    _csv,
    _IndexAction,
    _ref_int,
    register,
)
from bohn.engine.errors import InvalidAction

#: the corners of the goal: upper left, upper right, lower left, lower right
CORNERS: Final = ("ul", "ur", "ll", "lr")


@register
@dataclass(frozen=True, slots=True)
class Play(_IndexAction):
    """Play my team card ``card`` (hand position)."""

    type: ClassVar[str] = "play"
    fields_json: ClassVar[tuple[str, ...]] = ("card",)
    key: ClassVar[str] = "card"
    prefix: ClassVar[str] = "h"
    card: int


@dataclass(frozen=True, slots=True)
class DefenceCardAction(_IndexAction):
    """An action naming one of my defensive cards (``tackle d1``)."""

    fields_json: ClassVar[tuple[str, ...]] = ("card",)
    key: ClassVar[str] = "card"
    prefix: ClassVar[str] = "d"
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
class Swap(Action):
    """Discard my defensive cards ``cards`` (positions, 1 to 3) and draw as many."""

    type: ClassVar[str] = "swap"
    fields_json: ClassVar[tuple[str, ...]] = ("cards",)
    cards: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "swap", "cards": list(self.cards)}

    def text(self) -> str:
        return "swap " + ",".join(f"d{i}" for i in self.cards)

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        cards = d.get("cards")
        if (
            not isinstance(cards, list)
            or not 1 <= len(cards) <= 3
            or any(isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 100 for c in cards)
        ):
            raise InvalidAction("'cards' must list 1 to 3 defensive card positions, e.g. [0, 2]")
        return cls(tuple(cards))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1:
            raise InvalidAction("swap takes 1 to 3 defensive cards: 'swap d0,d2'")
        refs = _csv(words[0], _REF, "defensive card")
        if not 1 <= len(refs) <= 3:
            raise InvalidAction("swap takes 1 to 3 defensive cards: 'swap d0,d2'")
        return cls(tuple(_ref_int(r, "d") for r in refs))


@register
@dataclass(frozen=True, slots=True)
class Aim(Action):
    """Name the corner the shot goes to: ``ul``, ``ur``, ``ll`` or ``lr``."""

    type: ClassVar[str] = "aim"
    fields_json: ClassVar[tuple[str, ...]] = ("corner",)
    corner: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "aim", "corner": self.corner}

    def text(self) -> str:
        return f"aim {self.corner}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        corner = d.get("corner")
        if corner not in CORNERS:
            raise InvalidAction(f"'corner' must be one of {', '.join(CORNERS)}, not {corner!r}")
        assert isinstance(corner, str)
        return cls(corner)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or words[0] not in CORNERS:
            raise InvalidAction("aim takes a corner: 'aim ul' (ul, ur, ll or lr)")
        return cls(words[0])


@register
@dataclass(frozen=True, slots=True)
class Advantage(_BareAction):
    """After a free kick is awarded: no kick, the attack goes on (advantage)."""

    type: ClassVar[str] = "advantage"


__all__ = ["CORNERS", "Advantage", "Aim", "Block", "Play", "Swap", "Tackle"]
