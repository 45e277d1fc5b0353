"""Ladybohn's part of the research environment (:mod:`bohn.rl.parts`): the
planting modes ``pull<i>``, the third fields left and the foisting (written
from the state by :class:`~bohn.rulesets.ladybohn.state.LadybohnWriter`, compiled)."""

from __future__ import annotations

from bohn.engine.beans import BeanGame
from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import decision
from bohn.rl.encoding import histogram
from bohn.rl.parts import BeanEncoding
from bohn.rl.parts import defined_by
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rulesets.ladybohn.rules import Ladybohn
from bohn.rulesets.ladybohn.state import LadybohnWriter


class LadybohnEncoding(BeanEncoding):
    """Ladybohn: the bean games' blocks and families, pulls, foisting."""

    observes: tuple[type[Game], ...] = (Ladybohn,)

    def modes(self, caps: Caps) -> list[str]:
        """Planting with a pull of the card at each depth (``pull<i>``)."""
        return [f"pull{i}" for i in range(caps.depth)]

    def extra_blocks(self, enc: Encoder, kind: type[Game]) -> None:
        enc.number("third_fields_left", "third_fields_left", 2.0, 10.0, "third fields left / 2")
        n = enc.players
        total = enc.total
        hist = histogram(enc.cards, 2.0, total / 2.0)
        nk = len(enc.cards)

        enc.custom(
            "foist",
            1 + n + nk,
            total / 2.0,
            "phase foist: open, the seat (relative), the cards (key counts / 2)",
            decision("foist", n, lambda fo, base, i, v: hist(fo.get("cards"), base, i, v)),
        )

    def pays_by_top(self, kind: type[Game]) -> bool:
        """Ladybohn's ``harvest_value`` (a garten field pays its whole
        beanometer, §4.1.4) prices a field by its top card and size alone,
        as the bean games' does."""
        return defined_by(kind, "harvest_value") in (BeanGame, Ladybohn) and (
            defined_by(kind, "_meter_card") is BeanGame
        )

    def extra_writers(self, layout: Layout, kind: type[Game]) -> list[ExtraWriter]:
        return [LadybohnWriter(layout)]


ENCODING = LadybohnEncoding()
