"""The game page draws cards as cards, from the ruleset's catalogue
(``/api/variants/<variant>/cards``): names in the page's language, a bean
card's beanometer, a building's cost and effect in its detail view. The page
is fed one view through a stand-in WebSocket, as in test_client_render."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bohn.catalogue import catalogue
from bohn.engine.game import Game
from bohn.rulesets import find_variant
from bohn.server.rooms import game_view
from server.browser import PHONE, TIMEOUT, need_chromium

need_chromium()


def _show(browser: Any, server: str, game: Game, seat: int, lang: str = "en") -> Any:
    view = game_view(game, "faces0", seat)
    page = browser.new_context(viewport={"width": 1366, "height": 800}).new_page()
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: ws.send(json.dumps(view)))
    page.goto(f"{server}/play/faces0?token=t&lang={lang}")
    page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)
    return page


def _hand_faces(page: Any) -> Any:
    return page.locator("[data-testid=hand-card] .cardf")


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_hand_shows_faces_with_keys_and_names(browser: Any, server: str, lang: str) -> None:
    game = find_variant("bohnanza").new(4, 7)
    hand = game.observe(0)["seats"][0]["hand"]
    cat = catalogue("bohnanza")
    page = _show(browser, server, game, 0, lang)
    faces = _hand_faces(page)
    assert faces.count() == len(hand)
    for i, key in enumerate(hand):
        face = faces.nth(i)
        name = cat.entry(key).names[lang]
        assert face.get_attribute("data-card") == key
        assert face.get_attribute("aria-label") == name
        # a German compound may break before its "bohne" (a soft hyphen)
        shown = face.locator(".cf-name").inner_text()
        assert shown.replace("\u00ad", "") == name
        if re.fullmatch(r"\w{3,}bohne", name):  # Brechbohne: Brech-bohne on a narrow card
            assert shown == name[:-5] + "\u00adbohne", shown
    # no visible text of the hand is a raw key
    text = page.locator("[data-testid=hand]").inner_text()
    for key in [e.key for e in cat.entries]:
        assert not re.search(rf"\b{re.escape(key)}\b", text), key


def test_a_bean_card_shows_its_beanometer(browser: Any, server: str) -> None:
    game = find_variant("bohnanza").new(4, 7)
    key = game.observe(0)["seats"][0]["hand"][0]
    meter = catalogue("bohnanza").entry(key).to_json()["beanometer"]
    page = _show(browser, server, game, 0)
    steps = _hand_faces(page).first.locator(".cf-meter .cf-step")
    assert steps.count() == 4
    assert [steps.nth(i).inner_text().strip() for i in range(4)] == [
        "" if n is None else str(n) for n in meter
    ]


def test_a_building_shows_its_cost_and_effect_in_its_detail_view(browser: Any, server: str) -> None:
    game = find_variant("high-bohn").new(3, 5)
    key = game.observe(0)["supply"][0]
    entry = catalogue("high-bohn").entry(key).to_json()
    page = _show(browser, server, game, 0)
    face = page.locator(f"[data-testid=supply] [data-card='{key}']")
    assert face.get_attribute("aria-label") == entry["names"]["en"]
    assert entry["effect"]["en"] in face.get_attribute("title")  # the hover text
    # a plain click opens nothing (a click on a card is the table's)
    face.click(position={"x": 6, "y": 20})  # the part of it its pile leaves in view
    detail = page.locator("[data-testid=card-detail]")
    page.wait_for_timeout(100)
    assert detail.is_hidden()
    # a right click opens its detail view
    face.click(position={"x": 6, "y": 30}, button="right")
    detail.wait_for(state="visible", timeout=TIMEOUT)
    said = " ".join(detail.inner_text().split())
    assert entry["names"]["en"] in said
    assert entry["text"]["en"] in said  # "Costs …" and the effect
    page.keyboard.press("Escape")
    assert detail.is_hidden()
    # and so does its (i), on the edge its pile leaves in view
    info = face.locator("[data-testid=card-info]").bounding_box()
    assert info is not None
    page.mouse.click(info["x"] + info["width"] / 2, info["y"] + info["height"] / 2)
    detail.wait_for(state="visible", timeout=TIMEOUT)
    assert detail.get_attribute("aria-label") == entry["names"]["en"]


def test_a_long_press_opens_the_detail_view_on_a_phone(browser: Any, server: str) -> None:
    game = find_variant("high-bohn").new(3, 5)
    key = game.observe(0)["supply"][1]
    entry = catalogue("high-bohn").entry(key).to_json()
    view = game_view(game, "faces1", 0)
    ctx = browser.new_context(viewport=PHONE, has_touch=True)
    page = ctx.new_page()
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: ws.send(json.dumps(view)))
    page.goto(f"{server}/play/faces1?token=t")
    page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)
    face = page.locator(f"[data-testid=supply] [data-card='{key}']")
    face.scroll_into_view_if_needed()
    box = face.bounding_box()
    page.mouse.move(box["x"] + 10, box["y"] + 10)
    page.mouse.down()
    page.wait_for_timeout(700)
    page.mouse.up()
    detail = page.locator("[data-testid=card-detail]")
    assert detail.is_visible()
    assert entry["effect"]["en"] in " ".join(detail.inner_text().split())
    ctx.close()
