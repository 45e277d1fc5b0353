"""Errors raised by the engine.

Every error a player can provoke is a :class:`BohnError` (a ``ValueError``):

* :class:`InvalidAction` — the action is malformed (unknown type, wrong field
  types, references that cannot exist). It is not an action of the game at all.
* :class:`IllegalAction` — a well-formed action that the rules forbid now. The
  message says what is wrong in a player's words and ``rule`` names the section
  of ``rules/<game>.md`` that forbids it (``"bohnanza §4.1.6"``).

An engine method that raises one of these has changed nothing.
"""

from __future__ import annotations

from typing import Any


class BohnError(ValueError):
    """Base class of every error the engine raises on bad input."""

    code = "error"

    def __init__(self, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "rule": self.rule}

    def __str__(self) -> str:
        if self.rule:
            return f"{self.message} ({self.rule})"
        return self.message


class InvalidAction(BohnError):
    """The action is malformed: it cannot be an action of this game."""

    code = "invalid-action"


class IllegalAction(BohnError):
    """The action is well formed but the rules forbid it now."""

    code = "illegal-action"


class NotWaiting(IllegalAction):
    """The seat may not take this action because the game is not waiting on it."""

    code = "not-your-turn"


class GameOver(IllegalAction):
    """The game has ended; no action is accepted."""

    code = "game-over"


class SetupError(BohnError):
    """A game or scenario could not be set up as requested (bad variant,
    player count, option or scenario position)."""

    code = "setup-error"
