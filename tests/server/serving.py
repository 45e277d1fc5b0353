"""A live server for the tests that talk to one over HTTP: the app runs on
loopback in a thread of the test process."""

from __future__ import annotations

import contextlib
import threading
import time
from collections.abc import Iterator
from typing import Any

import uvicorn


@contextlib.contextmanager
def serving(app: Any, port: int, log_level: str = "warning") -> Iterator[None]:
    """Serve ``app`` on ``127.0.0.1:port`` while the block runs; the server
    has started (within 20 s) when the block begins and has stopped after it."""
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level=log_level))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline and thread.is_alive(), "the server did not start"
        time.sleep(0.05)
    try:
        yield
    finally:
        srv.should_exit = True
        thread.join(10)
