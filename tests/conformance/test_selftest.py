"""The checks themselves can fail: each is shown a game class with a planted
bug (a subclass of a registered variant) and must catch it."""

from __future__ import annotations

import copy
import json
import random
import zlib
from typing import Any

import pytest

from bohn.engine.actions import Action
from bohn.engine.actions import action_from_json
from bohn.engine.errors import IllegalAction
from bohn.engine.game import Game

from .checks import card_paths
from .checks import check_conservation
from .checks import check_copies
from .checks import check_event_redaction
from .checks import check_finished
from .checks import check_legal_actions
from .checks import check_no_leak
from .checks import check_rejected
from .checks import layout_of
from .digest import game_record
from .games import CONFIGS
from .games import Config
from .test_determinism import disturbed_record

BASE = CONFIGS[0]


def planted(name: str, **methods: Any) -> type[Game]:
    """A subclass of the first registered variant with ``methods`` replaced."""
    return type(name, (BASE.cls,), methods)


def with_class(game_cls: type[Game]) -> Config:
    return Config(BASE.variant, BASE.players, game_cls)


def first_failure(config: Config, check: Any, steps: int = 400) -> AssertionError:
    """Play ``config`` for up to ``steps`` steps running ``check`` on every
    position; the ``AssertionError`` it raises (the test fails if none)."""
    count = 0

    def on_state(game: Game, seat: int | None, action: Action | None) -> None:
        nonlocal count
        check(game)
        count += 1
        if count >= steps:
            raise LookupError("the check found nothing")

    with pytest.raises(AssertionError) as info:
        config.play(1, on_state)
    return info.value


# ---------------------------------------------------------------------------
# 1. conservation


def test_conservation_catches_a_lost_card() -> None:
    game = BASE.new(0)
    state = game.to_json()["state"]
    check_conservation(type(game), state)
    path = next(card_paths(state, frozenset(type(game).table.keys)))
    zone = state
    for p in path[:-1]:
        zone = zone[p]
    lost = copy.deepcopy(state)
    target = lost
    for p in path[:-1]:
        target = target[p]
    del target[path[-1]]
    with pytest.raises(AssertionError, match="missing"):
        check_conservation(type(game), lost)
    doubled = copy.deepcopy(state)
    target = doubled
    for p in path[:-1]:
        target = target[p]
    target.append(zone[path[-1]])
    with pytest.raises(AssertionError, match="extra"):
        check_conservation(type(game), doubled)


def test_conservation_skips_references_only() -> None:
    """Cards named in a reference key (an offer's wanted types) are not counted,
    and the same names anywhere else are."""
    game = BASE.new(0)
    cls = type(game)
    state = game.to_json()["state"]
    key = cls.table.keys[0]
    for name in layout_of(cls).references:
        state[name] = [{"want": [key]}]
    check_conservation(cls, state)
    state["elsewhere"] = [key]
    with pytest.raises(AssertionError, match="extra"):
        check_conservation(cls, state)


# ---------------------------------------------------------------------------
# 2. legal actions


def _lists_an_impossible_action(self: Game, seat: int) -> list[Action]:
    impossible = action_from_json({"type": "harvest", "field": 99})
    return [*BASE.cls.legal_actions(self, seat), impossible]


def _lists_twice(self: Game, seat: int) -> list[Action]:
    return BASE.cls.legal_actions(self, seat) * 2


def _lists_in_random_order(self: Game, seat: int) -> list[Action]:
    out = BASE.cls.legal_actions(self, seat)
    random.shuffle(out)
    return out


def _lists_nothing(self: Game, seat: int) -> list[Action]:
    return []


ListsAnImpossibleAction = planted(
    "ListsAnImpossibleAction", legal_actions=_lists_an_impossible_action
)
ListsTwice = planted("ListsTwice", legal_actions=_lists_twice)
ListsInRandomOrder = planted("ListsInRandomOrder", legal_actions=_lists_in_random_order)
ListsNothing = planted("ListsNothing", legal_actions=_lists_nothing)


@pytest.mark.parametrize(
    ("game_cls", "message"),
    [
        (ListsAnImpossibleAction, "fails"),
        (ListsTwice, "same text"),
        (ListsInRandomOrder, "changed between two calls"),
        (ListsNothing, "no legal action"),
    ],
)
def test_legal_action_check(game_cls: type[Game], message: str) -> None:
    game = game_cls.new(BASE.players, 0, BASE.options)
    with pytest.raises(AssertionError, match=message):
        for _ in range(50):
            check_legal_actions(game, apply_all=True)


# ---------------------------------------------------------------------------
# 3. rejected actions


def _changes_before_validating(self: Game, seat: int, action: Action) -> Any:
    self.seq += 1
    return BASE.cls.apply(self, seat, action)


def _raises_without_rule(self: Game, seat: int, action: Action) -> Any:
    raise IllegalAction("no")


def _raises_with_rule(self: Game, seat: int, action: Action) -> Any:
    raise IllegalAction("no", "a rule")


ChangesBeforeValidating = planted("ChangesBeforeValidating", apply=_changes_before_validating)
RaisesWithoutRule = planted("RaisesWithoutRule", apply=_raises_without_rule)
RaisesWithRule = planted("RaisesWithRule", apply=_raises_with_rule)


def _not_waiting(game: Game) -> tuple[int, Action]:
    seat = next(s for s in range(game.n) if s not in game.waiting_for())
    waiting = min(game.waiting_for())
    return seat, game.legal_actions(waiting)[0]


def test_rejection_check_catches_a_change() -> None:
    game = ChangesBeforeValidating.new(BASE.players, 0, BASE.options)
    with pytest.raises(AssertionError, match="changed the game"):
        check_rejected(game, *_not_waiting(game))


def test_rejection_check_wants_a_rule() -> None:
    game = RaisesWithoutRule.new(BASE.players, 0, BASE.options)
    with pytest.raises(AssertionError, match="names no rule"):
        check_rejected(game, *_not_waiting(game))


def test_rejection_check_catches_a_listed_action_rejected() -> None:
    game = BASE.new(0)
    seat = min(game.waiting_for())
    action = game.legal_actions(seat)[0]
    with pytest.raises(AssertionError, match="listed action"):
        check_rejected(RaisesWithRule.from_json(game.to_json()), seat, action)


# ---------------------------------------------------------------------------
# 4. copies


def _shallow_clone(self: Game) -> Game:
    return copy.copy(self)


def _forgets_seq(self: Game, d: dict[str, Any]) -> None:
    BASE.cls._load_state_json(self, d)
    self.seq = 0


ShallowClone = planted("ShallowClone", clone=_shallow_clone)
ForgetsSeq = planted("ForgetsSeq", _load_state_json=_forgets_seq)


def test_clone_check_catches_shared_state() -> None:
    error = first_failure(
        with_class(ShallowClone), lambda g: check_legal_actions(g, apply_all=True)
    )
    # a shared zone shows either in the original or in the next clone made from it
    assert "original" in str(error) or "is_legal" in str(error)


def test_json_check_catches_a_lost_field() -> None:
    error = first_failure(
        with_class(ForgetsSeq), lambda g: check_copies(g, g.to_json(), with_log=True)
    )
    assert "from_json" in str(error)


# ---------------------------------------------------------------------------
# 5. observation leaks


def _observes_everything(self: Game, seat: int | None) -> dict[str, Any]:
    return {**BASE.cls.observe(self, seat), "state": self.to_json()["state"]}


def _orders_by_secret(self: Game, seat: int) -> list[Action]:
    """Legal actions in an order that depends on the hidden cards."""
    out = BASE.cls.legal_actions(self, seat)
    state = self.to_json()["state"]
    secret = json.dumps([state[k] for k in layout_of(type(self)).secret])
    k = zlib.crc32(secret.encode()) % max(1, len(out))
    return out[k:] + out[:k]


def _spectator_sees_hands(self: Game, seat: int | None) -> dict[str, Any]:
    obs = BASE.cls.observe(self, seat)
    if seat is None:
        state = self.to_json()["state"]
        obs["private"] = [state[k] for k in layout_of(type(self)).private]
    return obs


ObservesEverything = planted("ObservesEverything", observe=_observes_everything)
OrdersBySecret = planted("OrdersBySecret", legal_actions=_orders_by_secret)
SpectatorSeesHands = planted("SpectatorSeesHands", observe=_spectator_sees_hands)


@pytest.mark.parametrize("game_cls", [ObservesEverything, OrdersBySecret, SpectatorSeesHands])
def test_leak_check(game_cls: type[Game]) -> None:
    rng = random.Random(0)
    error = first_failure(with_class(game_cls), lambda g: check_no_leak(g, g.to_json(), rng))
    assert "learns hidden cards" in str(error)


def _tells_everyone(
    self: Game, data: dict[str, Any], to: tuple[int, ...] | None = None, public: Any = None
) -> None:
    BASE.cls._emit(self, data, to, data if to else public)


TellsEveryone = planted("TellsEveryone", _emit=_tells_everyone)


def test_redaction_check() -> None:
    game = with_class(TellsEveryone).play(0)
    with pytest.raises(AssertionError, match="sees cards"):
        check_event_redaction(game)


# ---------------------------------------------------------------------------
# 6. determinism


def test_determinism_check_catches_the_global_generator() -> None:
    config = with_class(ListsInRandomOrder)
    random.seed(1)
    plain = game_record(config.play(3))
    random.seed(1)
    assert disturbed_record(config, 3) != plain


# ---------------------------------------------------------------------------
# 8. termination


def test_finished_check() -> None:
    with pytest.raises(AssertionError, match="not ended"):
        check_finished(BASE.new(0))
