"""Replays of the registered rulesets: :mod:`bohn.engine.replay` with each
replay's game class looked up in the registry (:func:`bohn.rulesets.find_variant`).

The engine's replay module knows no ruleset, so its :func:`~bohn.engine.replay.verify`,
:func:`~bohn.engine.replay.check` and :func:`~bohn.engine.replay.reproduces_from_seed`
take the lookup; these take only the replay. Everything else is the engine's,
re-exported. ``docs/replay.md`` describes the format.
"""

from __future__ import annotations

from typing import Any

from bohn.engine import replay as _engine
from bohn.engine.game import Game
from bohn.engine.replay import REPLAY_FORMAT
from bohn.engine.replay import REPLAY_VERSION
from bohn.engine.replay import ReplayCheck
from bohn.engine.replay import ReplayError
from bohn.engine.replay import ReplayMismatch
from bohn.engine.replay import dumps
from bohn.engine.replay import load
from bohn.engine.replay import loads
from bohn.engine.replay import record
from bohn.engine.replay import state_digest
from bohn.rulesets import find_variant


def verify(replay: dict[str, Any]) -> Game:
    """Re-apply ``replay`` and return the game it rebuilds (:func:`bohn.engine.replay.verify`)."""
    return _engine.verify(replay, find_variant)


def reproduces_from_seed(replay: dict[str, Any]) -> bool:
    """Whether the seed alone makes the recorded shuffles
    (:func:`bohn.engine.replay.reproduces_from_seed`)."""
    return _engine.reproduces_from_seed(replay, find_variant)


def check(replay: Any) -> ReplayCheck:
    """Verify ``replay`` without raising (:func:`bohn.engine.replay.check`)."""
    return _engine.check(replay, find_variant)


__all__ = [
    "REPLAY_FORMAT",
    "REPLAY_VERSION",
    "ReplayCheck",
    "ReplayError",
    "ReplayMismatch",
    "check",
    "dumps",
    "load",
    "loads",
    "record",
    "reproduces_from_seed",
    "state_digest",
    "verify",
]
