"""The bot interface and registry, and the seat scheduler every bot runner shares.

The bot kinds bohn ships are named in :data:`KINDS` (kind -> the module that
defines and registers it) and imported on first use (:func:`load_bots`), so
this module imports none of them.
"""

from __future__ import annotations

import importlib
from abc import ABC, abstractmethod
from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, Final

from bohn._native import mypyc_attr
from bohn.engine import rng as _rng
from bohn.engine.actions import Action


class BotRng:
    """A bot's own deterministic generator (the engine's SplitMix64)."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _rng.MASK64

    def below(self, n: int) -> int:
        self.state, v = _rng.below(self.state, n)
        return v

    def choice(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]

    def random(self) -> float:
        self.state, v = _rng.next_u64(self.state)
        return v / 2.0**64


class SeatView:
    """What a bot is given for one decision: its seat, the legal actions, and
    its observation (computed on first use). Nothing else of the game.

    A bot that searches (:attr:`Bot.uses_infostate`) also gets ``infostate``:
    the seat's :class:`~bohn.engine.infostate.InfoTracker`, whose ``sample``
    deals worlds consistent with everything the seat has seen."""

    __slots__ = ("_obs", "_observe", "infostate", "legal", "seat")

    def __init__(
        self,
        seat: int,
        legal: list[Action],
        observe: Callable[[], dict[str, Any]],
        infostate: Any = None,
    ) -> None:
        self.seat = seat
        self.legal = legal
        self._observe = observe
        self._obs: dict[str, Any] | None = None
        self.infostate = infostate

    @property
    def observation(self) -> dict[str, Any]:
        if self._obs is None:
            self._obs = self._observe()
        return self._obs


class Budget:
    """The limits whoever runs a bot puts on one decision (:meth:`Bot.act_within`):
    at most ``seconds`` of thinking (None: no limit), at most ``iterations``
    iterations of a search (None: no limit), and ``stop``, asked now and then,
    that ends the thinking at once when it answers True (None: never). A bot
    that reaches a limit answers with its best move so far."""

    __slots__ = ("iterations", "seconds", "stop")

    def __init__(
        self,
        seconds: float | None = None,
        iterations: int | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> None:
        self.seconds = seconds
        self.iterations = iterations
        self.stop = stop


@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """Base class: override :meth:`act`. One bot object plays one seat of one game."""

    kind: ClassVar[str] = "bot"
    #: whether the bot needs :attr:`SeatView.infostate` (whoever runs the game
    #: then keeps an :class:`~bohn.engine.infostate.InfoTracker` for its seat)
    uses_infostate: ClassVar[bool] = False

    def __init__(self, seed: int = 0, **params: Any) -> None:
        if params:
            raise ValueError(f"bot {self.kind!r} takes no parameters {sorted(params)}")
        self.rng = BotRng(seed)

    @abstractmethod
    def act(self, view: SeatView) -> Action:
        """The action this bot takes for the decision ``view`` describes."""

    def act_within(self, view: SeatView, budget: Budget) -> Action:
        """:meth:`act` within ``budget``'s limits. A bot that does not search
        decides at once and ignores them; a search bot stops at the first
        limit reached and answers its best move so far."""
        return self.act(view)

    def __repr__(self) -> str:
        return self.kind


#: bot kind -> its class, registered by :func:`register_bot`
BOTS: dict[str, type[Bot]] = {}
#: the bot kinds bohn ships: kind -> the module that registers it
KINDS: Final[dict[str, str]] = {
    "random": "bohn.bots.random",
    "greedy": "bohn.bots.greedy",
    "ismcts": "bohn.bots.ismcts",
}


def next_seat(waiting: frozenset[int], last: int, n: int) -> int:
    """The first seat of ``waiting`` clockwise after ``last`` (``last`` itself last).

    >>> next_seat(frozenset({0, 2}), 0, 4)
    2
    >>> next_seat(frozenset({0}), 0, 4)
    0
    """
    for i in range(1, n + 1):
        s = (last + i) % n
        if s in waiting:
            return s
    raise ValueError("no seat is waiting")


def seat_view(game: Any, seat: int, bot: Bot, trackers: dict[int, Any]) -> SeatView:
    """The view of ``game`` that ``bot`` at ``seat`` decides on; ``trackers``
    (seat -> tracker, kept by the caller across decisions) holds the seat's
    :class:`~bohn.engine.infostate.InfoTracker` when the bot searches."""
    info = None
    if bot.uses_infostate:
        info = trackers.get(seat)
        if info is None:
            from bohn.engine.infostate import InfoTracker

            info = trackers[seat] = InfoTracker(game, seat)
        else:
            info.follow(game)
    return SeatView(seat, game.legal_actions(seat), partial(game.observe, seat), info)


def register_bot(cls: type[Bot]) -> type[Bot]:
    BOTS[cls.kind] = cls
    return cls


def parse_bot_spec(spec: str) -> tuple[str, dict[str, str]]:
    """``"ismcts:iterations=500"`` -> ``("ismcts", {"iterations": "500"})``."""
    kind, _, rest = spec.strip().partition(":")
    params: dict[str, str] = {}
    if rest:
        for part in rest.split(","):
            k, eq, v = part.partition("=")
            if not eq or not k:
                raise ValueError(f"bad bot parameter {part!r} in {spec!r}; use name=value")
            params[k.strip()] = v.strip()
    return kind, params


def load_bots() -> dict[str, type[Bot]]:
    """Every bot kind bohn ships, registered: :data:`BOTS`."""
    for module in KINDS.values():
        importlib.import_module(module)
    return BOTS


def make_bot(spec: str, seed: int) -> Bot:
    load_bots()
    kind, params = parse_bot_spec(spec)
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r}; known bots: {', '.join(sorted(BOTS))}")
    return BOTS[kind](seed, **params)
