"""Games for the information-state and search tests: positions of a finished
game, and twins of a game that differ only where one seat never looked."""

from __future__ import annotations

from typing import Any

from bohn.engine.game import Game
from bohn.rulesets import VARIANTS


def options(variant: str) -> dict[str, Any] | None:
    return {"trade_cap": 2} if "trade_cap" in VARIANTS[variant].OPTIONS else None


def replay_to(game: Game, step: int) -> Game:
    """The game as it stood after step ``step`` of its log."""
    early = type(game).new(game.n, game.seed, game.options)
    for seat, action, _ in game.history()[1 : step + 1]:
        assert seat is not None and action is not None
        early.apply(seat, action)
    return early


def twin_with_other_hidden_cards(game: Game, seat: int) -> Game | None:
    """A game with the same log as ``seat`` sees it but other hidden cards: the
    set-up shuffle with a card still in the draw pile swapped for a card that
    went where ``seat`` never saw it (``None`` if no such swap is found)."""
    cls = type(game)
    chance = game.chance_results()
    deck = game.observe(None)["deck_size"]
    seen = list(game.events(seat))
    first = chance[0]
    for q in range(len(first) - 1, deck - 1, -1):
        for p in range(deck):
            if first[p] == first[q]:
                continue
            order = first[:]
            order[p], order[q] = order[q], order[p]
            try:
                twin = cls.new(game.n, game.seed, game.options, forced_chance=[order, *chance[1:]])
                for s, a, _ in game.history()[1:]:
                    assert s is not None and a is not None
                    twin.apply(s, a)
            except Exception:
                continue
            same_view = list(twin.events(seat)) == seen and twin.observe(seat) == game.observe(seat)
            if same_view and twin._state_json() != game._state_json():
                return twin
            break  # p does not matter for whether q stays unseen
    return None
