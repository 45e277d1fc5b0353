"""The bots play Bohnanza's English edition at every player count: ``greedy``
(Bohnanza's heuristics for 3-7 players, the duel's own for 2) and ``ismcts``."""

from __future__ import annotations

import pytest

import bohn
from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.bots.greedy import GreedyBot
from bohn.bots.greedy import greedy_class
from bohn.bots.ismcts import IsmctsBot
from bohn.engine.actions import Drop
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.rulesets.bohnanza_rio_grande.bots import RioGrandeGreedyBot
from bohn.sim.runner import make_bots
from bohn.sim.runner import play_game

VARIANT = "bohnanza-rio-grande"


def fallbacks(bots: list[object]) -> int:
    total = 0
    for b in bots:
        inner = b if isinstance(b, RioGrandeGreedyBot) else getattr(b, "_delegate", None)
        if isinstance(inner, RioGrandeGreedyBot):
            total += inner.fallbacks
    return total


def test_the_edition_has_its_own_greedy_bot() -> None:
    assert greedy_class(VARIANT) is RioGrandeGreedyBot
    assert issubclass(RioGrandeGreedyBot, GreedyBot)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6, 7])
def test_greedy_games_finish_without_fallbacks(players: int) -> None:
    for seed in (1, 2):
        game = bohn.new_game(VARIANT, players, seed, {"trade_cap": 2})
        bots = make_bots(["greedy"] * players, seed)
        play_game(game, bots)
        result = game.result()
        assert result is not None and result.reason == "final-exhaustion"
        assert fallbacks(bots) == 0


def test_greedy_beats_random_in_the_duel() -> None:
    greedy_total = random_total = 0
    for g in range(8):
        seat = g % 2
        specs = ["random", "random"]
        specs[seat] = "greedy"
        game = bohn.new_game(VARIANT, 2, 500 + g)
        play_game(game, make_bots(specs, 500 + g))
        r = game.result()
        assert r is not None
        greedy_total += r.scores[seat]
        random_total += r.scores[1 - seat]
    assert greedy_total > 2 * random_total


def test_greedy_duel_decisions() -> None:
    """In a duel the bot plants turned-up cards, discards in step 2 and
    leaves an offer: it takes each of the duel's decisions."""
    game = bohn.new_game(VARIANT, 2, 3)
    bot = make_bot("greedy", 3)
    seen: set[str] = set()
    for _ in range(400):
        if game.result() is not None:
            break
        seat = min(game.waiting_for())
        legal = game.legal_actions(seat)
        a = bot.act(SeatView(seat, legal, lambda s=seat: game.observe(s)))
        assert a in legal
        obs = game.observe(seat)
        if obs["phase"] == "duel-plant" and isinstance(a, Plant):
            seen.add("plant")
        if isinstance(a, Drop):
            seen.add("drop")
        if obs["phase"] == "duel-plant" and isinstance(a, Pass):
            seen.add("offer")
        game.apply(seat, a)
    assert {"plant", "drop", "offer"} <= seen


@pytest.mark.parametrize("players", [2, 3, 7])
def test_ismcts_plays_whole_games(players: int) -> None:
    game = bohn.new_game(VARIANT, players, seed=7, options={"trade_cap": 2})
    bots = make_bots(["ismcts:iterations=2,horizon=6"] + ["greedy"] * (players - 1), 7)
    play_game(game, bots)
    assert game.is_over
    bot = bots[0]
    assert isinstance(bot, IsmctsBot) and bot.total_iterations > 0
