"""The bounded load test (``tools/loadtest.py``) runs end to end: a server on
a fresh SQLite file, concurrent games each with a person's seat played over
its WebSocket and bots on the others, and a report of throughput and
latencies. Its figures are measurements (``docs/server.md``), not pass/fail:
this test checks that every part of the report is there and consistent."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

TOOL = Path(__file__).resolve().parents[2] / "tools" / "loadtest.py"


def test_the_load_test_reports_throughput_and_latencies() -> None:
    out = subprocess.run(
        [sys.executable, str(TOOL), "--games", "6", "--seconds", "3", "--pause-ms", "5"],
        capture_output=True,
        text=True,
        timeout=180,
        check=True,
    ).stdout
    report = json.loads(out)
    assert report["games"] == 6 and report["db"] == "sqlite"
    assert report["human_actions"] > 0
    assert report["all_actions"] >= report["human_actions"]  # the bots moved too
    for kind in ("ack", "seen"):
        lat = report["latency_ms"][kind]
        assert 0 < lat["p50"] <= lat["p99"] <= lat["max"], (kind, lat)
    # an action is shown no sooner than it is acknowledged
    assert report["latency_ms"]["seen"]["p50"] >= report["latency_ms"]["ack"]["p50"]
