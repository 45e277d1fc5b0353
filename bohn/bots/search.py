"""A ruleset's settings for the ``ismcts`` search (:class:`Search`).

A ruleset's ``bots`` part (``bohn/rulesets/<id>/bots.py``, read through
the registry's ``Ruleset.part``) defines ``SEARCH``, an instance of
:class:`Search`; a ruleset whose part defines none (or that has no part) is
searched with :data:`DEFAULT`. The ``ismcts`` parameters ``iterations``,
``horizon`` and ``rival`` override the ruleset's values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from bohn.engine.game import Game

#: iterations per decision by default (about a quarter to three quarters of a
#: second a decision with the compiled bots)
ITERATIONS: Final = 256
#: steps (of any seat) played per iteration before the world is scored
HORIZON: Final = 60
#: whom a seat's lead is measured against: the mean of its rivals (``mean``)
#: or the strongest of them (``max``)
RIVALS: Final = ("mean", "max")
#: the lead in coins that scores 1 (and its opposite 0)
SCALE: Final = 20.0


@dataclass(frozen=True)
class Search:
    """How ``ismcts`` searches the games of one ruleset."""

    #: iterations per decision
    iterations: int = ITERATIONS
    #: steps (of any seat) played per iteration before the world is scored
    horizon: int = HORIZON
    #: phases at which a playout at its horizon plays on (e.g. a shot on its
    #: way to goal is played to its end before the world is scored)
    play_on: frozenset[str] = frozenset()
    #: whom a seat's lead is measured against (one of :data:`RIVALS`)
    rival: str = "mean"
    #: the lead (in the unit of the worth: coins, goals) that scores 1 (and its opposite 0)
    scale: float = SCALE
    #: each seat's worth in a world (a list by seat), where not the generic
    #: one (its score plus what its fields are worth: ``bohn.bots.ismcts.values``)
    worth: Callable[[Game], list[float]] | None = None

    def __post_init__(self) -> None:
        if self.rival not in RIVALS:
            raise ValueError(f"rival must be one of {', '.join(RIVALS)}, not {self.rival!r}")


#: the settings of a ruleset that defines none
DEFAULT: Final = Search()
