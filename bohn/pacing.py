"""People set the pace: what a bot holds back while a person at the table
is still trading, and the trade window that bounds how long it waits.

The rules let the active player end the trading whenever it likes; a bot
would end it at once, before a person has read the revealed cards. So
wherever a person sits at a table (the server's rooms, ``bohn play``), a
bot's move that ends the trading (:func:`closes_trading`), or takes back an
offer the bot made to a person who has not answered it
(:func:`voids_offer_to_person`), is held while a person is still trading (:func:`people_trading`: the game still waits on
them, they have neither passed nor used up their proposals) and, on the
server, while the trade window is open (:class:`TradeWindow`). Each
person's action restarts the window, up to a cap, so nobody can stall a game
for good. The terminal has no window: there the bot waits for the person's
pass (``auto`` passes for them).

The window keeps time by an injectable clock (``time.monotonic`` by default),
so tests move time themselves.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field
from typing import Any

from bohn.engine.actions import Action
from bohn.engine.actions import EndTrading
from bohn.engine.game import Game

#: the trade window's seconds by default (a lobby option, ``trade_s``)
TRADE_WINDOW_S = 20
#: the trade window's seconds, least and most, a game may be given
TRADE_WINDOW_RANGE = (5, 120)
#: how many windows one trading phase may last at most, however often people
#: act (a person's action restarts the window up to this cap)
TRADE_CAP_WINDOWS = 6
#: the bots' pace where a person follows them: seconds before each move
#: (a lobby option, ``pace``); outside it they move at once
PACES: dict[str, float] = {"slow": 2.0, "normal": 1.0, "fast": 0.0}
#: seconds a bot takes at least to answer a person's proposal, at any pace,
#: so that the person sees the proposal standing before the answer comes
ANSWER_S = 1.5


def closes_trading(action: Action) -> bool:
    """Whether ``action`` ends a trading phase (the active player's end of
    the trading)."""
    return isinstance(action, EndTrading)


def people_trading(game: Game, people: Iterable[int], but: int | None = None) -> list[int]:
    """The people (seats, ``but`` left out) the game's trading still waits
    on: they have not passed and may still propose."""
    waiting = game.waiting_for()
    return sorted(p for p in people if p != but and p in waiting)


def voids_offer_to_person(game: Game, seat: int, action: Action, people: Iterable[int]) -> bool:
    """Whether ``action`` of ``seat`` takes back an offer it made to one of
    ``people`` before they answered it: keeping a revealed card the offer
    gives, withdrawing it, a trade elsewhere with the cards it names."""
    who = set(people)
    mine = {
        o.get("id")
        for o in game.observe(None).get("offers") or []
        if o.get("from") == seat and o.get("to") in who
    }
    if not mine:
        return False
    trial = game.clone()
    try:
        trial.apply(seat, action)
    except Exception:  # an action the rules refuse: not the pacing's to judge
        return False
    left = {o.get("id") for o in trial.observe(None).get("offers") or []}
    return bool(mine - left)


def holds(game: Game, seat: int, action: Action, people: Iterable[int]) -> bool:
    """Whether a bot at ``seat`` should hold ``action`` back for the people
    at the table while one of them still trades: it ends the trading, or it
    takes back an offer the bot made to a person who has not answered it."""
    if not people_trading(game, people, seat):
        return False
    return closes_trading(action) or voids_offer_to_person(game, seat, action, people)


def answers_person(game: Game, seat: int, people: Iterable[int]) -> bool:
    """Whether ``seat`` is asked to answer a proposal a person made to it:
    an open offer from one of ``people`` to ``seat``."""
    who = set(people)
    offers = game.observe(None).get("offers") or []
    return any(o.get("to") == seat and o.get("from") in who for o in offers)


@dataclass
class TradeWindow:
    """How long a trading phase stays open for the people at the table:
    ``seconds`` from its start, restarted by each person's action
    (:meth:`touch`), never past :data:`TRADE_CAP_WINDOWS` windows from the
    phase's start. A phase is told apart by a key (:meth:`watch`: the turn)."""

    seconds: float = TRADE_WINDOW_S
    clock: Callable[[], float] = time.monotonic
    #: the phase the window times, its start and its end (the clock's time)
    phase: Any = None
    opened: float = 0.0
    deadline: float = 0.0
    cap: float = field(init=False)

    def __post_init__(self) -> None:
        self.cap = self.seconds * TRADE_CAP_WINDOWS

    def watch(self, phase: Any) -> None:
        """Start timing ``phase`` if it is not the one timed already."""
        if phase != self.phase:
            now = self.clock()
            self.phase, self.opened, self.deadline = phase, now, now + self.seconds

    def touch(self) -> None:
        """A person acted: the window starts again, up to the cap."""
        if self.phase is None:
            return
        now = self.clock()
        self.deadline = max(self.deadline, min(now + self.seconds, self.opened + self.cap))

    def left(self) -> float:
        """Seconds until the window closes (0 once it has)."""
        return max(0.0, self.deadline - self.clock())

    def is_open(self) -> bool:
        return self.left() > 0


__all__ = [
    "ANSWER_S",
    "PACES",
    "TRADE_CAP_WINDOWS",
    "TRADE_WINDOW_RANGE",
    "TRADE_WINDOW_S",
    "TradeWindow",
    "answers_person",
    "closes_trading",
    "holds",
    "people_trading",
    "voids_offer_to_person",
]
