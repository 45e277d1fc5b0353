"""Random, illegal and malformed actions against positions reached by random play.

Whatever Hypothesis sends, the engine either performs the action (and the
result still satisfies the per-step checks) or rejects it with an
:class:`~bohn.engine.errors.InvalidAction` (malformed) or
:class:`~bohn.engine.errors.IllegalAction` naming a rule, and nothing changed.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any
from typing import ClassVar

import pytest
from hypothesis import HealthCheck
from hypothesis import event
from hypothesis import given
from hypothesis import settings
from hypothesis import strategies as st
from passes import per_run

from bohn.engine.actions import ACTION_TYPES
from bohn.engine.actions import Action
from bohn.engine.actions import action_from_json
from bohn.engine.actions import parse_action
from bohn.engine.actions import register
from bohn.engine.errors import InvalidAction
from bohn.engine.game import Game

from .checks import check_cheap
from .checks import check_rejected
from .games import Config
from .vocabulary import action_json
from .vocabulary import malformed_json
from .vocabulary import sample_actions

#: every how many steps of a random game a position is kept for fuzzing
POSITION_EVERY = 7

FUZZ = settings(
    max_examples=per_run(100, pure=10, soak=2000),
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


@cache
def positions(config: Config) -> tuple[Game, ...]:
    """Positions of one random game: every few steps, and the end."""
    kept: list[Game] = []

    def keep(game: Game, seat: int | None, action: Any) -> None:
        if game.seq % POSITION_EVERY == 0:
            kept.append(game.clone())

    final = config.play("fuzz", keep)
    kept.append(final.clone())
    return tuple(kept)


def seats(n: int) -> st.SearchStrategy[Any]:
    return st.one_of(st.integers(0, n - 1), st.integers(0, n - 1), st.integers(-2, n + 2))


def outcome(error: BaseException | None, after: Game) -> None:
    """Record what happened (``--hypothesis-show-statistics``); check accepted moves."""
    event("accepted" if error is None else type(error).__name__)
    if error is None:
        after_apply(after)


def after_apply(game: Game) -> None:
    """A position reached by an action from outside the listed vocabulary is
    still a sound position."""
    check_cheap(game)


@FUZZ
@given(data=st.data())
def test_random_actions(config: Config, data: st.DataObject) -> None:
    """Actions of every type with arbitrary fields, for arbitrary seats."""
    game = data.draw(st.sampled_from(positions(config)), "position")
    seat = data.draw(seats(game.n), "seat")
    d = data.draw(action_json(type(game)), "action")
    try:
        action = action_from_json(d)
    except InvalidAction:
        event("malformed")
        return
    outcome(*check_rejected(game, seat, action))


@FUZZ
@given(data=st.data())
def test_actions_from_elsewhere(config: Config, data: st.DataObject) -> None:
    """Actions legal in another position (often illegal here, always well formed)."""
    pool = positions(config)
    game = data.draw(st.sampled_from(pool), "position")
    other = data.draw(st.sampled_from(pool), "other position")
    seat = data.draw(st.integers(0, game.n - 1), "seat")
    listed = [a for s in range(other.n) for a in other.legal_actions(s)] or sample_actions()
    action = data.draw(st.sampled_from(listed), "action")
    outcome(*check_rejected(game, seat, action))


@FUZZ
@given(data=st.data())
def test_malformed_json(config: Config, data: st.DataObject) -> None:
    """Arbitrary JSON: :func:`action_from_json` raises only InvalidAction."""
    d = data.draw(malformed_json(), "json")
    try:
        action = action_from_json(d)
    except InvalidAction:
        event("malformed")
        return
    assert action_from_json(action.to_json()) == action
    game = data.draw(st.sampled_from(positions(config)), "position")
    seat = data.draw(seats(game.n), "seat")
    outcome(*check_rejected(game, seat, action))


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(text=st.one_of(st.text(max_size=40), st.builds(" ".join, st.lists(st.text(max_size=8)))))
def test_malformed_text(text: str) -> None:
    """Arbitrary text: :func:`parse_action` raises only InvalidAction, and what it
    accepts prints back to an equal action."""
    try:
        action = parse_action(text)
    except InvalidAction:
        return
    assert parse_action(action.text()) == action
    assert action_from_json(action.to_json()) == action


def test_not_actions(config: Config) -> None:
    """Objects that are not actions, and seats that do not exist, are malformed."""
    game = positions(config)[1]
    for thing in (None, "plant f0", {"type": "pass"}, 3, sample_actions):
        error, _ = check_rejected(game, min(game.waiting_for()), thing)
        assert isinstance(error, InvalidAction)
    for seat in (-1, game.n, True, "0", None, 1.0):
        for action in sample_actions():
            error, _ = check_rejected(game, seat, action)
            assert isinstance(error, InvalidAction), f"seat {seat!r}: {error!r}"


def test_register_refuses_an_action_type_without_the_interface() -> None:
    """Every registered type round-trips (above); one lacking a method of the
    interface is refused when it is registered, and nothing is registered."""

    @dataclass(frozen=True, slots=True)
    class Half(Action):
        type: ClassVar[str] = "half-defined"

        def to_json(self) -> dict[str, Any]:
            return {"type": self.type}

    with pytest.raises(TypeError, match="Half does not define text, from_json_fields, parse_words"):
        register(Half)
    assert "half-defined" not in ACTION_TYPES
