"""Fixtures of the server tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from bohn.server.app import create_app
from bohn.server.launch import free_port
from server.browser import ARGS
from server.browser import CHROMIUM
from server.serving import serving
from server.smtp import sink as sink  # the local SMTP sink, a fixture of the mail tests


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium (Playwright), one per test module; each test opens
    its own context. Only the browser tests ask for it (they skip without
    Chromium: ``server.browser.need_chromium``). Not one per process: the
    synchronous Playwright keeps an event loop running in the thread while it
    is started, and the tests that run their own (``asyncio.run``) must not
    meet it."""
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
    with serving(app, port):
        yield base, app.state.ctx


@pytest.fixture(scope="module")
def module_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """One live server for a whole test module (as :func:`live_server`, with
    no per-client limits: a module's tests make more games from one address
    than a person may): its base URL."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    db = tmp_path_factory.mktemp("server") / "bohn.db"
    app = create_app(
        f"sqlite:///{db}", base_url=base, create_rate=None, action_rate=None, max_open_games=None
    )
    with serving(app, port):
        yield base


@pytest.fixture
def server(request: pytest.FixtureRequest) -> str:
    """A live server's base URL: a server of the test's own
    (:func:`live_server`), or where the test module says ``ONE_SERVER =
    True`` the module's (:func:`module_server`: its tests each make a game of
    their own and look only at it, or take only the pages from the server;
    starting and stopping a server took about half a second a test)."""
    if getattr(request.module, "ONE_SERVER", False):
        return str(request.getfixturevalue("module_server"))
    return str(request.getfixturevalue("live_server")[0])
