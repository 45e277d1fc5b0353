"""The parts of the report: one function per section, computing its figures
from a :class:`Group` of records and returning its HTML.

The shared ones (:data:`COMMON`) come first for every group; a ruleset adds
its own questions (:data:`RULESET`). ``docs/report.md`` defines every figure.
"""

from __future__ import annotations

import html
import json
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from typing import TYPE_CHECKING, Any

from bohn.analysis.stats import (
    Rate,
    fmt_int,
    fmt_interval,
    fmt_num,
    fmt_pct,
    mean,
    summarise,
    win_shares,
)

if TYPE_CHECKING:  # matplotlib is imported only when a page is drawn
    from bohn.analysis.plots import Plotter

#: below this many games a group carries a warning that its intervals are wide
FEW_GAMES = 200

#: the mafia games: no seat wins when the mafia does
MAFIA_VARIANTS = ("al-cabohne", "prohibohn")


def esc(text: object) -> str:
    """Text for an HTML text node."""
    return html.escape(str(text), quote=False)


def table(
    header: Sequence[str], rows: Sequence[Sequence[str]], *, cls: str = "", text: int = 1
) -> str:
    """An HTML table of already formatted cells (escaped here): the first
    ``text`` columns left-aligned, the figures right-aligned."""
    c = f' class="{cls}"' if cls else ""

    def cells(tag: str, row: Sequence[str]) -> str:
        return "".join(
            f'<{tag} class="t">{esc(v)}</{tag}>' if i < text else f"<{tag}>{esc(v)}</{tag}>"
            for i, v in enumerate(row)
        )

    out = [f'<div class="scroll"><table{c}><thead><tr>', cells("th", header)]
    out.append("</tr></thead><tbody>")
    for row in rows:
        out.append("<tr>" + cells("td", row) + "</tr>")
    out.append("</tbody></table></div>")
    return "".join(out)


def para(text: str) -> str:
    return f"<p>{esc(text)}</p>"


def note(text: str) -> str:
    return f'<p class="note">{esc(text)}</p>'


def figure(svg: str) -> str:
    return f"<figure>{svg}</figure>"


@dataclass
class Group:
    """The records of one batch setting: variant, players, bots and options."""

    variant: str
    players: int
    bots: list[str]
    options: dict[str, Any]
    title: str
    records: list[dict[str, Any]] = field(default_factory=list)
    files: list[str] = field(default_factory=list)
    #: a stable anchor for the page
    anchor: str = ""

    @property
    def games(self) -> int:
        return len(self.records)

    @property
    def mafia(self) -> bool:
        return self.variant in MAFIA_VARIANTS

    def seat_label(self, seat: int) -> str:
        return f"seat {seat} ({self.bots[seat]})"

    @cached_property
    def shares(self) -> list[list[float]]:
        """Per game, each seat's share of the win (:func:`win_shares`)."""
        n = self.players
        return [win_shares(r["winners"], n) for r in self.records]

    @cached_property
    def ranks(self) -> list[list[int]]:
        """Per game, each seat's final rank (:func:`seat_ranks`)."""
        return [seat_ranks(r) for r in self.records]

    @cached_property
    def baseline(self) -> float:
        """The seat-share baseline: ``1/N`` of the games some seat won (``1/N``
        when every game has a winner)."""
        won = sum(1 for r in self.records if r["winners"])
        return won / self.games / self.players if self.games else math.nan


def seat_ranks(record: dict[str, Any]) -> list[int]:
    """Each seat's final rank, 1 for the best (``ranking`` lists seats best first)."""
    out = [0] * len(record["ranking"])
    for pos, seat in enumerate(record["ranking"]):
        out[seat] = pos + 1
    return out


def _baseline_text(g: Group, base: float) -> str:
    if all(r["winners"] for r in g.records):
        return f"the seat-share baseline 1/{g.players} = {fmt_pct(base)}"
    return (
        f"the seat-share baseline {fmt_pct(base)}: 1/{g.players} of the "
        f"{fmt_pct(base * g.players)} of games a player won"
    )


def _vs(rate: Rate, base: float) -> str:
    side = rate.against(base)
    return {"above": "above ▲", "below": "below ▼"}.get(side, "within")


# ----------------------------------------------------------------------------
# every game


@dataclass(frozen=True)
class SeatRow:
    """One seat's line of the win-rate table."""

    seat: int
    bot: str
    wins: float
    rate: Rate
    mean_score: float
    mean_rank: float


def seat_rows(g: Group) -> list[SeatRow]:
    """Win shares, win rate, mean score and mean rank of every seat."""
    n = g.players
    wins = [0.0] * n
    scores = [0.0] * n
    rank_sum = [0] * n
    for r, sh, rk in zip(g.records, g.shares, g.ranks, strict=True):
        for s in range(n):
            wins[s] += sh[s]
            scores[s] += r["scores"][s]
            rank_sum[s] += rk[s]
    games = g.games
    return [
        SeatRow(s, g.bots[s], wins[s], Rate(wins[s], games), scores[s] / games, rank_sum[s] / games)
        for s in range(n)
    ]


def section_seats(g: Group, plot: Plotter) -> str:
    rows = seat_rows(g)
    base = g.baseline
    out = ["<h3>Win rate by seat</h3>"]
    out.append(
        para(
            "Seat 0 starts the game"
            + (" (its team kicks off)" if g.variant == "bohnkick" else "")
            + ", so the win rate against the seat is the first-player advantage. "
            "A shared win counts 1/k for each of its k winners. Intervals are 95% "
            f"Wilson score intervals; the comparison is with {_baseline_text(g, base)}."
        )
    )
    if g.players == 1:
        out.append(
            note(
                "With one player the seat's win rate is the player's rate against the mafia (below)."
            )
        )
    out.append(
        table(
            [
                "Seat",
                "Bot",
                "Wins",
                "Games",
                "Win rate",
                "95% interval",
                "Against baseline",
                "Mean score",
                "Mean rank",
            ],
            [
                [
                    str(x.seat),
                    x.bot,
                    fmt_num(x.wins),
                    fmt_int(g.games),
                    fmt_pct(x.rate.value),
                    fmt_interval(*x.rate.interval),
                    _vs(x.rate, base),
                    fmt_num(x.mean_score),
                    fmt_num(x.mean_rank),
                ]
                for x in rows
            ],
            cls="seats",
            text=2,
        )
    )
    out.append(
        figure(
            plot.rates(
                [g.seat_label(x.seat) for x in rows],
                [("win rate", [x.rate for x in rows])],
                baseline=base,
                baseline_label=f"baseline {fmt_pct(base)}",
                title="Win rate by seat",
            )
        )
    )
    return "".join(out)


def section_scores(g: Group, plot: Plotter) -> str:
    n = g.players
    per_seat: list[list[float]] = [[] for _ in range(n)]
    for r in g.records:
        for s, v in enumerate(r["scores"]):
            per_seat[s].append(v)
    what = "goals of the seat's team" if g.variant == "bohnkick" else "final score"
    out = ["<h3>Scores</h3>", para(f"Each seat's {what}, over the group's games.")]
    rows = []
    for s in range(n):
        m = summarise(per_seat[s])
        rows.append(
            [g.seat_label(s)]
            + [fmt_num(v) for v in (m.mean, m.sd, m.minimum, m.q1, m.median, m.q3, m.maximum)]
        )
    out.append(
        table(
            ["Seat", "Mean", "SD", "Min", "Lower quartile", "Median", "Upper quartile", "Max"], rows
        )
    )
    out.append(
        figure(
            plot.boxes(
                [g.seat_label(s) for s in range(n)],
                per_seat,
                title="Scores by seat",
                xlabel=what,
            )
        )
    )
    out.append(
        note(
            "Boxes: lower to upper quartile; line: median; diamond: mean; "
            "whiskers: 5th to 95th percentile."
        )
    )
    return "".join(out)


def section_length(g: Group, plot: Plotter) -> str:
    steps = [r["steps"] for r in g.records]
    measures: list[tuple[str, list[float]]] = [("Steps (decisions)", steps)]
    if g.records and "harvests" in g.records[0]["stats"]:
        measures.append(("Harvests", [sum(r["stats"]["harvests"]) for r in g.records]))
        measures.append(("Trades", [r["stats"]["trades"] for r in g.records]))
    if g.records and "attacks" in g.records[0]["stats"]:
        measures.append(("Attacks", [r["stats"]["attacks"] for r in g.records]))
    rows = []
    for name, vals in measures:
        m = summarise(vals)
        rows.append(
            [name]
            + [fmt_num(v) for v in (m.mean, m.sd, m.minimum, m.q1, m.median, m.q3, m.maximum)]
        )
    out = [
        "<h3>Game length</h3>",
        para("Decisions taken in a game (the record's steps), with other counts per game."),
        table(
            ["Per game", "Mean", "SD", "Min", "Lower quartile", "Median", "Upper quartile", "Max"],
            rows,
        ),
        figure(plot.histogram(steps, title="Game length", xlabel="steps per game")),
    ]
    return "".join(out)


def section_end(g: Group, plot: Plotter) -> str:
    games = g.games
    reasons = Counter(r["reason"] for r in g.records)
    ties = sum(1 for r in g.records if r["tie_break"])
    shared = sum(1 for r in g.records if len(r["winners"]) > 1)
    nobody = sum(1 for r in g.records if not r["winners"])
    out = ["<h3>End of the game</h3>"]
    out.append(
        table(
            ["End reason", "Games", "Share"],
            [[k, fmt_int(v), fmt_pct(v / games)] for k, v in reasons.most_common()],
        )
    )
    rows = []
    for name, count in (
        ("Decided by the tie-break", ties),
        ("Won by more than one seat", shared),
        ("Won by no seat (the mafia)" if g.mafia else "Won by no seat", nobody),
    ):
        if count or name.startswith("Decided"):
            rt = Rate(count, games)
            rows.append([name, fmt_int(count), fmt_pct(rt.value), fmt_interval(*rt.interval)])
    out.append(table(["Outcome", "Games", "Share", "95% interval"], rows))
    return "".join(out)


# ----------------------------------------------------------------------------
# keyed possessions: High Bohn's buildings, Prohibohn's establishments


@dataclass(frozen=True)
class KeyRow:
    """The seats that had something (``key``) against the seats that had not."""

    key: str
    games: int  # games where some seat had it
    owners: Rate  # owners' win share
    others: Rate  # non-owners' win share
    owner_rank: float
    owner_score: float
    other_score: float


def key_rows(g: Group, stat: str, *, at_least_once: bool = True) -> list[KeyRow]:
    """For each key of ``stats[stat]`` (a list of keys per seat), the seat-games
    that had it against those that had not."""
    n = g.players
    own_wins: dict[str, float] = defaultdict(float)
    own_n: dict[str, int] = defaultdict(int)
    own_rank: dict[str, int] = defaultdict(int)
    own_score: dict[str, float] = defaultdict(float)
    in_games: dict[str, int] = defaultdict(int)
    total_wins = 0.0
    total_score = 0.0
    for r, sh, rk in zip(g.records, g.shares, g.ranks, strict=True):
        seen: set[str] = set()
        for s in range(n):
            total_wins += sh[s]
            total_score += r["scores"][s]
            for key in set(r["stats"][stat][s]):
                own_wins[key] += sh[s]
                own_n[key] += 1
                own_rank[key] += rk[s]
                own_score[key] += r["scores"][s]
                seen.add(key)
        for key in seen:
            in_games[key] += 1
    seat_games = g.games * n
    rows = []
    for key in own_n:
        k = own_n[key]
        rest = seat_games - k
        rows.append(
            KeyRow(
                key=key,
                games=in_games[key],
                owners=Rate(own_wins[key], k),
                others=Rate(total_wins - own_wins[key], rest),
                owner_rank=own_rank[key] / k,
                owner_score=own_score[key] / k,
                other_score=(total_score - own_score[key]) / rest if rest else math.nan,
            )
        )
    rows.sort(key=lambda x: (-x.owners.value, x.key))
    return rows


def section_buildings(g: Group, plot: Plotter) -> str:
    rows = key_rows(g, "buildings")
    base = g.baseline
    out = [
        "<h3>Buildings and final rank</h3>",
        para(
            "For each building: the seat-games in which a seat owned it at the end, "
            "the owners' win rate (shared wins 1/k) and mean final rank (1 is best), "
            f"against the other seats' win rate and {_baseline_text(g, base)}. "
            "Owning a building is a result of play as much as a cause of winning: "
            "read these as associations."
        ),
    ]
    if not rows:
        out.append(note("No seat owned a building in these games."))
        return "".join(out)
    out.append(
        table(
            [
                "Building",
                "Owned (seat-games)",
                "Games owned in",
                "Owners' win rate",
                "95% interval",
                "Against baseline",
                "Others' win rate",
                "Owners' mean rank",
            ],
            [
                [
                    x.key,
                    fmt_int(x.owners.trials),
                    fmt_pct(x.games / g.games),
                    fmt_pct(x.owners.value),
                    fmt_interval(*x.owners.interval),
                    _vs(x.owners, base),
                    fmt_pct(x.others.value),
                    fmt_num(x.owner_rank),
                ]
                for x in rows
            ],
        )
    )
    out.append(
        figure(
            plot.rates(
                [x.key for x in rows],
                [("owners", [x.owners for x in rows])],
                baseline=base,
                baseline_label=f"baseline {fmt_pct(base)}",
                title="Win rate of each building's owners",
            )
        )
    )
    by_rank: dict[int, list[int]] = defaultdict(list)
    for r, rks in zip(g.records, g.ranks, strict=True):
        for s, rk in enumerate(rks):
            by_rank[rk].append(len(r["stats"]["buildings"][s]))
    out.append(
        table(
            ["Final rank", "Seat-games", "Mean buildings owned"],
            [[str(k), fmt_int(len(v)), fmt_num(mean(v))] for k, v in sorted(by_rank.items())],
        )
    )
    return "".join(out)


def section_mafia(g: Group, plot: Plotter) -> str:
    games = g.games
    mafia_won = sum(
        1 for r in g.records if r["details"].get("winner") == "mafia" or not r["winners"]
    )
    rate = Rate(mafia_won, games)
    treasury = [r["details"].get("mafia", 0) for r in g.records]
    best = [max(r["scores"]) for r in g.records]
    margin = [b - t for b, t in zip(best, treasury, strict=True)]
    out = [
        "<h3>Players against the mafia</h3>",
        para(
            "The mafia wins unless a player ends with strictly more than its treasury "
            "(a tie goes to the mafia). Margin: the best player's score minus the treasury."
        ),
        table(
            ["", "Games", "Share", "95% interval"],
            [
                [
                    "The mafia won",
                    fmt_int(mafia_won),
                    fmt_pct(rate.value),
                    fmt_interval(*rate.interval),
                ],
                [
                    "A player won",
                    fmt_int(games - mafia_won),
                    fmt_pct(1 - rate.value),
                    fmt_interval(1 - rate.high, 1 - rate.low),
                ],
            ],
        ),
        table(
            ["Per game", "Mean", "Median"],
            [
                [
                    "The mafia's treasury",
                    fmt_num(mean(treasury)),
                    fmt_num(summarise(treasury).median),
                ],
                ["The best player's score", fmt_num(mean(best)), fmt_num(summarise(best).median)],
                ["Margin", fmt_num(mean(margin)), fmt_num(summarise(margin).median)],
            ],
        ),
        figure(
            plot.histogram(
                margin,
                title="Best player's score minus the mafia's treasury",
                xlabel="margin (the mafia wins at 0 and below)",
                marker=0.5,
            )
        ),
    ]
    return "".join(out)


def section_establishments(g: Group, plot: Plotter) -> str:
    rows = key_rows(g, "establishments")
    base = g.baseline
    out = [
        "<h3>Establishments</h3>",
        para(
            "For each establishment (Police Stations and the Razzia included): the "
            "seat-games in which a seat owned it at the end, the owners' win rate and "
            "mean score against the seats without it. A win against the mafia only "
            f"counts as a win; the comparison is with {_baseline_text(g, base)}."
        ),
    ]
    if not rows:
        out.append(note("No seat owned an establishment in these games."))
        return "".join(out)
    out.append(
        table(
            [
                "Establishment",
                "Owned (seat-games)",
                "Owners' win rate",
                "95% interval",
                "Against baseline",
                "Others' win rate",
                "Owners' mean score",
                "Others' mean score",
                "Difference",
            ],
            [
                [
                    x.key,
                    fmt_int(x.owners.trials),
                    fmt_pct(x.owners.value),
                    fmt_interval(*x.owners.interval),
                    _vs(x.owners, base),
                    fmt_pct(x.others.value),
                    fmt_num(x.owner_score),
                    fmt_num(x.other_score),
                    fmt_num(x.owner_score - x.other_score),
                ]
                for x in rows
            ],
        )
    )
    out.append(
        figure(
            plot.rates(
                [x.key for x in rows],
                [("owners", [x.owners for x in rows]), ("others", [x.others for x in rows])],
                baseline=base,
                baseline_label=f"baseline {fmt_pct(base)}",
                title="Win rate of each establishment's owners and of the other seats",
            )
        )
    )
    return "".join(out)


def section_mama(g: Group, plot: Plotter) -> str:
    rows = key_rows(g, "specials_planted")
    rows.sort(key=lambda x: (-(x.owners.value - x.others.value), x.key))
    plantings = [sum(len(p) for p in r["stats"]["specials_planted"]) for r in g.records]
    out = [
        "<h3>Mama's beans</h3>",
        para(
            "For each mama's bean: the win rate of the seats that planted it at least "
            "once in a game against the seats that did not (seat-games; shared wins "
            f"1/k). Mama's beans planted per game, all seats together: mean "
            f"{fmt_num(mean(plantings))}."
        ),
    ]
    if not rows:
        out.append(note("No mama's bean was planted in these games."))
        return "".join(out)
    out.append(
        table(
            [
                "Mama's bean",
                "Planted (seat-games)",
                "Win rate (planted)",
                "95% interval",
                "Not planted (seat-games)",
                "Win rate (not planted)",
                "95% interval",
                "Difference",
            ],
            [
                [
                    x.key,
                    fmt_int(x.owners.trials),
                    fmt_pct(x.owners.value),
                    fmt_interval(*x.owners.interval),
                    fmt_int(x.others.trials),
                    fmt_pct(x.others.value),
                    fmt_interval(*x.others.interval),
                    f"{100 * (x.owners.value - x.others.value):+.1f} pts",
                ]
                for x in rows
            ],
        )
    )
    out.append(
        figure(
            plot.rates(
                [x.key for x in rows],
                [
                    ("planted", [x.owners for x in rows]),
                    ("not planted", [x.others for x in rows]),
                ],
                baseline=g.baseline,
                baseline_label=f"baseline {fmt_pct(g.baseline)}",
                title="Win rate of the seats that planted each mama's bean, and of the others",
            )
        )
    )
    return "".join(out)


def section_sissi(g: Group, plot: Plotter) -> str:
    n = g.players
    per_game = [sum(r["stats"]["sissi_action_harvests"]) for r in g.records]
    all_harvests = sum(sum(r["stats"]["harvests"]) for r in g.records)
    forced = [0] * n
    harvests = [0] * n
    by_rank: dict[int, list[tuple[int, int]]] = defaultdict(list)
    buckets: dict[int, float] = defaultdict(float)
    bucket_n: dict[int, int] = defaultdict(int)
    top = 4
    for r, sh, rk in zip(g.records, g.shares, g.ranks, strict=True):
        for s in range(n):
            f = r["stats"]["sissi_action_harvests"][s]
            h = r["stats"]["harvests"][s]
            forced[s] += f
            harvests[s] += h
            by_rank[rk[s]].append((f, h))
            b = min(f, top)
            buckets[b] += sh[s]
            bucket_n[b] += 1
    total = sum(per_game)
    out = [
        "<h3>Field alternation</h3>",
        para(
            "A Sissi-action harvest is a field the Sissi action made its owner harvest "
            "because it stopped alternating Captain and Sissi beans. "
            f"Per game: mean {fmt_num(mean(per_game))}; "
            f"{fmt_pct(total / all_harvests if all_harvests else math.nan)} of all harvests."
        ),
        table(
            ["Seat", "Sissi-action harvests per game", "Harvests per game", "Share of harvests"],
            [
                [
                    g.seat_label(s),
                    fmt_num(forced[s] / g.games),
                    fmt_num(harvests[s] / g.games),
                    fmt_pct(forced[s] / harvests[s] if harvests[s] else math.nan),
                ]
                for s in range(n)
            ],
        ),
        table(
            ["Final rank", "Seat-games", "Sissi-action harvests (mean)", "Share of harvests"],
            [
                [
                    str(k),
                    fmt_int(len(v)),
                    fmt_num(mean([f for f, _ in v])),
                    fmt_pct(
                        sum(f for f, _ in v) / sum(h for _, h in v)
                        if sum(h for _, h in v)
                        else math.nan
                    ),
                ]
                for k, v in sorted(by_rank.items())
            ],
        ),
    ]
    labels = []
    rates = []
    base = g.baseline
    rows = []
    for b in sorted(bucket_n):
        label = f"{b} or more" if b == top else str(b)
        rt = Rate(buckets[b], bucket_n[b])
        labels.append(label)
        rates.append(rt)
        rows.append(
            [
                label,
                fmt_int(bucket_n[b]),
                fmt_pct(rt.value),
                fmt_interval(*rt.interval),
                _vs(rt, base),
            ]
        )
    out.append(
        table(
            [
                "Sissi-action harvests in the game",
                "Seat-games",
                "Win rate",
                "95% interval",
                "Against baseline",
            ],
            rows,
        )
    )
    out.append(
        figure(
            plot.rates(
                labels,
                [("win rate", rates)],
                baseline=base,
                baseline_label=f"baseline {fmt_pct(base)}",
                title="Win rate by the seat's Sissi-action harvests",
            )
        )
    )
    out.append(
        figure(
            plot.histogram(
                per_game, title="Sissi-action harvests per game", xlabel="harvests, all seats"
            )
        )
    )
    return "".join(out)


def section_goals(g: Group, plot: Plotter) -> str:
    games = g.games
    goals = [r["details"].get("goals", [0, 0]) for r in g.records]
    totals = [sum(x) for x in goals]
    draws = sum(1 for r in g.records if r["details"].get("draw"))
    draw_rate = Rate(draws, games)
    m = summarise(totals)
    teams = 2
    rows = []
    for t in range(teams):
        seats = [s for s in range(g.players) if s % teams == t]
        won = sum(
            1
            for x, r in zip(goals, g.records, strict=True)
            if not r["details"].get("draw") and x[t] > x[1 - t]
        )
        rt = Rate(won, games)
        rows.append(
            [
                f"team {t} (seat{'s' if len(seats) > 1 else ''} {', '.join(map(str, seats))})",
                fmt_num(mean([x[t] for x in goals])),
                fmt_int(won),
                fmt_pct(rt.value),
                fmt_interval(*rt.interval),
            ]
        )
    out = [
        "<h3>Goals</h3>",
        para(
            f"Goals per game (both teams): mean {fmt_num(m.mean)}, median {fmt_num(m.median)}, "
            f"from {fmt_num(m.minimum)} to {fmt_num(m.maximum)}. Draws: {fmt_int(draws)} "
            f"({fmt_pct(draw_rate.value)}, 95% interval {fmt_interval(*draw_rate.interval)}). "
            "Team 0 kicks off."
        ),
        table(
            ["Team", "Mean goals", "Wins", "Win rate (draws are not wins)", "95% interval"], rows
        ),
        figure(plot.histogram(totals, title="Goals per game", xlabel="goals, both teams")),
    ]
    return "".join(out)


Section = Callable[[Group, "Plotter"], str]

#: the sections of every group, in order
COMMON: tuple[Section, ...] = (section_seats, section_scores, section_length, section_end)

#: variant -> its own sections, after the common ones
RULESET: dict[str, tuple[Section, ...]] = {
    "high-bohn": (section_buildings,),
    "al-cabohne": (section_mafia,),
    "prohibohn": (section_mafia, section_establishments),
    "mutterbohnchen": (section_mama,),
    "sissi": (section_sissi,),
    "bohnkick": (section_goals,),
}


def group_key(record: dict[str, Any]) -> tuple[str, int, tuple[str, ...], str]:
    """The setting a record belongs to: variant, players, bots and options."""
    return (
        record["variant"],
        record["players"],
        tuple(record["bots"]),
        json.dumps(record["options"], sort_keys=True),
    )


__all__ = [
    "COMMON",
    "FEW_GAMES",
    "RULESET",
    "Group",
    "KeyRow",
    "SeatRow",
    "group_key",
    "key_rows",
    "seat_ranks",
    "seat_rows",
    "table",
]
