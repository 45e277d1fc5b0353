"""Actions: small frozen values with a JSON form and a compact text form.

An action says what a seat does; the seat itself is passed beside it
(``game.apply(seat, action)``). Every action has

* ``to_json()`` / :func:`action_from_json` — the documented JSON vocabulary
  (``docs/actions.md``), used by replays, scenarios, the server and bots;
* ``text()`` / :func:`parse_action` — a one-line notation for terminals, logs
  and tests (``plant f0``, ``propose 2 give h3,r0 want blaue``).

The two forms round-trip exactly. Parsing checks only the *shape* of an action
and raises :class:`~bohn.engine.errors.InvalidAction`; whether it is legal is
the game's business.

Cards are named the way a seat sees them, never by hidden identity:

* ``h<i>`` — the card at position ``i`` of my hand (0 is the front card);
* ``r<i>`` — revealed card ``i`` (the active player's face-up cards);
* ``t<i>`` — card ``i`` of my trading area (cards received this turn);
* bean types and card kinds by the keys of ``rules/README.md`` (``blaue``).

Rulesets add action types with :func:`action`: a frozen dataclass with slots,
made known to the parsers (:func:`register`), that states its type and the
settings of its kind in its head (``class Drop(HandCardAction, type="drop")``).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING
from typing import Any
from typing import ClassVar
from typing import Literal
from typing import Self
from typing import TypeGuard
from typing import TypeVar
from typing import cast
from typing import dataclass_transform
from typing import overload

from bohn.engine.errors import InvalidAction

_REF = re.compile(r"^[a-z][0-9]{1,3}$")
_KEY = re.compile(r"^[a-z][a-z0-9:/+-]{0,39}$")
_MAX_LIST = 64
_MAX_TEXT = 2000

ACTION_TYPES: dict[str, type[Action]] = {}

_A = TypeVar("_A", bound="type[Action]")

#: the methods every registered action type defines
INTERFACE = ("to_json", "text", "from_json_fields", "parse_words")


def register(cls: _A) -> _A:
    """Make an action type known to the parsers. The class must define the
    whole interface of :class:`Action`; its JSON keys (``fields_json``) are
    its dataclass fields."""
    missing = [m for m in INTERFACE if not hasattr(cls, m)]
    if missing:
        raise TypeError(f"action type {cls.__name__} does not define {', '.join(missing)}")
    if cls.type in ACTION_TYPES and ACTION_TYPES[cls.type] is not cls:
        raise ValueError(f"action type {cls.type!r} registered twice")
    fields = _field_names(cls)
    if fields is not None:
        cls.fields_json = fields
    ACTION_TYPES[cls.type] = cls
    return cls


def _field_names(cls: type) -> tuple[str, ...] | None:
    """The names of a dataclass's fields, in order; None for another class."""
    if not dataclasses.is_dataclass(cls):
        return None
    return tuple(f.name for f in dataclasses.fields(cls))


@dataclass_transform(frozen_default=True)
def action(cls: _A) -> _A:
    """Class decorator of an action type: a frozen dataclass with slots,
    made known to the parsers (:func:`register`)."""
    return register(cast("_A", dataclass(frozen=True, slots=True)(cls)))


class Action:
    """Base class of every action.

    Subclasses are frozen dataclasses with ``slots``; equal actions compare and
    hash equal, and actions of different types never compare equal. (A plain
    class, not an ``ABC``: bots and rulesets test ``isinstance(a, Plant)``
    millions of times a second, and ``ABCMeta``'s check is a Python-level call
    where a plain class's is a pointer walk.)
    """

    __slots__ = ()
    type: ClassVar[str] = "action"
    #: JSON keys of this action type besides ``type`` (:func:`register` sets them)
    fields_json: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **settings: Any) -> None:
        """A subclass states its type and the settings of its kind in its head
        (``class Drop(HandCardAction, type="drop", usage=...)``): each is a
        class attribute that a base declares."""
        super().__init_subclass__()
        for name, value in settings.items():
            if not hasattr(cls, name):
                raise TypeError(f"{cls.__name__}: no setting {name!r} to give")
            setattr(cls, name, value)

    if TYPE_CHECKING:
        # The interface every registered action type defines (:func:`register`
        # refuses a class that lacks one); declared for the type checker only,
        # so that a missing method fails at import rather than at first use.

        def to_json(self) -> dict[str, Any]: ...

        def text(self) -> str: ...

        @classmethod
        def from_json_fields(cls, d: dict[str, Any]) -> Self: ...

        @classmethod
        def parse_words(cls, words: list[str]) -> Self: ...

    def __str__(self) -> str:
        return self.text()


# --------------------------------------------------------------------------
# shape checks shared by the parsers


@overload
def _int(d: dict[str, Any], name: str) -> int: ...
@overload
def _int(d: dict[str, Any], name: str, *, required: Literal[False]) -> int | None: ...
def _int(d: dict[str, Any], name: str, *, required: bool = True) -> int | None:
    """The integer of key ``name`` (None for a missing one not ``required``)."""
    if name not in d:
        if required:
            raise InvalidAction(f"action {d.get('type')!r} needs {name!r}")
        return None
    v = d[name]
    if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < 1_000_000:
        raise InvalidAction(f"{name!r} must be a non-negative integer, not {v!r}")
    return v


def _strings(d: dict[str, Any], name: str, pattern: re.Pattern[str], what: str) -> tuple[str, ...]:
    v = d.get(name, [])
    if not isinstance(v, list) or len(v) > _MAX_LIST:
        raise InvalidAction(f"{name!r} must be a list of at most {_MAX_LIST} {what}")
    for x in v:
        if not isinstance(x, str) or not pattern.match(x):
            raise InvalidAction(f"{name!r} holds {x!r}, which is not a {what[:-1]}")
    return tuple(v)


def _check_refs(refs: tuple[str, ...]) -> tuple[str, ...]:
    if len(set(refs)) != len(refs):
        raise InvalidAction(f"the same card is named twice in {','.join(refs)}")
    return refs


def _ref_int(word: str, prefix: str) -> int:
    if not (word.startswith(prefix) and word[len(prefix) :].isdigit()):
        raise InvalidAction(f"expected {prefix}<number>, got {word!r}")
    return int(word[len(prefix) :])


def _csv(word: str, pattern: re.Pattern[str], what: str) -> tuple[str, ...]:
    items = tuple(word.split(","))
    for x in items:
        if not pattern.match(x):
            raise InvalidAction(f"{x!r} is not a {what}")
    return items


def _no_more(words: list[str], cls: type[Action]) -> None:
    if words:
        raise InvalidAction(f"unexpected {' '.join(words)!r} after {cls.type!r}")


# --------------------------------------------------------------------------
# the shared vocabulary of the Bohnanza family


@dataclass(frozen=True, slots=True)
class _BareAction(Action):
    """An action that names nothing but its type (``pass``)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type}

    def text(self) -> str:
        return self.type

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        return cls()

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        _no_more(words, cls)
        return cls()


@action
class Pass(_BareAction, type="pass"):
    """Decline an optional step (the second planting, a reaction window)."""


@action
class Plant(Action, type="plant"):
    """Plant a card on one of my fields.

    Without ``traded``: the front card of my hand (phase 1). With ``traded=i``:
    card ``i`` of my trading area (phase 3). With ``card=i``: card ``i`` of my
    hand where a ruleset lets me plant from anywhere in it (Prohibohn's
    Varieté); ``h0``, the front card, is written without it. ``mode`` says how
    the card counts where a ruleset gives a choice (High Bohn: ``stew`` or
    ``joker``).
    """

    field: int
    traded: int | None = None
    mode: str | None = None
    card: int | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": "plant", "field": self.field}
        if self.traded is not None:
            d = {"type": "plant", "traded": self.traded, "field": self.field}
        elif self.card is not None:
            d = {"type": "plant", "card": self.card, "field": self.field}
        if self.mode is not None:
            d["mode"] = self.mode
        return d

    def text(self) -> str:
        if self.traded is not None:
            out = f"plant t{self.traded} f{self.field}"
        elif self.card is not None:
            out = f"plant h{self.card} f{self.field}"
        else:
            out = f"plant f{self.field}"
        return out if self.mode is None else f"{out} {self.mode}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        f = _int(d, "field")
        mode = d.get("mode")
        if mode is not None and (not isinstance(mode, str) or not _KEY.match(mode)):
            raise InvalidAction(f"'mode' must be a word such as 'stew', not {mode!r}")
        traded = _int(d, "traded", required=False)
        card = _int(d, "card", required=False)
        if traded is not None and card is not None:
            raise InvalidAction("a plant action names a hand card or a traded card, not both")
        return cls(f, traded, mode, card or None)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        mode = None
        if words and not re.match(r"^[fth][0-9]+$", words[-1]):
            mode = words.pop()
            if not _KEY.match(mode):
                raise InvalidAction(f"{mode!r} is not a planting mode")
        if len(words) == 1:
            return cls(_ref_int(words[0], "f"), None, mode)
        if len(words) == 2:
            f = _ref_int(words[1], "f")
            if words[0].startswith("h"):
                return cls(f, None, mode, _ref_int(words[0], "h") or None)
            return cls(f, _ref_int(words[0], "t"), mode)
        raise InvalidAction(
            "plant takes 'f<field>', 'h<card> f<field>' or 't<card> f<field>', "
            "then optionally a mode"
        )


@dataclass(frozen=True, slots=True)
class _IndexAction(Action):
    """An action naming fields, cards or seats by index (``harvest f1``,
    ``give h2 m0``): each key of :attr:`fields_json` holds an integer (and
    names the field that holds it), and the text form gives each after its
    letter of :attr:`prefixes`."""

    #: the letter before each index in the text form ("" for a bare number)
    prefixes: ClassVar[tuple[str, ...]] = ()
    #: the most digits a bare number may have in the text form
    digits: ClassVar[int] = 3
    #: the message that refuses a text form of the wrong shape; by default it
    #: shows the one index the action takes
    usage: ClassVar[str] = ""

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": self.type}
        for k in self.fields_json:
            d[k] = getattr(self, k)
        return d

    def text(self) -> str:
        refs = (
            f"{p}{getattr(self, k)}" for k, p in zip(self.fields_json, self.prefixes, strict=True)
        )
        return " ".join((self.type, *refs))

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        return cls(*(_int(d, k) for k in cls.fields_json))

    @classmethod
    def _usage(cls) -> str:
        """The message that refuses a text form of the wrong shape."""
        return cls.usage or f"{cls.type} takes one argument: '{cls.type} {cls.prefixes[0]}<i>'"

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        usage = cls._usage()
        if len(words) != len(cls.prefixes):
            raise InvalidAction(usage)
        indices: list[int] = []
        for word, prefix in zip(words, cls.prefixes, strict=True):
            if prefix:
                indices.append(_ref_int(word, prefix))
            elif word.isdigit() and len(word) <= cls.digits:
                indices.append(int(word))
            else:
                raise InvalidAction(usage)
        return cls(*indices)


@dataclass(frozen=True, slots=True)
class FieldAction(_IndexAction, prefixes=("f",)):
    """An action naming one of my fields by index (``harvest f1``)."""

    field: int


@dataclass(frozen=True, slots=True)
class HandCardAction(_IndexAction, prefixes=("h",)):
    """An action naming a card of my hand by its position (``drop h3``)."""

    card: int


@dataclass(frozen=True, slots=True)
class PileAction(_IndexAction, prefixes=("p",)):
    """An action naming a pile of cards on the table by index (``discard p0``)."""

    pile: int


@dataclass(frozen=True, slots=True)
class _WordAction(Action):
    """An action naming one thing by a word (``take soja``, ``store r1``): the
    one key of :attr:`fields_json` holds it, and :attr:`pattern` says which
    words it takes."""

    pattern: ClassVar[re.Pattern[str]] = _KEY
    #: what the JSON value must be, for the message that refuses another
    what: ClassVar[str] = ""
    #: the message that refuses a text form of the wrong shape
    usage: ClassVar[str] = ""

    def _value(self) -> str:
        v: str = getattr(self, self.fields_json[0])
        return v

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, self.fields_json[0]: self._value()}

    def text(self) -> str:
        return f"{self.type} {self._value()}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        key = cls.fields_json[0]
        v = d.get(key)
        if not isinstance(v, str) or not cls.pattern.match(v):
            raise InvalidAction(f"{key!r} must be {cls.what}, not {v!r}")
        return cls(v)  # type: ignore[call-arg]

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) != 1 or not cls.pattern.match(words[0]):
            raise InvalidAction(cls.usage)
        return cls(words[0])  # type: ignore[call-arg]


def _is_index_list(v: object, most: int, below: int) -> TypeGuard[list[int]]:
    """Whether ``v`` is a JSON list of 1 to ``most`` integers from 0 to ``below - 1``."""
    return (
        isinstance(v, list)
        and 1 <= len(v) <= most
        and not any(isinstance(i, bool) or not isinstance(i, int) or not 0 <= i < below for i in v)
    )


@dataclass(frozen=True, slots=True)
class _ListAction(Action):
    """An action naming several cards by index (``swap d0,d2``): the one key
    of :attr:`fields_json` holds the list, 1 to :attr:`most` indices below
    :attr:`below`, and the text form gives each after :attr:`prefix`,
    separated by commas."""

    prefix: ClassVar[str] = ""
    #: the message that refuses a text form of the wrong shape
    usage: ClassVar[str] = ""
    #: the most cards the action names, and the bound of every index
    most: ClassVar[int] = 1
    below: ClassVar[int] = 100
    #: the message that refuses a JSON value of the wrong shape (``{value!r}``: that value)
    invalid: ClassVar[str] = ""
    #: what one card of the text form is, for the message that refuses another
    what: ClassVar[str] = ""
    #: the message that refuses a text form of more than :attr:`most` cards
    #: (by default :attr:`usage`)
    too_many: ClassVar[str] = ""

    def _indices(self) -> tuple[int, ...]:
        v: tuple[int, ...] = getattr(self, self.fields_json[0])
        return v

    def to_json(self) -> dict[str, Any]:
        return {"type": self.type, self.fields_json[0]: list(self._indices())}

    def text(self) -> str:
        return f"{self.type} " + ",".join(f"{self.prefix}{i}" for i in self._indices())

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        v = d.get(cls.fields_json[0])
        if not _is_index_list(v, cls.most, cls.below):
            raise InvalidAction(cls.invalid.format(value=v))
        return cls(tuple(v))  # type: ignore[call-arg]

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        """The action for a text form naming the cards as ``<prefix><i>,...``."""
        if len(words) != 1:
            raise InvalidAction(cls.usage)
        refs = _csv(words[0], _REF, cls.what)
        if len(refs) > cls.most:
            raise InvalidAction(cls.too_many or cls.usage)
        return cls(tuple(_ref_int(r, cls.prefix) for r in refs))  # type: ignore[call-arg]


@action
class Harvest(FieldAction, type="harvest"):
    """Harvest (sell) one of my fields."""


@action
class BuyField(Action, type="buy-field"):
    """Buy my third bean field.

    ``pay`` names the coins I pay with by their bean side; ``None`` pays with
    the coins on top of my coin pile (the ones earned last).
    """

    pay: tuple[str, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        if self.pay is None:
            return {"type": "buy-field"}
        return {"type": "buy-field", "pay": list(self.pay)}

    def text(self) -> str:
        if self.pay is None:
            return "buy-field"
        return "buy-field pay " + ",".join(self.pay)

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        if "pay" not in d:
            return cls()
        return cls(_strings(d, "pay", _KEY, "card keys"))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if not words:
            return cls()
        if len(words) == 2 and words[0] == "pay":
            return cls(_csv(words[1], _KEY, "card key"))
        raise InvalidAction("buy-field takes nothing or 'pay <key>,<key>,...'")


@action
class Propose(Action, type="propose"):
    """Offer a deal to one seat: my cards ``give`` for cards of the bean types ``want``.

    ``give`` holds card references (``h3``, ``r0``); ``want`` holds bean types,
    one entry per wanted card. An empty side makes the deal a donation.
    """

    to: int
    give: tuple[str, ...] = ()
    want: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": "propose", "to": self.to, "give": list(self.give), "want": list(self.want)}

    def text(self) -> str:
        out = f"propose {self.to}"
        if self.give:
            out += " give " + ",".join(self.give)
        if self.want:
            out += " want " + ",".join(self.want)
        return out

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        to = _int(d, "to")
        give = _check_refs(_strings(d, "give", _REF, "card references"))
        want = _strings(d, "want", _KEY, "bean types")
        if not give and not want:
            raise InvalidAction("a proposal must give or want at least one card")
        return cls(to, give, want)

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if not words or not words[0].isdigit():
            raise InvalidAction("propose takes a seat: 'propose <seat> give h0 want blaue'")
        to = int(words[0])
        give: tuple[str, ...] = ()
        want: tuple[str, ...] = ()
        rest = words[1:]
        while rest:
            if len(rest) < 2 or rest[0] not in ("give", "want"):
                raise InvalidAction(f"unexpected {' '.join(rest)!r} in a proposal")
            if rest[0] == "give":
                give = _check_refs(_csv(rest[1], _REF, "card reference"))
            else:
                want = _csv(rest[1], _KEY, "bean type")
            rest = rest[2:]
        if not give and not want:
            raise InvalidAction("a proposal must give or want at least one card")
        return cls(to, give, want)


@action
class Accept(Action, type="accept"):
    """Accept offer ``offer``, giving the cards ``give`` that satisfy what it wants."""

    offer: int
    give: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"type": "accept", "offer": self.offer, "give": list(self.give)}

    def text(self) -> str:
        if self.give:
            return f"accept {self.offer} give " + ",".join(self.give)
        return f"accept {self.offer}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        o = _int(d, "offer")
        return cls(o, _check_refs(_strings(d, "give", _REF, "card references")))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) == 1 and words[0].isdigit():
            return cls(int(words[0]))
        if len(words) == 3 and words[0].isdigit() and words[1] == "give":
            return cls(int(words[0]), _check_refs(_csv(words[2], _REF, "card reference")))
        raise InvalidAction("accept takes 'accept <offer>' or 'accept <offer> give h1,h2'")


@dataclass(frozen=True, slots=True)
class _OfferAction(_IndexAction, prefixes=("",), digits=_MAX_TEXT):
    """An action naming an offer by its number (``decline 3``)."""

    offer: int

    @classmethod
    def _usage(cls) -> str:
        return f"{cls.type} takes an offer number: '{cls.type} <offer>'"


@action
class Decline(_OfferAction, type="decline"):
    """Refuse an offer made to me."""


@action
class Withdraw(_OfferAction, type="withdraw"):
    """Take back an offer I made."""


@action
class Keep(_IndexAction, type="keep", prefixes=("r",)):
    """The active player keeps revealed card ``revealed`` for planting."""

    revealed: int


@action
class EndTrading(_BareAction, type="end-trading"):
    """The active player ends the trading phase."""


# --------------------------------------------------------------------------
# parsers


# ---------------------------------------------------------------- actions
# more than one ruleset takes: each lives here once, and a ruleset that
# takes one imports it from here


@overload
def _word(d: dict[str, Any], name: str) -> str: ...
@overload
def _word(d: dict[str, Any], name: str, *, required: Literal[False]) -> str | None: ...
def _word(d: dict[str, Any], name: str, *, required: bool = True) -> str | None:
    """The key of key ``name`` (None for a missing one not ``required``)."""
    v = d.get(name)
    if v is None and not required:
        return None
    if not isinstance(v, str) or not _KEY.match(v):
        raise InvalidAction(f"{name!r} must be a key such as 'blaue' or 'casino-3', not {v!r}")
    return v


@action
class Drop(HandCardAction, type="drop", usage="drop takes a hand card: 'drop h3'"):
    """Put my hand card ``card`` onto the discard pile (a ruleset's discard from the hand)."""


@action
class Uncover(_BareAction, type="uncover"):
    """Go on uncovering cards after an early stop that a card allows."""


@action
class Discard(PileAction, type="discard"):
    """Put the uncovered pile ``pile`` on the discard pile."""


@action
class Build(Action, type="build"):
    """Buy the card ``building`` from the market; ``name`` names a bean type where the card asks for one."""

    building: str
    name: str | None = None

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"type": "build", "building": self.building}
        if self.name is not None:
            d["name"] = self.name
        return d

    def text(self) -> str:
        out = f"build {self.building}"
        return out if self.name is None else f"{out} name {self.name}"

    @classmethod
    def from_json_fields(cls, d: dict[str, Any]) -> Self:
        b = _word(d, "building")
        return cls(b, _word(d, "name", required=False))

    @classmethod
    def parse_words(cls, words: list[str]) -> Self:
        if len(words) == 1 and _KEY.match(words[0]):
            return cls(words[0])
        if len(words) == 3 and words[1] == "name" and _KEY.match(words[0]) and _KEY.match(words[2]):
            return cls(words[0], words[2])
        raise InvalidAction("build takes 'build <card>' or 'build <card> name <type>'")


@action
class Take(
    _WordAction,
    type="take",
    what="a key such as 'blaue' or 'casino-3'",
    usage="take takes a bean type: 'take soja'",
):
    """Take a card of bean type ``bean`` as my coin, where a card allows it."""

    bean: str


def action_from_json(d: Any) -> Action:
    """The action for a JSON object; :class:`InvalidAction` if it is malformed.

    >>> action_from_json({"type": "harvest", "field": 1})
    Harvest(field=1)
    """
    if not isinstance(d, dict):
        raise InvalidAction(f"an action must be a JSON object, not {type(d).__name__}")
    t = d.get("type")
    if not isinstance(t, str) or t not in ACTION_TYPES:
        raise InvalidAction(
            f"unknown action type {t!r}; known types: {', '.join(sorted(ACTION_TYPES))}"
        )
    cls = ACTION_TYPES[t]
    extra = set(d) - {"type", *cls.fields_json}
    if extra:
        raise InvalidAction(f"action {t!r} has unknown keys: {', '.join(sorted(extra))}")
    return cls.from_json_fields(d)


def parse_action(text: str) -> Action:
    """The action for its text form; :class:`InvalidAction` if it is malformed.

    >>> parse_action("propose 2 give h3,r0 want blaue")
    Propose(to=2, give=('h3', 'r0'), want=('blaue',))
    >>> parse_action("propose 2 give h3,r0 want blaue").text()
    'propose 2 give h3,r0 want blaue'
    """
    if not isinstance(text, str) or len(text) > _MAX_TEXT:
        raise InvalidAction(f"an action text must be a string of at most {_MAX_TEXT} characters")
    words = text.split()
    if not words:
        raise InvalidAction("empty action")
    cls = ACTION_TYPES.get(words[0])
    if cls is None:
        raise InvalidAction(
            f"unknown action {words[0]!r}; known actions: {', '.join(sorted(ACTION_TYPES))}"
        )
    return cls.parse_words(words[1:])
