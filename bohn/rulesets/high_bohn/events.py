"""High Bohn's own events (beyond Bohnanza's): the buildings, the Bank, the
General Store, the Distillery, the Jail, the Teepee and the final buying."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.rulesets.bohnanza.events import BohnanzaEvent

#: a planting other than the plain one (``as``: how, e.g. ``stew``)
PlantAs = TypedDict(
    "PlantAs",
    {"type": Literal["plant"], "seat": int, "field": int, "card": str, "as": str},
)


class HarvestStew(TypedDict):
    """High Bohn's harvest: whether the field was a bean stew."""

    type: Literal["harvest"]
    seat: int
    field: int
    cards: list[str]
    coins: int
    final: bool
    stew: bool


DistilleryCoin = TypedDict(
    "DistilleryCoin",
    {"type": Literal["distillery-coin"], "seat": int, "from": int, "coin": str},
)


class JailChoice(TypedDict):
    type: Literal["jail-choice"]
    seat: int
    cards: list[str]


class JailCoin(TypedDict):
    type: Literal["jail-coin"]
    seat: int
    coin: str


class Build(TypedDict):
    type: Literal["build"]
    seat: int
    building: str


class NewField(TypedDict):
    type: Literal["new-field"]
    seat: int
    field: int
    kind: str
    locked: bool


class BuildingsRemoved(TypedDict):
    type: Literal["buildings-removed"]
    buildings: list[str]
    reason: str


class DistilleryNames(TypedDict):
    type: Literal["distillery-names"]
    seat: int
    building_type: str


Store = TypedDict(
    "Store",
    {"type": Literal["store"], "seat": int, "card": str, "from": str},
)


class Look(TypedDict):
    """bank-2: the top card of the deck, seen by its owner."""

    type: Literal["look"]
    seat: int
    card: str


class LookPublic(TypedDict):
    type: Literal["look"]
    seat: int


class Bury(TypedDict):
    type: Literal["bury"]
    seat: int
    card: str


class BuryPublic(TypedDict):
    type: Literal["bury"]
    seat: int


Move = TypedDict(
    "Move",
    {"type": Literal["move"], "seat": int, "from": int, "to": int},
)


class Order(TypedDict):
    """bank-3: the order the drawn cards go into the hand."""

    type: Literal["order"]
    seat: int
    cards: list[str]


class OrderPublic(TypedDict):
    type: Literal["order"]
    seat: int


class FinalBuying(TypedDict):
    type: Literal["final-buying"]
    first: int


class Teepee(TypedDict):
    type: Literal["teepee"]
    seat: int
    coins: int
    from_pile: int


HighBohnEvent: TypeAlias = (
    BohnanzaEvent
    | PlantAs
    | HarvestStew
    | DistilleryCoin
    | JailChoice
    | JailCoin
    | Build
    | NewField
    | BuildingsRemoved
    | DistilleryNames
    | Store
    | Look
    | LookPublic
    | Bury
    | BuryPublic
    | Move
    | Order
    | OrderPublic
    | FinalBuying
    | Teepee
)
