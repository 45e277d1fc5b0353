"""Helpers of the command-line tests: run ``bohn`` in-process and read its output."""

from __future__ import annotations

import json
import signal
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bohn.cli import main
from bohn.sim.batch import TIMING_KEYS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``bohn ARGV``: its exit code, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def cli_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """``bohn ARGV``, which must succeed quietly and print a JSON object: that object."""
    code, out, err = run(capsys, *argv)
    assert code == 0 and err == "", err
    data = json.loads(out)
    assert isinstance(data, dict)
    return data


def sim_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """``bohn sim ARGV --json``, which must succeed quietly: its summary."""
    return cli_json(capsys, "sim", *argv, "--json")


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    """A ``bohn sim`` summary without the keys that differ between two runs."""
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


def option_args(options: Mapping[str, Any]) -> list[str]:
    """``--option NAME=VALUE`` for each game option, its value in JSON (``cognac=true``)."""
    return [
        arg
        for name, value in options.items()
        for arg in ("--option", f"{name}={json.dumps(value)}")
    ]


def scenario_json(capsys: pytest.CaptureFixture[str], path: Path) -> tuple[int, dict[str, Any]]:
    """``bohn scenario PATH --json``: its exit code and report."""
    code, out, _ = run(capsys, "scenario", str(path), "--json")
    report = json.loads(out)
    assert isinstance(report, dict)
    return code, report


def scripted(answers: Iterable[str], then: str) -> Callable[[str], str]:
    """An ``input`` for ``bohn.play.main``: ``answers`` in turn, then ``then`` at every prompt."""
    rest = iter(answers)

    def input_fn(prompt: str) -> str:
        return next(rest, then)

    return input_fn


@contextmanager
def ctrl_c_raises() -> Iterator[None]:
    """Within the block SIGINT raises ``KeyboardInterrupt``, as in a command
    run from a terminal, whatever the test process inherited (a job started
    in the background ignores SIGINT, and so do its children)."""
    old = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
