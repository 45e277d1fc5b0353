"""Seeded random games of every configuration, checked at every step.

Games seeded ``0 .. FULL_GAMES-1`` get every check (at every step, or at every
``full_every``-th step and the cheap checks in between: ``conftest.py``); the
next seeds get the cheap ones (``conftest.cheap_seeds``: ``CHEAP_GAMES``
between the two passes, the first in the pure pass and the others in the
compiled one; ``BOHN_SOAK`` more).
"""

from __future__ import annotations

import random

from bohn.engine.actions import Action
from bohn.engine.errors import GameOver
from bohn.engine.errors import InvalidAction
from bohn.engine.game import Game

from . import checks
from .games import STEP_LIMIT
from .games import Config
from .vocabulary import sample_actions

#: steps between the checks that load the whole log (round trip, leak with log),
#: and between refreshing the copies that follow the game in lockstep
LOG_EVERY = 100
#: listed actions per seat applied on clones at an ordinary step (all of them
#: at the periodic steps); drawn afresh at every step
APPLY_LIMIT = 8


class FullChecker:
    """Every per-step check, called on the start position and after each step
    (``every`` > 1: in full at every ``every``-th step and at the periodic
    ones, the cheap checks at the others)."""

    def __init__(self, seed: int, every: int = 1) -> None:
        self.rng = random.Random(seed)
        self.every = every
        self.step = 0
        self.full = 0
        self.followers: list[Game] = []
        self.moved = 0
        self.applied = 0

    def __call__(self, game: Game, seat: int | None, action: Action | None) -> None:
        if seat is not None and action is not None:
            for f in self.followers:
                f.apply(seat, action)
        periodic = self.step % LOG_EVERY == 0 or game.result() is not None
        if not periodic and self.step % self.every:
            checks.check_cheap(game)
            self.step += 1
            return
        self.full += 1
        d = game.to_json() if periodic else game.to_json(last=1)
        checks.check_conservation(type(game), d["state"])
        limit = 0 if periodic else APPLY_LIMIT
        self.applied += checks.check_legal_actions(game, apply_all=True, rng=self.rng, limit=limit)
        copies = checks.check_copies(game, d, with_log=periodic)
        for f in self.followers:
            same = (
                f.to_json() == d if periodic else checks.fingerprint(f) == checks.fingerprint(game)
            )
            assert same, f"a copy followed the game and differs at step {self.step}"
        if periodic:
            self.followers = copies
        # the spectator and one seat in turn; every viewer at the periodic steps
        viewers: list[int | None] | None = None if periodic else [None, self.step % game.n]
        self.moved += checks.check_no_leak(game, d, self.rng, with_log=periodic, viewers=viewers)
        self.step += 1


def test_full_game(config: Config, full_seed: int, full_every: int) -> None:
    """Conservation, legal actions, copies, leaks at every step (at ordinary
    steps for a sample of the actions and of the viewers; with ``full_every``
    > 1 the copies and leaks at every ``full_every``-th step); termination."""
    checker = FullChecker(full_seed, full_every)
    game = config.play(full_seed, checker)
    checks.check_finished(game)
    checks.check_event_redaction(game)
    assert checker.step <= STEP_LIMIT + 1
    assert checker.full >= checker.step // full_every, "too few steps were checked in full"
    assert checker.applied > checker.full, "too few legal actions were tried"
    assert checker.moved > checker.full, "the leak check shuffled almost nothing"


def test_cheap_game(config: Config, cheap_seed: int) -> None:
    """Conservation and legal actions at every step; termination and redaction."""
    steps = 0

    def check(game: Game, seat: int | None, action: Action | None) -> None:
        nonlocal steps
        checks.check_cheap(game)
        steps += 1

    game = config.play(cheap_seed, check)
    checks.check_finished(game)
    checks.check_event_redaction(game)
    assert 1 < steps <= STEP_LIMIT + 1


def test_finished_game_rejects_everything(config: Config) -> None:
    """After the end no seat may act; bad seats are malformed even then."""
    game = config.play("finished")
    checks.check_finished(game)
    for seat in range(game.n):
        for a in sample_actions():
            error, _ = checks.check_rejected(game, seat, a)
            assert isinstance(error, GameOver), f"{a.text()} after the end: {error!r}"
    for bad in (-1, game.n, True, "0", None):
        error, _ = checks.check_rejected(game, bad, sample_actions()[0])
        assert isinstance(error, InvalidAction)
