"""A digest of seeded random games, for the determinism checks.

Run as a script (``python digest.py '[["bohnanza", 3, 0, {"trade_cap": 2}]]'``)
it prints one JSON list of digests, so that runs under different
``PYTHONHASHSEED`` values can be compared. It imports only ``bohn``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from typing import Any

from bohn.engine.game import Game
from bohn.rulesets import VARIANTS
from bohn.sim.runner import make_bots
from bohn.sim.runner import play_game


def game_record(game: Game) -> dict[str, Any]:
    """What must not vary between runs: every action, the result, the final game."""
    result = game.result()
    return {
        "actions": [[seat, action.text()] for seat, action in game.actions()],
        "result": None if result is None else result.to_json(),
        "game": game.to_json(),
    }


def digest(variant: str, players: int, seed: int | str, options: dict[str, Any]) -> str:
    game = VARIANTS[variant].new(players, seed, options)
    play_game(game, make_bots(["random"] * players, seed))
    text = json.dumps(game_record(game), sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def main(argv: list[str]) -> None:
    games = json.loads(argv[1])
    print(json.dumps([digest(*g) for g in games]))


if __name__ == "__main__":
    main(sys.argv)
