"""High Bohn and its Cognac variant (``rules/high-bohn.md``)."""

from bohn.rulesets.high_bohn.rules import HighBohn

__all__ = ["HighBohn"]
