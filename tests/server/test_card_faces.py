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
from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True


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


# ---------------------------------------------------------------- drawn faces and the market

# every visible piece of text inside ``root`` (text nodes, and what a ::before
# draws), with its computed font size; and the boxes of its cards
_TEXTS = """(root) => {
  const boxes = [...document.querySelectorAll(root)];
  const shown = (n) => {
    for (let e = n; e && e !== document.body; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden' || Number(s.opacity) === 0) return false;
    }
    const r = n.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  const texts = [];
  for (const box of boxes) {
    const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      if (!t.textContent.trim() || !shown(t.parentElement)) continue;
      texts.push({text: t.textContent.trim(), size: parseFloat(getComputedStyle(t.parentElement).fontSize)});
    }
    for (const e of box.querySelectorAll('*')) {
      const b = getComputedStyle(e, '::before');
      if (!['none', 'normal', '""'].includes(b.content) && b.display !== 'none' && shown(e))
        texts.push({text: b.content, size: parseFloat(b.fontSize)});
    }
  }
  const cards = boxes.flatMap((box) => [...box.querySelectorAll('.cardf')]).map((c) => {
    const r = c.getBoundingClientRect();
    const name = c.querySelector('.cf-name');
    return {key: c.dataset.card, x: r.x, y: r.y, w: r.width, h: r.height,
            cut: !!name && (name.scrollHeight > name.clientHeight + 1 || name.scrollWidth > name.clientWidth + 1)};
  });
  return {texts, cards};
}"""


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return (
        min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 0.5
        and min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 0.5
    )


@pytest.mark.parametrize(
    ("variant", "players", "lang"),
    [("high-bohn", 3, "en"), ("high-bohn", 3, "de"), ("prohibohn", 2, "en")],
)
def test_every_word_of_the_market_is_at_least_11px_and_no_card_covers_another(
    browser: Any, server: str, variant: str, players: int, lang: str
) -> None:
    game = find_variant(variant).new(players, 5)
    supply = game.observe(0)["supply"]
    page = _show(browser, server, game, 0, lang)
    market = page.evaluate(_TEXTS, "[data-testid=market]")
    cards = market["cards"]
    assert sorted(c["key"] for c in cards) == sorted(supply)
    sizes = [t["size"] for t in market["texts"]]
    assert sizes and min(sizes) >= 11, [t for t in market["texts"] if t["size"] < 11][:5]
    # every card's title whole, and no card on another
    assert not [c["key"] for c in cards if c["cut"]]
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            assert not _overlap(a, b), (a, b)
    # the market in the window's width (no sideways scrolling for it)
    assert max(c["x"] + c["w"] for c in cards) <= 1366
    page.context.close()


def test_the_bosses_are_tiles_with_words_of_at_least_11px(browser: Any, server: str) -> None:
    game = find_variant("al-cabohne").new(1, 5)
    bosses = [b["key"] for b in game.observe(0)["bosses"]]
    page = _show(browser, server, game, 0)
    heads = page.evaluate(_TEXTS, "[data-testid=mafia] .boss-head")
    assert sorted(c["key"] for c in heads["cards"]) == sorted(bosses)
    assert not [c["key"] for c in heads["cards"] if c["cut"]]
    sizes = [t["size"] for t in heads["texts"]]
    assert len(sizes) >= 2 * len(bosses) and min(sizes) >= 11, heads["texts"]
    cards = heads["cards"]
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            assert not _overlap(a, b), (a, b)
    page.context.close()


# the drawn bean of every bean type of the page's catalogue: its outline and colour
_BEANS = """async () => {
  const m = await import('/static/cards.js');
  return m.beanTypes({}).map((g) => {
    const face = m.cardFace(m.entryOf(g).key);
    document.body.append(face);
    const body = face.querySelector('.cf-bean .cf-body');
    const out = {group: g, outline: body && body.getAttribute('d'), fill: body && getComputedStyle(body).fill,
                 symbol: face.querySelector('.cf-sym')?.dataset.symbol, symbolDrawn: !!face.querySelector('.cf-sym svg path')};
    face.remove();
    return out;
  });
}"""


def test_every_bean_type_of_bohnanza_has_a_drawn_bean_of_its_own_shape_and_colour(
    browser: Any, server: str
) -> None:
    game = find_variant("bohnanza").new(4, 7)
    page = _show(browser, server, game, 0)
    beans = page.evaluate(_BEANS)
    cat = catalogue("bohnanza")
    assert sorted(b["group"] for b in beans) == sorted({e.group for e in cat.entries})
    assert all(b["outline"] and b["symbolDrawn"] for b in beans), beans
    for key in ("outline", "fill", "symbol"):
        assert len({b[key] for b in beans}) == len(beans), (key, beans)
    # the hand's faces draw them so
    hand = _hand_faces(page)
    for i in range(hand.count()):
        face = hand.nth(i)
        drawn = face.locator(".cf-bean .cf-body").get_attribute("d")
        assert drawn == next(
            b["outline"] for b in beans if b["group"] == face.get_attribute("data-card")
        )
    page.context.close()


@pytest.mark.parametrize(
    "variant", ["bohnanza-rio-grande", "high-bohn", "prohibohn", "sissi", "ladybohn"]
)
def test_the_bean_types_of_a_game_never_share_an_outline(
    browser: Any, server: str, variant: str
) -> None:
    game = find_variant(variant).new(find_variant(variant).min_players, 3)
    page = _show(browser, server, game, 0)
    beans = page.evaluate(_BEANS)
    assert len(beans) >= 7
    assert len({b["outline"] for b in beans}) == len(beans), beans
    assert len({b["fill"] for b in beans}) == len(beans), beans
    page.context.close()


# the face of a man, a lady and a baby of one bean type: their marks and what they wear
_KINDS = """async (keys) => {
  const m = await import('/static/cards.js');
  return keys.map((k) => {
    const face = m.cardFace(k);
    document.body.append(face);
    const badge = face.querySelector('.cf-lady, .cf-kind');
    const out = {key: k, badge: badge ? badge.className : null, icon: badge?.dataset.icon || badge?.textContent,
                 wears: face.querySelector('.cf-wear')?.getAttribute('class'), frame: getComputedStyle(face).borderTopColor,
                 meter: [...face.querySelectorAll('.cf-meter .cf-step')].map((s) => [s.dataset.coins, s.textContent])};
    face.remove();
    return out;
  });
}"""


def test_a_man_a_lady_and_a_baby_differ_at_a_glance(browser: Any, server: str) -> None:
    game = find_variant("mutterbohnchen").new(3, 5)
    page = _show(browser, server, game, 0)
    man, lady, baby = page.evaluate(_KINDS, ["rote", "rote/lady", "rote/baby"])
    # three badges of their own, three things worn, her frame her own
    assert len({man["badge"], lady["badge"], baby["badge"]}) == 3
    assert len({man["icon"], lady["icon"], baby["icon"]}) == 3
    assert len({man["wears"], lady["wears"], baby["wears"]}) == 3
    assert lady["frame"] not in {man["frame"], baby["frame"]}
    # she shows the beanometer she pays by
    lb = catalogue("mutterbohnchen").entry("rote/lady").to_json()["lady_beanometer"]
    assert [int(c) for c, _ in lady["meter"]] == [1, 2, 3, 4]
    assert [n for _, n in lady["meter"]] == ["" if n is None else str(n) for n in lb]
    page.context.close()


# a card drawn twice: two copies of one drawing, each its caller's own
_COPIES = """async () => {
  const m = await import('/static/cards.js');
  const key = m.entryOf(m.beanTypes({})[0]).key;
  const a = m.cardFace(key, {class: 'picked', tabindex: '-1', dataset: {src: 'h0'}});
  const b = m.cardFace(key);
  a.querySelector('.cf-name').textContent = 'changed';
  a.style.setProperty('--cw', '99px');
  const c = m.cardFace(key);
  const out = {key, same: a === b,
               a: [a.classList.contains('picked'), a.getAttribute('tabindex'), a.dataset.src ?? null],
               b: [b.classList.contains('picked'), b.getAttribute('tabindex'), b.dataset.src ?? null],
               name: c.querySelector('.cf-name').textContent, cw: c.style.getPropertyValue('--cw'),
               en: c.getAttribute('aria-label')};
  // another language: the cards are drawn anew in it
  m.setCatalogue(await (await fetch('/api/variants/bohnanza/cards?lang=de')).json(), 'de');
  out.de = m.cardFace(key).getAttribute('aria-label');
  return out;
}"""


def test_every_card_is_a_copy_of_its_drawing_and_its_own(browser: Any, server: str) -> None:
    game = find_variant("bohnanza").new(4, 7)
    page = _show(browser, server, game, 0)
    got = page.evaluate(_COPIES)
    names = catalogue("bohnanza").entry(got["key"]).names
    assert not got["same"]
    assert got["a"] == [True, "-1", "h0"]
    assert got["b"] == [False, "0", None]
    # what was done to one card is not on the next one drawn
    assert got["name"] != "changed" and got["cw"] == ""
    assert (got["en"], got["de"]) == (names["en"], names["de"])
    page.context.close()


def test_a_sissi_meter_shows_the_talers_of_each_step(browser: Any, server: str) -> None:
    game = find_variant("sissi").new(4, 5)
    page = _show(browser, server, game, 0)
    (sissi,) = page.evaluate(_KINDS, ["sissi"])
    # 4 cards pay 1 Taler, 10 pay 3, 12 pay 5: no blank squares
    assert sissi["meter"] == [["1", "4"], ["3", "10"], ["5", "12"]]
    page.context.close()


def test_a_card_reached_with_tab_shows_itself_large_and_so_does_one_under_the_mouse(
    browser: Any, server: str
) -> None:
    game = find_variant("high-bohn").new(3, 5)
    supply = game.observe(0)["supply"]
    page = _show(browser, server, game, 0)
    tiles = page.locator("[data-testid=supply] .cardf")
    assert all(tiles.nth(i).get_attribute("tabindex") == "0" for i in range(tiles.count()))
    peek = page.locator(".card-peek")
    # the keyboard: the tile before it, then Tab
    tiles.nth(0).focus()
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.card") == supply[1]
    peek.wait_for(state="visible", timeout=TIMEOUT)
    entry = catalogue("high-bohn").entry(supply[1]).to_json()
    big = peek.locator(".cardf")
    assert entry["effect"]["en"] in " ".join(big.inner_text().split())
    assert (
        big.evaluate("(n) => parseFloat(getComputedStyle(n.querySelector('.cf-effect')).fontSize)")
        >= 11
    )
    assert (peek.bounding_box() or {}).get("height", 0) > 200
    # it leaves with the focus, and leaves nothing behind
    page.keyboard.press("Shift+Tab")
    page.locator("body").evaluate("() => document.activeElement.blur()")
    peek.wait_for(state="hidden", timeout=TIMEOUT)
    assert page.locator(".card-peek [data-card], .card-peek .cardf").count() == 0
    # the mouse resting on a tile
    tiles.nth(2).hover()
    peek.wait_for(state="visible", timeout=TIMEOUT)
    entry = catalogue("high-bohn").entry(supply[2]).to_json()
    assert entry["effect"]["en"] in " ".join(peek.inner_text().split())
    page.mouse.move(1360, 790)
    peek.wait_for(state="hidden", timeout=TIMEOUT)
    page.context.close()
