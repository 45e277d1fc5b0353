"""The game page on a phone (390x844, touch): the table as it lies, top to
bottom, with the cards you act on on the first screen. The other seats come
small in rows of three, then the middle, your fields and your hand, and the
moves under your hand. The chosen card's bar and a refusal show at the foot
of the screen, where the finger is. A real game on a real server: Bohnanza
seat 0 against bots that think a long time, so the position holds still."""

from __future__ import annotations

from typing import Any

from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.person_page import open_person
from server.person_page import person_and_bots

need_chromium()

SEED = 3  # seat 0's hand: blaue, feuer, sau, sau, feuer; both fields empty

_BOXES = """() => {
  const box = (q) => { const r = document.querySelector(q).getBoundingClientRect();
                       return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const seats = [...document.querySelectorAll('#seats [data-seat]')].map((s) => s.getBoundingClientRect());
  return {seats: box('#seats'), table: box('#table'), fields: box('#my-seat .fields'),
          hand: box('[data-testid=hand-card]'), moves: box('#moves-panel'),
          seatTops: seats.map((r) => Math.round(r.top)), seatWidth: Math.max(...seats.map((r) => r.width)),
          scrollY: window.scrollY, width: document.documentElement.scrollWidth};
}"""


def _open(browser: Any, server: str, variant: str = "bohnanza", players: int = 4) -> Any:
    game = person_and_bots(server, variant, SEED, players=players, think_ms=5000)
    page = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True).new_page()
    return open_person(page, game, ready="body[data-seq='0'] [data-testid=hand-card]")


def test_your_fields_and_hand_are_on_the_first_screen_under_the_table(
    browser: Any, server: str
) -> None:
    page = _open(browser, server)
    b = page.evaluate(_BOXES)
    assert b["scrollY"] == 0
    # top to bottom: the other seats, the middle, your fields, your hand, the moves
    assert b["seats"]["bottom"] <= b["table"]["top"] <= b["fields"]["top"]
    assert b["fields"]["bottom"] <= b["hand"]["top"] <= b["moves"]["top"]
    # the three other seats share one row, and nothing is wider than the phone
    assert len(set(b["seatTops"])) == 1 and b["seatWidth"] <= PHONE["width"] / 3
    assert b["width"] <= PHONE["width"]
    # your fields and the front card are in view without scrolling
    assert b["fields"]["bottom"] <= PHONE["height"] and b["hand"]["bottom"] <= PHONE["height"]
    page.context.close()


def _at_the_foot(page: Any, testid: str) -> None:
    box = page.locator(f"[data-testid={testid}]").bounding_box()
    assert box is not None
    assert PHONE["height"] - 60 <= box["y"] + box["height"] <= PHONE["height"], box


def test_the_chosen_card_and_a_refusal_show_at_the_foot_of_the_screen(
    browser: Any, server: str
) -> None:
    page = _open(browser, server)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.locator("[data-testid=hand-card][data-ref='h1'] .cardf").tap()  # behind the front card
    bar = page.locator("[data-testid=pick-bar]")
    bar.wait_for(state="visible", timeout=TIMEOUT)
    assert "no move takes this card now" in bar.inner_text()
    _at_the_foot(page, "pick-bar")
    page.evaluate("window.scrollTo(0, 0)")
    _at_the_foot(page, "pick-bar")  # wherever the page is scrolled
    page.locator("#my-seat [data-field='0']").tap()
    error = page.locator("[data-testid=error]")
    error.wait_for(state="visible", timeout=TIMEOUT)
    assert "planted from the front of the hand" in error.inner_text()
    _at_the_foot(page, "error")
    assert page.evaluate("document.body.dataset.seq") == "0"  # the refusal changed nothing
    page.context.close()


def test_six_other_seats_take_two_rows_of_three(browser: Any, server: str) -> None:
    page = _open(browser, server, "bohnanza-rio-grande", 7)
    b = page.evaluate(_BOXES)
    assert len(set(b["seatTops"])) == 2 and b["seatWidth"] <= PHONE["width"] / 3
    assert b["width"] <= PHONE["width"]
    assert b["fields"]["top"] < PHONE["height"]  # your fields start on the first screen
    page.context.close()
