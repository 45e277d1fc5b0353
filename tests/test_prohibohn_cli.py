"""Prohibohn from the command line: batch simulation (with and without the Pub),
replays, scenarios, the benchmark, and the player count it refuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run, sim_json, untimed

from bohn.engine.replay import load

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "prohibohn"
GAMES = 30
PUB = ["--option", "pub=true"]


def sim(capsys: pytest.CaptureFixture[str], *extra: str, games: int = GAMES) -> dict[str, Any]:
    return sim_json(
        capsys, "prohibohn", "--players", "2", "--games", str(games), "--seed", "1", *extra
    )


@pytest.mark.parametrize("pub", [False, True], ids=["base", "pub"])
def test_sim_summary_counts_the_mafias_wins(capsys: pytest.CaptureFixture[str], pub: bool) -> None:
    """``bohn sim prohibohn --players 2 --games N --seed 1 --json [--option
    pub=true]``: every game is won by one player or by the mafia, and the
    same seed gives the same summary."""
    extra = PUB if pub else []
    summary = sim(capsys, *extra)
    assert summary["variant"] == "prohibohn" and summary["players"] == 2
    assert summary["games"] == GAMES and summary["seed"] == 1
    assert summary["options"] == ({"pub": True} if pub else {})
    assert summary["bots"] == ["random", "random"]
    wins = summary["wins"]
    assert isinstance(wins, list) and len(wins) == 2
    assert sum(wins) + summary["mafia_wins"] == GAMES
    assert summary["mafia_mean_score"] > max(summary["mean_scores"])  # random feeds the mafia
    assert set(summary["reasons"]) == {"final-exhaustion"}
    assert summary["interrupted"] is False
    assert untimed(sim(capsys, *extra)) == untimed(summary)


@pytest.mark.parametrize("pub", [False, True], ids=["base", "pub"])
def test_sim_greedy_beats_random_and_the_mafia(
    capsys: pytest.CaptureFixture[str], pub: bool
) -> None:
    extra = PUB if pub else []
    summary = sim(capsys, "--bots", "greedy,random", *extra, games=20)
    assert summary["bots"] == ["greedy", "random"]
    wins = summary["wins"]
    assert wins[1] == 0 and wins[0] > 10  # seed 1: 13 of 20 without the Pub
    assert wins[0] + summary["mafia_wins"] == 20
    assert summary["mean_scores"][0] > summary["mafia_mean_score"] > summary["mean_scores"][1]


@pytest.mark.parametrize("pub", [False, True], ids=["base", "pub"])
def test_replay_verifies_recorded_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, pub: bool
) -> None:
    path = tmp_path / "prohibohn.bohn.json"
    argv = ["sim", "prohibohn", "--players", "2", "--games", "2", "--seed", "3"]
    code, _, err = run(
        capsys, *argv, "--bots", "greedy,random", "--replays", str(path), *(PUB if pub else [])
    )
    assert code == 0 and err == ""
    replays = load(path)
    assert len(replays) == 2 and all(r["variant"] == "prohibohn" for r in replays)
    assert all(r["options"].get("pub", False) is pub for r in replays)
    kinds = {e.get("action", {}).get("type") for r in replays for e in r["events"]}
    assert {"stash", "plant", "place", "build"} <= kinds
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert all(line.startswith(f"replay {i}: ok: prohibohn") for i, line in enumerate(lines[:2]))
    assert lines[-1] == "2 of 2 replays verify"
    code, out, _ = run(capsys, "replay", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True
    assert all(r["ok"] and r["seed_reproduces"] for r in report["replays"])


def small_scenario(actions: list[str]) -> dict[str, Any]:
    """Seat 0 in phase 5 with 4 blaue, 3 stangen and 1 sau coin; the mafia
    treasury holds a kidney and a sau."""
    return {
        "description": "prohibohn §4.1, §4.4: buying with coins of the card's type; "
        "a Police Station takes a treasury coin",
        "variant": "prohibohn",
        "players": 2,
        "seed": 0,
        "setup": {
            "active": 0,
            "phase": "place",
            "deck": ["kidney", "kidney", "kidney"],
            "deck_rest": "none",
            "bosses": [["puff"], ["feuer"]],
            "treasury": ["kidney", "sau"],
            "players": [
                {"hand": [], "coins": ["blaue"] * 4 + ["stangen"] * 3 + ["sau"]},
                {"hand": [], "establishments": ["casino-1"]},
            ],
        },
        "actions": [{"seat": 0, "action": a} for a in actions],
    }


def test_scenario_command_on_a_small_position(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "buy.json"
    path.write_text(
        json.dumps(small_scenario(["build casino-3", "build police-station-4", "take sau"])),
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "scenario", str(path), "--json")
    result = json.loads(out)
    assert code == 0 and result["ok"] is True
    state = result["state"]
    assert state["establishments"] == [["casino-3", "police-station-4"], ["casino-1"]]
    assert state["coins"][0] == ["sau", "sau"] and state["treasury"] == ["kidney"]
    assert state["under"] == 7  # 3 stangen and 4 blaue under the discard pile
    assert [e["type"] for e in result["events"]] == [
        "pay",
        "build",
        "pay",
        "build",
        "police-coin",
    ]
    code, out, _ = run(capsys, "scenario", str(path))
    assert code == 0 and out.strip()

    path.write_text(json.dumps(small_scenario(["build casino-4"])), encoding="utf-8")
    code, out, _ = run(capsys, "scenario", str(path), "--json")
    result = json.loads(out)
    assert code == 1 and result["ok"] is False and result["action_index"] == 0
    assert result["error"]["code"] == "illegal-action"
    assert result["error"]["rule"] == "prohibohn §4.1.1"
    assert "casino-4 costs 4 stangen coins and you have 3" in result["error"]["message"]


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.name)
def test_scenario_command_on_the_scenario_files(
    capsys: pytest.CaptureFixture[str], path: Path
) -> None:
    code, out, _ = run(capsys, "scenario", str(path), "--json")
    result = json.loads(out)
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    assert result["ok"] == expect["ok"]
    assert code == 0  # the file's expectations are met, a failure included
    if not expect["ok"]:
        assert result["action_index"] == expect["action_index"]
        assert {k: result["error"][k] for k in expect["error"]} == expect["error"]


def test_bench_variant_prohibohn(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--variant", "prohibohn", "--players", "2", "--games", "3"]
    code, out, err = run(capsys, *argv, "--searches", "1", "--json")
    assert code == 0 and err == ""
    b = json.loads(out)
    assert b["ismcts_ms"] > 0
    assert b["variant"] == "prohibohn" and b["players"] == 2 and b["games"] == 3
    assert b["steps"] > 0 and b["games_per_s"] > 0
    code, out, _ = run(capsys, *argv, "--searches", "0")
    assert code == 0 and "prohibohn" in out and "games/s" in out


@pytest.mark.parametrize(
    "argv",
    [
        ["sim", "prohibohn", "--players", "3", "--games", "1"],
        ["bench", "--variant", "prohibohn", "--players", "3", "--games", "1"],
        ["play", "prohibohn", "--players", "3", "--seed", "1"],
    ],
    ids=["sim", "bench", "play"],
)
def test_three_players_are_refused_clearly(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "prohibohn is for 2 players, not 3" in err
    assert "Traceback" not in err


def test_players_default_to_the_count_the_variant_allows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without ``--players`` sim and bench play Prohibohn with its 2 seats
    (4 is the default only where a variant allows it)."""
    code, out, err = run(capsys, "sim", "prohibohn", "--games", "2", "--json")
    assert code == 0 and err == "", err
    assert json.loads(out)["players"] == 2
    code, out, err = run(
        capsys, "bench", "--variant", "prohibohn", "--games", "1", "--searches", "0", "--json"
    )
    assert code == 0, err
    assert json.loads(out)["players"] == 2
    code, out, err = run(capsys, "sim", "bohnanza", "--games", "1", "--json")
    assert code == 0, err
    assert json.loads(out)["players"] == 4
