"""Ladybohn (``rules/ladybohn.md``)."""

from bohn.rulesets.ladybohn.rules import Ladybohn

__all__ = ["Ladybohn"]
