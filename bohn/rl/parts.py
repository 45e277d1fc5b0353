"""What a ruleset gives the research environment: its part ``encoding``.

The observation encoding (:class:`~bohn.rl.encoding.Encoder`) and the action
table (:class:`~bohn.rl.actions.ActionTable`) are generic; what is particular
to a ruleset — its observation blocks, its action families and their windows —
comes from the module ``bohn/rulesets/<id>/encoding.py`` of its package, found
through the registry (``bohn.rulesets.ruleset(variant).part("encoding")``;
a ruleset without one inherits that of the ruleset its game derives from).

That module defines

``ENCODING``
    a :class:`RulesetEncoding` (an instance, or a subclass that takes no
    arguments), with

    * ``blocks(enc, kind)``: add the ruleset's blocks to the encoder ``enc``
      (after its ``phase`` block) through the encoder's block builders
      (:meth:`~bohn.rl.encoding.Encoder.number`,
      :meth:`~bohn.rl.encoding.Encoder.custom`,
      :meth:`~bohn.rl.encoding.Encoder.per_seat`, ...); ``kind`` is the game
      class of the player count;
    * ``caps(kind, players)``: the windows (:class:`~bohn.rl.actions.Caps`)
      of the action table;
    * ``families(kind, players, caps)``: the action families, in index order.

The bean games share one base, :class:`BeanEncoding` (every bean game's
blocks and families, with hooks a ruleset overrides to add its own: its
``extra_blocks``, ``extra_families``, planting ``modes``, ...). Bohnanza's
part is :data:`BEANS` itself, so a bean game built on Bohnanza with nothing to
add needs no part of its own. A game that is not
a bean game (Bohnkick) subclasses :class:`RulesetEncoding` itself.

The part is looked up once per encoder and per table (:func:`bohn.rl.actions.ruleset_encoding`);
its blocks leave writers that are all an observation's encoding runs.

**Written from the state.** ``state_writer(enc, kind)`` (optional; the base
returns None) gives a writer with ``encode(game, seat)`` (the seat's vector
as an ``array('f')``) and ``offer_slots(game, seat)`` that writes the same
vector as the blocks do from ``game.observe(seat)``, straight from the
engine's state (:mod:`bohn.rl.state`); the environments use it where there
is one. :class:`BeanEncoding` gives one for every bean game whose
observation is ``BeanGame.observe``'s and whose blocks are the bean games'
(:meth:`BeanEncoding.state_extras`): a ruleset built on Bohnanza inherits it
as long as it adds neither observation keys nor blocks; one that adds them
names the game classes whose ``observe`` its writers follow
(:attr:`BeanEncoding.observes`) and gives an :class:`~bohn.rl.state.ExtraWriter`
per added block (:meth:`BeanEncoding.extra_writers`, made from the
configuration's :class:`~bohn.rl.state.Layout`: Sissi, Ladybohn), else it is
encoded from the dict. :meth:`RulesetEncoding.written_exactly` is the check.
"""

from __future__ import annotations

import os
from abc import ABC
from abc import abstractmethod
from collections.abc import Callable
from operator import itemgetter
from typing import Any

from bohn import _native
from bohn.engine.actions import Action
from bohn.engine.beans import BeanGame
from bohn.engine.cards import PAYOUT_LIMIT
from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.actions import Family
from bohn.rl.actions import nums
from bohn.rl.actions import refs
from bohn.rl.actions import ruleset_encoding
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import bean_of
from bohn.rl.encoding import counts
from bohn.rl.encoding import histogram
from bohn.rl.encoding import mark
from bohn.rl.encoding import memoised
from bohn.rl.encoding import one_hot
from bohn.rl.encoding import one_hots
from bohn.rl.encoding import scaled
from bohn.rl.state import BeanStateWriter
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout


def defined_by(cls: type, name: str) -> type | None:
    """The class of ``cls``'s method resolution order that defines ``name``."""
    for c in cls.__mro__:
        if name in c.__dict__:
            return c
    return None


def c_writer(py: BeanStateWriter, pays: list[list[int]] | None) -> Any:
    """``py``'s C twin (:class:`bohn.rl.cwriter.BeanWriter`, written for Cython)
    where the compiled build is in use, else ``py`` itself: the pure-Python
    build has no C writer, and ``BOHN_C_WRITER=0`` keeps the reference.
    ``pays``: :meth:`BeanEncoding.field_pays`."""
    if not _native.ACTIVE or os.environ.get("BOHN_C_WRITER", "1") == "0":
        return py
    try:
        from bohn.rl.cwriter import BeanWriter
    except ImportError:  # a build from before the C writer: the reference
        return py
    return BeanWriter(py, pays)


class RulesetEncoding(ABC):
    """The contract of a ruleset's ``ENCODING`` (see the module docstring)."""

    @abstractmethod
    def blocks(self, enc: Encoder, kind: type[Game]) -> None:
        """Add the ruleset's observation blocks to ``enc`` (after ``phase``)."""

    @abstractmethod
    def caps(self, kind: type[Game], players: int) -> Caps:
        """The windows of the action table for ``players`` players."""

    @abstractmethod
    def families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        """The action families within ``caps``, in index order."""

    def state_writer(self, enc: Encoder, kind: type[Game]) -> Any:
        """A writer of ``enc``'s vector from the game's state (see the module
        docstring), or None: the vector is encoded from ``observe(seat)``."""
        return None

    def written_exactly(
        self, kind: type[Game], observes: tuple[type, ...], part: type | None, method: str
    ) -> bool:
        """Whether ``part``'s writers from the state write what this part's
        blocks write for ``kind``: ``kind`` observes as one of ``observes``
        does (its ``observe`` is theirs) and the blocks are ``part``'s (the
        ``method`` that adds them, ``blocks`` or ``extra_blocks``, is
        ``part``'s, not that of a part built on it)."""
        return defined_by(kind, "observe") in observes and defined_by(type(self), method) is part


def bean_kind(kind: type[Game]) -> type[BeanGame]:
    """``kind`` as the bean game it must be for :class:`BeanEncoding`."""
    if not issubclass(kind, BeanGame):
        raise TypeError(f"{kind.variant} is not a bean game: its encoding is its own")
    return kind


class BeanEncoding(RulesetEncoding):
    """The blocks and families every bean game has (every ruleset but
    Bohnkick). A ruleset extends it: it sets the switches below and overrides
    :meth:`extra_blocks`, :meth:`extra_families`, :meth:`modes` or
    :meth:`caps` for what it adds."""

    #: ``buy-field`` is in the table where the rules handle it (a ruleset
    #: whose third field is bought otherwise sets this False)
    buy_field: bool = True
    #: ``plant t{t} f{f}`` is in the table even where the rules have no ``keep``
    plant_traded: bool = False
    #: ``plant h{h} f{f}``: planting any hand card
    plant_hand: bool = False
    #: the game classes whose ``observe`` the writers of :meth:`extra_writers`
    #: follow (a ruleset whose game adds observation keys names its own)
    observes: tuple[type[Game], ...] = (BeanGame,)

    # -- the windows and the action families -----------------------------------

    def field_slots(self, kind: type[Game]) -> int:
        """Field slots per seat, of the encoding and the table: the most
        fields a seat may have (``max_fields``; High Bohn's 6)."""
        return bean_kind(kind).max_fields

    def caps(self, kind: type[Game], players: int) -> Caps:
        cards = sum(kind.table.counts)
        return Caps(
            fields=self.field_slots(kind),
            hand=cards,
            trade_hand=8,
            revealed=bean_kind(kind).reveal_count,
            traded=24,
            store=0,
            offers_in=8,
            offers_out=8,
            depth=32,
            mode_hand=12,
            piles=4,
            discard=cards,
        )

    def modes(self, caps: Caps) -> list[str]:
        """The planting modes (``plant f{f} {mode}``); none by default."""
        return []

    def families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        """The bean games' families, then :meth:`extra_families`."""
        handled = {a.type for a in kind.HANDLERS if issubclass(a, Action)}
        beans = list(kind.table.bean_keys)
        f = nums(caps.fields)
        out: list[Family] = [
            Family("pass", {}, "pass / no more"),
            Family("harvest f{f}", {"f": f}, "harvest a field"),
        ]
        if "buy-field" in handled and self.buy_field:
            out.append(Family("buy-field", {}, "buy the third field (top coins)"))
        modes = self.modes(caps)
        out.append(Family("plant f{f}", {"f": f}, "plant the front hand card"))
        if modes:
            out.append(Family("plant f{f} {mode}", {"f": f, "mode": modes}, "... with a mode"))
        if "keep" in handled or self.plant_traded:
            out.append(
                Family("plant t{t} f{f}", {"t": nums(caps.traded), "f": f}, "plant a traded card")
            )
            if modes:
                out.append(
                    Family(
                        "plant t{t} f{f} {mode}",
                        {"t": nums(caps.mode_hand), "f": f, "mode": modes},
                        "... with a mode",
                    )
                )
        if self.plant_hand:
            out.append(
                Family("plant h{h} f{f}", {"h": nums(caps.hand, 1), "f": f}, "plant hand card h")
            )
            if modes:
                out.append(
                    Family(
                        "plant h{h} f{f} {mode}",
                        {"h": nums(caps.mode_hand, 1), "f": f, "mode": modes},
                        "... with a mode",
                    )
                )
        if "propose" in handled and players > 1:
            give = refs("h", caps.trade_hand) + refs("r", caps.revealed) + refs("s", caps.store)
            seats = nums(players, 1)
            out += [
                Family("propose +{to} give {g}", {"to": seats, "g": give}, "a gift"),
                Family("propose +{to} want {b}", {"to": seats, "b": beans}, "a request"),
                Family(
                    "propose +{to} give {g} want {b}",
                    {"to": seats, "g": give, "b": beans},
                    "one card for one card of a type",
                ),
                Family("accept @{o}", {"o": nums(caps.offers_in)}, "accept a gift"),
                Family(
                    "accept @{o} give {g}",
                    {"o": nums(caps.offers_in), "g": give},
                    "accept, giving one card",
                ),
                Family("decline @{o}", {"o": nums(caps.offers_in)}, "decline an offer"),
                Family("withdraw @{o}", {"o": nums(caps.offers_out)}, "withdraw my offer"),
                Family("keep r{r}", {"r": nums(caps.revealed)}, "keep a revealed card"),
                Family("end-trading", {}, "end the trading phase"),
            ]
        out += self.extra_families(kind, players, caps)
        return out

    def extra_families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        """The ruleset's own families, after the bean games'; none by default."""
        return []

    # -- the observation blocks --------------------------------------------------

    def extra_blocks(self, enc: Encoder, kind: type[Game]) -> None:
        """Add the ruleset's own blocks, after the bean games'; none by default."""

    def extra_writers(self, layout: Layout, kind: type[Game]) -> list[ExtraWriter]:
        """The state writers of :meth:`extra_blocks`'s blocks, made from the
        configuration's layout; none by default (the bean games add none)."""
        return []

    def state_extras(self, enc: Encoder, kind: type[Game]) -> list[ExtraWriter] | None:
        """The state writers of :meth:`extra_blocks`'s blocks
        (:meth:`extra_writers`), or None where they would not write what the
        blocks do: ``kind`` observes other than as one of :attr:`observes`,
        or the part that adds the blocks is not the one that gives their
        writers (a part built on it added blocks and no writers)."""
        part = defined_by(type(self), "extra_writers")
        if not self.written_exactly(kind, self.observes, part, "extra_blocks"):
            return None
        return self.extra_writers(enc.writer_layout(), kind)

    def state_writer(self, enc: Encoder, kind: type[Game]) -> Any:
        """The bean games' writer (:class:`~bohn.rl.state.BeanStateWriter`,
        the reference) where :meth:`state_extras` allows one; in the compiled
        build, its C twin (:func:`c_writer`)."""
        py = self.reference_writer(enc, kind)
        return None if py is None else c_writer(py, self.field_pays(kind, enc.players))

    def pays_by_top(self, kind: type[Game]) -> bool:
        """Whether ``kind`` prices a field by its top card and its size alone,
        as the bean games do (``BeanGame.harvest_value`` and ``_meter_card``).
        A ruleset whose own ``harvest_value`` does too says so here."""
        return (
            defined_by(kind, "harvest_value") is BeanGame
            and defined_by(kind, "_meter_card") is BeanGame
        )

    def field_pays(self, kind: type[Game], players: int) -> list[list[int]] | None:
        """What a field pays now, by its top card and its size (0 ... the
        payout limit; a larger field pays as the limit), where
        :meth:`pays_by_top` allows it, else None (the writer asks the game,
        ``field_pays(seat)``). Asked of the rules themselves: the
        ``harvest_value`` of a field of that card repeated, in a new game of
        ``kind`` for ``players``."""
        if not self.pays_by_top(kind):
            return None
        game = kind.new(players, seed=0)
        assert isinstance(game, BeanGame) and type(game) is kind
        fields = game.fields[0]  # the probe game is thrown away after
        out: list[list[int]] = []
        for c in range(len(kind.table.keys)):
            row = []
            for n in range(PAYOUT_LIMIT + 1):
                fields[0] = [c] * n
                row.append(game.harvest_value(0, 0))
            out.append(row)
        return out

    def reference_writer(self, enc: Encoder, kind: type[Game]) -> BeanStateWriter | None:
        """The :class:`~bohn.rl.state.BeanStateWriter` of ``enc`` (None: no
        writer, the vector is encoded from ``observe(seat)``)."""
        extras = self.state_extras(enc, kind)
        if extras is None:
            return None
        return BeanStateWriter(enc.writer_layout(), self.reveal_slots(kind), extras)

    def reveal_slots(self, kind: type[Game]) -> int:
        """The positions of the ``revealed`` block."""
        return max(2, bean_kind(kind).reveal_count)

    def blocks(self, enc: Encoder, kind: type[Game]) -> None:
        """The bean games' blocks, then :meth:`extra_blocks`."""
        fields = self.field_slots(kind)
        enc.fields = fields
        self._table_blocks(enc)
        self._discard_blocks(enc)
        reveal = self.reveal_slots(kind)
        enc.card_sequence(
            "revealed", "revealed", reveal, "the revealed cards, one-hot per position"
        )
        self._offers(enc)
        # per seat, relative
        for k in range(enc.players):
            self._seat_block(enc, k, fields)
        self._own_blocks(enc)
        self.extra_blocks(enc, kind)

    def _table_blocks(self, enc: Encoder) -> None:
        """The turn, the active and the starting seat, the plantings of this
        turn, the draw pile, its exhaustions, the last turn and the seats the
        game waits on."""
        total = enc.total
        enc.number("turn", "turn", 100.0, 10.0, "turn counter / 100")
        enc.seat("active", "active", "whose turn it is (relative one-hot)")
        enc.seat("first_player", "first_player", "the starting seat (relative one-hot)")
        enc.number("planted", "planted", 2.0, 10.0, "cards the active player planted this turn / 2")
        enc.number("deck_size", "deck_size", float(total), 1.0, "cards in the draw pile / cards")
        enc.number("exhaustions", "exhaustions", 4.0, 2.0, "deck exhaustions / 4")
        enc.number("final_exhaustion", "final_exhaustion", 4.0, 2.0, "the final count / 4")

        def last_turn(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            if o.get("last_turn"):
                mark(base, idx, val)

        enc.custom("last_turn", 1, 1.0, "1 once the final exhaustion has happened", last_turn)
        enc.seat_set("waiting_for", "waiting_for", "the seats the game waits on (relative)")

    def _discard_blocks(self, enc: Encoder) -> None:
        """The discard pile: its cards counted, its top card and its size."""
        cards = enc.cards
        nk = len(cards)
        total = enc.total
        enc.card_counts("discard", "discard", 10.0, "the discard pile: count of each card key / 10")
        disc_top = enc.add("discard_top", nk, 1.0, "the top card of the discard pile")
        disc_size = enc.add("discard_size", 1, 1.0, "cards on the discard pile / cards")

        def discard(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            d = o.get("discard")
            if d:
                one_hot(cards, d[-1], disc_top, idx, val)
                scaled(len(d), disc_size, total, 1.0, idx, val)

        enc.writer(discard)

    def _own_blocks(self, enc: Encoder) -> None:
        """My own cards, which only I see: my hand by position (its first 10
        cards) and counted whole, and my coins' bean sides."""
        cards = enc.cards
        beans = enc.beans
        nk = len(cards)
        nb = len(beans)
        total = enc.total
        hand_len = 10
        b_hand = enc.add(
            "hand",
            hand_len * nk,
            1.0,
            f"my hand, one-hot per position for the first {hand_len} cards (front first)",
        )
        b_counts = enc.add(
            "hand_counts", nk, total / 5.0, "my whole hand: count of each card key / 5"
        )
        b_coins = enc.add(
            "coin_cards", nb, total / 10.0, "my coins' bean sides: count per bean type / 10"
        )

        def hand_entries(hand: tuple[str, ...], idx: list[int], val: list[float]) -> None:
            one_hots(cards, hand, hand_len, b_hand, idx, val)
            counts(cards, hand, b_counts, 5.0, total / 5.0, idx, val)

        def coin_entries(coins: tuple[str, ...], idx: list[int], val: list[float]) -> None:
            sides = [bean_of(c) for c in coins]
            counts(beans, sides, b_coins, 10.0, total / 10.0, idx, val)

        hand_blocks = memoised(hand_entries)
        coin_block = memoised(coin_entries)

        def mine(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            s = o["seats"][rel[0]]
            hand = s.get("hand")
            if hand:
                hand_blocks(tuple(hand), idx, val)
            cc = s.get("coin_cards")
            if cc:
                coin_block(tuple(cc), idx, val)

        enc.writer(mine)

    def _offers(self, enc: Encoder) -> None:
        """The open offers: those made to me and those I made, oldest first,
        a slot each (:meth:`_offer_slot`), and how many others are open."""
        n = enc.players
        nk = len(enc.cards)
        nb = len(enc.beans)
        slots_in, slots_out = 8, 8
        per = 1 + n + nk + 3 + nb
        one = self._offer_slot(enc)
        b_in = enc.add(
            "offers_to_me",
            slots_in * per,
            10.0,
            f"the open offers made to me, oldest first ({slots_in} slots of {per}: present, "
            "from (relative one-hot), cards given (key counts / 2), zones given (h, r, s "
            "counts / 2), wanted bean types (counts / 2))",
        )
        b_out = enc.add(
            "offers_by_me",
            slots_out * per,
            10.0,
            f"my open offers, oldest first ({slots_out} slots laid out as offers_to_me, "
            "'from' holding the seat offered to)",
        )
        b_other = enc.add("offers_other", 1, 10.0, "other open offers (count / 10)")

        slot = memoised(one)
        by_id = itemgetter("id")

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
                    slot(key, idx, val)
            scaled(other, b_other, 10.0, 10.0, idx, val)

        enc.writer(write)

    def _offer_slot(
        self, enc: Encoder
    ) -> Callable[[tuple[Any, ...], list[int], list[float]], None]:
        """A writer of one offer's slot from ``(start, seat, give, give_from,
        want)``, ``seat`` the other seat relative to mine: present, that seat
        (one-hot), the cards given (key counts / 2), the zones they come from
        (``h``, ``r``, ``s``: counts / 2) and the bean types wanted (counts / 2)."""
        n = enc.players
        nk = len(enc.cards)
        give_hist = histogram(enc.cards, 2.0, 10.0)
        want_hist = histogram(enc.beans, 2.0, 10.0)
        zones = {"h": 0, "r": 1, "s": 2}

        def one(key: tuple[Any, ...], idx: list[int], val: list[float]) -> None:
            base, who, give, give_from, want = key
            mark(base, idx, val)
            mark(base + 1 + who, idx, val)
            give_hist(give, base + 1 + n, idx, val)
            counts(zones, give_from, base + 1 + n + nk, 2.0, 10.0, idx, val)
            want_hist(want, base + 1 + n + nk + 3, idx, val)

        return one

    def _seat_block(self, enc: Encoder, k: int, fields: int) -> None:
        cards = enc.cards
        nk = len(cards)
        total = enc.total
        per_field = 3 + 2 * nk
        size = 4 + nk + fields * per_field
        field_hist = histogram(cards, 10.0, total / 10.0)
        area_hist = histogram(cards, 3.0, total / 3.0)
        who = "me" if k == 0 else f"the seat {k} place(s) after me"
        base0 = enc.add(
            f"seat{k}",
            size,
            total / 3.0,
            f"{who}: hand size / 10, coins / 10, proposals left / 20, number of fields / "
            f"{fields}, trading area (key counts / 3), then per field slot ({fields}): "
            "present, cards / 10, what a harvest pays / 4, top card (one-hot), "
            "cards (key counts / 10)",
        )

        def field_entries(key: tuple[Any, ...], idx: list[int], val: list[float]) -> None:
            flds, pays = key
            for j, f in enumerate(flds[:fields]):
                base = base0 + 4 + nk + j * per_field
                mark(base, idx, val)
                if f:
                    scaled(len(f), base + 1, 10.0, total / 10.0, idx, val)
                    if j < len(pays):
                        scaled(pays[j], base + 2, 4.0, 10.0, idx, val)
                    one_hot(cards, f[-1], base + 3, idx, val)
                    field_hist(f, base + 3 + nk, idx, val)

        def number_entries(nums: tuple[int, ...], idx: list[int], val: list[float]) -> None:
            # all four written, zeros too
            idx.extend([base0, base0 + 1, base0 + 2, base0 + 3])
            val.extend(
                [
                    min(nums[0] / 10.0, 10.0),
                    min(nums[1] / 10.0, 10.0),
                    min(nums[2] / 20.0, 10.0),
                    nums[3] / fields,
                ]
            )

        numbers = memoised(number_entries)
        field_blocks = memoised(field_entries)

        def write(o: dict[str, Any], rel: list[int], idx: list[int], val: list[float]) -> None:
            s = o["seats"][rel[k]]
            get = s.get
            flds = get("fields") or ()
            numbers(
                (get("hand_size", 0), get("coins", 0), get("proposals_left", 0), len(flds)),
                idx,
                val,
            )
            area = get("trading_area")
            if area:
                area_hist(area, base0 + 4, idx, val)
            pays = get("field_pays") or ()
            field_blocks((tuple(map(tuple, flds)), tuple(pays)), idx, val)

        enc.writer(write)


#: the encoding of a bean game whose ruleset has no part ``encoding``
BEANS = BeanEncoding()


def encoding_of(variant: str) -> RulesetEncoding:
    """The :class:`RulesetEncoding` of ``variant``: its part's ``ENCODING``
    (the part of the ruleset itself or of the nearest it derives from;
    Bohnanza's is :data:`BEANS`, which every bean game built on it inherits
    unless it has its own)."""
    found = ruleset_encoding(variant)
    if not isinstance(found, RulesetEncoding):
        raise TypeError(f"the ENCODING of {variant} is not a RulesetEncoding: {found!r}")
    return found


__all__ = ["BEANS", "BeanEncoding", "RulesetEncoding", "encoding_of"]
