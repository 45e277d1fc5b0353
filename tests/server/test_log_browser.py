"""The browser's log shows the describer's sentences (in Debian's chromium;
the test skips without it)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from playwright import sync_api

from server.browser import ARGS, CHROMIUM, TIMEOUT, need_chromium

need_chromium()


def test_the_log_shows_the_describers_sentences(server: str) -> None:
    body = {
        "variant": "sissi",
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
            page.goto(game["join"][0]["url"] + "&lang=de")
            page.wait_for_function(
                "document.querySelector('[data-testid=log]').innerText.includes('du bekamst')",
                timeout=TIMEOUT,
            )
            assert "you got" not in log.inner_text()
        finally:
            browser.close()
