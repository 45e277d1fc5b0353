"""Bohnkick's vector written from the state (:mod:`bohn.rl.state`).

:class:`BohnkickStateWriter` writes every block of
:class:`~bohn.rulesets.bohnkick.encoding.BohnkickEncoding` (``phase``, the
attack's numbers and seats, ``waiting_for`` and ``bohnkick``) for one seat
straight from a :class:`~bohn.rulesets.bohnkick.rules.Bohnkick`, reading only
what ``Bohnkick.observe(seat)`` shows that seat (its own hand and defensive
cards; every other seat's sizes), and writes the same numbers as the blocks
write from that dict. Compiled with the engine (``@mypyc_attr``:
``bohn/_native.py``).
"""

from __future__ import annotations

from array import array
from typing import Any

from bohn._native import mypyc_attr
from bohn.rl.state import capped
from bohn.rl.state import write_hist_memo
from bohn.rulesets.bohnkick.rules import AIM
from bohn.rulesets.bohnkick.rules import CYCLE
from bohn.rulesets.bohnkick.rules import KICK
from bohn.rulesets.bohnkick.rules import PLAY
from bohn.rulesets.bohnkick.rules import Bohnkick

#: the shots and corners in the order of the ``bohnkick`` block
SHOTS = ("shot", "long-shot", "header", "free-kick", "penalty")
CORNER_KEYS = ("ul", "ur", "ll", "lr")
#: the attack's cards the block shows
PLAYED = 12


@mypyc_attr(allow_interpreted_subclasses=True)
class BohnkickStateWriter:
    """Bohnkick's whole vector of one configuration, written from the state.

    ``offsets`` maps each block name of the encoder's layout to its start;
    ``phases`` gives the phase names in the encoder's one-hot order."""

    def __init__(
        self,
        players: int,
        size: int,
        offsets: dict[str, int],
        nk: int,
        nb: int,
        phases: dict[str, int],
        total: int,
    ) -> None:
        self.n = players
        self.size = size
        self.nk = nk
        self.nb = nb
        self.total = total
        self.phases = phases
        self.o_phase = offsets["phase"]
        self.o_turn = offsets["turn"]
        self.o_attack = offsets["attack"]
        self.o_first = offsets["first_player"]
        self.o_active = offsets["active"]
        self.o_opener = offsets["opener"]
        self.o_to_play = offsets["to_play"]
        self.o_reactor = offsets["reactor"]
        self.o_wait = offsets["waiting_for"]
        self.o_table = offsets["bohnkick"]
        self.shots: dict[str, int] = {s: i for i, s in enumerate(SHOTS)}
        self.corners: dict[str, int] = {c: i for i, c in enumerate(CORNER_KEYS)}
        self.zero = array("f", bytes(4 * size))
        #: a count per card, all 0 between uses (:func:`write_hist`)
        self.counts: list[int] = [0] * nk
        #: the histograms of the goals and discard piles by their cards (all
        #: scaled alike: :func:`write_hist_memo`)
        self.hist_memo: dict[tuple[int, ...], Any] = {}

    def encode(self, game: Any, seat: int) -> array[float]:
        """The seat's vector as a fresh ``array('f')``."""
        out = self.zero[:]
        # written through a memoryview: its item assignment is cheaper than the array's
        self.write(game, seat, memoryview(out))
        return out

    def offer_slots(self, game: Any, seat: int) -> tuple[list[int], list[int]]:
        """No offers in Bohnkick."""
        return [], []

    def _seat(self, s: int, base: int, seat: int, out: Any) -> None:
        """A seat number as a relative one-hot at ``base`` (-1: none)."""
        n = self.n
        if 0 <= s < n:
            out[base + (s - seat) % n] = 1.0

    def write(self, game: Any, seat: int, out: Any) -> None:
        """Write the non-zero entries of ``seat``'s vector into ``out`` (an
        ``array('f')`` of :attr:`size` zeros, or a memoryview of one)."""
        assert isinstance(game, Bohnkick)
        n = self.n
        nk = self.nk
        total = self.total
        ph = self.phases.get(game.phase_name, -1)
        if ph >= 0:
            out[self.o_phase + ph] = 1.0
        attacks = game.attacks
        if attacks:
            out[self.o_turn] = capped(float(attacks) / 50.0, 10.0)
            out[self.o_attack] = capped(float(attacks) / 50.0, 10.0)
        self._seat(game.start, self.o_first, seat, out)
        self._seat(game.mover, self.o_active, seat, out)
        self._seat(game.opener, self.o_opener, seat, out)
        if game.phase in (PLAY, AIM, KICK, CYCLE):
            self._seat(game.mover, self.o_to_play, seat, out)
        self._seat(game.reactor, self.o_reactor, seat, out)
        for s in game.waiting_for():
            out[self.o_wait + (s - seat) % n] = 1.0
        # the block ``bohnkick``
        my_team = game.team_of(seat)
        p = self.o_table
        if game.team == my_team:
            out[p] = 1.0
        if game.crossed:
            out[p + 1] = 1.0
        if game.final:
            out[p + 2] = 1.0
        p += 3
        if 0 <= game.holder < self.nb:
            out[p + game.holder] = 1.0
        p += self.nb
        s_i = self.shots.get(game.shot, -1)
        if s_i >= 0:
            out[p + s_i] = 1.0
        p += len(SHOTS)
        c_i = self.corners.get(game.corner, -1)
        if c_i >= 0:
            out[p + c_i] = 1.0
        p += 4
        played = game.played
        by = game.played_by
        for j in range(min(len(played), PLAYED)):
            out[p + j * (nk + n) + played[j]] = 1.0
            if j < len(by):
                out[p + j * (nk + n) + nk + (by[j] - seat) % n] = 1.0
        p += PLAYED * (nk + n)
        memo = self.hist_memo
        for t in (my_team, 1 - my_team):  # my team first
            goals = game.goals[t]
            if goals:
                write_hist_memo(memo, self.counts, goals, p, 2.0, self.total / 2.0, out)
            p += nk
            score = len(goals)
            if score:
                out[p] = capped(score / 5.0, 10.0)
            deck = len(game.decks[t])
            if deck:
                out[p + 1] = capped(deck / float(total), 1.0)
            runs = game.runouts[t]
            if runs:
                out[p + 2] = capped(runs / 3.0, 10.0)
            p += 3
            discards = game.discards[t]
            if discards:
                write_hist_memo(memo, self.counts, discards, p, 2.0, self.total / 2.0, out)
            p += nk
        dd = len(game.ddeck)
        if dd:
            out[p] = capped(dd / float(total), 1.0)
        if game.ddiscard:
            write_hist_memo(memo, self.counts, game.ddiscard, p + 1, 2.0, self.total / 2.0, out)
        p += 1 + nk
        for k in range(n):
            s = (seat + k) % n
            if game.team_of(s) == my_team:
                out[p] = 1.0
            hs = len(game.hands[s])
            if hs:
                out[p + 1] = capped(hs / 6.0, 10.0)
            ds = len(game.dhands[s])
            if ds:
                out[p + 2] = capped(ds / 3.0, 10.0)
            p += 3
        hand = game.hands[seat]
        for j in range(min(len(hand), 10)):
            out[p + j * nk + hand[j]] = 1.0
        p += 10 * nk
        defence = game.dhands[seat]
        for j in range(min(len(defence), 4)):
            out[p + j * nk + defence[j]] = 1.0
