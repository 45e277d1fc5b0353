"""Sissi from the command line: batch simulation, terminal play, scenarios."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from bohn.cli import main
from bohn.play import main as play_main
from bohn.sim.batch import TIMING_KEYS

SCENARIOS = Path(__file__).resolve().parent / "scenarios" / "sissi"


def sim(capsys: pytest.CaptureFixture[str], *extra: str, players: int = 4) -> dict[str, object]:
    argv = ["sim", "sissi", "--players", str(players), "--games", "20", "--seed", "1", "--json"]
    assert main([*argv, *extra]) == 0
    out, _ = capsys.readouterr()
    summary = json.loads(out)
    assert isinstance(summary, dict)
    return summary


@pytest.mark.parametrize("players", [3, 4, 5])
def test_sim_every_player_count(capsys: pytest.CaptureFixture[str], players: int) -> None:
    summary = sim(capsys, players=players)
    assert summary["variant"] == "sissi" and summary["players"] == players
    assert summary["games"] == 20
    wins = summary["wins"]
    assert isinstance(wins, list) and len(wins) == players and sum(wins) == 20
    assert summary["reasons"] == {"final-exhaustion": 20}
    again = sim(capsys, players=players)
    assert {k: v for k, v in again.items() if k not in TIMING_KEYS} == {
        k: v for k, v in summary.items() if k not in TIMING_KEYS
    }


def test_sim_greedy_beats_random(capsys: pytest.CaptureFixture[str]) -> None:
    """The greedy bot plays Sissi sensibly: it wins against random bots."""
    summary = sim(capsys, "--bots", "greedy,random,random,random")
    scores = summary["mean_scores"]
    assert isinstance(scores, list)
    assert scores[0] > 3 * max(scores[1:]) and summary["wins"] == [20, 0, 0, 0]


def scripted(then: str = "1") -> object:
    # field 8 as the person counts is the JSON's field 7, which the refusal names
    answers = iter(["99", "buy-field", "harvest f8", "help", "table"])

    def input_fn(prompt: str) -> str:
        return next(answers, then)

    return input_fn


def test_play_sissi_to_the_end() -> None:
    out = io.StringIO()
    rc = play_main("sissi", 4, 0, ["greedy"], 3, input_fn=scripted(), out=out, layout="full")  # type: ignore[arg-type]
    text = out.getvalue()
    assert rc == 0
    assert "Sissi! Die Bohnenkaiserin: 4 players" in text
    assert "there is no choice 99" in text
    assert "(sissi §1.2)" in text  # buy-field is refused
    assert "there is no field 7 (sissi §1.2)" in text
    assert "Sissi action: " in text and "must be harvested (sissi §3.6)" in text
    assert "=== game over (final-exhaustion) ===" in text
    assert "winner:" in text


@pytest.mark.parametrize("path", sorted(SCENARIOS.glob("*.json")), ids=lambda p: p.name)
def test_scenario_command(capsys: pytest.CaptureFixture[str], path: Path) -> None:
    code = main(["scenario", str(path), "--json"])
    out, _ = capsys.readouterr()
    result = json.loads(out)
    expect = json.loads(path.read_text(encoding="utf-8"))["expect"]
    assert result["ok"] == expect["ok"]
    assert code == 0  # the file's expectations are met, a failure included
