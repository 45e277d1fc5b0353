"""The browser's log sums up the bots' turns: each finished turn of another
seat is one line that opens to the full sentences; no JSON, no action
syntax (in Debian's chromium; the test skips without it)."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from playwright import sync_api

from server.browser import ARGS, CHROMIUM, TIMEOUT, need_chromium

need_chromium()


def test_bot_turns_are_folded_and_open_to_their_sentences(server: str) -> None:
    body = {
        "variant": "bohnanza",
        "players": 3,
        "seats": [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot"}],
        "think_ms": 0,
        "seed": 4,
    }
    req = urllib.request.Request(
        server + "/api/games", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        game: Any = json.load(r)
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            page = browser.new_page()
            page.goto(game["join"][0]["url"])
            page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
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
                    page.wait_for_function(
                        f"document.body.dataset.seq !== '{seq}'", timeout=TIMEOUT
                    )
                else:
                    page.wait_for_timeout(100)
            turn = page.locator("[data-testid=log-turn]").first
            summary = turn.locator("summary")
            assert summary.inner_text().startswith("Seat 1's turn: ")
            steps = turn.locator("[data-testid=log-step]")
            assert steps.count() > 0 and not steps.first.is_visible()  # folded
            summary.click()
            assert steps.first.is_visible()
            assert "seat 1 planted" in turn.inner_text()
            text = page.locator("[data-testid=log]").inner_text()
            assert '{"' not in text
            assert not re.search(r"\b(plant f\d|harvest f\d|end-trading|propose)\b", text)
        finally:
            browser.close()
