"""Helpers of the command-line tests: run ``bohn`` in-process and read its output."""

from __future__ import annotations

import json
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from bohn.cli import main
from bohn.sim.batch import TIMING_KEYS


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """``bohn ARGV``: its exit code, standard output and standard error."""
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def sim_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, Any]:
    """``bohn sim ARGV --json``, which must succeed quietly: its summary."""
    code, out, err = run(capsys, "sim", *argv, "--json")
    assert code == 0 and err == "", err
    summary = json.loads(out)
    assert isinstance(summary, dict)
    return summary


def untimed(summary: dict[str, Any]) -> dict[str, Any]:
    """A ``bohn sim`` summary without the keys that differ between two runs."""
    return {k: v for k, v in summary.items() if k not in TIMING_KEYS}


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
