"""Ladybohn's blocks of the research environment written from the state.

:class:`LadybohnWriter` writes ``third_fields_left`` and ``foist``
(:mod:`bohn.rulesets.ladybohn.encoding`) for one seat straight from a
:class:`~bohn.rulesets.ladybohn.rules.Ladybohn`, the same numbers as the
encoder writes from ``Ladybohn.observe``'s keys (an
:class:`~bohn.rl.state.ExtraWriter` of :class:`~bohn.rl.state.BeanStateWriter`,
which writes the bean games' blocks; Mutterböhnchen's writers run it too).
Compiled with the engine (the ``@mypyc_attr`` mark, ``bohn/_native.py``).
"""

from __future__ import annotations

from typing import Any

from bohn._native import mypyc_attr
from bohn.engine.beans import BeanGame
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rl.state import capped
from bohn.rl.state import write_hist
from bohn.rulesets.ladybohn.rules import FOIST
from bohn.rulesets.ladybohn.rules import Ladybohn


@mypyc_attr(allow_interpreted_subclasses=True)
class LadybohnWriter(ExtraWriter):
    """``third_fields_left`` and ``foist`` of ``layout`` written from the
    state (``Ladybohn.observe``'s keys)."""

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        self.third = layout.starts["third_fields_left"]
        self.foist = layout.starts["foist"]

    def write(self, game: BeanGame, seat: int, out: Any) -> None:
        assert isinstance(game, Ladybohn)
        left = game.third_fields_left()
        if left:
            out[self.third] = capped(float(left) / 2.0, 10.0)
        if game.phase != FOIST:
            return
        base = self.foist
        n = self.n
        s = game.foisting()
        out[base] = 1.0
        out[base + 1 + (s - seat) % n] = 1.0
        must = game.must[s]
        if must:
            write_hist(self.counts, must, base + 1 + n, 2.0, self.total / 2.0, out)
