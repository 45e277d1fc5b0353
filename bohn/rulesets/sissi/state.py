"""Sissi's block of the research environment written from the state.

:class:`SissiActionWriter` writes ``sissi_action``
(:mod:`bohn.rulesets.sissi.encoding`) for one seat straight from a
:class:`~bohn.rulesets.sissi.rules.Sissi`, the same numbers as the encoder
writes from ``Sissi.observe``'s key (an :class:`~bohn.rl.state.ExtraWriter`
of :class:`~bohn.rl.state.BeanStateWriter`, which writes the bean games'
blocks). Compiled with the engine (the ``@mypyc_attr`` mark, ``bohn/_native.py``).
"""

from __future__ import annotations

from typing import Any

from bohn._native import mypyc_attr
from bohn.engine.beans import BeanGame
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rulesets.sissi.rules import SISSI_ACTION
from bohn.rulesets.sissi.rules import Sissi


@mypyc_attr(allow_interpreted_subclasses=True)
class SissiActionWriter(ExtraWriter):
    """``sissi_action`` written from the state (``Sissi.observe``'s key)."""

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        self.base = layout.starts["sissi_action"]

    def write(self, game: BeanGame, seat: int, out: Any) -> None:
        if game.phase != SISSI_ACTION:
            return
        assert isinstance(game, Sissi)
        n = self.n
        f = self.fields
        for s, fld in game.sissi_action_fields():
            if fld < f:
                out[self.base + ((s - seat) % n) * f + fld] = 1.0
