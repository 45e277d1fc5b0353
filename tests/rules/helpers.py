"""Helpers for rule tests: build positions from scenario dicts and act on them."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from typing import Generic
from typing import TypeVar

import pytest

from bohn.engine.actions import parse_action
from bohn.engine.beans import BeanGame
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.scenario import load_position
from bohn.scenario import run_scenario


def scenario(
    *,
    variant: str = "bohnanza",
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
    dealt its hand. ``variant`` names the game (Bohnanza unless told)."""
    seats = list(seats or [])
    seats += [{} for _ in range(players - len(seats))]
    seats = [{"hand": [], **s} if s is not None else {} for s in seats]
    return {
        "variant": variant,
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


G = TypeVar("G", bound=Game)


class Variant(Generic[G]):
    """:func:`scenario`, :func:`position` and :func:`run_ok` for one variant,
    whose positions are games of class ``kind``; ``defaults`` are the scenario
    keywords it assumes unless a test names them (``players=2``...)."""

    def __init__(self, name: str, kind: type[G], **defaults: Any) -> None:
        self.name = name
        self.kind = kind
        self.defaults = defaults

    def scenario(self, **kw: Any) -> dict[str, Any]:
        """A scenario dict of this variant (see :func:`scenario`)."""
        return scenario(**{**self.defaults, **kw, "variant": self.name})

    def position(self, **kw: Any) -> G:
        """The game at a scenario position of this variant."""
        game = load_position(self.scenario(**kw))
        assert isinstance(game, self.kind)
        return game

    def run_ok(self, **kw: Any) -> dict[str, Any]:
        """Run a scenario of this variant that must succeed; its output."""
        out = run_scenario(self.scenario(**kw))
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


def discard(game: BeanGame) -> list[str]:
    """The discard pile, bottom card first (the last is on top)."""
    return keys(game, game.discard)


def coin_cards(game: BeanGame, seat: int) -> list[str]:
    return keys(game, game.coins[seat])


def of_type(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of type ``kind``."""
    return [e for e in events if e["type"] == kind]


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


# ---------------------------------------------------------------------------
# situations every game of the Bohnanza family has

#: actions seats 0-2 may not take in seat 0's trading once seat 0 has offered
#: seat 1 a trade (offer 0): out of phase, out of turn or naming nothing
MISPLACED_IN_TRADING = [
    (0, "plant f0"),
    (0, "plant t0 f0"),
    (1, "propose 2 give h0"),
    (1, "accept 0 give h0"),
    (2, "accept 0"),
    (1, "withdraw 0"),
    (0, "keep r5"),
    (0, "buy-field"),
    (1, "end-trading"),
    (1, "decline 7"),
]


def refused_citing(game: Game, steps: list[tuple[int, str]], prefix: str) -> None:
    """Each action of ``steps`` is refused, changes nothing and cites a rule
    starting with ``prefix`` (``"bohnanza §"``)."""
    for seat, text in steps:
        err = refused(game, seat, text)
        assert err.rule and err.rule.startswith(prefix), (text, err.rule)


def illegal_at(index: int, message: str, rule: str) -> dict[str, Any]:
    """The output of a scenario whose action ``index`` is refused as illegal."""
    error = {"code": "illegal-action", "message": message, "rule": rule}
    return {"ok": False, "error": error, "action_index": index}


def last_turn(
    run: Callable[..., dict[str, Any]], seats: list[dict[str, Any]], first: int = 0, **kw: Any
) -> dict[str, Any]:
    """Run the end of the last turn: seat ``first`` ends its trading with one
    card (``sau``) left in a draw pile exhausted twice, so drawing ends the
    game. ``run`` is a variant's ``run_ok``, ``kw`` more of the scenario."""
    return run(
        active=first,
        exhaustions=2,
        phase="trade",
        deck=["sau"],
        seats=seats,
        actions=[(first, "end-trading")],
        **kw,
    )


def tie_break(run: Callable[..., dict[str, Any]], seats: list[dict[str, Any]], first: int) -> Any:
    """The result of a game for ``len(seats)`` players whose last turn (see
    :func:`last_turn`) seat ``first``, the starting player, plays; a tie-break
    decided it."""
    out = last_turn(run, seats, first, players=len(seats), options={"first_player": first})
    assert out["result"]["tie_break"] is True
    return out["result"]


def exhausted_while_revealing(position: Callable[..., G], seats: list[dict[str, Any]]) -> G:
    """Seat 0 plants and ends its planting with one card (``soja``) left in a
    draw pile exhausted twice and three ``rote`` discarded: the reveal
    exhausts the pile a third time. ``position`` is a variant's."""
    game = position(exhaustions=2, deck=["soja"], discard=["rote"] * 3, seats=seats)
    acts(game, (0, "plant f0"), (0, "pass"))
    return game


def final_harvests(game: Game, events: list[dict[str, Any]]) -> set[tuple[int, int]]:
    """The game is over at the final exhaustion and every harvest of
    ``events`` is a final one; the (seat, field) of each."""
    result = game.result()
    assert result is not None and result.reason == "final-exhaustion"
    final = [e for e in events if e["type"] == "harvest"]
    assert all(e["final"] for e in final)
    return {(e["seat"], e["field"]) for e in final}
