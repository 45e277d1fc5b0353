"""One gesture, one effect, and the words and marks a player reads on the
game page (and the replay viewer):

- seats, fields and offers are counted from 1 in words ("Field 1" is field 0
  of the JSON), in both languages, on the table, the offers, the clock and
  the log;
- a click on a field plants there and opens no detail view; a right click,
  a long press (a finger) or the card's (i) opens it and moves nothing;
- a revealed card dropped on a field is kept and, once the trading is over,
  planted there;
- the chosen card's bar and the Keep controls stay in view;
- a lady (Ladybohn) carries a mark of her own on her face.

The page gets its states through a routed WebSocket: a stand-in server that
applies the page's moves to an engine game and answers with the new state
(no bots move), so a test can play a few moves on a fixed position."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import bohn
from bohn.catalogue import catalogue
from bohn.engine.actions import parse_action
from bohn.engine.game import Game
from bohn.server.replays import step_view
from bohn.server.rooms import game_view
from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.touch import Finger
from server.touch import centre

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

DESK = {"width": 1366, "height": 800}


class Table:
    """The page of ``seat`` on ``game``, through a routed WebSocket that applies its moves."""

    def __init__(
        self,
        browser: Any,
        server: str,
        game: Game,
        seat: int,
        *,
        viewport: dict[str, int] = DESK,
        touch: bool = False,
        lang: str = "en",
        edit: Any = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.edit = edit  # changes a state message before it is sent
        self.sent: list[dict[str, Any]] = []
        self.ctx = browser.new_context(viewport=viewport, has_touch=touch, is_mobile=touch)
        self.page = self.ctx.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.route_web_socket(re.compile(r"/ws/games/"), self._serve)
        self.page.goto(f"{server}/play/gest0?token=t&lang={lang}")
        self.wait()

    def view(self) -> dict[str, Any]:
        v = game_view(self.game, "gest0", self.seat)
        return self.edit(v) if self.edit else v

    def _serve(self, ws: Any) -> None:
        def on(message: str) -> None:
            msg = json.loads(message)
            self.sent.append(msg)
            if msg.get("type") != "act":
                return
            try:
                self.game.apply(self.seat, bohn.action_from_json(msg["action"]))
            except Exception as e:  # a refusal, as the server words it
                ws.send(json.dumps({"type": "error", "code": "illegal", "message": str(e)}))
                return
            ws.send(json.dumps(self.view()))

        ws.on_message(on)
        ws.send(json.dumps(self.view()))

    def wait(self) -> None:
        """Until the page shows the game's current state."""
        self.page.wait_for_selector(f"body[data-seq='{self.game.seq}']", timeout=TIMEOUT)

    def acts(self) -> list[dict[str, Any]]:
        return [m["action"] for m in self.sent if m.get("type") == "act"]

    def field(self, f: int) -> Any:
        return self.page.locator(f"#my-seat [data-field='{f}']")

    def close(self) -> None:
        assert not self.errors, self.errors
        self.ctx.close()


def _trading(seed: int = 4) -> Game:
    """Bohnanza for 3: the active player's trading phase, two cards revealed."""
    g = bohn.new_game("bohnanza", 3, seed=seed)
    while g.observe(None)["phase"] != "trade":
        seat = g.observe(None)["active"]
        moves = [a for a in g.legal_actions(seat) if a.to_json()["type"] in ("plant", "pass")]
        g.apply(seat, moves[-1])
    return g


def _second_plant() -> Game:
    """Bohnanza for 3, seat 0's turn: its front card planted on field 0, and
    the next card of the same bean, which field 0 takes too."""
    for seed in range(1, 400):
        g = bohn.new_game("bohnanza", 3, seed=seed)
        o = g.observe(0)
        hand = o["seats"][0]["hand"]
        if o["active"] == 0 and hand[0] == hand[1]:
            g.apply(0, parse_action("plant f0"))
            return g
    raise AssertionError("no seed deals two equal front cards")


def _detail(page: Any) -> Any:
    return page.locator("[data-testid=card-detail]")


# ---------------------------------------------------------------- numbers from 1


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("en", {"field": "Field", "seat": "Seat", "offer": "Offer", "accept": "Accept offer {}"}),
        (
            "de",
            {"field": "Feld", "seat": "Platz", "offer": "Angebot", "accept": "Angebot {} annehmen"},
        ),
    ],
)
def test_seats_fields_offers_and_log_lines_count_from_one(
    browser: Any, server: str, lang: str, words: dict[str, str]
) -> None:
    game = _trading()
    active = game.observe(None)["active"]
    other = (active + 1) % 3
    game.apply(active, parse_action(f"propose {other} give h0"))  # offer 0, to `other`
    planted: dict[str, Any] = {}

    def edit(view: dict[str, Any]) -> dict[str, Any]:
        # the turn clock of the active seat; one log line in the page's own words
        view["clock"] = {"seconds": 60, "deadlines": {str(active): 30}}
        for entry in view["log"]:
            for ev in entry["events"]:
                if ev.get("type") == "plant" and not planted:
                    ev.pop("text", None)
                    planted.update(ev)
        return view

    t = Table(browser, server, game, other, lang=lang, edit=edit)
    page = t.page
    # the fields: data-field keeps the JSON's number, the words count from 1
    for f in (0, 1):
        assert t.field(f).locator(".field-name").inner_text() == f"{words['field']} {f + 1}"
    # the seats: their headings, the status line and the clock
    assert (
        page.locator(f"[data-seat='{active}'] .seat-name").inner_text()
        == f"{words['seat']} {active + 1}"
    )
    assert f"{words['seat']} {active + 1}" in page.locator("[data-testid=active]").inner_text()
    clock = page.locator(f"[data-testid=clock-seat][data-seat='{active}']").inner_text()
    assert clock.startswith(f"{words['seat']} {active + 1} ")
    # offer 0 is "Offer 1", and its Accept names it so
    offer = page.locator("[data-testid=offer][data-offer='0']")
    assert offer.locator(".offer-head strong").inner_text() == f"{words['offer']} 1"
    assert offer.get_by_role("button", name=words["accept"].format(1), exact=True).count() == 1
    assert f"{words['offer']} 0" not in page.locator("#offers").inner_text()
    # a log line the page words itself (an event without the server's
    # sentence; its verbs are English, its seat in the page's language)
    assert planted, "the log has a planting"
    log = page.locator("[data-testid=log]").inner_text()
    assert f"planted {planted['card']} on field {planted['field'] + 1}" in log
    seat_word = "seat" if lang == "en" else "Platz"
    assert f"{seat_word} {planted['seat'] + 1} planted" in log
    t.close()


# ---------------------------------------------------------------- a click plants; details otherwise


def test_a_click_on_a_field_plants_there_and_opens_no_detail_view(
    browser: Any, server: str
) -> None:
    game = _second_plant()
    key = game.observe(0)["seats"][0]["fields"][0][0]
    t = Table(browser, server, game, 0)
    top = t.field(0).locator(".stack-top .cardf")
    assert top.get_attribute("data-card") == key
    top.click()  # the card on the field, not the field's frame
    t.page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)
    assert t.acts() == [{"type": "plant", "field": 0}]
    assert t.field(0).locator("[data-card]").count() == 2
    t.page.wait_for_timeout(100)  # a popup would open on the click itself
    assert _detail(t.page).is_hidden()
    t.close()


def test_a_right_click_the_cards_i_and_a_long_press_open_its_details(
    browser: Any, server: str
) -> None:
    game = _second_plant()
    key = game.observe(0)["seats"][0]["fields"][0][0]
    name = catalogue("bohnanza").entry(key).names["en"]
    t = Table(browser, server, game, 0)
    page = t.page
    detail = _detail(page)
    # a right click on the field's card: its details, and no planting
    page.locator("#my-seat [data-field='0'] .stack-top .cardf").click(button="right")
    detail.wait_for(state="visible", timeout=TIMEOUT)
    assert detail.get_attribute("aria-label") == name
    page.keyboard.press("Escape")
    assert detail.is_hidden()
    # the (i) of the front card: its details; the card is not chosen
    front = page.locator("[data-testid=hand-card][data-ref='h0'] .cardf")
    info = front.locator("[data-testid=card-info]")
    assert info.is_visible()
    x, y = centre(info)
    page.mouse.click(x, y)
    detail.wait_for(state="visible", timeout=TIMEOUT)
    assert detail.get_attribute("aria-label") == name
    assert "picked" not in (front.get_attribute("class") or "")
    assert page.locator("[data-testid=pick-bar]:visible").count() == 0
    page.locator("#hand-title").click()  # a click elsewhere closes it
    detail.wait_for(state="hidden", timeout=TIMEOUT)
    assert t.acts() == []
    t.close()
    # a finger held on the field's card: its details, and no planting
    t = Table(browser, server, _second_plant(), 0, viewport=PHONE, touch=True)
    x, y = centre(t.field(0).locator(".stack-top .cardf"))
    Finger(t.page).hold(x, y)
    _detail(t.page).wait_for(state="visible", timeout=TIMEOUT)
    t.page.wait_for_timeout(300)
    assert t.acts() == []
    assert t.field(0).locator("[data-card]").count() == 1
    # a tap on the (i) opens them too
    t.page.locator("#hand-title").tap()  # a tap elsewhere closes them
    _detail(t.page).wait_for(state="hidden", timeout=TIMEOUT)
    x, y = centre(t.field(0).locator(".stack-top [data-testid=card-info]"))
    t.page.touchscreen.tap(x, y)
    _detail(t.page).wait_for(state="visible", timeout=TIMEOUT)
    assert t.acts() == []
    t.close()


# ---------------------------------------------------------------- a revealed card onto a field


def _a_field_for(game: Game, seat: int, key: str) -> int:
    """A field of ``seat`` that takes ``key`` after the trading: empty or of its bean."""
    fields = game.observe(seat)["seats"][seat]["fields"]
    for j, f in enumerate(fields):
        if not f or f[-1] == key:
            return j
    raise AssertionError(f"no field takes {key}: {fields}")


@pytest.mark.parametrize("by", ["mouse", "finger"])
def test_a_revealed_card_dropped_on_a_field_is_planted_there(
    browser: Any, server: str, by: str
) -> None:
    game = _trading()
    me = game.observe(None)["active"]
    key = game.observe(me)["revealed"][0]
    f = _a_field_for(game, me, key)
    before = len(game.observe(me)["seats"][me]["fields"][f])
    touch = by == "finger"
    t = Table(browser, server, game, me, viewport=PHONE if touch else DESK, touch=touch)
    page = t.page
    r0 = page.locator("[data-testid=revealed] [data-src='r0']")
    if touch:
        (rx, ry) = centre(r0)
        box = t.field(f).bounding_box()
        assert box is not None
        finger = Finger(page)
        finger.down(rx, ry)
        finger.move(rx, ry, box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert "target" in (t.field(f).get_attribute("class") or "")  # it lit up
        finger.up()
    else:
        r0.drag_to(t.field(f))
    # kept at once (the rules plant revealed cards after the trading) ...
    t.page.wait_for_function(
        "(seq) => Number(document.body.dataset.seq) >= seq", arg=game.seq, timeout=TIMEOUT
    )
    assert t.acts()[0] == {"type": "keep", "revealed": 0}
    tag = page.locator("[data-testid=plan-tag]")
    tag.wait_for(timeout=TIMEOUT)
    assert tag.inner_text() == f"→ Field {f + 1}"
    # ... and planted there once the trading is over
    end = page.locator("[data-testid=action][data-action-type=end-trading]:visible").first
    end.scroll_into_view_if_needed()
    end.click()
    page.wait_for_function(
        "([f, n]) => document.querySelectorAll(`#my-seat [data-field='${f}'] .stack [data-card]`).length === n",
        arg=[f, before + 1],
        timeout=TIMEOUT,
    )
    assert t.field(f).locator(".stack-top [data-card]").get_attribute("data-card") == key
    assert {"type": "plant", "traded": 0, "field": f} in t.acts()
    assert game.observe(me)["seats"][me]["fields"][f][-1] == key
    t.close()


# ---------------------------------------------------------------- in view


def _in_view(page: Any, loc: Any) -> bool:
    """Whether ``loc`` lies in the window and, where a panel scrolls, in what it shows."""
    return bool(
        loc.evaluate(
            """(n) => {
              const r = n.getBoundingClientRect();
              if (!r.width || r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth) return false;
              if (getComputedStyle(n).position === "fixed") return true; // no panel clips it
              for (let p = n.parentElement; p; p = p.parentElement) {
                const s = getComputedStyle(p);
                if (s.display === "contents" || !/(auto|scroll|hidden)/.test(s.overflowY)) continue;
                const q = p.getBoundingClientRect();
                if (r.top < q.top - 1 || r.bottom > q.bottom + 1) return false;
              }
              return true;
            }"""
        )
    )


def test_the_chosen_cards_bar_and_keep_stay_in_view(browser: Any, server: str) -> None:
    game = _trading()
    me = game.observe(None)["active"]
    # a desktop window: the side panel read down to its end (the log), the page scrolled
    t = Table(browser, server, game, me)
    page = t.page
    page.evaluate("document.querySelector('.side').scrollTop = 1e6; window.scrollTo(0, 1e6)")
    page.locator("[data-testid=revealed] [data-src='r0']").click()
    bar = page.locator("[data-testid=pick-bar]")
    bar.wait_for(timeout=TIMEOUT)
    assert _in_view(page, bar)
    keep = bar.locator("[data-action-type=keep]")
    assert keep.count() == 1 and _in_view(page, keep)
    # Keep beside each revealed card, in view with the cards
    for i in (0, 1):
        beside = page.locator(
            f"[data-testid=revealed] li:has([data-src='r{i}']) [data-action-type=keep]"
        )
        assert beside.count() == 1 and _in_view(page, beside)
    t.close()
    # a phone: Keep beside the revealed cards, wherever the page is scrolled
    t = Table(browser, server, _trading(), me, viewport=PHONE, touch=True)
    page = t.page
    for block in ("start", "end"):
        page.locator("[data-testid=revealed]").evaluate(
            f"(n) => n.scrollIntoView({{block: '{block}'}})"
        )
        card = page.locator("[data-testid=revealed] [data-src='r0']")
        keep = page.locator(
            "[data-testid=revealed] li:has([data-src='r0']) [data-action-type=keep]"
        )
        assert keep.count() == 1 and _in_view(page, keep) and _in_view(page, card)
        kb, cb = keep.bounding_box(), card.bounding_box()
        assert kb is not None and cb is not None and 0 <= kb["y"] - (cb["y"] + cb["height"]) < 24
    page.locator("[data-testid=revealed] [data-src='r0']").tap()
    bar = page.locator("[data-testid=pick-bar]")
    bar.wait_for(timeout=TIMEOUT)
    assert _in_view(page, bar) and _in_view(page, bar.locator("[data-action-type=keep]"))
    t.close()


# ---------------------------------------------------------------- ladies


def _ladies() -> Game:
    """Ladybohn for 4 played at random a while: ladies on fields and in seat 0's hand."""
    for seed in range(1, 60):
        g = bohn.new_game("ladybohn", 4, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if g.result() is not None:
                break
            seat = sorted(g.waiting_for())[0]
            acts = g.legal_actions(seat)
            plays = [
                a for a in acts if a.to_json()["type"] in ("plant", "pass", "keep", "end-trading")
            ]
            g.apply(seat, rng.choice(plays or acts))
            o = g.observe(0)
            tops = [f[-1] for s in o["seats"] for f in s["fields"] if f]
            if sum("/lady" in k for k in tops) >= 2 and any(
                "/lady" in k for k in o["seats"][0]["hand"]
            ):
                return g
    raise AssertionError("no ladies in sight")


_MARKS = """() => [...document.querySelectorAll('.cardf[data-card]')].map((n) => {
  const m = n.querySelector('[data-testid=lady-mark]');
  const r = m ? m.getBoundingClientRect() : null;
  const cover = r ? document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2) : null;
  return {key: n.dataset.card, lady: n.classList.contains('lady'), size: r ? Math.min(r.width, r.height) : 0,
          seen: !!(cover && cover.closest('.cardf') === n), under: !!n.closest('li.under'),
          frame: getComputedStyle(n).borderTopColor, width: n.getBoundingClientRect().width,
          zone: n.closest('[data-field]') ? 'field' : n.closest('[data-testid=hand]') ? 'hand' : 'other',
          meter: [...n.querySelectorAll('.cf-meter .cf-step')].map((s) => s.textContent)};
})"""


def _check_marks(marks: list[dict[str, Any]]) -> None:
    cat = catalogue("ladybohn")
    ladies = [m for m in marks if m["key"].endswith("/lady")]
    assert ladies and any(m["zone"] == "field" for m in ladies)
    frames = set()
    for m in marks:
        if not m["key"].endswith("/lady"):
            assert not m["lady"] and m["size"] == 0, m  # men and babies carry no mark
            continue
        assert m["lady"], m
        frames.add(m["frame"])
        if not m["under"]:  # a stack's lower cards show their ribbon only
            assert m["size"] >= 10, m  # readable on a field's small card
        # she shows the beanometer she pays by
        meter = cat.entry(m["key"]).to_json()["lady_beanometer"]
        assert m["meter"] == ["" if n is None else str(n) for n in meter], m
    assert len(frames) == 1 and frames.isdisjoint(
        {m["frame"] for m in marks if not m["key"].endswith("/lady")}
    )
    # the top cards of fields and the cards of the hand: the badge in view
    assert any(m["seen"] and m["zone"] == "field" for m in ladies)
    assert any(m["seen"] and m["zone"] == "hand" for m in ladies)


@pytest.mark.parametrize("viewport", [DESK, PHONE], ids=["desk", "phone"])
def test_a_lady_carries_her_mark_on_the_page(
    browser: Any, server: str, viewport: dict[str, int]
) -> None:
    game = _ladies()
    t = Table(browser, server, game, 0, viewport=viewport, touch=viewport is PHONE)
    page = t.page
    if viewport is PHONE:
        page.locator("#my-seat").scroll_into_view_if_needed()
    _check_marks(page.evaluate(_MARKS))
    # her name is whole for a screen reader and on hover
    lady = page.locator("[data-testid=hand] .cardf.lady").first
    assert (lady.get_attribute("aria-label") or "").endswith("(lady)")
    t.close()


def test_a_lady_carries_her_mark_in_the_replay_viewer(browser: Any, server: str) -> None:
    game = _ladies()
    view = step_view(game, "lady0", "en", True)
    turns = {
        "game": "lady0",
        "variant": "ladybohn",
        "title": "Ladybohn",
        "players": 4,
        "client_code": False,
        "seats": ["human"] * 4,
        "last": game.seq,
        "over": False,
        "result": None,
        "turns": [],
    }
    steps = {
        "game": "lady0",
        "variant": "ladybohn",
        "last": game.seq,
        "over": False,
        "steps": [view],
    }
    page = browser.new_context(viewport=DESK).new_page()
    page.route(re.compile(r"/replay/turns"), lambda r: r.fulfill(json=turns))
    page.route(re.compile(r"/replay/steps"), lambda r: r.fulfill(json=steps))
    page.goto(f"{server}/static/replay.html?game=lady0&step={game.seq}")
    page.wait_for_selector(f"body[data-step='{game.seq}']", timeout=TIMEOUT)
    marks = page.evaluate(_MARKS)
    ladies = [m for m in marks if m["key"].endswith("/lady")]
    assert ladies and all(m["lady"] for m in ladies)
    assert all(m["size"] >= 10 for m in ladies if not m["under"])
    assert not [m for m in marks if m["lady"] and not m["key"].endswith("/lady")]
    page.context.close()
