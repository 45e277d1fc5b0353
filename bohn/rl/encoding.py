"""The tensor encoding of one seat's observation (``ENCODING_VERSION``).

:class:`Encoder` turns ``game.observe(seat)`` — and nothing else — into a flat
``float32`` vector whose layout is fixed per configuration (variant, player
count). It never sees the game, so it cannot leak what the seat may not know.

The layout is a list of *blocks* (:meth:`Encoder.layout`), each a named slice
with a meaning; ``docs/rl.md`` describes them. Conventions:

* seats are **relative**: slot 0 is the observing seat, slot ``k`` the seat
  ``k`` places clockwise after it (in every seat-indexed block);
* a card is a one-hot over the ruleset's card keys (``table.keys``, in their
  order); a list of cards is a histogram over them (counts divided by the
  block's scale); bean types likewise over ``table.bean_keys``;
* numbers are divided by a scale and clipped to the block's upper bound, so
  every value lies in ``[0, high]`` of the observation space.

What is particular to a ruleset comes from its part ``encoding``
(:mod:`bohn.rl.parts`): the encoder writes the ``phase`` block, then lets the
ruleset's :class:`~bohn.rl.parts.RulesetEncoding` add its blocks through the
block builders below (:meth:`Encoder.number`, :meth:`Encoder.custom`,
:meth:`Encoder.per_seat`, ...). The part is looked up once, when the encoder
is built; encoding an observation only runs the writers the blocks left.
A writer appends its non-zero entries to a sparse vector (``idx``, ``val``)
through the helpers below: :func:`mark` (a 1), :func:`scaled` (a number),
:func:`one_hot`, :func:`seat_hot`, :func:`one_hots`, :func:`flags`,
:func:`mark_keys`, :func:`opened` (:func:`decision`) and the histograms (:func:`counts`,
:func:`histogram`); what changes seldom is copied from memos (:func:`memoised`).

A change to the layout or the meaning of any slice raises
:data:`ENCODING_VERSION`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from typing import Protocol

import numpy as np

from bohn.engine.game import Game
from bohn.rl.actions import markdown_table
from bohn.rl.actions import ruleset_encoding
from bohn.rl.state import MEMO
from bohn.rl.state import Layout
from bohn.rl.state import remember
from bohn.rulesets import find_variant

#: the version of the layout below; bumped by any change of it
ENCODING_VERSION = 1

#: a block's writer: ``writer(obs, rel, idx, val)`` appends the indices and
#: values of its non-zero entries (``rel[k]``: the seat ``k`` places after the
#: observing seat)
Writer = Callable[[dict[str, Any], list[int], list[int], list[float]], None]
#: the function of a :meth:`Encoder.custom` block: ``fn(obs, rel, base, idx, val)``
BlockFn = Callable[[dict[str, Any], list[int], int, list[int], list[float]], object]
#: the function of a :meth:`Encoder.per_seat` block: ``fn(seat_obs, base, idx, val)``
SeatFn = Callable[[dict[str, Any], int, list[int], list[float]], object]
#: a memo's entry: the indices and values of a block's non-zero entries
Sparse = tuple[list[int], list[float]]


@dataclass(frozen=True)
class Block:
    """One named slice of the vector."""

    name: str
    start: int
    size: int
    high: float
    doc: str


class _Builder:
    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.writers: list[Writer] = []
        self.size = 0

    def add(self, name: str, size: int, high: float, doc: str) -> int:
        start = self.size
        self.blocks.append(Block(name, start, size, high, doc))
        self.size += size
        return start


def bean_of(key: str) -> str:
    """The bean side of a card key (``"blaue/3"`` -> ``"blaue"``)."""
    return key.split("/", 1)[0]


def mark(i: int, idx: list[int], val: list[float]) -> None:
    """A 1 at ``i`` of a sparse vector (``idx``, ``val``)."""
    idx.append(i)
    val.append(1.0)


def scaled(
    v: float | None, i: int, scale: float, cap: float, idx: list[int], val: list[float]
) -> None:
    """``v`` divided by ``scale`` and clipped to ``cap`` at ``i``, where ``v`` is
    non-zero (0 and None are zero entries: nothing is written)."""
    if v:
        idx.append(i)
        val.append(min(v / scale, cap))


def one_hot(vocab: dict[Any, int], key: Any, base: int, idx: list[int], val: list[float]) -> None:
    """A 1 at ``base`` plus ``key``'s index in ``vocab`` (a key not in it: nothing)."""
    i = vocab.get(key)
    if i is not None:
        idx.append(base + i)
        val.append(1.0)


def seat_hot(s: Any, me: int, n: int, base: int, idx: list[int], val: list[float]) -> None:
    """The seat ``s`` as a one-hot over the ``n`` seats at ``base``, relative to
    ``me`` (slot 0: ``me``); anything but a seat (None, -1) writes nothing."""
    if isinstance(s, int) and 0 <= s < n:
        idx.append(base + (s - me) % n)
        val.append(1.0)


def one_hots(
    vocab: dict[str, int], items: Any, length: int, base: int, idx: list[int], val: list[float]
) -> None:
    """The first ``length`` keys of ``items`` (a list, or None), a one-hot over
    ``vocab`` per position from ``base``: a hand, a sequence of cards."""
    k = len(vocab)
    for j, c in enumerate((items or ())[:length]):
        i = vocab.get(c)
        if i is not None:
            idx.append(base + j * k + i)
            val.append(1.0)


def flags(values: Any, base: int, idx: list[int], val: list[float]) -> None:
    """A 1 at ``base + j`` for every true ``values[j]`` (``values``: a list, or None)."""
    for j, x in enumerate(values or ()):
        if x:
            idx.append(base + j)
            val.append(1.0)


def opened(
    entry: Any, me: int, n: int, base: int, idx: list[int], val: list[float], who: str = "seat"
) -> bool:
    """The head of the block of a decision that may be open (a foisting, a
    window): where ``entry`` (a dict, or None) is open, a 1 at ``base`` and
    its seat (``entry[who]``) as a one-hot at ``base + 1`` relative to ``me``
    (:func:`seat_hot`, ``n`` seats). Whether it is open: its own entries
    follow at ``base + 1 + n``."""
    if not entry:
        return False
    mark(base, idx, val)
    seat_hot(entry.get(who), me, n, base + 1, idx, val)
    return True


#: the writer of an open decision's own entries: ``fn(entry, base, idx, val)``
EntryFn = Callable[[dict[str, Any], int, list[int], list[float]], object]


def decision(key: str, n: int, entries: EntryFn, who: str = "seat") -> BlockFn:
    """The function of a block (:meth:`Encoder.custom`, or a part of one) of
    the decision ``obs[key]`` of ``n`` seats: its head (:func:`opened`), then
    ``entries(obs[key], base + 1 + n, idx, val)`` while it is open."""

    def write(
        o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
    ) -> None:
        entry: Any = o.get(key)
        if opened(entry, rel[0], n, base, idx, val, who):
            entries(entry, base + 1 + n, idx, val)

    return write


#: a memoised writer: ``write(key, idx, val)`` (:func:`memoised`)
Memoised = Callable[[Any, list[int], list[float]], None]


def memoised(build: Callable[[Any, list[int], list[float]], object]) -> Memoised:
    """A writer of the entries ``build(key, idx, val)`` writes, copied from a
    memo by ``key`` (a hashable value of everything the entries depend on)
    and built on a miss: for blocks that change far less often than they are
    encoded. The memo is emptied when it holds :data:`~bohn.rl.state.MEMO`
    entries."""
    memo: dict[Any, Sparse] = {}

    def write(key: Any, idx: list[int], val: list[float]) -> None:
        hit = memo.get(key)
        if hit is None:
            hit = ([], [])
            build(key, hit[0], hit[1])
            remember(memo, key, hit)
        idx.extend(hit[0])
        val.extend(hit[1])

    return write


def counts(
    vocab: dict[str, int],
    items: Sequence[str],
    base: int,
    scale: float,
    cap: float,
    idx: list[int],
    val: list[float],
) -> None:
    """Write the histogram of ``items`` over ``vocab`` at ``base``, counts
    divided by ``scale`` and clipped to ``cap`` (not memoised)."""
    counts: dict[int, int] = {}
    for k in items:
        i = vocab.get(k)
        if i is not None:
            counts[i] = counts.get(i, 0) + 1
    idx.extend([base + i for i in counts])
    val.extend([min(c / scale, cap) for c in counts.values()])


def mark_keys(
    keys: Any, index: dict[str, int], base: int, idx: list[int], val: list[float]
) -> None:
    """A multi-hot of the known ``keys`` (a list, or None) over ``index``,
    written at ``base`` into a sparse vector (``idx``, ``val``): a seat's
    buildings, establishments."""
    for k in keys or ():
        one_hot(index, k, base, idx, val)


def histogram(
    vocab: dict[str, int], scale: float, cap: float
) -> Callable[[Sequence[str] | None, int, list[int], list[float]], None]:
    """A writer of a histogram of keys at an offset. Results are memoised by
    (offset, cards): piles and fields change far less often than they are
    encoded."""

    def build(key: tuple[int, tuple[str, ...]], idx: list[int], val: list[float]) -> None:
        counts(vocab, key[1], key[0], scale, cap, idx, val)

    cached = memoised(build)

    def write(items: Sequence[str] | None, base: int, idx: list[int], val: list[float]) -> None:
        if items:
            cached((base, tuple(items)), idx, val)

    return write


class BlockSource(Protocol):
    """What the encoder reads of a ruleset's ``ENCODING``
    (:class:`bohn.rl.parts.RulesetEncoding` states the whole contract)."""

    def blocks(self, enc: Encoder, kind: type[Game]) -> None: ...


class StateWriter(Protocol):
    """A writer of a seat's vector straight from the game's state
    (:meth:`bohn.rl.parts.RulesetEncoding.state_writer`)."""

    def encode(self, game: Any, seat: int) -> array[float]: ...

    def offer_slots(self, game: Any, seat: int) -> tuple[list[int], list[int]]: ...


class Encoder:
    """The encoding of one configuration; :meth:`encode` maps an observation
    dict (``game.observe(seat)``) to a ``float32`` vector of :attr:`size`."""

    def __init__(self, variant: str, players: int) -> None:
        cls = find_variant(variant)
        kind = cls.class_for(players)
        self.variant = variant
        self.players = players
        table = kind.table
        #: card key -> index, in the table's order
        self.cards = {k: i for i, k in enumerate(table.keys)}
        #: bean type -> index, in the table's order
        self.beans = {k: i for i, k in enumerate(table.bean_keys)}
        #: the cards of the game (at least 1): the scale of whole-game counts
        self.total = max(1, sum(table.counts))
        #: field slots per seat (set by the bean games' blocks; 0 where there are none)
        self.fields = 0
        b = _Builder()
        self._b = b
        self._num_specs: list[tuple[str, int, float, float]] = []
        self._seat_specs: list[tuple[str, int]] = []
        phases = [name for _, name in sorted(kind.PHASES.items())]
        if "over" not in phases:
            phases.append("over")
        self.phases = {p: i for i, p in enumerate(phases)}
        self.onehot("phase", self.phases, "phase", "the phase (one-hot over the ruleset's phases)")
        #: the ruleset's part that gave the blocks after ``phase``
        self.part: BlockSource = ruleset_encoding(variant)
        self.part.blocks(self, kind)
        self.size = b.size
        self.blocks = b.blocks
        self._writers = [self._scalars(), *b.writers]
        self._zero = array("f", bytes(4 * self.size))
        self.high = np.zeros(self.size, dtype=np.float32)
        for blk in self.blocks:
            self.high[blk.start : blk.start + blk.size] = blk.high
        make = getattr(self.part, "state_writer", None)
        #: the ruleset's writer of the vector from the game's state
        #: (:mod:`bohn.rl.parts`), or None: encoded from ``observe(seat)``
        self.state: StateWriter | None = make(self, kind) if make is not None else None

    # -- the vector --------------------------------------------------------------

    def encode(self, obs: dict[str, Any]) -> np.ndarray:
        """The vector of ``obs``, an observation of this configuration."""
        return np.frombuffer(self.encode_array(obs), dtype=np.float32)

    def encode_array(self, obs: dict[str, Any]) -> array[float]:
        """The vector of ``obs`` as an ``array('f')`` (``np.frombuffer`` makes
        it the vector of :meth:`encode` without copying)."""
        seat = obs["seat"]
        n = self.players
        rel = [(seat + k) % n for k in range(n)]
        idx: list[int] = []
        val: list[float] = []
        for w in self._writers:
            w(obs, rel, idx, val)
        # the writers' entries written one by one into a copy of the zero vector:
        # cheaper than any NumPy conversion for the few dozen entries of a step
        out = self._zero[:]
        for i, v in zip(idx, val, strict=True):
            out[i] = v
        return out

    def encode_game(self, game: Game, seat: int) -> array[float]:
        """The vector of ``seat`` in ``game``: written from the state where the
        ruleset has a writer (:attr:`state`), else :meth:`encode_array` of
        ``game.observe(seat)``; the two are equal (the tests check it)."""
        st = self.state
        if st is not None:
            return st.encode(game, seat)
        return self.encode_array(game.observe(seat))

    def layout(self) -> list[Block]:
        return list(self.blocks)

    def writer_layout(self) -> Layout:
        """What a writer of this configuration's vector from the state knows
        of it (:class:`bohn.rl.state.Layout`): the blocks' starts and the sizes."""
        return Layout(
            {b.name: b.start for b in self.blocks},
            {b.name: b.size for b in self.blocks},
            self.size,
            self.players,
            self.fields,
            list(self.cards),
            list(self.beans),
            dict(self.phases),
            self.total,
        )

    # -- the block builders (for the rulesets' parts) ----------------------------

    def add(self, name: str, size: int, high: float, doc: str) -> int:
        """Reserve the next block, ``size`` floats in ``[0, high]``; its start.
        Its entries are written by a writer given to :meth:`writer`."""
        return self._b.add(name, size, high, doc)

    def writer(self, fn: Writer) -> None:
        """Add a writer of blocks reserved with :meth:`add`."""
        self._b.writers.append(fn)

    def onehot(self, name: str, vocab: dict[str, int], key: str, doc: str) -> None:
        """``obs[key]`` as a one-hot over ``vocab`` (a value not in it: all zero)."""
        base = self.add(name, len(vocab), 1.0, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            one_hot(vocab, obs.get(key), base, idx, val)

        self.writer(w)

    def number(self, name: str, key: str, scale: float, cap: float, doc: str) -> None:
        """A number, divided by ``scale`` and clipped to ``cap`` (one fused writer
        handles every such block: :meth:`_scalars`)."""
        self._num_specs.append((key, self.add(name, 1, cap, doc), scale, cap))

    def seat(self, name: str, key: str, doc: str) -> None:
        """A seat number as a relative one-hot (-1 / null: all zero)."""
        self._seat_specs.append((key, self.add(name, self.players, 1.0, doc)))

    def _scalars(self) -> Writer:
        nums = self._num_specs
        seats = self._seat_specs
        n = self.players

        keys = [key for key, _, _, _ in nums] + [key for key, _ in seats]

        def build(key: tuple[Any, ...], idx: list[int], val: list[float]) -> None:
            # key: my seat, then the numbers' and the seats' values in order
            me = key[0]
            for (_, base, scale, cap), v in zip(nums, key[1:], strict=False):
                scaled(v, base, scale, cap, idx, val)
            for (_, base), s in zip(seats, key[1 + len(nums) :], strict=True):
                seat_hot(s, me, n, base, idx, val)

        cached = memoised(build)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            get = obs.get
            cached((rel[0], *[get(k) for k in keys]), idx, val)

        return w

    def seat_set(self, name: str, key: str, doc: str) -> None:
        """A list of seat numbers as a relative multi-hot."""
        n = self.players
        base = self.add(name, n, 1.0, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            for s in obs.get(key) or ():
                seat_hot(s, rel[0], n, base, idx, val)

        self.writer(w)

    def card_counts(self, name: str, key: str, scale: float, doc: str) -> None:
        """A list of card keys as a histogram over :attr:`cards` (counts / ``scale``)."""
        size = len(self.cards)
        cap = self.total / scale
        base = self.add(name, size, cap, doc)
        hist = histogram(self.cards, scale, cap)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            hist(obs.get(key), base, idx, val)

        self.writer(w)

    def card_sequence(self, name: str, key: str, length: int, doc: str) -> None:
        """The first ``length`` card keys of a list, one-hot per position."""
        cards = self.cards
        base = self.add(name, length * len(cards), 1.0, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            one_hots(cards, obs.get(key), length, base, idx, val)

        self.writer(w)

    def multi_hot(self, name: str, vocab: Sequence[str], key: str, doc: str) -> None:
        """A list of values as a multi-hot over ``vocab``."""
        index = {v: i for i, v in enumerate(vocab)}
        base = self.add(name, len(vocab), 1.0, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            mark_keys(obs.get(key), index, base, idx, val)

        self.writer(w)

    def custom(self, name: str, size: int, high: float, doc: str, fn: BlockFn) -> None:
        """A block written by ``fn(obs, rel, base, idx, val)`` (``base``: its start)."""
        base = self.add(name, size, high, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            fn(obs, rel, base, idx, val)

        self.writer(w)

    def per_seat(self, name: str, size: int, high: float, doc: str, fn: SeatFn) -> None:
        """A block of ``size`` per seat (relative order), each written by
        ``fn(seat_obs, base, idx, val)`` from the seat's part of the observation."""
        n = self.players
        base0 = self.add(name, n * size, high, f"per seat (relative), {size} each: {doc}")

        def write(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            seats = o["seats"]
            for k in range(n):
                fn(seats[rel[k]], base0 + k * size, idx, val)

        self.writer(write)


def layout_markdown(variant: str, players: int) -> str:
    """The layout of one configuration as a Markdown table."""
    enc = Encoder(variant, players)
    return markdown_table(
        f"Encoding v{ENCODING_VERSION} of {variant} for {players}: {enc.size} floats",
        ["slice", "block", "size", "high", "meaning"],
        [
            [f"{b.start}:{b.start + b.size}", f"`{b.name}`", str(b.size), f"{b.high:g}", b.doc]
            for b in enc.layout()
        ],
    )


def main(argv: list[str] | None = None) -> None:
    import argparse

    p = argparse.ArgumentParser(description="Print the encoding layout of a configuration.")
    p.add_argument("variant")
    p.add_argument("players", type=int)
    args = p.parse_args(argv)
    print(layout_markdown(args.variant, args.players))


__all__ = [
    "ENCODING_VERSION",
    "MEMO",
    "Block",
    "BlockFn",
    "Encoder",
    "EntryFn",
    "Memoised",
    "SeatFn",
    "Sparse",
    "Writer",
    "bean_of",
    "counts",
    "decision",
    "flags",
    "histogram",
    "layout_markdown",
    "mark",
    "mark_keys",
    "memoised",
    "one_hot",
    "one_hots",
    "opened",
    "scaled",
    "seat_hot",
]
