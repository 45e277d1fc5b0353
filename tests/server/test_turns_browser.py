"""'Your turn' on the lobby (``static/turns.js``): a game of this browser
that waits for its seat is counted in the title, linked in the header, and,
with the person's consent, told by the browser's Notification API."""

from __future__ import annotations

import json
from typing import Any

from server.browser import TIMEOUT
from server.browser import create_game
from server.browser import need_chromium

need_chromium()

#: records each notification the page shows (the browser's own would need a desktop)
RECORD = """
window.shown = [];
window.Notification = class {
  static permission = "granted";
  static requestPermission() { return Promise.resolve("granted"); }
  constructor(title, options) { window.shown.push({ title, body: options.body }); }
  addEventListener() {}
};
"""


def test_a_game_waiting_for_you_is_counted_linked_and_notified(browser: Any, server: str) -> None:
    people = [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}]
    game = create_game(server, people, seed=3)  # seat 0 plants first: it waits for seat 0
    kept = [{"id": game["id"], "seat": 0, "title": "Bohnanza", "url": game["join"][0]["url"]}]
    ctx = browser.new_context()
    ctx.add_init_script(RECORD)
    ctx.add_init_script(f"localStorage.setItem('bohn.games', {json.dumps(json.dumps(kept))});")
    page = ctx.new_page()
    page.goto(f"{server}/")
    page.wait_for_function("document.title.startsWith('(1) ')", timeout=TIMEOUT)
    link = page.locator("[data-testid=turn-link]")
    assert link.count() == 1 and link.get_attribute("href") == f"/play/{game['id']}"
    page.wait_for_function("window.shown.length === 1", timeout=TIMEOUT)
    shown = page.evaluate("window.shown")
    assert shown == [{"title": "bohn: your turn", "body": "Bohnanza waits for your move."}]
    # told once: the next look shows no second notification for the same game
    page.reload()
    page.wait_for_function("document.title.startsWith('(1) ')", timeout=TIMEOUT)
    assert page.evaluate("window.shown") == []
