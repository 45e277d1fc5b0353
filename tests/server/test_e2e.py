"""End to end: the browser client against a live server, in Debian's
chromium through the ``playwright`` package (both optional: the test skips
without them). Two humans and a greedy bot play Bohnanza; each page shows
its own hand only."""

from __future__ import annotations

import json
import time
import urllib.request
from typing import Any

import pytest
from passes import SOAK
from playwright import sync_api

from server.browser import ARGS
from server.browser import CHROMIUM
from server.browser import TIMEOUT
from server.browser import need_chromium

need_chromium()


def _api(base: str, path: str, body: Any = None, token: str | None = None) -> Any:
    headers = {"content-type": "application/json"}
    if token:
        headers["authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    with urllib.request.urlopen(urllib.request.Request(base + path, data, headers)) as r:
        return json.load(r)


def _hand(page: Any) -> list[str]:
    cards = page.locator("[data-testid=hand-card]")
    return [cards.nth(i).get_attribute("data-card") for i in range(cards.count())]


def _seq(page: Any) -> int:
    return int(page.locator("body").get_attribute("data-seq"))


def _click(page: Any, text: str) -> None:
    """Click the action button ``text`` and wait for the page's next state."""
    before = _seq(page)
    page.locator(f"[data-testid=action][data-action-text='{text}']").first.click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=TIMEOUT)


def _offer_revealed_card(page: Any, to: int) -> None:
    """Propose revealed card 0 to seat ``to`` through the trading form."""
    page.select_option("[data-testid=trade-to]", str(to))
    page.locator("[data-testid=trade-give-r0]").check()
    before = _seq(page)
    page.locator("[data-testid=trade-send]").click()
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}", timeout=TIMEOUT)


def _answer(page: Any, action_type: str) -> None:
    """Click the first ``action_type`` button (accept, decline) once it shows."""
    button = page.locator(f"[data-testid=action][data-action-type={action_type}]").first
    button.wait_for(timeout=TIMEOUT)
    _click(page, button.get_attribute("data-action-text"))


def _two_people_and_a_bot(server: str, seed: int) -> Any:
    """A 3-player Bohnanza game: two people, then a greedy bot."""
    return _api(
        server,
        "/api/games",
        {
            "variant": "bohnanza",
            "players": 3,
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
            "think_ms": 0,
            "seed": seed,
        },
    )


def test_two_humans_and_a_bot(server: str) -> None:
    game = _two_people_and_a_bot(server, seed=11)
    gid = game["id"]
    tokens = {j["seat"]: j["token"] for j in game["join"]}
    urls = {j["seat"]: j["url"] for j in game["join"]}
    frames: dict[int, list[dict[str, Any]]] = {0: [], 1: []}

    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            pages = {}
            for seat in (0, 1):
                ctx = browser.new_context()
                page = ctx.new_page()

                def on_ws(ws: Any, seat: int = seat) -> None:
                    ws.on(
                        "framereceived",
                        lambda payload, seat=seat: frames[seat].append(json.loads(payload)),
                    )

                page.on("websocket", on_ws)
                page.goto(urls[seat])
                page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
                pages[seat] = page

            def check_hands() -> None:
                for seat, page in pages.items():
                    state = _api(server, f"/api/games/{gid}/state", token=tokens[seat])
                    page.wait_for_function(
                        f"Number(document.body.dataset.seq) >= {state['seq']}", timeout=TIMEOUT
                    )
                    state = _api(server, f"/api/games/{gid}/state", token=tokens[seat])
                    if _seq(page) == state["seq"]:
                        assert _hand(page) == state["observation"]["seats"][seat]["hand"]
                    # the other human seat shows a hand size only
                    other = 1 - seat
                    box = page.locator(f"[data-testid=seat-{other}]")
                    assert box.locator("[data-testid=hand-card]").count() == 0

            a, b = pages[0], pages[1]
            check_hands()
            # seat 0 plants its front card (and passes on a second one)
            a.wait_for_selector("[data-testid=action]", timeout=TIMEOUT)
            _click(a, a.locator("[data-testid=action]").first.get_attribute("data-action-text"))
            if a.locator("[data-testid=action][data-action-text='pass']").count():
                _click(a, "pass")
            a.wait_for_function("document.body.dataset.phase === 'trade'", timeout=TIMEOUT)
            check_hands()

            # a proposal through the trading form: seat 0 offers revealed card 0 to seat 1
            form = a.locator("[data-testid=trade-form]")
            form.wait_for(state="visible", timeout=TIMEOUT)
            _offer_revealed_card(a, 1)
            offer = b.locator("[data-testid=offer][data-to='1']").first
            offer.wait_for(timeout=TIMEOUT)
            _answer(b, "decline")
            assert "declined" in a.locator("[data-testid=log]").inner_text()

            # the same offer again; this time seat 1 accepts it: a trade between the two
            _offer_revealed_card(a, 1)
            _answer(b, "accept")
            state = _api(server, f"/api/games/{gid}/state", token=tokens[1])
            assert state["observation"]["seats"][1]["trading_area"], "the trade gave seat 1 a card"
            trades = [e for entry in state["log"] for e in entry["events"] if e["type"] == "trade"]
            assert trades and trades[-1]["from"] == 0 and trades[-1]["to"] == 1

            # a reload mid-game resumes where the game is
            b.reload()
            b.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
            b.wait_for_function(
                f"Number(document.body.dataset.seq) === {state['seq']}", timeout=TIMEOUT
            )
            assert _hand(b) == state["observation"]["seats"][1]["hand"]
            check_hands()
            _click(a, "end-trading")
            check_hands()
            assert a.locator("[data-testid=error]").is_hidden()
        finally:
            browser.close()

    # no frame a page received ever held another seat's hand
    assert frames[0] and frames[1]
    for seat, msgs in frames.items():
        for msg in msgs:
            if msg.get("type") != "state":
                continue
            for s, view in enumerate(msg["observation"]["seats"]):
                if s != seat:
                    assert "hand" not in view, (seat, s)


#: the actions a person in the whole-game test prefers, by their first word
PREFER = ("plant", "harvest", "pass", "end-trading", "decline", "keep")


@pytest.mark.skipif(
    not SOAK, reason="a soak run (BOHN_SOAK=1): test_browser_games.py plays whole games"
)
def test_a_whole_game_in_the_browser(server: str) -> None:
    """Two people (two browser contexts) and a greedy bot play a Bohnanza game
    to its end through the pages, with a trade between the two people; both
    pages end on the result screen."""
    game = _two_people_and_a_bot(server, seed=5)
    gid = game["id"]
    tokens = {j["seat"]: j["token"] for j in game["join"]}
    traded = False
    with sync_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            pages = {}
            for j in game["join"]:
                page = browser.new_context().new_page()
                page.goto(j["url"])
                page.wait_for_selector("body[data-seq]", timeout=TIMEOUT)
                pages[j["seat"]] = page
            deadline = time.monotonic() + 240
            while True:
                assert time.monotonic() < deadline, "the game did not end in time"
                views = {
                    s: _api(server, f"/api/games/{gid}/state?since=1000000", token=tokens[s])
                    for s in (0, 1)
                }
                if views[0]["result"] is not None:
                    break
                seat = next((s for s in (0, 1) if s in views[s]["waiting_for"]), None)
                if seat is None:
                    time.sleep(0.01)  # the bot is moving
                    continue
                view, page = views[seat], pages[seat]
                page.wait_for_function(
                    f"Number(document.body.dataset.seq) >= {view['seq']}", timeout=TIMEOUT
                )
                if _seq(page) != view["seq"]:
                    continue  # the bot moved meanwhile: look again
                texts = [x["text"] for x in view["legal"]]
                obs = view["observation"]
                if (
                    not traded
                    and seat == 0
                    and obs["phase"] == "trade"
                    and obs["active"] == 0
                    and obs["revealed"]
                ):  # the trade between the two people: a revealed card for seat 1
                    _offer_revealed_card(page, 1)
                    _answer(pages[1], "accept")
                    traded = True
                    continue
                choice = next(
                    (t for word in PREFER for t in texts if t.split()[0] == word),
                    next(t for t in texts if not t.startswith("propose")),
                )
                _click(page, choice)
            for page in pages.values():
                page.wait_for_selector("[data-testid=result]", timeout=TIMEOUT)
            result = views[0]["result"]
            assert sorted(result["ranking"]) == [0, 1, 2]
            text = pages[0].locator("[data-testid=result]").inner_text()
            assert str(result["scores"][0]) in text
        finally:
            browser.close()
    assert traded, "the two people traded"
    state = _api(server, f"/api/games/{gid}/state")  # finished: public
    trades = [e for entry in state["log"] for e in entry["events"] if e["type"] == "trade"]
    assert any(t["from"] == 0 and t["to"] == 1 for t in trades)
