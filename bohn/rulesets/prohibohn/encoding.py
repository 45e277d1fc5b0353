"""Prohibohn's part of the research environment (:mod:`bohn.rl.parts`): Al
Cabohne's, without ``buy-field``, with planting any hand card, and the
establishments' families and blocks."""

from __future__ import annotations

import itertools
from typing import Any

from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.actions import Family
from bohn.rl.actions import nums
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import bean_of
from bohn.rl.encoding import flags
from bohn.rl.encoding import histogram
from bohn.rl.encoding import mark
from bohn.rl.encoding import mark_keys
from bohn.rl.encoding import scaled
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rulesets.al_cabohne.encoding import AlCabohneEncoding
from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS
from bohn.rulesets.prohibohn.rules import Prohibohn
from bohn.rulesets.prohibohn.state import KINDS
from bohn.rulesets.prohibohn.state import TALLY
from bohn.rulesets.prohibohn.state import EstablishmentWriter


class ProhibohnEncoding(AlCabohneEncoding):
    """Prohibohn: Al Cabohne's blocks and families and the establishments'."""

    buy_field = False
    plant_hand = True
    observes: tuple[type[Game], ...] = (Prohibohn,)

    def extra_families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        f = nums(caps.fields)
        beans = list(kind.table.bean_keys)
        out = super().extra_families(kind, players, caps)
        deal = 8
        out += [
            Family(
                "stash {pair}",
                {"pair": [f"h{i},h{j}" for i, j in itertools.combinations(range(deal), 2)]},
                "lay two starting coins",
            ),
            Family("drop h{h}", {"h": nums(caps.hand)}, "casino-3: drop a hand card"),
            Family("remove {e}", {"e": list(ESTABLISHMENTS.keys)}, "remove a card"),
            Family("uncover", {}, "uncover more"),
            Family("protect f{f}", {"f": f}, "pub-3: protect a field"),
            Family("draw {k}", {"k": nums(9)}, "draw cards"),
            Family("build {e}", {"e": list(ESTABLISHMENTS.keys)}, "buy a card"),
            Family("build razzia name {b}", {"b": beans}, "buy the Razzia with other coins"),
            Family("take {b}", {"b": beans}, "police-coin: take a coin"),
        ]
        return out

    def extra_blocks(self, enc: Encoder, kind: type[Game]) -> None:
        super().extra_blocks(enc, kind)
        keys = list(ESTABLISHMENTS.keys)
        ek = {k: i for i, k in enumerate(keys)}
        total = enc.total

        def seat(s: dict[str, Any], base: int, idx: list[int], val: list[float]) -> None:
            mark_keys(s.get("establishments"), ek, base, idx, val)
            tally = s.get("tally") or {}
            for j, key in enumerate(TALLY):
                scaled(tally.get(key), base + len(keys) + j, 20.0, 10.0, idx, val)
            if s.get("stashed"):
                mark(base + len(keys) + 4, idx, val)

        enc.per_seat(
            "pb_seats",
            len(keys) + 5,
            10.0,
            "establishments owned (multi-hot over the cards of cards.json), tally (cash, "
            "cards, bonus, total / 20), stashed",
            seat,
        )
        enc.multi_hot("pb_supply", keys, "supply", "cards still to be bought")
        beans = enc.beans
        coin = histogram(beans, 5.0, total / 5.0)

        def rest(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            flags([o.get("razzia"), o.get("extended")], base, idx, val)
            scaled(o.get("under"), base + 2, 10.0, 10.0, idx, val)
            scaled(o.get("uncovered"), base + 3, 5.0, 10.0, idx, val)
            st = o.get("stage")
            if isinstance(st, int) and 0 <= st <= 6:
                mark(base + 4 + st, idx, val)
            d = o.get("decision")
            p = base + 11
            if d:
                flags([key in d for key in KINDS], p, idx, val)
                if d.get("treasury"):
                    coin([bean_of(c) for c in d["treasury"]], p + len(KINDS), idx, val)

        enc.custom(
            "pb_table",
            11 + len(KINDS) + len(beans),
            total / 5.0,
            "razzia bought, extended, under / 10, uncovered / 5, stage (one-hot 0-6), the open "
            "decision (which of field, boss, counts, third, removable, treasury it names), the "
            "treasury shown to a Police Station's buyer (bean counts / 5)",
            rest,
        )

    def extra_writers(self, layout: Layout, kind: type[Game]) -> list[ExtraWriter]:
        """Al Cabohne's writers, then the establishments'."""
        return [*super().extra_writers(layout, kind), EstablishmentWriter(layout)]


ENCODING = ProhibohnEncoding()
