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

from bohn.engine.actions import PileAction
from bohn.engine.actions import _IndexAction
from bohn.engine.actions import _WordAction
from bohn.engine.actions import action


@action
class Attack(
    _IndexAction,
    type="attack",
    prefixes=("", "f"),
    usage="attack takes a seat and a field: 'attack 2 f0'",
):
    """Attack seat ``target`` with the baby on top of my field ``field``."""

    target: int
    field: int


@action
class Pick(
    _WordAction,
    type="pick",
    pattern=re.compile(r"^(f[0-9]{1,2}\.[0-9]{1,3}|d[0-9]{1,3})$"),
    what="f<field>.<position> or d<position>",
    usage="pick takes f<field>.<position> or d<position>: 'pick f1.3'",
):
    """Choose a card a quirk acts on: ``f<i>.<j>`` (field ``i``, position ``j``
    from the bottom) or ``d<i>`` (discard pile position ``i`` from the bottom)."""

    ref: str


@action
class Use(PileAction, type="use"):
    """Two players: take stack ``pile`` of the offer to plant it, whole (§3.5.2)."""


__all__ = ["Attack", "Pick", "Use"]
