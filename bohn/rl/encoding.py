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

A change to the layout or the meaning of any slice raises
:data:`ENCODING_VERSION`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

import numpy as np

from bohn.rulesets import find_variant

#: the version of the layout below; bumped by any change of it
ENCODING_VERSION = 1

#: entries kept by each memo of histograms before it is emptied
_MEMO = 20_000

_Writer = Callable[[dict[str, Any], list[int], list[int], list[float]], None]


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
        self.writers: list[_Writer] = []
        self.size = 0

    def add(self, name: str, size: int, high: float, doc: str) -> int:
        start = self.size
        self.blocks.append(Block(name, start, size, high, doc))
        self.size += size
        return start


def _counts(
    vocab: dict[str, int],
    items: Sequence[str],
    base: int,
    scale: float,
    cap: float,
    idx: list[int],
    val: list[float],
) -> None:
    """Write the histogram of ``items`` over ``vocab`` at ``base`` (not memoised)."""
    counts: dict[int, int] = {}
    for k in items:
        i = vocab.get(k)
        if i is not None:
            counts[i] = counts.get(i, 0) + 1
    idx.extend([base + i for i in counts])
    val.extend([min(c / scale, cap) for c in counts.values()])


def _hist(
    vocab: dict[str, int], scale: float, cap: float
) -> Callable[[Sequence[str] | None, int, list[int], list[float]], None]:
    """A writer of a histogram of keys at an offset. Results are memoised by
    (offset, cards): piles and fields change far less often than they are
    encoded."""
    memo: dict[tuple[int, tuple[str, ...]], tuple[list[int], list[float]]] = {}

    def write(items: Sequence[str] | None, base: int, idx: list[int], val: list[float]) -> None:
        if not items:
            return
        key = (base, tuple(items))
        hit = memo.get(key)
        if hit is None:
            counts: dict[int, int] = {}
            for k in items:
                i = vocab.get(k)
                if i is not None:
                    counts[i] = counts.get(i, 0) + 1
            hit = (
                [base + i for i in counts],
                [min(c / scale, cap) for c in counts.values()],
            )
            if len(memo) >= _MEMO:
                memo.clear()
            memo[key] = hit
        idx.extend(hit[0])
        val.extend(hit[1])

    return write


class Encoder:
    """The encoding of one configuration; :meth:`encode` maps an observation
    dict (``game.observe(seat)``) to a ``float32`` vector of :attr:`size`."""

    def __init__(self, variant: str, players: int) -> None:
        cls = find_variant(variant)
        kind = cls._class_for(players)
        self.variant = variant
        self.players = players
        table = kind.table
        self.cards = {k: i for i, k in enumerate(table.keys)}
        self.beans = {k: i for i, k in enumerate(table.bean_keys)}
        self.total = max(1, sum(table.counts))
        b = _Builder()
        self._b = b
        self._num_specs: list[tuple[str, int, float, float]] = []
        self._seat_specs: list[tuple[str, int]] = []
        phases = [name for _, name in sorted(getattr(kind, "PHASES", {}).items())]
        if "over" not in phases:
            phases.append("over")
        self.phases = {p: i for i, p in enumerate(phases)}
        self._onehot("phase", self.phases, "phase", "the phase (one-hot over the ruleset's phases)")
        if variant == "bohnkick":
            self._bohnkick()
        else:
            self._beans(kind)
        self.size = b.size
        self.blocks = b.blocks
        self._writers = [self._scalars(), *b.writers]
        self._zero = array("f", bytes(4 * self.size))
        self.high = np.zeros(self.size, dtype=np.float32)
        for blk in self.blocks:
            self.high[blk.start : blk.start + blk.size] = blk.high

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

    def layout(self) -> list[Block]:
        return list(self.blocks)

    # -- generic blocks -----------------------------------------------------------

    def _onehot(self, name: str, vocab: dict[str, int], key: str, doc: str) -> None:
        base = self._b.add(name, len(vocab), 1.0, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            i = vocab.get(obs.get(key))  # type: ignore[arg-type]
            if i is not None:
                idx.append(base + i)
                val.append(1.0)

        self._b.writers.append(w)

    def _num(self, name: str, key: str, scale: float, cap: float, doc: str) -> None:
        """A number, divided by ``scale`` and clipped to ``cap`` (one fused writer
        handles every such block: :meth:`_scalars`)."""
        self._num_specs.append((key, self._b.add(name, 1, cap, doc), scale, cap))

    def _seat(self, name: str, key: str, doc: str) -> None:
        """A seat number as a relative one-hot (-1 / null: all zero)."""
        self._seat_specs.append((key, self._b.add(name, self.players, 1.0, doc)))

    def _scalars(self) -> _Writer:
        nums = self._num_specs
        seats = self._seat_specs
        n = self.players

        keys = [key for key, _, _, _ in nums] + [key for key, _ in seats]
        memo: dict[tuple[Any, ...], tuple[list[int], list[float]]] = {}

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            get = obs.get
            me = rel[0]
            key = (me, *[get(k) for k in keys])
            hit = memo.get(key)
            if hit is None:
                ii: list[int] = []
                vv: list[float] = []
                for key_, base, scale, cap in nums:
                    v = get(key_)
                    if v:
                        ii.append(base)
                        vv.append(min(float(v) / scale, cap))
                for key_, base in seats:
                    s = get(key_)
                    if isinstance(s, int) and 0 <= s < n:
                        ii.append(base + (s - me) % n)
                        vv.append(1.0)
                hit = (ii, vv)
                if len(memo) >= _MEMO:
                    memo.clear()
                memo[key] = hit
            idx.extend(hit[0])
            val.extend(hit[1])

        return w

    def _seats(self, name: str, key: str, doc: str) -> None:
        n = self.players
        base = self._b.add(name, n, 1.0, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            me = rel[0]
            for s in obs.get(key) or ():
                idx.append(base + (s - me) % n)
                val.append(1.0)

        self._b.writers.append(w)

    def _cards(self, name: str, key: str, scale: float, doc: str) -> None:
        size = len(self.cards)
        cap = self.total / scale
        base = self._b.add(name, size, cap, doc)
        hist = _hist(self.cards, scale, cap)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            hist(obs.get(key), base, idx, val)

        self._b.writers.append(w)

    def _sequence(self, name: str, key: str, length: int, doc: str) -> None:
        k = len(self.cards)
        base = self._b.add(name, length * k, 1.0, doc)
        cards = self.cards

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            for j, c in enumerate((obs.get(key) or ())[:length]):
                i = cards.get(c)
                if i is not None:
                    idx.append(base + j * k + i)
                    val.append(1.0)

        self._b.writers.append(w)

    def _multi(self, name: str, vocab: Sequence[str], key: str, doc: str) -> None:
        index = {v: i for i, v in enumerate(vocab)}
        base = self._b.add(name, len(vocab), 1.0, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            for v in obs.get(key) or ():
                i = index.get(v)
                if i is not None:
                    idx.append(base + i)
                    val.append(1.0)

        self._b.writers.append(w)

    def _custom(self, name: str, size: int, high: float, doc: str, fn: Any) -> None:
        base = self._b.add(name, size, high, doc)

        def w(obs: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            fn(obs, rel, base, idx, val)

        self._b.writers.append(w)

    # -- the bean-trading games ----------------------------------------------------

    def _beans(self, kind: Any) -> None:
        n = self.players
        cards = self.cards
        beans = self.beans
        nk = len(cards)
        nb = len(beans)
        total = self.total
        fields = 6 if self.variant == "high-bohn" else 3
        self.fields = fields
        self._num("turn", "turn", 100.0, 10.0, "turn counter / 100")
        self._seat("active", "active", "whose turn it is (relative one-hot)")
        self._seat("first_player", "first_player", "the starting seat (relative one-hot)")
        self._num("planted", "planted", 2.0, 10.0, "cards the active player planted this turn / 2")
        self._num("deck_size", "deck_size", float(total), 1.0, "cards in the draw pile / cards")
        self._num("exhaustions", "exhaustions", 4.0, 2.0, "deck exhaustions / 4")
        self._num("final_exhaustion", "final_exhaustion", 4.0, 2.0, "the final count / 4")
        self._custom(
            "last_turn",
            1,
            1.0,
            "1 once the final exhaustion has happened",
            lambda o, r, base, i, v: (
                (i.append(base), v.append(1.0)) if o.get("last_turn") else None
            ),
        )
        self._seats("waiting_for", "waiting_for", "the seats the game waits on (relative)")
        self._cards("discard", "discard", 10.0, "the discard pile: count of each card key / 10")
        disc_top = self._b.add("discard_top", nk, 1.0, "the top card of the discard pile")
        disc_size = self._b.add("discard_size", 1, 1.0, "cards on the discard pile / cards")

        def discard(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            d = o.get("discard")
            if d:
                i = cards.get(d[-1])
                if i is not None:
                    idx.append(disc_top + i)
                    val.append(1.0)
                idx.append(disc_size)
                val.append(min(len(d) / total, 1.0))

        self._b.writers.append(discard)
        reveal = max(2, int(getattr(kind, "reveal_count", 2) or 2))
        self._sequence("revealed", "revealed", reveal, "the revealed cards, one-hot per position")
        self._offers()
        # per seat, relative
        for k in range(n):
            self._seat_block(k, fields)
        hand_len = 10
        b_hand = self._b.add(
            "hand",
            hand_len * nk,
            1.0,
            f"my hand, one-hot per position for the first {hand_len} cards (front first)",
        )
        b_counts = self._b.add(
            "hand_counts", nk, total / 5.0, "my whole hand: count of each card key / 5"
        )
        b_coins = self._b.add(
            "coin_cards", nb, total / 10.0, "my coins' bean sides: count per bean type / 10"
        )
        hands: dict[tuple[str, ...], tuple[list[int], list[float]]] = {}
        coins: dict[tuple[str, ...], tuple[list[int], list[float]]] = {}

        def mine(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            s = o["seats"][rel[0]]
            hand = s.get("hand")
            if hand:
                key = tuple(hand)
                hit = hands.get(key)
                if hit is None:
                    ii: list[int] = []
                    vv: list[float] = []
                    for j, c in enumerate(key[:hand_len]):
                        i = cards.get(c)
                        if i is not None:
                            ii.append(b_hand + j * nk + i)
                            vv.append(1.0)
                    _counts(cards, key, b_counts, 5.0, total / 5.0, ii, vv)
                    hit = (ii, vv)
                    if len(hands) >= _MEMO:
                        hands.clear()
                    hands[key] = hit
                idx.extend(hit[0])
                val.extend(hit[1])
            cc = s.get("coin_cards")
            if cc:
                key = tuple(cc)
                hit = coins.get(key)
                if hit is None:
                    hit = ([], [])
                    sides = [c.split("/", 1)[0] for c in key]
                    _counts(beans, sides, b_coins, 10.0, total / 10.0, hit[0], hit[1])
                    if len(coins) >= _MEMO:
                        coins.clear()
                    coins[key] = hit
                idx.extend(hit[0])
                val.extend(hit[1])

        self._b.writers.append(mine)
        extra = getattr(self, "_extra_" + self.variant.replace("-", "_"), None)
        if extra is not None:
            extra(kind)

    def _bean_of(self, key: str) -> str:
        return key.split("/", 1)[0]

    def _hand_seq(self, length: int) -> Any:
        nk = len(self.cards)
        cards = self.cards

        def fn(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            for j, c in enumerate((o["seats"][rel[0]].get("hand") or ())[:length]):
                i = cards.get(c)
                if i is not None:
                    idx.append(base + j * nk + i)
                    val.append(1.0)

        return fn

    def _offers(self) -> None:
        n = self.players
        cards = self.cards
        beans = self.beans
        nk = len(cards)
        nb = len(beans)
        slots_in, slots_out = 8, 8
        per = 1 + n + nk + 3 + nb
        give_hist = _hist(cards, 2.0, 10.0)
        want_hist = _hist(beans, 2.0, 10.0)
        zones = {"h": 0, "r": 1, "s": 2}
        b_in = self._b.add(
            "offers_to_me",
            slots_in * per,
            10.0,
            f"the open offers made to me, oldest first ({slots_in} slots of {per}: present, "
            "from (relative one-hot), cards given (key counts / 2), zones given (h, r, s "
            "counts / 2), wanted bean types (counts / 2))",
        )
        b_out = self._b.add(
            "offers_by_me",
            slots_out * per,
            10.0,
            f"my open offers, oldest first ({slots_out} slots laid out as offers_to_me, "
            "'from' holding the seat offered to)",
        )
        b_other = self._b.add("offers_other", 1, 10.0, "other open offers (count / 10)")

        memo: dict[tuple[Any, ...], tuple[list[int], list[float]]] = {}
        by_id = itemgetter("id")

        def one(key: tuple[Any, ...], idx: list[int], val: list[float]) -> None:
            base, who, give, give_from, want = key
            idx.append(base)
            val.append(1.0)
            idx.append(base + 1 + who)
            val.append(1.0)
            give_hist(give, base + 1 + n, idx, val)
            zc: dict[int, int] = {}
            for z in give_from:
                zi = zones.get(z)
                if zi is not None:
                    zc[zi] = zc.get(zi, 0) + 1
            for zi, c in zc.items():
                idx.append(base + 1 + n + nk + zi)
                val.append(min(c / 2.0, 10.0))
            want_hist(want, base + 1 + n + nk + 3, idx, val)

        def write(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            offers = o.get("offers")
            if not offers:
                return
            me = rel[0]
            into = sorted([x for x in offers if x["to"] == me], key=by_id)
            mine = sorted([x for x in offers if x["from"] == me], key=by_id)
            other = len(offers) - len(into) - len(mine)
            for base0, group, who, slots in (
                (b_in, into, "from", slots_in),
                (b_out, mine, "to", slots_out),
            ):
                for j, x in enumerate(group[:slots]):
                    key = (
                        base0 + j * per,
                        (x[who] - me) % n,
                        tuple(x["give"]),
                        tuple(x.get("give_from") or ()),
                        tuple(x["want"]),
                    )
                    hit = memo.get(key)
                    if hit is None:
                        hit = ([], [])
                        one(key, hit[0], hit[1])
                        if len(memo) >= _MEMO:
                            memo.clear()
                        memo[key] = hit
                    idx.extend(hit[0])
                    val.extend(hit[1])
            if other:
                idx.append(b_other)
                val.append(min(other / 10.0, 10.0))

        self._b.writers.append(write)

    def _seat_block(self, k: int, fields: int) -> None:
        cards = self.cards
        nk = len(cards)
        total = self.total
        per_field = 3 + 2 * nk
        size = 4 + nk + fields * per_field
        field_hist = _hist(cards, 10.0, total / 10.0)
        area_hist = _hist(cards, 3.0, total / 3.0)
        who = "me" if k == 0 else f"the seat {k} place(s) after me"
        base0 = self._b.add(
            f"seat{k}",
            size,
            total / 3.0,
            f"{who}: hand size / 10, coins / 10, proposals left / 20, number of fields / "
            f"{fields}, trading area (key counts / 3), then per field slot ({fields}): "
            "present, cards / 10, what a harvest pays / 4, top card (one-hot), "
            "cards (key counts / 10)",
        )

        memo: dict[tuple[Any, ...], tuple[list[int], list[float]]] = {}

        def build(flds: Any, pays: Any, idx: list[int], val: list[float]) -> None:
            for j, f in enumerate(flds[:fields]):
                base = base0 + 4 + nk + j * per_field
                idx.append(base)
                val.append(1.0)
                if f:
                    idx.append(base + 1)
                    val.append(min(len(f) / 10.0, total / 10.0))
                    if j < len(pays) and pays[j]:
                        idx.append(base + 2)
                        val.append(min(pays[j] / 4.0, 10.0))
                    t = cards.get(f[-1])
                    if t is not None:
                        idx.append(base + 3 + t)
                        val.append(1.0)
                    field_hist(f, base + 3 + nk, idx, val)

        numbers: dict[tuple[Any, ...], list[float]] = {}
        number_idx = [base0, base0 + 1, base0 + 2, base0 + 3]

        def write(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            s = o["seats"][rel[k]]
            get = s.get
            flds = get("fields") or ()
            nums = (get("hand_size", 0), get("coins", 0), get("proposals_left", 0), len(flds))
            v = numbers.get(nums)
            if v is None:
                v = [
                    min(nums[0] / 10.0, 10.0),
                    min(nums[1] / 10.0, 10.0),
                    min(nums[2] / 20.0, 10.0),
                    nums[3] / fields,
                ]
                if len(numbers) >= _MEMO:
                    numbers.clear()
                numbers[nums] = v
            idx.extend(number_idx)
            val.extend(v)
            area = get("trading_area")
            if area:
                area_hist(area, base0 + 4, idx, val)
            pays = get("field_pays") or ()
            key = (tuple(map(tuple, flds)), tuple(pays))
            hit = memo.get(key)
            if hit is None:
                hit = ([], [])
                build(flds, pays, hit[0], hit[1])
                if len(memo) >= _MEMO:
                    memo.clear()
                memo[key] = hit
            idx.extend(hit[0])
            val.extend(hit[1])

        self._b.writers.append(write)

    def _per_seat(self, name: str, size: int, high: float, doc: str, fn: Any) -> None:
        """A block of ``size`` per seat (relative order): ``fn(seat_obs, obs, base, idx, val)``."""
        n = self.players
        base0 = self._b.add(name, n * size, high, f"per seat (relative), {size} each: {doc}")

        def write(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            seats = o["seats"]
            for k in range(n):
                fn(seats[rel[k]], o, rel, base0 + k * size, idx, val)

        self._b.writers.append(write)

    # -- ruleset extras --------------------------------------------------------------

    def _extra_sissi(self, kind: Any) -> None:
        n = self.players
        f = self.fields

        def fn(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            me = rel[0]
            for s, fld in o.get("sissi_action") or ():
                if fld < f:
                    idx.append(base + ((s - me) % n) * f + fld)
                    val.append(1.0)

        self._custom(
            "sissi_action",
            n * f,
            1.0,
            "phase 5: the fields still to be harvested, per seat (relative) and field",
            fn,
        )

    def _extra_high_bohn(self, kind: Any) -> None:
        from bohn.rulesets.high_bohn.rules import BUILDINGS

        buildings = {k: i for i, k in enumerate(BUILDINGS.keys)}
        kinds = sorted(set(BUILDINGS.kinds))
        kind_index = {k: i for i, k in enumerate(kinds)}
        field_kinds = {"regular": 0, "third": 1, "goldmine": 2, "saloon": 3, "blacksmith": 4}
        nk = len(self.cards)
        nbld = len(buildings)
        f = self.fields
        total = self.total
        store_hist = _hist(self.cards, 3.0, total / 3.0)
        per = nbld + f * 5 + 2 * f + nk + 5
        coin_hist = _hist(self.beans, 10.0, total / 10.0)

        def seat(
            s: dict[str, Any],
            o: dict[str, Any],
            rel: list[int],
            base: int,
            idx: list[int],
            val: list[float],
        ) -> None:
            for b in s.get("buildings") or ():
                i = buildings.get(b)
                if i is not None:
                    idx.append(base + i)
                    val.append(1.0)
            p = base + nbld
            for j, fk in enumerate((s.get("field_kinds") or ())[:f]):
                i = field_kinds.get(fk)
                if i is not None:
                    idx.append(p + j * 5 + i)
                    val.append(1.0)
            p += f * 5
            for j, x in enumerate((s.get("stews") or ())[:f]):
                if x:
                    idx.append(p + j)
                    val.append(1.0)
            for j, x in enumerate((s.get("locked") or ())[:f]):
                if x:
                    idx.append(p + f + j)
                    val.append(1.0)
            p += 2 * f
            store_hist(s.get("store"), p, idx, val)
            p += nk
            for j, key in enumerate(("stew_coins", "distillery_coins", "teepee_coins")):
                c = len(s.get(key) or ())
                if c:
                    idx.append(p + j)
                    val.append(min(c / 5.0, total / 5.0))
            if s.get("drawn_count"):
                idx.append(p + 3)
                val.append(min(s["drawn_count"] / 3.0, 10.0))
            if s.get("plant_limit"):
                idx.append(p + 4)
                val.append(min(s["plant_limit"] / 3.0, 10.0))

        self._per_seat(
            "hb_seats",
            per,
            total / 3.0,
            f"buildings owned (multi-hot over the {nbld} building keys), field kinds "
            "(one-hot of regular, third, goldmine, saloon, blacksmith per field slot), stews, "
            "locked fields, General Store (key counts / 3), stew / distillery / teepee coins "
            "(counts / 5), cards waiting for a bank-3 order / 3, plant limit / 3",
            seat,
        )
        self._per_seat(
            "coin_faces",
            len(self.beans),
            total / 10.0,
            "coin faces (public in High Bohn): count per bean type / 10",
            lambda s, o, r, base, i, v: coin_hist(
                [self._bean_of(c) for c in s.get("coin_cards") or ()], base, i, v
            ),
        )
        self._multi("supply", list(BUILDINGS.keys), "supply", "buildings still for sale")
        self._multi("removed", list(BUILDINGS.keys), "removed", "buildings out of the game")
        cards = self.cards

        def rest(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            top = o.get("deck_top")
            if top is not None and top in cards:
                idx.append(base + cards[top])
                val.append(1.0)
            p = base + nk
            for j, c in enumerate((o.get("drawn") or ())[:3]):
                i = cards.get(c)
                if i is not None:
                    idx.append(p + j * nk + i)
                    val.append(1.0)
            p += 3 * nk
            used = o.get("bank_used") or {}
            if used.get("bury"):
                idx.append(p)
                val.append(1.0)
            if used.get("move"):
                idx.append(p + 1)
                val.append(1.0)
            p += 2
            n = self.players
            me = rel[0]
            fb = o.get("final_buyer")
            if isinstance(fb, int):
                idx.append(p + (fb - me) % n)
                val.append(1.0)
            p += n
            dist = o.get("distillery")
            if dist:
                idx.append(p)
                val.append(1.0)
                i = kind_index.get(dist.get("building_type"))
                if i is not None:
                    idx.append(p + 1 + i)
                    val.append(1.0)
                for s in dist.get("seats") or ():
                    idx.append(p + 1 + len(kinds) + (s - me) % n)
                    val.append(1.0)
            p += 1 + len(kinds) + n
            jail = o.get("jail_coin")
            if jail:
                idx.append(p)
                val.append(1.0)
                js = jail.get("seat")
                if isinstance(js, int):
                    idx.append(p + 1 + (js - me) % n)
                    val.append(1.0)
                store_hist(jail.get("cards"), p + 1 + n, idx, val)

        n = self.players
        self._custom(
            "hb_table",
            nk + 3 * nk + 2 + n + 1 + len(kinds) + n + 1 + n + nk,
            total / 3.0,
            "the bank-2 deck top (one-hot), my drawn cards (one-hot per position, 3), "
            "bank_used (bury, move), the final buyer (relative), the distillery window "
            f"(open, building type one-hot over {', '.join(kinds)}, seats to decide), "
            "the jail-4 choice (open, seat, cards as key counts / 3)",
            rest,
        )

    def _extra_al_cabohne(self, kind: Any) -> None:
        from bohn.rulesets.al_cabohne.rules import BOSSES

        nk = len(self.cards)
        total = self.total
        cards = self.cards
        boss_keys = [b[0] for b in BOSSES]
        hist = _hist(cards, 10.0, total / 10.0)
        per = 3 + 2 * nk

        def bosses(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            for j, b in enumerate((o.get("bosses") or ())[: len(boss_keys)]):
                p = base + j * per
                idx.append(p)
                val.append(1.0)
                idx.append(p + 1)
                val.append(min(b["threshold"] / 10.0, 10.0))
                f = b.get("field") or ()
                if f:
                    idx.append(p + 2)
                    val.append(min(len(f) / 10.0, total / 10.0))
                    t = cards.get(f[-1])
                    if t is not None:
                        idx.append(p + 3 + t)
                        val.append(1.0)
                    hist(f, p + 3 + nk, idx, val)

        self._custom(
            "bosses",
            len(boss_keys) * per,
            total / 10.0,
            "per boss slot: present, threshold / 10, cards / 10, top card (one-hot), "
            "cards (key counts / 10)",
            bosses,
        )
        self._num("treasury", "treasury", float(total), 1.0, "the mafia's coins / cards")
        piles = 4

        def pile(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            for j, p in enumerate((o.get("piles") or ())[:piles]):
                hist(p, base + j * nk, idx, val)

        self._custom(
            "piles", piles * nk, total / 10.0, "the uncovered piles (key counts / 10)", pile
        )
        self._onehot("feed", {k: i for i, k in enumerate(boss_keys)}, "feed", "the boss to be fed")

    def _extra_prohibohn(self, kind: Any) -> None:
        from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS

        self._extra_al_cabohne(kind)
        keys = list(ESTABLISHMENTS.keys)
        ek = {k: i for i, k in enumerate(keys)}
        total = self.total

        def seat(
            s: dict[str, Any],
            o: dict[str, Any],
            rel: list[int],
            base: int,
            idx: list[int],
            val: list[float],
        ) -> None:
            for e in s.get("establishments") or ():
                i = ek.get(e)
                if i is not None:
                    idx.append(base + i)
                    val.append(1.0)
            tally = s.get("tally") or {}
            for j, key in enumerate(("cash", "cards", "bonus", "total")):
                v = tally.get(key)
                if v:
                    idx.append(base + len(keys) + j)
                    val.append(min(v / 20.0, 10.0))
            if s.get("stashed"):
                idx.append(base + len(keys) + 4)
                val.append(1.0)

        self._per_seat(
            "pb_seats",
            len(keys) + 5,
            10.0,
            "establishments owned (multi-hot over the cards of cards.json), tally (cash, "
            "cards, bonus, total / 20), stashed",
            seat,
        )
        self._multi("pb_supply", keys, "supply", "cards still to be bought")
        beans = self.beans
        coin = _hist(beans, 5.0, total / 5.0)
        kinds = ("field", "boss", "counts", "third", "removable", "treasury")

        def rest(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            for j, key in enumerate(("razzia", "extended")):
                if o.get(key):
                    idx.append(base + j)
                    val.append(1.0)
            for j, (key, scale) in enumerate((("under", 10.0), ("uncovered", 5.0))):
                v = o.get(key)
                if v:
                    idx.append(base + 2 + j)
                    val.append(min(v / scale, 10.0))
            st = o.get("stage")
            if isinstance(st, int) and 0 <= st <= 6:
                idx.append(base + 4 + st)
                val.append(1.0)
            d = o.get("decision")
            p = base + 11
            if d:
                for j, key in enumerate(kinds):
                    if key in d:
                        idx.append(p + j)
                        val.append(1.0)
                if d.get("treasury"):
                    coin([self._bean_of(c) for c in d["treasury"]], p + len(kinds), idx, val)

        self._custom(
            "pb_table",
            11 + len(kinds) + len(beans),
            total / 5.0,
            "razzia bought, extended, under / 10, uncovered / 5, stage (one-hot 0-6), the open "
            "decision (which of field, boss, counts, third, removable, treasury it names), the "
            "treasury shown to a Police Station's buyer (bean counts / 5)",
            rest,
        )

    def _extra_ladybohn(self, kind: Any) -> None:
        self._num("third_fields_left", "third_fields_left", 2.0, 10.0, "third fields left / 2")
        n = self.players
        total = self.total
        hist = _hist(self.cards, 2.0, total / 2.0)
        nk = len(self.cards)

        def foist(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            fo = o.get("foist")
            if fo:
                idx.append(base)
                val.append(1.0)
                s = fo.get("seat")
                if isinstance(s, int):
                    idx.append(base + 1 + (s - rel[0]) % n)
                    val.append(1.0)
                hist(fo.get("cards"), base + 1 + n, idx, val)

        self._custom(
            "foist",
            1 + n + nk,
            total / 2.0,
            "phase foist: open, the seat (relative), the cards (key counts / 2)",
            foist,
        )

    def _extra_mutterbohnchen(self, kind: Any) -> None:
        self._extra_ladybohn(kind)
        n = self.players
        nk = len(self.cards)
        cards = self.cards
        total = self.total
        f = self.fields
        hist = _hist(cards, 2.0, total / 2.0)
        coin_hist = _hist(cards, 5.0, total / 5.0)

        def seat(
            s: dict[str, Any],
            o: dict[str, Any],
            rel: list[int],
            base: int,
            idx: list[int],
            val: list[float],
        ) -> None:
            coin_hist(s.get("known_coins"), base, idx, val)
            b = s.get("blind_coins")
            if b:
                idx.append(base + nk)
                val.append(min(b / 5.0, 10.0))
            for j in s.get("open_fields") or ():
                if j < f:
                    idx.append(base + nk + 1 + j)
                    val.append(1.0)

        self._per_seat(
            "mb_seats",
            nk + 1 + f,
            total / 5.0,
            "known coins (key counts / 5), blind coins / 5, open field slots (two players)",
            seat,
        )

        def rest(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            me = rel[0]
            a = o.get("attack")
            p = base
            if a:
                idx.append(p)
                val.append(1.0)
                t = a.get("target")
                if isinstance(t, int) and 0 <= t < n:
                    idx.append(p + 1 + (t - me) % n)
                    val.append(1.0)
                if a.get("reach"):
                    idx.append(p + 1 + n)
                    val.append(min(a["reach"] / 5.0, 10.0))
                hist(a.get("turned"), p + 2 + n, idx, val)
                if a.get("open"):
                    idx.append(p + 2 + n + nk)
                    val.append(min(len(a["open"]) / 5.0, 10.0))
                hist(a.get("aside"), p + 3 + n + nk, idx, val)
            p += 3 + n + 2 * nk
            q = o.get("quirk")
            if q:
                idx.append(p)
                val.append(1.0)
                s = q.get("seat")
                if isinstance(s, int):
                    idx.append(p + 1 + (s - me) % n)
                    val.append(1.0)
                c = cards.get(q.get("card"))
                if c is not None:
                    idx.append(p + 1 + n + c)
                    val.append(1.0)
            p += 1 + n + nk
            fp = o.get("final_placement")
            if fp:
                idx.append(p)
                val.append(1.0)
                s = fp.get("seat")
                if isinstance(s, int):
                    idx.append(p + 1 + (s - me) % n)
                    val.append(1.0)
                for j in fp.get("used") or ():
                    if j < f:
                        idx.append(p + 1 + n + j)
                        val.append(1.0)
            p += 1 + n + f
            holder = o.get("third_field_card")
            if isinstance(holder, int) and 0 <= holder < n:
                idx.append(p + (holder - me) % n)
                val.append(1.0)
            p += n
            for j, stack in enumerate((o.get("offer") or ())[:4]):
                hist(stack, p + j * nk, idx, val)
            p += 4 * nk
            if o.get("hand_discarded"):
                idx.append(p)
                val.append(1.0)

        self._custom(
            "mb_table",
            3 + n + 2 * nk + 1 + n + nk + 1 + n + f + n + 4 * nk + 1,
            total / 2.0,
            "the attack (open, target relative, reach / 5, turned-up coins as key counts / 2, "
            "open attacks / 5, coins set aside), the quirk (open, seat, card one-hot), the "
            "final placement (open, seat, fields used), two players: the third-field card's "
            "holder, the offer's stacks (4, key counts / 2), hand_discarded",
            rest,
        )

    # -- Bohnkick ---------------------------------------------------------------------

    def _bohnkick(self) -> None:
        n = self.players
        cards = self.cards
        nk = len(cards)
        total = self.total
        self._num("turn", "turn", 50.0, 10.0, "turn counter / 50")
        self._num("attack", "attack", 50.0, 10.0, "attack number / 50")
        for key in ("first_player", "active", "opener", "to_play", "reactor"):
            self._seat(key, key, f"{key} (relative one-hot; none when -1)")
        self._seats("waiting_for", "waiting_for", "the seats the game waits on (relative)")
        hist = _hist(cards, 2.0, total / 2.0)
        balls = {b: i for i, b in enumerate(self.beans)}
        shots = {
            s: i for i, s in enumerate(("shot", "long-shot", "header", "free-kick", "penalty"))
        }
        corners = {c: i for i, c in enumerate(("ul", "ur", "ll", "lr"))}
        played_len = 12

        def table(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            me = rel[0]
            my_team = o["seats"][me].get("team", 0)
            p = base
            if o.get("attacking_team") == my_team:
                idx.append(p)
                val.append(1.0)
            if o.get("after_cross"):
                idx.append(p + 1)
                val.append(1.0)
            if o.get("last_attack"):
                idx.append(p + 2)
                val.append(1.0)
            p += 3
            b = balls.get(o.get("ball"))  # type: ignore[arg-type]
            if b is not None:
                idx.append(p + b)
                val.append(1.0)
            p += len(balls)
            s = shots.get(o.get("shot"))  # type: ignore[arg-type]
            if s is not None:
                idx.append(p + s)
                val.append(1.0)
            p += len(shots)
            c = corners.get(o.get("corner"))  # type: ignore[arg-type]
            if c is not None:
                idx.append(p + c)
                val.append(1.0)
            p += 4
            played = o.get("played") or ()
            by = o.get("played_by") or ()
            for j, card in enumerate(played[:played_len]):
                i = cards.get(card)
                if i is not None:
                    idx.append(p + j * (nk + n) + i)
                    val.append(1.0)
                if j < len(by):
                    idx.append(p + j * (nk + n) + nk + (by[j] - me) % n)
                    val.append(1.0)
            p += played_len * (nk + n)
            teams = (my_team, 1 - my_team)
            for t in teams:  # my team first
                goals = o.get("goals") or [[], []]
                hist(goals[t], p, idx, val)
                p += nk
                score = (o.get("score") or [0, 0])[t]
                if score:
                    idx.append(p)
                    val.append(min(score / 5.0, 10.0))
                decks = (o.get("team_decks") or [0, 0])[t]
                if decks:
                    idx.append(p + 1)
                    val.append(min(decks / float(total), 1.0))
                runs = (o.get("runouts") or [0, 0])[t]
                if runs:
                    idx.append(p + 2)
                    val.append(min(runs / 3.0, 10.0))
                p += 3
                hist((o.get("team_discards") or [[], []])[t], p, idx, val)
                p += nk
            dd = o.get("defence_deck")
            if dd:
                idx.append(p)
                val.append(min(dd / float(total), 1.0))
            hist(o.get("defence_discard"), p + 1, idx, val)
            p += 1 + nk
            for k in range(n):
                sd = o["seats"][rel[k]]
                if sd.get("team") == my_team:
                    idx.append(p)
                    val.append(1.0)
                if sd.get("hand_size"):
                    idx.append(p + 1)
                    val.append(min(sd["hand_size"] / 6.0, 10.0))
                if sd.get("defence_size"):
                    idx.append(p + 2)
                    val.append(min(sd["defence_size"] / 3.0, 10.0))
                p += 3
            mine = o["seats"][me]
            for j, card in enumerate((mine.get("hand") or ())[:10]):
                i = cards.get(card)
                if i is not None:
                    idx.append(p + j * nk + i)
                    val.append(1.0)
            p += 10 * nk
            for j, card in enumerate((mine.get("defence") or ())[:4]):
                i = cards.get(card)
                if i is not None:
                    idx.append(p + j * nk + i)
                    val.append(1.0)

        size = (
            3 + len(balls) + len(shots) + 4 + played_len * (nk + n) + 2 * (2 * nk + 3)
            + 1 + nk + 3 * n + 10 * nk + 4 * nk
        )  # fmt: skip
        self._custom(
            "bohnkick",
            size,
            total / 2.0,
            "my team attacks, after_cross, last_attack; the ball (bean one-hot); the shot "
            "(shot, long-shot, header, free-kick, penalty); the corner (ul, ur, ll, lr); the "
            f"attack's cards (first {played_len}: card one-hot + who played it, relative); per "
            "team, mine first: goals (key counts / 2), score / 5, deck / cards, runouts / 3, "
            "discards (key counts / 2); the defensive deck / cards and its discards; per seat "
            "(relative): same team, hand size / 6, defensive cards / 3; my hand (one-hot per "
            "position, 10) and my defensive cards (one-hot per position, 4)",
            table,
        )


def layout_markdown(variant: str, players: int) -> str:
    """The layout of one configuration as a Markdown table."""
    enc = Encoder(variant, players)
    lines = [
        f"Encoding v{ENCODING_VERSION} of {variant} for {players}: {enc.size} floats",
        "",
        "| slice | block | size | high | meaning |",
        "|---|---|---|---|---|",
    ]
    for b in enc.layout():
        lines.append(
            f"| {b.start}:{b.start + b.size} | `{b.name}` | {b.size} | {b.high:g} | {b.doc} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    import argparse

    p = argparse.ArgumentParser(description="Print the encoding layout of a configuration.")
    p.add_argument("variant")
    p.add_argument("players", type=int)
    args = p.parse_args(argv)
    print(layout_markdown(args.variant, args.players))


__all__ = ["ENCODING_VERSION", "Block", "Encoder", "layout_markdown"]
