"""Bohnanza's card catalogue (``docs/cards.md``): the eight bean types, in
the looks every ruleset that has them shares (``bohn/palette.json``).
"""

from __future__ import annotations

from bohn.catalogue import SHARED_PALETTE
from bohn.catalogue import Catalogue
from bohn.catalogue import Look
from bohn.catalogue import bean_entries
from bohn.catalogue import make
from bohn.rulesets.bohnanza.rules import Bohnanza

#: bean type -> look, for the eight base types (the shared palette)
PALETTE: dict[str, Look] = SHARED_PALETTE

CATALOGUE: Catalogue = make(Bohnanza.variant, bean_entries(Bohnanza.table, PALETTE))
