"""Every event a game emits is declared, with exactly its keys.

mypy checks each ``self._emit({...})`` literal against the union of events
its game class declares (``bohn/engine/events.py``, each ruleset's
``events.py``; the class's ``_emit`` names the union). This test holds the
declarations to what the games do at run time: it plays seeded games of
every registered variant at every player count (and the scenarios' positions
set by hand), and checks each event, in full and as the other seats see it,
against the union of its game class: its ``type`` is declared there, and its
keys are those of one of the ``TypedDict``s of that type (every required
key, no other than the optional ones).
"""

from __future__ import annotations

import ast
import sys
import types
import typing
from collections.abc import Iterator
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from conformance.games import CONFIGS
from conformance.games import Config

from bohn.engine.errors import BohnError
from bohn.engine.errors import SetupError
from bohn.engine.events import GameEnded
from bohn.engine.events import Shuffle
from bohn.engine.events import ShufflePublic
from bohn.engine.game import Game
from bohn.scenario import load_file
from bohn.scenario import load_position
from bohn.scenario import scenario_action

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*/*.json"))
#: seeded games per configuration, random and greedy bots each
SEEDS = (1, 2)


# -- the declarations -------------------------------------------------------------------


def _emit_owner(cls: type) -> type:
    """The class whose ``_emit`` a game class uses (the nearest that defines one)."""
    return next(k for k in cls.__mro__ if "_emit" in vars(k))


def _annotation(owner: type) -> str:
    """The annotation of ``data`` in ``owner._emit``, read from its source
    (a compiled module keeps no annotations)."""
    module = sys.modules[owner.__module__]
    path = ROOT / Path(*owner.__module__.split(".")).with_suffix(".py")
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == owner.__name__:
            for item in node.body:
                if isinstance(item, ast.FunctionDef) and item.name == "_emit":
                    data = item.args.args[1]
                    assert data.annotation is not None, f"{module.__name__}: _emit's data"
                    return ast.unparse(data.annotation)
    raise AssertionError(f"no _emit in class {owner.__name__} of {path}")


def _members(union: Any) -> Iterator[type]:
    """The ``TypedDict``s of a union (of unions)."""
    if typing.is_typeddict(union):
        yield union
        return
    args = typing.get_args(union)
    assert isinstance(union, types.UnionType) or typing.get_origin(union) is typing.Union, (
        f"{union!r} is neither a TypedDict nor a union of them"
    )
    for a in args:
        yield from _members(a)


def _event_type(td: type) -> str:
    literal = typing.get_type_hints(td)["type"]
    assert typing.get_origin(literal) is typing.Literal, f"{td.__name__}: type is no Literal"
    (value,) = typing.get_args(literal)
    assert isinstance(value, str)
    return value


def declared_events(cls: type) -> dict[str, list[type]]:
    """The events game class ``cls`` declares: event type -> its TypedDicts."""
    owner = _emit_owner(cls)
    name = _annotation(owner)
    union = vars(sys.modules[owner.__module__])[name]
    out: dict[str, list[type]] = {}
    for td in _members(union):
        out.setdefault(_event_type(td), []).append(td)
    return out


def misfit(event: Mapping[str, Any], declared: Mapping[str, list[type]]) -> str | None:
    """Why ``event`` is not one of the ``declared`` events (None: it is)."""
    kind = event.get("type")
    if kind not in declared:
        return f"type {kind!r} is not declared"
    keys = set(event)
    shapes = []
    for td in declared[kind]:
        required: frozenset[str] = td.__required_keys__
        optional: frozenset[str] = td.__optional_keys__
        if required <= keys <= required | optional:
            return None
        shapes.append(f"{td.__name__} {sorted(required)} + optional {sorted(optional)}")
    return f"keys {sorted(keys)} fit none of " + "; ".join(shapes)


# -- the events the games emit ----------------------------------------------------------


def _check_log(game: Game, where: str, bad: dict[str, str]) -> int:
    declared = declared_events(type(game))
    seen = 0
    for _, _, events in game.history():
        for e in events:
            for version, d in (("", e.data), (" (public)", e.public)):
                if d is None:
                    continue
                seen += 1
                why = misfit(d, declared)
                if why is not None:
                    key = f"{type(game).__name__} {d.get('type')}{version}"
                    bad.setdefault(key, f"{why} ({where}): {d}")
    return seen


@pytest.mark.parametrize("config", CONFIGS, ids=str)
def test_every_event_of_a_played_game_is_declared(config: Config) -> None:
    bad: dict[str, str] = {}
    seen = 0
    for seed in SEEDS:
        for bots in ("random", "greedy"):
            game = config.play(seed, bots=bots)
            seen += _check_log(game, f"{config} seed {seed}", bad)
    assert seen > 0
    assert not bad, f"{config}: events that differ from their declarations:\n" + "\n".join(
        f"  {k}: {v}" for k, v in sorted(bad.items())
    )


def _position(path: Path) -> Any:
    """The position of a scenario file, or None where it shows one that
    cannot be set up (the scenario's point: its loading is refused)."""
    try:
        return load_position(load_file(path))
    except SetupError:
        return None


#: the scenarios whose positions can be set up (the others have no events)
PLAYABLE = [p for p in SCENARIOS if _position(p) is not None]


def test_most_scenarios_have_a_position() -> None:
    assert len(PLAYABLE) >= len(SCENARIOS) - 2, sorted(set(SCENARIOS) - set(PLAYABLE))


@pytest.mark.parametrize("path", PLAYABLE, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_event_of_a_scenario_is_declared(path: Path) -> None:
    data = load_file(path)
    game = load_position(data)
    for entry in data.get("actions", []):
        seat, action = scenario_action(entry)
        try:
            game.apply(seat, action)
        except BohnError:  # a scenario may show a refusal; it changes nothing
            break
    bad: dict[str, str] = {}
    _check_log(game, path.name, bad)
    assert not bad, f"{path.name}: events that differ from their declarations:\n" + "\n".join(
        f"  {k}: {v}" for k, v in sorted(bad.items())
    )


# -- the check itself -------------------------------------------------------------------


def test_the_check_finds_what_it_should() -> None:
    declared = {"shuffle": [Shuffle, ShufflePublic], "game-over": [GameEnded]}
    over = {"scores": [1], "winners": [0], "ranking": [0], "reason": "r", "tie_break": False}
    assert misfit({"type": "shuffle", "pile": "deck", "order": []}, declared) is None
    assert misfit({"type": "shuffle", "pile": "deck", "size": 3}, declared) is None
    assert misfit({"type": "game-over", **over}, declared) is None
    assert misfit({"type": "game-over", **over, "details": {}}, declared) is None
    assert misfit({"type": "deal", "seat": 0}, declared) == "type 'deal' is not declared"
    missing = misfit({"type": "shuffle", "pile": "deck"}, declared)
    assert missing is not None and "fit none of Shuffle" in missing
    extra = misfit({"type": "shuffle", "pile": "deck", "size": 3, "order": []}, declared)
    assert extra is not None and "ShufflePublic" in extra


def test_every_game_class_declares_its_events() -> None:
    """Each class a variant plays with finds its union, and the engine's
    events are in every one (the ``NotRequired`` keys read at run time)."""
    classes = {c.cls.class_for(c.players) for c in CONFIGS}
    for cls in classes:
        declared = declared_events(cls)
        assert {"shuffle", "game-over", "pass"} <= set(declared), cls.__name__
    assert GameEnded.__optional_keys__ == {"details"}


def test_no_events_module_postpones_its_annotations() -> None:
    """Python 3.11 reads ``NotRequired`` only from evaluated annotations:
    under ``from __future__ import annotations`` an optional key counts as
    required at run time, and the checks above would read wrong keys."""
    modules = sorted((ROOT / "bohn").rglob("events.py"))
    assert len(modules) >= 2
    bad = [
        str(p.relative_to(ROOT))
        for p in modules
        if "from __future__ import annotations" in p.read_text(encoding="utf-8")
    ]
    assert not bad, "events modules must evaluate their annotations: " + ", ".join(bad)
