"""Write each game class's ``_copy_state`` from its declared state.

A game class lists the parts of its state in ``STATE``
(:mod:`bohn.engine.parts`); its copy is plain code, one assignment a part, so
that the compiled build copies a game as fast as code written by hand. This
tool writes that code between the two marker lines in the class::

    # -- the state's copy: written by tools/state_copies.py from STATE --
    def _copy_state(self, other: Self) -> None:
        ...
    # -- end of the state's copy --

``python tools/state_copies.py`` rewrites every copy that differs from its
parts; ``--check`` only lists them (exit 1). ``tests/test_state_parts.py``
runs the check, so a part added without its copy fails the suite.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import pkgutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import bohn.rulesets  # noqa: E402
from bohn.engine.game import Game  # noqa: E402
from bohn.engine.parts import copy_code  # noqa: E402

START = "# -- the state's copy: written by tools/state_copies.py from STATE --"
END = "# -- end of the state's copy --"


@dataclass
class Block:
    """One class's copy: where it stands and what its parts make of it."""

    cls: type
    path: Path
    first: int  # the line after the start marker (0-based)
    last: int  # the end marker's line (0-based)
    current: str
    wanted: str


def game_classes() -> list[type]:
    """Every game class of bohn's rulesets (their modules all imported)."""
    for info in pkgutil.walk_packages(bohn.rulesets.__path__, "bohn.rulesets."):
        importlib.import_module(info.name)
    out: list[type] = []
    todo: list[type] = [Game]
    while todo:
        cls = todo.pop()
        subs: list[type] = cls.__subclasses__()
        for sub in subs:
            if sub not in out:
                out.append(sub)
                todo.append(sub)
    return sorted(out, key=lambda c: (c.__module__, c.__qualname__))


def _source(cls: type) -> Path:
    """The source file of ``cls``'s module (beside it where it is compiled)."""
    name = getattr(sys.modules[cls.__module__], "__file__", None) or ""
    if name.endswith(".py"):
        return Path(name)
    return ROOT.joinpath(*cls.__module__.split(".")).with_suffix(".py")


def block_of(cls: type) -> Block | None:
    """``cls``'s copy block, or ``None`` where ``cls`` declares no parts;
    ``ValueError`` where it declares parts but has no block."""
    if "STATE" not in cls.__dict__:
        return None
    path = _source(cls)
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines(keepends=True)
    top = ast.parse(text).body
    at = next(
        (i for i, n in enumerate(top) if isinstance(n, ast.ClassDef) and n.name == cls.__name__),
        None,
    )
    if at is None:
        raise ValueError(f"{path}: no class {cls.__name__} at the top of the module")
    # the class's lines reach to the next statement: comments after its last one count
    after = top[at + 1].lineno - 1 if at + 1 < len(top) else len(lines)
    body = range(top[at].lineno - 1, after)
    starts = [i for i in body if lines[i].strip() == START]
    ends = [i for i in body if lines[i].strip() == END]
    if len(starts) != 1 or len(ends) != 1 or ends[0] < starts[0]:
        raise ValueError(
            f"{path}: {cls.__name__} declares STATE but has no copy block "
            f"(the lines {START!r} ... {END!r})"
        )
    indent = lines[starts[0]][: len(lines[starts[0]]) - len(lines[starts[0]].lstrip())]
    return Block(
        cls,
        path,
        starts[0] + 1,
        ends[0],
        "".join(lines[starts[0] + 1 : ends[0]]),
        copy_code(cls, indent) + "\n",  # a blank line before the end marker, as the formatter wants
    )


def blocks() -> Iterator[Block]:
    for cls in game_classes():
        block = block_of(cls)
        if block is not None:
            yield block


def write(block: Block) -> None:
    lines = block.path.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[block.first : block.last] = [block.wanted]
    block.path.write_text("".join(lines), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="list stale copies; change nothing")
    args = parser.parse_args(argv)
    stale = 0
    for cls in game_classes():
        b = block_of(cls)  # read afresh: a block written above may have moved this one
        if b is None or b.current == b.wanted:
            continue
        stale += 1
        where = b.path.relative_to(ROOT)
        print(f"{where}: {cls.__name__}._copy_state {'is stale' if args.check else 'written'}")
        if not args.check:
            write(b)
    return 1 if stale and args.check else 0


if __name__ == "__main__":
    sys.exit(main())
