"""The optional compiled build: which modules mypyc compiles, and the guard.

bohn is pure Python. ``make native`` (``tools/build_native.py``) compiles the
modules of :data:`MODULES` with mypyc into extension modules next to their
sources and records each source's SHA-256 in :data:`MANIFEST`. Python
prefers an extension module to a ``.py`` file of the same name, so a stale
extension would silently run old code; :func:`install_guard` (run first thing
by ``import bohn``) prevents that:

* ``BOHN_NATIVE=0`` — always the pure-Python sources;
* unset (``auto``) — the compiled modules when every one of them was built
  from the sources as they are now, else the pure sources with a warning;
* ``BOHN_NATIVE=1`` — the compiled modules, or ``ImportError`` (CI, benchmarks).

All or nothing: compiled modules call each other natively, so one edited
source sends every module back to its ``.py`` file. This module is never
compiled itself.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Callable
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType
from typing import TYPE_CHECKING
from typing import Any

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr as mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # a pure install need not have mypy_extensions

        def mypyc_attr(*attrs: Any, **kwattrs: Any) -> Callable[[Any], Any]:
            return lambda x: x


#: the generic modules ``make native`` compiles (the engine's hot path and the bots)
_CORE: tuple[str, ...] = (
    "bohn.engine.beans",
    "bohn.engine.cards",
    "bohn.engine.game",
    "bohn.engine.rng",
    "bohn.engine.parts",
    "bohn.engine.infostate",
    "bohn.sim.runner",
    "bohn.rl.state",
    "bohn.rl.step",
    "bohn.bots.greedy",
    "bohn.bots.base",
    "bohn.bots.random",
    "bohn.bots.rollout",
)


def _ruleset_modules() -> tuple[str, ...]:
    """Each ruleset package's compiled modules, found by its layout: its game
    (``rules``), every module that marks classes for mypyc (``@mypyc_attr``,
    such as a game class for one player count) and its ``bots`` part."""
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "rulesets")
    out: list[str] = []
    for pkg in sorted(os.listdir(root)):
        folder = os.path.join(root, pkg)
        if not os.path.isfile(os.path.join(folder, "__init__.py")):
            continue
        for name in sorted(os.listdir(folder)):
            if not name.endswith(".py") or name == "__init__.py":
                continue
            module = name[: -len(".py")]
            if module not in ("rules", "bots"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    if "@mypyc_attr(" not in f.read():
                        continue
            out.append(f"bohn.rulesets.{pkg}.{module}")
    return tuple(out)


#: the modules written for Cython (a ``.pyx`` source, no pure-Python twin):
#: compiled by ``make native`` with the rest, absent from the pure build, where
#: importing one raises ``ImportError`` (its users fall back to the module it
#: speeds up, the reference)
CYTHON: tuple[str, ...] = ("bohn.rl.cwriter",)

#: the modules ``make native`` compiles: the generic ones, every ruleset's
#: (:func:`_ruleset_modules`) and the Cython ones; the bots' modules
#: (:func:`is_bots_module`) form a C library of their own
MODULES: tuple[str, ...] = _CORE + _ruleset_modules() + CYTHON


def is_bots_module(module: str) -> bool:
    """Whether ``module`` belongs to the bots' library: the generic bots
    (``bohn.bots.*``) and every ruleset's ``bots`` part."""
    return module.startswith("bohn.bots.") or module.endswith(".bots")


_PACKAGE = os.path.dirname(os.path.abspath(__file__))
#: written by ``tools/build_native.py`` after a successful build
MANIFEST = os.path.join(_PACKAGE, "_native.json")

#: whether the compiled modules are in use (set by :func:`install_guard`)
ACTIVE = False


def source_path(module: str) -> str:
    parts = module.split(".")
    ext = ".pyx" if module in CYTHON else ".py"
    return os.path.join(os.path.dirname(_PACKAGE), *parts) + ext


def source_hash(module: str) -> str:
    with open(source_path(module), "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()


#: extension file endings, longest first (``.cpython-311-x86_64-linux-gnu.so`` before ``.so``)
_SUFFIXES = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)


def extensions() -> list[str]:
    """The modules of the package that have a compiled extension file."""
    root = os.path.dirname(_PACKAGE)
    found = []
    for dirpath, _, files in os.walk(_PACKAGE):
        for name in files:
            suffix = next((s for s in _SUFFIXES if name.endswith(s)), None)
            if suffix is not None and not name.endswith("__mypyc" + suffix):
                rel = os.path.relpath(os.path.join(dirpath, name[: -len(suffix)]), root)
                found.append(rel.replace(os.sep, "."))
    return sorted(found)


def stale_reason() -> str | None:
    """Why the compiled modules may not be used (``None``: they may)."""
    built = extensions()
    if not built:
        return "no compiled modules (run `make native`)"
    try:
        with open(MANIFEST, encoding="utf-8") as f:
            recorded = json.load(f)["sources"]
    except (OSError, ValueError, KeyError):
        return f"no valid {os.path.basename(MANIFEST)} beside the compiled modules"
    for module in built:
        if module not in recorded:
            return f"{module} was compiled by another build"
        if recorded[module] != source_hash(module):
            return f"{source_path(module)} changed since it was compiled"
    return None


class _PureFinder:
    """A meta path finder that loads ``modules`` from their ``.py`` files."""

    def __init__(self, modules: Sequence[str]) -> None:
        self.modules = frozenset(modules)

    def find_spec(
        self, name: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if name not in self.modules:
            return None
        if name in CYTHON:
            raise ModuleNotFoundError(
                f"{name} is compiled only: the pure-Python build goes without it", name=name
            )
        return importlib.util.spec_from_file_location(name, source_path(name))


def install_guard() -> None:
    """Decide between the compiled and the pure modules (see the module docstring)."""
    global ACTIVE
    mode = os.environ.get("BOHN_NATIVE", "auto").strip().lower()
    if mode not in ("0", "1", "auto", ""):
        raise ImportError(f"BOHN_NATIVE must be 0, 1 or auto, not {mode!r}")
    built = extensions()
    if mode == "0" or (not built and mode != "1"):
        reason = None
    else:
        reason = stale_reason()
        if reason is None:
            ACTIVE = True
            return
        if mode == "1":
            raise ImportError(f"BOHN_NATIVE=1 but the compiled modules may not be used: {reason}")
        warnings.warn(
            f"bohn: using the pure-Python sources: {reason}; run `make native` to rebuild",
            RuntimeWarning,
            stacklevel=3,
        )
    # every compiled module, not only those built now: a build running in the
    # background (``make run``) adds extension files while this process runs
    if not any(isinstance(f, _PureFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _PureFinder(sorted({*built, *MODULES})))
