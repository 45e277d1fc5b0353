"""Mutterböhnchen, the expansion of Ladybohn (``rules/mutterbohnchen.md``)."""

from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen

__all__ = ["Mutterbohnchen"]
