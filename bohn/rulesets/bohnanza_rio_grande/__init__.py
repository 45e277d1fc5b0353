"""Bohnanza, the English edition (Rio Grande Games), 2-7 players
(``docs/rules/bohnanza-rio-grande.md``)."""

from bohn.rulesets.bohnanza_rio_grande.rules import BohnanzaRioGrande

__all__ = ["BohnanzaRioGrande"]
