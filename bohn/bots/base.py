"""The bot interface and registry, and the seat scheduler every bot runner shares.

The bot kinds bohn ships are named in :data:`KINDS` (kind -> the module that
defines and registers it) and imported on first use (:func:`load_bots`), so
this module imports none of them.
"""

from __future__ import annotations

import importlib
import math
import re
from abc import ABC
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from typing import Any
from typing import ClassVar
from typing import Final

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


@dataclass(frozen=True)
class Param:
    """One parameter a bot kind takes (``greedy:proposals=3``): its name, its
    type (``int``, ``float``, ``bool`` or ``choice``) and its bounds, the one
    place they are declared (:attr:`Bot.params`). ``low``/``high`` bound a
    number (inclusive); ``server_high``, when set, is the tighter upper bound
    the multiplayer server allows (a bot there shares the server's CPU with
    every game); ``choices`` are the values of a ``choice``."""

    name: str
    type: str
    low: float = 0
    high: float = 0
    server_high: float | None = None
    choices: tuple[str, ...] = ()
    doc: str = ""

    def bounds(self, server: bool = False) -> str:
        """The values allowed, in words ("an integer from 0 to 20")."""
        if self.type == "bool":
            return "true or false"
        if self.type == "choice":
            return "one of " + ", ".join(self.choices)
        high = self.server_high if server and self.server_high is not None else self.high
        what = "an integer" if self.type == "int" else "a number"
        return f"{what} from {_num(self.low)} to {_num(high)}"

    def check(self, kind: str, raw: str, server: bool = False) -> Any:
        """``raw`` (the text after ``=``) as this parameter's value;
        :class:`BotSpecError` naming the bound it breaks otherwise."""
        where = f"{kind} parameter {self.name}"
        if self.type == "bool":
            if raw in ("true", "1", "yes"):
                return True
            if raw in ("false", "0", "no"):
                return False
            raise BotSpecError(
                f"{where} must be true or false (also 1/0, yes/no; lower case), not {raw!r}"
            )
        if self.type == "choice":
            if raw not in self.choices:
                raise BotSpecError(f"{where} must be one of {', '.join(self.choices)}, not {raw!r}")
            return raw
        what = "an integer" if self.type == "int" else "a number"
        digits = _INT if self.type == "int" else _DECIMAL
        if _NEGATIVE.fullmatch(raw) and self.low >= 0:
            raise BotSpecError(f"{where} must not be negative ({self.bounds()}), not {raw}")
        if not digits.fullmatch(raw):
            if self.type == "float" and _NOT_FINITE.fullmatch(raw):
                raise BotSpecError(f"{where} must be a finite number, not {raw!r}")
            written = (
                "ASCII digits 0-9 alone" if self.type == "int" else "ASCII digits 0-9 and one '.'"
            )
            raise BotSpecError(
                f"{where} must be {what}, not {raw!r} (written in {written}: "
                "no sign, spaces, underscores or digits of other scripts)"
            )
        value: float = int(raw) if self.type == "int" else float(raw)
        if not math.isfinite(value):
            raise BotSpecError(f"{where} must be a finite number, not {raw!r}")
        if value < self.low:
            if self.low == 0:
                raise BotSpecError(f"{where} must not be negative ({self.bounds()}), not {raw}")
            raise BotSpecError(f"{where} must be at least {_num(self.low)}, not {raw}")
        if server and self.server_high is not None and value > self.server_high:
            raise BotSpecError(
                f"{where} is at most {_num(self.server_high)} on the server "
                f"(its limit for bots sharing it), not {raw}"
            )
        if value > self.high:
            raise BotSpecError(f"{where} is at most {_num(self.high)}, not {raw}")
        return value


#: how a parameter's value is written: an integer in ASCII digits alone; a
#: number in ASCII digits with at most one decimal point (no sign, no
#: exponent, no underscores, no spaces, no digits of other scripts)
_INT = re.compile(r"[0-9]+")
_DECIMAL = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")
_NEGATIVE = re.compile(r"-(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)")
_NOT_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.IGNORECASE)


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else str(x)


class BotSpecError(ValueError):
    """A bot spec that names no bot kind, or a parameter it does not take or
    a value outside the parameter's bounds (:class:`Param`)."""


@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """Base class: override :meth:`act`. One bot object plays one seat of one game."""

    kind: ClassVar[str] = "bot"
    #: whether the bot needs :attr:`SeatView.infostate` (whoever runs the game
    #: then keeps an :class:`~bohn.engine.infostate.InfoTracker` for its seat)
    uses_infostate: ClassVar[bool] = False
    #: the parameters the bot takes, with their types and bounds (:class:`Param`)
    params: ClassVar[tuple[Param, ...]] = ()

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
    """``"ismcts:iterations=500"`` -> ``("ismcts", {"iterations": "500"})``:
    the kind and each parameter's text, exactly as written. Strict:
    :class:`BotSpecError` (a ``ValueError``) naming the problem for spaces
    around the spec, its kind or a parameter's name or value, a part that is
    not ``name=value``, nothing after the ``:``, or a parameter given twice.
    The kind and the values are checked against the bots' declarations by
    :func:`check_bot_spec`."""
    if spec != spec.strip():
        raise BotSpecError(f"bot spec {spec!r} has spaces around it; write {spec.strip()!r}")
    kind, colon, rest = spec.partition(":")
    if kind != kind.strip():
        raise BotSpecError(f"bot name {kind!r} in {spec!r} has spaces around it")
    params: dict[str, str] = {}
    if colon and not rest:
        raise BotSpecError(
            f"nothing follows the ':' in {spec!r}; give name=value parameters or leave out the ':'"
        )
    if rest:
        for part in rest.split(","):
            k, eq, v = part.partition("=")
            if not eq or not k:
                raise BotSpecError(f"bad bot parameter {part!r} in {spec!r}; use name=value")
            if k != k.strip() or v != v.strip():
                raise BotSpecError(
                    f"bot parameter {part!r} in {spec!r} has spaces around its name or value; "
                    "write name=value without spaces"
                )
            if k in params:
                raise BotSpecError(f"bot parameter {k} is given twice in {spec!r}; give it once")
            params[k] = v
    return kind, params


#: the longest bot spec accepted
MAX_SPEC = 120


def check_bot_spec(spec: str, *, server: bool = False) -> tuple[str, dict[str, Any]]:
    """The kind of the bot ``spec`` names and its parameters, each checked
    against its declaration (:attr:`Bot.params`) and turned into its type;
    ``server``: with the server's tighter bounds (:attr:`Param.server_high`).
    :class:`BotSpecError` (a ``ValueError``) saying what is wrong otherwise."""
    if len(spec) > MAX_SPEC:
        raise BotSpecError(f"a bot spec has at most {MAX_SPEC} characters, not {len(spec)}")
    kind, raw = parse_bot_spec(spec)
    bots = load_bots()
    if kind not in bots:
        raise BotSpecError(f"unknown bot {kind!r}; known bots: {', '.join(sorted(bots))}")
    declared = {p.name: p for p in bots[kind].params}
    unknown = sorted(set(raw) - set(declared))
    if unknown:
        takes = ", ".join(declared) if declared else "none"
        raise BotSpecError(f"bot {kind!r} takes no parameters {unknown} (its parameters: {takes})")
    return kind, {k: declared[k].check(kind, v, server) for k, v in raw.items()}


def load_bots() -> dict[str, type[Bot]]:
    """Every bot kind bohn ships, registered: :data:`BOTS`."""
    for module in KINDS.values():
        importlib.import_module(module)
    return BOTS


def make_bot(spec: str, seed: int, *, server: bool = False) -> Bot:
    """The bot ``spec`` names, its parameters checked (:func:`check_bot_spec`)."""
    kind, params = check_bot_spec(spec, server=server)
    return BOTS[kind](seed, **params)
