"""Terminal play driven by scripted answers."""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import bohn
from bohn.play import main


def scripted(answers: list[str], then: str | None = "1") -> Callable[[str], str]:
    """An input function: the answers in order, then ``then`` forever (or EOF)."""
    it: Iterator[str] = iter(answers)

    def input_fn(prompt: str) -> str:
        for a in it:
            return a
        if then is None:
            raise EOFError
        return then

    return input_fn


def test_scripted_game_finishes_and_bad_input_is_refused() -> None:
    out = io.StringIO()
    bad = ["99", "nonsense", "propose 9 give h0", "harvest f7", "", "help", "log", "table"]
    rc = main("bohnanza", 4, 1, ["greedy"], 7, input_fn=scripted(bad), out=out)
    text = out.getvalue()
    assert rc == 0
    assert "there is no choice 99" in text
    assert "not understood: unknown action 'nonsense'" in text
    assert "not allowed: you cannot propose a deal to seat 9 (bohnanza §3.2.2)" in text
    assert "not allowed: you have 2 fields; there is no field 7 (bohnanza §1.3)" in text
    assert "recent events:" in text
    assert "=== game over" in text
    assert "winner:" in text
    assert re.search(r"seat 2 \(greedy\): \S", text)


def test_end_of_input_leaves_politely() -> None:
    out = io.StringIO()
    rc = main("bohnanza", 3, 0, ["greedy", "random"], 3, input_fn=scripted(["1"], None), out=out)
    assert rc == 0
    assert "input closed" in out.getvalue()


def test_quit() -> None:
    out = io.StringIO()
    rc = main("bohnanza", 3, 0, ["greedy"], 3, input_fn=scripted(["quit"]), out=out)
    assert rc == 0
    assert "you left the game" in out.getvalue()


def test_action_text_is_accepted() -> None:
    out = io.StringIO()
    game = bohn.new_game("bohnanza", 3, 5)
    first = game.legal_actions(0)[0].text()
    rc = main("bohnanza", 3, 0, ["greedy"], 5, input_fn=scripted([first, "quit"]), out=out)
    assert rc == 0
    assert f"you: {first}" in out.getvalue()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seat": 4}, "seat must be from 0 to 3"),
        ({"bots": ["greedy", "greedy"]}, "name one bot kind"),
        ({"bots": ["nobot"]}, "unknown bot"),
        ({"variant": "chess"}, "unknown variant"),
    ],
)
def test_bad_setup_is_reported(kwargs: dict[str, Any], message: str) -> None:
    args: dict[str, Any] = {
        "variant": "bohnanza",
        "players": 4,
        "seat": 0,
        "bots": ["greedy"],
        "seed": 1,
    }
    args.update(kwargs)
    out = io.StringIO()
    rc = main(**args, input_fn=scripted([]), out=out)
    assert rc == 2
    assert message in out.getvalue()


@pytest.fixture
def games(monkeypatch: pytest.MonkeyPatch) -> list[bohn.Game]:
    """Every game ``bohn.new_game`` creates during the test, in order."""
    created: list[bohn.Game] = []
    real = bohn.new_game

    def capture(*args: Any, **kwargs: Any) -> bohn.Game:
        g = real(*args, **kwargs)
        created.append(g)
        return g

    monkeypatch.setattr(bohn, "new_game", capture)
    return created


def test_screen_shows_other_hands_only_as_sizes(games: list[bohn.Game]) -> None:
    out = io.StringIO()
    checked = 0

    def input_fn(prompt: str) -> str:
        nonlocal checked
        game = games[0]
        screen = out.getvalue().rsplit("=== turn", 1)[1]
        for s in (0, 2, 3):
            hand_size = len(game.observe(s)["seats"][s]["hand"])
            assert f"seat {s} (greedy): " in screen
            line = next(x for x in screen.splitlines() if f"seat {s} (greedy): " in x)
            assert line.endswith(f"{hand_size} cards in hand")
        assert screen.count("hand (front first)") == 1
        assert "your hand (front first)" in screen
        checked += 1
        return "1" if checked < 40 else "quit"

    rc = main("bohnanza", 4, 1, ["greedy"], 9, input_fn=input_fn, out=out)
    assert rc == 0
    assert checked == 40


def test_trade_caps_default_and_given_options(games: list[bohn.Game]) -> None:
    main("bohnanza", 3, 2, ["random"], 1, input_fn=scripted(["quit"]), out=io.StringIO())
    assert games[-1].options["trade_caps"] == [2, 2, 50]
    main(
        "bohnanza",
        3,
        2,
        ["random"],
        1,
        {"trade_cap": 4},
        input_fn=scripted(["quit"]),
        out=io.StringIO(),
    )
    assert games[-1].options["trade_caps"] is None
    main(
        "bohnanza",
        3,
        0,
        ["random"],
        1,
        {"first_player": 1},
        input_fn=scripted(["quit"]),
        out=io.StringIO(),
    )
    assert games[-1].options["trade_caps"] == [50, 2, 2]
