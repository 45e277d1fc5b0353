"""A state redraws only the parts of the table that changed: the other
seats, the draw pile and the market keep their elements when a move leaves
them as they were, so the browser lays out only what changed; a part whose
data changed is drawn anew and shows the new state (in Debian's Chromium;
the test skips without it)."""

from __future__ import annotations

from typing import Any

from server.browser import TIMEOUT, need_chromium
from server.person_page import open_person, person_and_bots

need_chromium()

#: tag every part of the table the page keeps between states
_TAG = """() => {
  for (const n of document.querySelectorAll('#seats > [data-part], #table [data-part]')) n.bohnKept = n.dataset.part;
}"""
#: the parts that are still the same elements
_KEPT = """() => [...document.querySelectorAll('#seats > [data-part], #table [data-part]')]
  .filter((n) => n.bohnKept === n.dataset.part).map((n) => n.dataset.part).sort()"""


def test_a_planting_redraws_the_planter_and_keeps_the_rest(browser: Any, server: str) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 800})
    page = open_person(ctx.new_page(), person_and_bots(server, "high-bohn", players=3))
    page.wait_for_selector("button[data-testid=action][data-primary=yes]", timeout=TIMEOUT)
    hand = page.locator("[data-testid=hand-card]").count()
    page.evaluate(_TAG)
    seq = page.get_attribute("body", "data-seq")
    # the first card of the hand is planted: the person's seat and hand change,
    # the bots' seats, the draw pile and the market do not
    page.click("button[data-testid=action][data-primary=yes]")
    page.wait_for_function("(s) => document.body.dataset.seq !== s", arg=seq, timeout=TIMEOUT)
    kept = page.evaluate(_KEPT)
    assert {"seat-1", "seat-2", "deck", "market", "row"} <= set(kept), kept
    assert page.locator("[data-testid=hand-card]").count() == hand - 1
    # a redrawn part shows the new state: the planted card lies in a field of mine
    assert page.locator("[data-testid=seat-0] .field .cardf").count() >= 1
    ctx.close()
