"""The browser's log shows the describer's sentences (in Debian's chromium;
the test skips without it)."""

from __future__ import annotations

from typing import Any

from server.browser import TIMEOUT
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import open_tab
from server.person_page import person_and_bots

need_chromium()


def test_the_log_shows_the_describers_sentences(browser: Any, server: str) -> None:
    game = person_and_bots(server, "sissi")
    page = open_person(browser.new_page(), game)
    open_tab(page, "log")
    log = page.locator("[data-testid=log]")
    page.wait_for_function(
        "document.querySelector('[data-testid=log]').innerText.includes('you got')",
        timeout=TIMEOUT,
    )
    text = log.inner_text()
    # the describer's sentences, not the client's own ("was dealt", "Turn 1: ...")
    assert "--- turn 1: you are active" in text
    assert "was dealt" not in text and '{"' not in text
    # ?lang=de: the same log in German, from the same describers
    open_person(page, game, "de")
    open_tab(page, "log")
    page.wait_for_function(
        "document.querySelector('[data-testid=log]').innerText.includes('du bekamst')",
        timeout=TIMEOUT,
    )
    assert "you got" not in log.inner_text()
