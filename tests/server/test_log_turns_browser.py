"""The browser's log sums up the bots' turns: each finished turn of another
seat is one line that opens to the full sentences; no JSON, no action
syntax (in Debian's chromium; the test skips without it)."""

from __future__ import annotations

import re
from typing import Any

from server.browser import TIMEOUT
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import open_tab
from server.person_page import person_and_bots

need_chromium()


def test_bot_turns_are_folded_and_open_to_their_sentences(browser: Any, server: str) -> None:
    page = open_person(browser.new_page(), person_and_bots(server, "bohnanza"))
    # seat 0 plays its turn with the page's first move until a bot turn is over
    for _ in range(60):
        if page.locator("[data-testid=log-turn]").count():
            break
        move = page.locator("[data-testid=action][data-primary=yes]")
        if not move.count():
            move = page.locator("[data-testid=action]")
        if move.count():
            seq = page.get_attribute("body", "data-seq")
            move.first.click()
            page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=TIMEOUT)
        else:
            page.wait_for_timeout(100)
    # the log is a tab of its own beside the moves
    open_tab(page, "log")
    turn = page.locator("[data-testid=log-turn]").first
    summary = turn.locator("summary")
    # the bots have names of their own, Bruno at seat 1 and Clara at seat 2
    # (the first folded turn is Bruno's or, when the person traded in that
    # one while it waited for their pass, Clara's)
    head = re.match(r"(Bruno|Clara)'s turn: ", summary.inner_text())
    assert head, summary.inner_text()
    steps = turn.locator("[data-testid=log-step]")
    assert steps.count() > 0 and not steps.first.is_visible()  # folded
    summary.click()
    assert steps.first.is_visible()
    assert f"{head.group(1)} planted" in turn.inner_text()
    text = page.locator("[data-testid=log]").inner_text()
    assert '{"' not in text
    assert not re.search(r"\b(plant f\d|harvest f\d|end-trading|propose)\b", text)
