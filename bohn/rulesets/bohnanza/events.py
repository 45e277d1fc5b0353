"""Bohnanza's own events (beyond the bean games' of :mod:`bohn.engine.events`):
the revealed cards and the end of trading, which every ruleset built on
Bohnanza's turn emits too."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.engine.events import BeanEvent


class Reveal(TypedDict):
    """Phase 2's cards turned face up."""

    type: Literal["reveal"]
    cards: list[str]


class EndTrading(TypedDict):
    type: Literal["end-trading"]
    seat: int


BohnanzaEvent: TypeAlias = BeanEvent | Reveal | EndTrading
