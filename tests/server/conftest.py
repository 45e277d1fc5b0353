"""Fixtures of the server tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn

from bohn.server.app import create_app
from bohn.server.launch import free_port


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    """A live server on loopback (in a thread, on a fresh SQLite file); its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    app = create_app(f"sqlite:///{tmp_path / 'bohn.db'}", base_url=base)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    try:
        yield base
    finally:
        srv.should_exit = True
        thread.join(10)
