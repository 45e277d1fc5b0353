"""Golden transcripts: seeded games of every ruleset, through the records, the
terminal and the research environment, read as the text files of
``tests/data/golden`` (written by ``python tools/golden.py --write``).

A change that is meant to change play (a rule correction, a new word in the
terminal) writes the files again, and the diff is reviewed in its commit; a
restructuring must leave them equal (``docs/testing.md``). A failure shows the
entry and the first lines of the diff.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from bohn.rulesets import VARIANTS

ROOT = Path(__file__).resolve().parent.parent


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bohn_golden", ROOT / "tools/golden.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bohn_golden"] = module
    spec.loader.exec_module(module)
    return module


golden = _tool()
ENTRIES = golden.committed_entries()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_the_transcript_reads_as_committed(entry: Any) -> None:
    path = golden.GOLDEN_DIR / entry.file_name
    assert path.exists(), f"{entry.name}: no {path}; write it with {golden.WRITE_COMMAND}"
    expected = path.read_text(encoding="utf-8")
    got = entry.transcript()
    if got != expected:
        pytest.fail(
            f"the transcript of {entry.name} differs from {path.relative_to(ROOT)}.\n"
            f"If the change is meant, write it again with `{golden.WRITE_COMMAND}` "
            f"and review the diff in the commit.\n"
            f"{golden.diff(entry.name, expected, got)}",
            pytrace=False,
        )


def test_the_committed_set_covers_every_configuration() -> None:
    configs = {
        golden.config_name(variant, min(cls.allowed_players()), opts)
        for variant, cls in VARIANTS.items()
        for opts in [{}, *golden.GAME_OPTIONS.get(variant, [])]
    }
    expected = {f"{c}/{kind}" for c in configs for kind in ("sim/random/0", "play/random", "rl")}
    assert {e.name for e in ENTRIES} == expected
    files = {golden.entry_name(p.name) for p in golden.GOLDEN_DIR.glob("*.txt")}
    assert not expected - files, f"missing: {sorted(expected - files)}"
    assert not files - expected, f"stale (no entry writes them): {sorted(files - expected)}"
