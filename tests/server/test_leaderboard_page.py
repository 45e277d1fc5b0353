"""The leaderboard page in Chromium: the bots' fixed ratings beside the
people's, named as the lobby offers them (easy, normal, strong), weakest
first, in the page's language."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()

#: one live server for the module's tests (conftest.server)
ONE_SERVER = True


def test_the_bots_are_named_by_the_lobbys_levels(browser: Any, server: str) -> None:
    for lang, words in (
        ("en", ["random bots: 1140", "easy bots: 1420", "normal bots: 1500", "strong bots: 1580"]),
        (
            "de",
            ["Zufallsbots: 1140", "leichte Bots: 1420", "normale Bots: 1500", "starke Bots: 1580"],
        ),
    ):
        page = browser.new_context().new_page()
        page.goto(f"{server}/leaderboard/bohnanza?lang={lang}")
        # the list comes with the leaderboard's data (Playwright waits for it)
        expect(page.locator("#bots li")).to_have_text(words, timeout=TIMEOUT)
        page.context.close()
