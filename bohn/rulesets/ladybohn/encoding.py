"""Ladybohn's part of the research environment (:mod:`bohn.rl.parts`): the
planting modes ``pull<i>``, the third fields left and the foisting (written
from the state by :class:`~bohn.rulesets.ladybohn.state.LadybohnWriter`, compiled)."""

from __future__ import annotations

from typing import Any

from bohn.engine.beans import BeanGame
from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import histogram
from bohn.rl.parts import BeanEncoding
from bohn.rl.parts import defined_by
from bohn.rl.state import ExtraWriter
from bohn.rulesets.ladybohn.rules import Ladybohn
from bohn.rulesets.ladybohn.state import LadybohnWriter


class LadybohnEncoding(BeanEncoding):
    """Ladybohn: the bean games' blocks and families, pulls, foisting."""

    def modes(self, caps: Caps) -> list[str]:
        """Planting with a pull of the card at each depth (``pull<i>``)."""
        return [f"pull{i}" for i in range(caps.depth)]

    def extra_blocks(self, enc: Encoder, kind: type[Game]) -> None:
        enc.number("third_fields_left", "third_fields_left", 2.0, 10.0, "third fields left / 2")
        n = enc.players
        total = enc.total
        hist = histogram(enc.cards, 2.0, total / 2.0)
        nk = len(enc.cards)

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

        enc.custom(
            "foist",
            1 + n + nk,
            total / 2.0,
            "phase foist: open, the seat (relative), the cards (key counts / 2)",
            foist,
        )

    def pays_by_top(self, kind: type[Game]) -> bool:
        """Ladybohn's ``harvest_value`` (a garten field pays its whole
        beanometer, §4.1.4) prices a field by its top card and size alone,
        as the bean games' does."""
        return defined_by(kind, "harvest_value") in (BeanGame, Ladybohn) and (
            defined_by(kind, "_meter_card") is BeanGame
        )

    def state_extras(self, enc: Encoder, kind: type[Game]) -> list[ExtraWriter] | None:
        if defined_by(kind, "observe") is not Ladybohn:
            return None
        if defined_by(type(self), "extra_blocks") is not LadybohnEncoding:
            return None
        start = {b.name: b.start for b in enc.blocks}
        return [
            LadybohnWriter(
                start["third_fields_left"],
                start["foist"],
                enc.players,
                len(enc.cards),
                enc.total,
            )
        ]


ENCODING = LadybohnEncoding()
