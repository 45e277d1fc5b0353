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
from typing import ClassVar

from bohn.engine.actions import PileAction
from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _WordAction
from bohn.engine.actions import register


@register
@dataclass(frozen=True, slots=True)
class Attack(_IndexAction):
    """Attack seat ``target`` with the baby on top of my field ``field``."""

    type: ClassVar[str] = "attack"
    fields_json: ClassVar[tuple[str, ...]] = ("target", "field")
    prefixes: ClassVar[tuple[str, ...]] = ("", "f")
    usage: ClassVar[str] = "attack takes a seat and a field: 'attack 2 f0'"
    target: int
    field: int


@register
@dataclass(frozen=True, slots=True)
class Pick(_WordAction):
    """Choose a card a quirk acts on: ``f<i>.<j>`` (field ``i``, position ``j``
    from the bottom) or ``d<i>`` (discard pile position ``i`` from the bottom)."""

    type: ClassVar[str] = "pick"
    fields_json: ClassVar[tuple[str, ...]] = ("ref",)
    pattern: ClassVar[re.Pattern[str]] = re.compile(r"^(f[0-9]{1,2}\.[0-9]{1,3}|d[0-9]{1,3})$")
    what: ClassVar[str] = "f<field>.<position> or d<position>"
    usage: ClassVar[str] = "pick takes f<field>.<position> or d<position>: 'pick f1.3'"
    ref: str


@register
@dataclass(frozen=True, slots=True)
class Use(PileAction):
    """Two players: take stack ``pile`` of the offer to plant it, whole (§3.5.2)."""

    type: ClassVar[str] = "use"


__all__ = ["Attack", "Pick", "Use"]
