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
from bohn.rl.encoding import histogram
from bohn.rl.encoding import mark_keys
from bohn.rl.parts import BeanEncoding
from bohn.rl.parts import defined_by
from bohn.rl.state import ExtraWriter
from bohn.rulesets.high_bohn.rules import BUILDINGS
from bohn.rulesets.high_bohn.rules import TYPE_NAMES
from bohn.rulesets.high_bohn.rules import HighBohn
from bohn.rulesets.high_bohn.state import HighBohnWriter


class HighBohnEncoding(BeanEncoding):
    """High Bohn: the bean games' blocks and families and its buildings'."""

    def caps(self, kind: type[Game], players: int) -> Caps:
        """The bean games' windows, and the General Store's 8 positions (``s<i>``)."""
        return replace(super().caps(kind, players), store=8)

    def modes(self, caps: Caps) -> list[str]:
        return ["stew", "joker"]

    def extra_families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        beans = list(kind.table.bean_keys)
        out: list[Family] = []
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
        field_kinds = {"regular": 0, "third": 1, "goldmine": 2, "saloon": 3, "blacksmith": 4}
        nk = len(enc.cards)
        nbld = len(buildings)
        f = enc.fields
        total = enc.total
        store_hist = histogram(enc.cards, 3.0, total / 3.0)
        per = nbld + f * 5 + 2 * f + nk + 5

        def seat(
            s: dict[str, Any],
            o: dict[str, Any],
            rel: list[int],
            base: int,
            idx: list[int],
            val: list[float],
        ) -> None:
            mark_keys(s.get("buildings"), buildings, base, idx, val)
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
            lambda s, o, r, base, i, v: coin_hist(
                [bean_of(c) for c in s.get("coin_cards") or ()], base, i, v
            ),
        )

    def hb_table_block(self, enc: Encoder) -> None:
        """``hb_table``: the top card seen with the 2 Bank, my drawn cards,
        the banks used this turn, the final buyer, the distillery's window and
        the 4 Jail's choice."""
        kinds = sorted(set(BUILDINGS.kinds))
        kind_index = {k: i for i, k in enumerate(kinds)}
        cards = enc.cards
        nk = len(cards)
        n = enc.players
        store_hist = histogram(cards, 3.0, enc.total / 3.0)

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

        enc.custom(
            "hb_table",
            nk + 3 * nk + 2 + n + 1 + len(kinds) + n + 1 + n + nk,
            enc.total / 3.0,
            "the bank-2 deck top (one-hot), my drawn cards (one-hot per position, 3), "
            "bank_used (bury, move), the final buyer (relative), the distillery window "
            f"(open, building type one-hot over {', '.join(kinds)}, seats to decide), "
            "the jail-4 choice (open, seat, cards as key counts / 3)",
            rest,
        )

    def state_extras(self, enc: Encoder, kind: type[Game]) -> list[ExtraWriter] | None:
        if defined_by(kind, "observe") is not HighBohn:
            return None
        if defined_by(type(self), "extra_blocks") is not HighBohnEncoding:
            return None
        kinds = sorted(set(BUILDINGS.kinds))
        kind_index = {k: i for i, k in enumerate(kinds)}
        beans = enc.beans
        return [
            HighBohnWriter(
                {b.name: b.start for b in enc.blocks},
                enc.players,
                enc.fields,
                len(enc.cards),
                len(BUILDINGS.keys),
                len(kinds),
                len(beans),
                [beans.get(bean_of(k), -1) for k in enc.cards],
                {bean: kind_index[name] for bean, name in TYPE_NAMES.items()},
                enc.total,
            )
        ]


ENCODING = HighBohnEncoding()
