"""A game's state, declared once.

Each game class lists the attributes it adds to the state in ``STATE``, a tuple
of :class:`Part`, and everything that handles a whole state comes from that
list:

* **the copy** (:meth:`~bohn.engine.game.Game.clone`): each class's
  ``_copy_state`` is code written from its parts by ``tools/state_copies.py``
  (one plain assignment a part, so the compiled build copies as fast as code
  written by hand); ``tests/test_state_parts.py`` fails when a class's copy
  is not the one its parts give, or when a game holds an attribute no part
  declares;
* **saving and loading** (``Game.to_json`` and ``Game.from_json``): read from
  the parts at run time by :func:`dump_parts` and :func:`load_parts`.

A part says how deep a copy goes (``depth``: 0 an immutable value the copies
share, 1 a list, or a dict with ``mapping``, 2 a list of lists, 3 a list of
lists of lists), its name in a saved state (``key``, by default the
attribute's), and how each of its elements is written (``codec``): as it is,
a card by its key, a phase or a building by its name, or a codec of the
ruleset's own for a value with more structure.
"""

from __future__ import annotations

from collections.abc import Mapping
from collections.abc import Sequence
from typing import Any

from bohn.engine.errors import SetupError


class Codec:
    """How one element of a part is written in a saved state and read back.
    The base writes it as it is and reads it back as it is."""

    #: whether the part is written at all (a part that is not is made anew on loading)
    saved: bool = True

    def dump(self, game: Any, value: Any) -> Any:
        return value

    def load(self, game: Any, data: Any) -> Any:
        return data

    def dump_list(self, game: Any, values: list[Any]) -> list[Any]:
        """A list of elements (the innermost list of a part)."""
        return [self.dump(game, v) for v in values]

    def load_list(self, game: Any, data: list[Any]) -> list[Any]:
        return [self.load(game, v) for v in data]


class _AsIs(Codec):
    def dump_list(self, game: Any, values: list[Any]) -> list[Any]:
        return values[:]

    def load_list(self, game: Any, data: list[Any]) -> list[Any]:
        return list(data)


class _Cast(Codec):
    """Written as it is, read back through ``kind`` (``int``, ``bool``)."""

    def __init__(self, kind: type) -> None:
        self.kind = kind

    def load(self, game: Any, data: Any) -> Any:
        return self.kind(data)


class _Card(Codec):
    """A card, by its key in the game's card table."""

    def dump(self, game: Any, value: Any) -> Any:
        return game.table.keys[value]

    def load(self, game: Any, data: Any) -> Any:
        return game.table.card(data)

    def dump_list(self, game: Any, values: list[Any]) -> list[Any]:
        return game.table.key_list(values)  # type: ignore[no-any-return]

    def load_list(self, game: Any, data: list[Any]) -> list[Any]:
        return game.table.cards_of(data)  # type: ignore[no-any-return]


class _Phase(Codec):
    """A step of the turn, by its name in the game's ``PHASES``."""

    def dump(self, game: Any, value: Any) -> Any:
        return game.PHASES[value]

    def load(self, game: Any, data: Any) -> Any:
        for code, name in game.PHASES.items():
            if name == data:
                return code
        raise SetupError(f"unknown phase {data!r}")


class Names(Codec):
    """A number (a building, a field kind) by its name in ``names``, a
    sequence or a mapping from the numbers; ``what`` names the kind in the
    error on an unknown one. With ``none_as`` that number (-1: none) is
    written ``null``."""

    def __init__(
        self, names: Sequence[str] | Mapping[int, str], what: str, none_as: int | None = None
    ) -> None:
        self.names: Mapping[int, str] = (
            dict(names) if isinstance(names, Mapping) else dict(enumerate(names))
        )
        self.index: Mapping[str, int] = {n: i for i, n in self.names.items()}
        self.what = what
        self.none_as = none_as

    def dump(self, game: Any, value: Any) -> Any:
        return None if value == self.none_as else self.names[value]

    def dump_list(self, game: Any, values: list[Any]) -> list[Any]:
        if self.none_as is not None:
            return [self.dump(game, v) for v in values]
        names = self.names
        return [names[v] for v in values]

    def load(self, game: Any, data: Any) -> Any:
        if data is None and self.none_as is not None:
            return self.none_as
        if data not in self.index:
            raise SetupError(f"unknown {self.what} {data!r} in the state")
        return self.index[data]


class Made(Codec):
    """Not written: on loading the game makes it anew with its method
    ``method`` (or ``value``, when no method is named)."""

    saved = False

    def __init__(self, method: str | None = None, value: Any = None) -> None:
        self.method = method
        self.value = value

    def load(self, game: Any, data: Any) -> Any:
        return self.value if self.method is None else getattr(game, self.method)()


#: written and read as it is (numbers, text, ``None``)
AS_IS: Codec = _AsIs()
#: read back as a whole number
INT: Codec = _Cast(int)
#: read back as true or false
BOOL: Codec = _Cast(bool)
#: a card, by its key
CARD: Codec = _Card()
#: a step of the turn, by its name
PHASE: Codec = _Phase()


class Part:
    """One attribute of a game's state (see the module docstring)."""

    __slots__ = ("codec", "depth", "key", "mapping", "name", "plain", "saved")

    def __init__(
        self,
        name: str,
        depth: int = 0,
        codec: Codec = AS_IS,
        *,
        key: str | None = None,
        mapping: bool = False,
    ) -> None:
        if not 0 <= depth <= 3 or (mapping and depth != 1):
            raise ValueError(f"part {name!r}: depth {depth} (mapping {mapping}) is not a shape")
        self.name = name
        self.depth = depth
        self.codec = codec
        self.key = name if key is None else key
        self.mapping = mapping
        self.saved = codec.saved
        #: written as it is: a value the saving copies straight into the state
        self.plain = depth == 0 and codec is AS_IS

    def __repr__(self) -> str:
        return f"Part({self.name!r}, {self.depth})"

    def copy_line(self) -> str:
        """The line of ``_copy_state`` that copies this part."""
        n = self.name
        if self.depth == 0:
            return f"other.{n} = self.{n}"
        if self.depth == 1:
            return f"other.{n} = self.{n}.copy()" if self.mapping else f"other.{n} = self.{n}[:]"
        if self.depth == 2:
            return f"other.{n} = [z[:] for z in self.{n}]"
        return f"other.{n} = [[f[:] for f in fs] for fs in self.{n}]"

    def dump(self, game: Any) -> Any:
        value = getattr(game, self.name)
        codec = self.codec
        if self.depth == 0 or self.mapping:
            return codec.dump(game, value)
        if codec is CARD:  # the most common part, written without a call a list
            keys: Sequence[str] = game.table.keys
            if self.depth == 1:
                return [keys[c] for c in value]
            if self.depth == 2:
                return [[keys[c] for c in z] for z in value]
            return [[[keys[c] for c in f] for f in fs] for fs in value]
        if self.depth == 1:
            return codec.dump_list(game, value)
        if self.depth == 2:
            return [codec.dump_list(game, z) for z in value]
        return [[codec.dump_list(game, f) for f in fs] for fs in value]

    def load(self, game: Any, data: Any) -> None:
        codec = self.codec
        if self.depth == 0 or self.mapping or not codec.saved:
            value = codec.load(game, data)
        elif self.depth == 1:
            value = codec.load_list(game, data)
        elif self.depth == 2:
            value = [codec.load_list(game, z) for z in data]
        else:
            value = [[codec.load_list(game, f) for f in fs] for fs in data]
        setattr(game, self.name, value)


def parts_of(cls: type) -> tuple[Part, ...]:
    """Every part of a game class's state: its bases' first, then its own."""
    found = _ALL.get(cls)
    if found is None:
        out: list[Part] = []
        for klass in reversed(cls.__mro__):
            out.extend(klass.__dict__.get("STATE", ()))
        names = [p.name for p in out]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise TypeError(f"{cls.__name__} declares {', '.join(twice)} twice in its state")
        found = _ALL[cls] = tuple(out)
    return found


_ALL: dict[type, tuple[Part, ...]] = {}


def dump_parts(game: Any, into: dict[str, Any]) -> dict[str, Any]:
    """Write every saved part of ``game``'s state into ``into``."""
    for part in parts_of(type(game)):
        if part.plain:
            into[part.key] = getattr(game, part.name)
        elif part.saved:
            into[part.key] = part.dump(game)
    return into


def load_parts(game: Any, data: Mapping[str, Any]) -> None:
    """Set every part of ``game``'s state from a saved state, in the order they
    are declared; a missing part raises :class:`SetupError`."""
    for part in parts_of(type(game)):
        if not part.codec.saved:
            part.load(game, None)
        elif part.key not in data:
            raise SetupError(f"the saved state has no {part.key!r}")
        else:
            part.load(game, data[part.key])


def copy_code(cls: type, indent: str = "    ") -> str:
    """The source of ``cls``'s ``_copy_state``, written from its own parts."""
    own: tuple[Part, ...] = cls.__dict__.get("STATE", ())
    lines = [
        f"{indent}def _copy_state(self, other: Self) -> None:",
        f"{indent}    super()._copy_state(other)",
    ]
    lines += [f"{indent}    {p.copy_line()}" for p in own]
    return "\n".join(lines) + "\n"


__all__ = [
    "AS_IS",
    "BOOL",
    "CARD",
    "INT",
    "PHASE",
    "Codec",
    "Made",
    "Names",
    "Part",
    "copy_code",
    "dump_parts",
    "load_parts",
    "parts_of",
]
