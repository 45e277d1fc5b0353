"""Sissi! Die Bohnenkaiserin (``rules/sissi.md``)."""

from bohn.rulesets.sissi.rules import Sissi

__all__ = ["Sissi"]
