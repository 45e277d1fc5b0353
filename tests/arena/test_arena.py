"""``bohn arena``: a league of scripted agents (one that crashes, one too
slow) and bots over two rulesets, and the protocol's failure rules
(``docs/arena.md``)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run

from bohn.arena.league import MAX_FAILURES
from bohn.arena.league import League
from bohn.arena.league import Participant
from bohn.arena.league import Ruleset
from bohn.arena.protocol import AgentProcess
from bohn.engine.actions import parse_action
from bohn.rulesets import find_variant
from bohn.text import SeatText

AGENT = str(Path(__file__).with_name("agent.py"))
SCRIPTED = f"{sys.executable} -m bohn.arena.examples.scripted"


def agent_cmd(mode: str, log: Path) -> str:
    return f"{sys.executable} {AGENT} {mode} {log}"


def messages(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text().splitlines()]


def replay_fallbacks(record: dict[str, Any]) -> int:
    """Replay a game's record, checking that every failed move was the
    seat's first listed move; how many were checked."""
    game = find_variant(record["variant"]).new(record["players"], record["seed"], record["options"])
    failed = {f["step"]: f["seat"] for f in record["failures"] if f["step"] is not None}
    checked = 0
    for step, (seat, text) in enumerate(record["moves"]):
        if failed.get(step) == seat:
            assert SeatText(game, seat).moves()[0].action.text() == text, (record["game"], step)
            checked += 1
        game.apply(seat, parse_action(text))
    return checked


def test_league_of_agents_and_bots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The CI's arena: three scripted agents (one crashing, one too slow
    once, which makes it late for the next move or two as well) and two bots over Bohnkick and Bohnanza. The games
    run; the crashes and the lateness are counted and their moves played by
    the fallback (the records replayed); every participant is rated with an
    interval; the leaderboard names them all."""
    out = tmp_path / "league"
    code, stdout, err = run(
        capsys,
        "arena",
        "-r", "bohnkick:2",
        "-r", "bohnanza:3",
        "--agent", f"steady={SCRIPTED}",
        "--agent", f"crashy={SCRIPTED} --crash-after 3",
        "--agent", f"slow={SCRIPTED} --sleep 0.6 --slow-from 2 --slow-moves 1",
        "--bot", "greedy",
        "--bot", "random",
        "--rounds", "1",
        "--move-time", "0.25",
        "--start-time", "1",
        "--out", str(out),
        "--json",
    )  # fmt: skip
    assert code == 0, err
    league = json.loads(stdout)
    names = {"steady", "crashy", "slow", "greedy", "random"}
    assert league["games"] == league["requested"] == 3 * 2 + 2 * 3
    assert not league["interrupted"]
    for r in league["rulesets"]:
        assert r["unfinished"] == 0
        assert {s["name"] for s in r["standings"]} == names  # everybody played
        for s in r["standings"]:
            assert s["games"] > 0 and s["sigma"] > 0
            lo, hi = s["interval"]
            assert lo < s["rating"] < hi
            assert s["mu_interval"][0] < s["mu"] < s["mu_interval"][1]
    agents = league["agents"]
    assert agents["steady"]["asked"] > 50
    assert sum(agents["steady"]["failures"].values()) == 0
    crashy = agents["crashy"]
    assert crashy["failures"]["crash"] >= 1 and crashy["benched_games"] >= 1
    assert crashy["starts"] >= 2  # started again after its crash
    assert crashy["fallback_moves"] > 0
    slow = agents["slow"]
    timeouts = slow["failures"]["timeout"]
    assert timeouts >= 1 and sum(slow["failures"].values()) == timeouts
    assert slow["fallback_moves"] >= timeouts
    assert slow["asked"] > 50  # its late answers were dropped, the later ones taken
    # the files: every participant named in both leaderboards
    md = (out / "leaderboard.md").read_text()
    page = (out / "leaderboard.html").read_text()
    assert page.startswith("<!doctype html>") and "<svg" in page
    for name in names:
        assert name in md and name in page
    assert json.loads((out / "league.json").read_text())["games"] == league["games"]
    records = [json.loads(line) for line in (out / "games.jsonl").read_text().splitlines()]
    assert len(records) == league["games"] and all(r["finished"] for r in records)
    kinds = {f["failure"] for r in records for f in r["failures"]}
    assert {"crash", "timeout"} <= kinds
    lost = sum(replay_fallbacks(r) for r in records)
    assert lost == sum(a["failures"]["timeout"] + a["failures"]["crash"] for a in agents.values())
    # duplicate deals: each deal's games share a seed, and rotate one table
    deals: dict[tuple[str, int], list[dict[str, Any]]] = {}
    for r in records:
        deals.setdefault((r["variant"], r["deal"]), []).append(r)
    for games in deals.values():
        assert len({g["seed"] for g in games}) == 1 and len(games) == games[0]["players"]
        seats = [g["seats"] for g in games]
        assert all(sorted(s) == sorted(seats[0]) for s in seats)
        assert len({tuple(s) for s in seats}) == len(seats)


def test_a_rerun_refuses_to_overwrite(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = ["arena", "-r", "bohnkick:2", "--bot", "random", "--bot", "greedy", "--deals", "1"]
    out = tmp_path / "o"
    assert run(capsys, *args, "--out", str(out))[0] == 0
    code, _, err = run(capsys, *args, "--out", str(out))
    assert code == 2 and "exists; add --force" in err
    assert run(capsys, *args, "--out", str(out), "--force")[0] == 0


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["--bot", "random"], "at least two participants"),
        (["--bot", "random", "--agent", "nocommand"], "NAME=COMMAND"),
        (["--bot", "random", "--bot", "nosuchbot"], "nosuchbot"),
        (["--bot", "random", "--bot", "random"], "random is given twice"),
        (["-r", "sissi:2", "--bot", "random", "--bot", "greedy"], "not 2"),
        (["-r", "sissi:3", "--bot", "random", "--bot", "greedy"], "only 2 participants"),
    ],
)
def test_usage_errors(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "arena", *(argv if "-r" in argv else ["-r", "bohnkick:2", *argv]))
    assert code == 2 and says in err, err


# ----------------------------------------------------------------------------
# the protocol


def test_answers_and_their_failures(tmp_path: Path) -> None:
    log = tmp_path / "log"
    good = AgentProcess("good", agent_cmd("good", log))
    assert good.start({"type": "hello"}) is None
    answer = good.ask({"type": "observation"}, 2.0)
    assert answer.move == "1" and answer.failure is None
    good.stop(bye=True)
    assert [m["type"] for m in messages(log)] == ["hello", "observation", "bye"]
    assert messages(log)[1]["id"] == 1

    noid = AgentProcess("noid", agent_cmd("noid", tmp_path / "noid"))
    noid.start()
    assert noid.ask({"type": "observation"}, 2.0).move == "1"
    noid.stop()

    bad = AgentProcess("bad", agent_cmd("bad", tmp_path / "bad"))
    bad.start()
    first = bad.ask({"type": "observation"}, 2.0)
    assert first.failure == "malformed" and "not JSON" in first.detail
    assert bad.ask({"type": "observation"}, 2.0).move == "999"  # read, judged by the league
    bad.stop()

    dead = AgentProcess("exit", agent_cmd("exit", tmp_path / "exit"))
    dead.start()
    crash = dead.ask({"type": "observation"}, 2.0)
    assert crash.failure == "crash" and "status 4" in crash.detail and "leaving" in crash.detail
    assert not dead.alive
    dead.stop()

    missing = AgentProcess("missing", str(tmp_path / "no-such-program"))
    assert "could not start" in (missing.start() or "")


def test_a_late_answer_loses_its_move_and_is_dropped(tmp_path: Path) -> None:
    late = AgentProcess("late", agent_cmd("late", tmp_path / "log"))
    late.start()
    first = late.ask({"type": "observation"}, 0.2)
    assert first.failure == "timeout"
    second = late.ask({"type": "observation"}, 2.0)  # the first's answer comes, then its own
    assert second.failure is None and second.move == "1"
    late.stop()


def test_a_program_that_reads_nothing_cannot_block_the_arena(tmp_path: Path) -> None:
    """Observations larger than a pipe holds, to a program that never reads
    them: each is late, none blocks, and the program is stopped."""
    deaf = AgentProcess("deaf", agent_cmd("deaf", tmp_path / "log"))
    deaf.grace = 0.2
    deaf.start({"type": "hello"})
    begun = time.monotonic()
    for _ in range(3):
        answer = deaf.ask({"type": "observation", "text": "x" * 200_000}, 0.1)
        assert answer.failure == "timeout"
    proc = deaf.proc
    deaf.stop(bye=True)
    assert proc is not None and proc.poll() is not None  # killed after its grace
    assert time.monotonic() - begun < 3


def test_the_league_plays_the_fallback_for_bad_answers(tmp_path: Path) -> None:
    """A malformed answer and an illegal move each lose their move to the
    first listed move, are counted, and are told with the next observation;
    two failures in a row do not bench the agent. A program that cannot
    start is counted as a crash each game, and the league goes on."""
    log = tmp_path / "log"
    league = League(
        [Ruleset.parse("bohnkick:2")],
        [
            Participant("bad", "agent", agent_cmd("bad", log)),
            Participant("missing", "agent", str(tmp_path / "no-such-program")),
            Participant("random", "bot", "random"),
        ],
        deals=3,
        move_time=2.0,
    ).run()
    out = league.to_json()
    assert out["games"] == 6 and all(r["finished"] for r in league.records)
    bad = out["agents"]["bad"]
    assert bad["failures"] == {"timeout": 0, "crash": 0, "malformed": 1, "illegal": 1}
    assert bad["benched_games"] == 0 and bad["starts"] == 1
    assert bad["fallback_moves"] == 2
    missing = out["agents"]["missing"]
    assert missing["asked"] == 0 and missing["failures"]["crash"] == missing["benched_games"] > 0
    said = messages(log)
    assert said[0]["type"] == "hello" and said[-1]["type"] == "bye"
    asks = [m for m in said if m["type"] == "observation"]
    assert "error" not in asks[0]
    assert asks[1]["error"].startswith("malformed: not JSON")
    assert asks[2]["error"].startswith("illegal: ") and "999" in asks[2]["error"]
    assert "error" not in asks[3]
    assert asks[0]["moves"][0]["number"] == 1 and asks[0]["text"].endswith(
        asks[0]["moves"][-1]["command"] + "]"
    )
    results = [m for m in said if m["type"] == "result"]
    assert len(results) == sum(1 for r in league.records if "bad" in r["seats"])
    assert all(m["places"][m["seat"]] == m["place"] for m in results)
    # the moves lost were the first listed ones
    lost = [r for r in league.records if any(f["name"] == "bad" for f in r["failures"])]
    assert sum(replay_fallbacks(r) for r in lost) == 2


def test_an_agent_late_three_times_in_a_row_is_benched_for_the_game(tmp_path: Path) -> None:
    league = League(
        [Ruleset.parse("bohnkick:2")],
        [
            Participant("slow", "agent", agent_cmd("slow", tmp_path / "log")),
            Participant("random", "bot", "random"),
        ],
        deals=1,
        move_time=0.05,
        start_time=1.0,
    ).run()
    slow = league.to_json()["agents"]["slow"]
    assert slow["failures"]["timeout"] == MAX_FAILURES * 2  # three a game, in two games
    assert slow["benched_games"] == 2 and slow["starts"] == 2
    assert slow["asked"] == (1 + MAX_FAILURES) * 2  # not asked once benched
    assert all(r["finished"] for r in league.records)
    for r in league.records:
        assert replay_fallbacks(r) == MAX_FAILURES


def test_ctrl_c_stops_the_league_with_its_games_rated(tmp_path: Path) -> None:
    league = League(
        [Ruleset.parse("bohnkick:2")],
        [
            Participant("agent", "agent", agent_cmd("good", tmp_path / "log")),
            Participant("random", "bot", "random"),
        ],
        deals=2,
    )

    def stop(record: dict[str, Any]) -> None:
        raise KeyboardInterrupt

    league.run(on_game=stop)
    out = league.to_json()
    assert out["interrupted"] and out["games"] == 1 and out["requested"] == 4
    assert out["rulesets"][0]["games"] == 1
    assert league.agents["agent"].proc is None  # stopped
    assert messages(tmp_path / "log")[-1]["type"] == "bye"
