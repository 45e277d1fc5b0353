"""The training example and the measurement run end to end (no timing is asserted)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("gymnasium")

from bohn.rl import bench
from bohn.rl.examples import sissi_reinforce


def test_the_training_example_runs_and_draws_its_curve(tmp_path: Path) -> None:
    curve = tmp_path / "curve.png"
    numbers = tmp_path / "run.json"
    result = sissi_reinforce.main(
        [
            "--games", "4", "--eval", "3", "--log-every", "2",
            "--plot", str(curve), "--json", str(numbers),
        ]
    )  # fmt: skip
    assert curve.stat().st_size > 1000 and curve.read_bytes()[:4] == b"\x89PNG"
    assert numbers.exists()
    assert [c["games"] for c in result["curve"]] == [2, 4]
    lo, hi = result["wilson95"]
    assert 0.0 <= lo <= result["eval_win_rate"] <= hi <= 1.0


def test_wilson_interval() -> None:
    lo, hi = sissi_reinforce.wilson(150, 300)
    assert lo == pytest.approx(0.4436, abs=1e-3) and hi == pytest.approx(0.5564, abs=1e-3)
    assert sissi_reinforce.wilson(0, 0) == (0.0, 1.0)


def test_measure_reports_both_rates() -> None:
    r = bench.measure("bohnkick", 2, steps=200, repeats=1)
    assert r["variant"] == "bohnkick" and r["players"] == 2
    assert r["env"] > 0 and r["engine"] > 0 and r["engine_observe"] > 0
    assert r["overhead"] == pytest.approx(r["engine"] / r["env"], rel=0.02)
    # the environment's own calls are the whole step less the agent's pick
    assert r["env_calls"] > r["env"]
    assert r["overhead_calls"] == pytest.approx(r["engine"] / r["env_calls"], rel=0.02)


def test_measure_isolated_runs_in_a_process_of_its_own() -> None:
    r = bench.measure_isolated("bohnkick", steps=200, repeats=1)
    assert r["variant"] == "bohnkick" and r["players"] == 2 and r["steps"] == 200
    assert r["env"] > 0 and r["engine"] > 0
    assert r["overhead"] == pytest.approx(r["engine"] / r["env"], rel=0.02)


def test_measure_isolated_names_the_failure() -> None:
    with pytest.raises(RuntimeError, match=r"the bench of no-such-game failed: .*no-such-game"):
        bench.measure_isolated("no-such-game", steps=10, repeats=1)


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["no-such-game"], "unknown ruleset 'no-such-game'; rulesets: bohnanza"),
        (["--steps", "0", "sissi"], "--steps and --repeats must be at least 1"),
        (["--repeats", "-1", "sissi"], "--steps and --repeats must be at least 1"),
    ],
)
def test_the_bench_refuses_bad_arguments(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as e:
        bench.main(argv)
    assert e.value.code == 2
    assert message in capsys.readouterr().err


def test_the_bench_prints_one_row_per_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["--steps", "100", "--repeats", "1", "--vector", "", "sissi", "bohnkick"])
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("| ")]
    assert [r.split(" | ")[0] for r in rows[1:]] == ["| sissi", "| bohnkick"]
