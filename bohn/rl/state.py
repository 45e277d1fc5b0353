"""The bean games' encoding written straight from the engine's state.

:class:`BeanStateWriter` writes the blocks of :class:`bohn.rl.parts.BeanEncoding`
(``phase`` to ``coin_cards``) for one seat from a :class:`~bohn.engine.beans.BeanGame`,
as OpenSpiel's observation tensors are written: no ``observe(seat)`` dict is
built. It reads only what ``BeanGame.observe(seat)`` shows that seat (the
seat's own hand and coins; every other seat's sizes, fields and trading
area; the offers as ``offer_view`` shows them to the seat), and writes the
same numbers as :class:`bohn.rl.encoding.Encoder` writes from that dict —
the tests compare the two at every step of many games and check that
scrambling the hidden cards leaves the vector unchanged.

A ruleset whose observation adds keys to the bean games' gives the writer
an :class:`ExtraWriter` for its own blocks (Sissi, Ladybohn). Every writer is
made from its configuration's :class:`Layout` (the encoder's block starts and
sizes) and keeps what it reads of it as a :class:`BlockWriter`. The module is
compiled with the engine (``bohn/_native.py``'s list, ``make native``) and
free of NumPy: :meth:`BeanStateWriter.encode` writes the non-zero entries
into a copy of a zero ``array('f')``; each seat's block, my hand's blocks and
the discard pile's are copied from memos of their content (written on a
miss; a seat's key lists a field of one card repeated as that card and its
count).
"""

from __future__ import annotations

from abc import ABC
from abc import abstractmethod
from array import array
from dataclasses import dataclass
from typing import Any
from typing import TypeVar

from bohn._native import mypyc_attr
from bohn.engine.beans import BeanGame
from bohn.engine.beans import Offer

#: entries kept by each memo of the encodings (the seat blocks', the
#: histograms', ...) before it is emptied
MEMO = 20_000

K = TypeVar("K")
V = TypeVar("V")


def remember(memo: dict[K, V], key: K, value: V) -> V:
    """``value`` kept in ``memo`` under ``key``, and returned: a memo that
    holds :data:`MEMO` entries is emptied first."""
    if len(memo) >= MEMO:
        memo.clear()
    memo[key] = value
    return value


def capped(x: float, most: float) -> float:
    """``min(x, most)`` (the builtin is a generic call in compiled code)."""
    return x if x < most else most


def all_same(cards: list[int]) -> bool:
    """Whether every card of ``cards`` is the same card (True for none)."""
    if not cards:
        return True
    first = cards[0]
    return all(c == first for c in cards)


def write_hist(
    counts: list[int], cards: list[int], base: int, scale: float, most: float, out: Any
) -> None:
    """The histogram of ``cards`` (card indices) at ``base`` of ``out``:
    count / ``scale``, at most ``most``. ``counts`` holds a 0 per card and
    is left so (every writer keeps one, to count without allocating)."""
    n = len(cards)
    if not n:
        return
    # one card repeated (a bean field): one entry, nothing counted
    if all_same(cards):
        out[base + cards[0]] = capped(n / scale, most)
        return
    for c in cards:
        counts[c] += 1
    for c in cards:
        k = counts[c]
        if k:
            out[base + c] = capped(k / scale, most)
            counts[c] = 0


#: the size from which :func:`write_hist_memo` copies a long list's histogram
#: from its memo instead of counting it
HIST_MEMO_FROM = 8


def write_hist_memo(
    memo: dict[tuple[int, ...], Any],
    counts: list[int],
    cards: list[int],
    base: int,
    scale: float,
    most: float,
    out: Any,
) -> None:
    """:func:`write_hist` of ``cards`` into ``out[base : base + len(counts)]``,
    a block no other writer writes: a list of :data:`HIST_MEMO_FROM` cards or
    more (a discard pile) is copied from ``memo`` (one per block: its
    histograms by the cards) and counted only on a miss."""
    if len(cards) < HIST_MEMO_FROM:
        write_hist(counts, cards, base, scale, most, out)
        return
    key = tuple(cards)
    seg = memo.get(key)
    if seg is None:
        seg = array("f", bytes(4 * len(counts)))
        write_hist(counts, cards, 0, scale, most, seg)
        remember(memo, key, seg)
    out[base : base + len(counts)] = seg


@dataclass(frozen=True)
class Layout:
    """What a state writer knows of its configuration's encoding
    (:meth:`bohn.rl.encoding.Encoder.writer_layout`)."""

    #: each block's start by its name
    starts: dict[str, int]
    #: each block's length by its name
    sizes: dict[str, int]
    #: the vector's length
    size: int
    players: int
    #: field slots per seat (0: none)
    fields: int
    #: the card keys and the bean types, in the table's order
    keys: list[str]
    beans: list[str]
    #: the phase names in the order of the ``phase`` one-hot
    phases: dict[str, int]
    #: the cards of the game (at least 1)
    total: int

    def sides(self) -> list[int]:
        """Each card's bean side, as the index of its bean type (-1: none)."""
        bean_index = {b: i for i, b in enumerate(self.beans)}
        return [bean_index.get(k.split("/", 1)[0], -1) for k in self.keys]


@mypyc_attr(allow_interpreted_subclasses=True)
class BlockWriter(ABC):
    """What every writer keeps of its :class:`Layout`: the players (``n``),
    the field slots, the number of card keys (``nk``) and bean types
    (``nb``), each card's bean side, the cards of the game, and a counter per
    card and per bean type to count with (all 0 between uses)."""

    def __init__(self, layout: Layout) -> None:
        self.n = layout.players
        self.fields = layout.fields
        self.nk = len(layout.keys)
        self.nb = len(layout.beans)
        #: card -> index of its bean side among the bean types (-1: none)
        self.side = layout.sides()
        self.total = layout.total
        #: a count per card, all 0 between uses (:func:`write_hist`)
        self.counts: list[int] = [0] * self.nk
        #: a count per bean type, all 0 between uses (:meth:`bean_sides`)
        self.bean_counts: list[int] = [0] * self.nb
        #: :meth:`bean_sides`'s list
        self.coin_sides: list[int] = []

    @abstractmethod
    def write(self, game: Any, seat: int, out: Any) -> None:
        """Write the non-zero entries of the writer's blocks for ``seat`` into
        ``out`` (the whole vector, zero there; indices into it)."""

    def bean_sides(self, cards: list[int]) -> list[int]:
        """The bean types of the bean sides of ``cards`` (coins), those that
        have one: what a histogram of coins counts (with :attr:`bean_counts`).
        The list is the writer's own, refilled by the next call (no new
        object a vector: the garbage collector runs no more often)."""
        sides = self.coin_sides
        sides.clear()
        side = self.side
        for c in cards:
            b = side[c]
            if b >= 0:
                sides.append(b)
        return sides


@mypyc_attr(allow_interpreted_subclasses=True)
class VectorWriter(BlockWriter):
    """A writer of a configuration's whole vector (the bean games',
    Bohnkick's): its size, a zero vector to copy, and the blocks every
    encoding begins with, ``phase`` and the seats' one-hots."""

    def __init__(self, layout: Layout) -> None:
        super().__init__(layout)
        self.size = layout.size
        self.phases = layout.phases
        self.o_phase = layout.starts["phase"]
        self.zero = array("f", bytes(4 * layout.size))

    def encode(self, game: Any, seat: int) -> array[float]:
        """The seat's vector as a fresh ``array('f')``."""
        out = self.zero[:]
        # written through a memoryview: its item assignment is cheaper than the array's
        self.write(game, seat, memoryview(out))
        return out

    def offer_slots(self, game: Any, seat: int) -> tuple[list[int], list[int]]:
        """The ids of the open offers made to / by ``seat``, oldest first
        (none here: a writer of a game with offers says)."""
        return [], []

    def write_phase(self, name: str, out: Any) -> None:
        """The one-hot of the phase ``name`` (a phase not in the layout: none)."""
        ph = self.phases.get(name, -1)
        if ph >= 0:
            out[self.o_phase + ph] = 1.0

    def write_seat(self, s: int, base: int, seat: int, out: Any) -> None:
        """Seat ``s`` as a one-hot at ``base``, relative to ``seat`` (a seat
        out of range, such as -1: none)."""
        n = self.n
        if 0 <= s < n:
            out[base + (s - seat) % n] = 1.0


@mypyc_attr(allow_interpreted_subclasses=True)
class ExtraWriter(BlockWriter):
    """The writer of a ruleset's own blocks, after the bean games' ones (an
    abstract base: every ruleset's writer defines :meth:`write`), made from
    the configuration's :class:`Layout`."""

    @abstractmethod
    def write(self, game: BeanGame, seat: int, out: Any) -> None:
        """Write the non-zero entries of the ruleset's blocks for ``seat``
        into ``out`` (the whole vector, zero there; indices into it)."""


class BeanStateWriter(VectorWriter):
    """The bean games' blocks of one configuration, written from the state:
    those of ``layout`` (its ``starts`` name them), the first ``reveal``
    revealed cards, then ``extras``, the ruleset's writers of its own."""

    def __init__(self, layout: Layout, reveal: int, extras: list[ExtraWriter]) -> None:
        super().__init__(layout)
        n = self.n
        nk = self.nk
        self.reveal = reveal
        self.extras = extras
        self.card_index = {k: i for i, k in enumerate(layout.keys)}
        offsets = layout.starts
        self.o_turn = offsets["turn"]
        self.o_active = offsets["active"]
        self.o_first = offsets["first_player"]
        self.o_planted = offsets["planted"]
        self.o_deck = offsets["deck_size"]
        self.o_exh = offsets["exhaustions"]
        self.o_final = offsets["final_exhaustion"]
        self.o_last = offsets["last_turn"]
        self.o_wait = offsets["waiting_for"]
        self.o_discard = offsets["discard"]
        self.o_top = offsets["discard_top"]
        self.o_dsize = offsets["discard_size"]
        self.o_revealed = offsets["revealed"]
        self.o_in = offsets["offers_to_me"]
        self.o_out = offsets["offers_by_me"]
        self.o_other = offsets["offers_other"]
        self.o_seats = [offsets[f"seat{k}"] for k in range(n)]
        self.o_hand = offsets["hand"]
        self.o_counts = offsets["hand_counts"]
        self.o_coins = offsets["coin_cards"]
        self.per_offer = 1 + n + nk + 3 + self.nb
        if self.o_counts != self.o_hand + 10 * nk:
            raise ValueError("hand_counts must follow the 10 positions of hand")
        self.hand_zero = array("f", bytes(4 * 11 * nk))
        self.hand_memo: dict[tuple[int, ...], Any] = {}
        #: the seat blocks by content (:meth:`_seat`)
        self.seat_size = 4 + nk + self.fields * (3 + 2 * nk)
        self.seat_zero = array("f", bytes(4 * self.seat_size))
        self.seat_memo: dict[tuple[int, ...], Any] = {}
        #: the discard pile's blocks (discard, discard_top, discard_size: side
        #: by side) by its cards
        self.discard_memo: dict[tuple[int, ...], Any] = {}
        self.discard_joined = self.o_top == self.o_discard + nk and self.o_dsize == self.o_top + nk
        self.discard_zero = array("f", bytes(4 * (2 * nk + 1)))

    def offer_slots(self, game: BeanGame, seat: int) -> tuple[list[int], list[int]]:
        """The ids of the open offers made to / by ``seat``, oldest first."""
        into: list[int] = []
        mine: list[int] = []
        for o in game.offers.values():
            if o.to == seat:
                into.append(o.id)
            if o.frm == seat:
                mine.append(o.id)
        into.sort()
        mine.sort()
        return into, mine

    def write(self, game: BeanGame, seat: int, out: Any) -> None:
        """Write the non-zero entries of ``seat``'s vector into ``out`` (an
        ``array('f')`` of :attr:`size` zeros, or a memoryview of one)."""
        n = self.n
        nk = self.nk
        total = self.total
        self.write_phase(game.phase_name, out)
        # the numbers (Encoder.number: 0 is not written)
        if game.turn:
            out[self.o_turn] = capped(float(game.turn) / 100.0, 10.0)
        if game.planted:
            out[self.o_planted] = capped(float(game.planted) / 2.0, 10.0)
        deck = len(game.deck)
        if deck:
            out[self.o_deck] = capped(float(deck) / float(total), 1.0)
        if game.exhaustions:
            out[self.o_exh] = capped(float(game.exhaustions) / 4.0, 2.0)
        fe = game.final_exhaustion()
        if fe:
            out[self.o_final] = capped(float(fe) / 4.0, 2.0)
        self.write_seat(game.active, self.o_active, seat, out)
        self.write_seat(game.start, self.o_first, seat, out)
        if game.final:
            out[self.o_last] = 1.0
        for s in game.waiting_for():
            out[self.o_wait + (s - seat) % n] = 1.0
        discard = game.discard
        if discard:
            if self.discard_joined:
                self._discard(discard, out)
            else:
                write_hist(self.counts, discard, self.o_discard, 10.0, total / 10.0, out)
                out[self.o_top + discard[-1]] = 1.0
                out[self.o_dsize] = capped(len(discard) / total, 1.0)
        revealed = game.revealed
        for j in range(min(len(revealed), self.reveal)):
            out[self.o_revealed + j * nk + revealed[j]] = 1.0
        if game.offers:
            self._offers(game, seat, out)
        for k in range(n):
            self._seat(game, (seat + k) % n, self.o_seats[k], out)
        hand = game.hands[seat]
        if hand:
            # my hand's blocks (hand, hand_counts: side by side) by its cards
            hkey = tuple(hand)
            seg = self.hand_memo.get(hkey)
            if seg is None:
                seg = self.hand_zero[:]
                for j in range(min(len(hand), 10)):
                    seg[j * nk + hand[j]] = 1.0
                write_hist(self.counts, hand, 10 * nk, 5.0, total / 5.0, seg)
                remember(self.hand_memo, hkey, seg)
            out[self.o_hand : self.o_hand + 11 * nk] = seg
        coins = game.coins[seat]
        if coins:
            sides = self.bean_sides(coins)
            write_hist(self.bean_counts, sides, self.o_coins, 10.0, total / 10.0, out)
        for x in self.extras:
            x.write(game, seat, out)

    def _discard(self, discard: list[int], out: Any) -> None:
        """The blocks ``discard``, ``discard_top`` and ``discard_size`` (side
        by side): copied from the memo of the pile's cards, written on a miss."""
        key = tuple(discard)
        seg = self.discard_memo.get(key)
        if seg is None:
            nk = self.nk
            total = self.total
            seg = self.discard_zero[:]
            write_hist(self.counts, discard, 0, 10.0, total / 10.0, seg)
            seg[nk + discard[-1]] = 1.0
            seg[2 * nk] = capped(len(discard) / total, 1.0)
            remember(self.discard_memo, key, seg)
        o = self.o_discard
        out[o : o + 2 * self.nk + 1] = seg

    def _seat(self, game: BeanGame, s: int, base0: int, out: Any) -> None:
        """Seat ``s``'s block at ``base0``: copied from the memo of its
        content, written on a miss. The memo's key lists the sizes, the
        trading area (its size, its cards) and each field (0 if empty, else
        its size, its pay and either -1 - its card, if all its cards are
        one, or its cards)."""
        flds = game.fields[s]
        key = [
            len(game.hands[s]),
            len(game.coins[s]),
            game.cap(s) - game.proposals[s],
            len(flds),
        ]
        area = game.trade[s]
        key.append(len(area))
        if area:
            key.extend(area)
        for j in range(len(flds)):
            f = flds[j]
            n = len(f)
            key.append(n)
            if n:
                key.append(game.harvest_value(s, j))
                if all_same(f):
                    key.append(-1 - f[0])
                else:
                    key.extend(f)
        k = tuple(key)
        seg = self.seat_memo.get(k)
        if seg is None:
            seg = self.seat_zero[:]
            self._seat_write(game, s, seg)
            remember(self.seat_memo, k, seg)
        out[base0 : base0 + self.seat_size] = seg

    def _seat_write(self, game: BeanGame, s: int, out: Any) -> None:
        nk = self.nk
        total = self.total
        nf = self.fields
        flds = game.fields[s]
        out[0] = capped(len(game.hands[s]) / 10.0, 10.0)
        out[1] = capped(len(game.coins[s]) / 10.0, 10.0)
        out[2] = capped(max(0, game.cap(s) - game.proposals[s]) / 20.0, 10.0)
        out[3] = len(flds) / nf
        area = game.trade[s]
        if area:
            write_hist(self.counts, area, 4, 3.0, total / 3.0, out)
        per_field = 3 + 2 * nk
        for j in range(min(len(flds), nf)):
            f = flds[j]
            base = 4 + nk + j * per_field
            out[base] = 1.0
            if f:
                out[base + 1] = capped(len(f) / 10.0, total / 10.0)
                pay = game.harvest_value(s, j)
                if pay:
                    out[base + 2] = capped(pay / 4.0, 10.0)
                out[base + 3 + f[-1]] = 1.0
                write_hist(self.counts, f, base + 3 + nk, 10.0, total / 10.0, out)

    def _offers(self, game: BeanGame, seat: int, out: Any) -> None:
        into = 0
        mine = 0
        other = 0
        # offers are kept in the order they were made (ids ascending), as the
        # dict encoder's sort by id has them
        for o in game.offers.values():
            if o.to == seat:
                if into < 8:
                    self._offer(game, seat, o, self.o_in + into * self.per_offer, o.frm, out)
                into += 1
            elif o.frm == seat:
                if mine < 8:
                    self._offer(game, seat, o, self.o_out + mine * self.per_offer, o.to, out)
                mine += 1
            else:
                other += 1
        if other:
            out[self.o_other] = capped(other / 10.0, 10.0)

    def _offer(self, game: BeanGame, seat: int, o: Offer, base: int, who: int, out: Any) -> None:
        """One offer's slot at ``base``; ``who`` is the other seat (absolute)."""
        n = self.n
        nk = self.nk
        out[base] = 1.0
        out[base + 1 + (who - seat) % n] = 1.0
        frm = o.frm
        counts = self.counts
        given: list[int] = []
        h = 0
        r = 0
        z_s = 0
        for z, i in o.give:
            c = game.ref_card(frm, z, i)
            if z == "h":
                h += 1
                if seat != frm:
                    c = self.card_index.get(game.offered_hand_card(c), -1)
            elif z == "r":
                r += 1
            elif z == "s":
                z_s += 1
            if c >= 0:
                if not counts[c]:
                    given.append(c)
                counts[c] += 1
        p = base + 1 + n
        for c in given:
            out[p + c] = capped(counts[c] / 2.0, 10.0)
            counts[c] = 0
        p += nk
        if h:
            out[p] = capped(h / 2.0, 10.0)
        if r:
            out[p + 1] = capped(r / 2.0, 10.0)
        if z_s:
            out[p + 2] = capped(z_s / 2.0, 10.0)
        p += 3
        beans = self.bean_counts
        wanted: list[int] = []
        for b in o.want:
            if not beans[b]:
                wanted.append(b)
            beans[b] += 1
        for b in wanted:
            out[p + b] = capped(beans[b] / 2.0, 10.0)
            beans[b] = 0
