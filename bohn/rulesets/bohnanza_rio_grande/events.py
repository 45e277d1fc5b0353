"""The English edition's own events: those of its duel for two (beyond
Bohnanza's); the game for 3 to 5 emits Bohnanza's."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.engine.events import Drop
from bohn.rulesets.bohnanza.events import BohnanzaEvent


class ToBox(TypedDict):
    """Coins paid that leave the game."""

    type: Literal["to-box"]
    seat: int
    cards: list[str]


class FromDiscard(TypedDict):
    """Step 3: discard pile cards of a revealed type join the revealed cards."""

    type: Literal["from-discard"]
    cards: list[str]


class DuelOffer(TypedDict):
    """Step 3's cards left over: the opponent's offer."""

    type: Literal["duel-offer"]
    seat: int
    cards: list[str]


class OfferDiscarded(TypedDict):
    """Step 1: what is left of the opponent's offer is discarded."""

    type: Literal["offer-discarded"]
    seat: int
    cards: list[str]


DuelEvent: TypeAlias = BohnanzaEvent | ToBox | Drop | FromDiscard | DuelOffer | OfferDiscarded
