"""Mutterböhnchen's part of the research environment (:mod:`bohn.rl.parts`):
Ladybohn's, without ``buy-field``, with the mode ``kavalier``, planting traded
and any hand cards, the attacks on coins and the two-player offer (written
from the state by Ladybohn's writer and :mod:`bohn.rulesets.mutterbohnchen.state`)."""

from __future__ import annotations

from collections.abc import Callable
from collections.abc import Sequence
from typing import Any

from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.actions import Family
from bohn.rl.actions import nums
from bohn.rl.encoding import BlockFn
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import EntryFn
from bohn.rl.encoding import decision
from bohn.rl.encoding import histogram
from bohn.rl.encoding import mark
from bohn.rl.encoding import one_hot
from bohn.rl.encoding import scaled
from bohn.rl.encoding import seat_hot
from bohn.rl.parts import defined_by
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rulesets.ladybohn.encoding import LadybohnEncoding
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen
from bohn.rulesets.mutterbohnchen.state import MutterbohnchenWriter
from bohn.rulesets.mutterbohnchen.two import MutterbohnchenForTwo

#: a writer of key counts at an offset (:func:`bohn.rl.encoding.histogram`)
Histogram = Callable[[Sequence[str] | None, int, list[int], list[float]], None]


def field_marks(slots: Any, fields: int, base: int, idx: list[int], val: list[float]) -> None:
    """A 1 at ``base + j`` for every field slot ``j`` of ``slots`` (a list, or
    None) among the ``fields`` slots: the open fields, the fields used."""
    for j in slots or ():
        if j < fields:
            mark(base + j, idx, val)


class MutterbohnchenEncoding(LadybohnEncoding):
    """Mutterböhnchen: Ladybohn's blocks and families and its own."""

    buy_field = False
    plant_traded = True
    plant_hand = True
    observes: tuple[type[Game], ...] = (Mutterbohnchen, MutterbohnchenForTwo)

    def modes(self, caps: Caps) -> list[str]:
        """``kavalier``, then Ladybohn's pulls."""
        return ["kavalier", *super().modes(caps)]

    def extra_families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        f = nums(caps.fields)
        out: list[Family] = []
        out += [
            Family("attack +{to} f{f}", {"to": nums(players, 1), "f": f}, "attack a seat's coins"),
            Family("uncover", {}, "turn up one more coin"),
            Family("take {c}", {"c": list(kind.table.keys)}, "take a coin / the Flitzer"),
            Family("pick f{f}.{i}", {"f": f, "i": nums(caps.depth)}, "pick a card on my field"),
            Family("pick d{i}", {"i": nums(caps.discard)}, "pick a card of the discard pile"),
        ]
        if players == 2:
            out += [
                Family("use p{p}", {"p": nums(caps.piles)}, "use a stack of the offer"),
                Family("discard p{p}", {"p": nums(caps.piles)}, "discard a stack"),
                Family("drop h{h}", {"h": nums(caps.hand)}, "discard a hand card"),
            ]
        return out

    def extra_blocks(self, enc: Encoder, kind: type[Game]) -> None:
        """Ladybohn's blocks, then each seat's coins and open field slots
        (:meth:`mb_seats_block`) and the table's open business
        (:meth:`mb_table_block`)."""
        super().extra_blocks(enc, kind)
        self.mb_seats_block(enc)
        self.mb_table_block(enc)

    def mb_seats_block(self, enc: Encoder) -> None:
        """``mb_seats``, per seat: its known coins (key counts / 5), its
        face-down coins / 5 and, with two players, its open field slots."""
        nk = len(enc.cards)
        f = enc.fields
        coin_hist = histogram(enc.cards, 5.0, enc.total / 5.0)

        def seat(s: dict[str, Any], base: int, idx: list[int], val: list[float]) -> None:
            coin_hist(s.get("known_coins"), base, idx, val)
            scaled(s.get("blind_coins"), base + nk, 5.0, 10.0, idx, val)
            field_marks(s.get("open_fields"), f, base + nk + 1, idx, val)

        enc.per_seat(
            "mb_seats",
            nk + 1 + f,
            enc.total / 5.0,
            "known coins (key counts / 5), blind coins / 5, open field slots (two players)",
            seat,
        )

    def mb_table_block(self, enc: Encoder) -> None:
        """``mb_table``: the attack (:meth:`attack_entries`), the quirk that
        asks (open, its seat, its card), the final placement (open, its seat,
        the fields used) and the game for two's table
        (:meth:`two_player_part`), one after the other."""
        n = enc.players
        cards = enc.cards
        nk = len(cards)
        f = enc.fields
        hist = histogram(cards, 2.0, enc.total / 2.0)
        parts: list[tuple[int, BlockFn]] = [
            (3 + n + 2 * nk, decision("attack", n, self.attack_entries(enc, hist), "target")),
            (
                1 + n + nk,
                decision("quirk", n, lambda q, p, i, v: one_hot(cards, q.get("card"), p, i, v)),
            ),
            (
                1 + n + f,
                decision(
                    "final_placement",
                    n,
                    lambda fp, p, i, v: field_marks(fp.get("used"), f, p, i, v),
                ),
            ),
            (n + 4 * nk + 1, self.two_player_part(enc, hist)),
        ]

        def rest(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            p = base
            for size, part in parts:
                part(o, rel, p, idx, val)
                p += size

        enc.custom(
            "mb_table",
            sum(size for size, _ in parts),
            enc.total / 2.0,
            "the attack (open, target relative, reach / 5, turned-up coins as key counts / 2, "
            "open attacks / 5, coins set aside), the quirk (open, seat, card one-hot), the "
            "final placement (open, seat, fields used), two players: the third-field card's "
            "holder, the offer's stacks (4, key counts / 2), hand_discarded",
            rest,
        )

    def attack_entries(self, enc: Encoder, hist: Histogram) -> EntryFn:
        """The open attack's entries in ``mb_table`` (after its head, open and
        its target): its reach / 5, the coins turned up (key counts / 2), the
        open attacks / 5 and the coins set aside (key counts / 2)."""
        nk = len(enc.cards)

        def write(a: dict[str, Any], p: int, idx: list[int], val: list[float]) -> None:
            scaled(a.get("reach"), p, 5.0, 10.0, idx, val)
            hist(a.get("turned"), p + 1, idx, val)
            scaled(len(a.get("open") or ()), p + 1 + nk, 5.0, 10.0, idx, val)
            hist(a.get("aside"), p + 2 + nk, idx, val)

        return write

    def two_player_part(self, enc: Encoder, hist: Histogram) -> BlockFn:
        """The game for two's part of ``mb_table`` (players + 4 keys + 1): the
        third-field card's holder (relative), the offer's stacks (4, key
        counts / 2) and whether a hand card was discarded this turn."""
        n = enc.players
        nk = len(enc.cards)

        def write(
            o: dict[str, Any], rel: list[int], p: int, idx: list[int], val: list[float]
        ) -> None:
            seat_hot(o.get("third_field_card"), rel[0], n, p, idx, val)
            p += n
            for j, stack in enumerate((o.get("offer") or ())[:4]):
                hist(stack, p + j * nk, idx, val)
            p += 4 * nk
            if o.get("hand_discarded"):
                mark(p, idx, val)

        return write

    def extra_writers(self, layout: Layout, kind: type[Game]) -> list[ExtraWriter]:
        """Ladybohn's writer, then Mutterböhnchen's (which also overwrites the
        seats' coin counts: its observation counts the face-down coins)."""
        two = defined_by(kind, "observe") is MutterbohnchenForTwo
        return [*super().extra_writers(layout, kind), MutterbohnchenWriter(layout, two)]


ENCODING = MutterbohnchenEncoding()
