"""Mutterböhnchen positions in scenarios (``docs/scenarios.md``), also for
two: the ruleset's part ``scenario`` (:data:`LOADER`, see :mod:`bohn.scenario`)."""

from __future__ import annotations

from typing import cast

from bohn.engine.beans import BeanGame
from bohn.engine.errors import SetupError
from bohn.rulesets.mutterbohnchen.rules import Mutterbohnchen
from bohn.rulesets.mutterbohnchen.two import MutterbohnchenForTwo
from bohn.scenario import BeanPositionLoader
from bohn.scenario import Position
from bohn.scenario import PositionLoader
from bohn.scenario import card_list
from bohn.scenario import int_in


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
    or ``plant-traded``; the other phases are reached only in play. A
    player without ``blind`` holds no starting coins (an empty setup is a new
    game, whose starting coins are dealt: :func:`bohn.scenario.load_position`).

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
            pos.zones[f"seat {s} blind"] = card_list(game, p.get("blind", []), f"seat {s} blind")
            if "open_fields" in p and not two:
                raise SetupError("open_fields exist only with 2 players (§3.5.1)")
        offer = pos.setup.get("offer", [])
        if not isinstance(offer, list):
            raise SetupError("offer must be a list of stacks")
        for i, stack in enumerate(offer):
            pos.zones[f"offer p{i}"] = card_list(game, stack, f"offer p{i}")
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
            game.holder = int_in(
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


#: the loader of this ruleset's positions
LOADER: PositionLoader = MutterbohnchenPositionLoader()
