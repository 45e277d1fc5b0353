"""High Bohn §4.1.5: "If several players wish to buy building cards at the
same time ... The current player may buy first. Afterward, the other players,
in clockwise order, may buy." The engine takes one action at a time; it tells
a server the order (``HighBohn.same_moment_rank``), which the server's
priority window applies (``tests/server/test_priority.py``)."""

from __future__ import annotations

from bohn.engine.actions import parse_action
from bohn.rulesets.high_bohn import HighBohn
from bohn.scenario import load_position

from .helpers import act


def position(**setup: object) -> HighBohn:
    game = load_position(
        {
            "variant": "high-bohn",
            "players": 3,
            "seed": 5,
            "options": {"cognac": True},
            "setup": {"deck": ["rote"] * 3, "deck_rest": "none", **setup},
        }
    )
    assert isinstance(game, HighBohn)
    return game


def rank(game: HighBohn, seat: int, text: str) -> tuple[int, str] | None:
    return game.same_moment_rank(seat, parse_action(text))


def test_s4_1_5_the_active_player_first_then_clockwise() -> None:
    """§4.1.5: a purchase's place in the order: 0 for the active player, then
    clockwise; the order starts with him even if he does not buy; other
    actions have no such order."""
    game = position(
        active=1,
        players=[{"hand": []}, {"hand": ["blaue"]}, {"hand": []}],
    )
    assert [rank(game, s, "build saloon-3") for s in range(3)] == [
        (2, "high-bohn §4.1.5"),
        (0, "high-bohn §4.1.5"),
        (1, "high-bohn §4.1.5"),
    ]
    assert rank(game, 0, "harvest f0") is None
    assert rank(game, 0, "buy-field") is None


def test_s4_1_5_no_order_where_the_engine_runs_the_row() -> None:
    """§4.3.9: in the distillery-2 window the engine itself asks the seats one
    after another, clockwise from the buyer's left: no same-moment order."""
    game = position(
        active=0,
        players=[
            {"hand": ["blaue"], "coins": ["cognac", "cognac"]},
            {"hand": ["sau"], "coins": ["brech", "brech"]},
            {"hand": ["feuer"], "coins": ["brech"]},
        ],
    )
    act(game, 0, "build distillery-2 name saloon")
    assert game.phase_name == "distillery"
    assert rank(game, 1, "build saloon-2") is None
    assert rank(game, 2, "build saloon-1") is None
