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
from bohn.rl.parts import BeanEncoding
from bohn.rl.parts import defined_by
from bohn.rl.state import ExtraWriter
from bohn.rulesets.al_cabohne.rules import BOSSES
from bohn.rulesets.al_cabohne.rules import AlCabohne
from bohn.rulesets.al_cabohne.state import MafiaWriter


class AlCabohneEncoding(BeanEncoding):
    """Al Cabohne: the bean games' blocks and families and the mafia's."""

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
                idx.append(p)
                val.append(1.0)
                idx.append(p + 1)
                val.append(min(b["threshold"] / 10.0, 10.0))
                f = b.get("field") or ()
                if f:
                    idx.append(p + 2)
                    val.append(min(len(f) / 10.0, total / 10.0))
                    t = cards.get(f[-1])
                    if t is not None:
                        idx.append(p + 3 + t)
                        val.append(1.0)
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
        piles = 4

        def pile(
            o: dict[str, Any], rel: list[int], base: int, idx: list[int], val: list[float]
        ) -> None:
            for j, p in enumerate((o.get("piles") or ())[:piles]):
                hist(p, base + j * nk, idx, val)

        enc.custom("piles", piles * nk, total / 10.0, "the uncovered piles (key counts / 10)", pile)
        enc.onehot("feed", {k: i for i, k in enumerate(boss_keys)}, "feed", "the boss to be fed")

    def state_extras(self, enc: Encoder, kind: type[Game]) -> list[ExtraWriter] | None:
        if defined_by(kind, "observe") is not AlCabohne:
            return None
        if defined_by(type(self), "extra_blocks") is not AlCabohneEncoding:
            return None
        return self.mafia_writers(enc)

    def mafia_writers(self, enc: Encoder) -> list[ExtraWriter]:
        """The state writers of the mafia's blocks (:mod:`bohn.rulesets.al_cabohne.state`)."""
        start = {b.name: b.start for b in enc.blocks}
        return [
            MafiaWriter(
                start["bosses"],
                start["treasury"],
                start["piles"],
                start["feed"],
                len(enc.cards),
                enc.total,
            )
        ]


ENCODING = AlCabohneEncoding()
