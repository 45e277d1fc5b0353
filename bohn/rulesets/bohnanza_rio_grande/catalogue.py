"""The card catalogue of Bohnanza's English edition (``docs/cards.md``): the
11 bean types, the eight shared with the Amigo edition in its look."""

from __future__ import annotations

from bohn.catalogue import Catalogue, Look, bean_entries, make, palette_of
from bohn.rulesets.bohnanza.catalogue import PALETTE as BASE
from bohn.rulesets.bohnanza_rio_grande.rules import BohnanzaRioGrande

#: bean type -> look: the Amigo edition's eight and Coffee, Wax and Cocoa
PALETTE: dict[str, Look] = {**BASE, **palette_of("bohn.rulesets.bohnanza_rio_grande")}

CATALOGUE: Catalogue = make(
    BohnanzaRioGrande.variant, bean_entries(BohnanzaRioGrande.table, PALETTE)
)
