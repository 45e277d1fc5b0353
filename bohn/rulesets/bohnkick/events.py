"""Bohnkick's events: a game of its own on the engine's :class:`Game`, with
the engine's events, the deals and draws of the bean games and its own."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.engine.events import Deal
from bohn.engine.events import DealPublic
from bohn.engine.events import Draw
from bohn.engine.events import DrawPublic
from bohn.engine.events import Drop
from bohn.engine.events import EngineEvent


class PositionCommon(TypedDict):
    """What both versions of Bohnkick's ``position`` show."""

    type: Literal["position"]
    phase: str
    mover: int
    played: list[str]
    discards: list[list[str]]
    goals: list[list[str]]
    defence_discard: list[str]


class Position(PositionCommon):
    """A position set by hand, in full (a chance event nobody sees)."""

    decks: list[list[str]]
    defence_deck: list[str]
    box: list[str]
    hands: list[list[str]]
    defence: list[list[str]]


class PositionPublic(PositionCommon):
    deck_sizes: list[int]
    defence_deck_size: int
    box_size: int


class DealWithDefence(TypedDict):
    """A position's deal: the team cards and the defensive cards."""

    type: Literal["deal"]
    seat: int
    cards: list[str]
    defence: list[str]


class DealWithDefencePublic(TypedDict):
    type: Literal["deal"]
    seat: int
    count: int
    defence: int


class Attack(TypedDict):
    type: Literal["attack"]
    seat: int
    team: int
    attack: int


class DeckOut(TypedDict):
    type: Literal["deck-out"]
    team: int
    final: bool


class Referee(TypedDict):
    """A Referee card drawn, shown to all."""

    type: Literal["referee"]
    seat: int
    card: str


class DefenceDraw(TypedDict):
    type: Literal["defence-draw"]
    seat: int
    cards: list[str]


class DefenceDrawPublic(TypedDict):
    type: Literal["defence-draw"]
    seat: int
    count: int


class Play(TypedDict):
    type: Literal["play"]
    seat: int
    card: str


class MissedPass(TypedDict):
    type: Literal["missed-pass"]
    seat: int


class Swap(TypedDict):
    """The defensive cards discarded for a swap."""

    type: Literal["swap"]
    seat: int
    cards: list[str]


class Call(TypedDict):
    """The Referee call that acts."""

    type: Literal["call"]
    call: str


class Tackle(TypedDict):
    type: Literal["tackle"]
    seat: int
    card: str


class Advantage(TypedDict):
    type: Literal["advantage"]
    seat: int


class Aim(TypedDict):
    type: Literal["aim"]
    seat: int
    shot: str
    corner: str


class Block(TypedDict):
    type: Literal["block"]
    seat: int
    card: str


class Goal(TypedDict):
    type: Literal["goal"]
    team: int
    seat: int
    card: str


class AttackOver(TypedDict):
    type: Literal["attack-over"]
    reason: str
    cards: list[str]


BohnkickEvent: TypeAlias = (
    EngineEvent
    | Position
    | PositionPublic
    | Deal
    | DealPublic
    | DealWithDefence
    | DealWithDefencePublic
    | Draw
    | DrawPublic
    | Drop
    | Attack
    | DeckOut
    | Referee
    | DefenceDraw
    | DefenceDrawPublic
    | Play
    | MissedPass
    | Swap
    | Call
    | Tackle
    | Advantage
    | Aim
    | Block
    | Goal
    | AttackOver
)
