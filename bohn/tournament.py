"""Tournaments between bots: ``bohn tournament`` (``docs/tournament.md``).

A *match* of bot A against bot B at N seats puts A at one seat and B at every
other seat, and rotates A's seat through all N seats, the same number of games
at each. A game scores 1 for A when A alone wins, ``1/k`` when A shares the win
with ``k - 1`` others, else 0; an A no better than B would score ``1/N`` (the
seat-share baseline). Every pair is reported with a 95% interval for A's mean
score, and every bot gets a Bradley-Terry rating (Elo scale, mean 1500) fitted
on the pairwise comparisons the games' rankings give, with a bootstrap interval.

Every (pair, seat) is one :func:`~bohn.sim.batch.run_batch` with master seed
``derive_seed(S, "tournament", A, B, seat)``, so results depend only on the
settings and the tournament seed ``S``, never on ``--jobs``. With
``same_deals`` (``--same-deals``) the master seed is
``derive_seed(S, "tournament-deals", seat)``: every pair, and every other
tournament with the same seed and player count, plays the same deals with the
same bot seeds at each seat, for paired comparisons of bots. With
``duplicate`` (``--duplicate``) it is ``derive_seed(S, "tournament-duplicate")``
at every seat as well: each deal is played once with A at each seat, as
duplicate bridge deals every hand to both partnerships. Two games of a deal go
alike until A decides differently from B, so the deal's luck cancels out of A's
mean over the deal's games, and A's interval is taken over deals
(:func:`deal_scores`), with the same baseline ``1/N``.

>>> t = run_tournament(GameSpec("bohnanza", 3, seed=1), ["greedy", "random"], games_per_pair=3)
>>> [(p.a, p.b, p.seat_games) for p in t.pairs]
[('greedy', 'random', [1, 1, 1]), ('random', 'greedy', [1, 1, 1])]
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from typing import TYPE_CHECKING
from typing import Any

from bohn.cli import EXIT_INTERRUPTED
from bohn.cli import EXIT_OK
from bohn.cli import _bot_specs
from bohn.cli import _default_players
from bohn.cli import _positive
from bohn.cli import _print_json
from bohn.cli import add_command
from bohn.cli import add_jobs
from bohn.cli import add_json
from bohn.cli import add_out
from bohn.cli import add_players
from bohn.cli import add_seed
from bohn.cli import add_sim_options
from bohn.cli import add_variant
from bohn.cli import examples
from bohn.cli import open_records
from bohn.cli import parse_options
from bohn.cli import parse_seed
from bohn.cli import run_alone
from bohn.engine.errors import SetupError
from bohn.engine.rng import derive_seed
from bohn.spec import GameSpec
from bohn.userfiles import UsageError

if TYPE_CHECKING:
    from bohn.sim.batch import GameOutcome
    from bohn.sim.records import RecordFile

#: the tournament designs (see `--mode`)
MODES = ("round-robin", "gauntlet", "challenge", "field")
#: games per pair when ``--games`` is not given: this many per seat
DEFAULT_GAMES_PER_SEAT = 20
#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054
#: virtual wins each bot is given against every other bot before the
#: Bradley-Terry fit (one each way), so a one-sided record stays finite
PRIOR_WINS = 1.0
#: bootstrap resamples for the rating intervals
BOOTSTRAP_RESAMPLES = 200
#: the Elo-like scale: 400 points are a factor 10 in strength
ELO_SCALE = 400.0
#: the mean rating
ELO_MEAN = 1500.0
#: rounds a pair's games are played in (each gives every seat its next games)
ROUNDS = 10
#: the key of :meth:`Tournament.to_json` holding everything that may differ
#: between two runs of the same tournament (jobs and timing)
RUN_KEY = "run"


# ----------------------------------------------------------------------------
# statistics


def wilson_interval(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion of ``wins`` in ``n`` trials.

    >>> lo, hi = wilson_interval(8, 10)
    >>> round(lo, 3), round(hi, 3)
    (0.49, 0.943)
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    denom = 1.0 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z / denom * math.sqrt(max(0.0, p * (1 - p) / n + z2 / (4 * n * n)))
    # exactly 0 and 1 at the ends (the formula gives them up to rounding)
    lo = 0.0 if wins <= 0 else max(0.0, centre - half)
    hi = 1.0 if wins >= n else min(1.0, centre + half)
    return (lo, hi)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` (at least two) and its normal interval
    ``mean ± z·s/√n`` (``s`` the sample standard deviation)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = z * math.sqrt(var / n)
    return mean, mean - half, mean + half


def normal_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The normal interval ``mean ± z·s/√n`` for the mean of ``values`` (``s`` the
    sample standard deviation), clipped to ``[0, 1]``; ``(0, 1)`` for fewer
    than two values."""
    if len(values) < 2:
        return (0.0, 1.0)
    _, lo, hi = mean_interval(values, z)
    return (max(0.0, lo), min(1.0, hi))


def paired_comparisons(pairs: Sequence[PairResult]) -> list[dict[str, Any]]:
    """Each two bots that faced the same field, compared game by game on the
    deals they shared (``--same-deals``): the mean difference of A's win share
    and of A's points, first bot minus second, with 95% normal intervals, and
    whether the win-share interval excludes 0. Games are matched by A's seat
    and the game's number; a comparison needs two matched games."""
    out: list[dict[str, Any]] = []
    for i, p in enumerate(pairs):
        mine = {(g.seat, g.index): g for g in p.games}
        for q in pairs[i + 1 :]:
            if q.b != p.b:
                continue
            both = [(mine[g.seat, g.index], g) for g in q.games if (g.seat, g.index) in mine]
            if len(both) < 2:
                continue
            share, s_lo, s_hi = mean_interval([x.score - y.score for x, y in both])
            points, p_lo, p_hi = mean_interval([float(x.points - y.points) for x, y in both])
            out.append(
                {
                    "first": p.a,
                    "second": q.a,
                    "field": p.b,
                    "games": len(both),
                    "win_share_diff": round(share, 4),
                    "win_share_ci": [round(s_lo, 4), round(s_hi, 4)],
                    "points_diff": round(points, 4),
                    "points_ci": [round(p_lo, 4), round(p_hi, 4)],
                    "verdict": verdict(s_lo, s_hi, 0.0),
                }
            )
    return out


def deal_scores(games: Sequence[TournamentGame], players: int) -> list[float]:
    """A duplicate match's score per deal: A's mean win share over the deal's
    games, one at each of the ``players`` seats (a deal some seat has not yet
    played, in a run cut short, is left out). Deals are numbered by the
    game's index: the same index is the same deal at every seat."""
    by_deal: dict[int, list[float]] = {}
    for g in games:
        by_deal.setdefault(g.index, []).append(g.score)
    return [sum(s) / players for _, s in sorted(by_deal.items()) if len(s) == players]


def score_interval(scores: Sequence[float]) -> tuple[float, float, str]:
    """A 95% interval for the mean of game scores in ``[0, 1]`` and its method:
    ``"wilson"`` when every score is 0 or 1, else ``"normal"``."""
    if all(s in (0.0, 1.0) for s in scores):
        lo, hi = wilson_interval(sum(scores), len(scores))
        return lo, hi, "wilson"
    lo, hi = normal_interval(scores)
    return lo, hi, "normal"


def verdict(lo: float, hi: float, baseline: float) -> str:
    """``"above"`` when the interval lies wholly above ``baseline``, ``"below"``
    when wholly below, else ``"straddles"``."""
    if lo > baseline:
        return "above"
    if hi < baseline:
        return "below"
    return "straddles"


def bradley_terry(
    wins: Sequence[Sequence[float]],
    prior: float = PRIOR_WINS,
    *,
    tol: float = 1e-10,
    max_iter: int = 100_000,
) -> list[float]:
    """Bradley-Terry strengths by maximum likelihood (Hunter's MM algorithm).

    ``wins[i][j]`` is how often ``i`` beat ``j`` (fractions allowed);
    ``prior`` virtual wins are added each way for every pair. The strengths
    are scaled to geometric mean 1. ``ValueError`` when some bot has no win
    at all (no finite maximum: use a positive ``prior``).

    >>> [round(p, 3) for p in bradley_terry([[0, 3], [1, 0]], prior=0)]
    [1.732, 0.577]
    """
    k = len(wins)
    w = [[(wins[i][j] + prior) if i != j else 0.0 for j in range(k)] for i in range(k)]
    total = [sum(row) for row in w]
    if any(t <= 0 for t in total):
        raise ValueError("a bot without any win has no finite Bradley-Terry strength")
    n = [[w[i][j] + w[j][i] for j in range(k)] for i in range(k)]
    p = [1.0] * k
    for _ in range(max_iter):
        new = []
        for i in range(k):
            d = sum(n[i][j] / (p[i] + p[j]) for j in range(k) if j != i and n[i][j] > 0)
            new.append(total[i] / d if d > 0 else p[i])
        g = math.exp(sum(math.log(x) for x in new) / k)
        new = [x / g for x in new]
        change = max(abs(math.log(a / b)) for a, b in zip(new, p, strict=True))
        p = new
        if change < tol:
            break
    return p


def elo_ratings(strengths: Sequence[float]) -> list[float]:
    """Strengths on the Elo-like scale: ``400·log10(strength)``, shifted so
    the mean rating is 1500."""
    raw = [ELO_SCALE * math.log10(s) for s in strengths]
    shift = ELO_MEAN - sum(raw) / len(raw)
    return [r + shift for r in raw]


def _quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of sorted values, interpolating linearly."""
    pos = q * (len(sorted_values) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


# ----------------------------------------------------------------------------
# games and pairs


def game_score(result: dict[str, Any], seat: int) -> float:
    """``seat``'s share of the win: 1 alone, ``1/k`` among ``k`` winners, else 0."""
    winners = result["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def game_comparisons(result: dict[str, Any], seat: int) -> tuple[float, float]:
    """``seat`` against every other seat of a game: (its wins, their wins).

    A seat beats another when it stands higher in ``ranking``; two seats that
    share the win count half a win each.
    """
    ranking = result["ranking"]
    winners = result["winners"]
    mine = ranking.index(seat)
    won = lost = 0.0
    for other in range(len(ranking)):
        if other == seat:
            continue
        if seat in winners and other in winners:
            won += 0.5
            lost += 0.5
        elif mine < ranking.index(other):
            won += 1
        else:
            lost += 1
    return won, lost


@dataclass(frozen=True)
class TournamentGame:
    """A game of a match, seen from A's seat."""

    seat: int  # A's seat
    index: int  # the game's index in its (pair, seat) batch
    score: float  # A's share of the win
    points: int  # A's final score in the game
    rank: int  # A's place, 1 = first
    won: float  # comparisons A won against the B seats
    lost: float  # comparisons the B seats won against A
    no_winner: bool  # nobody won (the mafia did)


@dataclass
class PairResult:
    """Bot ``a`` at one (rotating) seat against bot ``b`` at all the others."""

    a: str
    b: str
    players: int
    games: list[TournamentGame]
    #: each deal was played with A at every seat (``--duplicate``)
    duplicate: bool = False

    @property
    def seat_games(self) -> list[int]:
        counts = [0] * self.players
        for g in self.games:
            counts[g.seat] += 1
        return counts

    def decided(self) -> dict[str, Any]:
        """A's win rate among the games some seat won (the mafia took none of
        them), its interval and verdict against the same ``1/N``: in Al
        Cabohne and Prohibohn an A as strong as B wins ``1/N`` of those games
        whatever share the mafia takes."""
        scores = [g.score for g in self.games if not g.no_winner]
        if not scores:
            return {
                "decided_games": 0,
                "decided_win_rate": 0.0,
                "decided_ci": [0.0, 1.0],
                "decided_verdict": "straddles",
            }
        lo, hi, _ = score_interval(scores)
        return {
            "decided_games": len(scores),
            "decided_win_rate": round(sum(scores) / len(scores), 4),
            "decided_ci": [round(lo, 4), round(hi, 4)],
            "decided_verdict": verdict(lo, hi, 1.0 / self.players),
        }

    def to_json(self) -> dict[str, Any]:
        n = len(self.games)
        scores = [g.score for g in self.games]
        deals: dict[str, int] = {}
        if self.duplicate:
            by_deal = deal_scores(self.games, self.players)
            lo, hi = normal_interval(by_deal)
            method = "duplicate"
            deals["deals"] = len(by_deal)
        else:
            lo, hi, method = score_interval(scores)
        baseline = 1.0 / self.players
        mean = sum(scores) / n if n else 0.0
        seat_rates = []
        for s in range(self.players):
            at = [g.score for g in self.games if g.seat == s]
            seat_rates.append(round(sum(at) / len(at), 4) if at else 0.0)
        return {
            "a": self.a,
            "b": self.b,
            "games": n,
            "seat_games": self.seat_games,
            "wins": sum(1 for g in self.games if g.score == 1.0),
            "shared_wins": sum(1 for g in self.games if 0.0 < g.score < 1.0),
            "no_winner": sum(1 for g in self.games if g.no_winner),
            "win_rate": round(mean, 4),
            "ci": [round(lo, 4), round(hi, 4)],
            "ci_method": method,
            "baseline": round(baseline, 4),
            "verdict": verdict(lo, hi, baseline),
            "seat_win_rate": seat_rates,
            **deals,
            **self.decided(),
            "mean_points": round(sum(g.points for g in self.games) / n, 4) if n else 0.0,
            "mean_rank": round(sum(g.rank for g in self.games) / n, 4) if n else 0.0,
        }


def tournament_pairs(specs: Sequence[str], mode: str) -> list[tuple[str, str]]:
    """The ordered pairs (A, B) a tournament plays.

    >>> tournament_pairs(["x", "y", "z"], "gauntlet")
    [('x', 'y'), ('y', 'x'), ('x', 'z'), ('z', 'x')]
    >>> tournament_pairs(["x", "y", "z"], "challenge")
    [('x', 'y'), ('x', 'z')]
    >>> tournament_pairs(["x", "y", "z"], "field")
    [('x', 'z'), ('y', 'z')]
    """
    if mode == "round-robin":
        return [(a, b) for a in specs for b in specs if a != b]
    if mode == "gauntlet":
        first = specs[0]
        return [p for b in specs[1:] for p in ((first, b), (b, first))]
    if mode == "challenge":
        return [(specs[0], b) for b in specs[1:]]
    if mode == "field":
        return [(a, specs[-1]) for a in specs[:-1]]
    raise ValueError(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")


def match_seed(
    seed: int | str, a: str, b: str, seat: int, same_deals: bool = False, duplicate: bool = False
) -> int:
    """The master seed of the batch where ``a`` sits at ``seat`` against ``b``
    (with ``same_deals``, of every batch at ``seat``; with ``duplicate``, of
    every batch)."""
    if duplicate:
        return derive_seed(seed, "tournament-duplicate")
    if same_deals:
        return derive_seed(seed, "tournament-deals", seat)
    return derive_seed(seed, "tournament", a, b, seat)


def lineup(a: str, b: str, seat: int, players: int) -> list[str]:
    """The bot at every seat: ``a`` at ``seat``, ``b`` elsewhere."""
    return [a if s == seat else b for s in range(players)]


# ----------------------------------------------------------------------------
# ratings


def _fit(bots: Sequence[str], pairs: Sequence[tuple[str, str, float, float]]) -> list[float]:
    index = {b: i for i, b in enumerate(bots)}
    wins = [[0.0] * len(bots) for _ in bots]
    for a, b, won, lost in pairs:
        wins[index[a]][index[b]] += won
        wins[index[b]][index[a]] += lost
    return elo_ratings(bradley_terry(wins))


def ratings(
    bots: Sequence[str],
    pairs: Sequence[PairResult],
    seed: int | str,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> list[dict[str, Any]]:
    """Every bot's Bradley-Terry rating with a 95% bootstrap interval, best first.

    The comparisons are A against each B seat of every game. The bootstrap
    draws, for every (pair, seat), as many games with replacement as were
    played, ``resamples`` times, with ``random.Random`` seeded from ``seed``.
    """
    if len(bots) < 2:
        return []
    groups: list[tuple[str, str, list[tuple[float, float]]]] = []
    for p in pairs:
        for s in range(p.players):
            at = [(g.won, g.lost) for g in p.games if g.seat == s]
            if at:
                groups.append((p.a, p.b, at))

    def totals(
        pick: Callable[[list[tuple[float, float]]], list[tuple[float, float]]],
    ) -> list[tuple[str, str, float, float]]:
        out = []
        for a, b, games in groups:
            chosen = pick(games)
            out.append((a, b, sum(w for w, _ in chosen), sum(lo for _, lo in chosen)))
        return out

    point = _fit(bots, totals(lambda games: games))
    rng = random.Random(derive_seed(seed, "tournament-bootstrap"))
    samples: list[list[float]] = [[] for _ in bots]
    for _ in range(resamples):
        fit = _fit(
            bots,
            totals(lambda games: [games[rng.randrange(len(games))] for _ in games]),
        )
        for i, r in enumerate(fit):
            samples[i].append(r)
    out = []
    for i, bot in enumerate(bots):
        won = sum(g.won for p in pairs for g in p.games if p.a == bot) + sum(
            g.lost for p in pairs for g in p.games if p.b == bot
        )
        total = sum(g.won + g.lost for p in pairs for g in p.games if bot in (p.a, p.b))
        ordered = sorted(samples[i])
        ci = [_quantile(ordered, 0.025), _quantile(ordered, 0.975)] if ordered else [None, None]
        out.append(
            {
                "bot": bot,
                "rating": round(point[i], 1),
                "ci": [None if c is None else round(c, 1) for c in ci],
                "comparisons": round(total, 1),
                "won": round(won, 1),
            }
        )
    order = sorted(range(len(bots)), key=lambda i: (-point[i], i))
    return [out[i] for i in order]


# ----------------------------------------------------------------------------
# the tournament


@dataclass
class Tournament:
    """A tournament's settings and its pairs: all of them, complete, unless
    interrupted (then the pairs begun, the last one unfinished)."""

    variant: str
    players: int
    mode: str
    bots: list[str]
    games_per_pair: int
    seed: int | str
    options: dict[str, Any]
    jobs: int
    pairs: list[PairResult]
    same_deals: bool
    requested: int
    played: int  # games finished, the interrupted pair's included
    elapsed_s: float
    interrupted: bool = False
    resamples: int = BOOTSTRAP_RESAMPLES
    resumed: int = 0  # of the games played, those an earlier run had finished
    duplicate: bool = False
    _ratings: list[dict[str, Any]] | None = field(default=None, repr=False)

    def ratings(self) -> list[dict[str, Any]]:
        if self._ratings is None:
            in_play = [b for b in self.bots if any(b in (p.a, p.b) for p in self.pairs)]
            self._ratings = ratings(in_play, self.pairs, self.seed, self.resamples)
        return self._ratings

    def to_json(self) -> dict[str, Any]:
        """The tournament as one JSON-ready object; only :data:`RUN_KEY` differs
        between two runs of the same tournament."""
        games = sum(len(p.games) for p in self.pairs)
        return {
            "variant": self.variant,
            "players": self.players,
            "mode": self.mode,
            "bots": list(self.bots),
            "games_per_pair": self.games_per_pair,
            "games_per_seat": self.games_per_pair // self.players,
            "seed": self.seed,
            "same_deals": self.same_deals,
            "duplicate": self.duplicate,
            "options": dict(self.options),
            "requested": self.requested,
            "games": games,
            "interrupted": self.interrupted,
            "baseline": round(1.0 / self.players, 4),
            "pairs": [
                {**p.to_json(), "complete": len(p.games) == self.games_per_pair} for p in self.pairs
            ],
            "paired": paired_comparisons(self.pairs) if self.same_deals else [],
            "prior_wins": PRIOR_WINS,
            "bootstrap_resamples": self.resamples,
            "ratings": self.ratings(),
            RUN_KEY: {
                "jobs": self.jobs,
                "elapsed_s": round(self.elapsed_s, 3),
                "resumed": self.resumed,
                "games_per_s": round((self.played - self.resumed) / self.elapsed_s, 2)
                if self.elapsed_s > 0
                else 0.0,
            },
        }


def check_settings(
    variant: str,
    players: int,
    bots: Sequence[str],
    games_per_pair: int,
    mode: str,
    options: dict[str, Any] | None,
) -> dict[str, Any]:
    """Check a tournament's settings before any game; return the simulation
    options. Raises :class:`UsageError` (or :class:`BohnError` from the engine)
    naming the problem."""
    from bohn.bots.base import make_bot
    from bohn.rulesets import find_variant
    from bohn.sim.batch import sim_options

    if mode not in MODES:
        raise UsageError(f"unknown mode {mode!r}; modes: {', '.join(MODES)}")
    cls = find_variant(variant)
    opts = sim_options(cls, options)
    if players < 2:
        raise UsageError(
            f"a tournament needs at least 2 players (a seat for each bot), not {players}"
        )
    cls.new(players, 0, opts)  # checks the player count and options that depend on it
    for spec in bots:
        try:
            make_bot(spec, 0)
        except ValueError as err:
            raise UsageError(str(err)) from None
    seen: set[str] = set()
    for spec in bots:
        if spec in seen:
            raise UsageError(f"bot {spec!r} is given twice; give each bot once")
        seen.add(spec)
    if len(bots) < 2:
        raise UsageError(
            f"a tournament needs at least two different bots, not {len(bots)} "
            "(--bots greedy,random)"
        )
    if isinstance(games_per_pair, bool) or games_per_pair < players or games_per_pair % players:
        raise UsageError(
            f"--games must be a positive multiple of the {players} players, so that every "
            f"seat gets the same number of games ({players}, {2 * players}, ...), "
            f"not {games_per_pair}"
        )
    return opts


def tournament_batches(
    variant: str,
    players: int,
    bots: Sequence[str],
    seed: int | str,
    mode: str,
    options: dict[str, Any],
    same_deals: bool = False,
    duplicate: bool = False,
) -> list[dict[str, Any]]:
    """The batch keys (:data:`bohn.sim.records.BATCH_KEYS`) of every (pair,
    seat) of a tournament, pair by pair and seat by seat: what its records
    (``--out``) hold and a resumed run must match. ``options`` are the
    resolved simulation options."""
    return [
        {
            "variant": variant,
            "players": players,
            "master_seed": match_seed(seed, a, b, seat, same_deals, duplicate),
            "bots": lineup(a, b, seat, players),
            "options": dict(options),
        }
        for a, b in tournament_pairs(bots, mode)
        for seat in range(players)
    ]


def round_games(per_seat: int, jobs: int) -> int:
    """Games per seat in each round of a pair: :data:`ROUNDS` rounds, at least
    one game per worker in each."""
    return max(1, jobs, -(-per_seat // ROUNDS))


def run_tournament(
    spec: GameSpec,
    bots: Sequence[str],
    games_per_pair: int,
    mode: str = "round-robin",
    *,
    jobs: int = 1,
    resamples: int = BOOTSTRAP_RESAMPLES,
    records: RecordFile | None = None,
    on_progress: Callable[[int, int], Any] | None = None,
    same_deals: bool = False,
    duplicate: bool = False,
) -> Tournament:
    """Play a tournament of the game ``spec`` sets up (its variant, players,
    options and seed; the tournament seats ``bots`` itself, so ``spec.seats``
    must be empty) (see the module docstring).

    A pair's games are played in rounds (:func:`round_games`): each round
    plays the next games at every seat in turn, so a pair cut short has
    about as many games at each seat. ``records`` (made for
    :func:`tournament_batches`) receives every game as it finishes, and the
    games it already holds (``--resume``) are not played again.
    ``on_progress(done, total)`` is called as games finish, with the games of
    the whole tournament. A ``KeyboardInterrupt`` stops it; the result then
    holds the pairs played so far, the last one unfinished
    (``interrupted=True``). ``same_deals`` and ``duplicate`` (which implies
    it): see the module docstring.
    """
    from bohn.sim.batch import GameOutcome
    from bohn.sim.batch import run_batch

    if spec.seats:
        raise SetupError("a tournament seats its bots itself: give them as bots, not as seats")
    variant, players, seed = spec.variant, spec.players, spec.seed
    opts = check_settings(variant, players, bots, games_per_pair, mode, dict(spec.options))
    order = tournament_pairs(bots, mode)
    same_deals = same_deals or duplicate
    keys = tournament_batches(variant, players, bots, seed, mode, opts, same_deals, duplicate)
    per_seat = games_per_pair // players
    step = round_games(per_seat, jobs)
    total = per_seat * players * len(order)
    # every batch's finished games by index: those of the records first
    outcomes: list[dict[int, GameOutcome]] = [{} for _ in keys]
    if records is not None:
        for n in range(len(keys)):
            for rec in records.games(n):
                if rec["index"] < per_seat:
                    outcomes[n][rec["index"]] = GameOutcome.from_record(rec)
    pairs: list[PairResult] = []
    interrupted = False
    start = time.perf_counter()

    def played() -> int:
        return sum(len(o) for o in outcomes)

    resumed = played()

    try:
        for p, (a, b) in enumerate(order):
            pairs.append(PairResult(a, b, players, [], duplicate))
            target = 0
            while target < per_seat:
                target = min(per_seat, target + step)
                for seat in range(players):
                    n = p * players + seat
                    done = outcomes[n]
                    if all(i in done for i in range(target)):
                        continue
                    others = played() - len(done)

                    def progress(k: int, _games: int, others: int = others) -> None:
                        if on_progress is not None:
                            on_progress(others + k, total)

                    def write(o: GameOutcome, n: int = n) -> None:
                        if records is not None:
                            records.add(o.to_record(keys[n]))

                    batch = run_batch(
                        GameSpec(
                            variant, players, keys[n]["master_seed"], opts, tuple(keys[n]["bots"])
                        ),
                        target,
                        jobs=jobs,
                        done=list(done.values()),
                        on_game=write,
                        on_progress=progress,
                    )
                    done.update((o.index, o) for o in batch.records)
                    if batch.interrupted:
                        raise KeyboardInterrupt
            pairs[-1].games = _pair_games(outcomes[p * players : (p + 1) * players])
    except KeyboardInterrupt:
        interrupted = True
        p = len(pairs) - 1
        if p >= 0:
            pairs[p].games = _pair_games(outcomes[p * players : (p + 1) * players])
            if not pairs[p].games:
                pairs.pop()
    return Tournament(
        variant=variant,
        players=players,
        mode=mode,
        bots=list(bots),
        games_per_pair=games_per_pair,
        seed=seed,
        options=opts,
        jobs=jobs,
        pairs=pairs,
        same_deals=same_deals,
        duplicate=duplicate,
        requested=total,
        played=played(),
        elapsed_s=time.perf_counter() - start,
        interrupted=interrupted,
        resamples=resamples,
        resumed=resumed,
    )


def _pair_games(by_seat: Sequence[dict[int, GameOutcome]]) -> list[TournamentGame]:
    """A pair's games seen from A's seat, seat by seat, in index order."""
    games: list[TournamentGame] = []
    for seat, done in enumerate(by_seat):
        for i in sorted(done):
            res = done[i].result
            won, lost = game_comparisons(res, seat)
            games.append(
                TournamentGame(
                    seat=seat,
                    index=i,
                    score=game_score(res, seat),
                    points=res["scores"][seat],
                    rank=res["ranking"].index(seat) + 1,
                    won=won,
                    lost=lost,
                    no_winner=not res["winners"],
                )
            )
    return games


_VERDICT_WORDS = {
    "above": "clearly better",
    "below": "clearly worse",
    "straddles": "not separated",
}
_PAIRED_WORDS = {
    "above": "the first clearly better",
    "below": "the second clearly better",
    "straddles": "not separated",
}


def format_tournament(t: dict[str, Any]) -> str:
    """A readable table of :meth:`Tournament.to_json`: pairs, then ratings."""
    run = t[RUN_KEY]
    lines = [
        f"{t['variant']}: {t['mode']} of {len(t['bots'])} bots, {t['players']} players, "
        f"{t['games_per_pair']} games per pair ({t['games_per_seat']} per seat), "
        f"seed {t['seed']}" + _deals_text(t),
        "options: "
        + (", ".join(f"{k}={v}" for k, v in sorted(t["options"].items())) or "defaults"),
        f"A plays one seat (rotating), B every other seat; "
        f"baseline win rate 1/{t['players']} = {t['baseline']:.3f}",
        "",
    ]
    pairs = t["pairs"]
    wa = max([len("A (one seat)")] + [len(p["a"]) for p in pairs])
    wb = max([len("B (the field)")] + [len(p["b"]) for p in pairs])
    lines.append(
        f"{'A (one seat)':<{wa}}  {'B (the field)':<{wb}}  {'games':>5}  {'win rate':>8}  "
        f"{'95% CI':<15}  {'verdict':<14}  {'points':>7}  {'rank':>5}"
    )
    for p in pairs:
        ci = f"[{p['ci'][0]:.3f}, {p['ci'][1]:.3f}]"
        lines.append(
            f"{p['a']:<{wa}}  {p['b']:<{wb}}  {p['games']:>5}  {p['win_rate']:>8.3f}  "
            f"{ci:<15}  {_VERDICT_WORDS[p['verdict']]:<14}  {p['mean_points']:>7.2f}  "
            f"{p['mean_rank']:>5.2f}"
        )
    if not pairs:
        lines.append("(no game finished)")
    for p in pairs:
        if not p["complete"]:
            lines.append(
                f"({p['a']} vs {p['b']} is unfinished: {p['games']} of "
                f"{t['games_per_pair']} games, {'/'.join(map(str, p['seat_games']))} by seat)"
            )
    if any(p["ci_method"] == "duplicate" for p in pairs):
        lines.append(
            "(duplicate: each deal played with A at every seat; an interval is over "
            "the mean win shares of its pair's deals)"
        )
    if any(p["ci_method"] == "normal" for p in pairs):
        lines.append("(shared wins occurred: intervals of those pairs are normal intervals)")
    if any(p["no_winner"] for p in pairs):
        lines.append("games nobody won (the house did), and A's win rate among the others:")
        for p in pairs:
            ci = f"[{p['decided_ci'][0]:.3f}, {p['decided_ci'][1]:.3f}]"
            lines.append(
                f"  {p['a']} vs {p['b']}: {p['no_winner']} nobody won; "
                f"{p['decided_win_rate']:.3f} {ci} of {p['decided_games']}, "
                f"{_VERDICT_WORDS[p['decided_verdict']]}"
            )
    if t["mode"] == "field" and not t.get("same_deals") and len(pairs) > 1:
        lines.append("(with --same-deals the candidates are also compared game by game)")
    if t.get("paired"):
        lines.append(
            "paired on the same deals (first minus second, 95% interval; verdict on the win share):"
        )
        for c in t["paired"]:
            wci = f"[{c['win_share_ci'][0]:+.3f}, {c['win_share_ci'][1]:+.3f}]"
            pci = f"[{c['points_ci'][0]:+.2f}, {c['points_ci'][1]:+.2f}]"
            lines.append(
                f"  {c['first']} - {c['second']} against {c['field']}, {c['games']} deals: "
                f"win share {c['win_share_diff']:+.3f} {wci}, points {c['points_diff']:+.2f} "
                f"{pci}: {_PAIRED_WORDS[c['verdict']]}"
            )
    rs = t["ratings"]
    if rs:
        wr = max([len("bot")] + [len(r["bot"]) for r in rs])
        lines += [
            "",
            f"ratings (Bradley-Terry, Elo scale, mean {ELO_MEAN:.0f}; "
            f"95% bootstrap interval of {t['bootstrap_resamples']} resamples)",
            f"{'bot':<{wr}}  {'rating':>7}  {'95% CI':<17}  {'comparisons won':>15}",
        ]
        for r in rs:
            ci = f"[{r['ci'][0]:.0f}, {r['ci'][1]:.0f}]"
            lines.append(
                f"{r['bot']:<{wr}}  {r['rating']:>7.0f}  {ci:<17}  "
                f"{r['won']:>7g} of {r['comparisons']:g}"
            )
    lines += [
        "",
        f"{t['games']} games"
        + (f" ({run['resumed']} of them from the run resumed)" if run["resumed"] else "")
        + f" in {run['elapsed_s']:.2f} s ({run['games_per_s']:.1f} games/s), jobs {run['jobs']}",
    ]
    return "\n".join(lines)


def _deals_text(t: dict[str, Any]) -> str:
    if t.get("duplicate"):
        return ", each deal with A at every seat (duplicate), the same deals for every pair"
    return ", the same deals for every pair" if t.get("same_deals") else ""


# ----------------------------------------------------------------------------
# the command


def cmd_tournament(args: argparse.Namespace) -> int:
    """Run a tournament and report it."""
    from bohn.sim.batch import progress_for

    seed = parse_seed(args.seed)
    options = parse_options(args.option)
    bots = _bot_specs(args.bots) or []
    _default_players(args, args.variant)
    games = args.games if args.games is not None else DEFAULT_GAMES_PER_SEAT * args.players
    opts = check_settings(args.variant, args.players, bots, games, args.mode, options)
    keys = tournament_batches(
        args.variant, args.players, bots, seed, args.mode, opts, args.same_deals, args.duplicate
    )
    records = open_records(args.out, args.resume, keys, force=args.force)
    bar = progress_for(sys.stderr)
    if records is not None:
        per_seat = games // args.players
        bar.begin(
            sum(1 for n in range(len(keys)) for r in records.games(n) if r["index"] < per_seat),
            per_seat * args.players * len(tournament_pairs(bots, args.mode)),
        )
    t: Tournament | None = None
    try:
        t = run_tournament(
            GameSpec(args.variant, args.players, seed, options or {}),
            bots,
            games,
            args.mode,
            jobs=args.jobs,
            records=records,
            on_progress=bar.update,
            same_deals=args.same_deals,
            duplicate=args.duplicate,
        )
    finally:
        bar.close()
        if records is not None:
            records.close(complete=t is not None and not t.interrupted)
    out = t.to_json()
    if t.interrupted:
        begun = len(t.pairs)
        saved = ""
        if records is not None:
            saved = (
                f"; the finished games are in {records.journal}: "
                "run the same command with --resume to play the rest"
            )
        print(
            f"bohn tournament: interrupted after {t.played} of {t.requested} games; "
            f"reporting the {begun} of {len(tournament_pairs(bots, args.mode))} pairs "
            f"begun, the last one unfinished{saved}",
            file=sys.stderr,
        )
    if args.json:
        _print_json(out)
    else:
        print(format_tournament(out))
    return EXIT_INTERRUPTED if t.interrupted else EXIT_OK


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add the ``tournament`` sub-command to ``bohn``'s sub-parsers."""
    s = add_command(
        sub,
        "tournament",
        cmd_tournament,
        help="play bots against bots and rate them",
        description="Play every pair of bots, one against a field of the other with its seat "
        "rotating, and report each pair's win rate with a 95% interval and each bot's "
        "Bradley-Terry rating (docs/tournament.md). Ctrl-C stops (exit 130).",
        epilog=examples(
            "bohn tournament bohnanza --bots greedy,random",
            "bohn tournament sissi --bots ismcts,greedy,random --mode gauntlet -n 40 -j 2",
            "bohn tournament bohnanza --bots ismcts,greedy,random --mode field --same-deals -o t.jsonl",
        ),
    )
    add_variant(s)
    s.add_argument(
        "--bots",
        required=True,
        metavar="KIND,...",
        help="the bots, at least two different ones (greedy,random)",
    )
    add_players(s)
    s.add_argument(
        "-n",
        "--games",
        type=_positive,
        metavar="G",
        help=f"games per pair, a multiple of N (default {DEFAULT_GAMES_PER_SEAT}·N)",
    )
    s.add_argument(
        "--mode",
        choices=MODES,
        default="round-robin",
        help="every ordered pair; the first bot against each other one, in both roles "
        "(gauntlet); the first bot alone against a field of each other one (challenge, for "
        "an expensive first bot); or each bot alone against a field of the last one (field: "
        "candidates against a reference, paired with --same-deals) (default round-robin)",
    )
    add_seed(s, "tournament seed")
    s.add_argument(
        "--same-deals",
        action="store_true",
        help="every pair plays the same deals (seeded by the seed and the seat alone), "
        "as does any tournament with the same seed and players: paired comparisons",
    )
    s.add_argument(
        "--duplicate",
        action="store_true",
        help="play each deal once with A at every seat (and the same deals for every "
        "pair): the deal's luck cancels out of A's win rate, whose interval is then "
        "taken over deals",
    )
    add_jobs(s)
    add_out(
        s,
        "write every game's record as it finishes: JSON lines, or Parquet for a "
        "name ending in .parquet (the format of bohn sim --out)",
    )
    s.add_argument(
        "--force", action="store_true", help="replace the file of --out if it exists (else refused)"
    )
    add_sim_options(s)
    add_json(s)


def main(argv: list[str] | None = None) -> int:
    """``bohn tournament ARGV`` on its own parser (``argv`` begins with
    ``tournament``); return the exit status as ``bohn.cli.main`` does."""
    return run_alone(add_parser, argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
