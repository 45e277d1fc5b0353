"""Sissi positions in scenarios (``docs/scenarios.md``): the ruleset's part
``scenario`` (:data:`LOADER`, see :mod:`bohn.scenario`)."""

from __future__ import annotations

from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets.sissi.rules import SISSI_ACTION
from bohn.rulesets.sissi.rules import Sissi
from bohn.scenario import BeanPositionLoader
from bohn.scenario import Position
from bohn.scenario import PositionLoader


class SissiPositionLoader(BeanPositionLoader):
    """Sissi positions (``rules/sissi.md``): 3 fields each with 3 players and 2
    with 4-5 (the default when a seat names none), fields holding Sissis and
    Captains of one variety, and phase ``"sissi-action"`` (phase 5: the
    affected fields wait for their owners' harvests, whatever the option
    ``sissi_action_order``)."""

    def named_zones(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, Sissi)
        k = game.FIELDS[game.n]
        pos.players = [p if "fields" in p else {**p, "fields": [[]] * k} for p in pos.players]
        for s, p in enumerate(pos.players):
            if not isinstance(p["fields"], list) or len(p["fields"]) != k:
                raise SetupError(
                    f"seat {s}: with {game.n} players each player has {k} fields (sissi §1.2)"
                )
        super().named_zones(game, pos)

    def check_fields(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, Sissi)
        table = game.table
        for s in range(game.n):
            for f, fld in enumerate(game.fields[s]):
                captains = {table.bean[c] for c in fld if not game.SISSI[c]}
                if len(captains) > 1:
                    raise SetupError(
                        f"seat {s} field {f} holds Captains of "
                        + " and ".join(table.bean_keys[b] for b in sorted(captains))
                        + " (sissi §3.1)"
                    )

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        super().check_phase(game, pos)
        assert isinstance(game, Sissi)
        if game.phase == SISSI_ACTION:
            if any(game.trade):
                raise SetupError("trading areas are empty in phase 'sissi-action'")
            if not game.sissi_action_fields():
                raise SetupError("phase 'sissi-action' needs a field that phase 5 harvests")


#: the loader of this ruleset's positions
LOADER: PositionLoader = SissiPositionLoader()
