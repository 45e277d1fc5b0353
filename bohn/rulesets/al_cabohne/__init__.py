"""Al Cabohne: the solo game and the game for two against the bean mafia (``rules/al-cabohne.md``)."""

from bohn.rulesets.al_cabohne.rules import AlCabohne

__all__ = ["AlCabohne"]
