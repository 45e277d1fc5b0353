"""The events the engine records, as typed records: one ``TypedDict`` per event.

A game records what happened with ``self._emit({"type": ..., ...}, to=...,
public=...)`` (:meth:`bohn.engine.game.Game._emit`): the event is a plain
dict literal, and mypy checks it against the union of the events the game
class declares, telling the events apart by their ``type`` (a ``Literal``)
and their keys. An event whose version for the other seats (``public=``) has
other keys is a ``TypedDict`` of its own (same ``type``, other keys), and so
is every other shape one ``type`` takes (a ruleset's ``plant`` with one more
key). The records cost nothing at run time: an event stays the dict literal
written where it happens (never build one by calling its class), and readers
(describers, the server, the page) read ``Event.data`` as a dict.

Here: the events of :class:`~bohn.engine.game.Game` (:data:`EngineEvent`),
those of :class:`~bohn.engine.beans.BeanGame` (:data:`BeanEvent`, which
includes them), and the shapes several rulesets emit with no common ruleset
to declare them (:class:`Drop`). Each ruleset that emits its own declares
them in its package's ``events.py``, one union built on its base's union,
and its game class narrows ``_emit`` to it. ``tests/test_events.py`` plays
every variant and checks that every event emitted is declared with exactly
its keys.

This module (and every ruleset's ``events.py``) does without ``from
__future__ import annotations``: Python 3.11 reads ``NotRequired`` only from
evaluated annotations, and the test reads the keys at run time. The keys a
Python keyword names (``from``, ``for``) need the functional form.
"""

from typing import Any
from typing import Literal
from typing import NotRequired
from typing import TypeAlias
from typing import TypedDict

# -- the engine's own (Game) ------------------------------------------------------------


class Shuffle(TypedDict):
    """A pile shuffled: its order, a chance event nobody sees."""

    type: Literal["shuffle"]
    pile: str
    order: list[str]


class ShufflePublic(TypedDict):
    """The shuffle as everyone sees it: the pile's size."""

    type: Literal["shuffle"]
    pile: str
    size: int


class GameEnded(TypedDict):
    """``game-over``: the result's JSON (``Result.event()``)."""

    type: Literal["game-over"]
    scores: list[int]
    winners: list[int]
    ranking: list[int]
    reason: str
    tie_break: bool
    details: NotRequired[dict[str, Any]]


class Pass(TypedDict):
    """A seat passes (every game has a ``pass``)."""

    type: Literal["pass"]
    seat: int


#: what every game may emit
EngineEvent: TypeAlias = Shuffle | ShufflePublic | GameEnded | Pass


class Drop(TypedDict):
    """A hand card discarded (in several rulesets' unions, in none of the engine's)."""

    type: Literal["drop"]
    seat: int
    card: str


# -- the bean games' (BeanGame) -----------------------------------------------------------


class Deal(TypedDict):
    type: Literal["deal"]
    seat: int
    cards: list[str]


class DealPublic(TypedDict):
    type: Literal["deal"]
    seat: int
    count: int


class Draw(TypedDict):
    type: Literal["draw"]
    seat: int
    cards: list[str]


class DrawPublic(TypedDict):
    type: Literal["draw"]
    seat: int
    count: int


class Plant(TypedDict):
    type: Literal["plant"]
    seat: int
    field: int
    card: str


class Harvest(TypedDict):
    type: Literal["harvest"]
    seat: int
    field: int
    cards: list[str]
    coins: int
    final: bool


Pay = TypedDict(
    "Pay",
    {"type": Literal["pay"], "seat": int, "coins": list[str], "for": str},
)


class BuyField(TypedDict):
    type: Literal["buy-field"]
    seat: int
    field: int


class Exhausted(TypedDict):
    type: Literal["exhausted"]
    count: int


#: an open offer as every seat sees it (``BeanGame.offer_view``)
OfferFields = TypedDict(
    "OfferFields",
    {
        "id": int,
        "from": int,
        "to": int,
        "give": list[str],
        "give_from": list[str],
        "want": list[str],
    },
)


class OwnOfferView(OfferFields):
    """An open offer as its proposer sees it: also the hand positions."""

    give_refs: list[str]


class OfferMade(OfferFields):
    """``offer``: a proposal, as every seat sees it."""

    type: Literal["offer"]


Trade = TypedDict(
    "Trade",
    {
        "type": Literal["trade"],
        "offer": int,
        "from": int,
        "to": int,
        "given": list[str],
        "returned": list[str],
    },
)

OfferVoid = TypedDict(
    "OfferVoid",
    {"type": Literal["offer-void"], "id": int, "from": int, "to": int},
)


class Decline(TypedDict):
    type: Literal["decline"]
    id: int
    seat: int


class Withdraw(TypedDict):
    type: Literal["withdraw"]
    id: int
    seat: int


class Keep(TypedDict):
    type: Literal["keep"]
    seat: int
    cards: list[str]


class Turn(TypedDict):
    type: Literal["turn"]
    seat: int
    turn: int


class PositionCommon(TypedDict):
    """What both versions of a bean game's ``position`` show."""

    type: Literal["position"]
    active: int
    phase: str
    planted: int
    turn: int
    exhaustions: int
    discard: list[str]
    revealed: list[str]
    fields: list[list[list[str]]]
    trading_areas: list[list[str]]


class Position(PositionCommon):
    """A position set by hand, in full (a chance event nobody sees)."""

    deck: list[str]
    box: list[str]
    hands: list[list[str]]
    coins: list[list[str]]


class PositionPublic(PositionCommon):
    """The position as everyone sees it: sizes for the hidden zones."""

    deck_size: int
    box_size: int
    hand_sizes: list[int]
    coins: list[int]


#: what every bean game may emit
BeanEvent: TypeAlias = (
    EngineEvent
    | Deal
    | DealPublic
    | Draw
    | DrawPublic
    | Plant
    | Harvest
    | Pay
    | BuyField
    | Exhausted
    | OfferMade
    | Trade
    | OfferVoid
    | Decline
    | Withdraw
    | Keep
    | Turn
    | Position
    | PositionPublic
)
