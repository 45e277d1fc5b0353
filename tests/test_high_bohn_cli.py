"""High Bohn from the command line: batch simulation, replays, scenarios.

``bohn sim high-bohn --games 100`` takes about 4-7 s per player count with the
pure-Python engine, so the suite runs 20 games per configuration; 100 games
were checked by hand (see the tests' docstrings for the command).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run, sim_json

from bohn.engine.replay import dumps, load
from bohn.sim.batch import TIMING_KEYS

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "high-bohn"
GAMES = 20


def sim(
    capsys: pytest.CaptureFixture[str], players: int, *extra: str, games: int = GAMES
) -> dict[str, Any]:
    return sim_json(
        capsys, "high-bohn", "--players", str(players), "--games", str(games), "--seed", "1", *extra
    )


@pytest.mark.parametrize("cognac", [False, True], ids=["base", "cognac"])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_sim_every_player_count(
    capsys: pytest.CaptureFixture[str], players: int, cognac: bool
) -> None:
    """``bohn sim high-bohn --players P --games 100 --seed 1 --json [--option
    cognac=true]`` (here with fewer games): every game ends by the final
    exhaustion, one winner each."""
    extra = ["--option", "cognac=true"] if cognac else []
    summary = sim(capsys, players, *extra)
    assert summary["variant"] == "high-bohn" and summary["players"] == players
    assert summary["games"] == GAMES and summary["seed"] == 1
    assert summary["options"] == ({"cognac": True} if cognac else {}) | {"trade_cap": 2}
    wins = summary["wins"]
    assert len(wins) == players and sum(wins) == GAMES
    assert summary["reasons"] == {"final-exhaustion": GAMES}
    assert summary["interrupted"] is False
    assert all(s > 0 for s in summary["mean_scores"])


def test_sim_is_deterministic(capsys: pytest.CaptureFixture[str]) -> None:
    first = sim(capsys, 4, "--option", "cognac=true", games=5)
    again = sim(capsys, 4, "--option", "cognac=true", games=5)
    assert {k: v for k, v in first.items() if k not in TIMING_KEYS} == {
        k: v for k, v in again.items() if k not in TIMING_KEYS
    }


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sim_greedy_beats_random(capsys: pytest.CaptureFixture[str], players: int) -> None:
    """The greedy bot plays High Bohn sensibly: it wins every game against random bots."""
    bots = ",".join(["greedy"] + ["random"] * (players - 1))
    summary = sim(capsys, players, "--bots", bots, games=6)
    scores = summary["mean_scores"]
    assert summary["wins"] == [6] + [0] * (players - 1)
    assert scores[0] > 5 * max(scores[1:])


def test_sim_out_writes_replays_that_verify(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "high-bohn.bohn.json"
    summary = sim(
        capsys,
        4,
        "--option",
        "cognac=true",
        "--bots",
        "greedy,random,greedy,random",
        "--replays",
        str(path),
        games=3,
    )
    replays = load(path)
    assert len(replays) == 3
    assert all(r["variant"] == "high-bohn" for r in replays)
    assert sum(r["result"]["winners"].count(0) for r in replays) == summary["wins"][0]
    events = [e for r in replays for e in r["events"]]
    assert any(e.get("action", {}).get("type") == "build" for e in events)

    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert all(line.startswith(f"replay {i}: ok: high-bohn") for i, line in enumerate(lines[:3]))
    assert lines[-1] == "3 of 3 replays verify"
    code, out, _ = run(capsys, "replay", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True
    assert all(r["ok"] and r["seed_reproduces"] for r in report["replays"])

    # a changed result no longer verifies
    replays[1]["result"]["scores"][0] += 5
    bad = tmp_path / "bad.bohn.json"
    bad.write_text("".join(dumps(r) + "\n" for r in replays))
    code, out, _ = run(capsys, "replay", str(bad))
    assert code == 1
    assert out.splitlines()[-1] == "2 of 3 replays verify"


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("c-*.json")), ids=lambda p: p.name)
def test_scenario_command(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    code, out, _ = run(capsys, "scenario", str(path), "--json")
    result = json.loads(out)
    assert result["ok"] == expect["ok"]
    assert code == 0  # the file's expectations are met, a failure included
    if expect["ok"]:
        state = result["state"]
        for key, value in expect.get("state", {}).items():
            assert state[key] == value, key
        types = [e["type"] for e in result["events"]]
        assert types == expect["events"]
    code, out, _ = run(capsys, "scenario", str(path))
    assert code == 0  # the file's expectations are met, a failure included
    assert out.startswith("ok: " if expect["ok"] else "failed at action ")


def test_scenario_files_exist() -> None:
    assert sorted(SCENARIOS.glob("c-*.json"))
