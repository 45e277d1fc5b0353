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

from bohn.scenario import load_file, run_scenario

ROOT = Path(__file__).resolve().parent.parent / "scenarios"
FILES = sorted(ROOT.glob("*/*.json"))
EXPECT_KEYS = {
    "ok",
    "action_index",
    "error",
    "state",
    "phase",
    "active",
    "coins",
    "deck_size",
    "result",
    "events",
}


def matches(expected: Any, actual: Any) -> bool:
    if expected is None:
        return True
    if isinstance(expected, list):
        return (
            isinstance(actual, list)
            and len(expected) == len(actual)
            and all(matches(e, a) for e, a in zip(expected, actual, strict=True))
        )
    if isinstance(expected, dict):
        return isinstance(actual, dict) and all(
            k in actual and matches(v, actual[k]) for k, v in expected.items()
        )
    return bool(expected == actual)


def in_order(wanted: list[str], types: list[str]) -> bool:
    it = iter(types)
    return all(any(t == w for t in it) for w in wanted)


def check(expect: dict[str, Any], out: dict[str, Any]) -> None:
    unknown = set(expect) - EXPECT_KEYS
    assert not unknown, f"unknown expect keys {sorted(unknown)}"
    assert out["ok"] == expect["ok"], out
    if "action_index" in expect:
        assert out.get("action_index") == expect["action_index"], out
    if "error" in expect:
        assert matches(expect["error"], out.get("error")), out.get("error")
    if not out["ok"]:
        return
    state = out["state"]
    for key, value in expect.get("state", {}).items():
        assert matches(value, state[key]), (key, state[key])
    if "phase" in expect:
        assert state["phase"] == expect["phase"]
    if "active" in expect:
        assert state["active"] == expect["active"]
    if "coins" in expect:
        assert [len(c) for c in state["coins"]] == expect["coins"]
    if "deck_size" in expect:
        assert len(state["deck"]) == expect["deck_size"]
    if "result" in expect:
        assert matches(expect["result"], out["result"]), out["result"]
    if "events" in expect:
        types = [e["type"] for e in out["events"]]
        assert in_order(expect["events"], types), types


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
        {"ok": True, "colour": 1},
    ):
        with pytest.raises(AssertionError):
            check(bad, out)
