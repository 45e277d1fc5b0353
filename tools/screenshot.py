"""Take the README's screenshot: a Bohnanza game in the browser.

Starts ``bohn serve`` on a temporary database, creates a 4-player game (you
and three greedy bots), plays a few of your moves through the page in
Debian's Chromium (Playwright), and saves ``docs/screenshot.png``.

    .venv/bin/python tools/screenshot.py
"""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

import httpx
from playwright.sync_api import sync_playwright

from bohn.server.launch import CHROMIUM_ARGS, start_server

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    db = os.path.join(tempfile.mkdtemp(prefix="bohn-shot-"), "shot.db")
    proc, url = start_server(f"sqlite:///{db}")
    try:
        game = httpx.post(
            f"{url}/api/games",
            json={
                "variant": "bohnanza",
                "players": 4,
                "seed": 12,
                "think_ms": 0,
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "greedy"}] * 3,
            },
        ).json()
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path="/usr/bin/chromium", args=list(CHROMIUM_ARGS)
            )
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(game["join"][0]["url"])
            page.wait_for_selector("[data-testid=hand-card]")
            for _ in range(2):  # plant the front card, then end phase 1 or plant again
                button = page.locator("[data-action-text^='plant']").first
                if button.count() == 0:
                    break
                button.click()
                page.wait_for_timeout(400)
            page.wait_for_timeout(800)
            out = ROOT / "docs" / "screenshot.png"
            page.screenshot(path=str(out), full_page=False)
            browser.close()
        print(f"saved {out}")
    finally:
        proc.terminate()
        proc.wait()
    return 0


if __name__ == "__main__":
    sys.exit(main())
