"""The game page speaks in words: moves by their sentences, the phase by its
name, "Your move" only when the game waits for the seat, keyboard shortcuts
for the listed moves and a chooser for long lists of card choices. Each test
hands the page one seat's view through a stand-in WebSocket (no game runs)."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import bohn
from bohn.engine.actions import parse_action
from bohn.engine.game import Game
from bohn.rulesets import VARIANTS
from bohn.server.rooms import game_view
from server.browser import need_chromium
from server.routed import show_state

need_chromium()

#: one live server for the module's tests (each makes a game of its own; conftest.server)
ONE_SERVER = True

#: an action's text form as a button's main text
RAW = re.compile(r"^(plant|keep|harvest|propose|stash|buy-field) [a-z]?\d")


def _show(browser: Any, server: str, game: Game, seat: int) -> tuple[Any, list[dict[str, Any]]]:
    return show_state(browser, server, game, seat, "words0")


def _trading() -> Game:
    """Bohnanza, 3 players: the active player's trading phase."""
    g = bohn.new_game("bohnanza", 3, seed=4)
    while g.observe(None)["phase"] != "trade":
        seat = g.observe(None)["active"]
        moves = [a for a in g.legal_actions(seat) if a.to_json()["type"] in ("plant", "pass")]
        g.apply(seat, moves[-1])
    return g


def _played(variant: str, steps: int, seed: int = 5) -> Game:
    cls = VARIANTS[variant]
    allowed = cls.allowed_players()
    g = bohn.new_game(variant, 3 if 3 in allowed else allowed[-1], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.result() is not None:
            break
        seat = rng.choice(sorted(g.waiting_for()))
        g.apply(seat, rng.choice(g.legal_actions(seat)))
    return g


def _button_texts(page: Any) -> list[str]:
    return [
        " ".join(t.split())
        for t in page.locator("#actions button:visible, #status button:visible").all_inner_texts()
    ]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_no_button_reads_as_action_syntax(browser: Any, server: str, variant: str) -> None:
    for steps in (0, 9):
        game = _played(variant, steps)
        for seat in sorted(game.waiting_for()):
            page, _ = _show(browser, server, game, seat)
            texts = _button_texts(page)
            # a key hint ("1") may lead; the words follow it
            words = [re.sub(r"^\d\s+", "", t) for t in texts]
            assert not [t for t in words if RAW.match(t.lower())], (variant, words)
            phase = page.locator("[data-testid=phase] .v").inner_text()
            code = game.observe(seat)["phase"]
            assert phase and phase != code and "-" not in phase, (variant, phase)
            page.close()


def test_your_move_only_while_the_game_waits_for_the_seat(browser: Any, server: str) -> None:
    game = _trading()
    active = game.observe(None)["active"]
    other = (active + 1) % 3
    assert other in game.waiting_for()  # it may propose: the engine waits for its pass
    game.apply(other, parse_action("pass"))  # it has passed: nothing more is asked of it
    page, _ = _show(browser, server, game, other)
    assert page.locator("[data-testid=your-move]").count() == 0
    prompt = " ".join(page.locator("[data-testid=prompt]").inner_text().split())
    assert prompt.startswith(f"Seat {active + 1} is trading")  # seats counted from 1
    assert page.locator("[data-testid=phase] .v").inner_text() == "trading and donating"
    assert "your move" not in page.title()
    page.close()
    page, _ = _show(browser, server, game, active)
    assert page.locator("[data-testid=your-move]").inner_text().startswith("Your move")
    page.close()


def test_keys_choose_the_listed_moves(browser: Any, server: str) -> None:
    game = bohn.new_game("bohnanza", 3, seed=4)
    seat = game.observe(None)["active"]
    page, sent = _show(browser, server, game, seat)
    first = page.locator("[data-testid=action]").first
    assert first.locator(".key-hint").inner_text() == "1"
    assert first.get_attribute("data-primary") == "yes"
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelector('button.action').disabled")
    want = json.loads(json.dumps(game_view(game, "x", seat)["legal"][0]["action"]))
    assert sent == [{"type": "act", "seq": game.seq, "action": want}]
    page.close()


def test_a_long_card_choice_is_a_chooser(browser: Any, server: str) -> None:
    game = bohn.new_game("prohibohn", 2, seed=3)
    page, sent = _show(browser, server, game, 0)
    assert page.locator("[data-testid=action][data-action-type=stash]").count() == 0
    chooser = page.locator("[data-testid=chooser-stash]")
    go = chooser.locator("[data-testid=chooser-send]")
    assert go.is_disabled()
    boxes = chooser.locator("[data-testid=choose-card]")
    boxes.nth(0).check()
    boxes.nth(2).check()
    assert not go.is_disabled() and "starting coins" in go.inner_text()
    go.click()
    page.wait_for_function("() => document.querySelector('[data-testid=chooser-send]')")
    assert sent == [{"type": "act", "seq": game.seq, "action": {"type": "stash", "cards": [0, 2]}}]
    page.close()
