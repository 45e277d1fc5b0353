"""Sissi's part of the research environment (:mod:`bohn.rl.parts`): the
bean games' encoding without ``buy-field`` (phase 5's choices are ``harvest``),
and the block ``sissi_action`` (written from the state by
:class:`~bohn.rulesets.sissi.state.SissiActionWriter`, compiled)."""

from __future__ import annotations

from typing import Any

from bohn.engine.game import Game
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import mark
from bohn.rl.parts import BeanEncoding
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rulesets.sissi.rules import Sissi
from bohn.rulesets.sissi.state import SissiActionWriter


class SissiEncoding(BeanEncoding):
    """Sissi: Bohnanza's blocks and families, no ``buy-field``, and ``sissi_action``."""

    buy_field = False
    observes: tuple[type[Game], ...] = (Sissi,)

    def extra_blocks(self, enc: Encoder, kind: type[Game]) -> None:
        n = enc.players
        f = enc.fields

        def fn(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            me = rel[0]
            for s, fld in o.get("sissi_action") or ():
                if fld < f:
                    mark(base + ((s - me) % n) * f + fld, idx, val)

        enc.custom(
            "sissi_action",
            n * f,
            1.0,
            "phase 5: the fields still to be harvested, per seat (relative) and field",
            fn,
        )

    def extra_writers(self, layout: Layout, kind: type[Game]) -> list[ExtraWriter]:
        return [SissiActionWriter(layout)]


ENCODING = SissiEncoding()
