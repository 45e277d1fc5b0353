"""Prohibohn's own events (beyond Al Cabohne's): the stashed starting coins,
the establishments, the Police Stations and the end's buying."""

from typing import Literal
from typing import TypeAlias
from typing import TypedDict

from bohn.engine.events import Drop
from bohn.rulesets.al_cabohne.events import AlCabohneEvent


class Stash(TypedDict):
    """Set-up: the hand cards a seat keeps as coins, seen by that seat."""

    type: Literal["stash"]
    seat: int
    cards: list[str]


class StashPublic(TypedDict):
    type: Literal["stash"]
    seat: int
    count: int


MafiaCoin = TypedDict(
    "MafiaCoin",
    {"type": Literal["mafia-coin"], "seat": int, "card": str, "for": str},
)


class UncoverMore(TypedDict):
    type: Literal["uncover-more"]
    seat: int


class Build(TypedDict):
    type: Literal["build"]
    seat: int
    card: str


class Remove(TypedDict):
    """pub-4: an establishment removed."""

    type: Literal["remove"]
    seat: int
    card: str


class PoliceCoin(TypedDict):
    """A treasury coin taken after buying a Police Station, seen by the taker."""

    type: Literal["police-coin"]
    seat: int
    card: str


class PoliceCoinPublic(TypedDict):
    type: Literal["police-coin"]
    seat: int


class FinalBuying(TypedDict):
    type: Literal["final-buying"]
    seat: int


class PlayOn(TypedDict):
    """The game goes on with a 4th draw pile (too few establishments owned)."""

    type: Literal["play-on"]
    establishments: int


ProhibohnEvent: TypeAlias = (
    AlCabohneEvent
    | Stash
    | StashPublic
    | MafiaCoin
    | Drop
    | UncoverMore
    | Build
    | Remove
    | PoliceCoin
    | PoliceCoinPublic
    | FinalBuying
    | PlayOn
)
