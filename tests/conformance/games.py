"""The configurations of the conformance suite and the games that drive them:
every registered variant at every player count it allows, seeded random games."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bohn.engine.actions import Action
from bohn.engine.game import Game
from bohn.rulesets import VARIANTS
from bohn.sim.runner import make_bots
from bohn.sim.runner import play_game

#: every random game of the suite ends within this many steps
STEP_LIMIT = 20_000
#: games per configuration checked in full at every step
FULL_GAMES = 2
#: proposals per seat and trading phase: small, as bots use
TRADE_CAP = 2


@dataclass(frozen=True)
class Config:
    """One variant at one player count."""

    variant: str
    players: int
    #: a subclass to play instead of the registered class (the suite's self-tests)
    game_cls: type[Game] | None = None
    #: rule options of this configuration (a variant of the game, e.g. cognac)
    rule_options: tuple[tuple[str, Any], ...] = ()

    @property
    def cls(self) -> type[Game]:
        return self.game_cls or VARIANTS[self.variant]

    @property
    def options(self) -> dict[str, Any]:
        caps = {"trade_cap": TRADE_CAP} if "trade_cap" in self.cls.OPTIONS else {}
        return {**caps, **dict(self.rule_options)}

    def new(self, seed: int | str) -> Game:
        return self.cls.new(self.players, seed, self.options)

    def play(
        self,
        seed: int | str,
        on_state: Callable[[Game, int | None, Action | None], Any] | None = None,
        *,
        bots: str = "random",
    ) -> Game:
        """Play one seeded game with ``bots`` at every seat, calling ``on_state``
        on the start position and after every step; return the finished game."""
        game = self.new(seed)
        if on_state is not None:
            on_state(game, None, None)
        step = None if on_state is None else (lambda g, s, a: on_state(g, s, a))
        play_game(game, make_bots([bots] * self.players, seed), max_steps=STEP_LIMIT, on_step=step)
        return game

    def __str__(self) -> str:
        opts = "".join(f"-{k}" if v is True else f"-{k}={v}" for k, v in self.rule_options)
        return f"{self.variant}{opts}-{self.players}p"


#: the game variants that are options of a ruleset, each checked like a ruleset
VARIANT_OPTIONS: dict[str, list[tuple[tuple[str, Any], ...]]] = {
    "high-bohn": [(("cognac", True),)],
    "prohibohn": [(("pub", True),)],
}

CONFIGS: list[Config] = [
    Config(variant, n, rule_options=opts)
    for variant, cls in VARIANTS.items()
    for opts in [(), *VARIANT_OPTIONS.get(variant, [])]
    for n in cls.allowed_players()
]
