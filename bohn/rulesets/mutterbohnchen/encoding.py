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
from bohn.rl.encoding import histogram
from bohn.rl.parts import defined_by
from bohn.rl.state import ExtraWriter
from bohn.rulesets.ladybohn.encoding import LadybohnEncoding
from bohn.rulesets.ladybohn.state import LadybohnWriter
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen
from bohn.rulesets.mutterbohnchen.state import MutterbohnchenWriter
from bohn.rulesets.mutterbohnchen.two import MutterbohnchenForTwo

#: a writer of key counts at an offset (:func:`bohn.rl.encoding.histogram`)
Histogram = Callable[[Sequence[str] | None, int, list[int], list[float]], None]


class MutterbohnchenEncoding(LadybohnEncoding):
    """Mutterböhnchen: Ladybohn's blocks and families and its own."""

    buy_field = False
    plant_traded = True
    plant_hand = True

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

        enc.per_seat(
            "mb_seats",
            nk + 1 + f,
            enc.total / 5.0,
            "known coins (key counts / 5), blind coins / 5, open field slots (two players)",
            seat,
        )

    def mb_table_block(self, enc: Encoder) -> None:
        """``mb_table``: the attack (:meth:`attack_part`), the quirk that asks
        (:meth:`quirk_part`), the final placement (:meth:`placement_part`)
        and the game for two's table (:meth:`two_player_part`), one after
        the other."""
        n = enc.players
        nk = len(enc.cards)
        f = enc.fields
        hist = histogram(enc.cards, 2.0, enc.total / 2.0)
        parts: list[tuple[int, BlockFn]] = [
            (3 + n + 2 * nk, self.attack_part(enc, hist)),
            (1 + n + nk, self.quirk_part(enc)),
            (1 + n + f, self.placement_part(enc)),
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
            3 + n + 2 * nk + 1 + n + nk + 1 + n + f + n + 4 * nk + 1,
            enc.total / 2.0,
            "the attack (open, target relative, reach / 5, turned-up coins as key counts / 2, "
            "open attacks / 5, coins set aside), the quirk (open, seat, card one-hot), the "
            "final placement (open, seat, fields used), two players: the third-field card's "
            "holder, the offer's stacks (4, key counts / 2), hand_discarded",
            rest,
        )

    def attack_part(self, enc: Encoder, hist: Histogram) -> BlockFn:
        """The attack's part of ``mb_table`` (3 + players + 2 keys): open, its
        target (relative), its reach / 5, the coins turned up (key counts / 2),
        the open attacks / 5 and the coins set aside (key counts / 2)."""
        n = enc.players
        nk = len(enc.cards)

        def write(
            o: dict[str, Any], rel: list[int], p: int, idx: list[int], val: list[float]
        ) -> None:
            a = o.get("attack")
            if not a:
                return
            idx.append(p)
            val.append(1.0)
            t = a.get("target")
            if isinstance(t, int) and 0 <= t < n:
                idx.append(p + 1 + (t - rel[0]) % n)
                val.append(1.0)
            if a.get("reach"):
                idx.append(p + 1 + n)
                val.append(min(a["reach"] / 5.0, 10.0))
            hist(a.get("turned"), p + 2 + n, idx, val)
            if a.get("open"):
                idx.append(p + 2 + n + nk)
                val.append(min(len(a["open"]) / 5.0, 10.0))
            hist(a.get("aside"), p + 3 + n + nk, idx, val)

        return write

    def quirk_part(self, enc: Encoder) -> BlockFn:
        """The quirk's part of ``mb_table`` (1 + players + keys): open, its
        owner (relative) and its card (one-hot)."""
        n = enc.players
        cards = enc.cards

        def write(
            o: dict[str, Any], rel: list[int], p: int, idx: list[int], val: list[float]
        ) -> None:
            q = o.get("quirk")
            if not q:
                return
            idx.append(p)
            val.append(1.0)
            s = q.get("seat")
            if isinstance(s, int):
                idx.append(p + 1 + (s - rel[0]) % n)
                val.append(1.0)
            c = cards.get(q.get("card"))
            if c is not None:
                idx.append(p + 1 + n + c)
                val.append(1.0)

        return write

    def placement_part(self, enc: Encoder) -> BlockFn:
        """The final placement's part of ``mb_table`` (1 + players + field
        slots): open, its seat (relative) and the fields used."""
        n = enc.players
        f = enc.fields

        def write(
            o: dict[str, Any], rel: list[int], p: int, idx: list[int], val: list[float]
        ) -> None:
            fp = o.get("final_placement")
            if not fp:
                return
            idx.append(p)
            val.append(1.0)
            s = fp.get("seat")
            if isinstance(s, int):
                idx.append(p + 1 + (s - rel[0]) % n)
                val.append(1.0)
            for j in fp.get("used") or ():
                if j < f:
                    idx.append(p + 1 + n + j)
                    val.append(1.0)

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
            holder = o.get("third_field_card")
            if isinstance(holder, int) and 0 <= holder < n:
                idx.append(p + (holder - rel[0]) % n)
                val.append(1.0)
            p += n
            for j, stack in enumerate((o.get("offer") or ())[:4]):
                hist(stack, p + j * nk, idx, val)
            p += 4 * nk
            if o.get("hand_discarded"):
                idx.append(p)
                val.append(1.0)

        return write

    def state_extras(self, enc: Encoder, kind: type[Game]) -> list[ExtraWriter] | None:
        """Ladybohn's writer, then Mutterböhnchen's (which also overwrites the
        seats' coin counts: its observation counts the face-down coins)."""
        observed = defined_by(kind, "observe")
        if observed not in (Mutterbohnchen, MutterbohnchenForTwo):
            return None
        if defined_by(type(self), "extra_blocks") is not MutterbohnchenEncoding:
            return None
        start = {b.name: b.start for b in enc.blocks}
        n = enc.players
        return [
            LadybohnWriter(
                start["third_fields_left"], start["foist"], n, len(enc.cards), enc.total
            ),
            MutterbohnchenWriter(
                [start[f"seat{k}"] for k in range(n)],
                start["mb_seats"],
                start["mb_table"],
                n,
                enc.fields,
                len(enc.cards),
                enc.total,
                observed is MutterbohnchenForTwo,
            ),
        ]


ENCODING = MutterbohnchenEncoding()
