"""Bohnanza's card catalogue (``docs/cards.md``): the eight bean types, in
the looks every ruleset that has them shares (``bohn/palette.json``).
"""

from __future__ import annotations

from bohn.catalogue import SHARED_PALETTE, Catalogue, Look, bean_entries, make
from bohn.rulesets.bohnanza.rules import Bohnanza

#: bean type -> look, for the eight base types (the shared palette)
PALETTE: dict[str, Look] = SHARED_PALETTE

CATALOGUE: Catalogue = make(Bohnanza.variant, bean_entries(Bohnanza.table, PALETTE))
