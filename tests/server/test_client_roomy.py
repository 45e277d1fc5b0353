"""The game page gives the cards more room where the board has it to spare
(a table of few seats on a tall window) and takes it back when the bigger
board would not fit (in Debian's chromium; the test skips without it)."""

from __future__ import annotations

from typing import Any

from server.browser import need_chromium
from server.person_page import open_person, person_and_bots

need_chromium()

#: the width of the first card of the hand, the board's size and its bottom
_LOOK = """() => {
  const c = document.querySelector('[data-testid=hand-card] .cardf');
  const b = document.getElementById('board');
  return {size: b.dataset.size || null, card: c.getBoundingClientRect().width,
          bottom: b.getBoundingClientRect().bottom, height: window.innerHeight};
}"""


def _look(browser: Any, server: str, viewport: dict[str, int]) -> tuple[Any, dict[str, Any]]:
    ctx = browser.new_context(viewport=viewport)
    page = open_person(ctx.new_page(), person_and_bots(server, "bohnanza", players=3))
    page.wait_for_selector("[data-testid=hand-card] .cardf")
    return page, page.evaluate(_LOOK)


def test_a_board_with_room_gets_bigger_cards_that_stay_in_view(browser: Any, server: str) -> None:
    page, roomy = _look(browser, server, {"width": 1366, "height": 800})
    assert roomy["size"] == "roomy"
    assert roomy["bottom"] <= roomy["height"]
    # the same table on a window too short for the bigger board: normal cards
    page.set_viewport_size({"width": 1366, "height": 560})
    page.wait_for_function("() => !document.getElementById('board').dataset.size")
    normal = page.evaluate(_LOOK)
    assert normal["card"] < roomy["card"]
    page.context.close()


def test_a_phone_keeps_its_own_sizes(browser: Any, server: str) -> None:
    page, look = _look(browser, server, {"width": 390, "height": 844})
    assert look["size"] is None
    page.context.close()
