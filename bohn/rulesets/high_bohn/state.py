"""High Bohn's blocks of the research environment written from the state.

:class:`HighBohnWriter` writes ``hb_seats``, ``coin_faces``, ``supply``,
``removed`` and ``hb_table`` (:mod:`bohn.rulesets.high_bohn.encoding`) for one
seat straight from a :class:`~bohn.rulesets.high_bohn.rules.HighBohn`, the
same numbers as the encoder writes from ``HighBohn.observe``'s keys (an
:class:`~bohn.rl.state.ExtraWriter` of :class:`~bohn.rl.state.BeanStateWriter`,
which writes the bean games' blocks). Compiled with the engine (the
``@mypyc_attr`` mark, ``bohn/_native.py``).
"""

from __future__ import annotations

from typing import Any

from bohn._native import mypyc_attr
from bohn.engine.beans import BeanGame
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rl.state import capped
from bohn.rl.state import write_hist
from bohn.rulesets.high_bohn.rules import DISTILLERY
from bohn.rulesets.high_bohn.rules import FINAL_BUY
from bohn.rulesets.high_bohn.rules import JAIL_COIN
from bohn.rulesets.high_bohn.rules import HighBohn


@mypyc_attr(allow_interpreted_subclasses=True)
class HighBohnWriter(ExtraWriter):
    """High Bohn's own blocks of ``layout``: ``buildings`` is the number of
    building keys, ``kinds`` of building types; ``window_kinds`` maps a
    distillery window's bean type to the index of its building type in the
    ``hb_table`` block's one-hot."""

    def __init__(
        self, layout: Layout, buildings: int, kinds: int, window_kinds: dict[int, int]
    ) -> None:
        super().__init__(layout)
        self.nbld = buildings
        self.nkinds = kinds
        self.window_kinds = window_kinds
        #: the length of a seat's part of ``hb_seats``
        self.per = layout.sizes["hb_seats"] // self.n
        starts = layout.starts
        self.o_seats = starts["hb_seats"]
        self.o_faces = starts["coin_faces"]
        self.o_supply = starts["supply"]
        self.o_removed = starts["removed"]
        self.o_table = starts["hb_table"]
        #: ``buildings_in_play()`` of the last game class and options seen
        #: (a function of the options: the Distilleries with option cognac)
        self.in_play: list[int] = []
        self.in_play_options: dict[str, Any] | None = None
        self.in_play_type: type | None = None

    def write(self, game: BeanGame, seat: int, out: Any) -> None:
        assert isinstance(game, HighBohn)
        n = self.n
        total = self.total
        for k in range(n):
            s = (seat + k) % n
            self._seat(game, s, self.o_seats + k * self.per, out)
            coins = game.coins[s]
            if coins:
                base = self.o_faces + k * self.nb
                sides = self.bean_sides(coins)
                write_hist(self.bean_counts, sides, base, 10.0, total / 10.0, out)
        # removed: in play, neither owned nor for sale (marked, not searched)
        seen = [False] * self.nbld
        for z in game.owned:
            for b in z:
                seen[b] = True
        for b in game.supply:
            out[self.o_supply + b] = 1.0
            seen[b] = True
        if game.options is not self.in_play_options or type(game) is not self.in_play_type:
            self.in_play = game.buildings_in_play()
            self.in_play_options = game.options
            self.in_play_type = type(game)
        for b in self.in_play:
            if not seen[b]:
                out[self.o_removed + b] = 1.0
        # hb_table
        nk = self.nk
        p = self.o_table
        if seat == game.looking():
            deck = game.deck
            if deck:
                out[p + deck[-1]] = 1.0
        p += nk
        drawn = game.drawn[seat]
        for j in range(min(len(drawn), 3)):
            out[p + j * nk + drawn[j]] = 1.0
        p += 3 * nk
        used = game.bank_used
        if used & 1:
            out[p] = 1.0
        if used & 2:
            out[p + 1] = 1.0
        p += 2
        phase = game.phase
        if phase == FINAL_BUY:
            out[p + (game.buyer - seat) % n] = 1.0
        p += n
        if phase == DISTILLERY:
            out[p] = 1.0
            i = self.window_kinds.get(game.window_type, -1)
            if i >= 0:
                out[p + 1 + i] = 1.0
            for s in game.window:
                out[p + 1 + self.nkinds + (s - seat) % n] = 1.0
        p += 1 + self.nkinds + n
        if phase == JAIL_COIN:
            out[p] = 1.0
            out[p + 1 + (game.jail_owner - seat) % n] = 1.0
            held = game.held
            if held:
                write_hist(self.counts, held, p + 1 + n, 3.0, total / 3.0, out)

    def _seat(self, game: HighBohn, s: int, base: int, out: Any) -> None:
        f = self.fields
        total = self.total
        for b in game.owned[s]:
            out[base + b] = 1.0
        p = base + self.nbld
        kinds = game.kinds[s]
        for j in range(min(len(kinds), f)):
            out[p + j * 5 + kinds[j]] = 1.0
        p += f * 5
        stews = game.stews[s]
        for j in range(min(len(stews), f)):
            if stews[j]:
                out[p + j] = 1.0
        locks = game.locks[s]
        for j in range(min(len(locks), f)):
            if locks[j]:
                out[p + f + j] = 1.0
        p += 2 * f
        store = game.store[s]
        if store:
            write_hist(self.counts, store, p, 3.0, total / 3.0, out)
        p += self.nk
        c = len(game.stew_coins[s])
        if c:
            out[p] = capped(c / 5.0, total / 5.0)
        c = len(game.still_coins[s])
        if c:
            out[p + 1] = capped(c / 5.0, total / 5.0)
        c = len(game.teepee[s])
        if c:
            out[p + 2] = capped(c / 5.0, total / 5.0)
        c = len(game.drawn[s])
        if c:
            out[p + 3] = capped(c / 3.0, 10.0)
        c = game.plant_limit(s)
        if c:
            out[p + 4] = capped(c / 3.0, 10.0)
