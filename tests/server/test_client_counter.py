"""Counter-offers in the offer's own card, and a proposal's answer beside it.

Counter opens an editor inside the offer's card, filled in from the offer
with the sides swapped (what it asks of me I give, what it gives I ask for),
with every card I may deal to pick: the revealed ones too when I am the
active player. Sending it proposes and then declines the countered offer;
a refused proposal leaves the offer open and says why. A proposal of mine
says whose answer it waits for, and its answer ("Bertha declined") takes the
place of the sent notice.

The page plays against a stand-in server (Playwright's ``route_web_socket``):
a game in the test applies the page's actions as the room would (the seq
must match, else ``stale``), acknowledges them and sends the new view; the
other seats act when the test says. Everything waits on the page's state
(``data-seq``, the elements shown), never on a fixed time."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import bohn
from bohn.engine.actions import Accept
from bohn.engine.actions import Decline
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.actions import action_from_json
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.server.rooms import game_view
from server.browser import PHONE
from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

NAMES: list[str | None] = ["Anna", "Bertha", "Carl"]
DESK = {"width": 1366, "height": 800}


def _asked_for_blue() -> Game:
    """Bohnanza for 3 (seed 1): Anna (seat 0) is active and has turned up a
    Blue and a Red bean; Bertha (seat 1) offers her a Stink bean for a Blue
    bean, which Anna holds only among the revealed cards."""
    g = bohn.new_game("bohnanza", 3, seed=1)
    g.apply(0, Plant(0))
    g.apply(0, Plant(1))
    assert g.observe(0)["revealed"] == ["blaue", "rote"]
    assert "blaue" not in g.observe(0)["seats"][0]["hand"]
    g.apply(1, Propose(to=0, give=("h2",), want=("blaue",)))
    assert g.observe(0)["offers"] == [
        {"id": 0, "from": 1, "to": 0, "give": ["sau"], "give_from": ["h"], "want": ["blaue"]}
    ]
    return g


def _offered_to_bertha() -> Game:
    """Bohnanza for 3 (seed 1): Anna (active) offers Bertha her revealed Blue
    bean for a Stink bean; Bertha (not active) may deal her hand cards only."""
    g = bohn.new_game("bohnanza", 3, seed=1)
    g.apply(0, Plant(0))
    g.apply(0, Plant(1))
    g.apply(0, Propose(to=1, give=("r0",), want=("sau",)))
    return g


class Live:
    """The game page of ``seat`` against a stand-in server holding ``game``.

    ``order``: "ack-first" answers an action with its ack and then the new
    view, "state-first" the other way round (the server may do either).
    ``refuse``: action types answered with an error instead of being applied.
    ``before``: called with the page's action before it is applied (the
    others may move first, making it stale)."""

    def __init__(
        self,
        browser: Any,
        server: str,
        game: Game,
        seat: int,
        viewport: dict[str, int] | None = None,
        lang: str = "en",
        order: str = "ack-first",
    ) -> None:
        self.game = game
        self.seat = seat
        self.order = order
        self.refuse: dict[str, dict[str, Any]] = {}
        self.before: Any = None
        self.sent: list[dict[str, Any]] = []
        self.ws: Any = None
        self.page = browser.new_context(viewport=viewport or DESK).new_page()
        self.page.route_web_socket(re.compile(r"/ws/games/"), self._handler)
        self.page.goto(f"{server}/play/counter0?token=t&lang={lang}")
        self.page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)

    def view(self) -> dict[str, Any]:
        return game_view(self.game, "counter0", self.seat, names=NAMES)

    def _handler(self, ws: Any) -> None:
        self.ws = ws
        ws.on_message(self._on_message)
        ws.send(json.dumps(self.view()))

    def _on_message(self, text: str) -> None:
        msg = json.loads(text)
        self.sent.append(msg)
        action = msg["action"]
        if self.before is not None:
            self.before(action)
        if action["type"] in self.refuse:
            self.ws.send(json.dumps({"type": "error", **self.refuse[action["type"]]}))
            return
        if msg["seq"] != self.game.seq:
            self.ws.send(
                json.dumps({"type": "error", "code": "stale", "message": "the game has moved on"})
            )
            return
        try:
            self.game.apply(self.seat, action_from_json(action))
        except BohnError as e:
            self.ws.send(json.dumps({"type": "error", "code": e.code, "message": e.message}))
            return
        ack = json.dumps({"type": "ack", "seq": self.game.seq})
        state = json.dumps(self.view())
        for m in (ack, state) if self.order == "ack-first" else (state, ack):
            self.ws.send(m)

    def other(self, seat: int, action: Any) -> None:
        """Another seat acts; the page gets the new view."""
        self.game.apply(seat, action)
        self.push()

    def push(self) -> None:
        self.ws.send(json.dumps(self.view()))
        self.page.wait_for_selector(
            f"body[data-seq='{self.game.seq}']", state="attached", timeout=TIMEOUT
        )

    def actions(self) -> list[dict[str, Any]]:
        return [m["action"] for m in self.sent]

    def offer(self, offer_id: int) -> Any:
        return self.page.locator(f"[data-testid=offer][data-offer='{offer_id}']")

    def editor(self) -> Any:
        return self.page.locator("[data-testid=counter-editor]")

    def ticked(self) -> list[str]:
        boxes = self.editor().locator("[data-testid=counter-give] input")
        return [b.get_attribute("value") for b in boxes.all() if b.is_checked()]

    def asked(self) -> list[str]:
        chips = self.editor().locator("[data-testid=counter-want-card]")
        return [c.get_attribute("data-bean") for c in chips.all()]


def test_counter_opens_in_the_offer_filled_in_from_it(browser: Any, server: str) -> None:
    """Bertha counters Anna's offer (a revealed Blue bean for a Stink bean):
    the editor opens inside the offer's card, giving her Stink bean and asking
    for the Blue bean; it is reached and closed by keyboard."""
    t = Live(browser, server, _offered_to_bertha(), 1)
    offer = t.offer(0)
    counter = offer.locator("[data-testid=offer-counter]")
    assert counter.get_attribute("aria-expanded") == "false"
    counter.focus()
    t.page.keyboard.press("Enter")
    editor = offer.locator("[data-testid=counter-editor]")  # in the offer's own card
    editor.wait_for(timeout=TIMEOUT)
    assert counter.get_attribute("aria-expanded") == "true"
    assert editor.get_attribute("id") == counter.get_attribute("aria-controls")
    # the focus is in the editor, which names whom the counter-offer goes to
    assert t.page.evaluate(
        "document.activeElement.closest('[data-testid=counter-editor]') !== null"
    )
    assert editor.locator(".counter-title").inner_text() == "Your counter-offer to Anna"
    # swapped: I give the Stink bean asked of me, and ask for the Blue bean offered
    hand = t.game.observe(1)["seats"][1]["hand"]
    assert t.ticked() == [f"h{hand.index('sau')}"]
    assert t.asked() == ["blaue"]
    # not the active player: only my hand cards may be dealt, no revealed one
    assert editor.locator("[data-zone=r] input").count() == 0
    assert editor.locator("[data-testid=counter-give] input").count() == len(hand)
    # the form further down is left alone
    assert t.page.locator("[data-testid=trade-give] input:checked").count() == 0
    assert t.page.locator("[data-testid=trade-want-card]").count() == 0
    # Tab reaches the choices, Space changes one; a bean is asked for with Enter
    t.page.keyboard.press("Tab")
    assert t.page.evaluate("document.activeElement.dataset.testid") == "counter-give-h0"
    t.page.keyboard.press("Space")
    assert sorted(t.ticked()) == sorted(["h0", f"h{hand.index('sau')}"])
    editor.locator("[data-testid=counter-want-bean][data-bean=rote]").press("Enter")
    assert t.asked() == ["blaue", "rote"]
    # Escape closes it, the focus back on Counter
    t.page.keyboard.press("Escape")
    assert editor.count() == 0
    assert t.page.evaluate("document.activeElement.dataset.testid") == "offer-counter"
    assert counter.get_attribute("aria-expanded") == "false"
    assert t.actions() == []
    t.page.close()


def test_the_revealed_cards_are_in_the_counter_when_active(browser: Any, server: str) -> None:
    """Anna, the active player, counters Bertha's offer that asks for a Blue
    bean: she holds one only among the revealed cards, which the editor offers
    and fills in."""
    game = _asked_for_blue()
    t = Live(browser, server, game, 0)
    t.offer(0).locator("[data-testid=offer-counter]").click()
    editor = t.editor()
    revealed = editor.locator("[data-zone=r] input")
    assert [b.get_attribute("value") for b in revealed.all()] == ["r0", "r1"]
    names = [b.get_attribute("aria-label") for b in revealed.all()]
    assert names == ["give Blue bean (revealed cards)", "give Red bean (revealed cards)"]
    hand = editor.locator("[data-zone=h] input")
    assert hand.count() == len(game.observe(0)["seats"][0]["hand"])
    assert t.ticked() == ["r0"]  # the Blue bean asked for
    assert t.asked() == ["sau"]  # the Stink bean offered
    assert editor.locator("[data-testid=counter-notice]").is_hidden()  # nothing missing
    t.page.close()


@pytest.mark.parametrize("order", ["ack-first", "state-first"])
def test_sending_a_counter_replaces_the_offer(browser: Any, server: str, order: str) -> None:
    """Sending the counter-offer proposes it, then declines the offer it
    answers: the next state has the proposal and not the offer."""
    t = Live(browser, server, _asked_for_blue(), 0, order=order)
    t.offer(0).locator("[data-testid=offer-counter]").click()
    t.editor().locator("[data-testid=counter-send]").click()
    mine = t.page.locator("[data-testid=offer][data-offer='1']")
    mine.wait_for(timeout=TIMEOUT)
    t.offer(0).wait_for(state="detached", timeout=TIMEOUT)
    assert t.actions() == [
        {"type": "propose", "to": 1, "give": ["r0"], "want": ["sau"]},
        {"type": "decline", "offer": 0},
    ]
    assert [(o["id"], o["from"], o["to"]) for o in t.game.observe(0)["offers"]] == [(1, 0, 1)]
    assert t.editor().count() == 0
    assert mine.locator("[data-testid=offer-give] [data-card]").get_attribute("data-card") == (
        "blaue"
    )
    assert mine.locator("[data-testid=offer-get] [data-card]").get_attribute("data-card") == "sau"
    status = mine.locator("[data-testid=offer-status]")
    assert status.inner_text() == "waiting for Bertha's answer…"
    # the focus follows to the proposal (the editor it was in is gone)
    assert t.page.evaluate("document.activeElement.dataset.offer") == "1"
    assert t.page.locator("[data-testid=error]").is_hidden()
    t.page.close()


def test_a_stale_decline_of_the_countered_offer_goes_again(browser: Any, server: str) -> None:
    """Carl passes between the counter-proposal and the decline: the decline,
    chosen on the state before, is stale and is sent again on the next one."""
    t = Live(browser, server, _asked_for_blue(), 0)
    assert Pass() in t.game.legal_actions(2)
    moved: list[bool] = []

    def carl_first(action: dict[str, Any]) -> None:
        if action["type"] == "decline" and not moved:
            moved.append(True)
            t.game.apply(2, Pass())
            t.ws.send(json.dumps(t.view()))

    t.before = carl_first
    t.offer(0).locator("[data-testid=offer-counter]").click()
    t.editor().locator("[data-testid=counter-send]").click()
    t.offer(0).wait_for(state="detached", timeout=TIMEOUT)
    assert t.actions() == [
        {"type": "propose", "to": 1, "give": ["r0"], "want": ["sau"]},
        {"type": "decline", "offer": 0},
        {"type": "decline", "offer": 0},
    ]
    seqs = [m["seq"] for m in t.sent]
    assert seqs[2] == seqs[1] + 1  # again, on the state after Carl's pass
    assert [o["id"] for o in t.game.observe(0)["offers"]] == [1]
    assert t.page.locator("[data-testid=error]").is_hidden()  # the retry was the page's own
    t.page.close()


def test_a_refused_counter_keeps_the_offer_and_says_why(browser: Any, server: str) -> None:
    t = Live(browser, server, _asked_for_blue(), 0)
    t.refuse["propose"] = {
        "code": "illegal",
        "message": "you have made your 20 proposals for this trading phase",
        "rule": "trade_cap option",
    }
    t.offer(0).locator("[data-testid=offer-counter]").click()
    send = t.editor().locator("[data-testid=counter-send]")
    send.click()
    notice = t.editor().locator("[data-testid=counter-notice][data-kind=refused]")
    notice.wait_for(timeout=TIMEOUT)
    assert notice.inner_text() == (
        "Refused: you have made your 20 proposals for this trading phase (rule: trade_cap option)"
    )
    # nothing declined: the offer is open, the editor keeps its choices and may send again
    assert [a["type"] for a in t.actions()] == ["propose"]
    assert t.offer(0).is_visible()
    assert t.ticked() == ["r0"] and t.asked() == ["sau"]
    assert send.is_enabled()
    assert [o["id"] for o in t.game.observe(0)["offers"]] == [0]
    t.page.close()


def test_the_counter_editor_fits_a_phone(browser: Any, server: str) -> None:
    t = Live(browser, server, _asked_for_blue(), 0, viewport=PHONE)
    t.offer(0).locator("[data-testid=offer-counter]").click()
    editor = t.editor()
    editor.wait_for(timeout=TIMEOUT)
    box = editor.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    assert t.page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    for control in editor.locator("input, button").all():
        b = control.bounding_box()
        assert b is not None and b["x"] >= 0 and b["x"] + b["width"] <= PHONE["width"]
    # it opened in view, where the finger is
    top = editor.locator(".counter-title").bounding_box()
    assert top is not None and 0 <= top["y"] <= PHONE["height"]
    t.page.close()


@pytest.mark.parametrize(
    ("lang", "waiting", "declined"),
    [
        ("en", "Proposal sent: waiting for Bertha's answer…", "Bertha declined"),
        ("de", "Angebot gesendet: wartet auf die Antwort von Bertha…", "Bertha hat abgelehnt"),
    ],
)
def test_the_sent_notice_gives_way_to_the_answer(
    browser: Any, server: str, lang: str, waiting: str, declined: str
) -> None:
    """A proposal of the form waits for Bertha's answer; her decline takes the
    notice's place, and the proposal's card shows it a moment."""
    g = bohn.new_game("bohnanza", 3, seed=1)
    g.apply(0, Plant(0))
    g.apply(0, Plant(1))
    t = Live(browser, server, g, 0, lang=lang)
    t.page.locator("[data-testid=trade-give-r0]").check()
    t.page.locator("[data-testid=trade-want-bean][data-bean=sau]").press("Enter")
    t.page.locator("[data-testid=trade-to]").select_option("1")
    t.page.locator("[data-testid=trade-send]").click()
    notice = t.page.locator("[data-testid=trade-notice]")
    t.page.wait_for_selector("[data-testid=trade-notice][data-kind=sent]", timeout=TIMEOUT)
    assert notice.inner_text() == waiting
    assert t.actions() == [{"type": "propose", "to": 1, "give": ["r0"], "want": ["sau"]}]
    card = t.offer(0)
    card.wait_for(timeout=TIMEOUT)
    assert card.locator("[data-testid=offer-status][data-answer=waiting]").is_visible()
    t.other(1, Decline(offer=0))
    t.page.wait_for_selector("[data-testid=trade-notice][data-kind=answered]", timeout=TIMEOUT)
    assert notice.inner_text() == declined
    # the offer is gone; its card stays a moment with the answer in place of the wait
    assert t.offer(0).count() == 0
    answered = t.page.locator("[data-testid=offer-answered][data-offer='0']")
    assert answered.locator("[data-testid=offer-status]").inner_text() == declined
    assert answered.get_attribute("data-answer") == "declined"
    assert answered.locator("button").count() == 0
    body = t.page.locator("#offers-panel").inner_text()
    assert "waiting for" not in body and "wartet auf" not in body
    t.page.close()


def test_an_accepted_proposal_says_what_came_back(browser: Any, server: str) -> None:
    """Bertha accepts the counter-offer: "Bertha accepted: you got Stink bean"."""
    game = _asked_for_blue()
    t = Live(browser, server, game, 0)
    t.offer(0).locator("[data-testid=offer-counter]").click()
    t.editor().locator("[data-testid=counter-send]").click()
    t.offer(0).wait_for(state="detached", timeout=TIMEOUT)
    mine = t.page.locator("[data-testid=offer][data-offer='1']")
    assert mine.locator("[data-testid=offer-status]").inner_text() == (
        "waiting for Bertha's answer…"
    )
    sau = game.observe(1)["seats"][1]["hand"].index("sau")
    t.other(1, Accept(offer=1, give=(f"h{sau}",)))
    answered = t.page.locator("[data-testid=offer-answered][data-offer='1']")
    answered.wait_for(timeout=TIMEOUT)
    status = answered.locator("[data-testid=offer-status]")
    assert status.inner_text() == "Bertha accepted: you got Stink bean"
    assert status.get_attribute("data-answer") == "accepted"
    assert "waiting for" not in t.page.locator("#offers-panel").inner_text()
    t.page.close()
