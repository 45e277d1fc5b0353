"""Every scenario file of ``tests/scenarios/`` runs and meets its ``expect`` block.

The ``expect`` block (``docs/scenarios.md``):

* ``ok``, ``action_index`` — equal to the output's;
* ``error`` — each key given equals the output error's;
* ``state`` — each key given equals the final state's; ``null`` anywhere inside
  matches anything (``"hands": [["blaue"], null, null]``);
* ``phase`` (name), ``active``, ``coins`` (count per seat), ``deck_size``;
* ``result`` — each key given equals the result's;
* ``events`` — event types that occur in this order among the output events.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from bohn.engine.errors import SetupError
from bohn.scenario import check_expect
from bohn.scenario import load_file
from bohn.scenario import run_scenario

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(ROOT.glob("*/*.json"))


def check(expect: dict[str, Any], out: dict[str, Any]) -> None:
    misses = check_expect(expect, out)
    assert not misses, misses


def test_there_are_scenario_files() -> None:
    assert len(FILES) >= 5
    outs = [run_scenario(load_file(f)) for f in FILES]
    assert any(o["ok"] for o in outs)
    assert any(not o["ok"] and o["action_index"] is not None for o in outs)


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_scenario_file(path: Path) -> None:
    data = load_file(path)
    assert "expect" in data and "description" in data, f"{path.name} needs expect and description"
    out = run_scenario(data)
    json.dumps(out)  # the output is plain JSON
    check(data["expect"], out)
    assert out["expected"] == {"met": True, "misses": []}


def test_expect_checker_fails_on_mismatch() -> None:
    out = {
        "ok": True,
        "state": {"phase": 0, "active": 0, "coins": [[]], "deck": []},
        "events": [{"type": "plant"}, {"type": "reveal"}],
        "result": None,
    }
    check({"ok": True, "events": ["plant", "reveal"], "coins": [0]}, out)
    for bad in (
        {"ok": False},
        {"ok": True, "events": ["reveal", "plant"]},
        {"ok": True, "coins": [1]},
        {"ok": True, "phase": "trade"},
    ):
        with pytest.raises(AssertionError):
            check(bad, out)
    # a typo is no pass: an unknown key is refused with the closest known one
    with pytest.raises(SetupError, match="did you mean 'deck_size'"):
        check({"ok": True, "deck_sze": 0}, out)
    with pytest.raises(SetupError, match=r"expect\.state has no key 'dek'.*did you mean 'deck'"):
        check({"ok": True, "state": {"dek": []}}, out)
