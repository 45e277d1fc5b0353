"""Fixtures of the server tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from bohn.server.app import create_app
from bohn.server.launch import free_port
from server.browser import ARGS, CHROMIUM


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Debian's Chromium (Playwright), one per test process (a pytest
    worker): starting Playwright and Chromium takes about 2 s, once instead of
    once per browser test module. Each test opens its own context, which
    shares nothing with another's. Only the browser tests ask for it (they
    skip without Chromium: ``server.browser.need_chromium``)."""
    from playwright import sync_api

    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


@pytest.fixture(autouse=True)
def _close_contexts(request: pytest.FixtureRequest) -> Iterator[None]:
    """After a browser test, its contexts are closed (with their pages and
    their sockets), whether the test closed them or not: the next test of the
    process starts with a browser that runs nothing."""
    yield
    if "browser" in request.fixturenames:
        for ctx in list(request.getfixturevalue("browser").contexts):
            ctx.close()


@pytest.fixture
def live_server(tmp_path: Path) -> Iterator[tuple[str, Any]]:
    """A live server on loopback (in a thread, on a fresh SQLite file): its
    base URL and its shared context (``app.state.ctx``: its live games)."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    # some tests drive a game by a loop of requests, which the per-client
    # action limit is for (test_abuse.py): it is off here
    app = create_app(f"sqlite:///{tmp_path / 'bohn.db'}", base_url=base, action_rate=None)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("the server did not start")
        time.sleep(0.05)
    try:
        yield base, app.state.ctx
    finally:
        srv.should_exit = True
        thread.join(10)


@pytest.fixture
def server(live_server: tuple[str, Any]) -> str:
    """A live server's base URL (:func:`live_server`)."""
    return live_server[0]
