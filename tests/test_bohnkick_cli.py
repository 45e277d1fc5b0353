"""Bohnkick from the command line: ``bohn sim bohnkick --players P --games 200
--seed 1 --json`` for 2 and 4 players, replays, the benchmark, and the player
counts it refuses."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run, sim_json

from bohn.engine.replay import load
from bohn.sim.batch import TIMING_KEYS


def sim(capsys: pytest.CaptureFixture[str], players: int, games: int) -> dict[str, Any]:
    return sim_json(
        capsys, "bohnkick", "--players", str(players), "--games", str(games), "--seed", "1"
    )


@pytest.mark.parametrize("players", [2, 4])
def test_sim_200_games(capsys: pytest.CaptureFixture[str], players: int) -> None:
    """Every game ends when the second team deck runs out (§5.2); a team's two
    seats share its score; a draw makes every seat a winner (§5.3); the same
    seed gives the same summary."""
    summary = sim(capsys, players, 200)
    assert summary["variant"] == "bohnkick" and summary["players"] == players
    assert summary["games"] == 200 and summary["reasons"] == {"deck-exhausted": 200}
    wins = summary["wins"]
    assert len(wins) == players and sum(wins) >= 200 * (players // 2)
    scores = summary["mean_scores"]
    if players == 4:  # partners share their goals
        assert scores[0] == scores[2] and scores[1] == scores[3]
    assert all(0 < s < 40 for s in scores)
    again = sim(capsys, players, 200)
    untimed = {k: v for k, v in summary.items() if k not in TIMING_KEYS}
    assert {k: v for k, v in again.items() if k not in TIMING_KEYS} == untimed


@pytest.mark.parametrize("players", [2, 4])
def test_replays_verify(capsys: pytest.CaptureFixture[str], tmp_path: Path, players: int) -> None:
    path = tmp_path / "bohnkick.bohn.json"
    argv = ["sim", "bohnkick", "--players", str(players), "--games", "3", "--seed", "2"]
    code, _, err = run(capsys, *argv, "--replays", str(path))
    assert code == 0 and err == ""
    replays = load(path)
    assert len(replays) == 3 and all(r["variant"] == "bohnkick" for r in replays)
    kinds = {e["action"]["type"] for r in replays for e in r["events"] if "action" in e}
    assert {"play", "pass", "aim"} <= kinds, kinds
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == "" and out.splitlines()[-1] == "3 of 3 replays verify"


def test_bench_and_variants(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--variant", "bohnkick", "--games", "2", "--searches", "1", "--json"]
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == ""
    b = json.loads(out)
    assert b["ismcts_ms"] > 0
    assert b["variant"] == "bohnkick" and b["players"] == 4 and b["steps"] > 0
    code, out, _ = run(capsys, "variants", "bohnkick")
    assert code == 0 and out.startswith("bohnkick  Bohnkick  (2 or 4 players)")
    code, out, _ = run(capsys, "variants", "--json")
    info = next(v for v in json.loads(out)["variants"] if v["id"] == "bohnkick")
    assert info["players"]["counts"] == [2, 4]


@pytest.mark.parametrize("players", [1, 3, 5])
def test_other_player_counts_are_refused(capsys: pytest.CaptureFixture[str], players: int) -> None:
    code, out, err = run(capsys, "sim", "bohnkick", "--players", str(players), "--games", "1")
    assert code == 2 and out == ""
    assert f"bohnkick is for 2 or 4 players, not {players}" in err
    assert "Traceback" not in err
