"""Mutterböhnchen's blocks of the research environment written from the state.

:class:`MutterbohnchenWriter` writes ``mb_seats`` and ``mb_table``
(:mod:`bohn.rulesets.mutterbohnchen.encoding`) for one seat straight from a
:class:`~bohn.rulesets.mutterbohnchen.rules.Mutterbohnchen`, and the one
number of the bean games' seat blocks its observation changes: a seat's
``coins`` count the face-down coins too. It is an
:class:`~bohn.rl.state.ExtraWriter` of :class:`~bohn.rl.state.BeanStateWriter`,
run after the bean games' blocks (and Ladybohn's writer), so it overwrites
that number. Compiled with the engine (the ``@mypyc_attr`` mark,
``bohn/_native.py``).
"""

from __future__ import annotations

from typing import Any

from bohn._native import mypyc_attr
from bohn.engine.beans import BeanGame
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rl.state import capped
from bohn.rl.state import write_hist
from bohn.rulesets.mutterbohnchen.rules import ATTACK
from bohn.rulesets.mutterbohnchen.rules import CAPTURE
from bohn.rulesets.mutterbohnchen.rules import DEFEND
from bohn.rulesets.mutterbohnchen.rules import EFFECT
from bohn.rulesets.mutterbohnchen.rules import FINAL_PLACE
from bohn.rulesets.mutterbohnchen.rules import TURN_UP
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen
from bohn.rulesets.mutterbohnchen.two import MutterbohnchenForTwo


@mypyc_attr(allow_interpreted_subclasses=True)
class MutterbohnchenWriter(ExtraWriter):
    """Mutterböhnchen's own blocks of ``layout`` and the seats' coin counts
    (in the bean games' blocks ``seat0`` ...); ``two``: the game for two
    players, whose observation adds the open fields, the third-field card's
    holder, the offer and the coins set aside."""

    def __init__(self, layout: Layout, two: bool) -> None:
        super().__init__(layout)
        starts = layout.starts
        self.seat_starts = [starts[f"seat{k}"] for k in range(self.n)]
        self.o_seats = starts["mb_seats"]
        self.o_table = starts["mb_table"]
        self.two = two
        #: the length of a seat's part of ``mb_seats``
        self.per = layout.sizes["mb_seats"] // self.n

    def write(self, game: BeanGame, seat: int, out: Any) -> None:
        assert isinstance(game, Mutterbohnchen)
        n = self.n
        f = self.fields
        nk = self.nk
        total = self.total
        two = self.two
        two_game: MutterbohnchenForTwo | None = None
        if two:
            assert isinstance(game, MutterbohnchenForTwo)
            two_game = game
        for k in range(n):
            s = (seat + k) % n
            coins = game.coins[s]
            blind = len(game.blind[s])
            out[self.seat_starts[k] + 1] = capped((len(coins) + blind) / 10.0, 10.0)
            base = self.o_seats + k * self.per
            if coins:
                write_hist(self.counts, coins, base, 5.0, total / 5.0, out)
            if blind:
                out[base + nk] = capped(blind / 5.0, 10.0)
            if two_game is not None:
                for j in range(3):
                    if j < f and two_game.field_open(s, j):
                        out[base + nk + 1 + j] = 1.0
        p = self.o_table
        phase = game.phase
        if phase in (ATTACK, DEFEND, TURN_UP, CAPTURE):
            out[p] = 1.0
            t = game.target
            if 0 <= t < n:
                out[p + 1 + (t - seat) % n] = 1.0
            if game.reach:
                out[p + 1 + n] = capped(game.reach / 5.0, 10.0)
            turned = game.turned
            if turned:
                write_hist(self.counts, turned, p + 2 + n, 2.0, total / 2.0, out)
            if game.attacks:
                out[p + 2 + n + nk] = capped(len(game.attacks) / 5.0, 10.0)
            if two_game is not None:
                aside = two_game.aside
                if aside:
                    write_hist(self.counts, aside, p + 3 + n + nk, 2.0, total / 2.0, out)
        p += 3 + n + 2 * nk
        if phase == EFFECT:
            out[p] = 1.0
            e = game.effects[0]
            out[p + 1 + (e[0] - seat) % n] = 1.0
            # the quirk's card as observe shows it (a negative entry counts from the end)
            out[p + 1 + n + e[1] % nk] = 1.0
        p += 1 + n + nk
        if phase == FINAL_PLACE:
            out[p] = 1.0
            out[p + 1 + (game.placer - seat) % n] = 1.0
            placed = game.placed
            for j in range(3):
                if placed >> j & 1 and j < f:
                    out[p + 1 + n + j] = 1.0
        p += 1 + n + f
        if two_game is not None:
            holder = two_game.holder
            if 0 <= holder < n:
                out[p + (holder - seat) % n] = 1.0
            p += n
            stacks = two_game.stacks
            for j in range(min(len(stacks), 4)):
                if stacks[j]:
                    write_hist(self.counts, stacks[j], p + j * nk, 2.0, total / 2.0, out)
            p += 4 * nk
            if two_game.dropped:
                out[p] = 1.0
