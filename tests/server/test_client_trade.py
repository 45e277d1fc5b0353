"""The game page's trading panel. A stand-in WebSocket (Playwright's
``route_web_socket``: no game runs on the server) hands the page one seat's
views of the scenario ``bohnanza/trade-and-donate.json`` one after the
other, as the server would while the others trade, and answers the page's
actions as the test says."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium
from server.routed import scenario_views
from server.routed import send_view
from server.routed import wait_open

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

SCENARIO = Path(__file__).resolve().parents[1] / "scenarios" / "bohnanza" / "trade-and-donate.json"


class Table:
    """The game page of one seat, fed views by the test; ``sent`` collects its actions."""

    def __init__(
        self, browser: Any, server: str, seat: int, viewport: dict[str, int] | None = None
    ) -> None:
        self.views = scenario_views(SCENARIO, "trade0", seat)
        self.sent: list[dict[str, Any]] = []
        self.ws: Any = None
        self.page = browser.new_context(
            viewport=viewport or {"width": 1366, "height": 800}
        ).new_page()

        def handler(ws: Any) -> None:
            self.ws = ws
            ws.on_message(lambda m: self.sent.append(json.loads(m)))

        self.page.route_web_socket(re.compile(r"/ws/games/"), handler)
        self.page.goto(f"{server}/play/trade0?token=t")
        wait_open(self.page)

    def show(self, step: int) -> None:
        """Hand the page the view after the scenario's first ``step`` actions."""
        send_view(self.page, self.ws, self.views[step])

    def reply(self, message: dict[str, Any]) -> None:
        self.ws.send(json.dumps(message))

    def give(self, ref: str) -> Any:
        return self.page.locator(f"[data-testid=trade-give-{ref}]")

    def checked(self) -> list[str]:
        boxes = self.page.locator("[data-testid=trade-give] input")
        return [
            boxes.nth(i).get_attribute("value")
            for i in range(boxes.count())
            if boxes.nth(i).is_checked()
        ]

    def actions(self) -> list[dict[str, Any]]:
        return [m["action"] for m in self.sent if m.get("type") == "act"]

    def wait_sent(self, n: int) -> None:
        self.page.wait_for_timeout(50)
        for _ in range(100):
            if len(self.actions()) >= n:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"the page sent {self.actions()}")


def test_the_chosen_card_follows_its_card_when_the_hand_shifts(browser: Any, server: str) -> None:
    # seat 1 holds brech, garten, blaue and ticks blaue (h2); then it trades
    # its brech away: blaue is now h1, and the tick and the proposal follow it
    t = Table(browser, server, 1)
    t.show(1)
    assert t.views[1]["observation"]["seats"][1]["hand"] == ["brech", "garten", "blaue"]
    box = t.give("h2")
    box.check()
    box.focus()
    t.page.evaluate("document.activeElement.dataset.mark = 'tick'")
    t.show(2)  # accept 0 give h0: brech left the hand
    assert t.views[2]["observation"]["seats"][1]["hand"] == ["garten", "blaue"]
    assert t.checked() == ["h1"]
    # the form was updated in place: the same element, still focused
    assert t.page.evaluate("document.activeElement.dataset.mark") == "tick"
    assert t.page.evaluate("document.activeElement.value") == "h1"
    send = t.page.locator("[data-testid=trade-send]")
    # the same card (the Blue bean, now second in the hand), named in the button
    assert send.inner_text() == "Propose to Seat 1: give Blue bean, want nothing"
    send.click()  # a gift for nothing: the first of the game is asked
    assert "for nothing" in t.page.locator("[data-testid=trade-notice]").inner_text()
    send.click()
    t.wait_sent(1)
    assert t.actions() == [{"type": "propose", "to": 0, "give": ["h1"], "want": []}]


def test_a_chosen_card_that_left_the_hand_is_dropped_visibly(browser: Any, server: str) -> None:
    t = Table(browser, server, 1)
    t.show(1)
    t.give("h0").check()  # brech, the card seat 1 then trades away
    t.give("h1").check()  # garten
    t.show(2)
    assert t.checked() == ["h0"]  # garten, now at h0
    notice = t.page.locator("[data-testid=trade-notice]")
    assert notice.is_visible()
    assert notice.inner_text() == "Green bean left your hand: taken out of the proposal."
    t.page.locator("[data-testid=trade-send]").click()  # a gift: asked once a game
    t.page.locator("[data-testid=trade-send]").click()
    t.wait_sent(1)
    assert t.actions() == [{"type": "propose", "to": 0, "give": ["h0"], "want": []}]


def test_a_refused_proposal_keeps_the_form_and_tells_why(browser: Any, server: str) -> None:
    t = Table(browser, server, 1)
    t.show(0)
    t.give("h2").check()
    # a bean is asked for with its button (Enter: a click at its middle may
    # land on the card's own (i), which shows the card instead)
    t.page.locator("[data-testid=trade-want-bean][data-bean=soja]").press("Enter")
    t.page.locator("[data-testid=trade-want-bean][data-bean=augen]").press("Enter")
    t.page.locator("[data-testid=trade-want-bean][data-bean=augen]").press("Enter")
    # the x takes one wanted card back out
    t.page.get_by_role("button", name=re.compile("^Remove wanted")).last.click()
    wanted = t.page.locator("[data-testid=trade-want-card]")
    assert [wanted.nth(i).get_attribute("data-bean") for i in range(wanted.count())] == [
        "soja",
        "augen",
    ]
    send = t.page.locator("[data-testid=trade-send]")
    send.click()
    t.wait_sent(1)
    assert t.actions() == [{"type": "propose", "to": 0, "give": ["h2"], "want": ["soja", "augen"]}]
    assert send.is_disabled()
    t.reply(
        {
            "type": "error",
            "code": "illegal",
            "message": "seat 0 has no such card",
            "rule": "bohnanza §3.2",
        }
    )
    t.page.wait_for_selector("[data-testid=trade-notice][data-kind=refused]", timeout=TIMEOUT)
    assert t.page.locator("[data-testid=trade-notice]").inner_text() == (
        "Refused: seat 0 has no such card (rule: bohnanza §3.2)"
    )
    assert send.is_enabled()
    assert t.checked() == ["h2"] and wanted.count() == 2
    for b in t.page.locator("[data-testid=offers] button").all():
        assert b.is_enabled()
    # the next state (the others trade on) keeps it too; the second try is acknowledged
    t.show(1)
    assert t.checked() == ["h2"] and wanted.count() == 2
    send.click()
    t.wait_sent(2)
    t.reply({"type": "ack", "seq": t.views[1]["seq"] + 1})
    t.page.wait_for_selector("[data-testid=trade-notice][data-kind=sent]", timeout=TIMEOUT)
    assert t.checked() == [] and t.page.locator("[data-testid=trade-want-card]").count() == 0


def test_an_offer_shows_both_sides_and_its_moves_in_words(browser: Any, server: str) -> None:
    t = Table(browser, server, 1)
    t.show(1)  # offer 0: seat 0 gives soja (revealed) and a sau for one brech
    offer = t.page.locator("[data-testid=offer][data-offer='0']")
    get = offer.locator("[data-testid=offer-get] [data-card]")
    assert [get.nth(i).get_attribute("data-card") for i in range(get.count())] == ["soja", "sau"]
    assert (
        offer.locator("[data-testid=offer-give] [data-card]").get_attribute("data-card") == "brech"
    )
    # the buttons name the offer as people count it (offer 0 is the first: "offer 1")
    for name in ("Accept offer 1", "Decline offer 1", "Counter offer 1"):
        assert offer.get_by_role("button", name=name, exact=True).count() == 1
    offer.get_by_role("button", name="Counter offer 1").click()
    # the counter-proposal, in the offer's card: to seat 0, give my brech, want a soja and a sau
    editor = offer.locator("[data-testid=counter-editor]")
    ticked = editor.locator("[data-testid=counter-give] input:checked")
    assert [b.get_attribute("value") for b in ticked.all()] == ["h0"]
    wanted = editor.locator("[data-testid=counter-want-card]")
    assert [w.get_attribute("data-bean") for w in wanted.all()] == ["soja", "sau"]
    editor.locator("[data-testid=counter-send]").click()
    t.wait_sent(1)
    assert t.actions() == [{"type": "propose", "to": 0, "give": ["h0"], "want": ["soja", "sau"]}]
    # accepting sends the legal accept, with the card that satisfies the want
    t.show(1)
    offer.get_by_role("button", name="Accept offer 1", exact=True).click()
    t.wait_sent(2)
    assert t.actions()[-1] == {"type": "accept", "offer": 0, "give": ["h0"]}


def test_the_status_line_jumps_to_the_offers_that_wait_on_you(browser: Any, server: str) -> None:
    # on a phone the trading panel is far below the first screen: the status
    # line, at the top, says how many offers wait on your answer and jumps there
    t = Table(browser, server, 1, PHONE)
    t.show(0)
    jump = t.page.locator("[data-testid=offers-jump]")
    assert jump.count() == 0  # no offer yet
    t.show(1)  # offer 0 from seat 0 to seat 1
    assert jump.inner_text() == "1 offer for you ↓"
    offer = t.page.locator("[data-testid=offer][data-offer='0']")
    box = offer.bounding_box()
    assert box is not None and box["y"] > PHONE["height"]  # below the first screen
    jump.click()
    t.page.wait_for_function(
        "() => { const r = document.querySelector('[data-offer=\"0\"]').getBoundingClientRect();"
        " return r.top >= 0 && r.bottom <= window.innerHeight; }",
        timeout=TIMEOUT,
    )
    assert t.page.locator("[data-testid=prompt] [data-testid=offers-jump]").count() == 1


def test_auto_decline_answers_for_the_rest_of_the_trading_phase(browser: Any, server: str) -> None:
    t = Table(browser, server, 0)
    t.show(3)  # seat 2 offers seat 0 (the active player) an augen
    auto = t.page.locator("[data-testid=trade-auto]")
    auto.check()
    t.wait_sent(1)
    assert t.actions() == [{"type": "decline", "offer": 1}]
    t.show(6)  # trading is over: the box is unticked, nothing more is sent
    assert not auto.is_checked()
    t.page.wait_for_timeout(200)
    assert len(t.actions()) == 1


def test_auto_pass_for_a_seat_that_is_not_active(browser: Any, server: str) -> None:
    t = Table(browser, server, 2)
    t.show(0)
    t.page.locator("[data-testid=trade-auto]").check()
    t.wait_sent(1)
    assert t.actions() == [{"type": "pass"}]
