"""The flat action space of one configuration: a fixed table index <-> engine action.

Engine actions name cards the way the acting seat sees them (``h3``, ``r0``,
``t1``, ``f2``, bean keys), so most of them mean the same thing in every
state and get a fixed index. Two things are made relative to the acting seat
so that the table is fixed too:

* **seats**: a proposal or an attack names its target as an offset clockwise
  from the acting seat (``propose +1`` is the next seat), so the same index
  means "my left neighbour" for every seat;
* **offers**: ``accept``/``decline`` name the ``k``-th open offer made *to* the
  acting seat, ``withdraw`` the ``k``-th open offer made *by* it, both counted
  in the order the offers were made (``@0`` the oldest), never by offer id.

A table is the union of *families*: a template (``plant t{t} f{f}``) and the
values each placeholder may take (its window). Its keys are the engine action
text forms with these two substitutions (and the cards an ``accept`` gives
sorted). An engine action whose key is not in the table is *outside the
space*; :meth:`ActionTable.outside_reason` says which window it exceeds.
``docs/rl.md`` lists the windows per ruleset.

The windows (:class:`Caps`) and the families of a ruleset come from its part
``encoding`` (:mod:`bohn.rl.parts`; the bean games share one base of them),
looked up once when the table is built.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import Any
from typing import Protocol

from bohn.engine.actions import Action
from bohn.engine.actions import parse_action
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import InvalidAction
from bohn.engine.errors import SetupError
from bohn.engine.game import Game
from bohn.rulesets import find_variant
from bohn.rulesets import ruleset


@dataclass(frozen=True)
class Caps:
    """The windows of one configuration's action table (see ``docs/rl.md``)."""

    #: field slots (``f0``...)
    fields: int
    #: hand positions of single-card actions (``plant h<i>``, ``drop``, ``give``)
    hand: int
    #: hand positions a proposal or an accept may give (``h0``...)
    trade_hand: int
    #: revealed cards (``r<i>``)
    revealed: int
    #: trading-area positions (``t<i>``)
    traded: int
    #: General Store positions (``s<i>``, High Bohn)
    store: int
    #: open offers made to the acting seat that can be answered (``@0``...)
    offers_in: int
    #: open offers made by the acting seat that can be withdrawn
    offers_out: int
    #: positions a pull may name (``pull<i>``) and a pick on a field (``f<i>.<j>``)
    depth: int
    #: hand and trading-area positions of a planting with a mode
    #: (``plant h<i> f<j> kavalier``, ``plant t<i> f<j> pull2``)
    mode_hand: int
    #: uncovered piles / offer stacks (``p<i>``)
    piles: int
    #: positions of the discard pile a pick may name (``d<i>``)
    discard: int


@dataclass
class Family:
    """One template of the table and the values of its placeholders."""

    template: str
    domains: dict[str, list[str]]
    #: what the family is, for the docs
    doc: str = ""
    regex: re.Pattern[str] = field(init=False)

    def __post_init__(self) -> None:
        pattern = re.escape(self.template)
        for name in self.domains:
            pattern = pattern.replace(re.escape("{" + name + "}"), f"(?P<{name}>\\S+)")
        self.regex = re.compile("^" + pattern + "$")

    def expand(self) -> Iterable[str]:
        names = list(self.domains)
        for values in itertools.product(*(self.domains[n] for n in names)):
            yield self.template.format(**dict(zip(names, values, strict=True)))

    def size(self) -> int:
        out = 1
        for d in self.domains.values():
            out *= len(d)
        return out


def refs(prefix: str, count: int, start: int = 0) -> list[str]:
    """``prefix`` + each number from ``start`` below ``count``: ``refs("h", 2)`` is ``h0, h1``."""
    return [f"{prefix}{i}" for i in range(start, count)]


def nums(count: int, start: int = 0) -> list[str]:
    """The numbers from ``start`` below ``count`` as text."""
    return [str(i) for i in range(start, count)]


class FamilySource(Protocol):
    """What the action table reads of a ruleset's ``ENCODING``
    (:class:`bohn.rl.parts.RulesetEncoding` states the whole contract)."""

    def caps(self, kind: type[Game], players: int) -> Caps: ...

    def families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]: ...


#: the methods every ruleset's ``ENCODING`` has (:func:`ruleset_encoding` checks them)
ENCODING_METHODS = ("blocks", "caps", "families")


def ruleset_encoding(variant: str) -> Any:
    """The ``ENCODING`` of ``variant``'s part ``encoding`` (that of the ruleset
    or of the nearest one its game derives from); a class is instantiated.
    :class:`SetupError` for a ruleset without one, :class:`TypeError` for an
    ``ENCODING`` that lacks a method of the contract."""
    part = ruleset(variant).part("encoding")
    if part is None:
        raise SetupError(f"{variant} has no research encoding (its package has no part encoding)")
    found: Any = part.ENCODING
    if isinstance(found, type):
        found = found()
    missing = [m for m in ENCODING_METHODS if not callable(getattr(found, m, None))]
    if missing:
        raise TypeError(
            f"{part.__name__}.ENCODING is not a ruleset encoding: {found!r} lacks {', '.join(missing)}"
        )
    return found


def default_caps(variant: str, players: int) -> Caps:
    """The windows bohn uses for ``variant`` with ``players`` players (its
    part's :meth:`~bohn.rl.parts.RulesetEncoding.caps`)."""
    kind = find_variant(variant).class_for(players)
    part: FamilySource = ruleset_encoding(variant)
    return part.caps(kind, players)


_SEAT = re.compile(r"^(propose|attack) (\d+)")
_REF_ORDER = {"h": 0, "r": 1, "s": 2, "t": 3}


def _ref_key(ref: str) -> tuple[int, int]:
    return (_REF_ORDER.get(ref[0], 9), int(ref[1:]) if ref[1:].isdigit() else 0)


class ActionTable:
    """Index <-> engine action for one configuration (variant, players, options).

    ``keys[i]`` is the key of index ``i``; :meth:`index_of` maps a legal
    engine action of ``seat`` to its index (``None``: outside the space);
    :meth:`action_for` builds the engine action of an index.
    """

    def __init__(
        self,
        variant: str,
        players: int,
        options: dict[str, Any] | None = None,
        caps: Caps | None = None,
    ) -> None:
        cls = find_variant(variant)
        cls.resolve_options(options)  # unknown options fail here, as in Game.new
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidAction("players must be an integer")
        if players not in cls.allowed_players():
            raise SetupError(f"{variant} is for {cls.players_text()} players, not {players}")
        self.variant = variant
        self.players = players
        kind = cls.class_for(players)
        #: the ruleset's part that gives the windows and the families
        self.part: FamilySource = ruleset_encoding(variant)
        self.caps = caps or self.part.caps(kind, players)
        self.families = self.part.families(kind, players, self.caps)
        self.keys: list[str] = []
        self.index: dict[str, int] = {}
        for fam in self.families:
            for k in fam.expand():
                if k in self.index:
                    raise ValueError(f"the action table repeats {k!r}")
                self.index[k] = len(self.keys)
                self.keys.append(k)
        for k in self.keys:  # every key must be a well-formed engine action
            parse_action(self._text(k, 0, (), ()))
        #: per seat, id(action) -> (action, index) of the actions whose key
        #: does not depend on the open offers (the engine shares its listed actions)
        self._by_id: list[dict[int, tuple[Action, int | None]]] = [{} for _ in range(players)]
        #: per seat, action -> index of the same actions by value (equal actions
        #: have equal keys): for the actions the engine builds anew
        #: (for an answer to an offer, keyed by (action, the offer's slot))
        self._by_value: list[dict[Any, int | None]] = [{} for _ in range(players)]
        #: per seat, id(action) -> (action, slot, index, is a withdrawal) of
        #: answers to offers (valid while the offer keeps its slot)
        self._answers: list[dict[int, tuple[Action, int, int | None, bool]]] = [
            {} for _ in range(players)
        ]

    def __len__(self) -> int:
        return len(self.keys)

    # -- engine action -> key -> index ---------------------------------------

    def key_of(
        self, action: Action, seat: int, offers_in: Sequence[int], offers_out: Sequence[int]
    ) -> str:
        """The table key of ``action`` by ``seat``; ``offers_in`` / ``offers_out``
        are the ids of the open offers made to / by the seat, oldest first."""
        t = action.type
        if t in ("accept", "decline"):
            oid: int = action.offer  # type: ignore[attr-defined]
            slot = offers_in.index(oid) if oid in offers_in else f"?{oid}"
            out = f"{t} @{slot}"
            give: tuple[str, ...] = getattr(action, "give", ())
            if give:
                out += " give " + ",".join(sorted(give, key=_ref_key))
            return out
        if t == "withdraw":
            oid = action.offer  # type: ignore[attr-defined]
            slot = offers_out.index(oid) if oid in offers_out else f"?{oid}"
            return f"withdraw @{slot}"
        text = action.text()
        if t in ("propose", "attack"):
            m = _SEAT.match(text)
            if m is not None:
                rel = (int(m.group(2)) - seat) % self.players
                text = f"{m.group(1)} +{rel}" + text[m.end() :]
        return text

    def seat_cache(self, seat: int) -> dict[int, tuple[Action, int | None]]:
        """``id(action) -> (action, index)`` of ``seat``'s actions seen so far
        whose index does not depend on the open offers (for a caller's fast path)."""
        return self._by_id[seat]

    def answer_cache(self, seat: int) -> dict[int, tuple[Action, int, int | None, bool]]:
        """``id(action) -> (action, slot, index, is a withdrawal)`` of ``seat``'s
        answers to offers seen so far: the index holds while the offer is still
        the ``slot``-th of those made to (by, for a withdrawal) the seat."""
        return self._answers[seat]

    def value_cache(self, seat: int) -> dict[Any, int | None]:
        """The index of ``seat``'s actions seen so far by value: an action
        whose key does not depend on the open offers, and ``(kind, slot,
        cards given)`` of an answer to an offer (``accept``, ``decline``,
        ``withdraw``; slot -1: not among the seat's offers)."""
        return self._by_value[seat]

    def index_of(
        self, action: Action, seat: int, offers_in: Sequence[int], offers_out: Sequence[int]
    ) -> int | None:
        """The index of ``action`` (a legal action of ``seat``), or ``None``."""
        cache = self._by_id[seat]
        hit = cache.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        t = action.type
        by_value = self._by_value[seat]
        if t in ("accept", "decline", "withdraw"):
            # the key depends on the offer's slot: cached by (action, slot), and
            # by the action's identity while its offer keeps its slot
            ids = offers_out if t == "withdraw" else offers_in
            oid: int = action.offer  # type: ignore[attr-defined]
            answers = self._answers[seat]
            seen = answers.get(id(action))
            if seen is not None and seen[0] is action:
                slot = seen[1]
                if slot < len(ids) and ids[slot] == oid:
                    return seen[2]
            slot = ids.index(oid) if oid in ids else -1
            # the key is the kind, the slot and the cards given (not the
            # offer's id, new for every offer)
            k = (t, slot, getattr(action, "give", ()))
            if k in by_value:
                j = by_value[k]
            else:
                j = self.index.get(self.key_of(action, seat, offers_in, offers_out))
                if len(by_value) >= 50_000:
                    by_value.clear()
                by_value[k] = j
            if slot >= 0:
                if len(answers) >= 50_000:
                    answers.clear()
                answers[id(action)] = (action, slot, j, t == "withdraw")
            return j
        if action in by_value:
            i = by_value[action]
        else:
            i = self.index.get(self.key_of(action, seat, (), ()))
            if len(by_value) >= 50_000:
                by_value.clear()
            by_value[action] = i
        if len(cache) >= 50_000:
            cache.clear()
        # the entry holds the action, so its id cannot be reused while cached
        cache[id(action)] = (action, i)
        return i

    # -- index -> engine action ---------------------------------------------------

    def _text(
        self, key: str, seat: int, offers_in: Sequence[int], offers_out: Sequence[int]
    ) -> str:
        words = key.split(" ")
        if len(words) > 1 and words[1].startswith("+"):
            words[1] = str((seat + int(words[1][1:])) % self.players)
        elif len(words) > 1 and words[1].startswith("@"):
            slot = int(words[1][1:])
            ids = offers_out if words[0] == "withdraw" else offers_in
            words[1] = str(ids[slot]) if slot < len(ids) else str(1_000_000 - 1 - slot)
        return " ".join(words)

    def action_for(
        self, index: int, seat: int, offers_in: Sequence[int], offers_out: Sequence[int]
    ) -> Action:
        """The engine action of ``index`` for ``seat`` now. An offer slot with
        no open offer names an offer id that does not exist (the engine then
        says there is no such offer)."""
        if isinstance(index, bool) or not isinstance(index, int):
            raise InvalidAction(f"an action index must be an integer, not {index!r}")
        if not 0 <= index < len(self.keys):
            raise InvalidAction(
                f"action index {index} is out of range: this table has {len(self.keys)} actions"
            )
        return parse_action(self._text(self.keys[index], seat, offers_in, offers_out))

    # -- outside the space ------------------------------------------------------

    def outside_reason(self, key: str) -> str | None:
        """Why ``key`` (of a legal engine action) is not in the table: the
        family it belongs to and the placeholder whose window it leaves;
        ``None`` when no family explains it (a gap in the table)."""
        if key in self.index:
            return None
        for fam in self.families:
            m = fam.regex.match(key)
            if m is None:
                continue
            beyond = [
                f"{name}={value}"
                for name, value in m.groupdict().items()
                if value not in fam.domains[name]
            ]
            if beyond:
                return f"{fam.template}: {', '.join(beyond)} is outside the window"
        if key.startswith(("propose ", "accept ")) and ("," in key):
            return "a deal giving or wanting more than one card"
        return None

    def describe(self) -> list[tuple[int, int, str, str]]:
        """``(first index, count, template, meaning)`` per family, in index order."""
        out = []
        start = 0
        for fam in self.families:
            n = fam.size()
            out.append((start, n, fam.template, fam.doc))
            start += n
        return out


def markdown_table(title: str, header: list[str], rows: list[list[str]]) -> str:
    """``title``, a blank line and a Markdown table of ``rows`` under ``header``
    (the action table's families, the encoding's blocks)."""
    lines = [title, "", "| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(row) + " |" for row in rows]
    return "\n".join(lines)


def table_markdown(variant: str, players: int) -> str:
    """The action table of one configuration as a Markdown table of families."""
    t = ActionTable(variant, players)
    return markdown_table(
        f"Action table of {variant} for {players}: Discrete({len(t)})",
        ["indices", "family", "count", "meaning"],
        [
            [f"{start}-{start + count - 1}", f"`{template}`", str(count), doc]
            for start, count, template, doc in t.describe()
        ],
    )


def main(argv: list[str] | None = None) -> None:
    import argparse

    p = argparse.ArgumentParser(description="Print the action table of a configuration.")
    p.add_argument("variant")
    p.add_argument("players", type=int)
    p.add_argument("--keys", action="store_true", help="every key, one per line")
    args = p.parse_args(argv)
    if args.keys:
        for i, k in enumerate(ActionTable(args.variant, args.players).keys):
            print(i, k)
        return
    print(table_markdown(args.variant, args.players))


def offer_slots(obs: dict[str, Any], seat: int) -> tuple[list[int], list[int]]:
    """The ids of the open offers made to / by ``seat``, oldest first, from its
    observation."""
    offers = obs.get("offers")
    if not offers:
        return [], []
    into = sorted(o["id"] for o in offers if o["to"] == seat)
    out = sorted(o["id"] for o in offers if o["from"] == seat)
    return into, out


def check_index(table: ActionTable, index: object) -> int:
    """``index`` as a Python int, or :class:`InvalidAction` saying what is wrong."""
    if type(index) is int and 0 <= index < len(table.keys):
        return index
    try:
        import numpy as np

        if isinstance(index, np.integer) or (isinstance(index, np.ndarray) and index.shape == ()):
            index = int(index)
    except ImportError:  # pragma: no cover - numpy comes with the rl extra
        pass
    if isinstance(index, bool) or not isinstance(index, int):
        raise InvalidAction(f"an action index must be an integer, not {index!r}")
    if not 0 <= index < len(table):
        raise InvalidAction(
            f"action index {index} is out of range: this table has {len(table)} actions"
        )
    return index


__all__ = [
    "ActionTable",
    "Caps",
    "Family",
    "IllegalAction",
    "check_index",
    "default_caps",
    "markdown_table",
    "nums",
    "offer_slots",
    "refs",
    "table_markdown",
]
