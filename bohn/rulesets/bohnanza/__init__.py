"""Bohnanza, the base game (``rules/bohnanza.md``)."""

from bohn.rulesets.bohnanza.rules import Bohnanza

__all__ = ["Bohnanza"]
