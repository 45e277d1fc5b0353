"""Helpers for rule tests: build positions from scenario dicts and act on them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from bohn.engine.actions import parse_action
from bohn.engine.beans import BeanGame
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.scenario import load_position, run_scenario


def scenario(
    *,
    players: int = 3,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    actions: list[tuple[int, str]] | None = None,
    deck_rest: str = "none",
    seats: list[dict[str, Any] | None] | None = None,
    **setup: Any,
) -> dict[str, Any]:
    """A scenario dict. By default the unnamed cards go out of play (``box``),
    so the deck holds exactly the cards the test names, and every seat not
    given holds an empty hand and empty fields; a seat given as ``None`` is
    dealt its hand."""
    seats = list(seats or [])
    seats += [{} for _ in range(players - len(seats))]
    seats = [{"hand": [], **s} if s is not None else {} for s in seats]
    return {
        "variant": "bohnanza",
        "players": players,
        "seed": seed,
        "options": options or {},
        "setup": {"deck_rest": deck_rest, "players": seats, **setup},
        "actions": [{"seat": s, "action": a} for s, a in actions or []],
    }


def position(**kw: Any) -> BeanGame:
    """The game at a scenario position (see :func:`scenario`)."""
    game = load_position(scenario(**kw))
    assert isinstance(game, BeanGame)
    return game


def run_ok(**kw: Any) -> dict[str, Any]:
    """Run a scenario that must succeed; its output."""
    out = run_scenario(scenario(**kw))
    assert out["ok"], out
    return out


def act(game: Game, seat: int, text: str) -> list[dict[str, Any]]:
    """Apply an action given in text form; the data of the events it caused."""
    return [e.data for e in game.apply(seat, parse_action(text))]


def acts(game: Game, *steps: tuple[int, str]) -> list[dict[str, Any]]:
    out: list[dict[str, Any]] = []
    for seat, text in steps:
        out += act(game, seat, text)
    return out


def refused(game: Game, seat: int, text: str, rule: str | None = None) -> BohnError:
    """Assert that the action is refused, names ``rule`` (a substring) and
    changes nothing; the error."""
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(BohnError) as info:
        game.apply(seat, parse_action(text))
    assert json.dumps(game.to_json(), sort_keys=True) == before, "a refused action changed the game"
    err = info.value
    if rule is not None:
        assert err.rule is not None and rule in err.rule, (err.rule, err.message)
    return err


def legal(game: Game, seat: int) -> list[str]:
    return [a.text() for a in game.legal_actions(seat)]


def keys(game: BeanGame, cards: list[int]) -> list[str]:
    return game.table.key_list(cards)


def hand(game: BeanGame, seat: int) -> list[str]:
    return keys(game, game.hands[seat])


def fields(game: BeanGame, seat: int) -> list[list[str]]:
    return [keys(game, f) for f in game.fields[seat]]


def coins(game: BeanGame) -> list[int]:
    return [len(c) for c in game.coins]


def trade(game: BeanGame, seat: int) -> list[str]:
    return keys(game, game.trade[seat])


def phase(game: BeanGame) -> str:
    return game.phase_name


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def conserved(game: BeanGame) -> bool:
    """Every card of the game in exactly one zone."""
    held = [*game.deck, *game.discard, *game.box, *game.revealed]
    for s in range(game.n):
        held += game.hands[s] + game.coins[s] + game.trade[s]
        for f in game.fields[s]:
            held += f
    return sorted(held) == game.table.deck()
