"""Replays of finished random games verify; tampered ones do not.

The replayed games' seeds (:data:`SEEDS`) are shared out between the two
passes (``docs/testing.md``): the pure pass replays one game a
configuration, the compiled pass another; a soak run both."""

from __future__ import annotations

import copy
import json

import pytest
from passes import PURE
from passes import SOAK

from bohn.engine.actions import action_from_json
from bohn.replay import ReplayMismatch
from bohn.replay import record
from bohn.replay import verify

from .games import Config

#: the seeds of the games replayed in this run
SEEDS = ("replay-0", "replay-1") if SOAK else ("replay-0",) if PURE else ("replay-1",)


def test_replay_verifies(config: Config) -> None:
    for seed in SEEDS:
        game = config.play(seed)
        seats = [f"random-{s}" for s in range(game.n)]
        replay = json.loads(json.dumps(record(game, seats)))
        again = verify(replay)
        assert again.to_json()["state"] == game.to_json()["state"]
        assert again.actions() == game.actions()
        assert again.result() == game.result()
        assert verify(record(game)).result() == game.result()


def test_tampered_replay_fails(config: Config) -> None:
    game = config.play("replay-tampered")
    replay = record(game)

    wrong_result = copy.deepcopy(replay)
    wrong_result["result"]["scores"][0] += 1
    with pytest.raises(ReplayMismatch):
        verify(wrong_result)

    cut = copy.deepcopy(replay)
    last = max(i for i, e in enumerate(cut["events"]) if "action" in e)
    del cut["events"][last]
    with pytest.raises(ReplayMismatch):
        verify(cut)

    wrong_seat = copy.deepcopy(replay)
    position = config.new("replay-tampered")
    actions = [e for e in wrong_seat["events"] if "action" in e]
    for event in actions:
        action = action_from_json(event["action"])
        # another seat (in a one-player game: a seat that does not exist)
        seats = range(max(game.n, 2))
        other = next((s for s in seats if not position.is_legal(s, action)), None)
        if other is not None:
            event["seat"] = other
            break
        position.apply(event["seat"], action)
    with pytest.raises(ReplayMismatch):
        verify(wrong_seat)
