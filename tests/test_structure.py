"""The layering of the ``bohn`` package (``docs/architecture.md``), read from
its sources' static imports.

Every ``import`` and ``from ... import`` of a module under ``bohn/`` counts,
at any level (in a function, under ``if TYPE_CHECKING:``), relative imports
resolved. An import of ``a.b.c`` is an edge to the module ``a.b.c``;
``from a.b import c`` is an edge to ``a.b.c`` when that is a module, else to
``a.b``; a package is the module of its ``__init__.py``. Only edges to
modules of ``bohn`` are kept. A load by name through ``importlib`` with a
literal name (``importlib.import_module("bohn.x.y")``) is an edge too, so no
circle hides behind it; the registry's parts, loaded by computed names, are
no edges.

The rules:

* no import cycle among the modules of ``bohn``;
* the engine (``bohn/engine/``) imports nothing of ``bohn`` outside
  ``bohn.engine`` but :data:`ENGINE_MAY_IMPORT`: ``bohn._native`` (the
  compiled build's ``mypyc_attr`` and guard) and ``bohn._version`` (the
  version replays record), both importing nothing of ``bohn``;
* no module outside ``bohn/rulesets/`` imports a module of a particular
  ruleset's package (``bohn.rulesets.<id>...``): the generic layers reach a
  ruleset through the registry, ``bohn.rulesets`` itself;
* a ruleset's package imports another ruleset's package only when the other
  ruleset's game is one its own game is built on (a base class): Ladybohn's
  parts may use Bohnanza's, never Prohibohn's; what several rulesets share
  lives in the generic layers (the engine's actions, the catalogue);
* no code outside ``bohn/rulesets/`` names a ruleset (a variant id, a
  package, a title) or what only some rulesets have (:data:`RULESET_WORDS`):
  comments, docstrings and the help's examples aside;
* no module is over :data:`MAX_LINES` lines.

Each test reports every violation, naming the file, the line and the import.
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "bohn"

#: modules of ``bohn`` outside the engine that the engine may import
ENGINE_MAY_IMPORT = frozenset({"bohn._native", "bohn._version"})

#: the most lines a module may have
MAX_LINES = 2000


@dataclass(frozen=True)
class Edge:
    """One static import: ``source`` imports ``target`` at ``line``."""

    source: str
    target: str
    line: int
    text: str

    def where(self) -> str:
        return f"{module_file(self.source)}:{self.line}: {self.text}"


def module_name(path: Path) -> str:
    """``bohn/engine/game.py`` -> ``bohn.engine.game``; ``bohn/x/__init__.py`` -> ``bohn.x``."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_package(module: str) -> bool:
    return (ROOT / Path(*module.split(".")) / "__init__.py").exists()


def module_file(module: str) -> str:
    """The source file of a module, relative to the repository."""
    base = Path(*module.split("."))
    return str(base / "__init__.py" if is_package(module) else base.with_suffix(".py"))


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _known(name: str, modules: set[str] | dict[str, Path]) -> str | None:
    """``name`` if it is a module of ``bohn``, else its nearest enclosing one."""
    while name:
        if name in modules:
            return name
        name = name.rpartition(".")[0]
    return None


def imports_of(module: str, source: str, modules: set[str] | dict[str, Path]) -> list[Edge]:
    """Every static import of ``module`` (its ``source``) of a module in ``modules``."""
    package = module if is_package(module) else module.rpartition(".")[0]
    out: list[Edge] = []
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        text = lines[node.lineno - 1].strip() if hasattr(node, "lineno") else ""
        if isinstance(node, ast.Import):
            for alias in node.names:
                target = _known(alias.name, modules)
                if target is not None:
                    out.append(Edge(module, target, node.lineno, text))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "import_module"
            and isinstance(node.func.value, ast.Name)
            and node.func.value.id == "importlib"
            and node.args
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
        ):
            target = _known(node.args[0].value, modules)
            if target is not None:
                out.append(Edge(module, target, node.lineno, text))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                stem = ".".join([*base, node.module] if node.module else base)
            else:
                stem = node.module or ""
            for alias in node.names:
                target = _known(f"{stem}.{alias.name}", modules)
                if target is not None and target != f"{stem}.{alias.name}":
                    target = _known(stem, modules)
                if target is not None:
                    out.append(Edge(module, target, node.lineno, text))
    return sorted(set(out), key=lambda e: (e.line, e.target))


def all_edges() -> list[Edge]:
    modules = all_modules()
    edges: list[Edge] = []
    for name, path in modules.items():
        edges += imports_of(name, path.read_text(encoding="utf-8"), modules)
    return edges


def components(edges: list[Edge]) -> list[tuple[list[str], list[Edge]]]:
    """Per strongly connected component of more than one module (or a module
    importing itself): its modules, and one cycle through them (its edges, in
    order)."""
    graph: dict[str, list[Edge]] = {}
    for e in edges:
        graph.setdefault(e.source, []).append(e)
        graph.setdefault(e.target, [])
    # Tarjan's strongly connected components, iteratively
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, 0)]
        while work:
            v, i = work.pop()
            if i == 0:
                index[v] = low[v] = len(index)
                stack.append(v)
                on_stack.add(v)
            succ = graph[v]
            if i < len(succ):
                work.append((v, i + 1))
                w = succ[i].target
                if w not in index:
                    work.append((w, 0))
                elif w in on_stack:
                    low[v] = min(low[v], index[w])
                continue
            if low[v] == index[v]:
                comp = set()
                while True:
                    w = stack.pop()
                    on_stack.discard(w)
                    comp.add(w)
                    if w == v:
                        break
                components.append(comp)
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[v])
    out = []
    for comp in components:
        start = min(comp)
        self_loop = [e for e in graph[start] if e.target == start]
        if len(comp) == 1 and not self_loop:
            continue
        if self_loop:
            out.append((sorted(comp), self_loop[:1]))
            continue
        # the shortest way back to ``start`` inside the component
        prev: dict[str, Edge] = {}
        frontier = [start]
        found: Edge | None = None
        while frontier and found is None:
            nxt = []
            for v in frontier:
                for e in graph[v]:
                    if e.target not in comp:
                        continue
                    if e.target == start:
                        found = e
                        break
                    if e.target not in prev:
                        prev[e.target] = e
                        nxt.append(e.target)
                if found is not None:
                    break
            frontier = nxt
        assert found is not None
        path = [found]
        while path[0].source != start:
            path.insert(0, prev[path[0].source])
        out.append((sorted(comp), path))
    return sorted(out)


def test_the_import_resolver_reads_every_kind_of_import() -> None:
    modules = {"bohn", "bohn.engine", "bohn.engine.game", "bohn.engine.beans", "bohn.sim"}
    source = (
        "import bohn.engine.game\n"
        "from . import beans\n"
        "from .game import Game\n"
        "from .. import sim\n"
        "def f():\n"
        "    from bohn import __version__\n"
        "import json\n"
        "two = importlib.import_module('bohn.sim')\n"
        "other = importlib.import_module(name)\n"
    )
    got = [(e.target, e.line) for e in imports_of("bohn.engine.x", source, modules)]
    assert got == [
        ("bohn.engine.game", 1),
        ("bohn.engine.beans", 2),
        ("bohn.engine.game", 3),
        ("bohn.sim", 4),
        ("bohn", 6),
        ("bohn.sim", 8),
    ]
    edges = [
        Edge("a", "b", 1, "import b"),
        Edge("b", "c", 2, "import c"),
        Edge("c", "a", 3, "import a"),
        Edge("c", "d", 4, "import d"),
    ]
    assert [([*mods], [e.source for e in cyc]) for mods, cyc in components(edges)] == [
        (["a", "b", "c"], ["a", "b", "c"])
    ]


def test_no_import_cycles() -> None:
    report = [
        f"{', '.join(mods)} import each other; one cycle: "
        + " -> ".join([c[0].source, *(e.target for e in c)])
        + "".join(f"\n    {e.where()}" for e in c)
        for mods, c in components(all_edges())
    ]
    assert not report, f"{len(report)} groups of modules in import cycles:\n" + "\n".join(report)


def test_the_engine_imports_nothing_above_it() -> None:
    bad = [
        e.where()
        for e in all_edges()
        if (e.source == "bohn.engine" or e.source.startswith("bohn.engine."))
        and not (e.target == "bohn.engine" or e.target.startswith("bohn.engine."))
        and e.target not in ENGINE_MAY_IMPORT
    ]
    assert not bad, "the engine imports modules above it:\n" + "\n".join(bad)


def _ruleset_package(module: str) -> str | None:
    """``bohn.rulesets.sissi`` for a module of Sissi's package, else None."""
    parts = module.split(".")
    if len(parts) >= 3 and parts[:2] == ["bohn", "rulesets"]:
        return ".".join(parts[:3])
    return None


def test_no_generic_layer_imports_a_particular_ruleset() -> None:
    bad = [
        f"{e.where()}  (imports {e.target})"
        for e in all_edges()
        if _ruleset_package(e.target) is not None
        and not (e.source == "bohn.rulesets" or e.source.startswith("bohn.rulesets."))
    ]
    assert not bad, (
        "modules outside bohn/rulesets/ import a ruleset's package "
        "(reach it through bohn.rulesets' registry and its parts):\n" + "\n".join(bad)
    )


def test_no_module_is_too_long() -> None:
    bad = []
    for name, path in all_modules().items():
        n = len(path.read_text(encoding="utf-8").splitlines())
        if n > MAX_LINES:
            bad.append(f"{module_file(name)}: {n} lines")
    assert not bad, f"modules over {MAX_LINES} lines (split them by topic):\n" + "\n".join(bad)


def test_a_ruleset_imports_only_the_rulesets_its_game_is_built_on() -> None:
    from bohn.rulesets import RULESETS

    bases = {r.package: {b.package for b in r.bases()} for r in RULESETS.values()}
    bad = []
    for e in all_edges():
        source, target = _ruleset_package(e.source), _ruleset_package(e.target)
        if source is None or target is None or source == target:
            continue
        if target not in bases.get(source, set()):
            bad.append(f"{e.where()}  ({source} is not built on {target})")
    assert set(bases) >= {"bohn.rulesets.bohnanza", "bohn.rulesets.mutterbohnchen"}
    assert "bohn.rulesets.ladybohn" in bases["bohn.rulesets.mutterbohnchen"]
    assert not bad, (
        "rulesets import rulesets they are not built on (move what they share "
        "into the engine or the catalogue):\n" + "\n".join(bad)
    )


def test_one_citation_helper() -> None:
    """A refusal's rule is written by ``Game.cite`` alone: no other function
    takes a ``section`` and formats it into a string of its own."""
    bad = []
    for name, path in all_modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.FunctionDef) or node.name == "cite":
                continue
            params = [a.arg for a in node.args.args if a.arg not in ("self", "cls")]
            if params != ["section"]:
                continue
            for ret in ast.walk(node):
                if isinstance(ret, ast.Return) and isinstance(ret.value, ast.JoinedStr):
                    bad.append(f"{module_file(name)}:{node.lineno}: {node.name}")
    assert not bad, "citation helpers besides Game.cite:\n" + "\n".join(bad)


# ---------------------------------------------------------------------------
# no ruleset named outside its package: the generic layers work through the
# contract (``bohn.engine.game.Game``) and the registry's parts

#: the words of what only some rulesets have, that no generic layer's code
#: may spell either (a rival no seat plays is the contract's house)
RULESET_WORDS = ("mafia", "treasury", "distillery", "boss", "bosses", "cognac")
#: the programs written for one game, as a user writes them against the
#: public API (``bohn/rl/examples/sissi_reinforce.py`` learns Sissi)
EXAMPLE_DIRS = ("bohn/rl/examples/",)
#: the family the games belong to, which a text may name without naming its base game
FAMILY = "bohnanza family"


def ruleset_name_pattern() -> re.Pattern[str]:
    """Every variant id, package name and title of a registered ruleset, and
    :data:`RULESET_WORDS`, as whole words in any case, ``-``, ``_`` and a
    space alike."""
    from bohn.rulesets import RULESETS

    names = set(RULESET_WORDS)
    for variant, r in RULESETS.items():
        names |= {variant, r.package.rsplit(".", 1)[1], r.game.title}
    words = sorted(
        (re.sub(r"[-_ ]", "[-_ ]", re.escape(n.lower()).replace("\\", "")) for n in names),
        key=len,
        reverse=True,
    )
    return re.compile(r"(?<![a-z0-9])(" + "|".join(words) + r")(?![a-z0-9])", re.IGNORECASE)


def _docstrings(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
        ):
            out.add(id(body[0].value))
    return out


def _help_examples(tree: ast.AST) -> set[int]:
    """The strings given to ``examples(...)``: a command's help shows them as
    commands a user may type, naming games as a user does."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "examples":
            out |= {id(a) for a in node.args}
    return out


def names_in_code(source: str) -> list[tuple[int, str, str]]:
    """``(line, word, text)`` for every ruleset name in ``source``'s code:
    its identifiers and string literals, not its comments, docstrings or
    help examples."""
    pattern = ruleset_name_pattern()
    tree = ast.parse(source)
    skip = _docstrings(tree) | _help_examples(tree)
    found = []
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        text = None
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        elif isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            text = node.name
        elif isinstance(node, ast.arg) or (isinstance(node, ast.keyword) and node.arg):
            text = node.arg
        if text is None:
            continue
        m = pattern.search(text.lower().replace(FAMILY, "").replace("_", " "))
        if m:
            found.append((getattr(node, "lineno", 0), m.group(0), text))
    return found


def test_the_name_check_finds_what_it_should() -> None:
    code = (
        '"""Sissi, in a docstring, is a comment."""\n'
        "# so is high-bohn\n"
        "def f(treasury):\n"
        '    x = "al-cabohne"\n'
        "    y = obs.mutterbohnchen\n"
        '    z = "the Bohnanza family"\n'
        '    return examples("bohn play sissi")\n'
    )
    assert [(line, word.lower()) for line, word, _ in names_in_code(code)] == [
        (3, "treasury"),
        (4, "al-cabohne"),
        (5, "mutterbohnchen"),
    ]


def test_no_generic_layer_names_a_ruleset() -> None:
    """Outside ``bohn/rulesets/`` no code names a ruleset or what only some
    rulesets have: the generic layers ask the contract (``Game``) and the
    registry (``DEFAULT_VARIANT``, the parts) instead."""
    bad = []
    for name, path in all_modules().items():
        where = module_file(name)
        if where.startswith(("bohn/rulesets/", *EXAMPLE_DIRS)):
            continue
        for line, word, text in names_in_code(path.read_text(encoding="utf-8")):
            bad.append(f"{where}:{line}: {word!r} in {text[:70]!r}")
    assert not bad, "generic code names a ruleset:\n" + "\n".join(bad)


def test_no_generic_layer_reaches_into_a_game() -> None:
    """Outside the engine and the rulesets no code reads or writes a game's
    private attributes or calls its private methods (``game._log``,
    ``game._shuffle``): a position set by hand goes through
    ``Game.setup_from``, everything else through the contract."""
    from bohn.engine.beans import BeanGame
    from bohn.rulesets import RULESETS

    private = set()
    for klass in {BeanGame, *(r.game for r in RULESETS.values())}:
        for k in klass.__mro__:
            private |= {n for n in vars(k) if n.startswith("_") and not n.startswith("__")}
            private |= {
                n for n in getattr(k, "__annotations__", {}) if n.startswith("_") and n[1] != "_"
            }
    assert {"_log", "_shuffle", "_rng", "_emit"} <= private
    bad = []
    for name, path in all_modules().items():
        where = module_file(name)
        if where.startswith(("bohn/engine/", "bohn/rulesets/")):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (
                isinstance(node, ast.Attribute)
                and node.attr in private
                and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))
            ):
                bad.append(f"{where}:{node.lineno}: .{node.attr}")
    assert not bad, "generic code reaches into a game's private parts:\n" + "\n".join(bad)
