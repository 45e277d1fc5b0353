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

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from bohn.engine.actions import _KEY, _REF, Action, _csv, _int, _ref_int, register
from bohn.engine.errors import InvalidAction


@register
@dataclass(frozen=True, slots=True)
class Stash(Action):
    """Lay my hand cards ``cards`` (positions) face down as my first coins."""

    type: ClassVar[str] = "stash"
    fields_json: ClassVar[tuple[str, ...]] = ("cards",)
    cards: tuple[int, ...]

    def to_json(self) -> dict[str, Any]:
        return {"type": "stash", "cards": list(self.cards)}

    def text(self) -> str:
        return "stash " + ",".join(f"h{i}" for i in self.cards)

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        cards = d.get("cards")
        if (
            not isinstance(cards, list)
            or not 1 <= len(cards) <= 8
            or any(
                isinstance(c, bool) or not isinstance(c, int) or not 0 <= c < 1000 for c in cards
            )
        ):
            raise InvalidAction("'cards' must be a short list of hand positions, e.g. [1, 4]")
        return cls(tuple(cards))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1:
            raise InvalidAction("stash takes hand cards: 'stash h1,h4'")
        refs = _csv(words[0], _REF, "hand card")
        if len(refs) > 8:
            raise InvalidAction("stash takes at most 8 hand cards")
        return cls(tuple(_ref_int(r, "h") for r in refs))


@register
@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Remove the establishment card ``card`` from the game."""

    type: ClassVar[str] = "remove"
    fields_json: ClassVar[tuple[str, ...]] = ("card",)
    card: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "remove", "card": self.card}

    def text(self) -> str:
        return f"remove {self.card}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        card = d.get("card")
        if not isinstance(card, str) or not _KEY.match(card):
            raise InvalidAction(f"'card' must be a card key such as 'casino-4', not {card!r}")
        return cls(card)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or not _KEY.match(words[0]):
            raise InvalidAction("remove takes an establishment card: 'remove casino-4'")
        return cls(words[0])


@register
@dataclass(frozen=True, slots=True)
class Protect(Action):
    """Give the boss one more card from the top of my field ``field`` (``pub-3``)."""

    type: ClassVar[str] = "protect"
    fields_json: ClassVar[tuple[str, ...]] = ("field",)
    field: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "protect", "field": self.field}

    def text(self) -> str:
        return f"protect f{self.field}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        f = _int(d, "field")
        assert f is not None
        return cls(f)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1:
            raise InvalidAction("protect takes a field: 'protect f0'")
        return cls(_ref_int(words[0], "f"))


@register
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Draw ``count`` cards in phase 6 (a Gas Station's choice)."""

    type: ClassVar[str] = "draw"
    fields_json: ClassVar[tuple[str, ...]] = ("count",)
    count: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "draw", "count": self.count}

    def text(self) -> str:
        return f"draw {self.count}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        n = _int(d, "count")
        assert n is not None
        return cls(n)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or not words[0].isdigit() or len(words[0]) > 3:
            raise InvalidAction("draw takes a number of cards: 'draw 3'")
        return cls(int(words[0]))


__all__ = ["Draw", "Protect", "Remove", "Stash"]
