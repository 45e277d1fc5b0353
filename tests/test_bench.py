"""The performance harness runs and reports its numbers (never timed here)."""

from __future__ import annotations

import json

import pytest

from bohn.bench import format_bench
from bohn.bench import run_bench
from bohn.cli import main
from bohn.engine.errors import SetupError

KEYS = {
    "ismcts_playouts_per_s",
    "ismcts_ms",
    "infostate_steps_per_s",
    "world_us",
    "variant",
    "players",
    "bots",
    "options",
    "games",
    "steps",
    "mean_steps",
    "elapsed_s",
    "games_per_s",
    "steps_per_s",
    "clone_us",
    "observe_us",
    "legal_actions_us",
    "samples",
    "engine",
    "python",
}


def test_bench_json_has_every_key(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--games", "1", "--json"]) == 0
    out = capsys.readouterr().out
    b = json.loads(out)
    assert set(b) >= KEYS
    assert b["variant"] == "bohnanza" and b["players"] == 4 and b["games"] == 1
    assert b["bots"] == ["random"] * 4 and b["options"] == {"trade_cap": 2}
    assert b["steps"] > 0 and b["samples"] > 0
    for key in (
        "games_per_s",
        "steps_per_s",
        "clone_us",
        "observe_us",
        "legal_actions_us",
        "infostate_steps_per_s",
        "world_us",
        "ismcts_playouts_per_s",
        "ismcts_ms",
    ):
        assert b[key] > 0


def test_bench_text_and_time_budget(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--players", "3", "--seconds", "0.01"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("bohnanza, 3 random bots, trade_cap=2")
    assert "clone" in out and "observe" in out and "legal_actions" in out
    assert "playouts/s" in out


def test_bench_without_the_search(capsys: pytest.CaptureFixture[str]) -> None:
    """``--searches 0`` times the engine only: the search's numbers are null,
    and the text says it was not measured."""
    assert main(["bench", "--games", "1", "--searches", "0", "--json"]) == 0
    b = json.loads(capsys.readouterr().out)
    assert b["ismcts_playouts_per_s"] is None and b["ismcts_ms"] is None
    assert b["steps_per_s"] > 0
    assert main(["bench", "--games", "1", "--searches", "0"]) == 0
    out = capsys.readouterr().out
    assert "ismcts         not measured (--searches 0)" in out and "playouts/s" not in out


def test_bench_plays_the_same_games_every_run() -> None:
    a = run_bench(players=3, games=1, seed=4, searches=0)
    b = run_bench(players=3, games=1, seed=4, searches=0)
    assert (a["steps"], a["samples"]) == (b["steps"], b["samples"])
    assert "games/s" in format_bench(a)


def test_bench_rejects_bad_settings() -> None:
    with pytest.raises(SetupError, match="at least one game"):
        run_bench(games=0)
    with pytest.raises(SetupError, match="positive"):
        run_bench(seconds=0)
    with pytest.raises(SetupError, match="3-5 players"):
        run_bench(players=9, games=1)
