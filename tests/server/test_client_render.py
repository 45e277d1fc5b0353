"""The game page shows real positions. Each test loads a position with
bohn's scenario loader, hands the page one seat's view of it through a
stand-in WebSocket (Playwright's ``route_web_socket``: no game runs on the
server), and checks what the page shows and what it sends back."""

from __future__ import annotations

import json
import re
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

from bohn.engine.game import Game
from bohn.rulesets import find_variant
from bohn.scenario import load_file, load_position, scenario_action
from bohn.server.rooms import game_view
from server.browser import ARGS, CHROMIUM, TIMEOUT, need_chromium

need_chromium()

SCENARIOS = Path(__file__).resolve().parents[1] / "scenarios"


def _position(name: str, actions: int) -> Game:
    """The position of scenario ``name`` after its first ``actions`` actions."""
    data = load_file(SCENARIOS / name)
    game = load_position(data)
    for entry in data["actions"][:actions]:
        game.apply(*scenario_action(entry))
    return game


class Page:
    """A game page fed one view; ``sent`` collects what it sends."""

    def __init__(self, page: Any, sent: list[dict[str, Any]]) -> None:
        self.page = page
        self.sent = sent

    def text(self, testid: str) -> str:
        """The text of the element ``testid``, its white space collapsed."""
        return " ".join(self.page.locator(f"[data-testid={testid}]").inner_text().split())


@pytest.fixture
def browser() -> Iterator[Any]:
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        try:
            yield b
        finally:
            b.close()


def _show(browser: Any, server: str, game: Game, seat: int | None) -> Page:
    """Open the game page and hand it ``seat``'s view of ``game``."""
    view = game_view(game, "render0", seat)
    sent: list[dict[str, Any]] = []
    page = browser.new_context().new_page()

    def handler(ws: Any) -> None:  # the stand-in server: one state, then it listens
        ws.on_message(lambda m: sent.append(json.loads(m)))
        ws.send(json.dumps(view))

    page.route_web_socket(re.compile(r"/ws/games/"), handler)
    page.goto(f"{server}/play/render0?token=t")
    page.wait_for_selector(f"body[data-seq='{game.seq}']", timeout=TIMEOUT)
    return Page(page, sent)


def test_the_coin_picker_pays_for_the_third_field_with_the_chosen_coins(
    browser: Any, server: str
) -> None:
    # seat 2 holds five blaue coins: bohnanza's buy-field is listed once
    # (the top coins); the picker names the coins
    game = _position("bohnanza/final-exhaustion-tie.json", 0)
    page = _show(browser, server, game, 2)
    picker = page.page.locator("[data-testid=coin-picker]")
    picker.locator("summary").click()
    coins = picker.locator("[data-testid=pay-coin]")
    assert coins.count() == 5
    for i in (0, 2, 4):
        coins.nth(i).check()
    picker.locator("[data-testid=buy-field-pay]").click()
    page.page.wait_for_function("document.querySelector('button.action').disabled")
    assert page.sent == [
        {
            "type": "act",
            "seq": game.seq,
            "action": {"type": "buy-field", "pay": ["blaue", "blaue", "blaue"]},
        }
    ]


def test_no_coin_picker_without_the_coins_faces(browser: Any, server: str) -> None:
    # seat 1 has one coin: buy-field is not legal, and the picker is absent
    game = _position("bohnanza/final-exhaustion-tie.json", 0)
    page = _show(browser, server, game, 1)
    assert page.page.locator("[data-testid=coin-picker]").count() == 0


def test_the_sissi_action_lists_the_fields_still_to_harvest(browser: Any, server: str) -> None:
    game = _position("sissi/example-5-sissi-action.json", 1)  # after end-trading
    assert game.observe(1)["sissi_action"] == [[0, 0], [1, 0]]
    page = _show(browser, server, game, 1)
    assert page.text("sissi-action") == (
        "Sissi action: fields to harvest Seat 0: field 0, you (seat 1): field 0"
    )
    assert page.page.locator("[data-testid=extra]").count() == 0  # nothing left unexplained


def test_high_bohn_distillery_window_is_told_in_words(browser: Any, server: str) -> None:
    game = _position("high-bohn/c-distillery-window.json", 1)  # distillery-2 bought
    obs = game.observe(1)
    assert obs["distillery"] is not None
    assert obs["distillery"] == {"building_type": "saloon", "seats": [1, 2]}
    page = _show(browser, server, game, 1)
    assert page.text("distillery") == ("Distillery Saloon; still to decide: you (seat 1), Seat 2")


def test_high_bohn_jail_choice_shows_the_cards(browser: Any, server: str) -> None:
    game = _position("high-bohn/b-jail-4-soy-joker-choice.json", 1)  # seat 2 harvested
    assert game.observe(1)["jail_coin"] == {"seat": 1, "cards": ["blaue", "soja", "soja"]}
    page = _show(browser, server, game, 1)
    shown = page.page.locator("[data-testid=jail-coin] [data-card]")
    assert [shown.nth(i).get_attribute("data-card") for i in range(shown.count())] == [
        "blaue",
        "soja",
        "soja",
    ]
    assert page.text("jail-coin").startswith("Jail: a coin to choose you (seat 1) from")


def test_prohibohn_stage_is_shown(browser: Any, server: str) -> None:
    game = _position("prohibohn/b-phase-2-bonus-coin.json", 1)
    assert game.observe(0)["stage"] == 3
    page = _show(browser, server, game, 0)
    assert page.text("stage") == "Stage 3 of 6"


def test_mutterbohnchen_for_two_shows_the_third_field_card(browser: Any, server: str) -> None:
    game = _position("mutterbohnchen/two-players-use-the-offer.json", 0)
    obs = game.observe(0)
    assert (obs["third_field_card"], obs["hand_discarded"]) == (1, False)
    page = _show(browser, server, game, 0)
    assert page.text("third-field-card") == "3. Bohnenfeld card Seat 1"
    assert page.text("hand-discarded") == "Hand card dropped this turn no"


def test_bohnkick_is_drawn_by_its_own_client_code(browser: Any, server: str) -> None:
    game = find_variant("bohnkick").new(2, 5)
    page = _show(browser, server, game, 0)
    page.page.wait_for_selector("[data-testid=pitch]", timeout=TIMEOUT)
    assert page.text("score").startswith("team 0 (yours) 0 : 0 team 1")
    assert page.text("hand-size-0") == f"Team cards {game.observe(0)['seats'][0]['hand_size']}"
    # no bean game's views: no fields, no coins, no offers
    assert page.page.locator("[data-testid^=field-]").count() == 0
    assert page.page.locator("#offers-panel").is_hidden()


def test_a_bean_game_has_no_client_code_of_its_own(server: str) -> None:
    with urllib.request.urlopen(f"{server}/rulesets/bohnkick/client.js") as r:
        assert r.headers["content-type"].startswith("text/javascript")
        assert "export function table" in r.read().decode()
    for path, said in [("bohnanza", "has no client code"), ("nosuch", "unknown variant")]:
        with pytest.raises(urllib.error.HTTPError) as e:
            urllib.request.urlopen(f"{server}/rulesets/{path}/client.js")
        assert e.value.code == 404 and said in e.value.read().decode()
