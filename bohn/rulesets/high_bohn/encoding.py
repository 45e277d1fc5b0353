"""High Bohn's part of the research environment (:mod:`bohn.rl.parts`): its
6 field slots (the game's ``max_fields``), planting modes ``stew`` and
``joker``, the General Store's window, the buildings' families and blocks
(written from the state by :mod:`bohn.rulesets.high_bohn.state`)."""

from __future__ import annotations

import itertools
from dataclasses import replace
from typing import Any

from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.actions import Family
from bohn.rl.actions import refs
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import bean_of
from bohn.rl.encoding import flags
from bohn.rl.encoding import histogram
from bohn.rl.encoding import mark
from bohn.rl.encoding import mark_keys
from bohn.rl.encoding import one_hot
from bohn.rl.encoding import one_hots
from bohn.rl.encoding import opened
from bohn.rl.encoding import scaled
from bohn.rl.encoding import seat_hot
from bohn.rl.parts import BeanEncoding
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rulesets.high_bohn.rules import BUILDINGS
from bohn.rulesets.high_bohn.rules import FIELD_KINDS
from bohn.rulesets.high_bohn.rules import TYPE_NAMES
from bohn.rulesets.high_bohn.rules import HighBohn
from bohn.rulesets.high_bohn.state import HighBohnWriter

#: the building types, in the order of the encoding's one-hot and the table's names
BUILDING_TYPES = sorted(set(BUILDINGS.kinds))
#: building type -> its index in :data:`BUILDING_TYPES`
TYPE_INDEX = {k: i for i, k in enumerate(BUILDING_TYPES)}


class HighBohnEncoding(BeanEncoding):
    """High Bohn: the bean games' blocks and families and its buildings'."""

    observes: tuple[type[Game], ...] = (HighBohn,)

    def caps(self, kind: type[Game], players: int) -> Caps:
        """The bean games' windows, and the General Store's 8 positions (``s<i>``)."""
        return replace(super().caps(kind, players), store=8)

    def modes(self, caps: Caps) -> list[str]:
        return ["stew", "joker"]

    def extra_families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        beans = list(kind.table.bean_keys)
        out: list[Family] = []
        out += [
            Family("build {b}", {"b": list(BUILDINGS.keys)}, "buy a building"),
            Family(
                "build {b} name {k}",
                {
                    "b": [k for k in BUILDINGS.keys if k.startswith("distillery")],
                    "k": BUILDING_TYPES,
                },
                "buy a distillery naming a building type",
            ),
            Family(
                "store {c}",
                {"c": refs("h", 1) + refs("r", caps.revealed) + refs("t", caps.traded)},
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
        return out

    def extra_blocks(self, enc: Encoder, kind: type[Game]) -> None:
        """High Bohn's blocks, after the bean games': each seat's buildings,
        fields and coins (:meth:`hb_seats_block`, :meth:`coin_faces_block`),
        the buildings for sale and those out of the game, and the table's
        windows (:meth:`hb_table_block`)."""
        self.hb_seats_block(enc)
        self.coin_faces_block(enc)
        enc.multi_hot("supply", list(BUILDINGS.keys), "supply", "buildings still for sale")
        enc.multi_hot("removed", list(BUILDINGS.keys), "removed", "buildings out of the game")
        self.hb_table_block(enc)

    def hb_seats_block(self, enc: Encoder) -> None:
        """``hb_seats``, per seat: its buildings, its fields' kinds, stews and
        locks, its General Store, its stew, distillery and teepee coins, the
        cards it waits to order (3 Bank) and its plant limit."""
        buildings = {k: i for i, k in enumerate(BUILDINGS.keys)}
        field_kinds = {k: i for i, k in enumerate(FIELD_KINDS)}
        nfk = len(field_kinds)
        nk = len(enc.cards)
        nbld = len(buildings)
        f = enc.fields
        total = enc.total
        store_hist = histogram(enc.cards, 3.0, total / 3.0)
        per = nbld + f * nfk + 2 * f + nk + 5

        def seat(s: dict[str, Any], base: int, idx: list[int], val: list[float]) -> None:
            mark_keys(s.get("buildings"), buildings, base, idx, val)
            p = base + nbld
            one_hots(field_kinds, s.get("field_kinds"), f, p, idx, val)
            p += f * nfk
            flags((s.get("stews") or ())[:f], p, idx, val)
            flags((s.get("locked") or ())[:f], p + f, idx, val)
            p += 2 * f
            store_hist(s.get("store"), p, idx, val)
            p += nk
            for j, key in enumerate(("stew_coins", "distillery_coins", "teepee_coins")):
                scaled(len(s.get(key) or ()), p + j, 5.0, total / 5.0, idx, val)
            scaled(s.get("drawn_count"), p + 3, 3.0, 10.0, idx, val)
            scaled(s.get("plant_limit"), p + 4, 3.0, 10.0, idx, val)

        enc.per_seat(
            "hb_seats",
            per,
            total / 3.0,
            f"buildings owned (multi-hot over the {nbld} building keys), field kinds "
            "(one-hot of regular, third, goldmine, saloon, blacksmith per field slot), stews, "
            "locked fields, General Store (key counts / 3), stew / distillery / teepee coins "
            "(counts / 5), cards waiting for a bank-3 order / 3, plant limit / 3",
            seat,
        )

    def coin_faces_block(self, enc: Encoder) -> None:
        """``coin_faces``, per seat: its coins' bean sides, which all see in High Bohn."""
        coin_hist = histogram(enc.beans, 10.0, enc.total / 10.0)
        enc.per_seat(
            "coin_faces",
            len(enc.beans),
            enc.total / 10.0,
            "coin faces (public in High Bohn): count per bean type / 10",
            lambda s, base, i, v: coin_hist(
                [bean_of(c) for c in s.get("coin_cards") or ()], base, i, v
            ),
        )

    def hb_table_block(self, enc: Encoder) -> None:
        """``hb_table``: the top card seen with the 2 Bank, my drawn cards,
        the banks used this turn, the final buyer, the distillery's window and
        the 4 Jail's choice."""
        nt = len(BUILDING_TYPES)
        cards = enc.cards
        nk = len(cards)
        n = enc.players
        store_hist = histogram(cards, 3.0, enc.total / 3.0)

        def rest(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            one_hot(cards, o.get("deck_top"), base, idx, val)
            p = base + nk
            one_hots(cards, o.get("drawn"), 3, p, idx, val)
            p += 3 * nk
            used = o.get("bank_used") or {}
            flags([used.get("bury"), used.get("move")], p, idx, val)
            p += 2
            me = rel[0]
            seat_hot(o.get("final_buyer"), me, n, p, idx, val)
            p += n
            dist = o.get("distillery")
            if dist:
                mark(p, idx, val)
                one_hot(TYPE_INDEX, dist.get("building_type"), p + 1, idx, val)
                for s in dist.get("seats") or ():
                    seat_hot(s, me, n, p + 1 + nt, idx, val)
            p += 1 + nt + n
            jail: Any = o.get("jail_coin")
            if opened(jail, me, n, p, idx, val):
                store_hist(jail.get("cards"), p + 1 + n, idx, val)

        enc.custom(
            "hb_table",
            nk + 3 * nk + 2 + n + 1 + nt + n + 1 + n + nk,
            enc.total / 3.0,
            "the bank-2 deck top (one-hot), my drawn cards (one-hot per position, 3), "
            "bank_used (bury, move), the final buyer (relative), the distillery window "
            f"(open, building type one-hot over {', '.join(BUILDING_TYPES)}, seats to decide), "
            "the jail-4 choice (open, seat, cards as key counts / 3)",
            rest,
        )

    def extra_writers(self, layout: Layout, kind: type[Game]) -> list[ExtraWriter]:
        window_kinds = {bean: TYPE_INDEX[name] for bean, name in TYPE_NAMES.items()}
        return [HighBohnWriter(layout, len(BUILDINGS.keys), len(BUILDING_TYPES), window_kinds)]


ENCODING = HighBohnEncoding()
