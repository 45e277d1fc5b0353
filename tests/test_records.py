"""Per-game records (``bohn sim --out``): JSON lines and Parquet, resuming an
interrupted run, each ruleset's analysis figures, and the Ray backend."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import ctrl_c_raises
from cli_helpers import run
from cli_helpers import untimed
from passes import PURE

from bohn.interrupts import deferred_interrupt
from bohn.rulesets import find_variant
from bohn.rulesets.mutterbohnchen.rules import MAMA
from bohn.rulesets.mutterbohnchen.rules import TABLE
from bohn.sim.batch import GameOutcome
from bohn.sim.batch import run_batch
from bohn.sim.records import FORMAT
from bohn.sim.records import RecordError
from bohn.sim.records import RecordFile
from bohn.sim.records import game_stats
from bohn.sim.records import read_records
from bohn.sim.runner import make_bots
from bohn.sim.runner import play_game
from bohn.spec import GameSpec

SIM = ["sim", "bohnanza", "--players", "3", "--seed", "5", "--bots", "greedy,random,random"]


def _sim(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, dict[str, Any], str]:
    code, out, err = run(capsys, *SIM, *args, "--json")
    return code, json.loads(out) if out else {}, err


def test_records_hold_every_game_in_order(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.jsonl"
    code, summary, _ = _sim(capsys, "--games", "6", "--out", str(path))
    assert code == 0
    recs = read_records(path)
    assert [r["index"] for r in recs] == list(range(6))
    for r in recs:
        assert r["format"] == FORMAT
        assert (r["variant"], r["players"], r["master_seed"]) == ("bohnanza", 3, 5)
        assert r["bots"] == ["greedy", "random", "random"]
        assert r["options"] == {"trade_cap": 2}
        assert sorted(r["ranking"]) == [0, 1, 2] and len(r["scores"]) == 3
        assert set(r["stats"]) == {"harvests", "trades"}
    assert [sum(0 in r["winners"] for r in recs)] == summary["wins"][:1]
    assert sum(r["steps"] for r in recs) / 6 == pytest.approx(summary["mean_steps"], abs=0.01)


def test_parquet_and_json_lines_hold_the_same_records(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    jl, pq = tmp_path / "g.jsonl", tmp_path / "g.parquet"
    assert _sim(capsys, "--games", "4", "--out", str(jl))[0] == 0
    assert _sim(capsys, "--games", "4", "--out", str(pq), "--jobs", "2")[0] == 0
    assert not Path(str(pq) + ".partial.jsonl").exists()  # the journal is gone once done
    assert read_records(pq) == read_records(jl)
    # High Bohn's figures (nested, per seat) survive Parquet too
    hb = tmp_path / "hb.parquet"
    code, _, _ = run(
        capsys, "sim", "high-bohn", "--players", "3", "--games", "2", "--bots", "greedy",
        "--out", str(hb), "--json",
    )  # fmt: skip
    assert code == 0
    assert all(len(r["stats"]["buildings"]) == 3 for r in read_records(hb))


def test_an_existing_file_is_not_overwritten(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.jsonl"
    assert _sim(capsys, "--games", "2", "--out", str(path))[0] == 0
    before = path.read_text()
    code, _, err = run(capsys, *SIM, "--games", "2", "--out", str(path))
    assert code == 2 and "exists; add --resume" in err
    assert path.read_text() == before


def test_resume_plays_only_the_missing_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path, fresh = tmp_path / "g.jsonl", tmp_path / "fresh.jsonl"
    assert _sim(capsys, "--games", "3", "--out", str(path))[0] == 0
    first = read_records(path)
    with path.open("a") as f:  # a crash cut the next record short
        f.write('{"format": "bohn-record/1", "variant": "bohn')
    code, summary, _ = _sim(capsys, "--games", "7", "--out", str(path), "--resume")
    assert code == 0
    recs = read_records(path)
    assert recs[:3] == first and [r["index"] for r in recs] == list(range(7))
    code, again, _ = _sim(capsys, "--games", "7", "--out", str(fresh))
    assert read_records(fresh) == recs
    assert untimed(summary) == untimed(again)


def test_resume_refuses_another_run(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    assert _sim(capsys, "--games", "2", "--out", str(path))[0] == 0
    code, _, err = run(
        capsys, "sim", "bohnanza", "--players", "3", "--seed", "6", "--games", "4",
        "--out", str(path), "--resume",
    )  # fmt: skip
    assert code == 2 and "another run" in err and "master_seed" in err
    code, _, err = run(capsys, *SIM, "--games", "2", "--resume")
    assert code == 2 and "--out" in err
    code, _, err = run(capsys, *SIM, "--games", "1", "--out", str(path), "--resume")
    assert code == 2 and "resume with --games 2 or more" in err
    assert [r["index"] for r in read_records(path)] == [0, 1]  # nothing lost


def test_not_a_records_file_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "x.jsonl"
    path.write_text('{"hello": 1}\n')
    with pytest.raises(RecordError, match="not a bohn game record"):
        read_records(path)


def test_an_interrupted_run_resumes_where_it_stopped(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path, fresh = tmp_path / "g.parquet", tmp_path / "fresh.parquet"
    journal = Path(str(path) + ".partial.jsonl")
    add = RecordFile.add
    calls = 0

    def ctrl_c_at_the_fourth(self: RecordFile, record: dict[str, Any]) -> None:
        nonlocal calls
        calls += 1
        if calls == 4:
            raise KeyboardInterrupt
        add(self, record)

    monkeypatch.setattr(RecordFile, "add", ctrl_c_at_the_fourth)
    code, summary, err = _sim(capsys, "--games", "9", "--out", str(path))
    monkeypatch.setattr(RecordFile, "add", add)
    assert code == 130 and summary["games"] == 3 and summary["interrupted"] is True
    assert "--resume" in err and not path.exists()
    kept = [json.loads(line) for line in journal.read_text().splitlines()]
    assert [r["index"] for r in kept] == [0, 1, 2]
    code, summary, _ = _sim(capsys, "--games", "9", "--out", str(path), "--resume")
    assert code == 0 and not journal.exists()
    recs = read_records(path)
    assert [r["index"] for r in recs] == list(range(9)) and recs[:3] == kept
    code, again, _ = _sim(capsys, "--games", "9", "--out", str(fresh))
    assert read_records(fresh) == recs and untimed(summary) == untimed(again)


def test_ctrl_c_is_taken_between_games() -> None:
    # a first Ctrl-C only marks the stop (the compiled modules must not see a
    # signal inside their integer arithmetic); the run stops at the next
    # game's start; a second one stops it at once
    with ctrl_c_raises():
        before = signal.getsignal(signal.SIGINT)
        with deferred_interrupt() as stop_here:
            os.kill(os.getpid(), signal.SIGINT)
            x = 3**200 * 7**150  # a long multiplication with the signal pending
            assert x % 7 == 0
            with pytest.raises(KeyboardInterrupt):
                stop_here()
            with pytest.raises(KeyboardInterrupt):
                os.kill(os.getpid(), signal.SIGINT)
                time.sleep(1)  # the handler runs before the sleep ends
        assert signal.getsignal(signal.SIGINT) is before
        with deferred_interrupt() as stop_here:
            stop_here()  # no Ctrl-C: nothing happens


def test_ctrl_c_stops_a_run_and_keeps_its_records(tmp_path: Path) -> None:
    journal = tmp_path / "g.jsonl"
    cmd = [sys.executable, "-m", "bohn", *SIM, "--games", "100000", "--out", str(journal)]
    proc = subprocess.Popen(
        cmd,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        # test runners may ignore Ctrl-C in their workers, and children inherit that
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    try:
        deadline = time.monotonic() + 120
        while not journal.exists() or len(journal.read_text().splitlines()) < 3:
            assert proc.poll() is None, proc.communicate()
            assert time.monotonic() < deadline
            time.sleep(0.05)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:  # never leave a hundred thousand games running
        proc.kill()
        proc.wait()
    assert proc.returncode == 130, err
    assert b"run the same command with --resume" in err
    recs = read_records(journal)
    assert len(recs) >= 3 and [r["index"] for r in recs] == list(range(len(recs)))


# -- each ruleset's figures ---------------------------------------------------------


def _played(variant: str, players: int, seed: int = 3) -> Any:
    game = find_variant(variant).new(players, seed, {})
    play_game(game, make_bots(["greedy"] * players, seed))
    return game


def test_bean_figures_count_harvests_and_trades() -> None:
    game = _played("bohnanza", 3)
    events = list(game.events(None))
    stats = game_stats(game)
    assert stats["trades"] == sum(e["type"] == "trade" for e in events) > 0
    assert stats["harvests"] == [
        sum(e["type"] == "harvest" and e["seat"] == s for e in events) for s in range(3)
    ]


def test_sissi_counts_the_fields_the_sissi_action_harvests() -> None:
    game = _played("sissi", 3)
    stats = game_stats(game)
    forced = stats["sissi_action_harvests"]
    assert sum(forced) > 0
    assert all(f <= h for f, h in zip(forced, stats["harvests"], strict=True))


def test_high_bohn_and_prohibohn_name_what_each_seat_owns() -> None:
    hb = _played("high-bohn", 3)
    assert game_stats(hb)["buildings"] == [s["buildings"] for s in hb.observe(None)["seats"]]
    pb = _played("prohibohn", 2)
    owned = game_stats(pb)["establishments"]
    assert owned == [s["establishments"] for s in pb.observe(None)["seats"]]
    assert any(owned)


def test_mutterbohnchen_lists_the_special_beans_planted() -> None:
    game = _played("mutterbohnchen", 4)
    planted = game_stats(game)["specials_planted"]
    mama = {k for k, m in zip(TABLE.keys, MAMA, strict=True) if m}
    assert any(planted) and all(k in mama for p in planted for k in p)
    assert "blaue" not in mama


def test_bohnkick_counts_attacks() -> None:
    game = _played("bohnkick", 2)
    attacks = game_stats(game)["attacks"]
    assert attacks == sum(e["type"] == "attack" for e in game.events(None)) > 0


def test_a_record_gives_back_its_outcome() -> None:
    batch = run_batch(GameSpec("al-cabohne", 2, 1, seats=("greedy",)), 2)
    for o in batch.records:
        rec = {
            "index": o.index, "seed": o.seed, "steps": o.steps, **o.result,
            "details": o.result.get("details", {}), "stats": o.stats,
        }  # fmt: skip
        assert GameOutcome.from_record(rec) == o


# -- Ray -----------------------------------------------------------------------------


@pytest.mark.skipif(
    PURE,
    reason="Ray takes half a minute to start: once per test run is enough (the compiled pass)",
)
def test_the_ray_backend_plays_the_same_games() -> None:
    spec = GameSpec("bohnanza", 3, 11, seats=("greedy", "random", "random"))
    local = run_batch(spec, 10, jobs=1)
    ray = run_batch(spec, 10, jobs=2, backend="ray")
    assert ray.records == local.records
    assert untimed(ray.summary()) == {**untimed(local.summary()), "jobs": 2, "backend": "ray"}
