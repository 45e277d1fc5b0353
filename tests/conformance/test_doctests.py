"""The examples in the docstrings of every ``bohn`` module run and pass."""

from __future__ import annotations

import doctest
import importlib
from pathlib import Path

import pytest
from passes import PURE

import bohn
from bohn import _native


def bohn_modules() -> list[str]:
    """Every module of the package, found on disk (``pkgutil.walk_packages``
    would skip a directory that lacks ``__init__.py``)."""
    root = Path(bohn.__file__).parent
    names = set()
    for path in root.rglob("*.py"):
        parts = path.relative_to(root.parent).with_suffix("").parts
        if parts[-1] == "__init__":
            parts = parts[:-1]
        if all(p.isidentifier() for p in parts):
            names.add(".".join(parts))
    # scripts that act when run, not modules: Alembic's migration environment
    names = {n for n in names if not n.startswith("bohn.server.migrations")}
    return sorted(names)


def optional_dependency_missing(name: str) -> str | None:
    """The third-party package ``name`` needs and lacks, if that stops its import.

    The engine has no third-party runtime dependency, so only modules outside
    ``bohn.engine`` and ``bohn.rulesets`` may be excused this way."""
    try:
        importlib.import_module(name)
    except ModuleNotFoundError as e:
        missing = (e.name or "").partition(".")[0]
        if missing and missing != "bohn":
            assert not name.startswith(("bohn.engine", "bohn.rulesets")), (
                f"{name} needs {missing}, but the engine has no third-party dependency"
            )
            return missing
        raise
    return None


def this_pass() -> list[str]:
    """The modules whose examples this pass runs: every one in the compiled
    pass; in the pure pass those the compiled build changes (the others run
    the same code in both)."""
    if not PURE:
        return bohn_modules()
    return [n for n in bohn_modules() if n in _native.MODULES]


@pytest.mark.parametrize("name", this_pass())
def test_doctests(name: str) -> None:
    if optional_dependency_missing(name) is not None:
        return
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_doctests_exist() -> None:
    """The engine documents itself with examples (a check that can find nothing
    is no check)."""
    attempted = 0
    for name in bohn_modules():
        if name.startswith("bohn.engine"):
            finder = doctest.DocTestFinder()
            module = importlib.import_module(name)
            attempted += sum(len(t.examples) for t in finder.find(module))
    assert attempted >= 5
