"""Prohibohn positions in scenarios (``docs/scenarios.md``): the ruleset's
part ``scenario`` (:data:`LOADER`, see :mod:`bohn.scenario`), an Al Cabohne
position for two with the establishments."""

from __future__ import annotations

from typing import Any

from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets.al_cabohne.scenario import MafiaPositionLoader
from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS
from bohn.rulesets.prohibohn.rules import Prohibohn
from bohn.scenario import Position
from bohn.scenario import PositionLoader
from bohn.scenario import int_in


class ProhibohnPositionLoader(MafiaPositionLoader):
    """Prohibohn positions (``rules/prohibohn.md``): an Al Cabohne position
    for two, plus

    * ``establishments`` (per player): the establishment, Police Station and
      Razzia cards he owns, in buying order;
    * ``removed``: establishment cards out of the game (the rest is to be had);
    * ``under``: how many cards at the bottom of ``discard`` are paid coins
      lying bean side down (§4.1.2);
    * ``extended``: the deck is being played through a fourth time (§5.2).

    The starting coins are laid (they are among ``coins``). Fields may mix
    types as the owner's Nightbars allow. Positions begin in phases
    ``use-leftovers``, ``plant`` or ``place``; the other phases are reached
    only in play.
    """

    setup_keys = MafiaPositionLoader.setup_keys | {"removed", "under", "extended"}
    player_keys = MafiaPositionLoader.player_keys | {"establishments"}

    def named_zones(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, Prohibohn)
        super().named_zones(game, pos)
        setup = pos.setup
        game.extended = bool(setup.get("extended", False))
        owned: list[list[int]] = []
        for s, p in enumerate(pos.players):
            owned.append(self._establishments(game, p.get("establishments", []), f"seat {s}"))
        removed = self._establishments(game, setup.get("removed", []), "removed")
        taken = [e for z in owned for e in z] + removed
        if len(set(taken)) < len(taken):
            raise SetupError("an establishment card is named twice (each exists once)")
        police = [sum(1 for e in z if ESTABLISHMENTS.group[e] == "police") for z in owned]
        if max(police) > 1:
            raise SetupError("a player owns at most one Police Station (prohibohn §4.1.3)")
        pos.extra["owned"] = owned
        pos.extra["removed"] = removed

    @staticmethod
    def _establishments(game: Prohibohn, value: Any, where: str) -> list[int]:
        if not isinstance(value, list):
            raise SetupError(f"{where}: establishments must be a list of card keys")
        out = []
        for k in value:
            e = ESTABLISHMENTS.index.get(k, -1) if isinstance(k, str) else -1
            if e < 0:
                raise SetupError(f"{where}: {k!r} is no establishment, Police Station or Razzia")
            if ESTABLISHMENTS.pub_only[e] and not game.options["pub"]:
                raise SetupError(f"{where}: {k} is in the game only with option pub")
            out.append(e)
        return out

    def place(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, Prohibohn)
        super().place(game, pos)
        game.owned = [list(z) for z in pos.extra["owned"]]
        gone = {e for z in game.owned for e in z} | set(pos.extra["removed"])
        game.supply = [e for e in game.supply if e not in gone]
        game.stashed = [True] * game.n
        game.under = int_in(pos.setup.get("under", 0), 0, len(game.discard), "under")
        game.stage = {"use-leftovers": 1, "plant": 3, "place": 5}.get(game.phase_name, 0)
        game.limit = 3

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        super().check_phase(game, pos)
        if game.phase_name not in ("use-leftovers", "plant", "place"):
            raise SetupError(
                f"phase {game.phase_name!r} is reached only in play; a position begins in "
                "'use-leftovers', 'plant' or 'place'"
            )

    def check_fields(self, game: BeanGame, pos: Position) -> None:
        """Every field as its owner's Nightbars let it grow; no two top cards of a
        player of one type (PB-D9); bosses as in Al Cabohne."""
        assert isinstance(game, Prohibohn)
        bean = game.table.bean
        for s in range(game.n):
            fields = game.fields[s]
            if len(fields) != game.fields_at_start():
                raise SetupError(
                    f"seat {s}: a player has {game.fields_at_start()} fields and buys none "
                    "(prohibohn §2)"
                )
            for f, fld in enumerate(fields):
                game.fields[s] = [[] for _ in fields]
                try:
                    for i, c in enumerate(fld):
                        if not game._field_takes(s, f, bean[c]):
                            raise SetupError(
                                f"seat {s} field {f}: {game.table.keys[c]} cannot lie on "
                                f"{', '.join(game.table.key_list(fld[:i]))} without the "
                                "Nightbar that allows it (prohibohn §4.2)"
                            )
                        game.fields[s][f].append(c)
                finally:
                    game.fields[s] = fields
            tops = [bean[fld[-1]] for fld in fields if fld]
            if len(set(tops)) < len(tops):
                raise SetupError(f"seat {s}: two fields have top cards of one type (PB-D9)")
        types = [{bean[c] for c in fld} for fld in game.bosses]
        if any(len(t) > 1 for t in types):
            raise SetupError("a boss grows one type")
        flat = [b for t in types for b in t]
        if len(set(flat)) < len(flat):
            raise SetupError("no two bosses grow one type")
        for i, pile in enumerate(game.piles):
            if not pile or len({bean[c] for c in pile}) > 1:
                raise SetupError(f"pile {i} must hold cards of one type")


#: the loader of this ruleset's positions
LOADER: PositionLoader = ProhibohnPositionLoader()
