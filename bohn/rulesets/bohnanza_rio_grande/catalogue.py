"""The card catalogue of Bohnanza's English edition (``docs/cards.md``): the
11 bean types, the eight shared with the Amigo edition in its look, the Coffee
bean in Bohnkick's (the shared palette, ``bohn/palette.json``), Wax and Cocoa in the looks of this package's ``cards.json``."""

from __future__ import annotations

from bohn.catalogue import SHARED_PALETTE as BASE
from bohn.catalogue import Catalogue
from bohn.catalogue import Look
from bohn.catalogue import bean_entries
from bohn.catalogue import make
from bohn.catalogue import palette_of
from bohn.rulesets.bohnanza_rio_grande.rules import BohnanzaRioGrande

#: bean type -> look: the shared looks (the Amigo edition's eight, Coffee), Wax and Cocoa
PALETTE: dict[str, Look] = {
    **BASE,
    **palette_of("bohn.rulesets.bohnanza_rio_grande"),
}

CATALOGUE: Catalogue = make(
    BohnanzaRioGrande.variant, bean_entries(BohnanzaRioGrande.table, PALETTE)
)
