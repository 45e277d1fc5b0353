"""The actions of the mafia games (Al Cabohne, Prohibohn): ``docs/actions.md``.

* ``place p<i> f<j>`` — put uncovered pile ``i`` whole on my field ``j``;
* ``place p<i> m<k>`` — put it on boss ``k``'s field (0 Al Cabohne, 1 Don
  Corlebohne, 2 Joe Bohnano), one card at a time;
* ``give h<i> m<k>`` — give my hand card ``i`` to boss ``k``;

``discard p<i>`` (put pile ``i`` on the discard pile) is the engine's
(:mod:`bohn.engine.actions`): Mutterböhnchen takes it too.
"""

from __future__ import annotations

from typing import Any
from typing import Self

from bohn.engine.actions import Action
from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _int
from bohn.engine.actions import _ref_int
from bohn.engine.actions import action
from bohn.engine.errors import InvalidAction


@action
class Place(Action, type="place"):
    """Put uncovered pile ``pile`` on my field ``field`` or on boss ``boss``'s field."""

    pile: int
    field: int | None = None
    boss: int | None = None

    def to_json(self) -> dict[str, Any]:
        if self.boss is not None:
            return {"type": "place", "pile": self.pile, "boss": self.boss}
        return {"type": "place", "pile": self.pile, "field": self.field}

    def text(self) -> str:
        where = f"m{self.boss}" if self.boss is not None else f"f{self.field}"
        return f"place p{self.pile} {where}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        pile = _int(d, "pile")
        field = _int(d, "field", required=False)
        boss = _int(d, "boss", required=False)
        if (field is None) == (boss is None):
            raise InvalidAction("a place action names either a 'field' or a 'boss'")
        return cls(pile, field, boss)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 2:
            raise InvalidAction(
                "place takes a pile and a field or boss: 'place p0 f1', 'place p0 m1'"
            )
        pile = _ref_int(words[0], "p")
        if words[1].startswith("m"):
            return cls(pile, None, _ref_int(words[1], "m"))
        return cls(pile, _ref_int(words[1], "f"))


@action
class Give(
    _IndexAction,
    type="give",
    prefixes=("h", "m"),
    usage="give takes a hand card and a boss: 'give h2 m0'",
):
    """Give my hand card ``card`` to boss ``boss``."""

    card: int
    boss: int
