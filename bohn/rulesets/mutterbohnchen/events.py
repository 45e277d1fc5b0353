"""Mutterböhnchen's own events (beyond Ladybohn's): the face-down starting
coins, the placements, mama's beans' quirks, the attacks and the final
placement; and those of the game for two (:data:`MutterbohnchenForTwoEvent`)."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.engine.events import Drop
from bohn.rulesets.ladybohn.events import LadybohnEvent


class StartingCoins(TypedDict):
    """Set-up: how many face-down starting coins a seat gets."""

    type: Literal["starting-coins"]
    seat: int
    count: int


class PlantUnderLady(TypedDict):
    """The Kavalier slips under the lady on top."""

    type: Literal["plant"]
    seat: int
    field: int
    card: str
    under_lady: Literal[True]


class PlantBottom(TypedDict):
    """The card goes to the bottom of the field."""

    type: Literal["plant"]
    seat: int
    field: int
    card: str
    bottom: Literal[True]


# -- the quirks: ``card`` the mama's bean that acts, ``seat`` its owner, and what it did


class Quirk(TypedDict):
    """A quirk that says no more (the Flitzer taken, Messie, Prügelknabe)."""

    type: Literal["quirk"]
    card: str
    seat: int


class QuirkOnField(TypedDict):
    """A quirk on one of the owner's fields (a harvest it causes)."""

    type: Literal["quirk"]
    card: str
    seat: int
    field: int


class QuirkMovedUp(TypedDict):
    """A mover moved up on field ``field``, now at position ``to``."""

    type: Literal["quirk"]
    card: str
    seat: int
    field: int
    to: int


class QuirkMoved(TypedDict):
    """Frauenversteher, Junggeselle: card ``moved`` of field ``field``."""

    type: Literal["quirk"]
    card: str
    seat: int
    field: int
    moved: str


class QuirkPlants(TypedDict):
    """Arbeitstier: the back hand card it plants."""

    type: Literal["quirk"]
    card: str
    seat: int
    plants: str


class QuirkTaken(TypedDict):
    """Schürzenjäger: the lady taken from the discard pile."""

    type: Literal["quirk"]
    card: str
    seat: int
    taken: str


class QuirkTakes(TypedDict):
    """Aktivist: the revealed soja it takes."""

    type: Literal["quirk"]
    card: str
    seat: int
    takes: str


#: Kameradenschwein: the seat it steals from (the card: :data:`Steal`)
QuirkFrom = TypedDict(
    "QuirkFrom",
    {"type": Literal["quirk"], "card": str, "seat": int, "from": int},
)

Steal = TypedDict(
    "Steal",
    {"type": Literal["steal"], "seat": int, "from": int, "card": str},
)
StealPublic = TypedDict(
    "StealPublic",
    {"type": Literal["steal"], "seat": int, "from": int},
)


class FlitzerOffer(TypedDict):
    type: Literal["flitzer-offer"]
    seat: int


class Attack(TypedDict):
    type: Literal["attack"]
    seat: int
    target: int
    field: int


class AttackSpent(TypedDict):
    """The target has no coins: the attack is spent."""

    type: Literal["attack-spent"]
    target: int


class TurnUp(TypedDict):
    type: Literal["turn-up"]
    target: int
    card: str


class Capture(TypedDict):
    type: Literal["capture"]
    seat: int
    target: int
    card: str


class FinalPlacement(TypedDict):
    type: Literal["final-placement"]
    seat: int


MutterbohnchenEvent: TypeAlias = (
    LadybohnEvent
    | StartingCoins
    | PlantUnderLady
    | PlantBottom
    | Quirk
    | QuirkOnField
    | QuirkMovedUp
    | QuirkMoved
    | QuirkPlants
    | QuirkTaken
    | QuirkTakes
    | QuirkFrom
    | Steal
    | StealPublic
    | FlitzerOffer
    | Attack
    | AttackSpent
    | TurnUp
    | Capture
    | FinalPlacement
)

# -- the game for two (two.py) ---------------------------------------------------------------


class ThirdFieldCard(TypedDict):
    """Set-up: the seat holding the third-field card."""

    type: Literal["third-field-card"]
    seat: int


class ThirdField(TypedDict):
    type: Literal["third-field"]
    seat: int
    field: int


class FieldLost(TypedDict):
    type: Literal["field-lost"]
    seat: int
    field: int


class StackUsed(TypedDict):
    type: Literal["stack-used"]
    seat: int
    cards: list[str]


class StackDiscarded(TypedDict):
    type: Literal["stack-discarded"]
    seat: int
    cards: list[str]


class CoinsBack(TypedDict):
    type: Literal["coins-back"]
    seat: int
    cards: list[str]


class ToOffer(TypedDict):
    """The discard pile's top card joins the offer."""

    type: Literal["to-offer"]
    card: str


class OfferStacks(TypedDict):
    type: Literal["offer-stacks"]
    stacks: list[list[str]]


MutterbohnchenForTwoEvent: TypeAlias = (
    MutterbohnchenEvent
    | ThirdFieldCard
    | ThirdField
    | FieldLost
    | StackUsed
    | StackDiscarded
    | Drop
    | CoinsBack
    | ToOffer
    | OfferStacks
)
