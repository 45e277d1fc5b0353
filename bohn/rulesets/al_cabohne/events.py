"""Al Cabohne's own events (beyond the bean games'): the mafia's bosses and
treasury, the uncovered piles."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.engine.events import BeanEvent


class MafiaPlant(TypedDict):
    """A card onto a boss's field."""

    type: Literal["mafia-plant"]
    boss: str
    card: str


class MafiaHarvest(TypedDict):
    """A boss's field into the treasury."""

    type: Literal["mafia-harvest"]
    boss: str
    cards: list[str]
    coins: int
    final: bool


class Protection(TypedDict):
    """Phase 2: the top card of the active player's field goes to a boss."""

    type: Literal["protection"]
    seat: int
    field: int


class Uncover(TypedDict):
    """Phase 4: a card uncovered, ``to`` the mafia or a pile."""

    type: Literal["uncover"]
    card: str
    to: str


class FromDiscard(TypedDict):
    """Question 2: the discard pile's top card onto an uncovered pile."""

    type: Literal["from-discard"]
    card: str
    pile: int


class PlaceOnBoss(TypedDict):
    """An uncovered pile placed on a boss's field."""

    type: Literal["place"]
    seat: int
    pile: int
    boss: str


class PlaceOnField(TypedDict):
    """An uncovered pile placed on the seat's own field."""

    type: Literal["place"]
    seat: int
    pile: int
    field: int
    cards: list[str]


class DiscardPile(TypedDict):
    type: Literal["discard-pile"]
    seat: int
    cards: list[str]


class Give(TypedDict):
    """A hand card given to a boss."""

    type: Literal["give"]
    seat: int
    boss: str
    card: str


AlCabohneEvent: TypeAlias = (
    BeanEvent
    | MafiaPlant
    | MafiaHarvest
    | Protection
    | Uncover
    | FromDiscard
    | PlaceOnBoss
    | PlaceOnField
    | DiscardPile
    | Give
)
