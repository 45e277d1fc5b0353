"""Compile bohn's hot modules with mypyc, and its Cython modules (``bohn/_native.py``'s
``CYTHON``) with Cython (``make native``); ``--clean`` removes them.

The extension modules go next to their sources (``bohn/engine/game.cpython-*.so``
and two shared libraries, ``bohn/native__mypyc`` for the engine and
``bohn/bots/native__mypyc`` for the bots: ``bohn.bots.*`` and every ruleset's
``bots`` part, ``bohn.rulesets.<id>.bots``); ``bohn/_native.json``
records the SHA-256 of every compiled source, which ``import bohn`` checks
(``bohn/_native.py``). Needs the dev dependencies and a C compiler.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import sys
from types import ModuleType

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _load_native() -> ModuleType:
    """``bohn/_native.py`` alone: importing ``bohn`` would load the old build."""
    spec = importlib.util.spec_from_file_location("_bohn_native", f"{ROOT}/bohn/_native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_native = _load_native()

BUILD = os.path.join(ROOT, "build", "native")


def clean() -> None:
    """Remove every compiled module and the manifest."""
    for path in (_native.MANIFEST,):
        if os.path.exists(path):
            os.remove(path)
    for dirpath, _, files in os.walk(os.path.join(ROOT, "bohn")):
        for name in files:
            if name.endswith((".so", ".pyd")):
                os.remove(os.path.join(dirpath, name))


def build(modules: list[str], opt_level: str) -> None:
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped, unused-ignore]

    clean()
    shutil.rmtree(BUILD, ignore_errors=True)
    paths = [os.path.relpath(_native.source_path(m), ROOT) for m in modules]
    hashes = {m: _native.source_hash(m) for m in modules}
    os.chdir(ROOT)
    # the Cython modules are built by Cython; the rest by mypyc in two groups, one
    # C library each, compiled side by side: the engine (its modules call each
    # other natively) and the bots (the greedy bots are as large as the engine and
    # call it through its Python interface anyway): bohn.bots.* and the rulesets'
    # bots parts, whose classes derive from greedy's
    cython = [m for m in modules if m in _native.CYTHON]
    compiled = [p for m, p in zip(modules, paths, strict=True) if m not in _native.CYTHON]
    bots = [p for m, p in zip(modules, paths, strict=True) if _native.is_bots_module(m)]
    rest = [p for p in compiled if p not in bots]
    groups: list[tuple[list[str], str | None]] = [(rest, "bohn.native")]
    if bots:
        groups.append((bots, "bohn.bots.native"))
    ext_modules = mypycify(compiled, opt_level=opt_level, separate=groups, target_dir=BUILD)
    if cython:
        from Cython.Build import cythonize
        from setuptools import Extension

        ext_modules += cythonize(  # type: ignore[no-untyped-call]
            [Extension(m, [os.path.relpath(_native.source_path(m), ROOT)]) for m in cython],
            build_dir=BUILD,
            quiet=True,
        )
    dist = Distribution({"name": "bohn-native", "ext_modules": ext_modules})
    cmd = dist.get_command_obj("build_ext")
    cmd.inplace = True
    cmd.parallel = os.cpu_count() or 1
    cmd.build_temp = os.path.join(BUILD, "temp")
    dist.run_command("build_ext")
    changed = [m for m in modules if _native.source_hash(m) != hashes[m]]
    if changed:
        clean()
        sys.exit(f"sources changed during the build: {', '.join(changed)}; build again")
    with open(_native.MANIFEST, "w", encoding="utf-8") as f:
        json.dump({"sources": hashes}, f, indent=1, sort_keys=True)
        f.write("\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules")
    ap.add_argument(
        "--if-stale", action="store_true", help="build only if the compiled modules are not current"
    )
    ap.add_argument("--opt-level", default="3")
    ap.add_argument("modules", nargs="*", help="modules to compile (default: all of MODULES)")
    args = ap.parse_args()
    modules = args.modules or list(_native.MODULES)
    if args.clean:
        clean()
    elif (
        args.if_stale and _native.stale_reason() is None and _native.extensions() == sorted(modules)
    ):
        print("the compiled modules are current")
    else:
        build(modules, args.opt_level)


if __name__ == "__main__":
    main()
