"""Al Cabohne from the command line: batch simulation, replays, scenarios."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run, sim_json

from bohn.engine.replay import load
from bohn.sim.batch import TIMING_KEYS

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "al-cabohne"


def sim(capsys: pytest.CaptureFixture[str], players: int, *extra: str) -> dict[str, Any]:
    return sim_json(
        capsys, "al-cabohne", "--players", str(players), "--games", "50", "--seed", "1", *extra
    )


@pytest.mark.parametrize("players", [1, 2])
def test_sim_every_player_count(capsys: pytest.CaptureFixture[str], players: int) -> None:
    summary = sim(capsys, players)
    assert summary["variant"] == "al-cabohne" and summary["players"] == players
    assert summary["games"] == 50
    wins = summary["wins"]
    assert isinstance(wins, list) and len(wins) == players and sum(wins) <= 50
    again = sim(capsys, players)
    assert {k: v for k, v in again.items() if k not in TIMING_KEYS} == {
        k: v for k, v in summary.items() if k not in TIMING_KEYS
    }


def test_replay_verifies_a_recorded_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "al-cabohne.bohn.json"
    argv = ["sim", "al-cabohne", "--players", "2", "--games", "2", "--seed", "3"]
    code, _, err = run(capsys, *argv, "--bots", "greedy,random", "--replays", str(path))
    assert code == 0 and err == ""
    replays = load(path)
    assert len(replays) == 2 and all(r["variant"] == "al-cabohne" for r in replays)
    kinds = {e.get("action", {}).get("type") for r in replays for e in r["events"]}
    assert {"place", "plant"} <= kinds
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert all(line.startswith(f"replay {i}: ok: al-cabohne") for i, line in enumerate(lines[:2]))
    assert lines[-1] == "2 of 2 replays verify"
    code, out, _ = run(capsys, "replay", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True
    assert all(r["ok"] and r["seed_reproduces"] for r in report["replays"])


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("c-*.json")), ids=lambda p: p.name)
def test_scenario_command(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code, out, _ = run(capsys, "scenario", str(path), "--json")
    result = json.loads(out)
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    assert result["ok"] == expect["ok"]
    assert code == 0  # the file's expectations are met, a failure included
    if not expect["ok"]:
        assert result["action_index"] == expect["action_index"]
        assert result["error"] == expect["error"]


def test_scenarios_exist() -> None:
    assert sorted(SCENARIOS.glob("c-*.json"))
