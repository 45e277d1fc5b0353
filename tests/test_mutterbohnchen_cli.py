"""Mutterböhnchen from the command line: batch simulation for 2 to 6 players
(the game for two, §3.5, included), replays and the benchmark."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run, sim_json, untimed

from bohn.engine.replay import load

GAMES = 6
PLAYER_COUNTS = [2, 3, 4, 5, 6]
#: why a Mutterböhnchen game may end (mutterbohnchen §5.1: the exhaustion for
#: the player count, or a dry round, BO-D5)
REASONS = {"final-exhaustion", "no-cards"}


def sim(
    capsys: pytest.CaptureFixture[str], players: int, *extra: str, games: int = GAMES
) -> dict[str, Any]:
    return sim_json(
        capsys,
        "mutterbohnchen",
        "--players",
        str(players),
        "--games",
        str(games),
        "--seed",
        "1",
        *extra,
    )


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_sim_summary_is_deterministic(capsys: pytest.CaptureFixture[str], players: int) -> None:
    """``bohn sim mutterbohnchen --players P --games N --seed 1 --json``: every
    game ends for a rule's reason with one winner (ties broken), scores are
    sane, and the same seed gives the same summary."""
    summary = sim(capsys, players)
    assert summary["variant"] == "mutterbohnchen" and summary["players"] == players
    assert summary["games"] == GAMES and summary["seed"] == 1
    assert summary["bots"] == ["random"] * players
    wins = summary["wins"]
    assert isinstance(wins, list) and len(wins) == players
    assert sum(wins) == GAMES  # a tie is broken: one winner per game
    assert len(summary["mean_scores"]) == players
    # every seat keeps at least part of its face-down starting coins on average
    assert all(0 < s < 60 for s in summary["mean_scores"])
    reasons = summary["reasons"]
    assert set(reasons) <= REASONS and sum(reasons.values()) == GAMES, reasons
    assert reasons.get("final-exhaustion", 0) > 0
    assert summary["mean_steps"] > 100
    assert summary["interrupted"] is False
    assert untimed(sim(capsys, players)) == untimed(summary)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_replay_verifies_recorded_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, players: int
) -> None:
    """Games of greedy and random bots recorded with ``--out`` (attacks,
    optional pulls, face-down coins) verify with ``bohn replay``."""
    path = tmp_path / "mutterbohnchen.bohn.json"
    bots = ",".join((["greedy", "random"] * 3)[:players])
    argv = ["sim", "mutterbohnchen", "--players", str(players), "--games", "2", "--seed", "3"]
    code, _, err = run(capsys, *argv, "--bots", bots, "--replays", str(path))
    assert code == 0 and err == ""
    replays = load(path)
    assert len(replays) == 2 and all(r["variant"] == "mutterbohnchen" for r in replays)
    assert all(r["players"] == players for r in replays)
    actions = [e["action"] for r in replays for e in r["events"] if "action" in e]
    kinds = {a["type"] for a in actions}
    if players == 2:  # no trading: the offer's stacks and phase 2's discard
        assert {"plant", "harvest", "use", "drop", "pass"} <= kinds, kinds
        assert "propose" not in kinds and "end-trading" not in kinds
    else:
        assert {"plant", "harvest", "propose", "end-trading", "pass"} <= kinds, kinds
    assert "buy-field" not in kinds  # nobody buys a field (mutterbohnchen §2.2.3)
    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert all(
        line.startswith(f"replay {i}: ok: mutterbohnchen") for i, line in enumerate(lines[:2])
    )
    assert lines[-1] == "2 of 2 replays verify"
    code, out, _ = run(capsys, "replay", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True
    assert all(r["ok"] and r["seed_reproduces"] for r in report["replays"])


def test_recorded_games_hold_attacks(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """Random bots at 3 players attack, turn up coins and capture: the recorded
    actions include ``attack`` and the replay still verifies."""
    path = tmp_path / "attacks.bohn.json"
    argv = ["sim", "mutterbohnchen", "--players", "3", "--games", "3", "--seed", "1"]
    code, _, err = run(capsys, *argv, "--replays", str(path))
    assert code == 0 and err == ""
    actions = [e["action"] for r in load(path) for e in r["events"] if "action" in e]
    assert any(a["type"] == "attack" for a in actions)
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0 and out.splitlines()[-1] == "3 of 3 replays verify"


def test_bench_variant_mutterbohnchen(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--variant", "mutterbohnchen", "--players", "4", "--games", "2"]
    code, out, err = run(capsys, *argv, "--searches", "1", "--json")
    assert code == 0 and err == ""
    b = json.loads(out)
    assert b["ismcts_ms"] > 0
    assert b["variant"] == "mutterbohnchen" and b["players"] == 4 and b["games"] == 2
    assert b["steps"] > 0 and b["games_per_s"] > 0
    code, out, _ = run(capsys, *argv, "--searches", "0")
    assert code == 0 and "mutterbohnchen" in out and "games/s" in out


def test_two_players_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """The game for two (mutterbohnchen §3.5): 200 games simulate, with the
    game's own actions recorded, and the benchmark runs."""
    summary = sim(capsys, 2, games=200)
    assert summary["games"] == 200 and sum(summary["wins"]) == 200
    assert summary["reasons"] == {"final-exhaustion": 200}  # the 1st exhaustion (§5.1)
    argv = ["bench", "--variant", "mutterbohnchen", "--players", "2", "--games", "2"]
    code, out, err = run(capsys, *argv, "--searches", "1", "--json")
    assert code == 0 and err == ""
    b = json.loads(out)
    assert b["players"] == 2 and b["games"] == 2 and b["steps"] > 0


@pytest.mark.parametrize("players", [1, 7])
def test_other_player_counts_are_refused(capsys: pytest.CaptureFixture[str], players: int) -> None:
    code, out, err = run(capsys, "sim", "mutterbohnchen", "--players", str(players), "--games", "1")
    assert code == 2 and out == ""
    assert f"mutterbohnchen is for 2-6 players, not {players}" in err
