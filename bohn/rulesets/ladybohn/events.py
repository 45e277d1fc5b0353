"""Ladybohn's own events (beyond Bohnanza's)."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.rulesets.bohnanza.events import BohnanzaEvent

Pull = TypedDict(
    "Pull",
    {
        "type": Literal["pull"],
        "seat": int,
        "field": int,
        "by": str,
        "card": str,
        "from": int,
        "to": int,
    },
)


class Foist(TypedDict):
    """A received baby planted at once."""

    type: Literal["foist"]
    seat: int
    card: str


class HarvestGarten(TypedDict):
    """The harvest of a ``garten`` field: its coins from the discard pile."""

    type: Literal["harvest"]
    seat: int
    field: int
    cards: list[str]
    coins: int
    final: bool
    from_discard: list[str]


LadybohnEvent: TypeAlias = BohnanzaEvent | Pull | Foist | HarvestGarten
