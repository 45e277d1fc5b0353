"""What the browser tests share: Debian's Chromium (``BOHN_CHROMIUM``), the
flags it runs with and how long a page may take.

Playwright's ``wait_for_function`` evaluates its string in the page, which
the server's Content-Security-Policy (no ``eval``) forbids; so a browser
context of these tests bypasses the policy unless it asks otherwise
(``bypass_csp=False``: ``test_link_token.py`` checks the pages under the
real policy)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import httpx
import pytest

from bohn.server.launch import CHROMIUM_ARGS


def _bypass_csp_by_default() -> None:
    try:
        from playwright.sync_api import Browser
    except ImportError:  # no Playwright: the browser tests skip
        return
    for name in ("new_context", "new_page"):  # new_page makes a context of its own
        plain = getattr(Browser, name)
        if getattr(plain, "_bohn_bypass", False):
            continue

        def bypassing(self: Browser, *args: Any, _plain: Any = plain, **kwargs: Any) -> Any:
            kwargs.setdefault("bypass_csp", True)
            return _plain(self, *args, **kwargs)

        bypassing._bohn_bypass = True  # type: ignore[attr-defined]
        setattr(Browser, name, bypassing)


_bypass_csp_by_default()

CHROMIUM = Path(os.environ.get("BOHN_CHROMIUM") or "/usr/bin/chromium")
ARGS = list(CHROMIUM_ARGS)
#: milliseconds a page may take to show what a test waits for
TIMEOUT = 15_000
#: the phone the page is checked on
PHONE = {"width": 390, "height": 844}
#: a person at seat 1 between greedy bots
BOT_PERSON_BOT = [
    {"kind": "bot", "bot": "greedy"},
    {"kind": "human"},
    {"kind": "bot", "bot": "greedy"},
]


def create_game(server: str, seats: list[dict[str, Any]] | None = None, **body: Any) -> Any:
    """A Bohnanza game for 3 made through the API of ``server`` with these
    seats (:data:`BOT_PERSON_BOT` unless given); ``body`` adds to the request
    (``seed``, ``pace``...). The answer: the game and its join links."""
    seats = BOT_PERSON_BOT if seats is None else seats
    r = httpx.post(
        f"{server}/api/games", json={"variant": "bohnanza", "players": 3, "seats": seats, **body}
    )
    assert r.is_success, r.text
    return r.json()


def after_paint(body: str, settled: bool = False) -> str:
    """An async script for ``page.evaluate`` that runs ``body`` once the
    browser has painted the frame after the last state: the board's
    ResizeObserver may change the board's size in that frame, so the script
    sees what a player sees (the frame callback, then a task queued there).

    ``settled``: first wait for every style sheet, then for two frames. A
    ruleset's own style sheet (Bohnkick's ``client.css``) comes after the
    table's first drawing, and the board is fitted again in the frame after
    it loads: a look at the page as it first opens needs this; a look after
    each move of a game does not (the sheet came long before)."""
    wait = "await new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));"
    if settled:
        wait = (
            "await Promise.all([...document.querySelectorAll('link[rel=stylesheet]')]"
            ".filter((l) => !l.sheet).map((l) => new Promise((ok) => {"
            " l.addEventListener('load', ok, {once: true}); l.addEventListener('error', ok, {once: true}); })));\n"
            "  await new Promise((done) => requestAnimationFrame(() =>"
            " requestAnimationFrame(() => setTimeout(done, 0))));"
        )
    return f"async () => {{\n  {wait}\n{body}\n}}"


def need_chromium() -> None:
    """Skip the calling test module without Chromium, except in CI
    (``BOHN_REQUIRE_BROWSER=1``), where a missing Chromium is an error."""
    if os.environ.get("BOHN_REQUIRE_BROWSER") == "1":
        assert CHROMIUM.exists(), "BOHN_REQUIRE_BROWSER=1 but there is no Chromium"
    elif not CHROMIUM.exists():
        pytest.skip("no Chromium (tools/chromium.sh installs it)", allow_module_level=True)
