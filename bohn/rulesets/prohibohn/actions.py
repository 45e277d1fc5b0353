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
from typing import Any
from typing import ClassVar
from typing import Self

from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _is_index_list
from bohn.engine.actions import _ListAction
from bohn.engine.actions import _WordAction
from bohn.engine.actions import register
from bohn.engine.errors import InvalidAction


@register
@dataclass(frozen=True, slots=True)
class Stash(_ListAction):
    """Lay my hand cards ``cards`` (positions) face down as my first coins."""

    type: ClassVar[str] = "stash"
    fields_json: ClassVar[tuple[str, ...]] = ("cards",)
    prefix: ClassVar[str] = "h"
    usage: ClassVar[str] = "stash takes hand cards: 'stash h1,h4'"
    cards: tuple[int, ...]

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        cards = d.get("cards")
        if not _is_index_list(cards, 8, 1000):
            raise InvalidAction("'cards' must be a short list of hand positions, e.g. [1, 4]")
        return cls(tuple(cards))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        return cls._parse_refs(words, "hand card", 8, "stash takes at most 8 hand cards")


@register
@dataclass(frozen=True, slots=True)
class Remove(_WordAction):
    """Remove the establishment card ``card`` from the game."""

    type: ClassVar[str] = "remove"
    fields_json: ClassVar[tuple[str, ...]] = ("card",)
    what: ClassVar[str] = "a card key such as 'casino-4'"
    usage: ClassVar[str] = "remove takes an establishment card: 'remove casino-4'"
    card: str


@register
@dataclass(frozen=True, slots=True)
class Protect(_IndexAction):
    """Give the boss one more card from the top of my field ``field`` (``pub-3``)."""

    type: ClassVar[str] = "protect"
    fields_json: ClassVar[tuple[str, ...]] = ("field",)
    prefixes: ClassVar[tuple[str, ...]] = ("f",)
    usage: ClassVar[str] = "protect takes a field: 'protect f0'"
    field: int


@register
@dataclass(frozen=True, slots=True)
class Draw(_IndexAction):
    """Draw ``count`` cards in phase 6 (a Gas Station's choice)."""

    type: ClassVar[str] = "draw"
    fields_json: ClassVar[tuple[str, ...]] = ("count",)
    prefixes: ClassVar[tuple[str, ...]] = ("",)
    usage: ClassVar[str] = "draw takes a number of cards: 'draw 3'"
    count: int


__all__ = ["Draw", "Protect", "Remove", "Stash"]
