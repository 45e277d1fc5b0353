"""Moves by finger on a phone: a touch on a card that moves, dragged onto a
field, plants it there (a ghost of the card follows the finger and the places
it may go light up, as for the mouse's drag and drop); a tap still picks. The
page plays a real game on a real server (Bohnanza, seat 0 against bots that
think a long time), in a touch context at a phone's size; the touches are
the browser's own (``server.touch.Finger``)."""

from __future__ import annotations

from typing import Any

from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots
from server.touch import Finger
from server.touch import centre

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

SEED = 3  # seat 0's hand: blaue, feuer, sau, sau, feuer; both fields empty


def open_phone(browser: Any, server: str) -> Any:
    game = person_and_bots(server, "bohnanza", SEED, think_ms=5000)
    page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    return open_person(page, game, ready="body[data-seq='0'] [data-testid=hand-card]")


def field(page: Any, f: int) -> Any:
    return page.locator(f"#my-seat [data-field='{f}']")


def hand_card(page: Any, i: int) -> Any:
    return page.locator(f"[data-testid=hand-card][data-ref='h{i}'] .cardf")


def card_and_field(page: Any, f: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """The middles of the front card and of field ``f``, both in view (the hand scrolled to)."""
    hand = centre(hand_card(page, 0))
    box = field(page, f).bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= PHONE["height"]
    return hand, (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def test_a_card_dragged_by_finger_onto_a_field_is_planted_there(browser: Any, server: str) -> None:
    page = open_phone(browser, server)
    finger = Finger(page)
    # field 1, not field 0 (which a plain tap on a field would fill with the front card)
    (hx, hy), (fx, fy) = card_and_field(page, 1)
    finger.down(hx, hy)
    finger.move(hx, hy, fx, fy)
    # mid-drag: the ghost follows the finger, the fields the card may go to are lit,
    # the one under the finger the most
    ghost = page.locator("[data-testid=drag-ghost]")
    assert ghost.count() == 1
    gbox = ghost.bounding_box()
    assert gbox is not None
    assert gbox["x"] <= fx <= gbox["x"] + gbox["width"] + 1
    assert gbox["y"] <= fy <= gbox["y"] + gbox["height"] + 1
    assert page.locator("#my-seat .field.target").count() == 2
    assert "drag-over" in (field(page, 1).get_attribute("class") or "")
    assert page.locator("[data-testid=card-detail]:visible").count() == 0  # no long press
    finger.up()
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    assert field(page, 1).locator("[data-card]").first.get_attribute("data-card") == "blaue"
    assert field(page, 0).locator("[data-card]").count() == 0
    assert ghost.count() == 0
    assert page.locator(".field.target, .drag-over").count() == 0


def test_a_finger_drag_let_go_away_from_the_fields_moves_nothing(browser: Any, server: str) -> None:
    page = open_phone(browser, server)
    finger = Finger(page)
    hx, hy = centre(hand_card(page, 0))
    finger.down(hx, hy)
    finger.move(hx, hy, hx + 220, hy + 10)  # along the hand: no place there
    assert page.locator("[data-testid=drag-ghost]").count() == 1
    assert page.locator(".drag-over").count() == 0
    finger.up()
    assert page.locator("[data-testid=drag-ghost]").count() == 0
    assert page.locator(".field.target").count() == 0  # the marks went with the drag
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.seq") == "0"
    assert page.locator("#my-seat [data-field] [data-card]").count() == 0


def test_a_tap_still_picks_the_card_and_a_tap_on_a_field_plants_it(
    browser: Any, server: str
) -> None:
    page = open_phone(browser, server)
    front = hand_card(page, 0)
    front.tap()
    assert "picked" in (front.get_attribute("class") or "")
    assert page.locator("#my-seat .field.target").count() == 2
    field(page, 1).tap()
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    assert field(page, 1).locator("[data-card]").first.get_attribute("data-card") == "blaue"


def test_a_finger_held_on_a_card_shows_its_details_and_drags_nothing(
    browser: Any, server: str
) -> None:
    page = open_phone(browser, server)
    finger = Finger(page)
    (hx, hy), (fx, fy) = card_and_field(page, 1)
    finger.down(hx, hy)
    page.wait_for_timeout(700)
    detail = page.locator("[data-testid=card-detail]")
    assert detail.is_visible() and "Blue bean" in detail.inner_text()
    finger.move(hx, hy, fx, fy)  # moving on after the details opened is no drag
    assert page.locator("[data-testid=drag-ghost]").count() == 0
    finger.up()
    page.wait_for_timeout(300)
    assert page.evaluate("document.body.dataset.seq") == "0"
    assert "picked" not in (hand_card(page, 0).get_attribute("class") or "")


def test_a_card_dragged_with_a_pen_is_planted_there(browser: Any, server: str) -> None:
    page = open_phone(browser, server)
    cdp = page.context.new_cdp_session(page)
    (hx, hy), (fx, fy) = card_and_field(page, 1)

    def pen(kind: str, x: float, y: float) -> None:
        cdp.send(
            "Input.dispatchMouseEvent",
            {"type": kind, "x": x, "y": y, "button": "left", "buttons": 1, "pointerType": "pen"},
        )

    pen("mousePressed", hx, hy)
    for k in range(1, 13):
        pen("mouseMoved", hx + (fx - hx) * k / 12, hy + (fy - hy) * k / 12)
        page.wait_for_timeout(16)
    assert page.locator("[data-testid=drag-ghost]").count() == 1
    pen("mouseReleased", fx, fy)
    page.wait_for_selector("body[data-seq='1']", timeout=TIMEOUT)
    assert field(page, 1).locator("[data-card]").first.get_attribute("data-card") == "blaue"
