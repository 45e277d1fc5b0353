"""The action Mutterböhnchen adds (``docs/actions.md``).

* ``attack <seat> f<i>`` — phase 1½: the baby on top of my field ``i``
  attacks the coins of seat ``seat``.

The attack goes on with ``uncover`` (turn up another coin) and ``take
<card>`` (the fitting turned-up coin to plant), the actions of Prohibohn and
High Bohn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar, Self

from bohn.engine.actions import Action, _int, _ref_int, register
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


__all__ = ["Attack"]
