"""Starting a bohn server in a child process, and the Chromium flags bohn's
browser tools use; shared by the tests, the load test and the screenshot tool."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Sequence

#: how bohn starts Debian's Chromium headless on a machine with a closed network
CHROMIUM_ARGS: tuple[str, ...] = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
)


def free_port() -> int:
    """A TCP port on loopback that nothing listens on now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(
    db_url: str, port: int | None = None, *, timeout: float = 30, args: Sequence[str] = ()
) -> tuple[subprocess.Popen[bytes], str]:
    """``python -m bohn serve`` on ``db_url`` (and further ``args``, such as
    ``--bot-seconds 1``); the process and its base URL once it answers
    (``RuntimeError`` if it does not within ``timeout`` seconds)."""
    port = port or free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bohn", "serve", "--port", str(port), "--db", db_url, *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if proc.poll() is not None:
            break
        try:
            with urllib.request.urlopen(f"{url}/api/variants", timeout=1) as r:
                if r.status == 200:
                    return proc, url
        except (urllib.error.URLError, OSError):
            time.sleep(0.05)
    proc.kill()
    raise RuntimeError(f"the bohn server on {url} did not start")


__all__ = ["CHROMIUM_ARGS", "free_port", "start_server"]
