"""The engine contract: what every game of bohn offers, stated once.

A :class:`Game` is one game in progress. Everything a bot, a simulation, a
replay, the server or a test does with a game goes through these methods:

``waiting_for() -> frozenset[int]``
    The seats whose decision the game waits on now. Empty only when the game
    is over. Several seats at once where the rules let several act (trading,
    planting received cards).

``legal_actions(seat) -> list[Action]``
    Everything the rules allow ``seat`` now, in a deterministic order with
    unique text forms, including "any time" actions (harvest, buy a field) of
    seats the game is not waiting on. Non-empty for every seat in
    ``waiting_for()``. Every listed action applies.

``apply(seat, action) -> list[Event]``
    Validates, then performs. An illegal action raises
    :class:`~bohn.engine.errors.IllegalAction` naming the rule, a malformed one
    :class:`~bohn.engine.errors.InvalidAction` (both are
    :class:`~bohn.engine.errors.BohnError`; ``apply`` raises nothing else);
    in both cases **nothing has changed**. Returns the events the action
    caused (including chance events).

    ``apply`` accepts exactly the listed actions, and beyond them only these
    (the complete list, mirrored in ``docs/architecture.md``):

    1. **Proposals** (``propose``): the list holds a bounded vocabulary; any
       well-formed proposal the rules allow is accepted (``docs/actions.md``,
       The listed proposals).
    2. **Acceptances by position** (``accept <offer> give ...``): the list
       holds at most 16 ways per offer; any choice of cards that fulfils the
       offer is accepted.
    3. **Explicit payments** (``pay``, as in ``buy-field pay ...``): the list
       pays with the top coins; any payment of the price is accepted.
    4. **Identical cards at other positions**: the list names one position
       per kind of card; the same move naming another position that holds an
       identical card is accepted (the hand's ``h<i>``, the trading area's
       ``t<i>``, Bohnkick's ``play``/``tackle``/``block``/``drop``/``swap``
       positions, Ladybohn's ``pull<i>`` naming any lady of the baby's type
       on that field).

    A limit of the rules (plantings a phase allows, who may act while
    another seat decides) is checked where the action is validated, in one
    place shared by the list and the handler (``BeanGame._check_plant_limit``,
    ``BeanGame._anytime_refusal``), never left to a phase closing by itself.
    ``tests/conformance/test_differential.py`` proves the agreement.

``observe(seat | None) -> dict``
    What ``seat`` may know (``None``: a spectator's public view), built from
    public data plus that seat's private data — never by deleting fields from
    the full state. No deck order, no other hand, no hidden coin faces, no RNG.

``events(seat | None)``
    The game's log redacted for ``seat`` by the same rule as ``observe``.

``clone()``, ``to_json()`` / :meth:`Game.from_json`
    Exact copies; ``from_json(g.to_json())`` equals ``g`` in every respect.

``result() -> Result | None``
    Scores, winners after the rule's tie-break, and the reason the game ended.

``HIDDEN_LAYOUT``
    Where the state JSON hides cards (:class:`bohn.engine.layout.HiddenLayout`),
    from which :func:`bohn.engine.infostate.resample_from_infostate` deals a
    world ``seat`` cannot tell from this game.

What the layers above ask of a game while it is played, so that none of them
probes its attributes, reads a ruleset's observation keys or names a ruleset:

``active_seat()``, ``phase_name``
    Whose turn it is, and the step of the turn (a name of the ruleset's).
``scores()``, ``house_score()``, ``HOUSE``
    Every seat's score now, and that of a rival no seat plays (Al Cabohne's
    mafia) with its name; ``house_score_in(result)`` reads it from a finished
    game's :class:`Result`, whose ``ranking`` orders the seats.
``team_of(seat)``
    The seat's side: its own seat number, or the team it plays for.
``field_price(seat)``
    What the next field costs ``seat``, or None where none is for sale.
``cite(section)``
    The rule a refusal names.

Randomness comes only from the seed given at creation. The generator state is
part of the game state, and every shuffle's result is recorded as a chance
event, so a replay can be re-applied without any generator.

Rulesets subclass :class:`Game` and implement the ``_``-prefixed hooks.
"""

from __future__ import annotations

from abc import ABC
from abc import abstractmethod
from collections.abc import Callable
from collections.abc import Iterator
from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import ClassVar
from typing import Final
from typing import Self

from bohn._native import mypyc_attr
from bohn.engine import rng as _rng
from bohn.engine.actions import Action
from bohn.engine.actions import action_from_json
from bohn.engine.cards import CardTable
from bohn.engine.errors import BohnError
from bohn.engine.errors import GameOver
from bohn.engine.errors import InvalidAction
from bohn.engine.errors import SetupError
from bohn.engine.events import EngineEvent
from bohn.engine.events import GameEnded
from bohn.engine.layout import HiddenLayout
from bohn.engine.parts import Part
from bohn.engine.parts import dump_parts
from bohn.engine.parts import load_parts

#: Version of the ``to_json`` / replay formats.
FORMAT_VERSION: Final = 1

#: registered class -> {player count: the class that plays it at that count},
#: for a variant whose turn changes with the player count (the bean duel,
#: Mutterböhnchen for two); filled by the ruleset registry from a ruleset's
#: ``players`` part (:func:`play_counts_with`), so that no ruleset module
#: loads its own subclass back
_PLAYED_BY: dict[type, dict[int, type]] = {}


def play_counts_with(game: type, classes: dict[int, type]) -> None:
    """Let ``classes[n]`` play ``game``'s variant with ``n`` players."""
    for n, klass in classes.items():
        if not issubclass(klass, game):
            raise TypeError(f"{klass.__name__} does not derive from {game.__name__}")
        if not isinstance(n, int) or n < 1:
            raise TypeError(f"a player count must be a positive int, not {n!r}")
    _PLAYED_BY[game] = dict(classes)


#: who sees an event in full: the seats listed (``()``: nobody, a chance
#: event), or everyone (``None``)
Audience = tuple[int, ...] | None


class Event:
    """Something that happened, with who may see it.

    ``data`` is the full event. ``to`` is ``None`` when everyone sees ``data``;
    otherwise only the seats in ``to`` do, and every other seat (and
    spectators) see ``public`` instead — or nothing when ``public`` is None.
    Chance events (shuffles) have ``to == ()``: nobody sees the order.
    """

    __slots__ = ("data", "public", "to")

    def __init__(
        self,
        data: dict[str, Any],
        to: Audience = None,
        public: dict[str, Any] | None = None,
    ) -> None:
        self.data = data
        self.to = to
        self.public = public

    def view(self, seat: int | None) -> dict[str, Any] | None:
        """The event as ``seat`` sees it (``None`` if it sees nothing)."""
        if self.to is None or (seat is not None and seat in self.to):
            return self.data
        return self.public

    @property
    def is_chance(self) -> bool:
        return self.to == ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"data": self.data}
        if self.to is not None:
            out["to"] = list(self.to)
            out["public"] = self.public
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        to = d.get("to")
        return cls(d["data"], None if to is None else tuple(to), d.get("public"))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and self.data == other.data
            and self.to == other.to
            and self.public == other.public
        )

    def __hash__(self) -> int:  # events are compared, not hashed
        raise TypeError("Event is not hashable")

    def __repr__(self) -> str:
        return f"Event({self.data!r}, to={self.to!r})"


@dataclass(frozen=True)
class Result:
    """How a game ended.

    ``scores[seat]`` is the final score; ``winners`` the winning seats after the
    rule's tie-break (one seat unless the rules allow a shared win, e.g. a
    Bohnkick draw; none when no seat wins: the mafia of Al Cabohne, with
    ``details["winner"] == "mafia"``); ``ranking`` every seat best first; ``tie_break`` says
    whether the tie-break decided the winner; ``reason`` why the game ended.
    """

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    ranking: tuple[int, ...]
    reason: str
    tie_break: bool = False
    details: dict[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        """The result as JSON-ready data: its ``game-over`` event without the type."""
        out: dict[str, Any] = dict(self.event())
        del out["type"]
        return out

    def event(self) -> GameEnded:
        """The ``game-over`` event: the type, then the JSON form."""
        out: GameEnded = {
            "type": "game-over",
            "scores": list(self.scores),
            "winners": list(self.winners),
            "ranking": list(self.ranking),
            "reason": self.reason,
            "tie_break": self.tie_break,
        }
        if self.details is not None:
            out["details"] = self.details
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Result:
        return cls(
            tuple(d["scores"]),
            tuple(d["winners"]),
            tuple(d["ranking"]),
            d["reason"],
            bool(d.get("tie_break", False)),
            d.get("details"),
        )


@dataclass(frozen=True)
class Words:
    """A short text in each language the tables speak (the lobby's option
    labels); ``get`` falls back to English."""

    en: str
    de: str

    def get(self, lang: str) -> str:
        return self.de if lang == "de" else self.en

    def to_json(self) -> dict[str, str]:
        return {"en": self.en, "de": self.de}


@dataclass(frozen=True)
class Option:
    """A named game option: a rule choice, usually one of our ``[DEFAULT]``s.

    ``doc`` is the technical description (``bohn variants``); ``label`` and
    ``help`` say the same in plain words for players, in English and German,
    and ``choice_words`` names each choice (the lobby shows them, with the
    option's name and ``default_id`` only as detail). ``default_id`` names
    the decision in ``rules/<game>.md`` §6 (``BO-D9``) when the option exists
    to make that decision correctable.
    """

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    kind: type = object
    default_id: str | None = None
    label: Words | None = None
    help: Words | None = None
    choice_words: dict[str, Words] | None = field(default=None, hash=False, compare=False)

    def check(self, value: Any) -> Any:
        if self.choices is not None:
            if value not in self.choices:
                raise SetupError(
                    f"option {self.name}={value!r} is not one of "
                    + ", ".join(repr(c) for c in self.choices)
                )
            return value
        if self.kind is bool:
            if isinstance(value, str) and value.lower() in ("true", "false", "1", "0"):
                return value.lower() in ("true", "1")
            if not isinstance(value, bool):
                raise SetupError(f"option {self.name} must be true or false, not {value!r}")
            return value
        if self.kind is int:
            if isinstance(value, str) and value.isdigit():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise SetupError(f"option {self.name} must be a non-negative integer")
            return value
        return value


HistoryEntry = tuple[int | None, Action | None, tuple[Event, ...]]
_Log = tuple[Any, HistoryEntry] | None


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """One game in progress. See the module docstring for the contract."""

    #: variant id (``bohnanza``)
    variant: ClassVar[str] = ""
    #: human title
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    #: the player counts the game is for, when not every count from
    #: ``min_players`` to ``max_players`` (Bohnkick: 2 or 4); empty: all of them
    player_counts: ClassVar[tuple[int, ...]] = ()
    #: the card data of this ruleset
    table: ClassVar[CardTable]
    #: named options (rule choices and engine limits)
    OPTIONS: ClassVar[dict[str, Option]] = {}
    #: the rules file cited by errors
    rules_file: ClassVar[str] = ""
    #: for each action type, the name of the method that validates and then
    #: performs it (``method(seat, action)``); a handler raises before it changes
    #: anything. Names, not functions, so that a subclass overriding a handler
    #: needs no new table.
    HANDLERS: ClassVar[dict[type, str]] = {}

    #: the steps of a turn, by code: the names :attr:`phase_name` gives
    PHASES: ClassVar[dict[int, str]] = {}
    #: where the state JSON hides cards (see the module docstring)
    HIDDEN_LAYOUT: ClassVar[HiddenLayout]
    #: the name of a rival no seat plays, that a game may be lost to (Al
    #: Cabohne's mafia), in German and English; None where there is none
    HOUSE: ClassVar[Words | None] = None

    def active_seat(self) -> int:
        """The seat whose turn it is: the one the game's turn order is at
        (the active player of a bean game, the team member who moves in
        Bohnkick); 0 for a game without turns. Bots, simulations and the
        research environments start their round of seats after it."""
        return 0

    @property
    def phase_name(self) -> str:
        """The step of the turn the game is at, by the ruleset's name for it
        (a bot's search plays on through some of them); empty where a game
        has no steps."""
        return ""

    @abstractmethod
    def scores(self) -> list[int]:
        """Every seat's score now, by seat: what its result would count if
        the game ended here (a bean game's coins, the goals of a seat's team)."""

    def house_score(self) -> int | None:
        """The score of the rival no seat plays (:attr:`HOUSE`) now, or None
        in a game without one."""
        return None

    @classmethod
    def house_score_in(cls, result: Result) -> int | None:
        """The house's score in a finished game's ``result``, or None in a
        game without a house."""
        return None

    def team_of(self, seat: int) -> int:
        """The side ``seat`` plays for: its partners share it. Every seat is
        its own side unless the ruleset plays in teams."""
        return seat

    def field_price(self, seat: int) -> int | None:
        """Coins ``seat`` would pay for its next field now, as the engine
        charges them (what a screen shows); None in a game with no field for
        sale."""
        return None

    @classmethod
    def cite(cls, section: str) -> str:
        """The rule a refusal names: ``section`` of this class's rules file
        (``docs/rules/<rules_file>.md``), e.g. ``"high-bohn §4.1.7"``. The one
        citation helper: a ruleset's own checks call it on their own class
        (``AlCabohne.cite(...)``), so that a game built on another still
        cites the other's rules for the checks it inherits."""
        return f"{cls.rules_file} {section}"

    # -- construction ------------------------------------------------------

    n: int
    seed: int | str
    options: dict[str, Any]
    seq: int
    _rng: int
    _log: _Log
    _forced: list[list[int]] | None
    _pending_events: list[Event]
    #: set by the ruleset when the game ends
    _result: Result | None
    #: a watcher called at every event and before every shuffle (with the cards
    #: being shuffled and the pile's name): how
    #: :mod:`bohn.engine.infostate` follows the cards a seat sees move. ``None``
    #: in play; never copied.
    _trace: Callable[[Game, list[int] | None, str], None] | None

    def __init__(self) -> None:  # use new()/from_json()
        raise TypeError(f"create games with {type(self).__name__}.new() or bohn.new_game()")

    @classmethod
    def resolve_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        """Every option with its value: the defaults overridden by ``options``."""
        options = dict(options or {})
        unknown = set(options) - set(cls.OPTIONS)
        if unknown:
            raise SetupError(
                f"{cls.variant} has no option {', '.join(sorted(unknown))}; options: "
                + (", ".join(sorted(cls.OPTIONS)) or "none")
            )
        return {
            name: opt.check(options[name]) if name in options else opt.default
            for name, opt in cls.OPTIONS.items()
        }

    @classmethod
    def new(
        cls,
        players: int,
        seed: int | str = 0,
        options: dict[str, Any] | None = None,
        *,
        forced_chance: list[list[int]] | None = None,
        trace: Callable[[Game, list[int] | None, str], None] | None = None,
    ) -> Self:
        """A new game, set up and ready for the first decision.

        ``forced_chance`` (replays): shuffle results to use, in order, instead
        of the generator. ``trace``: a watcher of the set-up (see ``_trace``).
        """
        if isinstance(players, bool) or not isinstance(players, int):
            raise SetupError("players must be an integer")
        if players not in cls.allowed_players():
            raise SetupError(f"{cls.variant} is for {cls.players_text()} players, not {players}")
        kind = cls.class_for(players)
        game = kind.__new__(kind)
        game.n = players
        game.seed = seed
        game.options = cls.resolve_options(options)
        game.seq = 0
        game._rng = _rng.normalize_seed(seed)
        game._log = None
        game._forced = [list(x) for x in forced_chance] if forced_chance is not None else None
        game._pending_events = []
        game._result = None
        game._trace = trace
        game._setup()
        game._record(None, None)
        return game

    # -- hooks for rulesets --------------------------------------------------

    @classmethod
    def allowed_players(cls) -> tuple[int, ...]:
        """Every player count the game is for, smallest first."""
        return cls.player_counts or tuple(range(cls.min_players, cls.max_players + 1))

    @classmethod
    def players_text(cls) -> str:
        """The player counts in words: ``3-5``, ``2``, ``2 or 4``."""
        counts = cls.allowed_players()
        if counts == tuple(range(counts[0], counts[-1] + 1)):
            return str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        return ", ".join(map(str, counts[:-1])) + f" or {counts[-1]}"

    @classmethod
    def class_for(cls, players: int) -> type[Self]:
        """The class that plays this variant with ``players`` players: ``cls``
        itself, unless a player count changes the turn so much that a subclass
        plays it (the ruleset's ``players`` part: Mutterböhnchen for two)."""
        table = _PLAYED_BY.get(cls)
        if table is None:
            return cls
        klass: type[Self] = table.get(players, cls)
        return klass

    @abstractmethod
    def _setup(self) -> None:
        """Create the zones and deal (use :meth:`_shuffle` for chance)."""

    @abstractmethod
    def waiting_for(self) -> frozenset[int]:
        """See the module docstring."""

    @abstractmethod
    def legal_actions(self, seat: int) -> list[Action]:
        """See the module docstring."""

    @abstractmethod
    def observe(self, seat: int | None) -> dict[str, Any]:
        """See the module docstring."""

    def result(self) -> Result | None:
        """The result once the game is over, else ``None``."""
        return self._result

    # -- the loop -----------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.result() is not None

    def check_seat(self, seat: object) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise InvalidAction(f"there is no seat {seat!r} in a {self.n}-player game")

    def apply(self, seat: object, action: object) -> list[Event]:
        """Validate and perform ``action`` for ``seat``; see the module docstring.

        Both are typed ``object``: anything is accepted, and a malformed seat or
        action raises :class:`InvalidAction` (in the compiled build too, where a
        narrower annotation would raise ``TypeError`` before the first line).
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < self.n:
            raise InvalidAction(f"there is no seat {seat!r} in a {self.n}-player game")
        handler = self.HANDLERS.get(type(action))  # also the fast check that it is an action
        if handler is None and not isinstance(action, Action):
            raise InvalidAction(f"not an action: {action!r}")
        if self._result is not None:
            raise GameOver("the game is over", f"{self.rules_file or self.variant} §5")
        if handler is None:
            raise InvalidAction(f"{self.variant} has no action {getattr(action, 'type', '?')!r}")
        self._pending_events = []
        getattr(self, handler)(seat, action)
        self.seq += 1
        return self._record(seat, action)

    def apply_json(self, seat: int, d: Any) -> list[Event]:
        return self.apply(seat, action_from_json(d))

    def is_legal(self, seat: object, action: object) -> bool:
        """Whether ``apply(seat, action)`` would succeed (tries it on a clone)."""
        try:
            self.clone().apply(seat, action)
        except BohnError:
            return False
        return True

    # -- events and chance -----------------------------------------------------

    def _emit(
        self, data: EngineEvent, to: Audience = None, public: EngineEvent | None = None
    ) -> None:
        """Record an event (``to``, ``public``: who sees it, see :class:`Event`).
        ``data`` and ``public`` are the events this class declares
        (:mod:`bohn.engine.events`); a game class that emits more widens
        them to its ruleset's union (its ``events.py``), so mypy checks every
        event literal against it, and its override only passes the event on
        to :meth:`_push_event`."""
        self._push_event(data, to, public)

    def _push_event(
        self,
        data: Mapping[str, object],
        to: Audience = None,
        public: Mapping[str, object] | None = None,
    ) -> None:
        """Log an event ``_emit`` has checked: the dict literal itself, which
        :class:`Event` holds as the plain dict it is (no copy, no check)."""
        self._pending_events.append(Event(data, to, public))  # type: ignore[arg-type]
        if self._trace is not None:
            self._trace(self, None, "")

    # -- a position set by hand ---------------------------------------------

    def setup_from(self, place: Callable[[Game], None]) -> None:
        """Make this newly created game a position set by hand (a scenario,
        a bug report): its log starts afresh and its generator from the seed;
        ``place(game)`` writes the position (the ruleset's scenario loader:
        zones, whose turn, the step; it may shuffle with :meth:`shuffle_in`);
        then the game opens its log as the ruleset opens a position
        (:meth:`_open_position`) and records that as its first step. Raises
        :class:`SetupError` where the ruleset has no such positions."""
        self._log = None
        self._pending_events = []
        self._result = None
        self.seq = 0
        self._rng = _rng.normalize_seed(self.seed)
        place(self)
        self._open_position()
        self._record(None, None)

    def shuffle_in(self, cards: list[int], pile: str) -> None:
        """Shuffle ``cards`` from the game's generator, recorded as a chance
        event of the pile ``pile``: the way a position set by hand
        (:meth:`setup_from`) shuffles the cards it does not name."""
        self._shuffle(cards, pile)

    def _open_position(self) -> None:
        """Hook: the events that open the log of a position set by hand
        (what every seat is shown of it, then the step it begins at)."""
        raise SetupError(f"positions of {self.variant} cannot be set by hand")

    def _record(self, seat: int | None, action: Any) -> list[Event]:
        """Log the events of the step just taken (``action``: an Action or None)."""
        events = self._pending_events
        self._pending_events = []
        self._log = (self._log, (seat, action, tuple(events)))
        return events

    def _shuffle(self, cards: list[int], pile: str) -> None:
        """Shuffle ``cards`` in place and record the result as a chance event."""
        trace = self._trace
        if trace is not None:
            trace(self, cards, pile)
            self._trace = None  # the shuffle event itself moves no card
        if self._forced is not None:
            if not self._forced:
                raise SetupError("the replay has fewer shuffles than the game needs")
            order = self._forced.pop(0)
            if sorted(order) != sorted(cards):
                raise SetupError(f"the replay's shuffle of the {pile} has other cards")
            cards[:] = order
        else:
            self._rng = _rng.shuffle(cards, self._rng)
        keys = self.table.key_list(cards)
        self._emit(
            {"type": "shuffle", "pile": pile, "order": keys},
            to=(),
            public={"type": "shuffle", "pile": pile, "size": len(cards)},
        )
        self._trace = trace

    # -- history -------------------------------------------------------------

    def history(self) -> list[HistoryEntry]:
        """Every step so far, oldest first: ``(seat, action, events)``; the
        set-up is the first entry, with seat and action ``None``."""
        out: list[HistoryEntry] = []
        node = self._log
        while node is not None:
            node, entry = node
            out.append(entry)
        out.reverse()
        return out

    def history_since(self, step: int) -> list[HistoryEntry]:
        """The steps from ``step`` on (0: the set-up), oldest first, of a
        game with its whole log; walks only those steps back from the newest."""
        out: list[HistoryEntry] = []
        node = self._log
        count = self.seq + 1 - max(0, step)  # one step for the set-up, one per action
        while node is not None and len(out) < count:
            node, entry = node
            out.append(entry)
        out.reverse()
        return out

    def actions(self) -> list[tuple[int, Action]]:
        return [(s, a) for s, a, _ in self.history() if s is not None and a is not None]

    def chance_results(self) -> list[list[int]]:
        """Every shuffle's result, in order (what a replay needs instead of the RNG)."""
        table = self.table
        return [
            [table.index[k] for k in e.data["order"]]
            for _, _, events in self.history()
            for e in events
            if e.is_chance and e.data.get("type") == "shuffle"
        ]

    def events(self, seat: int | None = None) -> Iterator[dict[str, Any]]:
        """The log as ``seat`` may see it: every action (as :meth:`action_view`
        shows it to others), and the events it may see."""
        for s, a, evs in self.history():
            if a is not None:
                view = a.to_json() if s == seat else self.action_view(a)
                yield {"type": "action", "seat": s, "action": view}
            for e in evs:
                v = e.view(seat)
                if v is not None:
                    yield v

    def action_view(self, action: Action) -> dict[str, Any]:
        """An action as the other seats see it in the log: its JSON, unless it
        names something only its actor may know (then only its ``type``)."""
        return action.to_json()

    def same_moment_rank(self, seat: int, action: Action) -> tuple[int, str] | None:
        """Where the rules order actions that several seats may take at the
        same moment (High Bohn: "the current player may buy first"), ``seat``'s
        place in that order for ``action`` (0 first) and the rule to cite;
        None where they give no order (the default). The engine takes one
        action at a time; a server that receives several at once, chosen on
        the same state, applies them in this order (``docs/server.md``)."""
        return None

    # -- copies and serialisation --------------------------------------------

    #: the parts of the state this class adds (:mod:`bohn.engine.parts`): each
    #: game class declares its own, which give its ``_copy_state`` (written
    #: from them by ``tools/state_copies.py``), its saved state and its loading
    STATE: ClassVar[tuple[Part, ...]] = ()

    def _copy_state(self, other: Self) -> None:
        """Make ``other`` (a bare instance) an independent copy of ``self``:
        here the engine's own attributes (the log and the options are
        immutable and shared); each game class's copy of its parts calls
        this first."""
        other.n = self.n
        other.seed = self.seed
        other.options = self.options
        other.seq = self.seq
        other._rng = self._rng
        other._log = self._log
        other._forced = None if self._forced is None else [f[:] for f in self._forced]
        other._pending_events = []
        other._result = self._result
        other._trace = None

    def _state_json(self) -> dict[str, Any]:
        """The state as JSON-ready data: the result, then every part."""
        d: dict[str, Any] = {"result": None if self._result is None else self._result.to_json()}
        return dump_parts(self, d)

    def _load_state_json(self, d: dict[str, Any]) -> None:
        """The state from :meth:`_state_json`'s data, on a bare instance whose
        engine attributes are set."""
        self._result = None if d["result"] is None else Result.from_json(d["result"])
        load_parts(self, d)

    def clone(self) -> Self:
        """An independent copy (shares only immutable data: options, the log)."""
        cls = type(self)
        other = cls.__new__(cls)
        self._copy_state(other)
        return other

    def to_json(self, *, last: int | None = None) -> dict[str, Any]:
        """The whole game (state, generator, log) as JSON-ready data; with
        ``last`` only the last ``last`` steps of the log (a cheap snapshot of
        a long game, which :meth:`from_json` loads with that short log)."""
        if last is None:
            entries = self.history()
        else:
            entries = []
            node = self._log
            while node is not None and len(entries) < last:
                node, entry = node
                entries.append(entry)
            entries.reverse()
        return {
            "format": FORMAT_VERSION,
            "variant": self.variant,
            "players": self.n,
            "seed": self.seed,
            "options": self.options,
            "seq": self.seq,
            "rng": self._rng,
            "forced_chance": self._forced,
            "state": self._state_json(),
            "log": [
                {
                    "seat": s,
                    "action": None if a is None else a.to_json(),
                    "events": [e.to_json() for e in evs],
                }
                for s, a, evs in entries
            ],
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Self:
        if d.get("variant") != cls.variant:
            raise SetupError(f"this is a {d.get('variant')!r} game, not {cls.variant!r}")
        if d.get("format") != FORMAT_VERSION:
            raise SetupError(f"unsupported game format {d.get('format')!r}")
        kind = cls.class_for(int(d["players"]))
        game = kind.__new__(kind)
        game.n = int(d["players"])
        game.seed = d["seed"]
        game.options = cls.resolve_options(d["options"])
        game.seq = int(d["seq"])
        game._rng = int(d["rng"])
        forced = d.get("forced_chance")
        game._forced = None if forced is None else [list(x) for x in forced]
        game._pending_events = []
        game._trace = None
        log: _Log = None
        for entry in d["log"]:
            a = None if entry["action"] is None else action_from_json(entry["action"])
            log = (log, (entry["seat"], a, tuple(Event.from_json(e) for e in entry["events"])))
        game._log = log
        game._load_state_json(d["state"])
        return game

    def state_key(self) -> Any:
        """A value equal for two games exactly when their states (not logs) are equal."""
        return (self.variant, self.n, self.options, self.seq, self._rng, self._state_json())

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.n} players, seq {self.seq}>"
