"""Hypothesis strategies over the whole action vocabulary.

Actions are generated as JSON objects of every registered action type
(:data:`bohn.engine.actions.ACTION_TYPES`), field by field from each type's
annotations, with values that are mostly plausible (small ints, card
references, the variant's card keys and bean types) and sometimes not (huge or
negative ints, booleans, junk strings, missing and unknown keys).
"""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from hypothesis import strategies as st

from bohn.engine.actions import ACTION_TYPES
from bohn.engine.actions import Action
from bohn.engine.actions import action_from_json
from bohn.engine.errors import InvalidAction
from bohn.engine.game import Game

JSON_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**70), 2**70), st.floats(), st.text(max_size=8)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)

SANE_INTS = st.integers(0, 6)
INTS = st.one_of(
    st.integers(0, 12),
    st.integers(-3, 2_000_000),
    st.sampled_from([999_999, 1_000_000, 2**63]),
    st.booleans(),
    JSON_SCALARS,
)


def refs(*, sane: bool = False) -> st.SearchStrategy[str]:
    """Card references: the documented ``h<i>``, ``r<i>``, ``t<i>``, ``s<i>``
    (and junk unless ``sane``)."""
    documented = st.builds(lambda z, i: f"{z}{i}", st.sampled_from("hrts"), st.integers(0, 7))
    if sane:
        return documented
    return st.one_of(
        documented,
        st.builds(lambda z, i: f"{z}{i}", st.sampled_from("fxz"), st.integers(0, 12)),
        st.sampled_from(["h999", "r100", "h01", "H0", "h-1", "h", "0"]),
    )


def words(game_cls: type[Game], *, sane: bool = False) -> st.SearchStrategy[Any]:
    """Strings for card lists: references, the variant's keys (and junk unless ``sane``)."""
    table = game_cls.table
    plausible = st.one_of(
        refs(sane=True), st.sampled_from(table.keys), st.sampled_from(table.bean_keys)
    )
    if sane:
        return plausible
    return st.one_of(
        plausible,
        refs(),
        st.sampled_from(["", "blaue/lady", "x:y", "a" * 41, "Blaue", "blaue "]),
        st.text(max_size=6),
        JSON_SCALARS,
    )


def field_values(hint: Any, game_cls: type[Game], sane: bool) -> st.SearchStrategy[Any]:
    """JSON values for an action field annotated ``hint`` (well formed if ``sane``)."""
    origin = typing.get_origin(hint)
    if origin in (typing.Union, types.UnionType):
        return st.one_of(*(field_values(h, game_cls, sane) for h in typing.get_args(hint)))
    if hint is type(None):
        return st.none()
    if hint is bool:
        return st.booleans() if sane else st.one_of(st.booleans(), JSON_SCALARS)
    if hint is int:
        return SANE_INTS if sane else INTS
    if hint is str:
        return words(game_cls, sane=sane)
    if origin in (tuple, list):
        keys = st.sampled_from(game_cls.table.bean_keys)
        if sane:
            return st.one_of(
                st.lists(refs(sane=True), max_size=3, unique=True), st.lists(keys, max_size=3)
            )
        return st.one_of(st.lists(words(game_cls), max_size=4), JSON_VALUES)
    return JSON_VALUES


def _fields(cls: type[Action]) -> dict[str, Any]:
    hints = typing.get_type_hints(cls)
    return {f.name: hints[f.name] for f in dataclasses.fields(cls)}  # type: ignore[arg-type]


@st.composite
def action_json(draw: st.DrawFn, game_cls: type[Game]) -> dict[str, Any]:
    """A JSON object of some registered action type, plausible or not."""
    name = draw(st.sampled_from(sorted(ACTION_TYPES)))
    sane = draw(st.booleans())
    d: dict[str, Any] = {"type": name}
    for field, hint in _fields(ACTION_TYPES[name]).items():
        if not sane and draw(st.integers(0, 5)) == 0:
            continue  # a missing field
        d[field] = draw(field_values(hint, game_cls, sane))
    if not sane and draw(st.integers(0, 5)) == 0:
        d[draw(st.text(max_size=6))] = draw(JSON_VALUES)  # an unknown key
    return d


def malformed_json() -> st.SearchStrategy[Any]:
    """Any JSON value, mostly objects with a ``type`` (known or not)."""
    types_ = st.one_of(st.sampled_from(sorted(ACTION_TYPES)), JSON_SCALARS)
    objects = st.builds(
        lambda t, rest: {**rest, "type": t},
        types_,
        st.dictionaries(st.text(max_size=8), JSON_VALUES, max_size=4),
    )
    return st.one_of(objects, JSON_VALUES)


#: strings tried for an action's text fields: a card reference, a position
#: in a field, a discard position, a corner of the goal (Bohnkick)
_WORDS = ("h0", "f0.0", "d0", "ul")


def sample_actions() -> list[Action]:
    """One well-formed action of every registered type: its required fields,
    then with all its optional fields, then with each optional field alone."""
    out: list[Action] = []
    for name, cls in sorted(ACTION_TYPES.items()):
        fields = _fields(cls)
        optional = [
            f for f, h in fields.items() if typing.get_origin(h) in (typing.Union, types.UnionType)
        ]
        built = None
        for word in _WORDS:
            for chosen in [set(), set(optional), *({f} for f in optional)]:
                d: dict[str, Any] = {"type": name}
                for field, hint in fields.items():
                    if field in optional and field not in chosen:
                        continue
                    if "tuple" in str(hint) or "list" in str(hint):
                        d[field] = [word] if "str" in str(hint) else [0]
                    else:
                        d[field] = word if "str" in str(hint) else 0
                try:
                    built = action_from_json(d)
                    break
                except InvalidAction:
                    continue
            if built is not None:
                break
        if built is None:
            raise AssertionError(f"could not build a {name!r} action from its fields")
        out.append(built)
    return out
