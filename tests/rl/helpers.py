from __future__ import annotations

from bohn.rulesets import VARIANTS

#: every ruleset with every player count it allows
CONFIGS: list[tuple[str, int]] = [
    (v, n) for v, cls in VARIANTS.items() for n in cls.allowed_players()
]
CONFIG_IDS = [f"{v}-{n}" for v, n in CONFIGS]
