"""The special cards' detail view on a phone: a building, an establishment, a
mama's bean and a Bohnkick card each carry their name, cost (where they have
one) and effect in the text a hover shows, and a finger held on the card
opens the detail view with the same; a tap elsewhere closes it. The page is
fed one view of a real game through a stand-in WebSocket (as in
test_card_faces), in a touch context at a phone's size; the touches are the
browser's own (``server.touch.Finger``)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bohn.catalogue import catalogue
from bohn.rulesets import find_variant
from bohn.server.rooms import game_view
from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.touch import Finger
from server.touch import centre

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

# (ruleset, players, seed, where the card lies on the page, its kind)
CASES = [
    ("high-bohn", 3, 5, "[data-testid=supply]", "building"),
    ("prohibohn", 2, 5, "[data-testid=supply]", "establishment"),
    ("mutterbohnchen", 3, 5, "[data-testid=hand]", "mama"),
    ("bohnkick", 2, 5, "[data-testid=hand]", "cross"),
]


def _phone(browser: Any, server: str, variant: str, players: int, seed: int) -> Any:
    game = find_variant(variant).new(players, seed)
    view = game_view(game, "details0", 0)
    ctx = browser.new_context(viewport=PHONE, has_touch=True)
    page = ctx.new_page()
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: ws.send(json.dumps(view)))
    page.goto(f"{server}/play/details0?token=t")
    page.wait_for_selector(
        f"body[data-seq='{game.seq}'] [data-details]", state="attached", timeout=TIMEOUT
    )
    return page


def _in_view(page: Any, zone: str, kind: str, variant: str) -> tuple[str, Any]:
    """A card of ``kind`` in ``zone`` whose middle is not under another card (a fanned pile)."""
    cat = catalogue(variant)
    for face in page.locator(f"{zone} [data-details]").all():
        key = face.get_attribute("data-card")
        if cat.entry(key).kind != kind:
            continue
        x, y = centre(face)
        hit = page.evaluate(
            "([x, y]) => document.elementFromPoint(x, y).closest('[data-card]')?.dataset.card",
            [x, y],
        )
        if hit == key:
            return key, face
    raise AssertionError(f"no {kind} card in view in {zone}")


def _flat(text: str | None) -> str:
    return " ".join((text or "").split())


@pytest.mark.parametrize(("variant", "players", "seed", "zone", "kind"), CASES)
def test_a_special_card_shows_its_details_on_hover_and_on_a_long_press(
    browser: Any, server: str, variant: str, players: int, seed: int, zone: str, kind: str
) -> None:
    page = _phone(browser, server, variant, players, seed)
    key, face = _in_view(page, zone, kind, variant)
    entry = catalogue(variant).entry(key).to_json()
    name, effect, price = entry["names"]["en"], entry["effect"]["en"], entry.get("price")
    # the hover text: name, cost and effect
    hover = _flat(face.get_attribute("title"))
    assert hover.startswith(name) and _flat(effect) in hover
    if price is not None:
        assert f"Costs {price}" in hover
    # a finger held still on it opens the detail view
    detail = page.locator("[data-testid=card-detail]")
    assert detail.is_hidden()
    x, y = centre(face)
    Finger(page).hold(x, y)
    detail.wait_for(state="visible", timeout=TIMEOUT)
    said = _flat(detail.inner_text())
    assert said.startswith(name) and _flat(effect) in said
    assert detail.get_attribute("aria-label") == name
    big = detail.locator(".cardf.big")
    assert big.get_attribute("data-card") == key
    if price is not None:
        assert big.locator(".cf-cost").inner_text() == str(price)
        assert f"Costs {price}" in said
    # the long press chose nothing (a Bohnkick hand card is one that moves)
    assert page.locator(".cardf.picked").count() == 0
    assert page.locator("[data-testid=pick-bar]:visible").count() == 0
    # a tap elsewhere closes it
    page.touchscreen.tap(380, 5)
    detail.wait_for(state="hidden", timeout=TIMEOUT)
