"""Ladybohn positions in scenarios (``docs/scenarios.md``): the ruleset's
part ``scenario`` (:data:`LOADER`, see :mod:`bohn.scenario`)."""

from __future__ import annotations

from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets.ladybohn.rules import Ladybohn
from bohn.scenario import BeanPositionLoader
from bohn.scenario import Position
from bohn.scenario import PositionLoader


class LadybohnPositionLoader(BeanPositionLoader):
    """Ladybohn positions (``rules/ladybohn.md``): Bohnanza positions with the
    Ladybohn cards. Phase ``foist`` is reached only in play; at most
    ``third_fields`` players hold a third field (LB-D9)."""

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        super().check_phase(game, pos)
        if game.phase_name == "foist":
            raise SetupError("phase 'foist' is reached only in play (a baby received in a deal)")
        assert isinstance(game, Ladybohn)
        extra = sum(1 for fs in game.fields if len(fs) > game.fields_at_start())
        if extra > int(game.options["third_fields"]):
            raise SetupError(
                f"{extra} players hold a third field; the game has "
                f"{game.options['third_fields']} (ladybohn §4.4, LB-D9)"
            )


#: the loader of this ruleset's positions
LOADER: PositionLoader = LadybohnPositionLoader()
