"""Prohibohn's blocks written from the state (:mod:`bohn.rl.state`).

:class:`EstablishmentWriter` writes ``pb_seats``, ``pb_supply`` and
``pb_table`` (the keys ``Prohibohn.observe`` adds to Al Cabohne's) as
:class:`~bohn.rulesets.prohibohn.encoding.ProhibohnEncoding`'s blocks write
them from the dict; Al Cabohne's blocks are written by its
:class:`~bohn.rulesets.al_cabohne.state.MafiaWriter`. Compiled with the
engine (``@mypyc_attr``: ``bohn/_native.py``).
"""

from __future__ import annotations

from typing import Any

from bohn._native import mypyc_attr
from bohn.engine.beans import BeanGame
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rl.state import capped
from bohn.rl.state import write_hist
from bohn.rulesets.prohibohn.rules import DRAW_CHOICE
from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS
from bohn.rulesets.prohibohn.rules import POLICE_PICK
from bohn.rulesets.prohibohn.rules import PROTECT
from bohn.rulesets.prohibohn.rules import PUB_REMOVE
from bohn.rulesets.prohibohn.rules import REMOVE_THIRD
from bohn.rulesets.prohibohn.rules import Prohibohn

#: the tally's entries in the order of ``pb_seats``
TALLY = ("cash", "cards", "bonus", "total")
#: the decision's keys in the order of ``pb_table``
KINDS = ("field", "boss", "counts", "third", "removable", "treasury")


@mypyc_attr(allow_interpreted_subclasses=True)
class EstablishmentWriter(ExtraWriter):
    """``pb_seats``, ``pb_supply`` and ``pb_table`` of ``layout`` from the state."""

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        self.seats = layout.starts["pb_seats"]
        self.supply = layout.starts["pb_supply"]
        self.table = layout.starts["pb_table"]
        self.ne = len(ESTABLISHMENTS.keys)
        #: the length of a seat's part of ``pb_seats``
        self.per_seat = layout.sizes["pb_seats"] // self.n

    def write(self, game: BeanGame, seat: int, out: Any) -> None:
        assert isinstance(game, Prohibohn)
        n = self.n
        ne = self.ne
        for k in range(n):
            s = (seat + k) % n
            base = self.seats + k * self.per_seat
            for e in game.owned[s]:
                out[base + e] = 1.0
            tally = game.tally(s)
            for j in range(4):
                v = tally[TALLY[j]]
                if v:
                    out[base + ne + j] = capped(v / 20.0, 10.0)
            if game.stashed[s]:
                out[base + ne + 4] = 1.0
        for e in game.supply:
            out[self.supply + e] = 1.0
        base = self.table
        if game.razzia():
            out[base] = 1.0
        if game.extended:
            out[base + 1] = 1.0
        if game.under:
            out[base + 2] = capped(game.under / 10.0, 10.0)
        if game.uncovered:
            out[base + 3] = capped(game.uncovered / 5.0, 10.0)
        st = game.stage
        if 0 <= st <= 6:
            out[base + 4 + st] = 1.0
        p = base + 11
        phase = game.phase
        if phase == REMOVE_THIRD:
            out[p + 3] = 1.0
        elif phase == PUB_REMOVE:
            out[p + 4] = 1.0
        elif phase == POLICE_PICK:
            out[p + 5] = 1.0
            if seat == game.active and game.treasury:
                sides = self.bean_sides(game.treasury)
                write_hist(self.bean_counts, sides, p + len(KINDS), 5.0, self.total / 5.0, out)
        elif phase == PROTECT:
            out[p] = 1.0
            out[p + 1] = 1.0
        elif phase == DRAW_CHOICE:
            out[p + 2] = 1.0
