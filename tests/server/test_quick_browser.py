"""A quick game through the lobby's page: three guests in three browser
contexts ask for Bohnanza for 3, and each lands on their own seat of the one
game made for them."""

from __future__ import annotations

from typing import Any

import httpx
from playwright.sync_api import expect

from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()


def _ask(browser: Any, server: str, name: str) -> Any:
    page = browser.new_context().new_page()
    page.goto(f"{server}/")
    page.locator("[data-testid=name-input]").fill(name)
    page.select_option("[data-testid=quick-variant]", "bohnanza")
    page.select_option("[data-testid=quick-players]", "3")
    page.locator("[data-testid=quick-go]").click()
    return page


def test_three_guests_find_one_game(browser: Any, server: str) -> None:
    anna = _ask(browser, server, "Anna")
    status = anna.locator("[data-testid=quick-status]")
    status.wait_for(timeout=TIMEOUT)
    anna.wait_for_function(
        "document.querySelector('[data-testid=quick-status]').textContent.includes('1 of 3')",
        timeout=TIMEOUT,
    )
    assert anna.locator("[data-testid=quick-stop]").is_visible()
    bert = _ask(browser, server, "Bert")
    carl = _ask(browser, server, "Carl")
    games = set()
    for page in (anna, bert, carl):
        page.wait_for_url("**/play/**", timeout=TIMEOUT)
        page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
        games.add(page.url.split("/play/")[1].split("?")[0])
    assert len(games) == 1
    game = httpx.get(f"{server}/api/games/{games.pop()}").json()
    assert [s["name"] for s in game["seats"]] == ["Anna", "Bert", "Carl"]
    # each page plays its own seat: its hand is shown, the others' are not
    for page in (anna, bert, carl):
        assert page.locator("[data-testid=hand-card]").count() > 0


def test_the_bots_level_is_chosen_with_the_wait(browser: Any, server: str) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{server}/?lang=de")
    level = page.locator("[data-testid=quick-level]")
    # the box is filled once the lobby has the rulesets (Playwright waits for it)
    expect(level.locator("option")).to_have_text(["leicht", "normal", "stark"], timeout=TIMEOUT)
    expect(level).to_have_value("normal")
    page.locator("[data-testid=name-input]").fill("Dora")
    page.select_option("[data-testid=quick-variant]", "sissi")
    level.select_option("strong")
    with page.expect_request(
        lambda r: r.url.endswith("/api/quick") and r.method == "POST"
    ) as asked:
        page.locator("[data-testid=quick-go]").click()
    assert asked.value.post_data_json["level"] == "strong"
    page.locator("[data-testid=quick-stop]").wait_for(timeout=TIMEOUT)
    expect(level).to_be_disabled()  # what is asked for stays as it was while waiting
    page.locator("[data-testid=quick-stop]").click()
    page.locator("[data-testid=quick-go]").wait_for(timeout=TIMEOUT)
    expect(level).to_be_enabled()
