"""Al Cabohne positions in scenarios (``docs/scenarios.md``): the ruleset's
part ``scenario`` (:data:`LOADER`, see :mod:`bohn.scenario`). Prohibohn's
loader extends :class:`MafiaPositionLoader`."""

from __future__ import annotations

from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets.al_cabohne.rules import AlCabohne
from bohn.scenario import BeanPositionLoader
from bohn.scenario import Position
from bohn.scenario import PositionLoader
from bohn.scenario import card_list


class MafiaPositionLoader(BeanPositionLoader):
    """Al Cabohne positions (``rules/al-cabohne.md``). ``setup`` may also name

    * ``bosses``: one card list per boss field (Al Cabohne, Don Corlebohne,
      and in the solo game Joe Bohnano), bottom to top;
    * ``treasury``: the mafia's coins;
    * ``piles``: the uncovered piles (phase ``place``) or the opponent's
      leftovers (phase ``use-leftovers``), each a card list.

    Players have 2 fields (3 once bought), 3 in the solo game. A position in
    phase ``plant`` with nothing planted begins the turn: leftovers first,
    then the protection beans. Phase ``feed`` is reached only in play.
    """

    setup_keys = BeanPositionLoader.setup_keys | {"bosses", "treasury", "piles"}

    def named_zones(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, AlCabohne)
        super().named_zones(game, pos)
        setup = pos.setup
        bosses = setup.get("bosses", [[] for _ in range(game.boss_count())])
        if not isinstance(bosses, list) or len(bosses) != game.boss_count():
            raise SetupError(
                f"bosses must be {game.boss_count()} card lists, one per boss (al-cabohne §1.2)"
            )
        for i, fld in enumerate(bosses):
            pos.zones[f"boss {i}"] = card_list(game, fld, f"boss {i}")
        pos.zones["treasury"] = card_list(game, setup.get("treasury", []), "treasury")
        piles = setup.get("piles", [])
        if not isinstance(piles, list):
            raise SetupError("piles must be a list of card lists")
        for i, pile in enumerate(piles):
            pos.zones[f"pile {i}"] = card_list(game, pile, f"pile {i}")
        pos.extra["piles"] = len(piles)

    def place(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, AlCabohne)
        super().place(game, pos)
        game.bosses = [list(pos.zones[f"boss {i}"]) for i in range(game.boss_count())]
        game.treasury = list(pos.zones["treasury"])
        game.piles = [list(pos.zones[f"pile {i}"]) for i in range(pos.extra["piles"])]
        game.feeding = -1
        game.uncovered = 0

    def check_fields(self, game: BeanGame, pos: Position) -> None:
        """One type per field; no player grows a type twice, no two bosses one type."""
        assert isinstance(game, AlCabohne)
        bean = game.table.bean
        names = game.table.bean_keys
        groups = [(f"seat {s}", game.fields[s]) for s in range(game.n)]
        groups.append(("the mafia", game.bosses))
        for who, fields in groups:
            types: list[int] = []
            for f, fld in enumerate(fields):
                kinds = {bean[c] for c in fld}
                if len(kinds) > 1:
                    raise SetupError(
                        f"{who} field {f} mixes " + " and ".join(names[b] for b in kinds)
                    )
                types += kinds
            if len(set(types)) < len(types):
                raise SetupError(f"{who} grows one type on two fields (al-cabohne §2.3)")
        for i, pile in enumerate(game.piles):
            if not pile or len({bean[c] for c in pile}) > 1:
                raise SetupError(f"pile {i} must hold cards of one type")
        if game.n == 1 and len(game.fields[0]) != 3:
            raise SetupError("the solo player has 3 fields (al-cabohne §2.2)")

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, AlCabohne)
        if game.phase_name == "feed":
            raise SetupError("phase 'feed' is reached only in play")
        if game.revealed or any(game.trade):
            raise SetupError("the mafia games have no revealed cards and no trading areas")
        if game.phase_name == "use-leftovers" and (game.n == 1 or not game.piles):
            raise SetupError("phase 'use-leftovers' needs the opponent's piles (2 players)")
        if game.phase_name == "plant" and game.piles and game.planted:
            raise SetupError("uncovered piles exist only in phases 'use-leftovers' and 'place'")

    def held_cards(self, game: BeanGame) -> list[int]:
        assert isinstance(game, AlCabohne)
        held = super().held_cards(game) + game.treasury
        for fld in game.bosses:
            held += fld
        for pile in game.piles:
            held += pile
        return held


#: the loader of this ruleset's positions
LOADER: PositionLoader = MafiaPositionLoader()
