"""``ismcts``: information-set Monte Carlo tree search over the seat's own decisions.

Each iteration deals a *world* from what the seat knows
(:meth:`~bohn.engine.infostate.InfoTracker.sample`: every hidden card placed at
random among the places it may be, consistent with the seat's whole history),
plays one candidate for the decision at hand, then plays on:

* **in the tree** of the seat's later decisions, it picks among its candidate
  actions by UCB1 with availability counts (an action is scored against the
  number of iterations in which it was legal, as single-observer ISMCTS does,
  since different worlds allow different actions), greedy's choice tried
  first; a decision reached fewer than ``expand`` times plays greedy's choice,
  so a small budget is not spent on random moves after the one at hand;
* **the other seats** play the ``greedy`` bot of their variant, in the tree and
  out of it: the search plans against that model of its opponents;
* **after the tree**, every seat plays ``greedy`` to the end of the stage of
  the game the decision is made in (a bean game's trading of the turn at
  hand, a Bohnkick attack), then the ruleset's quick play
  (:attr:`Search.quick <bohn.bots.search.Search.quick>`, where it has one
  for the phase, else ``greedy``; parameter ``quick``), until ``horizon`` steps from
  the decision (further while the phase is one of the ruleset's ``play_on``:
  in Bohnkick a shot on its way is played to its end first), and the world is
  scored (:func:`reward`): each seat's score plus what its fields would pay
  now and part of what they have grown towards their next step (or the
  ruleset's own ``worth``: in Bohnkick its team's goals, defensive cards and
  attack in progress), turned into a number in [0, 1] by the seat's lead over
  the mean of its rivals, or over the strongest of them (the ruleset's
  ``rival``; a house, a rival no seat plays, counted as one); once the
  game is over, mostly whether the seat won.

**Rulesets.** What differs by ruleset is its ``SEARCH``
(:class:`~bohn.bots.search.Search`), defined by its ``bots`` part
(``bohn/rulesets/<id>/bots.py``) and read once per variant
(:func:`settings`): iterations, horizon, the phases played on, the rival,
the reward's scale and the worth of a world.

**Candidates.** The search considers the greedy bot's choice and every legal
action that is not a trade proposal (an open-ended choice) and, where there is
something else to decide, not a harvest or field purchase the rules allow at
almost any time (:data:`ANY_TIME`).

**The decision.** Each round deals one world and plays every candidate on a
copy of it, with the same seeds for the other seats' play, so candidates are
compared on the same cards. The decision is the candidate with the best mean
reward among those that beat the greedy choice clearly on the paired
differences (a one-sided test corrected for the few worlds played and the
number of candidates), else the greedy choice (:func:`pick`).

**Parameters** (``ismcts:iterations=200,horizon=40``): ``iterations`` (default
the ruleset's, else :data:`ITERATIONS`), ``time_ms`` (stop after this many
milliseconds instead, when given and > 0; both may be given: the first limit
reached ends the search, each looked at between rounds), ``horizon`` (steps played per iteration before
scoring, default the ruleset's, else :data:`HORIZON`), ``c`` (the UCB
exploration constant, default :data:`C`), ``proposals`` (trade proposals per trading phase of the greedy
play in each iteration, default :data:`PROPOSALS`), ``evidence`` (how clearly
a candidate must beat the greedy choice, in standard errors of a test on many
worlds and one candidate, default :data:`EVIDENCE`; see :func:`pick`),
``expand`` (visits before the tree branches at a later decision, default
:data:`EXPAND`), ``rival`` (``mean`` or ``max``: whom the playouts' lead is
measured against; by default the ruleset's; see :func:`reward`).

**Budgets.** Whoever runs the bot may cap each decision
(:meth:`IsmctsBot.act_within` with a :class:`~bohn.bots.base.Budget`: the
server does, ``docs/server.md``): at most so many iterations and seconds, and a
stop signal, looked at before every playout; the search then decides on the
whole rounds it played.

The bot sees only its :class:`~bohn.bots.base.SeatView`: the legal actions,
its observation and the seat's information state. It never reads the game.
"""

from __future__ import annotations

import math
import time
from functools import partial
from statistics import NormalDist
from typing import Any
from typing import ClassVar

from bohn.bots.base import Bot
from bohn.bots.base import Budget
from bohn.bots.base import Param
from bohn.bots.base import SeatView
from bohn.bots.base import next_seat
from bohn.bots.base import register_bot
from bohn.bots.greedy import Cards
from bohn.bots.greedy import GreedyBot
from bohn.bots.search import DEFAULT
from bohn.bots.search import HORIZON
from bohn.bots.search import ITERATIONS
from bohn.bots.search import RIVALS
from bohn.bots.search import Search
from bohn.engine.actions import Action
from bohn.engine.actions import BuyField
from bohn.engine.actions import Harvest
from bohn.engine.actions import Propose
from bohn.engine.beans import BeanGame
from bohn.engine.game import Game
from bohn.rulesets import RULESETS

#: trade proposals per trading phase of the greedy bots that play on in each
#: iteration: the greedy bot's own default, so the playouts trade as the
#: ``greedy`` opponents do (fewer play faster, but a playout without trades
#: misjudges the candidates whose worth lies in trading)
PROPOSALS = 2
#: UCB1 exploration constant (rewards lie in [0, 1])
C = 0.7
#: actions the rules allow at almost any time: candidates only where nothing else is
#: to be decided, or when they are the greedy bot's choice
ANY_TIME = (Harvest, BuyField)
#: visits a node of the seat's later decisions needs before the search branches
#: there; until then the seat plays greedy's choice at it
EXPAND = 8
#: how clearly a candidate must beat the greedy choice to be picked: standard errors
#: of the test on many worlds against one rival, corrected by :func:`threshold`
EVIDENCE = 1.5
#: whether a playout's seats play the quick play (:mod:`bohn.bots.rollout`)
#: once the trading of the turn being decided is over, instead of ``greedy``
QUICK = True
#: the share of a field's growth towards its next step counted in its worth
GROWTH = 0.5


#: variant id -> its ruleset's search settings (read on first use by :func:`settings`)
SETTINGS: dict[str, Search] = {}


def settings(variant: str) -> Search:
    """The ``SEARCH`` of the ruleset of ``variant`` (its ``bots`` part), or
    :data:`~bohn.bots.search.DEFAULT` where it defines none."""
    found = SETTINGS.get(variant)
    if found is None:
        r = RULESETS.get(variant)
        part = None if r is None else r.part("bots")
        found = SETTINGS[variant] = getattr(part, "SEARCH", DEFAULT)
    return found


class Node:
    """A decision of the searching seat: its children by action."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 0


def values(world: Game) -> tuple[list[float], float | None]:
    """Each seat's worth in ``world`` now, and the house's (``None`` in a game
    without one: :meth:`Game.house_score <bohn.engine.game.Game.house_score>`).
    A seat's worth is its score, plus what its fields would pay if harvested
    now, plus half of what they have grown towards their next beanometer step
    (:data:`GROWTH`); or the ruleset's own worth
    (:attr:`Search.worth <bohn.bots.search.Search.worth>`)."""
    house = world.house_score()
    house_worth = None if house is None else float(house)
    worth_of = settings(world.variant).worth
    if worth_of is not None:
        return worth_of(world), house_worth
    if isinstance(world, BeanGame):  # read from the world itself: no observation built
        return bean_worth(world), house_worth
    return observed_worth(world), house_worth


def bean_worth(world: BeanGame) -> list[float]:
    """:func:`values`' worth of each seat of a bean game, read from its
    state: what :func:`observed_worth` reads from its public observation."""
    now = world.scores()
    cards = Cards.of(world.table)
    worth: list[float] = []
    for i, fields in enumerate(world.fields):
        w = float(now[i])
        for f, fld in enumerate(fields):
            if fld:
                paid = world.harvest_value(i, f)
                w += paid + GROWTH * max(0.0, cards.value(fld[-1], len(fld)) - paid)
        worth.append(w)
    return worth


def observed_worth(world: Game) -> list[float]:
    """:func:`values`' worth of each seat, read from the game's public
    observation (its seats' fields and what they pay)."""
    obs = world.observe(None)
    now = world.scores()
    table = world.table
    cards = Cards.of(table)
    index = table.index
    worth: list[float] = []
    for i, seat in enumerate(obs["seats"]):
        w = float(now[i])
        pays = seat.get("field_pays", ())
        for f, fld in enumerate(seat.get("fields", ())):
            if not fld:
                continue
            paid = pays[f] if f < len(pays) else 0
            w += paid
            card = index.get(fld[-1])
            if card is not None:
                w += GROWTH * max(0.0, cards.value(card, len(fld)) - paid)
        worth.append(w)
    return worth


def reward(world: Game, seat: int, rival: str | None = None) -> float:
    """How good ``world`` is for ``seat``, in [0, 1]: its worth's lead over its
    rivals (the other sides' seats, and the house where there is one) — over
    their mean, or with ``rival="max"`` over the strongest of them, the one a
    winner must beat (``None``: the ruleset's) — scaled by the ruleset's
    ``scale``; once the game is over, mostly whether it won."""
    search = settings(world.variant)
    if rival is None:
        rival = search.rival
    worth, house = values(world)
    side = world.team_of(seat)
    others = [w for s, w in enumerate(worth) if s != seat and world.team_of(s) != side]
    if house is not None:
        others.append(house)
    if not others:
        lead = 0.0
    elif rival == "max":
        lead = worth[seat] - max(others)
    else:
        lead = worth[seat] - sum(others) / len(others)
    scale = search.scale
    r = min(1.0, max(0.0, 0.5 + lead / (2 * scale)))
    result = world.result()
    if result is not None:
        won = 1.0 / len(result.winners) if seat in result.winners else 0.0
        r = 0.75 * won + 0.25 * r
    return r


class IsmctsBot(Bot):
    """See the module docstring."""

    kind: ClassVar[str] = "ismcts"
    uses_infostate: ClassVar[bool] = True
    #: the bounds of the parameters; on the multiplayer server a search is
    #: capped tighter (``server_high``), as its bots share the server's CPU
    params: ClassVar[tuple[Param, ...]] = (
        Param("iterations", "int", 0, 1_000_000, server_high=1_000),
        Param("time_ms", "int", 0, 600_000, server_high=10_000),
        Param("horizon", "int", 0, 100_000, server_high=500),
        Param("c", "float", 0, 100),
        Param("proposals", "int", 0, 50),
        Param("evidence", "float", 0, 100),
        Param("expand", "int", 0, 1_000_000),
        Param("rival", "choice", choices=RIVALS),
        Param("quick", "bool"),
    )

    def __init__(self, seed: int = 0, **params: Any) -> None:
        #: ``None``: the ruleset's (:func:`settings`)
        self.iterations: int | None = _opt_int(params, "iterations")
        self.time_ms = _int(params, "time_ms", 0)
        self.horizon: int | None = _opt_int(params, "horizon")
        self.c = float(params.pop("c", C))
        self.proposals = _int(params, "proposals", PROPOSALS)
        self.evidence = float(params.pop("evidence", EVIDENCE))
        self.expand = _int(params, "expand", EXPAND)
        self.quick = str(params.pop("quick", QUICK)).lower() in ("true", "1", "yes")
        rival = params.pop("rival", None)
        self.rival: str | None = None if rival is None else str(rival)
        if self.rival is not None and self.rival not in RIVALS:
            raise ValueError(f"ismcts parameter rival must be one of {', '.join(RIVALS)}")
        if self.iterations == 0 and self.time_ms < 1:
            raise ValueError("ismcts needs iterations >= 1 or time_ms >= 1")
        super().__init__(seed, **params)
        #: the greedy bot that proposes trades for this seat and models it in playouts
        self.greedy = GreedyBot(seed)
        #: iterations run over the bot's life (for measurements)
        self.total_iterations = 0
        #: the greedy bot's choice at the last decision searched (for measurements)
        self.last_greedy: Action | None = None
        #: the limits of the decision being made (:meth:`act_within`), else None
        self._budget: Budget | None = None

    def candidates(self, legal: list[Action], greedy: Action) -> list[Action]:
        """The actions the search considers (see the module docstring)."""
        out = [a for a in legal if not isinstance(a, Propose)]
        decisive = [a for a in out if not isinstance(a, ANY_TIME)]
        if decisive:  # harvests and purchases off the point stay greedy's call
            out = decisive
        if greedy not in out:
            out.append(greedy)
        return out

    def act(self, view: SeatView) -> Action:
        legal = view.legal
        if len(legal) == 1:
            return legal[0]
        info = view.infostate
        if info is None:
            raise ValueError(
                "ismcts needs the seat's information state (SeatView.infostate); "
                "bohn's runners and server give it to bots whose uses_infostate is set"
            )
        me = view.seat
        first = self.last_greedy = self.greedy.act(view)
        cands = self.candidates(legal, first)
        if len(cands) == 1:
            return cands[0]
        m = len(cands)
        search = settings(info.cls.variant)
        iterations = self.iterations if self.iterations is not None else search.iterations
        horizon = self.horizon if self.horizon is not None else search.horizon
        tree = {a: Node() for a in cands}  # the seat's later decisions, after each candidate
        now = time.perf_counter()
        limit = now + self.time_ms / 1000 if self.time_ms > 0 else math.inf
        # the budget of whoever runs the bot (act_within): a hard cap, looked at
        # before every playout; a round it cuts short is left out
        budget = self._budget
        cap = math.inf
        stop = None
        if budget is not None:
            if budget.iterations is not None:
                most = max(1, budget.iterations)
                iterations = min(iterations, most) if iterations > 0 else most
            if budget.seconds is not None:
                cap = now + budget.seconds
            stop = budget.stop
        capped = cap < math.inf or stop is not None
        rounds = max(1, -(-iterations // m)) if iterations > 0 else 1 << 62
        done = 0
        scores: dict[Action, list[float]] = {a: [] for a in cands}
        while done < rounds and (done == 0 or time.perf_counter() < limit):
            world = info.sample(self.rng.below(1 << 62))
            seed = self.rng.below(1 << 62)
            played: list[float] = []
            for a in cands:
                if capped and (time.perf_counter() >= cap or (stop is not None and stop())):
                    break
                played.append(self._iterate(world.clone(), tree[a], a, me, seed, horizon, search))
            if len(played) < m:
                break  # the budget ran out: the rounds played so far decide
            for a, playout in zip(cands, played, strict=True):
                scores[a].append(playout)
            done += 1
        self.total_iterations += done * m
        return pick(scores, first, self.evidence)

    def act_within(self, view: SeatView, budget: Budget) -> Action:
        """:meth:`act`, stopped by ``budget``: at most ``budget.iterations``
        iterations (fewer if the bot's own are fewer; rounded up to whole
        rounds of every candidate) and ``budget.seconds`` seconds, and at
        once when ``budget.stop()`` says so, each looked at before every
        playout. A round cut short is left out; the decision is made on the
        rounds played (with fewer than three, the greedy choice)."""
        self._budget = budget
        try:
            return self.act(view)
        finally:
            self._budget = None

    def _iterate(
        self,
        world: Game,
        node: Node | None,
        action: Action,
        me: int,
        seed: int,
        horizon: int,
        search: Search,
    ) -> float:
        """Play ``action`` in ``world``, then down the tree of the seat's later
        decisions and on to ``horizon`` steps (further while the phase is one
        of the ruleset's ``play_on``); score the world and back it up. Past
        the stage of the decision (:attr:`Search.stage`), the seats out of
        the tree play the ruleset's quick play (:attr:`Search.quick`)."""
        n = world.n
        policy: list[GreedyBot | None] = [None] * n
        path: list[Node] = [node] if node is not None else []
        play_on = search.play_on
        stage = search.stage
        quick = search.quick if self.quick else None
        at = stage(world)
        past = False  # past the stage of the decision
        world.apply(me, action)
        last = me
        steps = 1
        while True:
            waiting = world.waiting_for()
            if not waiting:
                break
            if steps >= horizon and (not play_on or world.phase_name not in play_on):
                break
            seat = next_seat(waiting, last, n)
            legal = world.legal_actions(seat)
            act: Action | None = None
            if len(legal) == 1:
                act = legal[0]
            elif quick is not None and (node is None or seat != me):
                if not past:
                    past = stage(world) > at
                if past:
                    act = quick(world, seat, legal)
            if act is None:
                bot = policy[seat]
                if bot is None:
                    bot = policy[seat] = GreedyBot(seed + seat, proposals=self.proposals)
                act = bot.act(SeatView(seat, legal, partial(world.observe, seat)))
                if seat == me and node is not None:
                    if node.visits < self.expand:
                        node = None  # a young node: greedy's choice, the rest is playout
                    else:
                        cands = self.candidates(legal, act)
                        if len(cands) > 1:
                            act, node = self._select(node, cands, act)
                            path.append(node)
                            if node.visits == 0:
                                node = None  # expanded: the rest is playout
            world.apply(seat, act)
            last = seat
            steps += 1
        r = reward(world, me, self.rival)
        for visited in path:
            visited.visits += 1
            visited.total += r
        return r

    def _select(self, node: Node, cands: list[Action], first: Action) -> tuple[Action, Node]:
        """UCB1 over the available candidates; an untried one first, greedy's
        choice (``first``) before the others."""
        children = node.children
        untried = [a for a in cands if a not in children]
        for a in cands:
            child = children.get(a)
            if child is not None:
                child.avail += 1
        if untried:
            a = first if first in untried else untried[self.rng.below(len(untried))]
            child = children[a] = Node()
            child.avail = 1
            return a, child
        best_a = cands[0]
        best = -math.inf
        c = self.c
        for a in cands:
            ch = children[a]
            score = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if score > best:
                best, best_a = score, a
        return best_a, children[best_a]


def pick(scores: dict[Action, list[float]], first: Action, evidence: float = EVIDENCE) -> Action:
    """The decision: the candidate with the best mean reward among those that
    beat ``first`` (the greedy choice) clearly, else ``first``.

    Each candidate was played on the same worlds, so the test is on the paired
    differences: a candidate beats ``first`` when their mean exceeds
    :func:`threshold` standard errors, the one-sided test at the level that
    ``evidence`` standard errors would have with many worlds, corrected for the
    few worlds played (Student's t) and for the number of candidates tried
    against ``first`` (Bonferroni), so that noise alone rarely moves the bot
    off the greedy choice."""
    base = scores[first]
    k = len(base)
    if k < 3:  # two worlds say nothing of the noise
        return first
    bar = threshold(evidence, k - 1, len(scores) - 1)
    best, best_mean = first, sum(base) / k
    for a, rs in scores.items():
        if a == first:
            continue
        diffs = [x - y for x, y in zip(rs, base, strict=True)]
        mean = sum(diffs) / k
        if mean <= 0:
            continue
        var = sum((d - mean) ** 2 for d in diffs) / (k - 1)
        se = math.sqrt(var / k)
        if mean > bar * se and sum(rs) / k > best_mean:
            best, best_mean = a, sum(rs) / k
    return best


def threshold(evidence: float, df: int, tries: int) -> float:
    """The critical value, in standard errors, of a one-sided test with ``df``
    degrees of freedom at the level ``1 - Φ(evidence)`` shared among
    ``tries`` comparisons (the Cornish-Fisher expansion of Student's t
    quantile, within 1.5% of it from ``df`` = 2 on)."""
    alpha = (1.0 - _NORMAL.cdf(evidence)) / max(1, tries)
    z = _NORMAL.inv_cdf(1.0 - alpha)
    z3, z5 = z**3, z**5
    return (
        z
        + (z3 + z) / (4 * df)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df**3)
    )


_NORMAL = NormalDist()


def _opt_int(params: dict[str, Any], name: str) -> int | None:
    return None if params.get(name) is None else _int(params, name, 0)


def _int(params: dict[str, Any], name: str, default: int) -> int:
    raw = params.pop(name, default)
    try:
        value = int(raw)
    except (TypeError, ValueError):
        raise ValueError(f"ismcts parameter {name} must be an integer, not {raw!r}") from None
    if value < 0:
        raise ValueError(f"ismcts parameter {name} must not be negative")
    return value


register_bot(IsmctsBot)

__all__ = [
    "HORIZON",
    "ITERATIONS",
    "IsmctsBot",
    "Node",
    "pick",
    "reward",
    "settings",
    "threshold",
    "values",
]
