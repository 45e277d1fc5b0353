"""The quick play of a search's playouts once the turn being decided is over.

``ismcts`` plays each playout's current turn with the ``greedy`` bots, trades
included, so the candidates are judged against the answers the other seats
would give. Past that turn, a playout needs only a plausible course of the
next turns before its world is scored, and ``greedy`` (an observation, an
evaluation of the seat's position and a proposal search at every decision)
costs ten times the engine's step. :func:`quick_action` plays those turns
from the world itself, in a few comparisons a decision:

* **planting** (the front card, the optional second card, traded and kept
  cards): onto the field of the card's type that holds the most cards, else
  onto an empty field; the optional second card only onto a field of its
  type; a card that fits nowhere forces the harvest that pays most (of two
  that pay the same, the smaller field);
* **trading**: no proposals and no acceptances: the active player ends the
  trading phase (keeping the revealed cards) and the others pass or decline.

It reads only the world, never a seat's observation: the world is the
search's own sample, so the play uses no hidden card the seat could not have
dealt itself. In any other phase or game (a building, a mafia, a Bohnkick
match) it answers ``None`` and the playout asks ``greedy``; a ruleset with
phases of its own gives its search a quick play of its own
(:attr:`Search.quick <bohn.bots.search.Search.quick>`), and the stage after
which it starts (:attr:`Search.stage <bohn.bots.search.Search.stage>`; in a
bean game :func:`bean_stage`).
"""

from __future__ import annotations

from collections.abc import Callable

from bohn.engine.actions import Action
from bohn.engine.actions import Decline
from bohn.engine.actions import EndTrading
from bohn.engine.actions import Harvest
from bohn.engine.actions import Pass
from bohn.engine.actions import Plant
from bohn.engine.actions import Withdraw
from bohn.engine.beans import PLANT
from bohn.engine.beans import PLANT_TRADED
from bohn.engine.beans import TRADE
from bohn.engine.beans import BeanGame
from bohn.engine.game import Game

#: a quick play: a seat's action among the legal ones (two or more) of a
#: world, or ``None`` where ``greedy`` decides
QuickPlay = Callable[[Game, int, list[Action]], Action | None]


def quick_action(world: Game, seat: int, legal: list[Action]) -> Action | None:
    """The quick play's choice for ``seat`` among ``legal`` (two or more
    actions), or ``None`` where it has none (see the module docstring)."""
    if not isinstance(world, BeanGame):
        return None
    phase = world.phase
    if phase == TRADE:
        return _trading(legal)
    if phase in (PLANT, PLANT_TRADED):
        return _planting(world, seat, legal, phase == PLANT)
    return None


def _trading(legal: list[Action]) -> Action | None:
    """End the trading, else pass, decline or withdraw: no deal is made."""
    found: Action | None = None
    rank = 5
    for a in legal:
        t = type(a)
        r = (
            0
            if t is EndTrading
            else 1
            if t is Pass
            else 2
            if t is Decline
            else 3
            if t is Withdraw
            else 5
        )
        if r < rank:
            found, rank = a, r
    return found


def _planting(world: BeanGame, seat: int, legal: list[Action], front: bool) -> Action | None:
    """The planting described in the module docstring."""
    fields = world.fields[seat]
    best: Action | None = None
    best_size = -1
    optional: Action | None = None
    harvest: Action | None = None
    harvest_key = (-1, 0)
    for a in legal:
        t = type(a)
        if t is Plant:
            assert isinstance(a, Plant)
            if a.mode is not None or a.card is not None:
                continue  # a planting mode or a card from deep in the hand: greedy's call
            f = a.field
            if f >= len(fields):
                continue
            size = len(fields[f])
            if size > best_size:
                best, best_size = a, size
        elif t is Pass:
            optional = a
        elif t is Harvest:
            assert isinstance(a, Harvest)
            f = a.field
            if f >= len(fields):
                continue
            key = (world.harvest_value(seat, f), -len(fields[f]))
            if key > harvest_key:
                harvest, harvest_key = a, key
    if best is not None:
        if front and optional is not None and best_size == 0:
            return optional  # the optional second card only onto its own type
        return best
    if optional is not None:
        return optional
    return harvest


def first_of(legal: list[Action], *kinds: type[Action]) -> Action | None:
    """The first of ``legal`` of the first of ``kinds`` (in order of
    preference) that any of them is, else ``None``: a quick play's "tackle
    if I may, else pass"."""
    for kind in kinds:
        for a in legal:
            if isinstance(a, kind):
                return a
    return None


def bean_stage(world: Game) -> int:
    """The stage of a bean game: two a turn, the second once the turn's
    traded cards are being planted (its trading is over). The quick play
    starts past the trading of the turn at hand. Any other game stays at
    stage 0 (no quick play)."""
    if not isinstance(world, BeanGame):
        return 0
    return 2 * world.turn + (1 if world.phase == PLANT_TRADED else 0)
