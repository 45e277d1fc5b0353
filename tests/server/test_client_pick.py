"""Moves by direct manipulation on the game page: click (or drag) a card,
then a highlighted field. The page plays a real game on a real server
(Bohnanza, seat 0 against bots that think a long time, so the position
holds still while the test looks at it)."""

from __future__ import annotations

from typing import Any

from bohn.rulesets import find_variant
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

SEED = 3  # seat 0's hand: blaue, blaue, blaue, augen, sau; both fields empty


def _open(browser: Any, server: str, lang: str = "en") -> Any:
    game = person_and_bots(server, "bohnanza", SEED, think_ms=5000)
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    return open_person(page, game, lang, "body[data-seq='0'] [data-testid=hand-card]")


def _field(page: Any, f: int) -> Any:
    return page.locator(f"#my-seat [data-field='{f}']")


def _hand(page: Any, i: int) -> Any:
    return page.locator(f"[data-testid=hand-card][data-ref='h{i}'] .cardf")


def test_the_picked_card_highlights_the_fields_it_may_go_to_and_a_click_plants_it(
    browser: Any, server: str
) -> None:
    expected = find_variant("bohnanza").new(3, SEED).observe(0)["seats"][0]["hand"]
    page = _open(browser, server)
    assert [
        page.locator("[data-testid=hand-card]").nth(i).get_attribute("data-card") for i in range(5)
    ] == expected
    front = _hand(page, 0)
    front.click()
    assert "picked" in (front.get_attribute("class") or "")
    # both empty fields take the front card
    assert page.locator("#my-seat .field.target").count() == 2
    bar = page.locator("[data-testid=pick-bar]")
    assert bar.is_visible() and "Blue bean is chosen" in bar.inner_text()
    _field(page, 1).click()
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    assert _field(page, 1).locator("[data-card]").first.get_attribute("data-card") == "blaue"
    assert _field(page, 0).locator("[data-card]").count() == 0
    assert page.locator(".field.target").count() == 0  # the pick ended with the move


def test_a_field_clicked_without_a_pick_takes_the_front_card(browser: Any, server: str) -> None:
    page = _open(browser, server)
    _field(page, 0).click()
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    assert _field(page, 0).locator("[data-card]").first.get_attribute("data-card") == "blaue"


def test_a_card_dragged_onto_a_field_is_planted_there(browser: Any, server: str) -> None:
    page = _open(browser, server)
    _hand(page, 0).drag_to(_field(page, 1))
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    assert _field(page, 1).locator("[data-card]").first.get_attribute("data-card") == "blaue"


def test_an_illegal_place_is_refused_with_the_rule_and_changes_nothing(
    browser: Any, server: str
) -> None:
    page = _open(browser, server)
    second = _hand(page, 1)  # a Chili bean behind the front card
    second.click()
    bar = page.locator("[data-testid=pick-bar]")
    assert "no move takes this card now" in bar.inner_text()
    assert page.locator("#my-seat .field.target").count() == 0
    _field(page, 0).click()
    error = page.locator("[data-testid=error]")
    error.wait_for(state="visible", timeout=TIMEOUT)
    said = error.inner_text()
    assert "planted from the front of the hand" in said and "bohnanza §3.1.1" in said
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.seq") == "0"
    assert _field(page, 0).locator("[data-card]").count() == 0


def test_escape_and_a_second_click_let_go_of_the_card(browser: Any, server: str) -> None:
    page = _open(browser, server)
    front = _hand(page, 0)
    front.click()
    page.keyboard.press("Escape")
    assert page.locator(".cardf.picked").count() == 0
    assert page.locator("[data-testid=pick-bar]").is_hidden()
    _hand(page, 0).click()
    _hand(page, 0).click()
    assert page.locator(".cardf.picked").count() == 0


def test_picking_is_worded_in_german(browser: Any, server: str) -> None:
    page = _open(browser, server, "de")
    _hand(page, 0).click()
    assert "Blaue Bohne ist gewählt" in page.locator("[data-testid=pick-bar]").inner_text()
    assert page.locator("#hand-title").inner_text() == "Deine Hand"
    assert page.locator("#actions-title").inner_text() == "Deine Züge"


def test_the_keyboard_reaches_every_card_field_and_pile_and_plants(
    browser: Any, server: str
) -> None:
    page = _open(browser, server)
    stops = []
    page.locator("body").focus()
    for _ in range(120):
        page.keyboard.press("Tab")
        stops.append(
            page.evaluate(
                """() => {
                  const a = document.activeElement;
                  if (!a || a === document.body) return null;
                  const zone = a.closest('[data-zone]');
                  return {card: a.dataset.card || null, field: a.dataset.field ?? null,
                          zone: zone ? zone.dataset.zone : null, seat: a.closest('[data-seat]')?.dataset.seat ?? null};
                }"""
            )
        )
    cards = [s for s in stops if s and s["card"]]
    zones = {s["zone"] for s in stops if s}
    # every card of the hand and both piles are reached
    assert {"hand:0", "deck", "discard"} <= zones, zones
    hand = [s["card"] for s in cards if s["zone"] == "hand:0"]
    expected = find_variant("bohnanza").new(3, SEED).observe(0)["seats"][0]["hand"]
    assert set(hand) == set(expected), hand
    # my empty fields are reached too (they take the front card)
    assert {s["field"] for s in stops if s and s["field"] is not None} >= {"0", "1"}
    # the front card is picked with Enter and planted with Enter on field 2
    front = _hand(page, 0)
    front.focus()
    page.keyboard.press("Enter")
    assert "picked" in (front.get_attribute("class") or "")
    _field(page, 1).focus()
    page.keyboard.press("Enter")
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    assert _field(page, 1).locator("[data-card]").first.get_attribute("data-card") == "blaue"
