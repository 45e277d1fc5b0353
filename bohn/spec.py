"""A game's specification: what a person asks for when a game is set up.

:class:`GameSpec` is one value for the five things every way of starting a
game names: the variant, the number of players, the options, who sits at each
seat and the seed. The command line builds one from its arguments, the
server from a create-game request, and the simulation
(:func:`bohn.sim.batch.run_batch`), the tournament
(:func:`bohn.tournament.run_tournament`) and the server's store take one,
instead of a dozen loose parameters each.

>>> spec = GameSpec("bohnanza", 3, seed=7, seats=("greedy", "random", "random"))
>>> spec.new().n
3
>>> spec.with_seed(8).seed
8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from dataclasses import field
from dataclasses import replace
from typing import Any

from bohn.engine.game import Game
from bohn.rulesets import find_variant

#: a seat a person takes (a seat not listed as one is a bot's)
HUMAN = "human"


@dataclass(frozen=True)
class GameSpec:
    """One game as it is asked for.

    ``variant`` is a registered variant id and ``players`` a count it allows.
    ``options`` are the variant's named options that differ from its defaults.
    ``seats`` holds one entry per seat where they are named: a bot spec
    (``"greedy"``, ``"ismcts:iterations=200"``) or :data:`HUMAN`; empty where
    the caller decides (a simulation's default bots, a tournament's pairs).
    ``seed`` makes the deal: the same spec deals the same game.
    """

    variant: str
    players: int
    seed: int | str = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    seats: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # a copy of its own: the caller's dict may change after, the spec not
        object.__setattr__(self, "options", dict(self.options))
        object.__setattr__(self, "seats", tuple(self.seats))

    def game_class(self) -> type[Game]:
        """The class that plays this variant with this many players
        (:class:`~bohn.engine.errors.SetupError` for an unknown variant)."""
        return find_variant(self.variant).class_for(self.players)

    def new(self) -> Game:
        """The game this spec sets up, dealt from its seed
        (:class:`~bohn.engine.errors.SetupError` naming what is wrong)."""
        return find_variant(self.variant).new(self.players, self.seed, dict(self.options))

    def with_seed(self, seed: int | str) -> GameSpec:
        """The same game dealt from another seed."""
        return replace(self, seed=seed)

    def to_json(self) -> dict[str, Any]:
        """The spec as JSON (its options as given)."""
        return {
            "variant": self.variant,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "seats": list(self.seats),
        }
