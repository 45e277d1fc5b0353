"""The checks of the conformance suite, written once against the engine contract.

Every function here takes a :class:`~bohn.engine.game.Game` (of any variant)
and raises ``AssertionError`` with a readable message when the game breaks the
contract stated in ``bohn/engine/game.py``. The only variant knowledge is the
layout each game class declares (``HIDDEN_LAYOUT``, a
:class:`~bohn.engine.layout.HiddenLayout`): which keys of the state JSON
hold cards some seat may not see, and which keys refer to cards without
holding them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

from bohn.engine.actions import Action
from bohn.engine.actions import action_from_json
from bohn.engine.actions import parse_action
from bohn.engine.errors import BohnError
from bohn.engine.errors import GameOver
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import InvalidAction
from bohn.engine.game import Event
from bohn.engine.game import Game
from bohn.engine.infostate import card_paths
from bohn.engine.infostate import get_path
from bohn.engine.infostate import hidden_paths as engine_hidden_paths
from bohn.engine.infostate import layout_of as engine_layout_of
from bohn.engine.infostate import set_path
from bohn.engine.infostate import typed_paths as engine_typed_paths
from bohn.engine.layout import HiddenLayout
from bohn.engine.layout import Path

JSON = Any
__all__ = ["card_paths", "get_path", "layout_of", "set_path"]

# ---------------------------------------------------------------------------
# what the state JSON of each variant hides: declared once, by its game class
# (each game class's HIDDEN_LAYOUT, read by bohn.engine.infostate.layout_of),
# where search bots use it too


def layout_of(cls: type[Game]) -> HiddenLayout:
    try:
        return engine_layout_of(cls)
    except LookupError as e:
        raise AssertionError(str(e)) from None


# ---------------------------------------------------------------------------
# 1. card conservation


def count_cards(cls: type[Game], state: dict[str, Any]) -> Counter[str]:
    """How many cards of each kind the state JSON holds, wherever they are."""
    keys = frozenset(cls.table.keys)
    skip = layout_of(cls).references
    return Counter(get_path(state, p) for p in card_paths(state, keys, skip))


def check_conservation(cls: type[Game], state: dict[str, Any]) -> None:
    """Every card of the table is somewhere in the state, exactly once."""
    table = cls.table
    expected = Counter(table.keys[c] for c in table.deck())
    got = count_cards(cls, state)
    if got != expected:
        missing = expected - got
        extra = got - expected
        raise AssertionError(
            f"card conservation broken: missing {dict(missing)}, extra {dict(extra)}"
        )


# ---------------------------------------------------------------------------
# 2. legal actions


def fingerprint(game: Game) -> tuple[Any, int]:
    """The state (:meth:`Game.state_key`) and the length of the log: cheaper
    than ``to_json()`` on long games, equal when the two games are equal."""
    return game.state_key(), len(game.history())


def legal_texts(game: Game, seat: int) -> list[str]:
    return [a.text() for a in game.legal_actions(seat)]


def check_legal_actions(
    game: Game, *, apply_all: bool, rng: random.Random | None = None, limit: int = 0
) -> int:
    """Waiting seats can act; text forms are unique and stable; with
    ``apply_all`` every listed action applies on a clone, round-trips through
    both notations, :meth:`Game.is_legal` agrees, and the original is untouched
    (compared by :meth:`Game.state_key` and the log's length). With ``rng``
    and ``limit``, at most ``limit`` of each seat's actions, drawn from
    ``rng``, are applied (a long game still tries every kind many times).
    Returns the number of actions applied."""
    waiting = game.waiting_for()
    assert isinstance(waiting, frozenset), f"waiting_for() returned {type(waiting).__name__}"
    assert all(0 <= s < game.n for s in waiting), f"waiting_for() holds no seat: {waiting}"
    over = game.result() is not None
    assert over == (not waiting), f"result {game.result()} but waiting for {sorted(waiting)}"
    before = fingerprint(game) if apply_all else None
    applied = 0
    for seat in range(game.n):
        actions = game.legal_actions(seat)
        texts = [a.text() for a in actions]
        if seat in waiting:
            assert actions, f"seat {seat} is waited on but has no legal action"
        if over:
            assert not actions, f"the game is over but seat {seat} has actions {texts}"
        dupes = [t for t, k in Counter(texts).items() if k > 1]
        assert not dupes, f"seat {seat}: legal actions with the same text {dupes}"
        again = legal_texts(game, seat)
        assert again == texts, f"seat {seat}: legal_actions changed between two calls"
        if not apply_all:
            continue
        if rng is not None and limit and len(actions) > limit:
            actions = rng.sample(actions, limit)
        for a in actions:
            assert isinstance(a, Action)
            assert parse_action(a.text()) == a, f"{a.text()!r} does not parse back"
            assert action_from_json(a.to_json()) == a, f"{a.to_json()} does not load back"
            c = game.clone()
            try:
                c.apply(seat, a)
            except BohnError as e:
                raise AssertionError(f"seat {seat}: listed action {a.text()!r} fails: {e}") from e
            assert game.is_legal(seat, a), f"is_legal({seat}, {a.text()!r}) is False"
            applied += 1
    if before is not None:
        assert fingerprint(game) == before, "applying actions to clones changed the original"
    return applied


# ---------------------------------------------------------------------------
# 3. rejected actions change nothing


def check_cheap(game: Game) -> None:
    """The cheap per-step checks: card conservation, and a non-empty, unique,
    stable list of legal actions for every waiting seat (none applied)."""
    check_conservation(type(game), game.to_json(last=0)["state"])
    check_legal_actions(game, apply_all=False)


def check_rejected(game: Game, seat: Any, action: Any) -> tuple[BohnError | None, Game]:
    """Apply ``action`` to a clone of ``game``; if it is rejected, check that
    the error is a :class:`BohnError` of the right kind and that nothing changed.
    Returns the error (``None`` when the action was legal) and the clone."""
    c = game.clone()
    before = c.to_json(last=2)
    try:
        c.apply(seat, action)
    except BohnError as e:
        error: BohnError = e
    else:
        assert isinstance(action, Action)
        assert game.is_legal(seat, action), f"{action.text()} applied but is_legal is False"
        return None, c
    after = c.to_json(last=2)
    assert after == before, f"rejected {action!r} for seat {seat!r} changed the game: {error}"
    assert isinstance(error, InvalidAction | IllegalAction), (
        f"{action!r} raised {type(error).__name__}, neither InvalidAction nor IllegalAction"
    )
    if isinstance(error, IllegalAction):
        assert isinstance(error.rule, str) and error.rule, f"{error!r} names no rule"
    assert error.message, "an error without a message"
    valid_seat = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < game.n
    if not valid_seat or not isinstance(action, Action):
        assert isinstance(error, InvalidAction), f"{type(error).__name__} for a malformed call"
    else:
        assert not game.is_legal(seat, action), f"is_legal accepts rejected {action.text()}"
        texts = legal_texts(game, seat)
        assert action.text() not in texts, f"listed action {action.text()} was rejected: {error}"
    if game.result() is not None and valid_seat and isinstance(action, Action):
        assert isinstance(error, GameOver), f"a finished game raised {type(error).__name__}"
    return error, c


# ---------------------------------------------------------------------------
# 4. copies


def pure_json(d: JSON) -> str:
    """``json.dumps`` of ``d``, checking that it loads back equal (no tuples, no
    non-string keys, no objects)."""
    text = json.dumps(d, allow_nan=False)
    assert json.loads(text) == d, "to_json() is not pure JSON (tuples, int keys ...)"
    return text


def public_face(game: Game) -> tuple[Any, ...]:
    """Everything the contract shows about a game, seat by seat."""
    result = game.result()
    return (
        sorted(game.waiting_for()),
        [legal_texts(game, s) for s in range(game.n)],
        [game.observe(s) for s in [None, *range(game.n)]],
        None if result is None else result.to_json(),
    )


def check_copies(game: Game, d: dict[str, Any], *, with_log: bool) -> list[Game]:
    """``clone()`` and ``from_json`` give the same game; returns the copies.

    Without ``with_log`` the JSON copy is made from ``d`` with the log left out
    (the log's own round trip is checked on the last step's entry instead), so
    the check stays cheap on long games.
    """
    cls = type(game)
    c = game.clone()
    if with_log:
        assert c.to_json() == d, "clone().to_json() differs from to_json()"
    else:
        assert fingerprint(c) == fingerprint(game), "a clone differs from its original"
    if with_log:
        loaded = cls.from_json(json.loads(pure_json(d)))
        assert loaded.to_json() == d, "from_json(to_json()) differs"
    else:
        short = {**d, "log": d["log"][-1:]}
        loaded = cls.from_json(json.loads(pure_json(short)))
        assert loaded.to_json() == short, "from_json(to_json()) differs"
        last = game.history()[-1]
        seat, action, events = last
        if action is not None:
            assert action_from_json(action.to_json()) == action
        for e in events:
            assert Event.from_json(json.loads(json.dumps(e.to_json()))) == e
        assert seat is None or isinstance(seat, int)
    face = public_face(game)
    assert public_face(c) == face, "a clone answers differently"
    assert public_face(loaded) == face, "a JSON copy answers differently"
    return [c, loaded]


# ---------------------------------------------------------------------------
# 5. observation leaks


def hidden_paths(cls: type[Game], state: dict[str, Any], viewer: int | None) -> list[Path]:
    """Paths (in the game JSON) of the cards of ``state`` that ``viewer`` may not see."""
    return [("state", *p) for p in engine_hidden_paths(cls, state, viewer)]


def typed_paths(cls: type[Game], state: dict[str, Any], viewer: int | None) -> list[Path]:
    """Paths of the hidden cards of ``state`` whose bean type ``viewer`` sees."""
    return [("state", *p) for p in engine_typed_paths(cls, state, viewer)]


def _shuffle_among(value: JSON, paths: list[Path], rng: random.Random) -> bool:
    """Shuffle the cards at ``paths`` among those places; whether any moved."""
    cards = [get_path(value, p) for p in paths]
    shuffled = cards[:]
    rng.shuffle(shuffled)
    for p, card in zip(paths, shuffled, strict=True):
        set_path(value, p, card)
    return shuffled != cards


def permuted(
    cls: type[Game], d: dict[str, Any], viewer: int | None, rng: random.Random
) -> tuple[dict[str, Any], bool]:
    """A copy of game JSON ``d`` with the cards hidden from ``viewer`` shuffled
    among their places (zone sizes kept) and another generator state. Returns
    the copy and whether any card moved."""
    out = {**d, "state": json.loads(json.dumps(d["state"])), "rng": rng.getrandbits(64)}
    typed = set(typed_paths(cls, out["state"], viewer))
    paths = [p for p in hidden_paths(cls, out["state"], viewer) if p not in typed]
    table = cls.table

    def bean(p: Path) -> int:
        return table.bean[table.index[get_path(out, p)]]

    # every hidden card among all hidden places; then each card whose type is
    # known among the hidden places holding a card of its type
    moved = _shuffle_among(out, paths, rng)
    by_type: dict[int, list[Path]] = {}
    for p in sorted(typed, key=str):
        by_type.setdefault(bean(p), []).append(p)
    for b, group in by_type.items():
        moved = _shuffle_among(out, group + [p for p in paths if bean(p) == b], rng) or moved
    return out, moved


def viewer_face(game: Game, viewer: int | None) -> tuple[Any, ...]:
    obs = game.observe(viewer)
    legal = [] if viewer is None else legal_texts(game, viewer)
    return obs, legal, sorted(game.waiting_for())


def check_no_leak(
    game: Game,
    d: dict[str, Any],
    rng: random.Random,
    *,
    with_log: bool = False,
    viewers: list[int | None] | None = None,
) -> int:
    """For every viewer (each seat and the spectator, or those of ``viewers``),
    shuffling what it may not see leaves its observation, its legal actions
    and ``waiting_for`` identical.

    Without ``with_log`` both the reference game and the shuffled one are
    loaded with the log left out, so the check is cheap on long games.
    Returns the number of viewers for which some card actually moved.
    """
    cls = type(game)
    base_json = d if with_log else {**d, "log": []}
    base = game if with_log else cls.from_json(base_json)
    moved = 0
    for viewer in [None, *range(game.n)] if viewers is None else viewers:
        ref = viewer_face(base, viewer)
        pure_json(ref[0])
        shuffled, changed = permuted(cls, base_json, viewer, rng)
        other = cls.from_json(shuffled)
        got = viewer_face(other, viewer)
        if got != ref:
            what = ["observe", "legal_actions", "waiting_for"]
            diff = [w for w, a, b in zip(what, ref, got, strict=True) if a != b]
            raise AssertionError(
                f"seat {viewer} learns hidden cards through {', '.join(diff)}"
                + (f": {_first_diff(ref[0], got[0])}" if "observe" in diff else "")
            )
        moved += changed
    return moved


def _first_diff(a: JSON, b: JSON, path: str = "") -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        for k in a.keys() | b.keys():
            if a.get(k) != b.get(k):
                return _first_diff(a.get(k), b.get(k), f"{path}.{k}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _first_diff(x, y, f"{path}[{i}]")
    return f"{path or '.'}: {a!r} != {b!r}"


def check_event_redaction(game: Game) -> None:
    """An event meant for some seats shows the others a form without cards, and
    ``events(seat)`` is the log redacted by exactly that rule."""
    keys = frozenset(type(game).table.keys)
    history = game.history()
    for viewer in [None, *range(game.n)]:
        expected: list[dict[str, Any]] = []
        for seat, action, events in history:
            if action is not None:
                view = action.to_json() if seat == viewer else game.action_view(action)
                assert view["type"] == action.type, f"{view} does not say what action it was"
                expected.append({"type": "action", "seat": seat, "action": view})
            for e in events:
                if e.to is not None and (viewer is None or viewer not in e.to):
                    leaked = [get_path(e.public, p) for p in card_paths(e.public, keys)]
                    assert not leaked, f"{viewer} sees cards {leaked} of {e.data}"
                    if e.public is not None:
                        expected.append(e.public)
                else:
                    expected.append(e.data)
        got = list(game.events(viewer))
        assert got == expected, f"events({viewer}) is not the log redacted for {viewer}"


# ---------------------------------------------------------------------------
# 8. termination


def check_finished(game: Game) -> None:
    result = game.result()
    assert result is not None, "the game has not ended"
    n = game.n
    assert len(result.scores) == n, f"{len(result.scores)} scores for {n} seats"
    mafia = (result.details or {}).get("winner") == "mafia"
    assert result.winners or mafia, "no winner"
    assert not (result.winners and mafia), "the mafia and a seat both win"
    assert set(result.winners) <= set(range(n)), f"winners {result.winners} are not seats"
    assert sorted(result.ranking) == list(range(n)), f"ranking {result.ranking}"
    assert isinstance(result.reason, str) and result.reason, "no reason"
    assert game.waiting_for() == frozenset(), "a finished game waits on seats"
    assert game.is_over
    for s in range(n):
        assert game.legal_actions(s) == [], f"seat {s} has actions in a finished game"
    pure_json(result.to_json())
