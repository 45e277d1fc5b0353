"""Ladybohn from the command line: batch simulation for 3, 4 and 5 players,
replays, a scenario with the lady pull, the benchmark, and the player count
it refuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run, sim_json, untimed

from bohn.engine.replay import load

GAMES = 12


def sim(
    capsys: pytest.CaptureFixture[str], players: int, *extra: str, games: int = GAMES
) -> dict[str, Any]:
    return sim_json(
        capsys, "ladybohn", "--players", str(players), "--games", str(games), "--seed", "1", *extra
    )


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sim_summary_is_deterministic(capsys: pytest.CaptureFixture[str], players: int) -> None:
    """``bohn sim ladybohn --players P --games N --seed 1 --json``: every game
    ends at the final exhaustion with one or more winners, and the same seed
    gives the same summary."""
    summary = sim(capsys, players)
    assert summary["variant"] == "ladybohn" and summary["players"] == players
    assert summary["games"] == GAMES and summary["seed"] == 1
    assert summary["bots"] == ["random"] * players
    wins = summary["wins"]
    assert isinstance(wins, list) and len(wins) == players
    assert sum(wins) == GAMES  # a tie is broken: one winner per game
    assert len(summary["mean_scores"]) == players
    assert all(0 < s < 40 for s in summary["mean_scores"])
    assert summary["reasons"] == {"final-exhaustion": GAMES}
    assert summary["mean_steps"] > 100
    assert summary["interrupted"] is False
    assert untimed(sim(capsys, players)) == untimed(summary)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sim_greedy_beats_random(capsys: pytest.CaptureFixture[str], players: int) -> None:
    bots = ",".join(["greedy"] + ["random"] * (players - 1))
    summary = sim(capsys, players, "--bots", bots, games=8)
    assert summary["bots"] == ["greedy"] + ["random"] * (players - 1)
    assert summary["wins"][0] == 8  # seed 1: greedy wins every game for 3, 4 and 5 players
    assert summary["mean_scores"][0] > 2 * max(summary["mean_scores"][1:])
    assert summary["reasons"] == {"final-exhaustion": 8}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_replay_verifies_recorded_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: int
) -> None:
    """Games of greedy and random bots recorded with ``--out`` (lady pulls
    named by ``pull<i>``, third fields bought) verify with ``bohn replay``."""
    path = tmp_path / "ladybohn.bohn.json"
    bots = ",".join((["greedy", "random"] * 3)[:players])
    argv = ["sim", "ladybohn", "--players", str(players), "--games", "2", "--seed", "3"]
    code, _, err = run(capsys, *argv, "--bots", bots, "--replays", str(path))
    assert code == 0 and err == ""
    replays = load(path)
    assert len(replays) == 2 and all(r["variant"] == "ladybohn" for r in replays)
    assert all(r["players"] == players for r in replays)
    actions = [e["action"] for r in replays for e in r["events"] if "action" in e]
    kinds = {a["type"] for a in actions}
    assert {"plant", "harvest", "propose", "accept", "end-trading", "buy-field"} <= kinds
    assert any(str(a.get("mode", "")).startswith("pull") for a in actions)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert all(line.startswith(f"replay {i}: ok: ladybohn") for i, line in enumerate(lines[:2]))
    assert lines[-1] == "2 of 2 replays verify"
    code, out, _ = run(capsys, "replay", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True
    assert all(r["ok"] and r["seed_reproduces"] for r in report["replays"])


def pull_scenario(action: str) -> dict[str, Any]:
    """Seat 0 plants a sau baby on a field with two sau ladies (ladybohn §4.2)."""
    return {
        "description": "ladybohn §4.2: a planted baby pulls the lady its planter names",
        "variant": "ladybohn",
        "players": 3,
        "seed": 0,
        "setup": {
            "active": 0,
            "phase": "plant",
            "players": [
                {
                    "hand": ["sau/baby", "blaue"],
                    "fields": [["sau/lady", "sau", "sau", "sau/lady", "sau"], []],
                }
            ],
        },
        "actions": [{"seat": 0, "action": action}],
    }


def test_scenario_command_with_the_lady_pull(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "pull.json"
    path.write_text(json.dumps(pull_scenario("plant f0 pull3")), encoding="utf-8")
    code, out, _ = run(capsys, "scenario", str(path), "--json")
    result = json.loads(out)
    assert code == 0 and result["ok"] is True
    assert result["state"]["fields"][0][0] == [
        "sau/lady",
        "sau",
        "sau",
        "sau",
        "sau/baby",
        "sau/lady",
    ]
    assert result["events"] == [
        {"type": "plant", "seat": 0, "field": 0, "card": "sau/baby"},
        {
            "type": "pull",
            "seat": 0,
            "field": 0,
            "by": "sau/baby",
            "card": "sau/lady",
            "from": 3,
            "to": 5,
        },
    ]

    path.write_text(json.dumps(pull_scenario("plant f0")), encoding="utf-8")
    code, out, _ = run(capsys, "scenario", str(path), "--json")
    result = json.loads(out)
    assert code == 1 and result["ok"] is False and result["action_index"] == 0
    assert result["error"]["code"] == "illegal-action"
    assert result["error"]["rule"] == "ladybohn §4.2 (LB-D5)"
    assert "name her with pull<position>: pull0, pull3" in result["error"]["message"]


def test_bench_variant_ladybohn(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--variant", "ladybohn", "--players", "4", "--games", "2"]
    code, out, err = run(capsys, *argv, "--searches", "1", "--json")
    assert code == 0 and err == ""
    b = json.loads(out)
    assert b["ismcts_ms"] > 0
    assert b["variant"] == "ladybohn" and b["players"] == 4 and b["games"] == 2
    assert b["steps"] > 0 and b["games_per_s"] > 0
    code, out, _ = run(capsys, *argv, "--searches", "0")
    assert code == 0 and "ladybohn" in out and "games/s" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "ladybohn", "--players", "2", "--games", "1"],
        ["bench", "--variant", "ladybohn", "--players", "2", "--games", "1"],
        ["play", "ladybohn", "--players", "2", "--seed", "1"],
    ],
    ids=["sim", "bench", "play"],
)
def test_two_players_are_refused_clearly(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """LB-D12: no 2-player game without Mutterböhnchen."""
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "ladybohn is for 3-5 players, not 2" in err
    assert "Traceback" not in err


def test_players_default_to_four(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "sim", "ladybohn", "--games", "1", "--json")
    assert code == 0 and err == "", err
    assert json.loads(out)["players"] == 4
