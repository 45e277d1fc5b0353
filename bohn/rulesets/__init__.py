"""The registry of rulesets: one entry per variant id.

>>> find_variant("bohnanza").title
'Bohnanza'
"""

from __future__ import annotations

from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.rulesets.al_cabohne import AlCabohne
from bohn.rulesets.bohnanza import Bohnanza
from bohn.rulesets.bohnkick import Bohnkick
from bohn.rulesets.high_bohn import HighBohn
from bohn.rulesets.ladybohn import Ladybohn
from bohn.rulesets.mutterbohnchen import Mutterbohnchen
from bohn.rulesets.prohibohn import Prohibohn
from bohn.rulesets.sissi import Sissi

#: variant id -> game class, in the order the games are listed to users
VARIANTS: dict[str, type[Game]] = {
    Bohnanza.variant: Bohnanza,
    Sissi.variant: Sissi,
    HighBohn.variant: HighBohn,
    AlCabohne.variant: AlCabohne,
    Prohibohn.variant: Prohibohn,
    Ladybohn.variant: Ladybohn,
    Mutterbohnchen.variant: Mutterbohnchen,
    Bohnkick.variant: Bohnkick,
}


def find_variant(name: str) -> type[Game]:
    """The game class for a variant id; :class:`SetupError` naming the known ones."""
    try:
        return VARIANTS[name]
    except KeyError:
        raise SetupError(
            f"unknown variant {name!r}; known variants: {', '.join(VARIANTS)}"
        ) from None
