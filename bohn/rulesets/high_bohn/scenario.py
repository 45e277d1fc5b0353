"""High Bohn positions in scenarios (``docs/scenarios.md``): the ruleset's
part ``scenario`` (:data:`LOADER`, see :mod:`bohn.scenario`)."""

from __future__ import annotations

from typing import Any

from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets.high_bohn.rules import BRECH
from bohn.rulesets.high_bohn.rules import BUILDINGS
from bohn.rulesets.high_bohn.rules import DISTILLERY_3
from bohn.rulesets.high_bohn.rules import FARM_2
from bohn.rulesets.high_bohn.rules import FEUER
from bohn.rulesets.high_bohn.rules import FIELD_KINDS
from bohn.rulesets.high_bohn.rules import HOSTS
from bohn.rulesets.high_bohn.rules import SALOON
from bohn.rulesets.high_bohn.rules import SMITH
from bohn.rulesets.high_bohn.rules import SOJA
from bohn.rulesets.high_bohn.rules import STEW_METERS
from bohn.rulesets.high_bohn.rules import STORES
from bohn.rulesets.high_bohn.rules import HighBohn
from bohn.scenario import BeanPositionLoader
from bohn.scenario import Position
from bohn.scenario import PositionLoader
from bohn.scenario import card_list


class HighBohnPositionLoader(BeanPositionLoader):
    """High Bohn positions (``rules/high-bohn.md``). Each player may also name

    * ``buildings``: the building cards he owns (``["saloon-3", "farm-2"]``);
    * ``field_kinds``: one per field — ``regular`` (the two set-up fields),
      ``third``, ``goldmine``, ``saloon``, ``blacksmith``; by default the first
      two fields are regular and a third one is the bought third field. The
      extra fields need their building;
    * ``stews``: the indices of his fields that are bean stews (by default
      every field of two or more cards of different types that is not a
      ``soja`` joker field);
    * ``store``, ``stew_coins``, ``distillery_coins``: cards on his General
      Store, under his Saloon, under his ``distillery-3``.

    ``setup`` may name ``removed``: buildings out of the game. The supply is
    every building of the game that nobody owns and that is not removed, less
    the types closed by the player-count rule. Without option ``cognac`` the
    cognac cards are out of play (``box``).
    """

    setup_keys = BeanPositionLoader.setup_keys | {"removed"}
    player_keys = BeanPositionLoader.player_keys | {
        "buildings",
        "field_kinds",
        "stews",
        "store",
        "stew_coins",
        "distillery_coins",
    }
    #: phases a position cannot start in: the game reaches them only in play
    PLAY_ONLY = frozenset(
        {"before-turn", "draw-order", "final-harvest", "final-buying", "distillery", "jail-coin"}
    )

    def named_zones(self, game: BeanGame, pos: Position) -> None:

        assert isinstance(game, HighBohn)
        owned: list[list[int]] = []
        kinds: list[list[int]] = []
        for s, p in enumerate(pos.players):
            names = p.get("buildings", [])
            if not isinstance(names, list) or any(k not in BUILDINGS.index for k in names):
                raise SetupError(
                    f"seat {s}: buildings must be a list of building keys "
                    f"({', '.join(BUILDINGS.keys)})"
                )
            bs = [BUILDINGS.index[k] for k in names]
            in_play = set(game.buildings_in_play())
            if any(b not in in_play for b in bs):
                raise SetupError(f"seat {s}: the Distilleries are used only with option cognac")
            if len({BUILDINGS.bean[b] for b in bs}) != len(bs):
                raise SetupError(f"seat {s} owns two buildings of one type (high-bohn §4.1.3)")
            owned.append(bs)
            given = p.get("fields", [[]] * game.fields_at_start())
            nf = len(given) if isinstance(given, list) else 0
            default = ["regular", "regular", "third"][:nf]
            fk = p.get("field_kinds", default)
            if not isinstance(fk, list) or len(fk) != nf or any(k not in FIELD_KINDS for k in fk):
                raise SetupError(
                    f"seat {s}: field_kinds must name each of the {nf} fields as one of "
                    + ", ".join(FIELD_KINDS)
                )
            ks = [FIELD_KINDS.index(k) for k in fk]
            need = {
                "third": None,
                "goldmine": "goldmine-4",
                "saloon": "saloon-2",
                "blacksmith": "blacksmith-2",
            }
            if ks[:2] != [0, 0] or any(ks.count(k) > 1 for k in range(1, len(FIELD_KINDS))):
                raise SetupError(
                    f"seat {s}: fields 0 and 1 are regular, and each other kind occurs once"
                )
            for k in fk[2:]:
                b = need[k]
                if b is not None and BUILDINGS.index[b] not in bs:
                    raise SetupError(f"seat {s}: a {k} field needs the {b}")
            kinds.append(ks)
        pos.extra["owned"] = owned
        pos.extra["kinds"] = kinds
        removed = pos.setup.get("removed", [])
        if not isinstance(removed, list) or any(k not in BUILDINGS.index for k in removed):
            raise SetupError("removed must be a list of building keys")
        pos.extra["removed"] = [BUILDINGS.index[k] for k in removed]
        super().named_zones(game, pos)
        for s, p in enumerate(pos.players):
            for name in ("store", "stew_coins", "distillery_coins"):
                pos.zones[f"seat {s} {name}"] = card_list(game, p.get(name, []), f"seat {s} {name}")

    def place(self, game: BeanGame, pos: Position) -> None:

        assert isinstance(game, HighBohn)
        n = game.n
        game.owned = pos.extra["owned"]
        super().place(game, pos)
        game.kinds = pos.extra["kinds"]
        game.locks = [[0] * len(fs) for fs in game.fields]
        game.store = [list(pos.zones[f"seat {s} store"]) for s in range(n)]
        game.stew_coins = [list(pos.zones[f"seat {s} stew_coins"]) for s in range(n)]
        game.still_coins = [list(pos.zones[f"seat {s} distillery_coins"]) for s in range(n)]
        for name in ("teepee", "drawn", "from_store"):
            setattr(game, name, [[] for _ in range(n)])
        owned = {b for z in game.owned for b in z}
        gone = set(pos.extra["removed"])
        game.supply = [b for b in game.buildings_in_play() if b not in owned and b not in gone]
        for t in {BUILDINGS.bean[b] for b in owned}:
            owners = sum(1 for s in range(n) if game.owns_type(s, t))
            if owners >= BUILDINGS.limits[n]:
                game.supply = [b for b in game.supply if BUILDINGS.bean[b] != t]
        game.stews = [self._stews(game, s, pos.players[s].get("stews")) for s in range(n)]

    @staticmethod
    def _stews(game: HighBohn, s: int, declared: Any) -> list[bool]:
        """Which fields of seat ``s`` are stews: as declared, or by their shape."""

        bean = game.table.bean
        fields = game.fields[s]
        if declared is not None:
            if not isinstance(declared, list) or any(
                isinstance(f, bool) or not isinstance(f, int) or not 0 <= f < len(fields)
                for f in declared
            ):
                raise SetupError(f"seat {s}: stews must be a list of field indices")
            return [f in declared for f in range(len(fields))]
        out = []
        for fld in fields:
            types = [bean[c] for c in fld]
            # [host, soja] is a joker field with only the farm-2, a stew with a
            # Saloon; with both a scenario declares it
            joker = len(fld) == 2 and types[0] != SOJA and types[1] == SOJA
            stew = len(fld) >= 2 and len(set(types)) == len(types)
            if joker and game.owns(s, FARM_2):
                stew = False
            out.append(stew)
        return out

    def check_fields(self, game: BeanGame, pos: Position) -> None:
        """Every field holds what the planting rules allow: one type, a stew
        of different types (with a Saloon), or a host type with soy jokers
        (with the farm-2); the extra fields only their type."""

        assert isinstance(game, HighBohn)
        bean = game.table.bean
        for s in range(game.n):
            for f, fld in enumerate(game.fields[s]):
                types = [bean[c] for c in fld]
                where = f"seat {s} field {f}"
                kind = game.kinds[s][f]
                if kind in (SALOON, SMITH):
                    want = BRECH if kind == SALOON else FEUER
                    if any(t != want for t in types) or game.stews[s][f]:
                        raise SetupError(f"{where} grows {game.table.bean_keys[want]} only")
                elif game.stews[s][f]:
                    if len(fld) < 2 or len(set(types)) != len(types):
                        raise SetupError(
                            f"{where}: a stew holds 2 or more cards of different types"
                        )
                    if game._owned_with(s, STEW_METERS) < 0:
                        raise SetupError(f"{where}: stews need the saloon-3 or saloon-4")
                elif len(set(types)) > 1:
                    host = types[0]
                    if not (
                        host != SOJA
                        and host in HOSTS
                        and set(types) == {host, SOJA}
                        and game.owns(s, FARM_2)
                    ):
                        raise SetupError(
                            f"{where} mixes "
                            + " and ".join(game.table.bean_keys[b] for b in sorted(set(types)))
                        )

    def check_consistency(self, game: BeanGame, pos: Position) -> None:
        super().check_consistency(game, pos)
        self.check_buildings(game)

    def check_buildings(self, game: BeanGame) -> None:
        """Cards lie on or under a building only where its owner has it: the
        General Store within its room, stew coins under a saloon-3/-4, coins
        under the distillery-3."""
        assert isinstance(game, HighBohn)
        for s in range(game.n):
            if game.store[s] and (game._owned_with(s, STORES) < 0 or game.store_room(s) < 0):
                raise SetupError(
                    f"seat {s}: {len(game.store[s])} stored cards need a General Store "
                    "with that much room (high-bohn §4.3.6)"
                )
            if game.stew_coins[s] and game._owned_with(s, STEW_METERS) < 0:
                raise SetupError(
                    f"seat {s}: stew coins lie under a saloon-3 or saloon-4 (high-bohn §4.3.5)"
                )
            if game.still_coins[s] and not game.owns(s, DISTILLERY_3):
                raise SetupError(
                    f"seat {s}: distillery coins lie under the distillery-3 (high-bohn §4.3.9)"
                )

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        if game.phase_name in self.PLAY_ONLY:
            raise SetupError(f"phase {game.phase_name!r} is reached only in play")
        super().check_phase(game, pos)

    def held_cards(self, game: BeanGame) -> list[int]:
        assert isinstance(game, HighBohn)
        held = super().held_cards(game)
        for s in range(game.n):
            held += game.store[s] + game.stew_coins[s] + game.still_coins[s]
        return held


#: the loader of this ruleset's positions
LOADER: PositionLoader = HighBohnPositionLoader()
