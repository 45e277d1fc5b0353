"""Sissi's card catalogue (``docs/cards.md``): the Sissi beans and the seven
Captain types, kinds ``sissi`` and ``captain`` as in ``cards.json``.

The catalogue gives the Captain beans the English names players know from the
base game (``catalogue.names`` in ``cards.json``).
"""

from __future__ import annotations

from bohn.catalogue import SHARED_PALETTE as BASE
from bohn.catalogue import Catalogue
from bohn.catalogue import Look
from bohn.catalogue import bean_entries
from bohn.catalogue import make
from bohn.catalogue import palette_of
from bohn.rulesets.sissi.rules import Sissi

PALETTE: dict[str, Look] = {**BASE, **palette_of("bohn.rulesets.sissi")}

CATALOGUE: Catalogue = make(Sissi.variant, bean_entries(Sissi.table, PALETTE))
