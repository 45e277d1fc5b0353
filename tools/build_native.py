"""Compile bohn's hot modules with mypyc, and its Cython modules (``bohn/_native.py``'s
``CYTHON``) with Cython (``make native``); ``--clean`` removes them.

The extension modules go next to their sources (``bohn/engine/game.cpython-*.so``)
with four shared libraries that hold their code (:func:`group_of`):
``bohn/native__mypyc`` for the generic engine and the rulesets closest to
Bohnanza, ``bohn/rulesets/native_high__mypyc`` and
``bohn/rulesets/native_lady__mypyc`` for the others (``GROUPS``), and
``bohn/bots/native__mypyc`` for the bots (``bohn.bots.*`` and every
ruleset's ``bots`` part); gcc compiles their C files side by side, one a
core. ``bohn/_native.json``
records the SHA-256 of every compiled source, which ``import bohn`` checks
(``bohn/_native.py``). Needs the dev dependencies and a C compiler.

One build at a time: a lock (``build/native.lock``) makes a second build wait
for the first. ``--background`` (``make run``) starts the build in its own
process and returns at once, so the server can start on the pure-Python
sources; the build writes its output to ``build/native.log`` and says on the
terminal when it has finished and that the next start uses it.
"""

from __future__ import annotations

import argparse
import fcntl
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
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
LOCK = os.path.join(ROOT, "build", "native.lock")
LOG = os.path.join(ROOT, "build", "native.log")


def _lock(wait: bool) -> int | None:
    """Take the build lock; ``None`` when ``wait`` is false and another build holds it."""
    os.makedirs(os.path.dirname(LOCK), exist_ok=True)
    fd = os.open(LOCK, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
    except BlockingIOError:
        os.close(fd)
        return None
    return fd


def _current(modules: list[str]) -> bool:
    return _native.stale_reason() is None and _native.extensions() == sorted(modules)


def clean() -> None:
    """Remove every compiled module and the manifest."""
    for path in (_native.MANIFEST,):
        if os.path.exists(path):
            os.remove(path)
    for dirpath, _, files in os.walk(os.path.join(ROOT, "bohn")):
        for name in files:
            if name.endswith((".so", ".pyd")):
                os.remove(os.path.join(dirpath, name))


#: the rulesets whose engine modules get a library of their own, by library;
#: the rest of the engine (the generic layers, Bohnanza and the rulesets
#: derived from it closely) is ``bohn.native``
GROUPS: dict[str, tuple[str, ...]] = {
    "bohn.rulesets.native_high": ("high_bohn", "prohibohn", "sissi"),
    "bohn.rulesets.native_lady": ("ladybohn", "mutterbohnchen", "bohnkick"),
}


def group_of(module: str) -> str:
    """The shared library (mypyc's group) ``module`` is compiled into."""
    if _native.is_bots_module(module):
        return "bohn.bots.native"
    parts = module.split(".")
    if parts[:2] == ["bohn", "rulesets"]:
        for name, rulesets in GROUPS.items():
            if parts[2] in rulesets:
                return name
    return "bohn.native"


def build(modules: list[str], opt_level: str) -> None:
    from mypyc.build import mypycify
    from setuptools import Distribution  # type: ignore[import-untyped, unused-ignore]

    clean()
    shutil.rmtree(BUILD, ignore_errors=True)
    paths = [os.path.relpath(_native.source_path(m), ROOT) for m in modules]
    hashes = {m: _native.source_hash(m) for m in modules}
    os.chdir(ROOT)
    # the Cython modules are built by Cython; the rest by mypyc in groups, one C
    # library each, compiled side by side (gcc takes one core a file): the bots
    # (bohn.bots.* and the rulesets' bots parts, whose classes derive from
    # greedy's), and the engine split in three of about the same size, so that
    # no single file holds the build up (GROUPS)
    cython = [m for m in modules if m in _native.CYTHON]
    by_group: dict[str, list[str]] = {}
    for m, p in zip(modules, paths, strict=True):
        if m not in _native.CYTHON:
            by_group.setdefault(group_of(m), []).append(p)
    compiled = [p for ps in by_group.values() for p in ps]
    groups: list[tuple[list[str], str | None]] = [
        (ps, name) for name, ps in sorted(by_group.items())
    ]
    # mypy's cache outside the build folder, which each build removes (mypycify
    # takes mypy's options among the paths)
    cache = f"--cache-dir={os.path.join(ROOT, 'build', 'native-mypy-cache')}"
    ext_modules = mypycify(
        [cache, *compiled], opt_level=opt_level, separate=groups, target_dir=BUILD
    )
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


def background(argv: list[str]) -> None:
    """Start the build in a process of its own, at low priority, and return at once.

    The build tells the terminal when it is done (``build/native.log`` holds its output)."""
    if _lock(wait=False) is None:
        print("bohn: the compiled build is being made already (see build/native.log)")
        return
    os.makedirs(os.path.dirname(LOG), exist_ok=True)
    log = open(LOG, "w", encoding="utf-8")  # noqa: SIM115 - handed to the child
    # the terminal of ``make run``, to say there when the build is done
    tty = os.ttyname(sys.stdout.fileno()) if sys.stdout.isatty() else ""
    subprocess.Popen(
        [sys.executable, os.path.abspath(__file__), "--child", f"--tell={tty}", *argv],
        stdin=subprocess.DEVNULL,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    print(
        "bohn: starting on the pure-Python build; compiling the faster one in the "
        "background (about 2 minutes on 2 cores, log in build/native.log); "
        "the next start uses it"
    )


def child(modules: list[str], opt_level: str, tty: str) -> None:
    """The background build: announce the outcome on the terminal of ``make run``."""
    os.nice(10)
    fd = _lock(wait=True)
    start = time.monotonic()
    try:
        if not _current(modules):
            build(modules, opt_level)
    except (Exception, SystemExit) as e:  # reported; the pure build stays in use
        print(f"failed: {e}", flush=True)
        _tell(
            tty,
            f"bohn: the compiled build failed ({e}); see build/native.log. "
            "The pure-Python build keeps working.",
        )
        raise SystemExit(1) from None
    finally:
        if fd is not None:
            os.close(fd)
    _tell(
        tty,
        f"bohn: the compiled build is ready ({time.monotonic() - start:.0f} s); "
        "restart `make run` to use it (about 3x faster bots)",
    )


def _tell(tty: str, message: str) -> None:
    print(message, flush=True)
    if not tty:
        return
    try:
        fd = os.open(tty, os.O_WRONLY | os.O_NOCTTY)
    except OSError:  # the terminal is gone: the log says it
        return
    with os.fdopen(fd, "w", encoding="utf-8") as out:
        out.write(f"\n{message}\n")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--clean", action="store_true", help="remove the compiled modules")
    ap.add_argument(
        "--if-stale", action="store_true", help="build only if the compiled modules are not current"
    )
    ap.add_argument(
        "--background",
        action="store_true",
        help="build in a process of its own and return at once (log in build/native.log)",
    )
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--tell", default="", help=argparse.SUPPRESS)
    ap.add_argument("--opt-level", default="3")
    ap.add_argument("modules", nargs="*", help="modules to compile (default: all of MODULES)")
    args = ap.parse_args()
    modules = args.modules or list(_native.MODULES)
    if args.clean:
        fd = _lock(wait=True)
        clean()
        if fd is not None:
            os.close(fd)
    elif args.child:
        child(modules, args.opt_level, args.tell)
    elif args.background:
        if _current(modules):
            print("bohn: the compiled modules are current")
        else:
            background(["--opt-level", args.opt_level, *args.modules])
    else:
        fd = _lock(wait=False)
        if fd is None:
            print("waiting for the compiled build under way (build/native.log) ...", flush=True)
            fd = _lock(wait=True)
        try:
            if args.if_stale and _current(modules):
                print("the compiled modules are current")
            else:
                build(modules, args.opt_level)
        finally:
            if fd is not None:
                os.close(fd)


if __name__ == "__main__":
    main()
