"""The action Mutterböhnchen adds (``docs/actions.md``).

* ``attack <seat> f<i>`` — phase 1½: the baby on top of my field ``i``
  attacks the coins of seat ``seat``;
* ``pick f<i>.<j>`` / ``pick d<i>`` — the card a quirk acts on: a lady the
  Frauenversteher brings to the top, a baby the Junggeselle discards next, a
  lady the Schürzenjäger takes from the discard pile;
* ``use p<i>`` — two players: take stack ``i`` of the offer to plant it.

The attack goes on with ``uncover`` (turn up another coin) and ``take
<card>`` (the fitting turned-up coin to plant), the actions of Prohibohn and
High Bohn. With two players a stack of the offer is refused with ``discard
p<i>`` (Al Cabohne's) and phase 2's hand card discarded with ``drop h<i>``
(Prohibohn's).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from bohn.engine.actions import Action, PileAction, _int, _ref_int, register
from bohn.engine.errors import InvalidAction


@register
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack seat ``target`` with the baby on top of my field ``field``."""

    type: ClassVar[str] = "attack"
    fields_json: ClassVar[tuple[str, ...]] = ("target", "field")
    target: int
    field: int

    def to_json(self) -> dict[str, Any]:
        return {"type": "attack", "target": self.target, "field": self.field}

    def text(self) -> str:
        return f"attack {self.target} f{self.field}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        target, field = _int(d, "target"), _int(d, "field")
        assert target is not None and field is not None
        return cls(target, field)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 2 or not words[0].isdigit() or len(words[0]) > 3:
            raise InvalidAction("attack takes a seat and a field: 'attack 2 f0'")
        return cls(int(words[0]), _ref_int(words[1], "f"))


_PICK = re.compile(r"^(f[0-9]{1,2}\.[0-9]{1,3}|d[0-9]{1,3})$")


@register
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Choose a card a quirk acts on: ``f<i>.<j>`` (field ``i``, position ``j``
    from the bottom) or ``d<i>`` (discard pile position ``i`` from the bottom)."""

    type: ClassVar[str] = "pick"
    fields_json: ClassVar[tuple[str, ...]] = ("ref",)
    ref: str

    def to_json(self) -> dict[str, Any]:
        return {"type": "pick", "ref": self.ref}

    def text(self) -> str:
        return f"pick {self.ref}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        ref = d.get("ref")
        if not isinstance(ref, str) or not _PICK.match(ref):
            raise InvalidAction(f"'ref' must be f<field>.<position> or d<position>, not {ref!r}")
        return cls(ref)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or not _PICK.match(words[0]):
            raise InvalidAction("pick takes f<field>.<position> or d<position>: 'pick f1.3'")
        return cls(words[0])


@register
@dataclass(frozen=True, slots=True)
class Use(PileAction):
    """Two players: take stack ``pile`` of the offer to plant it, whole (§3.5.2)."""

    type: ClassVar[str] = "use"


__all__ = ["Attack", "Pick", "Use"]
