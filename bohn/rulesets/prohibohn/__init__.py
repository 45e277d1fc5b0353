"""Prohibohn (with the Pub variant): ``rules/prohibohn.md``."""

from bohn.rulesets.prohibohn.rules import Prohibohn

__all__ = ["Prohibohn"]
