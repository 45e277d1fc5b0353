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
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from bohn.engine.actions import Action, parse_action
from bohn.engine.errors import IllegalAction, InvalidAction
from bohn.engine.game import Game


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


def _refs(prefix: str, count: int, start: int = 0) -> list[str]:
    return [f"{prefix}{i}" for i in range(start, count)]


def _nums(count: int, start: int = 0) -> list[str]:
    return [str(i) for i in range(start, count)]


def default_caps(variant: str, players: int) -> Caps:
    """The windows bohn uses for ``variant`` with ``players`` players."""
    from bohn.rulesets import find_variant

    kind = find_variant(variant)._class_for(players)
    cards = sum(kind.table.counts)
    fields = int(getattr(kind, "max_fields", 3))
    if variant == "sissi":
        fields = 3
    return Caps(
        fields=fields,
        hand=cards,
        trade_hand=8,
        revealed=int(getattr(kind, "reveal_count", 0) or 0),
        traded=24,
        store=8 if variant == "high-bohn" else 0,
        offers_in=8,
        offers_out=8,
        depth=32,
        mode_hand=12,
        piles=4,
        discard=cards,
    )


def _bean_families(kind: type[Game], players: int, caps: Caps) -> list[Family]:
    """The families of the bean-trading games (every ruleset but Bohnkick)."""
    variant = kind.variant
    handled = {str(getattr(a, "type", "")) for a in kind.HANDLERS}
    beans = list(kind.table.bean_keys)
    f = _nums(caps.fields)
    out: list[Family] = [
        Family("pass", {}, "pass / no more"),
        Family("harvest f{f}", {"f": f}, "harvest a field"),
    ]
    if "buy-field" in handled and variant not in ("sissi", "prohibohn", "mutterbohnchen"):
        out.append(Family("buy-field", {}, "buy the third field (top coins)"))
    modes: list[str] = []
    if variant == "high-bohn":
        modes = ["stew", "joker"]
    elif variant in ("ladybohn", "mutterbohnchen"):
        modes = [f"pull{i}" for i in range(caps.depth)]
        if variant == "mutterbohnchen":
            modes = ["kavalier", *modes]
    out.append(Family("plant f{f}", {"f": f}, "plant the front hand card"))
    if modes:
        out.append(Family("plant f{f} {mode}", {"f": f, "mode": modes}, "... with a mode"))
    if "keep" in handled or variant in ("mutterbohnchen",):
        out.append(
            Family("plant t{t} f{f}", {"t": _nums(caps.traded), "f": f}, "plant a traded card")
        )
        if modes:
            out.append(
                Family(
                    "plant t{t} f{f} {mode}",
                    {"t": _nums(caps.mode_hand), "f": f, "mode": modes},
                    "... with a mode",
                )
            )
    if variant in ("prohibohn", "mutterbohnchen"):
        out.append(
            Family("plant h{h} f{f}", {"h": _nums(caps.hand, 1), "f": f}, "plant hand card h")
        )
        if modes:
            out.append(
                Family(
                    "plant h{h} f{f} {mode}",
                    {"h": _nums(caps.mode_hand, 1), "f": f, "mode": modes},
                    "... with a mode",
                )
            )
    if "propose" in handled and players > 1:
        give = _refs("h", caps.trade_hand) + _refs("r", caps.revealed) + _refs("s", caps.store)
        seats = _nums(players, 1)
        out += [
            Family("propose +{to} give {g}", {"to": seats, "g": give}, "a gift"),
            Family("propose +{to} want {b}", {"to": seats, "b": beans}, "a request"),
            Family(
                "propose +{to} give {g} want {b}",
                {"to": seats, "g": give, "b": beans},
                "one card for one card of a type",
            ),
            Family("accept @{o}", {"o": _nums(caps.offers_in)}, "accept a gift"),
            Family(
                "accept @{o} give {g}",
                {"o": _nums(caps.offers_in), "g": give},
                "accept, giving one card",
            ),
            Family("decline @{o}", {"o": _nums(caps.offers_in)}, "decline an offer"),
            Family("withdraw @{o}", {"o": _nums(caps.offers_out)}, "withdraw my offer"),
            Family("keep r{r}", {"r": _nums(caps.revealed)}, "keep a revealed card"),
            Family("end-trading", {}, "end the trading phase"),
        ]
    if variant == "high-bohn":
        from bohn.rulesets.high_bohn.rules import BUILDINGS

        kinds = sorted(set(BUILDINGS.kinds))
        out += [
            Family("build {b}", {"b": list(BUILDINGS.keys)}, "buy a building"),
            Family(
                "build {b} name {k}",
                {"b": [k for k in BUILDINGS.keys if k.startswith("distillery")], "k": kinds},
                "buy a distillery naming a building type",
            ),
            Family(
                "store {c}",
                {"c": _refs("h", 1) + _refs("r", caps.revealed) + _refs("t", caps.traded)},
                "lay a card on my General Store",
            ),
            Family("bury", {}, "bank-2: bury the top card"),
            Family(
                "move {m}",
                {"m": [f"h{i} h{j}" for i, j in itertools.permutations(range(caps.trade_hand), 2)]},
                "bank-4: move a hand card",
            ),
            Family(
                "order {p}",
                {
                    "p": [
                        ",".join(map(str, p))
                        for k in (2, 3)
                        for p in itertools.permutations(range(k))
                    ]
                },
                "bank-3: order the drawn cards",
            ),
            Family("take {b}", {"b": beans}, "jail-4: take a coin"),
        ]
    if variant in ("al-cabohne", "prohibohn"):
        piles = _nums(caps.piles)
        out += [
            Family("place p{p} f{f}", {"p": piles, "f": f}, "put a pile on my field"),
            Family("place p{p} m{m}", {"p": piles, "m": _nums(3)}, "put a pile on a boss"),
            Family(
                "give h{h} m{m}", {"h": _nums(caps.hand), "m": _nums(3)}, "give a card to a boss"
            ),
            Family("discard p{p}", {"p": piles}, "discard a pile"),
        ]
    if variant == "prohibohn":
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS

        deal = 8
        out += [
            Family(
                "stash {pair}",
                {"pair": [f"h{i},h{j}" for i, j in itertools.combinations(range(deal), 2)]},
                "lay two starting coins",
            ),
            Family("drop h{h}", {"h": _nums(caps.hand)}, "casino-3: drop a hand card"),
            Family("remove {e}", {"e": list(ESTABLISHMENTS.keys)}, "remove a card"),
            Family("uncover", {}, "uncover more"),
            Family("protect f{f}", {"f": f}, "pub-3: protect a field"),
            Family("draw {k}", {"k": _nums(9)}, "draw cards"),
            Family("build {e}", {"e": list(ESTABLISHMENTS.keys)}, "buy a card"),
            Family("build razzia name {b}", {"b": beans}, "buy the Razzia with other coins"),
            Family("take {b}", {"b": beans}, "police-coin: take a coin"),
        ]
    if variant == "mutterbohnchen":
        out += [
            Family("attack +{to} f{f}", {"to": _nums(players, 1), "f": f}, "attack a seat's coins"),
            Family("uncover", {}, "turn up one more coin"),
            Family("take {c}", {"c": list(kind.table.keys)}, "take a coin / the Flitzer"),
            Family("pick f{f}.{i}", {"f": f, "i": _nums(caps.depth)}, "pick a card on my field"),
            Family("pick d{i}", {"i": _nums(caps.discard)}, "pick a card of the discard pile"),
        ]
        if players == 2:
            out += [
                Family("use p{p}", {"p": _nums(caps.piles)}, "use a stack of the offer"),
                Family("discard p{p}", {"p": _nums(caps.piles)}, "discard a stack"),
                Family("drop h{h}", {"h": _nums(caps.hand)}, "discard a hand card"),
            ]
    return out


def _bohnkick_families(caps: Caps) -> list[Family]:
    hand = _nums(caps.hand)
    defence = list(range(caps.traded))
    swaps = [
        ",".join(f"d{i}" for i in combo)
        for k in (1, 2, 3)
        for combo in itertools.combinations(defence, k)
    ]
    return [
        Family("pass", {}, "no reaction / no block"),
        Family("play h{h}", {"h": hand}, "play a team card"),
        Family("swap {s}", {"s": swaps}, "swap 1-3 defensive cards"),
        Family("tackle d{d}", {"d": _nums(caps.traded)}, "play a Tackle"),
        Family("aim {c}", {"c": ["ul", "ur", "ll", "lr"]}, "name a corner"),
        Family("block d{d}", {"d": _nums(caps.traded)}, "block with a Goalie card"),
        Family("advantage", {}, "waive the free kick"),
        Family("drop h{h}", {"h": hand}, "discard a goal card"),
    ]


def bohnkick_caps(players: int) -> Caps:
    return Caps(
        fields=0,
        hand=10,
        trade_hand=0,
        revealed=0,
        traded=4,
        store=0,
        offers_in=0,
        offers_out=0,
        depth=0,
        mode_hand=0,
        piles=0,
        discard=0,
    )


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
        from bohn.rulesets import find_variant

        cls = find_variant(variant)
        cls.resolve_options(options)  # unknown options fail here, as in Game.new
        if isinstance(players, bool) or not isinstance(players, int):
            raise InvalidAction("players must be an integer")
        if players not in cls.allowed_players():
            from bohn.engine.errors import SetupError

            raise SetupError(f"{variant} is for {cls.players_text()} players, not {players}")
        self.variant = variant
        self.players = players
        kind = cls._class_for(players)
        if variant == "bohnkick":
            self.caps = caps or bohnkick_caps(players)
            self.families = _bohnkick_families(self.caps)
        else:
            self.caps = caps or default_caps(variant, players)
            self.families = _bean_families(kind, players, self.caps)
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
            k = (action, slot)
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


def table_markdown(variant: str, players: int) -> str:
    """The action table of one configuration as a Markdown table of families."""
    t = ActionTable(variant, players)
    lines = [
        f"Action table of {variant} for {players}: Discrete({len(t)})",
        "",
        "| indices | family | count | meaning |",
        "|---|---|---|---|",
    ]
    for start, count, template, doc in t.describe():
        lines.append(f"| {start}-{start + count - 1} | `{template}` | {count} | {doc} |")
    return "\n".join(lines)


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
    "offer_slots",
    "table_markdown",
]
