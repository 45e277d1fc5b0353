"""Bohnanza's card catalogue (``docs/cards.md``): the eight bean types.

:data:`PALETTE` (the ``palette`` of ``cards.json``) is the look of the eight
base bean types, which every ruleset that has them reuses.
"""

from __future__ import annotations

from bohn.catalogue import Catalogue, Look, bean_entries, make, palette_of
from bohn.rulesets.bohnanza.rules import Bohnanza

#: bean type -> look, for the eight base types
PALETTE: dict[str, Look] = palette_of("bohn.rulesets.bohnanza")

CATALOGUE: Catalogue = make(Bohnanza.variant, bean_entries(Bohnanza.table, PALETTE))
