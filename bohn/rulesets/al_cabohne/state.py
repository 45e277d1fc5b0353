"""Al Cabohne's blocks written from the state (:mod:`bohn.rl.state`).

:class:`MafiaWriter` writes ``bosses``, ``treasury``, ``piles`` and ``feed``
(the keys ``AlCabohne.observe`` adds to the bean games') as
:class:`~bohn.rulesets.al_cabohne.encoding.AlCabohneEncoding`'s blocks write
them from the dict; the bean games' blocks are :class:`~bohn.rl.state.BeanStateWriter`'s
(``AlCabohne.observe`` leaves them as ``BeanGame.observe`` has them). Compiled
with the engine (``@mypyc_attr``: ``bohn/_native.py``).
"""

from __future__ import annotations

from typing import Any

from bohn._native import mypyc_attr
from bohn.engine.beans import BeanGame
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rl.state import capped
from bohn.rl.state import write_hist
from bohn.rl.state import write_hist_memo
from bohn.rulesets.al_cabohne.rules import BOSSES
from bohn.rulesets.al_cabohne.rules import FEED
from bohn.rulesets.al_cabohne.rules import AlCabohne

#: the uncovered piles the ``piles`` block shows
PILES = 4


@mypyc_attr(allow_interpreted_subclasses=True)
class MafiaWriter(ExtraWriter):
    """``bosses``, ``treasury``, ``piles`` and ``feed`` of ``layout`` from the state."""

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        starts = layout.starts
        self.bosses = starts["bosses"]
        self.treasury = starts["treasury"]
        self.piles = starts["piles"]
        self.feed = starts["feed"]
        #: the length of a boss's slot of ``bosses``
        self.per = layout.sizes["bosses"] // len(BOSSES)
        self.thresholds: list[float] = [float(b[2]) for b in BOSSES]
        #: the uncovered piles' histograms by their cards (:func:`write_hist_memo`)
        self.hist_memo: dict[tuple[int, ...], Any] = {}

    def write(self, game: BeanGame, seat: int, out: Any) -> None:
        assert isinstance(game, AlCabohne)
        nk = self.nk
        total = self.total
        bosses = game.bosses
        for j in range(min(len(bosses), len(BOSSES))):
            p = self.bosses + j * self.per
            out[p] = 1.0
            out[p + 1] = capped(self.thresholds[j] / 10.0, 10.0)
            f = bosses[j]
            if f:
                out[p + 2] = capped(len(f) / 10.0, total / 10.0)
                out[p + 3 + f[-1]] = 1.0
                write_hist(self.counts, f, p + 3 + nk, 10.0, self.total / 10.0, out)
        t = len(game.treasury)
        if t:
            out[self.treasury] = capped(float(t) / float(total), 1.0)
        piles = game.piles
        for j in range(min(len(piles), PILES)):
            write_hist_memo(
                self.hist_memo, self.counts, piles[j], self.piles + j * nk, 10.0, total / 10.0, out
            )
        if game.phase == FEED:
            k = game.feeding
            if k < 0:  # as ``BOSSES[feeding]`` reads it
                k += len(BOSSES)
            if 0 <= k < len(BOSSES):
                out[self.feed + k] = 1.0
