"""Where a game's cards hide: the :class:`HiddenLayout` every game class
declares as ``HIDDEN_LAYOUT`` (part of the contract in :mod:`bohn.engine.game`).

The information-state tracker (:mod:`bohn.engine.infostate`), the bots'
sampled worlds and the conformance suite's privacy checks read it; a ruleset
says in it which keys of its state JSON hold cards no seat sees, which hold one
zone per seat that only that seat sees, and which hidden cards are shown all
the same.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

Path = tuple[str | int, ...]
#: a hidden zone: the path of the list that holds its cards (``("hands", 2)``)
Zone = tuple[str | int, ...]
JSON = Any

# ---------------------------------------------------------------------------
# where each variant hides cards: the layout its game class declares


def offer_pins(state: dict[str, Any]) -> set[Path]:
    """Hand cards named by open offers: their faces are public (``offer_view``)."""
    pins: set[Path] = set()
    for offer in state.get("offers", []):
        for ref in offer["give"]:
            if ref.startswith("h"):
                pins.add(("hands", offer["from"], int(ref[1:])))
    return pins


def _no_paths(state: dict[str, Any]) -> set[Path]:
    return set()


def _no_known(state: dict[str, Any], viewer: int | None) -> set[Path]:
    return set()


@dataclass(frozen=True)
class HiddenLayout:
    """Where the cards of a variant's state JSON hide (a game class's
    ``HIDDEN_LAYOUT``; the functions it holds are the ruleset's, e.g. High
    Bohn's bank shows its owner the top card of the deck).

    ``secret``: state keys whose cards no seat sees (the draw pile).
    ``private``: state keys holding one entry per seat that only that seat sees.
    ``references``: state keys that name cards or bean types without holding
    them (offers); card counts skip them.
    ``pins``: paths of hidden cards that are public all the same (a hand card
    named by an open offer).
    ``known``: the same for one viewer only (a card it was shown).
    ``typed``: paths of hidden cards whose bean type is public but not the card
    itself (Ladybohn's offered hand cards).
    ``piles``: the name a shuffled pile has in the ``shuffle`` event -> the
    zone it becomes.
    """

    secret: tuple[str, ...]
    private: tuple[str, ...]
    references: tuple[str, ...] = ()
    pins: Callable[[dict[str, Any]], set[Path]] = _no_paths
    known: Callable[[dict[str, Any], int | None], set[Path]] = _no_known
    typed: Callable[[dict[str, Any]], set[Path]] = _no_paths
    piles: dict[str, Zone] = field(default_factory=lambda: {"deck": ("deck",)})
