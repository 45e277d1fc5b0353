"""The game page takes the seat token out of the address bar and keeps
playing the seat on a reload; the pages run under the server's
Content-Security-Policy without a violation (Debian's Chromium)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()

#: collects the page's Content-Security-Policy violations in window.__csp
WATCH_CSP = """
window.__csp = [];
document.addEventListener("securitypolicyviolation", (e) => {
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
});
"""


def _create(base: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(
        f"{base}/api/games", json.dumps(body).encode(), {"content-type": "application/json"}
    )
    with urllib.request.urlopen(req) as r:
        return json.load(r)


def _hand(page: Any) -> list[str | None]:
    cards = page.locator("[data-testid=hand-card]")
    return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]


def test_the_token_leaves_the_address_bar_and_a_reload_plays_the_seat(
    browser: Any, server: str
) -> None:
    game = _create(
        server,
        {"variant": "bohnanza", "players": 3, "seed": 4, "seats": [{"kind": "human"}] * 3},
    )
    gid, token = game["id"], game["join"][1]["token"]
    ctx = browser.new_context(viewport={"width": 1366, "height": 800}, bypass_csp=False)
    try:
        page = ctx.new_page()
        page.add_init_script(WATCH_CSP)
        page.goto(f"{server}/play/{gid}?token={token}&lang=en")
        page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
        page.wait_for_selector("[data-testid=hand-card]", timeout=TIMEOUT)
        assert token not in page.url and "token" not in page.url
        assert page.evaluate("location.href") == f"{server}/play/{gid}?lang=en"
        hand = _hand(page)
        assert len(hand) == 5  # seat 1's own hand: the page plays the seat
        # the reload has no token in its URL, and still plays seat 1
        page.reload()
        page.wait_for_selector("[data-testid=hand-card]", timeout=TIMEOUT)
        assert _hand(page) == hand
        assert "token" not in page.evaluate("location.href")
        assert page.locator("[data-testid=error]").inner_text().strip() == ""
        # another tab of the same browser, from the address without the token
        other = ctx.new_page()
        other.goto(f"{server}/play/{gid}")
        other.wait_for_selector("[data-testid=hand-card]", timeout=TIMEOUT)
        assert _hand(other) == hand
        assert page.evaluate("window.__csp") == []
    finally:
        ctx.close()


def test_a_spectator_link_loses_its_token_too(browser: Any, server: str) -> None:
    game = _create(server, {"variant": "bohnanza", "players": 3, "seed": 5})
    gid, spectate = game["id"], game["spectate"]["token"]
    ctx = browser.new_context(bypass_csp=False)
    try:
        page = ctx.new_page()
        page.add_init_script(WATCH_CSP)
        page.goto(f"{server}/play/{gid}?spectate={spectate}")
        page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
        assert spectate not in page.url
        page.reload()
        page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
        assert page.locator("[data-testid=hand-card]").count() == 0  # a spectator's view
        assert page.evaluate("window.__csp") == []
    finally:
        ctx.close()


def test_the_lobby_and_replay_pages_run_under_the_policy(browser: Any, server: str) -> None:
    ctx = browser.new_context(bypass_csp=False)
    try:
        page = ctx.new_page()
        page.add_init_script(WATCH_CSP)
        page.goto(f"{server}/")
        page.wait_for_selector(
            "[data-testid=variant-select] option", state="attached", timeout=TIMEOUT
        )
        page.goto(f"{server}/static/replay.html")
        page.wait_for_load_state("networkidle")
        assert page.evaluate("window.__csp") == []
        # the watch sees a violation: inline script is refused under the policy
        page.evaluate(
            "() => { const s = document.createElement('script');"
            " s.textContent = 'window.__ran = 1'; document.body.append(s); }"
        )
        # (no wait_for_function: it evaluates a string, which the policy forbids)
        for _ in range(100):
            if page.evaluate("() => window.__csp.length"):
                break
            page.wait_for_timeout(50)
        assert page.evaluate("window.__ran") is None
        assert page.evaluate("window.__csp")[0].startswith("script-src")
    finally:
        ctx.close()
