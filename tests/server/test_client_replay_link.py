"""The game page's link to the replay viewer. A running game's replay is
what a spectator sees, and the server gives it for the spectator token only:
the spectator's page links to the game so far at any time, a seat's page
only once the game is over (then to the whole game, every hand shown)."""

from __future__ import annotations

from typing import Any

import httpx

from server.browser import TIMEOUT
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots
from server.test_api import person_and_bots as person_and_named_bots
from server.test_api import play_seat_0

need_chromium()


def _one_move(server: str, game: dict[str, Any]) -> None:
    """Seat 0 plays its first legal move: the running game has a step to replay."""
    token = game["join"][0]["token"]
    auth = {"authorization": f"Bearer {token}"}
    s = httpx.get(f"{server}/api/games/{game['id']}/state", headers=auth).json()
    r = httpx.post(
        f"{server}/api/games/{game['id']}/actions",
        headers=auth,
        json={"seq": s["seq"], "action": s["legal"][0]["action"]},
    )
    assert r.is_success, r.text


def _follow(page: Any, link: Any) -> Any:
    """Click ``link`` (it opens a new tab) and wait for the replay's first step there."""
    with page.context.expect_page() as tab:
        link.click()
    replay = tab.value
    replay.wait_for_selector("body[data-step='0']", timeout=TIMEOUT)
    return replay


def test_a_spectator_watches_the_replay_of_a_running_game(browser: Any, server: str) -> None:
    game = person_and_bots(server, "bohnanza", 3, think_ms=5000)
    _one_move(server, game)  # seat 1 (a bot thinking 5 s) is to move: the game runs
    page = browser.new_page()
    page.goto(f"{game['spectate']['url']}&lang=en")
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    assert page.locator("[data-testid=result]").is_hidden()
    link = page.locator("[data-testid=replay-link]")
    assert link.is_visible() and link.inner_text() == "Replay so far"
    assert f"spectate={game['spectate']['token']}" in (link.get_attribute("href") or "")
    assert link.get_attribute("target") == "_blank"  # the live game stays open
    replay = _follow(page, link)
    assert "still running" in replay.locator("[data-testid=replay-title]").inner_text()
    assert replay.locator("[data-testid=replay-scrub]").get_attribute("max") == "1"
    # what a spectator sees: no seat's hand
    assert replay.locator("[data-testid^='hand-'] [data-card]").count() == 0
    assert replay.locator("[data-testid=error]").is_hidden()


def test_a_seat_gets_the_replay_link_once_the_game_is_over(browser: Any, server: str) -> None:
    game = person_and_bots(server, "bohnanza", 3, think_ms=5000)
    page = open_person(browser.new_page(), game, ready="body[data-seq='0']")
    # running: the replay endpoints would refuse a seat's token, and nothing is offered
    assert page.locator("[data-testid=replay-link]").is_hidden()
    assert "spectate=" not in page.content()
    with httpx.Client(base_url=server, timeout=30) as http:
        done = person_and_named_bots(http, "bohnanza", ["greedy", "greedy"])  # type: ignore[arg-type]
        play_seat_0(http, done, seed=4)  # type: ignore[arg-type]
    page = open_person(browser.new_page(), done, ready="[data-testid=result]:visible")
    link = page.locator("[data-testid=replay-link]")
    assert link.is_visible() and link.inner_text() == "Watch the replay"
    assert link.get_attribute("data-over") == "yes"
    assert "spectate" not in (link.get_attribute("href") or "")
    replay = _follow(page, link)
    assert "still running" not in replay.locator("[data-testid=replay-title]").inner_text()
    assert replay.locator("[data-testid=error]").is_hidden()


def test_the_link_is_worded_in_german(browser: Any, server: str) -> None:
    game = person_and_bots(server, "bohnanza", 3, think_ms=5000)
    page = browser.new_page()
    page.goto(f"{game['spectate']['url']}&lang=de")
    page.wait_for_selector("body[data-seq='0']", timeout=TIMEOUT)
    assert page.locator("[data-testid=replay-link]").inner_text() == "Bisheriger Verlauf"
