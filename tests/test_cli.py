"""The ``bohn`` command: every subcommand, its output formats and exit codes."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run

import bohn
from bohn.cli import main
from bohn.cli import parse_options
from bohn.cli import parse_seed
from bohn.engine.replay import dumps
from bohn.engine.replay import load
from bohn.rulesets import VARIANTS
from bohn.sim.batch import TIMING_KEYS

BOHN = Path(sys.executable).parent / "bohn"


def _without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


# -- sim ----------------------------------------------------------------------


def test_sim_200_games_twice_gives_the_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["sim", "bohnanza", "--players", "4", "--games", "200", "--seed", "7", "--json"]
    # the console script in a subprocess and main() in this process, side by side
    proc = subprocess.Popen(
        [str(BOHN), *argv], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    code, out, err = run(capsys, *argv)
    sub_out, sub_err = proc.communicate(timeout=300)
    assert code == 0 and proc.returncode == 0, sub_err
    # no progress bar when stderr is not a terminal: at most the progress
    # lines a run over a minute writes (a loaded machine), never a bar's redraw
    for text in (err, sub_err):
        assert "\r" not in text
        assert all(re.fullmatch(r"\d+/200 games, .* games/s", line) for line in text.splitlines())
    assert len(out.splitlines()) == 1 and len(sub_out.splitlines()) == 1
    first, second = json.loads(out), json.loads(sub_out)
    assert first["variant"] == "bohnanza" and first["players"] == 4
    assert first["games"] == 200 and first["seed"] == 7
    assert len(first["wins"]) == 4 and sum(first["wins"]) >= 200
    assert len(first["mean_scores"]) == 4 and first["mean_steps"] > 0
    assert first["options"] == {"trade_cap": 2}
    for key in TIMING_KEYS:
        assert first[key] > 0 and second[key] > 0
    assert _without_timing(first) == _without_timing(second)


def test_sim_jobs_do_not_change_the_summary(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["sim", "bohnanza", "--players", "3", "--games", "12", "--seed", "3", "--json"]
    _, one, _ = run(capsys, *base, "--jobs", "1")
    _, two, _ = run(capsys, *base, "--jobs", "2")
    a, b = json.loads(one), json.loads(two)
    assert (a["jobs"], b["jobs"]) == (1, 2)
    a.pop("jobs")
    b.pop("jobs")
    assert _without_timing(a) == _without_timing(b)


def test_sim_table_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "sim", "bohnanza", "--players", "3", "--games", "3")
    assert code == 0
    assert out.startswith("bohnanza: 3 games, 3 players, seed 0")
    assert "win %" in out and "games/s" in out


def test_sim_options_and_bots_are_used(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "sim",
        "bohnanza",
        "--games",
        "2",
        "--players",
        "3",
        "--bots",
        "greedy,random,random",
        "--option",
        "trade_cap=1",
        "--option",
        "coins_from=bottom",
        "--seed",
        "league",
        "--json",
    )
    assert code == 0
    s = json.loads(out)
    assert s["bots"] == ["greedy", "random", "random"]
    assert s["options"] == {"trade_cap": 1, "coins_from": "bottom"}
    assert s["seed"] == "league"


def test_sim_out_writes_replays_that_verify(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "games.bohn.json"
    code, out, _ = run(
        capsys,
        "sim",
        "bohnanza",
        "--players",
        "4",
        "--games",
        "6",
        "--jobs",
        "2",
        "--seed",
        "9",
        "--replays",
        str(path),
        "--json",
    )
    assert code == 0
    summary = json.loads(out)
    replays = load(path)
    assert len(replays) == 6 == len(path.read_text().splitlines())
    assert sum(r["result"]["winners"].count(0) for r in replays) == summary["wins"][0]
    assert all(r["seats"] == ["random"] * 4 for r in replays)

    code, out, err = run(capsys, "replay", str(path))
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 7
    assert all(line.startswith(f"replay {i}: ok: bohnanza") for i, line in enumerate(lines[:6]))
    assert lines[-1] == "6 of 6 replays verify"

    code, out, _ = run(capsys, "replay", str(path), "--json")
    report = json.loads(out)
    assert code == 0 and report["ok"] is True
    assert [r["index"] for r in report["replays"]] == list(range(6))
    assert all(r["ok"] and r["seed_reproduces"] for r in report["replays"])


# -- replay ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("replays") / "two.bohn.json"
    assert main(["sim", "bohnanza", "--players", "3", "--games", "2", "--replays", str(path)]) == 0
    return path


def _tamper(path: Path, out: Path, how: str) -> Path:
    replays = load(path)
    r = replays[1]
    if how == "action":
        i = next(i for i, e in enumerate(r["events"]) if "action" in e)
        r["events"][i]["action"] = {"type": "end-trading"}
    elif how == "shuffle":
        order = r["events"][0]["chance"]["order"]
        order[-1] = next(k for k in ("blaue", "feuer") if k != order[-1])
    else:
        r["result"]["scores"][0] += 5
    out.write_text("".join(dumps(x) + "\n" for x in replays))
    return out


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("action", r"replay 1: FAILED: event \d+: seat \d may not 'end-trading' here"),
        ("shuffle", r"replay 1: FAILED: event 0: .*other cards"),
        ("result", r"replay 1: FAILED: event \d+: the result differs.*scores"),
    ],
)
def test_replay_catches_tampering(
    capsys: pytest.CaptureFixture[str], replay_file: Path, tmp_path: Path, how: str, message: str
) -> None:
    bad = _tamper(replay_file, tmp_path / "bad.bohn.json", how)
    code, out, _ = run(capsys, "replay", str(bad))
    assert code == 1
    lines = out.splitlines()
    assert lines[0].startswith("replay 0: ok")
    assert re.match(message, lines[1]), lines[1]
    assert lines[-1] == "1 of 2 replays verify"
    code, out, _ = run(capsys, "replay", str(bad), "--json")
    report = json.loads(out)
    assert code == 1 and report["ok"] is False
    assert [r["ok"] for r in report["replays"]] == [True, False]
    assert report["replays"][1]["error"].startswith("event ")


def test_replay_notes_shuffles_that_do_not_come_from_the_seed(
    capsys: pytest.CaptureFixture[str], replay_file: Path, tmp_path: Path
) -> None:
    r = load(replay_file)[0]
    r["seed"] = 123456  # the recorded shuffles still verify, but not from this seed
    path = tmp_path / "reseeded.bohn.json"
    path.write_text(json.dumps(r))
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "shuffles do not reproduce from the seed" in out


# -- variants, version ------------------------------------------------------------


def test_variants_json_lists_every_variant_with_its_options(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "variants", "--json")
    assert code == 0
    data = json.loads(out)
    assert [v["id"] for v in data["variants"]] == list(VARIANTS)
    base = next(v for v in data["variants"] if v["id"] == "bohnanza")
    assert base["title"] == "Bohnanza"
    assert base["players"] == {"min": 3, "max": 5, "counts": [3, 4, 5]}
    opts = {o["name"]: o for o in base["options"]}
    assert set(opts) == set(VARIANTS["bohnanza"].OPTIONS)
    assert opts["trade_cap"]["default"] == 20 and opts["trade_cap"]["kind"] == "int"
    assert opts["coins_from"]["choices"] == ["top", "bottom"]
    assert opts["coins_from"]["default_id"] == "BO-D3"
    assert all(o["doc"] for o in opts.values())


def test_variants_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants")
    assert code == 0
    lines = out.splitlines()
    # a short table: a heading, one row per variant, a hint
    assert lines[0].split() == ["variant", "title", "players", "options"]
    assert len(lines) == len(VARIANTS) + 3
    assert lines[1].split() == [
        "bohnanza",
        "Bohnanza",
        "3-5",
        str(len(VARIANTS["bohnanza"].OPTIONS)),
    ]
    assert "bohn variants VARIANT" in lines[-1]


def test_one_variant_in_detail(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "bohnanza")
    assert code == 0
    assert out.startswith("bohnanza  Bohnanza  (3-5 players)\nrules: docs/rules/bohnanza.md\n")
    assert '  coins_from="top" ["top" | "bottom"] (BO-D3)\n' in out
    assert "      Coins come from: which cards of a harvested field become coins\n" in out
    code, out, _ = run(capsys, "variants", "sissi", "--json")
    assert code == 0 and json.loads(out)["id"] == "sissi"
    code, out, err = run(capsys, "variants", "skat")
    assert code == 2 and out == "" and err.startswith("bohn variants: error: unknown variant")


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"bohn {bohn.__version__}"


# -- scenario and play (their modules are stood in for here) -----------------------


@pytest.fixture
def fake_scenario(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []

    def run_scenario(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data)
        if data.get("fail"):
            return {
                "ok": False,
                "error": {"code": "illegal-action", "message": "no", "rule": "bohnanza §3.1"},
                "action_index": 1,
            }
        return {"ok": True, "state": {}, "events": [{"type": "x"}], "result": None}

    module = types.ModuleType("bohn.scenario")
    module.run_scenario = run_scenario  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bohn.scenario", module)
    return seen


def test_scenario_ok_and_failed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fake_scenario: list[dict[str, Any]]
) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps({"variant": "bohnanza", "players": 3}))
    code, out, _ = run(capsys, "scenario", str(good), "--json")
    assert code == 0
    assert json.loads(out) == {"ok": True, "state": {}, "events": [{"type": "x"}], "result": None}
    assert fake_scenario == [{"variant": "bohnanza", "players": 3}]
    code, out, _ = run(capsys, "scenario", str(good))
    assert code == 0 and out.splitlines() == ["ok: 1 event", "the game goes on"]

    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({"fail": True}))
    code, out, _ = run(capsys, "scenario", str(bad))
    assert code == 1
    assert out.strip() == "failed at action 1: illegal-action: no (bohnanza §3.1)"
    code, out, _ = run(capsys, "scenario", str(bad), "--json")
    assert code == 1 and json.loads(out)["ok"] is False


@pytest.fixture
def fake_play(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    calls: list[dict[str, Any]] = []

    def play_main(**kwargs: Any) -> int:
        calls.append(kwargs)
        return 0

    module = types.ModuleType("bohn.play")
    module.main = play_main  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "bohn.play", module)
    return calls


def test_play_hands_its_settings_over(
    capsys: pytest.CaptureFixture[str], fake_play: list[dict[str, Any]]
) -> None:
    code, out, _ = run(
        capsys,
        "play",
        "bohnanza",
        "--players",
        "3",
        "--seat",
        "2",
        "--bots",
        "random,greedy",
        "--seed",
        "5",
        "--option",
        "trade_cap=4",
    )
    assert code == 0 and out == ""
    assert fake_play == [
        {
            "variant": "bohnanza",
            "players": 3,
            "seat": 2,
            "bots": ["random", "greedy"],
            "seed": 5,
            "options": {"trade_cap": 4},
        }
    ]


def test_play_defaults_and_prints_a_random_seed(
    capsys: pytest.CaptureFixture[str], fake_play: list[dict[str, Any]]
) -> None:
    code, out, _ = run(capsys, "play", "bohnanza")
    assert code == 0
    call = fake_play[0]
    assert (call["players"], call["seat"], call["bots"], call["options"]) == (4, 0, ["greedy"], {})
    assert out.strip() == f"seed {call['seed']}"
    assert isinstance(call["seed"], int)


# -- user errors: one line on stderr, exit 2 ------------------------------------------


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["sim", "skat", "--games", "2"], "unknown variant 'skat'"),
        (["sim", "bohnanza", "--games", "2", "--players", "9"], "3-5 players, not 9"),
        (["sim", "bohnanza", "--games", "2", "--option", "kaffee=1"], "no option kaffee"),
        (["sim", "bohnanza", "--games", "2", "--option", "trade_cap"], "bad option"),
        (["sim", "bohnanza", "--games", "2", "--option", "trade_cap=-2"], "trade_cap"),
        (["sim", "bohnanza", "--games", "2", "--bots", "oracle"], "unknown bot 'oracle'"),
        (["sim", "bohnanza", "--games", "2", "--bots", "random,random"], "one per seat"),
        (["sim", "bohnanza", "--games", "2", "--jobs", "0"], "not a positive integer"),
        (["sim", "bohnanza", "--games", "0"], "argument -n/--games: 0 is not a positive integer"),
        (["sim", "bohnanza", "--games", "2", "--seed", " "], "a seed is an integer or a word"),
        (["sim", "bohnanza", "--games", "2", "--bots", "greedy,nosuch"], "unknown bot 'nosuch'"),
        (["play", "bohnanza", "--seed", ""], "a seed is an integer or a word, not empty"),
        (
            ["sim", "bohnanza", "--games", "2", "--nosuch"],
            "bohn sim: error: unrecognized arguments",
        ),
        (["bench", "-x"], "bohn bench: error: unrecognized arguments: -x (see bohn bench --help)"),
        (["sim", "bohnanza", "--games", "2", "--backend", "moon"], "invalid choice: 'moon'"),
        (["sim", "bohnanza"], "required: -n/--games"),
        (["sim", "bohnanza", "--games", "2", "--out", "/nonexistent/dir/x"], "cannot write"),
        (["replay", "/nonexistent.bohn.json"], "cannot read /nonexistent.bohn.json"),
        (["scenario", "/nonexistent.json"], "cannot read /nonexistent.json"),
        (["play", "skat"], "unknown variant 'skat'"),
        (["play", "bohnanza", "--players", "2"], "3-5 players, not 2"),
        (["play", "bohnanza", "--seat", "4"], "--seat must be a seat from 0 to 3"),
        (["play", "bohnanza", "--bots", "oracle"], "unknown bot 'oracle'"),
        (["play", "bohnanza", "--bots", "random,random"], "or one for each of them (3)"),
        (["bench", "--variant", "skat"], "unknown variant 'skat'"),
        (["bench", "--games", "0"], "not a positive integer"),
        (["bench", "--searches", "-1"], "-1 is not a count (0 or more)"),
        (["frobnicate"], "invalid choice"),
        ([], "required"),
    ],
)
def test_user_errors_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert message in err
    assert "Traceback" not in err
    assert err.startswith("bohn")


def test_unreadable_files_exit_2(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for command, name, text, said in [
        ("scenario", "x.json", "{nope", "is not valid JSON"),
        ("scenario", "list.json", "[1]", "must hold a JSON object"),
        ("replay", "x.json", "{nope", "not JSON"),
        ("replay", "empty.bohn.json", "", "is empty"),
    ]:
        path = tmp_path / name
        path.write_text(text)
        code, _, err = run(capsys, command, str(path))
        assert code == 2 and said in err and len(err.splitlines()) == 1, (command, name, err)


def test_a_malformed_replay_fails_verification(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "odd.bohn.json"
    path.write_text(json.dumps({"format": "bohn-replay", "version": 9}))
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 1
    assert "replay 0: FAILED: unsupported replay version 9" in out


def test_subprocess_error_has_no_traceback() -> None:
    proc = subprocess.run(
        [str(BOHN), "sim", "skat", "--games", "1"], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.strip() == (
        "bohn sim: error: unknown variant 'skat'; known variants: " + ", ".join(VARIANTS)
    )


def test_argument_helpers() -> None:
    assert parse_seed("12") == 12 and parse_seed("-3") == -3 and parse_seed("x1") == "x1"
    assert parse_options(["a=1", "b=true", "c=top", "d=", 'e={"k": 1}']) == {
        "a": 1,
        "b": True,
        "c": "top",
        "d": "",
        "e": {"k": 1},
    }


# -- a scenario's expect block decides its exit code ---------------------------------

SCENARIOS = Path(__file__).resolve().parent / "scenarios"


def _scenario_file(tmp_path: Path, change: Any) -> Path:
    data = json.loads((SCENARIOS / "bohnanza" / "final-exhaustion-tie.json").read_text())
    change(data)
    path = tmp_path / "s.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize(
    ("change", "line"),
    [
        (
            lambda d: d["expect"].update(deck_sze=0),
            "expect has no key 'deck_sze' (did you mean 'deck_size'?)",
        ),
        (
            lambda d: d.update(setpu=d.pop("setup")),
            "a scenario has no key 'setpu' (did you mean 'setup'?)",
        ),
        (
            lambda d: d["expect"].update(phase="trade"),
            'not as expected: phase: expected "trade", got "over"',
        ),
        (
            lambda d: d["expect"].update(coins=[0, 0, 0]),
            "not as expected: coins: expected [0, 0, 0], got [5, 1, 5]",
        ),
    ],
    ids=["expect-typo", "top-level-typo", "missed-phase", "missed-coins"],
)
def test_a_scenario_that_misses_its_expect_block_fails(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, change: Any, line: str
) -> None:
    """A scenario that runs but misses its expect block fails (exit 1, on
    stdout); one that cannot be set up, a typo in its keys, is bad input
    (exit 2, one line on stderr)."""
    code, out, err = run(capsys, "scenario", str(_scenario_file(tmp_path, change)))
    if "no key" in line:
        assert code == 2 and line in err and len(err.splitlines()) == 1 and out == ""
    else:
        assert code == 1 and line in out


def test_a_scenario_that_meets_its_expect_block_passes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "scenario", str(_scenario_file(tmp_path, lambda d: None)))
    assert code == 0 and out.splitlines()[-1] == "as expected"
    code, out, _ = run(capsys, "scenario", str(_scenario_file(tmp_path, lambda d: None)), "--json")
    assert code == 0 and json.loads(out)["expected"] == {"met": True, "misses": []}
