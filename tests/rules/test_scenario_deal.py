"""Scenarios deal like games (``docs/scenarios.md``): a scenario with an empty
setup is the start of a normally dealt game in every ruleset, with every zone
as full as ``bohn.new_game`` makes it (Mutterböhnchen's face-down starting
coins included); a partial setup leaves a zone it does not name empty."""

from __future__ import annotations

from typing import Any

import pytest

from bohn.rulesets import VARIANTS
from bohn.scenario import load_position

CASES = [(v, n) for v, cls in VARIANTS.items() for n in cls.allowed_players()]


def sizes(x: Any) -> Any:
    """``x`` with every list of cards replaced by its length: how many cards
    each zone holds, not which."""
    if isinstance(x, dict):
        return {k: sizes(v) for k, v in x.items()}
    if isinstance(x, list):
        if all(isinstance(v, str) for v in x):
            return len(x)
        return [sizes(v) for v in x]
    return x


@pytest.mark.parametrize(("variant", "players"), CASES, ids=[f"{v}-{n}" for v, n in CASES])
def test_an_empty_setup_deals_what_a_new_game_deals(variant: str, players: int) -> None:
    cls = VARIANTS[variant]
    new = cls.new(players, 7)
    scenario = load_position({"variant": variant, "players": players, "seed": 7})
    assert sizes(scenario.to_json(last=0)["state"]) == sizes(new.to_json(last=0)["state"])
    assert scenario.waiting_for() == new.waiting_for()


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_mutterbohnchen_starting_coins_in_scenarios(players: int) -> None:
    """mutterbohnchen §2.1: 16 men dealt face down, 5/4/3/2 each with 3/4/5/6
    players and 8 each with 2, in an empty setup; a setup that names anything
    but no ``blind`` deals none, and the 16 go into the deck."""
    each = {2: 8, 3: 5, 4: 4, 5: 3, 6: 2}[players]
    game: Any = load_position({"variant": "mutterbohnchen", "players": players})
    assert [len(b) for b in game.blind] == [each] * players
    partial: Any = load_position(
        {"variant": "mutterbohnchen", "players": players, "setup": {"deck": ["rote"]}}
    )
    assert [len(b) for b in partial.blind] == [0] * players
    assert len(partial.deck) == len(game.deck) + each * players
