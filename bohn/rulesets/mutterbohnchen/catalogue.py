"""Mutterböhnchen's card catalogue (``docs/cards.md``): Ladybohn's men, ladies
and babies, the two-rattle babies and the 24 mama's beans (kind ``mama``, their
own beanometer and quirk: ``catalogue.effect`` of their ``cards.json`` entry,
pictured by its ``catalogue.icon``).

A baby's text (``catalogue.json``) names the coins it turns up in an attack:
its ``rattles``, as the engine reads them.
"""

from __future__ import annotations

from bohn.catalogue import SHARED_PALETTE as PALETTE
from bohn.catalogue import Catalogue
from bohn.catalogue import make
from bohn.catalogue import read_json
from bohn.rulesets.ladybohn.catalogue import gendered_entries
from bohn.rulesets.mutterbohnchen.rules import RATTLES
from bohn.rulesets.mutterbohnchen.rules import TABLE
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen

_BABY = read_json("bohn.rulesets.mutterbohnchen", "catalogue.json")["baby"]


def _baby_text(c: int) -> dict[str, str]:
    return {lang: str(t).format(rattles=RATTLES[c]) for lang, t in _BABY.items()}


CATALOGUE: Catalogue = make(Mutterbohnchen.variant, gendered_entries(TABLE, PALETTE, _baby_text))
