"""Scenarios: hand-written positions plus actions, for rule tests and bug reports.

A scenario is one JSON object (``docs/scenarios.md``)::

    {"variant": "bohnanza", "players": 3, "seed": 1, "options": {},
     "setup": {"active": 0, "phase": "plant",
               "deck": ["blaue", "feuer"], "deck_rest": "shuffle",
               "discard": ["sau"],
               "players": [{"hand": ["blaue", "soja"], "fields": [["feuer"], []],
                            "coins": ["brech"]}, {}, {}]},
     "actions": [{"seat": 0, "action": "plant f1"}]}

:func:`load_position` builds the position as a :class:`~bohn.engine.game.Game`;
:func:`run_scenario` also applies the actions and returns the output object of
``bohn scenario FILE --json``. Top-level keys other than those above (``expect``,
``description``) are ignored.

A position is built by creating the game normally and then replacing its zones.
How a variant's zones are read from ``setup`` is the business of a
:class:`PositionLoader` registered in :data:`LOADERS` under the variant id;
:class:`BeanPositionLoader` reads the zones every bean game shares, and a
ruleset with more zones subclasses it (adding keys to ``setup_keys`` or
``player_keys`` and overriding :meth:`BeanPositionLoader.named_zones` and
:meth:`BeanPositionLoader.place`).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, cast

from bohn.engine import rng as _rng
from bohn.engine.actions import Action, action_from_json, parse_action
from bohn.engine.beans import PLANT, PLANT_TRADED, TRADE, BeanGame
from bohn.engine.errors import BohnError, InvalidAction, SetupError
from bohn.engine.game import Game
from bohn.rulesets.al_cabohne.rules import AlCabohne
from bohn.rulesets.bohnkick.rules import Bohnkick
from bohn.rulesets.high_bohn.rules import (
    BRECH,
    BUILDINGS,
    DISTILLERY_3,
    FARM_2,
    FEUER,
    FIELD_KINDS,
    HOSTS,
    SALOON,
    SMITH,
    SOJA,
    STEW_METERS,
    STORES,
    HighBohn,
)
from bohn.rulesets.ladybohn.rules import Ladybohn
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen
from bohn.rulesets.mutterbohnchen.two import MutterbohnchenForTwo
from bohn.rulesets.prohibohn.rules import ESTABLISHMENTS, Prohibohn
from bohn.rulesets.sissi.rules import SISSI_ACTION, Sissi

#: the top-level keys a scenario may use (any other key is ignored)
SCENARIO_KEYS = ("variant", "players", "seed", "options", "setup", "actions")

#: phases a position may start in, by name


@dataclass
class Position:
    """A scenario's ``setup`` read into cards (ints of the game's card table).

    ``zones`` maps a zone label (``"deck"``, ``"seat 1 hand"``, ``"seat 0 field 2"``)
    to the cards the scenario names there, in the scenario's order; ``None``
    marks a hand the scenario leaves to be dealt. ``extra`` is free room for a
    loader's own data.
    """

    setup: dict[str, Any]
    players: list[dict[str, Any]]
    zones: dict[str, list[int]] = field(default_factory=dict)
    missing_hands: list[int] = field(default_factory=list)
    remaining: list[int] = field(default_factory=list)
    extra: dict[str, Any] = field(default_factory=dict)


class PositionLoader(ABC):
    """Reads a scenario's ``setup`` into a game of one ruleset family."""

    #: keys ``setup`` may hold
    setup_keys: ClassVar[frozenset[str]] = frozenset()
    #: keys each entry of ``setup["players"]`` may hold
    player_keys: ClassVar[frozenset[str]] = frozenset()

    @abstractmethod
    def load(self, game: Game, setup: dict[str, Any]) -> None:
        """Replace ``game``'s zones by the position ``setup`` describes."""

    def open(self, game: Game) -> None:
        """The events that open the log of a loaded position, and the first
        step of the turn it begins in (bean games: the ``turn`` event)."""
        assert isinstance(game, BeanGame)
        _position_events(game)
        if game.phase == PLANT and game.planted == 0:
            game.turn -= 1
            game._begin_turn()  # the turn event; an empty hand skips phase 1 (§3.1.1)
        else:
            game._emit({"type": "turn", "seat": game.active, "turn": game.turn})


def _card_list(game: Game, value: Any, where: str) -> list[int]:
    if not isinstance(value, list):
        raise SetupError(f"{where} must be a list of card keys, not {value!r}")
    out = []
    for k in value:
        if not isinstance(k, str):
            raise SetupError(f"{where}: {k!r} is not a card key")
        try:
            out.append(game.table.card(k))
        except KeyError as e:
            raise SetupError(f"{where}: {e.args[0]}") from None
    return out


def _int_in(value: Any, lo: int, hi: int, where: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise SetupError(f"{where} must be an integer from {lo} to {hi}, not {value!r}")
    return value


def _check_keys(d: Mapping[str, Any], allowed: frozenset[str], where: str) -> None:
    unknown = sorted(set(d) - allowed)
    if unknown:
        raise SetupError(
            f"{where} has no key {', '.join(repr(k) for k in unknown)}; "
            f"known keys: {', '.join(sorted(allowed))}"
        )


class BeanPositionLoader(PositionLoader):
    """The zones of ``bohn.engine.beans.BeanGame`` (``rules/bohnanza.md`` §1.3).

    Orientation: ``deck`` is written top-first (the first card is drawn first);
    ``discard``, ``coins`` and fields bottom-to-top (the last card is on top);
    hands front-to-back (the first card is planted first). Cards the scenario
    does not name are shuffled from the seed; hands not given are dealt from
    them (``deal_size()`` each, one at a time clockwise from the first player),
    and the rest goes under the given deck cards (``deck_rest: "shuffle"``) or
    out of play into ``box`` (``deck_rest: "none"``).
    """

    setup_keys = frozenset(
        {
            "active",
            "phase",
            "planted",
            "revealed",
            "deck",
            "deck_rest",
            "discard",
            "exhaustions",
            "turn",
            "players",
        }
    )
    player_keys = frozenset({"hand", "fields", "coins", "trading_area"})

    def load(self, game: Game, setup: dict[str, Any]) -> None:
        if not isinstance(game, BeanGame):  # pragma: no cover - registry mistake
            raise SetupError(f"{game.variant} is not a bean game")
        _check_keys(setup, self.setup_keys, "setup")
        players = setup.get("players", [])
        if not isinstance(players, list) or len(players) > game.n:
            raise SetupError(f"setup players must be a list of at most {game.n} objects")
        players = players + [{}] * (game.n - len(players))
        for s, p in enumerate(players):
            if not isinstance(p, dict):
                raise SetupError(f"seat {s}: a player must be an object, not {p!r}")
            _check_keys(p, self.player_keys, f"seat {s}")
        pos = Position(setup, players)
        self.named_zones(game, pos)
        self.check_counts(game, pos)
        self.deal(game, pos)
        self.place(game, pos)
        self.check_consistency(game, pos)
        self.check_conservation(game)

    # -- reading ---------------------------------------------------------------

    def named_zones(self, game: BeanGame, pos: Position) -> None:
        """Read every card the scenario names into ``pos.zones``."""
        setup = pos.setup
        z = pos.zones
        z["deck"] = _card_list(game, setup.get("deck", []), "deck")
        z["discard"] = _card_list(game, setup.get("discard", []), "discard")
        z["revealed"] = _card_list(game, setup.get("revealed", []), "revealed")
        counts = pos.extra.setdefault("fields", [])
        for s, p in enumerate(pos.players):
            if "hand" in p:
                z[f"seat {s} hand"] = _card_list(game, p["hand"], f"seat {s} hand")
            else:
                pos.missing_hands.append(s)
            fields = p.get("fields", [[]] * game.fields_at_start())
            if (
                not isinstance(fields, list)
                or not game.fields_at_start() <= len(fields) <= game.max_fields
            ):
                raise SetupError(
                    f"seat {s}: fields must be {game.fields_at_start()} to {game.max_fields} lists"
                )
            counts.append(len(fields))
            for f, cards in enumerate(fields):
                z[f"seat {s} field {f}"] = _card_list(game, cards, f"seat {s} field {f}")
            z[f"seat {s} coins"] = _card_list(game, p.get("coins", []), f"seat {s} coins")
            z[f"seat {s} trading_area"] = _card_list(
                game, p.get("trading_area", []), f"seat {s} trading_area"
            )

    def check_counts(self, game: Game, pos: Position) -> None:
        """No kind used more often than the game has it; the rest is
        ``remaining``. Cards the game's options leave out (``game_cards``)
        may not be named; they go to ``box`` (``pos.extra["out"]``)."""
        assert isinstance(game, BeanGame)
        used: Counter[int] = Counter()
        for cards in pos.zones.values():
            used.update(cards)
        table = game.table
        in_play = Counter(game.game_cards())
        for card, k in sorted(used.items()):
            if k > in_play[card]:
                if in_play[card] < table.counts[card]:
                    raise SetupError(
                        f"the scenario uses {k} {table.keys[card]!r} but the game has "
                        f"{in_play[card]} with these options"
                    )
                raise SetupError(
                    f"the scenario uses {k} {table.keys[card]!r} "
                    f"but the game has {table.counts[card]}"
                )
        pos.remaining = [c for c, n in sorted(in_play.items()) for _ in range(n - used[c])]
        pos.extra["out"] = [c for c, n in enumerate(table.counts) for _ in range(n - in_play[c])]

    # -- dealing -----------------------------------------------------------------

    def deal(self, game: BeanGame, pos: Position) -> None:
        """Shuffle the remaining cards from the seed and deal the missing hands."""
        setup = pos.setup
        rest = setup.get("deck_rest", "shuffle")
        if rest not in ("shuffle", "none"):
            raise SetupError(f"deck_rest must be 'shuffle' or 'none', not {rest!r}")
        game._rng = _rng.normalize_seed(game.seed)
        if pos.remaining:
            game._shuffle(pos.remaining, "deck" if rest == "shuffle" else "box")
        start = game.options["first_player"]
        hands: dict[int, list[int]] = {s: [] for s in pos.missing_hands}
        for _ in range(game.deal_size()):
            for i in range(game.n):
                s = (start + i) % game.n
                if s not in hands:
                    continue
                if not pos.remaining:
                    raise SetupError(
                        f"not enough cards left to deal {game.deal_size()} cards to seat {s}"
                    )
                hands[s].append(pos.remaining.pop())
        for s, cards in hands.items():
            pos.zones[f"seat {s} hand"] = cards

    # -- placing -----------------------------------------------------------------

    def place(self, game: BeanGame, pos: Position) -> None:
        """Put the cards into the game's zones and set the turn counters."""
        setup = pos.setup
        z = pos.zones
        n = game.n
        if setup.get("deck_rest", "shuffle") == "shuffle":
            game.deck, game.box = list(pos.remaining), []
        else:
            game.deck, game.box = [], list(pos.remaining)
        game.box.extend(pos.extra["out"])
        game.deck.extend(reversed(z["deck"]))
        game.discard = list(z["discard"])
        game.revealed = list(z["revealed"])
        game.hands = [list(z[f"seat {s} hand"]) for s in range(n)]
        game.fields = [
            [list(z[f"seat {s} field {f}"]) for f in range(pos.extra["fields"][s])]
            for s in range(n)
        ]
        game.coins = [list(z[f"seat {s} coins"]) for s in range(n)]
        game.trade = [list(z[f"seat {s} trading_area"]) for s in range(n)]

        game.active = _int_in(setup.get("active", game.start), 0, n - 1, "active")
        phases = {name: code for code, name in game.PHASES.items() if name != "over"}
        phase_name = setup.get("phase", "plant")
        if phase_name not in phases:
            raise SetupError(
                f"phase must be one of {', '.join(map(repr, phases))}, not {phase_name!r}"
            )
        phase = phases[phase_name]
        game.turn = _int_in(setup.get("turn", 1), 1, 1_000_000, "turn")
        game.exhaustions = _int_in(
            setup.get("exhaustions", 0), 0, game._final_exhaustion() - 1, "exhaustions"
        )
        planted = _int_in(setup.get("planted", 0), 0, game.plant_limit(game.active) - 1, "planted")
        if planted and phase != PLANT:
            raise SetupError("planted counts the cards planted in phase 'plant' only")
        game.final = False
        game.offers = {}
        game.next_offer = 0
        game.reset_trading()
        game.dry_turns = 0
        game.resume = []
        game._result = None
        game.planted = planted
        game.phase = phase
        game.drawn_this_turn = len(game.revealed)

    # -- checks --------------------------------------------------------------------

    def check_consistency(self, game: BeanGame, pos: Position) -> None:
        """Positions the turn flow cannot reach are refused."""
        self.check_fields(game, pos)
        self.check_phase(game, pos)

    def check_fields(self, game: BeanGame, pos: Position) -> None:
        """Every field holds cards that the planting rules let lie together."""
        table = game.table
        for s in range(game.n):
            types: list[int] = []
            for f, fld in enumerate(game.fields[s]):
                kinds = {table.bean[c] for c in fld}
                if len(kinds) > 1:
                    raise SetupError(
                        f"seat {s} field {f} mixes "
                        + " and ".join(table.bean_keys[b] for b in sorted(kinds))
                    )
                types.extend(kinds)
            if not game.options["same_type_fields"] and len(set(types)) < len(types):
                raise SetupError(
                    f"seat {s}: two fields hold the same type, which same_type_fields=false forbids"
                )

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        """The zones agree with the phase the position is in."""
        phase = game.phase
        if game.revealed and phase != TRADE:
            raise SetupError("revealed cards exist only in phase 'trade'")
        if len(game.revealed) > game.reveal_count:
            raise SetupError(f"at most {game.reveal_count} cards are revealed")
        if phase == PLANT and any(game.trade):
            raise SetupError("trading areas are empty in phase 'plant'")
        if phase == PLANT and game.planted and not game.hands[game.active]:
            raise SetupError("planted 1 with an empty hand: phase 1 is over (use phase 'trade')")
        if phase == PLANT_TRADED and not any(game.trade):
            raise SetupError("phase 'plant-traded' needs a card in some trading area")

    def check_conservation(self, game: BeanGame) -> None:
        """Every card of the game is in exactly one zone."""
        if sorted(self.held_cards(game)) != game.table.deck():  # pragma: no cover - a loader bug
            raise SetupError("the position does not hold every card of the game exactly once")

    def held_cards(self, game: BeanGame) -> list[int]:
        """Every card in the game's zones."""
        held: list[int] = [*game.deck, *game.discard, *game.box, *game.revealed]
        for s in range(game.n):
            held += game.hands[s] + game.coins[s] + game.trade[s]
            for fld in game.fields[s]:
                held += fld
        return held


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
                pos.zones[f"seat {s} {name}"] = _card_list(
                    game, p.get(name, []), f"seat {s} {name}"
                )

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
            pos.zones[f"boss {i}"] = _card_list(game, fld, f"boss {i}")
        pos.zones["treasury"] = _card_list(game, setup.get("treasury", []), "treasury")
        piles = setup.get("piles", [])
        if not isinstance(piles, list):
            raise SetupError("piles must be a list of card lists")
        for i, pile in enumerate(piles):
            pos.zones[f"pile {i}"] = _card_list(game, pile, f"pile {i}")
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
        game.under = _int_in(pos.setup.get("under", 0), 0, len(game.discard), "under")
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


def _for_two(game: BeanGame) -> MutterbohnchenForTwo | None:
    """The game as Mutterböhnchen for two, or None. By the player count, not
    ``isinstance``: compiled game classes share one ABC instance-check cache,
    so ``isinstance`` between a compiled class and its subclass can lie."""
    return cast(MutterbohnchenForTwo, game) if game.n == 2 else None


class MutterbohnchenPositionLoader(BeanPositionLoader):
    """Mutterböhnchen positions (``rules/mutterbohnchen.md``): Ladybohn
    positions with the Mutterböhnchen cards, plus per player ``blind``: the
    face-down starting coins nobody has seen (``coins`` are the known ones).
    Fields: 3 with 3 players, else 2. Positions begin in ``plant``, ``trade``
    or ``plant-traded``; the other phases are reached only in play. With
    ``blind`` given for no player, nobody holds starting coins.

    With 2 players (§3.5) every player has three field slots (``fields``
    names 2 or 3 lists; the third slot is empty by default) and may name
    ``open_fields``, the slots that are his fields (by default the first two;
    the others must be empty). The setup may name ``third_field_card`` (the
    seat holding it; by default the second player) and ``offer``, the stacks
    of the offer (lists of cards of one type each). Positions begin in
    ``use-offer`` (the offer is the opponent's, and must not be empty),
    ``plant`` (phase 2) or ``offer`` (phase 4: the stacks just built)."""

    setup_keys = BeanPositionLoader.setup_keys | {"offer", "third_field_card"}
    player_keys = BeanPositionLoader.player_keys | {"blind", "open_fields"}

    def named_zones(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, Mutterbohnchen)
        two = _for_two(game) is not None
        if two:  # the third slot is empty unless named
            pos.players = [
                {**p, "fields": [*p["fields"], []]}
                if isinstance(p.get("fields"), list) and len(p["fields"]) == 2
                else p
                for p in pos.players
            ]
        elif "offer" in pos.setup or "third_field_card" in pos.setup:
            raise SetupError("offer and third_field_card exist only with 2 players (§3.5)")
        super().named_zones(game, pos)
        k = game.fields_at_start()
        for s, count in enumerate(pos.extra["fields"]):
            if count != k:
                raise SetupError(
                    f"seat {s}: a player has {2 if two else k} fields"
                    + (" and the slot of the shared third field (§3.5.1)" if two else "")
                    + " (mutterbohnchen §2.2.3)"
                )
        for s, p in enumerate(pos.players):
            pos.zones[f"seat {s} blind"] = _card_list(game, p.get("blind", []), f"seat {s} blind")
            if "open_fields" in p and not two:
                raise SetupError("open_fields exist only with 2 players (§3.5.1)")
        offer = pos.setup.get("offer", [])
        if not isinstance(offer, list):
            raise SetupError("offer must be a list of stacks")
        for i, stack in enumerate(offer):
            pos.zones[f"offer p{i}"] = _card_list(game, stack, f"offer p{i}")
            kinds = {game.table.bean[c] for c in pos.zones[f"offer p{i}"]}
            if len(kinds) != 1:
                raise SetupError(f"offer stack p{i} must hold cards of one type")
        pos.extra["stacks"] = len(offer)

    def place(self, game: BeanGame, pos: Position) -> None:
        assert isinstance(game, Mutterbohnchen)
        super().place(game, pos)
        game.blind = [list(pos.zones[f"seat {s} blind"]) for s in range(game.n)]
        game.attacks = []
        game.targets = []
        game.turned = []
        game.effects = []
        game.then = []
        game.target = -1
        game.offered = -1
        duo = _for_two(game)
        if duo is not None:
            game = duo
            game.stacks = [list(pos.zones[f"offer p{i}"]) for i in range(pos.extra["stacks"])]
            game.holder = _int_in(
                pos.setup.get("third_field_card", (game.start + 1) % 2), 0, 1, "third_field_card"
            )
            game.slots = []
            for s, p in enumerate(pos.players):
                open_fields = p.get("open_fields", [0, 1])
                if (
                    not isinstance(open_fields, list)
                    or not 2 <= len(set(open_fields)) == len(open_fields) <= 3
                    or any(f not in (0, 1, 2) for f in open_fields)
                ):
                    raise SetupError(f"seat {s}: open_fields names 2 or 3 of the slots 0, 1, 2")
                game.slots.append(sum(1 << f for f in open_fields))
            game.dropped = False
            game.bound = [-1] * len(game.table.bean_keys)
            game.aside = []

    def check_fields(self, game: BeanGame, pos: Position) -> None:
        """Every field holds one type, or the types its mixers allow (§4.4); a
        Kavalier may lie in a field of any type (§4.7). With 2 players a slot
        that is not a field is empty."""
        assert isinstance(game, Mutterbohnchen)
        kavalier = game.table.index["kavalier"]
        for s in range(game.n):
            for f, fld in enumerate(game.fields[s]):
                rest = [c for c in fld if c != kavalier]
                if rest and any(game.table.bean[c] not in game.admits(rest) for c in rest):
                    raise SetupError(
                        f"seat {s} field {f} mixes types its mixers do not allow "
                        "(mutterbohnchen §4.4)"
                    )
                duo = _for_two(game)
                if fld and duo is not None and not duo.field_open(s, f):
                    raise SetupError(f"seat {s}: slot {f} is not one of his fields but holds cards")

    def check_phase(self, game: BeanGame, pos: Position) -> None:
        duo = _for_two(game)
        if duo is not None:
            game = duo
            name = game.phase_name
            if name not in ("use-offer", "plant", "offer"):
                raise SetupError(
                    f"phase {name!r} is reached only in play; a position for 2 players begins "
                    "in 'use-offer', 'plant' or 'offer'"
                )
            if game.revealed:
                raise SetupError("with 2 players revealed cards become the offer (§3.5.2)")
            if name == "use-offer" and not game.stacks:
                raise SetupError("phase 'use-offer' needs the opponent's offer")
            if name == "plant" and game.stacks:
                raise SetupError("in phase 'plant' the opponent's offer has been used")
            if name == "plant" and any(game.trade):
                raise SetupError("trading areas are empty in phase 'plant'")
            return
        super().check_phase(game, pos)
        if game.phase_name not in ("plant", "trade", "plant-traded"):
            raise SetupError(
                f"phase {game.phase_name!r} is reached only in play; a position begins in "
                "'plant', 'trade' or 'plant-traded'"
            )

    def held_cards(self, game: BeanGame) -> list[int]:
        assert isinstance(game, Mutterbohnchen)
        held = super().held_cards(game) + [c for z in game.blind for c in z]
        duo = _for_two(game)
        if duo is not None:
            held += [c for stack in duo.stacks for c in stack] + duo.aside
        return held


class BohnkickPositionLoader(PositionLoader):
    """Bohnkick positions (``rules/bohnkick.md``, ``docs/scenarios.md``).

    ``setup``: ``phase`` (``play``, ``react``, ``shot-react`` or
    ``only-goal-cards``), ``mover`` (the seat that plays the next team card,
    or in ``react``/``shot-react`` the seat that played the last one; default
    ``first_player``), ``played`` (the attack's team cards so far, in order;
    they must follow the rules of §4.1), ``decks`` (per team, top first),
    ``discards`` and ``goals`` (per team), ``defence_deck`` (top first),
    ``defence_discard``, ``runouts`` (per team), ``final`` and ``deck_rest``
    (``shuffle``: the cards not named go under the named deck cards, shuffled;
    ``none``: out of play). Per player ``hand`` (team cards) and ``defence``
    (defensive cards); a hand not given is dealt from its team's unnamed
    cards (6 team cards, 3 defensive cards that are not Referee cards).
    """

    setup_keys = frozenset(
        {
            "phase",
            "mover",
            "played",
            "decks",
            "discards",
            "goals",
            "defence_deck",
            "defence_discard",
            "runouts",
            "final",
            "deck_rest",
            "players",
        }
    )
    player_keys = frozenset({"hand", "defence"})
    PHASES: ClassVar[tuple[str, ...]] = ("play", "react", "shot-react", "only-goal-cards")

    def load(self, game: Game, setup: dict[str, Any]) -> None:
        from bohn.rulesets.bohnkick.rules import DEFENCE, HAND, KIND, PER_TEAM, TEAM

        assert isinstance(game, Bohnkick)
        _check_keys(setup, self.setup_keys, "setup")
        n = game.n
        players = setup.get("players", [])
        if not isinstance(players, list) or len(players) > n:
            raise SetupError(f"setup players must be a list of at most {n} objects")
        players = players + [{}] * (n - len(players))
        for s, p in enumerate(players):
            if not isinstance(p, dict):
                raise SetupError(f"seat {s}: a player must be an object, not {p!r}")
            _check_keys(p, self.player_keys, f"seat {s}")
        phase = setup.get("phase", "play")
        if phase not in self.PHASES:
            raise SetupError(
                f"phase must be one of {', '.join(map(repr, self.PHASES))}, not {phase!r}"
            )
        mover = _int_in(setup.get("mover", game.start), 0, n - 1, "mover")
        team = game.team_of(mover)
        rest = setup.get("deck_rest", "shuffle")
        if rest not in ("shuffle", "none"):
            raise SetupError(f"deck_rest must be 'shuffle' or 'none', not {rest!r}")

        def per_team(key: str) -> list[list[int]]:
            value = setup.get(key, [[], []])
            if not isinstance(value, list) or len(value) != 2:
                raise SetupError(f"{key} must be two lists of card keys, one per team")
            return [_card_list(game, value[t], f"{key}[{t}]") for t in (0, 1)]

        decks, discards, goals = per_team("decks"), per_team("discards"), per_team("goals")
        played = _card_list(game, setup.get("played", []), "played")
        hands: dict[int, list[int]] = {}
        dhands: dict[int, list[int]] = {}
        for s, p in enumerate(players):
            if "hand" in p:
                hands[s] = _card_list(game, p["hand"], f"seat {s} hand")
            if "defence" in p:
                dhands[s] = _card_list(game, p["defence"], f"seat {s} defence")
        ddeck = _card_list(game, setup.get("defence_deck", []), "defence_deck")
        ddiscard = _card_list(game, setup.get("defence_discard", []), "defence_discard")
        # every team card named belongs to one team, every other card is defensive
        left: list[Counter[int]] = []
        for t in (0, 1):
            named: list[int] = decks[t] + discards[t] + goals[t]
            named += [c for s, h in hands.items() if game.team_of(s) == t for c in h]
            if t == team:
                named += played
            have: Counter[int] = Counter(
                {c: PER_TEAM[c] for c in range(len(game.table)) if TEAM[c]}
            )
            for c, k in sorted(Counter(named).items()):
                if not TEAM[c]:
                    raise SetupError(f"{game.table.keys[c]!r} is a defensive card, not a team card")
                if k > have[c]:
                    raise SetupError(
                        f"team {t} uses {k} {game.table.keys[c]!r} but a team has {have[c]}"
                    )
            left.append(have - Counter(named))
        dnamed = ddeck + ddiscard + [c for h in dhands.values() for c in h]
        dhave = Counter(c for c in game.table.deck() if not TEAM[c])
        if n == 4:
            dhave = Counter(
                {c: k for c, k in dhave.items() if KIND[c] not in ("referee", "tackle")}
            )
        for c, k in sorted(Counter(dnamed).items()):
            if TEAM[c]:
                raise SetupError(f"{game.table.keys[c]!r} is a team card, not a defensive card")
            if k > dhave[c]:
                raise SetupError(
                    f"the scenario uses {k} {game.table.keys[c]!r} but the game has {dhave[c]}"
                    + (" (with 4 players no Referee or Tackle cards)" if n == 4 else "")
                )
        dleft = dhave - Counter(dnamed)
        # deal the missing hands from the unnamed cards, shuffled from the seed
        game._rng = _rng.normalize_seed(game.seed)
        pools = [sorted(left[t].elements()) for t in (0, 1)]
        for t in (0, 1):
            game._shuffle(pools[t], f"team {t} deck")
        dpool = sorted(dleft.elements())
        game._shuffle(dpool, "defensive deck")
        for i in range(n):
            s = (game.start + i) % n
            if s not in hands:
                pool = pools[game.team_of(s)]
                if len(pool) < HAND:
                    raise SetupError(f"not enough team cards left to deal seat {s} its hand")
                hands[s] = [pool.pop() for _ in range(HAND)]
            if s not in dhands:
                dhand: list[int] = []
                skipped: list[int] = []
                while len(dhand) < DEFENCE and dpool:
                    c = dpool.pop()
                    (skipped if KIND[c] == "referee" else dhand).append(c)
                dpool += skipped
                if len(dhand) < DEFENCE:
                    raise SetupError(f"not enough defensive cards left to deal seat {s}")
                dhands[s] = dhand
        box = [
            c
            for c in game.table.deck()
            if n == 4 and not TEAM[c] and KIND[c] in ("referee", "tackle")
        ]
        if rest == "shuffle":
            game.decks = [pools[t] + list(reversed(decks[t])) for t in (0, 1)]
            game.ddeck = dpool + list(reversed(ddeck))
        else:
            game.decks = [list(reversed(decks[t])) for t in (0, 1)]
            game.ddeck = list(reversed(ddeck))
            box += pools[0] + pools[1] + dpool
        game.box = box
        game.discards = discards
        game.goals = goals
        game.ddiscard = ddiscard
        game.hands = [hands[s] for s in range(n)]
        game.dhands = [dhands[s] for s in range(n)]
        runouts = setup.get("runouts", [0, 0])
        if not isinstance(runouts, list) or len(runouts) != 2:
            raise SetupError("runouts must be two counts, one per team")
        game.runouts = [_int_in(r, 0, 100, "runouts") for r in runouts]
        if game.runouts[0] and game.runouts[1]:
            raise SetupError("both team decks have run out: the game is over (bohnkick §5.2)")
        final = setup.get("final", False)
        if not isinstance(final, bool):
            raise SetupError("final must be true or false")
        game.final = final
        self._attack(game, phase, mover, played)

    def _attack(self, game: Bohnkick, phase: str, mover: int, played: list[int]) -> None:
        """The attack in progress: the ball's way through ``played`` (§4.1)."""
        from bohn.rulesets.bohnkick import rules as bk

        n = game.n
        game.team = game.team_of(mover)
        game.played = []
        game.played_by = []
        game.holder = -1
        game.crossed = False
        game.shot = ""
        game.corner = ""
        game.blockers = []
        game.reactor = -1
        game.attacks = 1
        game.end_reason = ""
        k = len(played)
        # who played each card: the partners alternate (BK-D14); in phase
        # 'play' the mover's partner played the last one
        lastp = mover if n == 2 or phase != "play" else (mover + 2) % n
        order = [lastp if (k - 1 - i) % 2 == 0 else (lastp + 2) % n for i in range(k)]
        for i, c in enumerate(played):
            player = order[i]
            game.hands[player].append(c)  # legal_cards reads the hand
            j = len(game.hands[player]) - 1
            game.mover = player
            if j not in game.legal_cards(player):
                game.hands[player].pop()
                raise SetupError(
                    f"played: {game.table.keys[c]} cannot follow "
                    + (", ".join(game.table.key_list(game.played)) or "the kick-off")
                    + " (bohnkick §4.1)"
                )
            game.hands[player].pop()
            if bk.GOAL[c] and i != len(played) - 1:
                raise SetupError("played: a goal card ends the attack (bohnkick §3.5)")
            game.played.append(c)
            game.played_by.append(player)
            kind = bk.KIND[c]
            if kind == "dribble":
                game.holder = game.table.bean[c]
            elif kind in ("pass", "cross"):
                game.holder = bk.TO[c]
            game.crossed = kind == "cross"
        game.opener = order[0] if order else mover
        if phase == "play":
            game.last = mover if n == 2 or not played else (mover + 2) % n
            game.mover = mover
            game.phase = bk.PLAY
            if played and bk.GOAL[played[-1]]:
                raise SetupError("phase 'play' follows a card that is no goal card")
            if not game.legal_cards(mover):
                raise SetupError(f"seat {mover} holds no card it may play now (bohnkick §3.4)")
        elif phase == "only-goal-cards":
            if played or any(not bk.GOAL[c] for c in game.hands[mover]):
                raise SetupError(
                    "phase 'only-goal-cards' opens an attack with a hand of goal cards only"
                )
            game.mover = game.last = mover
            game.phase = bk.CYCLE
        else:
            if not played:
                raise SetupError(f"phase {phase!r} answers a card: name the attack's cards")
            goal = bk.GOAL[played[-1]]
            if goal != (phase == "shot-react"):
                raise SetupError("phase 'shot-react' answers a goal card, 'react' any other card")
            if phase == "shot-react" and n == 4:
                raise SetupError("with 4 players no tackle answers a goal card (bohnkick §5.1.1)")
            game.mover = game.last = mover
            game.reactor = game._next_defender(mover)
            game.phase = bk.SHOT_REACT if goal else bk.REACT
            if goal:
                game.shot = bk.KIND[played[-1]]

    def open(self, game: Game) -> None:
        assert isinstance(game, Bohnkick)
        keys = game.table.key_list
        common = {
            "type": "position",
            "phase": game.phase_name,
            "mover": game.mover,
            "played": keys(game.played),
            "discards": [keys(d) for d in game.discards],
            "goals": [keys(g) for g in game.goals],
            "defence_discard": keys(game.ddiscard),
        }
        game._emit(
            {
                **common,
                "decks": [keys(d) for d in game.decks],
                "defence_deck": keys(game.ddeck),
                "box": keys(game.box),
                "hands": [keys(h) for h in game.hands],
                "defence": [keys(h) for h in game.dhands],
            },
            to=(),
            public={
                **common,
                "deck_sizes": [len(d) for d in game.decks],
                "defence_deck_size": len(game.ddeck),
                "box_size": len(game.box),
            },
        )
        for s in range(game.n):
            game._emit(
                {
                    "type": "deal",
                    "seat": s,
                    "cards": keys(game.hands[s]),
                    "defence": keys(game.dhands[s]),
                },
                to=(s,),
                public={
                    "type": "deal",
                    "seat": s,
                    "count": len(game.hands[s]),
                    "defence": len(game.dhands[s]),
                },
            )
        game._emit({"type": "attack", "seat": game.opener, "team": game.team, "attack": 1})


#: variant id -> the loader of its positions
LOADERS: dict[str, PositionLoader] = {"bohnanza": BeanPositionLoader()}
LOADERS["sissi"] = SissiPositionLoader()
LOADERS["high-bohn"] = HighBohnPositionLoader()
LOADERS["al-cabohne"] = MafiaPositionLoader()
LOADERS["prohibohn"] = ProhibohnPositionLoader()
LOADERS["ladybohn"] = LadybohnPositionLoader()
LOADERS["mutterbohnchen"] = MutterbohnchenPositionLoader()
LOADERS["bohnkick"] = BohnkickPositionLoader()


def _position_events(game: BeanGame) -> None:
    """The events that open the log of a loaded position."""
    keys = game.table.key_list
    n = game.n
    common = {
        "type": "position",
        "active": game.active,
        "phase": game.phase_name,
        "planted": game.planted,
        "turn": game.turn,
        "exhaustions": game.exhaustions,
        "discard": keys(game.discard),
        "revealed": keys(game.revealed),
        "fields": [[keys(f) for f in fs] for fs in game.fields],
        "trading_areas": [keys(t) for t in game.trade],
    }
    game._emit(
        {
            **common,
            "deck": keys(game.deck),
            "box": keys(game.box),
            "hands": [keys(h) for h in game.hands],
            "coins": [keys(c) for c in game.coins],
        },
        to=(),
        public={
            **common,
            "deck_size": len(game.deck),
            "box_size": len(game.box),
            "hand_sizes": [len(h) for h in game.hands],
            "coins": [len(c) for c in game.coins],
        },
    )
    for s in range(n):
        game._emit(
            {"type": "deal", "seat": s, "cards": keys(game.hands[s])},
            to=(s,),
            public={"type": "deal", "seat": s, "count": len(game.hands[s])},
        )


def load_position(data: dict[str, Any]) -> Game:
    """The game at the position a scenario describes (its actions not applied).

    Raises :class:`~bohn.engine.errors.SetupError` naming what is wrong.
    """
    from bohn.rulesets import find_variant

    if not isinstance(data, dict):
        raise SetupError("a scenario must be a JSON object")
    variant = data.get("variant")
    if not isinstance(variant, str):
        raise SetupError('a scenario needs a variant, e.g. "variant": "bohnanza"')
    cls = find_variant(variant)
    loader = LOADERS.get(variant)
    if loader is None:
        raise SetupError(f"scenarios of {variant} are not supported")
    setup = data.get("setup", {})
    if not isinstance(setup, dict):
        raise SetupError("setup must be an object")
    players = data.get("players")
    if players is None and isinstance(setup.get("players"), list):
        players = len(setup["players"])
    if players is None:
        raise SetupError("a scenario needs the number of players")
    seed = data.get("seed", 0)
    if isinstance(seed, bool) or not isinstance(seed, int | str):
        raise SetupError(f"seed must be an integer or a string, not {seed!r}")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SetupError("options must be an object")
    if not isinstance(data.get("actions", []), list):
        raise SetupError("actions must be a list")
    game = cls.new(players, seed, options)
    game._log = None
    game._pending_events = []
    loader.load(game, setup)
    loader.open(game)
    game._record(None, None)
    return game


def scenario_action(entry: Any) -> tuple[int, Action]:
    """``(seat, action)`` of one entry of a scenario's ``actions``.

    The action is its JSON object or its text form (``"plant f0"``); a
    malformed entry raises :class:`~bohn.engine.errors.InvalidAction`.
    """
    if not isinstance(entry, dict) or set(entry) != {"seat", "action"}:
        raise InvalidAction('an action entry is {"seat": <seat>, "action": <action>}')
    seat = entry["seat"]
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise InvalidAction(f"seat must be an integer, not {seat!r}")
    a = entry["action"]
    action = parse_action(a) if isinstance(a, str) else action_from_json(a)
    return seat, action


def run_scenario(data: dict[str, Any]) -> dict[str, Any]:
    """Load the position, apply the actions and report (``docs/scenarios.md``).

    ``{"ok": true, "state", "events", "result"}``, or ``{"ok": false, "error",
    "action_index"}`` where ``action_index`` is the failing action's index
    (``null`` when the position itself is broken).
    """
    try:
        game = load_position(data)
    except SetupError as e:
        return {"ok": False, "error": e.to_json(), "action_index": None}
    actions: list[Any] = data.get("actions", [])
    events: list[dict[str, Any]] = []
    for i, entry in enumerate(actions):
        try:
            seat, action = scenario_action(entry)
            events.extend(e.data for e in game.apply(seat, action))
        except BohnError as e:
            return {"ok": False, "error": e.to_json(), "action_index": i}
    result = game.result()
    return {
        "ok": True,
        "state": game.to_json()["state"],
        "events": events,
        "result": None if result is None else result.to_json(),
    }


def load_file(path: str | Path) -> dict[str, Any]:
    """A scenario read from a JSON file (:class:`SetupError` if it is not JSON)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as e:
        raise SetupError(f"cannot read scenario {path}: {e}") from None
    if not isinstance(data, dict):
        raise SetupError(f"{path}: a scenario must be a JSON object")
    return data
