"""A ruleset's settings for the ``ismcts`` search (:class:`Search`).

A ruleset's ``bots`` part (``bohn/rulesets/<id>/bots.py``, read through
the registry's ``Ruleset.part``) defines ``SEARCH``, an instance of
:class:`Search`; a ruleset whose part defines none (or that has no part) is
searched with :data:`DEFAULT`. The ``ismcts`` parameters ``iterations``,
``horizon`` and ``rival`` override the ruleset's values.

A ruleset with phases of its own gives its playouts a quick play for them
(:attr:`Search.quick`, which may hand a bean game's usual phases on to
:func:`~bohn.bots.rollout.quick_action`), and says where it starts
(:attr:`Search.stage`): past the stage of the game the decision is made
in, the playout's seats play the quick play instead of ``greedy``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from bohn.bots.rollout import QuickPlay
from bohn.bots.rollout import bean_stage
from bohn.bots.rollout import quick_action
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
    #: a seat's action in a playout once the game is past the stage at hand
    #: (one of the legal actions, two or more), or ``None`` where ``greedy``
    #: decides (:mod:`bohn.bots.rollout`)
    quick: QuickPlay = quick_action
    #: the stage of a game, a number that only grows: the quick play starts
    #: once a playout's world is at a later stage than the decision's
    stage: Callable[[Game], int] = bean_stage

    def __post_init__(self) -> None:
        if self.rival not in RIVALS:
            raise ValueError(f"rival must be one of {', '.join(RIVALS)}, not {self.rival!r}")


#: the settings of a ruleset that defines none
DEFAULT: Final = Search()
