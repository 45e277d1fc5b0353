"""Every bad input of the ``bohn`` command is one clear line and the exit code
docs/cli.md gives; the help of every subcommand has a description, examples
and its defaults; long runs show their progress honestly after ``--resume``."""

from __future__ import annotations

import argparse
import io
import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from passes import PURE

from bohn.cli import HelpFormatter
from bohn.cli import build_parser
from bohn.cli import main
from bohn.sim import batch as batch_module
from bohn.sim.batch import ProgressBar
from bohn.sim.batch import ProgressLines
from bohn.sim.records import read_records

SCENARIOS = Path(__file__).resolve().parent / "scenarios"
TIE = SCENARIOS / "bohnanza" / "final-exhaustion-tie.json"

#: the subcommands, each with its required arguments
COMMANDS = {
    "variants": [],
    "cards": ["bohnanza"],
    "play": ["bohnanza"],
    "sim": ["bohnanza", "-n", "2"],
    "tournament": ["bohnanza", "--bots", "greedy,random"],
    "report": ["x.jsonl"],
    "replay": ["x.json"],
    "scenario": ["x.json"],
    "bench": [],
    "serve": [],
    "arena": ["--bot", "greedy", "--bot", "random"],
}


RAY = ["sim", "bohnanza", "-n", "2", "--backend", "ray"]


def _scenario(tmp: Path, change: Callable[[dict[str, Any]], Any]) -> str:
    data = json.loads(TIE.read_text(encoding="utf-8"))
    change(data)
    path = tmp / "s.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def _cut_short(tmp: Path) -> str:
    """A records file whose last record a crash cut short."""
    path = tmp / "crashed.jsonl"
    assert main(["sim", "bohnanza", "-n", "3", "-p", "3", "-o", str(path), "--json"]) == 0
    text = path.read_text(encoding="utf-8")
    path.write_text(text + text.splitlines()[-1][:40], encoding="utf-8")
    return str(path)


def _bytes(tmp: Path, data: bytes) -> str:
    path = tmp / "b.json"
    path.write_bytes(data)
    return str(path)


def _file(tmp: Path, text: str) -> str:
    path = tmp / "f.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


#: (id, argv made from a temporary folder, exit code, stream of the one line, its text)
BAD: list[tuple[str, Callable[[Path], list[str]], int, str, str]] = [
    # scenario files: a file that cannot be set up is bad input (exit 2, one
    # line on stderr); a scenario that runs but misses its expect block fails
    # (exit 1, test_cli.py)
    (
        "scenario-top-level-typo",
        lambda t: ["scenario", _scenario(t, lambda d: d.update(setpu=d.pop("setup")))],
        2,
        "err",
        "a scenario has no key 'setpu' (did you mean 'setup'?)",
    ),
    (
        "scenario-expect-typo",
        lambda t: ["scenario", _scenario(t, lambda d: d["expect"].update(deck_sze=0))],
        2,
        "err",
        "expect has no key 'deck_sze' (did you mean 'deck_size'?)",
    ),
    (
        "scenario-not-a-scenario",
        lambda t: ["scenario", _file(t, '{"a":1}')],
        2,
        "err",
        "a scenario has no key 'a'; known keys: actions, description",
    ),
    (
        "scenario-with-a-bom",  # a byte-order mark is read past: the real error shows
        lambda t: ["scenario", _bytes(t, b'\xef\xbb\xbf{"variant": "bohnanza", "players": "3"}')],
        2,
        "err",
        "players must be an integer, not '3'",
    ),
    (
        "replay-with-a-bom",
        lambda t: ["replay", _bytes(t, b"\xef\xbb\xbf[1, 2]")],
        2,
        "err",
        "item 0 is not a JSON object",
    ),
    (
        "scenario-players-a-string",
        lambda t: ["scenario", _file(t, '{"variant": "bohnanza", "players": "3"}')],
        2,
        "err",
        "players must be an integer, not '3'",
    ),
    (
        "scenario-not-utf8",
        lambda t: ["scenario", _bytes(t, b'{"variant": "bohnanza", "players": 3, "x": "\xe9"}')],
        2,
        "err",
        "is not UTF-8 text (byte 44 is 0xe9)",
    ),
    ("scenario-a-directory", lambda t: ["scenario", str(t)], 2, "err", "it is a directory"),
    ("replay-a-directory", lambda t: ["replay", str(t)], 2, "err", "it is a directory"),
    (
        "replay-not-utf8",
        lambda t: ["replay", _bytes(t, b"\xff\xfe{}")],
        2,
        "err",
        "is not UTF-8 text (byte 0 is 0xff)",
    ),
    (
        "resume-records-not-utf8",
        lambda t: ["sim", "bohnanza", "-n", "2", "-o", _bytes(t, b"\xff\n"), "--resume"],
        2,
        "err",
        "not a file of bohn game records (not UTF-8 text)",
    ),
    (
        "sim-out-a-directory",
        lambda t: ["sim", "bohnanza", "-n", "2", "-o", str(t)],
        2,
        "err",
        "is a directory; name a file",
    ),
    ("unknown-first-option", lambda t: ["--nosuch"], 2, "err", "unknown option '--nosuch'"),
    (
        "play-unknown-bot-at-four",
        lambda t: ["play", "bohnanza", "-p", "4", "--bots", "greedy,nosuch"],
        2,
        "err",
        "unknown bot 'nosuch'",
    ),
    (
        "scenario-not-an-object",
        lambda t: ["scenario", _file(t, "[1, 2]")],
        2,
        "err",
        "must hold a JSON object (a scenario)",
    ),
    # report on a file cut short: a warning and exit 0, or with --strict exit 2
    (
        "report-cut-short",
        lambda t: ["report", _cut_short(t), "-o", str(t / "r.html")],
        0,
        "err",
        "bohn report: warning: ",
    ),
    (
        "report-cut-short-strict",
        lambda t: ["report", _cut_short(t), "-o", str(t / "r.html"), "--strict"],
        2,
        "err",
        "a record cut short",
    ),
    (
        "report-old-output-flag",
        lambda t: ["report", str(t / "none.jsonl"), "--output", str(t / "r.html")],
        2,
        "err",
        "none.jsonl: no such file",
    ),
    # counts
    ("sim-games-0", lambda t: ["sim", "bohnanza", "-n", "0"], 2, "err", "-n/--games: 0 is not"),
    (
        "sim-games-word",
        lambda t: ["sim", "bohnanza", "--games", "many"],
        2,
        "err",
        "-n/--games: 'many' is not an integer",
    ),
    (
        "sim-jobs-0",
        lambda t: ["sim", "bohnanza", "-n", "2", "--jobs", "0"],
        2,
        "err",
        "-j/--jobs: 0 is not a positive integer",
    ),
    (
        "tournament-jobs-0",
        lambda t: ["tournament", "bohnanza", "--bots", "greedy,random", "-j", "0"],
        2,
        "err",
        "-j/--jobs: 0 is not a positive integer",
    ),
    (
        "tournament-games-0",
        lambda t: ["tournament", "bohnanza", "--bots", "greedy,random", "-n", "0"],
        2,
        "err",
        "-n/--games: 0 is not a positive integer",
    ),
    ("bench-games-0", lambda t: ["bench", "-n", "0"], 2, "err", "-n/--games: 0 is not"),
    (
        "sim-players-0",
        lambda t: ["sim", "bohnanza", "-n", "2", "-p", "0"],
        2,
        "err",
        "-p/--players: 0 is not a positive integer",
    ),
    (
        "sim-players-word",
        lambda t: ["sim", "bohnanza", "-n", "2", "--players", "four"],
        2,
        "err",
        "-p/--players: 'four' is not an integer",
    ),
    (
        "sim-players-out-of-range",
        lambda t: ["sim", "bohnanza", "-n", "2", "-p", "9"],
        2,
        "err",
        "3-5 players, not 9",
    ),
    ("play-players-2", lambda t: ["play", "bohnanza", "-p", "2"], 2, "err", "3-5 players, not 2"),
    ("bench-players-0", lambda t: ["bench", "--players", "0"], 2, "err", "-p/--players: 0 is"),
    (
        "tournament-players-9",
        lambda t: ["tournament", "bohnanza", "--bots", "greedy,random", "-p", "9"],
        2,
        "err",
        "3-5 players, not 9",
    ),
    (
        "play-seat-negative",
        lambda t: ["play", "bohnanza", "--seat", "-1"],
        2,
        "err",
        "--seat must be a seat from 0 to 3",
    ),
    *[
        (
            f"serve-{flag.strip('-')}-{value}",
            (lambda t, f=flag, v=value: ["serve", "--db", f"sqlite:///{t}/x.db", f, v]),
            2,
            "err",
            f"argument {flag}: {message}",
        )
        for flag, value, message in [
            ("--bot-workers", "0", "0 is not a positive integer"),
            ("--bot-iterations", "0", "0 is not a positive integer"),
            ("--bot-seconds", "0", "0 is not a positive number"),
            ("--max-open-games", "-1", "-1 is not a count (0 or more)"),
            ("--port", "0", "a port is a number from 1 to 65535, not 0"),
        ]
    ],
    # seeds
    ("sim-seed-empty", lambda t: ["sim", "bohnanza", "-n", "2", "-s", ""], 2, "err", "not empty"),
    ("play-seed-empty", lambda t: ["play", "bohnanza", "--seed", ""], 2, "err", "not empty"),
    (
        "tournament-seed-empty",
        lambda t: ["tournament", "bohnanza", "--bots", "greedy,random", "--seed", ""],
        2,
        "err",
        "-s/--seed: a seed is an integer or a word, not empty",
    ),
    # bots and variants
    (
        "sim-unknown-bot",
        lambda t: ["sim", "bohnanza", "-n", "2", "--bots", "greedy,nosuch"],
        2,
        "err",
        "unknown bot 'nosuch'",
    ),
    (
        "tournament-unknown-bot",
        lambda t: ["tournament", "bohnanza", "--bots", "greedy,nosuch"],
        2,
        "err",
        "unknown bot 'nosuch'",
    ),
    ("bench-bad-variant", lambda t: ["bench", "skat"], 2, "err", "unknown variant 'skat'"),
    (
        "bench-bad-variant-old-flag",
        lambda t: ["bench", "--variant", "skat"],
        2,
        "err",
        "unknown variant 'skat'",
    ),
    (
        "bench-variant-twice",
        lambda t: ["bench", "sissi", "--variant", "sissi"],
        2,
        "err",
        "give the variant once",
    ),
    ("variants-nosuch", lambda t: ["variants", "nosuch"], 2, "err", "unknown variant 'nosuch'"),
    ("cards-nosuch", lambda t: ["cards", "nosuch"], 2, "err", "unknown variant 'nosuch'"),
    # Ray
    (
        "ray-unreachable",
        lambda t: [*RAY, "--address", "nohost:1", "-o", str(t / "never.jsonl")],
        2,
        "err",
        "bohn sim: error: cannot reach the Ray cluster at nohost:1 (",
    ),
    (
        "ray-not-an-address",
        lambda t: ["sim", "bohnanza", "-n", "2", "--backend", "ray", "--address", "nohost"],
        2,
        "err",
        "--address 'nohost' is not a Ray address",
    ),
    (
        "address-without-ray",
        lambda t: ["sim", "bohnanza", "-n", "2", "--address", "nohost:1"],
        2,
        "err",
        "--address is for --backend ray",
    ),
    # an unknown flag is said by the subcommand
    *[
        (
            f"{command}-unknown-flag",
            (lambda t, c=command, a=args: [c, *a, "--nosuch"]),
            2,
            "err",
            f"bohn {command}: error: unrecognized arguments: --nosuch (see bohn {command} --help)",
        )
        for command, args in COMMANDS.items()
    ],
]


@pytest.mark.parametrize(
    ("argv", "code", "stream", "text"),
    [pytest.param(*case[1:], id=case[0]) for case in BAD],
)
def test_a_bad_input_is_one_line_and_its_exit_code(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    argv: Callable[[Path], list[str]],
    code: int,
    stream: str,
    text: str,
) -> None:
    monkeypatch.chdir(tmp_path)  # whatever a command writes stays here
    args = argv(tmp_path)
    capsys.readouterr()  # what making the files printed
    got, out, err = run(capsys, *args)
    assert got == code, (out, err)
    assert "Traceback" not in out + err
    if stream == "err":
        assert len(err.splitlines()) == 1, err
        assert text in err
        assert err.startswith(("bohn ", "bohn: "))
        if code == 2:
            assert out == ""
    else:  # a scenario's outcome: stdout, nothing on stderr
        assert err == ""
        assert [line for line in out.splitlines() if text in line], out
    assert not (tmp_path / "never.jsonl").exists()  # nothing written before the refusal


def test_a_scenario_with_a_byte_order_mark_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + TIE.read_bytes())
    got, out, err = run(capsys, "scenario", str(path))
    assert (got, err) == (0, "")
    assert "ok" in out


def test_a_bad_input_in_a_subprocess_has_no_traceback(tmp_path: Path) -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "bohn", "sim", "bohnanza", "-n", "2", "--backend", "ray",
         "--address", "nohost:1"],
        capture_output=True, text=True, timeout=120, cwd=tmp_path,
    )  # fmt: skip
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.count("\n") == 1
    assert proc.stderr.startswith("bohn sim: error: cannot reach the Ray cluster at nohost:1 (")


@pytest.mark.skipif(
    PURE,
    reason="Ray takes half a minute to start: once per test run is enough (the compiled pass)",
)
def test_one_ctrl_c_stops_a_ray_run_and_keeps_its_records(tmp_path: Path) -> None:
    out = tmp_path / "g.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "bohn", "sim", "bohnanza", "-n", "100000", "--backend", "ray",
         "--bots", "random",  # quick games: the first chunk is done soon after Ray starts
         "-j", "2", "-o", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        # a test run in the background ignores SIGINT, and so would the command
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )  # fmt: skip
    deadline = time.monotonic() + 180
    while not (out.exists() and out.read_text(encoding="utf-8").count("\n") >= 1):
        assert proc.poll() is None and time.monotonic() < deadline, proc.communicate()
        time.sleep(0.2)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)  # one Ctrl-C is enough
    assert proc.returncode == 130, stderr
    kept = read_records(out)
    # a slow start (a loaded machine) may have let a progress line through
    # first (one a minute when stderr is no terminal): then only those
    *progress, last = stderr.splitlines()
    assert last.startswith(f"bohn sim: interrupted after {len(kept)} of 100000 games"), stderr
    assert all(" elapsed" in line for line in progress), stderr
    assert "Traceback" not in stderr
    assert [r["index"] for r in kept] == list(range(len(kept)))
    assert f"bohnanza: {len(kept)} games of 100000" in stdout


def test_an_interrupted_run_with_no_game_done_prints_no_table_of_zeros(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def ctrl_c(*args: Any, **kwargs: Any) -> Any:
        raise KeyboardInterrupt

    monkeypatch.setattr(batch_module, "play_one", ctrl_c)
    code, out, err = run(capsys, "sim", "bohnanza", "-n", "5")
    assert code == 130 and out == ""
    assert err == "bohn sim: interrupted after 0 of 5 games\n"


# -- help ---------------------------------------------------------------------------


def _subparsers() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    raise AssertionError("no subcommands")


def test_every_subcommand_is_in_the_table() -> None:
    assert set(_subparsers()) == set(COMMANDS)


@pytest.mark.parametrize("command", list(COMMANDS))
def test_help_has_a_description_examples_and_every_default(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    code, out, err = run(capsys, command, "--help")
    assert code == 0 and err == ""
    parser = _subparsers()[command]
    assert parser.description and parser.description.split()[0] in out
    examples = out.split("\nexamples:\n", 1)[1].splitlines()
    assert len([e for e in examples if e.startswith(f"  bohn {command}")]) >= 2
    formatter = HelpFormatter(f"bohn {command}")
    for action in parser._actions:
        if action.help == argparse.SUPPRESS or isinstance(action, argparse._HelpAction):
            continue
        assert action.help, f"{action.dest} has no help"
        if action.default not in (None, False):
            assert "default" in formatter._get_help_string(action), action.dest
            default = action.default
            shown = f"{default:g}" if isinstance(default, float) else str(default)
            assert shown in " ".join(out.split()), (action.dest, shown)


def test_the_short_flags_are_the_long_ones(capsys: pytest.CaptureFixture[str]) -> None:
    long = ["sim", "bohnanza", "--games", "3", "--players", "3", "--seed", "5", "--jobs", "1"]
    short = ["sim", "bohnanza", "-n", "3", "-p", "3", "-s", "5", "-j", "1"]
    a, b = run(capsys, *long, "--json"), run(capsys, *short, "--json")
    assert a[0] == b[0] == 0
    one, two = json.loads(a[1]), json.loads(b[1])
    assert one["wins"] == two["wins"] and one["seed"] == two["seed"] == 5


def test_bench_takes_the_variant_as_a_positional_or_the_old_flag(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["-p", "3", "-n", "1", "--searches", "0", "--json"]
    code, out, _ = run(capsys, "bench", "sissi", *argv)
    code_old, out_old, _ = run(capsys, "bench", "--variant", "sissi", *argv)
    assert code == code_old == 0
    assert json.loads(out)["variant"] == json.loads(out_old)["variant"] == "sissi"
    assert json.loads(run(capsys, "bench", *argv)[1])["variant"] == "bohnanza"


def test_report_writes_to_out_or_the_old_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = tmp_path / "g.jsonl"
    assert run(capsys, "sim", "bohnanza", "-n", "2", "-p", "3", "-o", str(records))[0] == 0
    for flag in ("--out", "-o", "--output"):
        html = tmp_path / f"{flag.strip('-')}.html"
        code, out, err = run(capsys, "report", str(records), flag, str(html))
        assert code == 0 and err == "" and html.exists(), err
        assert out.startswith(f"report written to {html}")


# -- progress -----------------------------------------------------------------------


class _Clock:
    """``time.perf_counter`` of :mod:`bohn.sim.batch`, moved by hand."""

    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_the_rate_after_resume_counts_only_this_runs_games(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    clock = _Clock()
    monkeypatch.setattr(batch_module.time, "perf_counter", clock)
    out = io.StringIO()
    bar = ProgressBar(out, interval=0.0)
    bar.begin(1000, 1010)
    clock.now += 2.0
    bar.update(1005, 1010)
    bar.close()
    text = out.getvalue()
    assert text.startswith("resuming: 1000 of 1010 games done\n")
    # 5 games in 2 s (not 1005): 2.5 a second, and 2 s for the last 5
    assert "1005/1010 games, 2.0 s elapsed, ETA 2.0 s, 2.5 games/s\x1b[K" in text
    assert text.endswith("\r\x1b[K")  # the line is erased at the end
    lines = io.StringIO()
    log = ProgressLines(lines, interval=1.0)
    log.begin(1000, 1010)
    clock.now += 4.0
    log.update(1002, 1010)
    assert lines.getvalue() == (
        "resuming: 1000 of 1010 games done\n1002/1010 games, 4.0 s elapsed, ETA 16 s, 0.5 games/s\n"
    )


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_sim_resume_on_a_terminal_says_so_and_leaves_no_stray_characters(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.jsonl"
    argv = ["sim", "bohnanza", "-p", "3", "-s", "4", "-o", str(path)]
    assert run(capsys, *argv, "-n", "3")[0] == 0
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    code, out, _ = run(capsys, *argv, "-n", "6", "--resume")
    assert code == 0
    text = terminal.getvalue()
    first, rest = text.split("\n", 1)
    assert first == "resuming: 3 of 6 games done"
    drawings = rest.split("\r")[1:]
    assert drawings and all(d.endswith("\x1b[K") for d in drawings)
    assert drawings[-1] == "\x1b[K"  # the bar is erased: the summary starts a clean line
    assert "6/6 games" in drawings[-2]
    assert "3 of the 6 games played (the others resumed)" in out
    assert [r["index"] for r in read_records(path)] == list(range(6))


def test_the_summary_speed_counts_only_this_runs_games(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "g.jsonl"
    argv = ["sim", "bohnanza", "-p", "3", "-o", str(path), "--json"]
    assert run(capsys, *argv, "-n", "2")[0] == 0
    code, out, _ = run(capsys, *argv, "-n", "5", "--resume")
    summary = json.loads(out)
    assert code == 0 and summary["games"] == 5 and summary["played"] == 3
    # the rate times the run's time gives the 3 games it played, not all 5. Both
    # figures are rounded (the time to 1 ms, the rate to 0.01), and a compiled run
    # takes a few ms, so the product may miss 3 by exactly that rounding and no more.
    rate, elapsed = summary["games_per_s"], summary["elapsed_s"]
    slack = rate * 0.0005 + elapsed * 0.005 + 1e-9
    assert abs(rate * elapsed - 3) <= slack < 1


# ----------------------------------------------------------------------------
# nothing overwritten (docs/cli.md, Files)


def _sim_records(tmp: Path, name: str = "runs.jsonl") -> Path:
    path = tmp / name
    assert main(["sim", "bohnanza", "-n", "2", "-p", "3", "-o", str(path)]) == 0
    return path


def test_report_refuses_its_input_and_an_existing_file_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    records = _sim_records(tmp_path)
    before = records.read_bytes()
    code, _, err = run(capsys, "report", str(records), "-o", str(records))
    assert code == 2 and "is also an input" in err and len(err.splitlines()) == 1
    assert records.read_bytes() == before
    page = tmp_path / "report.html"
    page.write_text("mine", encoding="utf-8")
    code, _, err = run(capsys, "report", str(records), "-o", str(page))
    assert code == 2 and "exists; add --force" in err and page.read_text() == "mine"
    code, _, err = run(capsys, "report", str(records), "-o", str(page), "--force")
    assert code == 0 and page.read_text().startswith("<!DOCTYPE html>")
    assert not list(tmp_path.glob(".*.part"))  # written under a temporary name, renamed


def test_sim_refuses_existing_replays_and_records_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    replays = tmp_path / "r.jsonl"
    replays.write_text("mine\n", encoding="utf-8")
    argv = ["sim", "bohnanza", "-n", "2", "-p", "3", "--replays", str(replays)]
    code, _, err = run(capsys, *argv)
    assert code == 2 and "exists; add --force" in err and replays.read_text() == "mine\n"
    code, _, err = run(capsys, *argv, "-o", str(replays), "--force")
    assert code == 2 and "is also an input" in err and replays.read_text() == "mine\n"
    code, _, _ = run(capsys, *argv, "--force")
    assert code == 0 and len(replays.read_text().splitlines()) == 2
    records = _sim_records(tmp_path)
    before = records.read_bytes()
    code, _, err = run(capsys, "sim", "bohnanza", "-n", "3", "-p", "3", "-o", str(records))
    assert code == 2 and "--resume" in err and "--force" in err and records.read_bytes() == before
    code, _, _ = run(capsys, "sim", "bohnanza", "-n", "3", "-p", "3", "-o", str(records), "--force")
    assert code == 0 and len(records.read_text().splitlines()) == 3


def test_tournament_refuses_existing_records_without_force(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    out = tmp_path / "t.jsonl"
    out.write_text("mine\n", encoding="utf-8")
    argv = ["tournament", "bohnanza", "-p", "3", "--bots", "random,greedy", "-n", "3"]
    code, _, err = run(capsys, *argv, "-o", str(out))
    assert code == 2 and "--force" in err and out.read_text() == "mine\n"
    code, _, _ = run(capsys, *argv, "-o", str(out), "--force")
    assert code == 0 and out.read_text() != "mine\n"


def test_report_refuses_records_of_an_unknown_variant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """A record of a variant bohn does not know is refused (it was reported on,
    exit 0), and no report is written."""
    records = _sim_records(tmp_path)
    lines = records.read_text(encoding="utf-8").splitlines()
    rec = json.loads(lines[0])
    rec["variant"] = "skat"
    odd = tmp_path / "odd.jsonl"
    odd.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    page = tmp_path / "r.html"
    capsys.readouterr()  # what the simulation printed
    code, out, err = run(capsys, "report", str(odd), "-o", str(page))
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert "unknown variant 'skat'" in err and not page.exists()
