"""The research environment's part of Bohnanza's English edition
(:mod:`bohn.rl.parts`): the bean games' encoding (Bohnanza's), and in the
bean duel the family ``drop h{h}`` of step 2's discard. The duel's offer and
turned-up cards lie in the trading area, which the bean games' blocks
already encode."""

from __future__ import annotations

from bohn.engine.actions import Drop
from bohn.engine.game import Game
from bohn.rl.actions import Caps
from bohn.rl.actions import Family
from bohn.rl.actions import nums
from bohn.rl.parts import BeanEncoding


class RioGrandeEncoding(BeanEncoding):
    """Bohnanza's blocks and families; the duel adds ``drop h{h}``."""

    def extra_families(self, kind: type[Game], players: int, caps: Caps) -> list[Family]:
        if Drop not in kind.HANDLERS:
            return []
        return [Family("drop h{h}", {"h": nums(caps.hand)}, "duel step 2: discard a hand card")]


ENCODING = RioGrandeEncoding()
