"""What the server answers when it does not take an action."""

from __future__ import annotations

from typing import Any


class Refused(Exception):
    """An action the server does not take; ``code`` says why (JSON-ready)."""

    def __init__(self, code: str, message: str, rule: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "rule": self.rule}


__all__ = ["Refused"]
