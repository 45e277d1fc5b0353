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

from typing import Any

from bohn._native import mypyc_attr
from bohn.rl.state import Layout
from bohn.rl.state import VectorWriter
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
class BohnkickStateWriter(VectorWriter):
    """Bohnkick's whole vector of one configuration (``layout``), written
    from the state."""

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        offsets = layout.starts
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
        #: the histograms of the goals and discard piles by their cards (all
        #: scaled alike: :func:`write_hist_memo`)
        self.hist_memo: dict[tuple[int, ...], Any] = {}

    def write(self, game: Any, seat: int, out: Any) -> None:
        assert isinstance(game, Bohnkick)
        n = self.n
        self.write_phase(game.phase_name, out)
        attacks = game.attacks
        if attacks:
            out[self.o_turn] = capped(float(attacks) / 50.0, 10.0)
            out[self.o_attack] = capped(float(attacks) / 50.0, 10.0)
        self.write_seat(game.start, self.o_first, seat, out)
        self.write_seat(game.mover, self.o_active, seat, out)
        self.write_seat(game.opener, self.o_opener, seat, out)
        if game.phase in (PLAY, AIM, KICK, CYCLE):
            self.write_seat(game.mover, self.o_to_play, seat, out)
        self.write_seat(game.reactor, self.o_reactor, seat, out)
        for s in game.waiting_for():
            out[self.o_wait + (s - seat) % n] = 1.0
        # the block ``bohnkick``
        my_team = game.team_of(seat)
        p = self._attack(game, seat, my_team, self.o_table, out)
        p = self._piles(game, my_team, p, out)
        self._seats(game, seat, my_team, p, out)

    def _attack(self, game: Bohnkick, seat: int, my_team: int, p: int, out: Any) -> int:
        """The attack's part of ``bohnkick`` at ``p``: whether my team
        attacks, after_cross, last_attack, the ball, the shot, the corner and
        the cards played; where the next part starts."""
        n = self.n
        nk = self.nk
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
        p += len(CORNER_KEYS)
        played = game.played
        by = game.played_by
        for j in range(min(len(played), PLAYED)):
            out[p + j * (nk + n) + played[j]] = 1.0
            if j < len(by):
                out[p + j * (nk + n) + nk + (by[j] - seat) % n] = 1.0
        return p + PLAYED * (nk + n)

    def _piles(self, game: Bohnkick, my_team: int, p: int, out: Any) -> int:
        """Per team, mine first, its goals, score, deck, runouts and
        discards, then the defensive deck and its discards, at ``p``; where
        the next part starts."""
        nk = self.nk
        total = self.total
        for t in (my_team, 1 - my_team):  # my team first
            goals = game.goals[t]
            self._pile(goals, p, out)
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
            self._pile(game.discards[t], p, out)
            p += nk
        dd = len(game.ddeck)
        if dd:
            out[p] = capped(dd / float(total), 1.0)
        self._pile(game.ddiscard, p + 1, out)
        return p + 1 + nk

    def _pile(self, cards: list[int], p: int, out: Any) -> None:
        """A pile's cards counted at ``p`` (key counts / 2)."""
        if cards:
            write_hist_memo(self.hist_memo, self.counts, cards, p, 2.0, self.total / 2.0, out)

    def _seats(self, game: Bohnkick, seat: int, my_team: int, p: int, out: Any) -> None:
        """Per seat (relative), same team, hand size and defensive cards;
        then my hand and my defensive cards, at ``p``."""
        n = self.n
        nk = self.nk
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
