"""Al Cabohne's part of the research environment (:mod:`bohn.rl.parts`): the
mafia's bosses, treasury and piles, and the families that place piles and feed
the bosses."""

from __future__ import annotations

from typing import Any

from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.actions import Family
from bohn.rl.actions import nums
from bohn.rl.encoding import Encoder
from bohn.rl.encoding import histogram
from bohn.rl.encoding import mark
from bohn.rl.encoding import one_hot
from bohn.rl.encoding import scaled
from bohn.rl.parts import BeanEncoding
from bohn.rl.state import ExtraWriter
from bohn.rl.state import Layout
from bohn.rulesets.al_cabohne.rules import BOSSES
from bohn.rulesets.al_cabohne.rules import AlCabohne
from bohn.rulesets.al_cabohne.state import PILES
from bohn.rulesets.al_cabohne.state import MafiaWriter


class AlCabohneEncoding(BeanEncoding):
    """Al Cabohne: the bean games' blocks and families and the mafia's."""

    observes: tuple[type[Game], ...] = (AlCabohne,)

    def extra_families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        f = nums(caps.fields)
        out: list[Family] = []
        piles = nums(caps.piles)
        out += [
            Family("place p{p} f{f}", {"p": piles, "f": f}, "put a pile on my field"),
            Family("place p{p} m{m}", {"p": piles, "m": nums(3)}, "put a pile on a boss"),
            Family("give h{h} m{m}", {"h": nums(caps.hand), "m": nums(3)}, "give a card to a boss"),
            Family("discard p{p}", {"p": piles}, "discard a pile"),
        ]
        return out

    def extra_blocks(self, enc: Encoder, kind: type[Game]) -> None:
        nk = len(enc.cards)
        total = enc.total
        cards = enc.cards
        boss_keys = [b[0] for b in BOSSES]
        hist = histogram(cards, 10.0, total / 10.0)
        per = 3 + 2 * nk

        def bosses(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            for j, b in enumerate((o.get("bosses") or ())[: len(boss_keys)]):
                p = base + j * per
                mark(p, idx, val)
                idx.append(p + 1)
                val.append(min(b["threshold"] / 10.0, 10.0))
                f = b.get("field") or ()
                if f:
                    scaled(len(f), p + 2, 10.0, total / 10.0, idx, val)
                    one_hot(cards, f[-1], p + 3, idx, val)
                    hist(f, p + 3 + nk, idx, val)

        enc.custom(
            "bosses",
            len(boss_keys) * per,
            total / 10.0,
            "per boss slot: present, threshold / 10, cards / 10, top card (one-hot), "
            "cards (key counts / 10)",
            bosses,
        )
        enc.number("treasury", "treasury", float(total), 1.0, "the mafia's coins / cards")

        def pile(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            for j, p in enumerate((o.get("piles") or ())[:PILES]):
                hist(p, base + j * nk, idx, val)

        enc.custom("piles", PILES * nk, total / 10.0, "the uncovered piles (key counts / 10)", pile)
        enc.onehot("feed", {k: i for i, k in enumerate(boss_keys)}, "feed", "the boss to be fed")

    def extra_writers(self, layout: Layout, kind: type[Game]) -> list[ExtraWriter]:
        return [MafiaWriter(layout)]


ENCODING = AlCabohneEncoding()
