"""The game this variant plays at a player count of its own (the ruleset
registry's ``players`` part): Mutterböhnchen for two (§3.5)."""

from __future__ import annotations

from bohn.rulesets.mutterbohnchen.two import MutterbohnchenForTwo

#: player count -> the class that plays it
FOR_PLAYERS: dict[int, type] = {2: MutterbohnchenForTwo}
