"""Bohnkick, the bean football card game (``rules/bohnkick.md``)."""

from bohn.rulesets.bohnkick.rules import Bohnkick

__all__ = ["Bohnkick"]
