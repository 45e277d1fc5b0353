"""Trading at a person's pace in the game page: no key accepts a trade or
gives cards away (Enter passes), the Want list holds every bean type of the
game, and a live bot's trading stays open, counted down, until the person
passes. The first two show a fixed state through a routed WebSocket; the
last plays on the live test server and waits on the page's state (its
``data-seq`` and the countdown), never on a fixed time."""

from __future__ import annotations

import json
import re
from typing import Any

import bohn
from bohn.catalogue import catalogue
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Propose
from bohn.engine.game import Game
from bohn.server.rooms import game_view
from server.browser import TIMEOUT
from server.browser import create_game
from server.browser import need_chromium
from server.routed import show_state

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True


def _show(browser: Any, server: str, game: Game, seat: int) -> tuple[Any, list[dict[str, Any]]]:
    return show_state(browser, server, game, seat, "pace0")


def _offered() -> Game:
    """Bohnanza for 3 (seed 1): seat 0 trades and offers seat 1 a Blue bean
    for a Stink bean, which seat 1 holds twice."""
    g = bohn.new_game("bohnanza", 3, seed=1)
    g.apply(0, Plant(0))
    g.apply(0, Plant(1))
    g.apply(0, Propose(to=1, give=("r0",), want=("sau",)))
    assert [o["to"] for o in g.observe(1)["offers"]] == [1]
    return g


def test_no_key_accepts_a_trade_and_enter_passes(browser: Any, server: str) -> None:
    game = _offered()
    page, sent = _show(browser, server, game, 1)
    accepts = page.locator("[data-testid=action][data-action-type=accept]")
    assert accepts.count() >= 2
    for i in range(accepts.count()):
        assert accepts.nth(i).get_attribute("data-key") is None
        assert accepts.nth(i).get_attribute("data-primary") is None
    # the two ways to pay read apart, in the moves and at the offer: where each Stink bean lies
    for box in ("#actions", "[data-testid=offer]"):
        texts = page.locator(f"{box} [data-action-type=accept]").all_inner_texts()
        assert len(texts) == 2 and len({" ".join(t.split()) for t in texts}) == 2, texts
    primary = page.locator("[data-testid=action][data-primary=yes]")
    assert primary.get_attribute("data-action-type") == "pass"
    for key in ("1", "2", "3", "4"):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('button.action').disabled")
    types = [m["action"]["type"] for m in sent]
    assert "accept" not in types and types, types
    assert types[0] in ("decline", "pass"), types  # key 1 is the only decline; Enter passes
    page.close()


def test_the_want_list_holds_every_bean_type(browser: Any, server: str) -> None:
    game = _offered()
    page, _ = _show(browser, server, game, 1)
    shown = page.locator("[data-testid=trade-want-bean]").evaluate_all(
        "bs => bs.map(b => b.dataset.bean)"
    )
    beans = [e.key for e in catalogue("bohnanza").entries if e.beanometer]
    assert sorted(shown) == sorted(beans)
    assert shown == beans  # in the catalogue's order
    page.close()


def test_a_live_bots_trading_waits_for_the_persons_pass(browser: Any, server: str) -> None:
    """Seat 0 is a greedy bot that would end its trading at once; the person
    at seat 1 sees the countdown, and the phase stays open until they pass."""
    game = create_game(server, seed=1, pace="fast", trade_s=120)
    page = browser.new_context().new_page()
    page.goto(game["join"][0]["url"])
    page.wait_for_selector("[data-testid=trade-window]:not([hidden])", timeout=TIMEOUT)
    countdown = page.locator("[data-testid=trade-window]").inner_text()
    assert "keeps the trading open for you" in countdown and "left" in countdown
    # on a phone the trading panel is far below: the countdown stands by the prompt too
    top = page.locator("[data-testid=trade-window-top]")
    assert not top.is_visible()
    page.set_viewport_size({"width": 390, "height": 844})
    assert top.is_visible() and "Trading stays open for you" in top.inner_text()
    prompt = page.locator("[data-testid=prompt]").bounding_box()
    box = top.bounding_box()
    assert prompt and box and box["y"] - (prompt["y"] + prompt["height"]) < 200
    page.set_viewport_size({"width": 1366, "height": 800})
    assert page.evaluate("document.body.dataset.phase") == "trade"
    primary = page.locator("[data-testid=action][data-primary=yes]")
    assert primary.get_attribute("data-action-type") == "pass"
    seq = page.evaluate("document.body.dataset.seq")
    primary.click()
    page.wait_for_function(f"document.body.dataset.seq !== '{seq}'", timeout=TIMEOUT)
    # passed, the person still has the bot's offer to answer: the trading waits for it
    assert page.evaluate("document.body.dataset.phase") == "trade"
    assert page.locator("[data-testid=trade-window]").is_visible()
    page.locator("[data-testid=action][data-action-type=decline]").first.click()
    # answered: the bot ends its trading, the countdown goes, the game moves on
    page.wait_for_selector("[data-testid=trade-window][hidden]", state="attached", timeout=TIMEOUT)
    page.wait_for_function("document.body.dataset.phase !== 'trade'", timeout=TIMEOUT)
    page.close()


def test_the_room_refuses_nothing_of_a_pass() -> None:
    """The person's pass in another's trading is a legal move (what the
    primary button sends)."""
    game = _offered()
    assert Pass() in game.legal_actions(1)


def test_a_page_asks_for_client_code_only_where_the_ruleset_has_some(
    browser: Any, server: str
) -> None:
    """Every page but Bohnkick's asked for ``/rulesets/<id>/client.js`` and got
    a 404; the state now says whether there is any (``client_code``)."""
    from bohn.server.rooms import has_client_code

    assert not has_client_code("bohnanza") and has_client_code("bohnkick")
    game = _offered()
    asked: list[str] = []
    page = browser.new_context().new_page()
    page.on("request", lambda req: asked.append(req.url))
    view = game_view(game, "pace1", 1)
    assert view["client_code"] is False
    page.route_web_socket(re.compile(r"/ws/games/"), lambda ws: ws.send(json.dumps(view)))
    page.goto(f"{server}/play/pace1?token=t")
    page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)
    assert not [u for u in asked if "/rulesets/" in u], asked
    page.close()


def test_prohibohns_set_up_names_its_stage(browser: Any, server: str) -> None:
    """Before the first turn (the starting coins) the stage read "-"."""
    game = bohn.new_game("prohibohn", 2, seed=3)
    assert game.observe(0)["stage"] == 0
    page, _ = _show(browser, server, game, 0)
    stage = " ".join(page.locator("[data-testid=stage]").inner_text().split())
    assert stage == "Stage setting up (starting coins)", stage
    page.close()


def test_a_field_is_reached_with_tab_and_planted_on_with_enter(browser: Any, server: str) -> None:
    """Fields could not be reached with the keyboard; a field that takes a
    move now is in the Tab order, and Enter plants the front card there."""
    game = bohn.new_game("bohnanza", 3, seed=4)
    seat = game.observe(None)["active"]
    page, sent = _show(browser, server, game, seat)
    field = page.locator("#my-seat [data-dst=f0]")
    assert field.get_attribute("tabindex") == "0"
    for _ in range(60):  # Tab through the page until the field has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.dataset.dst") == "f0":
            break
    else:
        raise AssertionError("Tab never reached field 0")
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('button.action').disabled")
    assert [m["action"] for m in sent] == [{"type": "plant", "field": 0}]
    page.close()


def test_the_duels_offer_is_not_called_a_trading_area(browser: Any, server: str) -> None:
    """The bean duel has no trading: the cards the opponent left are "Offer
    from your opponent" on the page, those turned up "Turned up"."""
    game = bohn.new_game("bohnanza-rio-grande", 2, seed=3)
    phases = []
    while game.observe(None)["phase"] != "duel-offer":
        seat = game.observe(None)["active"]
        phases.append(game.observe(None)["phase"])
        legal = game.legal_actions(seat)
        game.apply(seat, Pass() if Pass() in legal else legal[0])
    assert "duel-plant" in phases
    seat = game.observe(None)["active"]
    page, _ = _show(browser, server, game, seat)
    label = page.locator(f"[data-testid=trading-area-{seat}-zone] .k").inner_text()
    assert label == "Offer from your opponent"
    assert "Trading area" not in page.locator("#board").inner_text()
    page.close()


def test_a_gift_of_your_own_cards_is_asked_once_a_game(browser: Any, server: str) -> None:
    """Giving hand cards for nothing takes a second press the first time in a
    game; the notice says why. Later gifts go at once."""
    game = _offered()
    page, sent = _show(browser, server, game, 2)  # seat 2 trades too; no offer to it
    page.locator("[data-testid=trade-give-h0]").check()
    page.locator("[data-testid=trade-send]").click()
    notice = page.locator("[data-testid=trade-notice]")
    assert "gives your cards away for nothing" in notice.inner_text()
    assert not [m for m in sent if m["action"]["type"] == "propose"]
    page.locator("[data-testid=trade-send]").click()
    page.wait_for_function("document.querySelector('[data-testid=trade-send]').disabled")
    proposals = [m["action"] for m in sent if m["action"]["type"] == "propose"]
    assert proposals == [{"type": "propose", "to": 0, "give": ["h0"], "want": []}]
    page.close()


def test_a_proposal_goes_to_the_seat_chosen_after_the_list_is_drawn_again(
    browser: Any, server: str
) -> None:
    """The recipients are listed by seat and the choice survives a new state:
    the person chooses seat 3, a bot's move redraws the form, and the
    proposal still goes to seat 3 (JSON seat 2)."""
    game = _offered()  # seat 0 trades; its offer to seat 1 stands
    view = game_view(game, "pace2", 0)
    later = game.clone()
    (offer,) = later.observe(None)["offers"]
    from bohn.engine.actions import Decline

    later.apply(1, Decline(offer["id"]))
    sent: list[dict[str, Any]] = []
    sockets: list[Any] = []
    page = browser.new_context().new_page()

    def handler(ws: Any) -> None:
        sockets.append(ws)
        ws.on_message(lambda m: sent.append(json.loads(m)))
        ws.send(json.dumps(view))

    page.route_web_socket(re.compile(r"/ws/games/"), handler)
    page.goto(f"{server}/play/pace2?token=t")
    page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)
    to = page.locator("[data-testid=trade-to]")
    values = to.locator("option").evaluate_all("os => os.map(o => o.value)")
    assert values == sorted(values, key=int) and "2" in values
    to.select_option("2")
    sockets[0].send(json.dumps(game_view(later, "pace2", 0)))
    page.wait_for_selector(f"body[data-seq='{later.seq}']", timeout=TIMEOUT)
    assert to.input_value() == "2"
    page.locator("[data-testid=trade-give-h0]").check()
    page.locator("[data-testid=trade-want-bean]").first.click()
    page.locator("[data-testid=trade-send]").click()
    page.wait_for_function("document.querySelector('[data-testid=trade-send]').disabled")
    proposals = [m["action"] for m in sent if m["action"]["type"] == "propose"]
    assert [p["to"] for p in proposals] == [2]
    page.close()
