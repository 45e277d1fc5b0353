"""The game this variant plays at a player count of its own (the ruleset
registry's ``players`` part): the bean duel for two (§7)."""

from __future__ import annotations

from bohn.rulesets.bohnanza_rio_grande.duel import BohnanzaDuel

#: player count -> the class that plays it
FOR_PLAYERS: dict[int, type] = {2: BohnanzaDuel}
