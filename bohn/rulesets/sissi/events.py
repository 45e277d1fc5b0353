"""Sissi's own events (beyond Bohnanza's)."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.rulesets.bohnanza.events import BohnanzaEvent


class SissiAction(TypedDict):
    """Phase 5: the fields the Sissi action harvests, ``[seat, field]`` each."""

    type: Literal["sissi-action"]
    fields: list[list[int]]


SissiEvent: TypeAlias = BohnanzaEvent | SissiAction
