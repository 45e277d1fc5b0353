"""The parts of the report: one function per section, computing its figures
from a :class:`Group` of records and returning its HTML.

The shared ones (:data:`COMMON`) come first for every group; a ruleset adds
its own questions through its part ``analysis`` (``bohn/rulesets/<id>/analysis.py``,
found by :func:`bohn.sim.records.analysis_part`; a ruleset without one
inherits that of the ruleset it derives from). ``docs/report.md`` defines
every figure. The part defines

* ``stats(game) -> dict``: the record's ``stats`` of a finished game
  (:func:`bohn.sim.records.game_stats`; default ``{}``);
* ``SECTIONS``: a tuple of :data:`Section` functions, its own sections after
  the common ones (default none);

and, where the common sections need them, these facts (defaults in
:data:`DEFAULTS`):

* ``SCORE_WORD`` (str): what a seat's score is, e.g. ``"final score"``;
* ``FIRST_SEAT_NOTE`` (str): said of seat 0 after "Seat 0 starts the game".
"""

from __future__ import annotations

import html
import json
import math
from collections import Counter
from collections import defaultdict
from collections.abc import Callable
from collections.abc import Sequence
from dataclasses import dataclass
from dataclasses import field
from functools import cached_property
from typing import TYPE_CHECKING
from typing import Any

from bohn.analysis.stats import Rate
from bohn.analysis.stats import fmt_int
from bohn.analysis.stats import fmt_interval
from bohn.analysis.stats import fmt_num
from bohn.analysis.stats import fmt_pct
from bohn.analysis.stats import summarise
from bohn.analysis.stats import win_shares
from bohn.rulesets import RULESETS
from bohn.sim.records import analysis_part

if TYPE_CHECKING:  # matplotlib is imported only when a page is drawn
    from bohn.analysis.plots import Plotter

#: one section of the report: its HTML for a group of records
Section = Callable[["Group", "Plotter"], str]

#: below this many games a group carries a warning that its intervals are wide
FEW_GAMES = 200

#: the facts a ruleset's part ``analysis`` may state, and their defaults
DEFAULTS: dict[str, Any] = {
    "SCORE_WORD": "final score",
    "FIRST_SEAT_NOTE": "",
}


def fact(variant: str, name: str) -> Any:
    """The fact ``name`` (a key of :data:`DEFAULTS`) of a variant's part ``analysis``."""
    return getattr(analysis_part(variant), name, DEFAULTS[name])


def own_sections(variant: str) -> tuple[Section, ...]:
    """The sections of a variant's part ``analysis`` (``SECTIONS``), after the common ones."""
    sections: tuple[Section, ...] = getattr(analysis_part(variant), "SECTIONS", ())
    return sections


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
    def house(self) -> str | None:
        """The name of the rival no seat plays that a game without a winning
        seat was lost to (the game's ``HOUSE``), or None."""
        known = RULESETS.get(self.variant)
        house = None if known is None else known.game.HOUSE
        return None if house is None else house.en

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


def baseline_text(g: Group, base: float) -> str:
    if all(r["winners"] for r in g.records):
        return f"the seat-share baseline 1/{g.players} = {fmt_pct(base)}"
    return (
        f"the seat-share baseline {fmt_pct(base)}: 1/{g.players} of the "
        f"{fmt_pct(base * g.players)} of games a player won"
    )


def against_baseline(rate: Rate, base: float) -> str:
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
            + str(fact(g.variant, "FIRST_SEAT_NOTE"))
            + ", so the win rate against the seat is the first-player advantage. "
            "A shared win counts 1/k for each of its k winners. Intervals are 95% "
            f"Wilson score intervals; the comparison is with {baseline_text(g, base)}."
        )
    )
    if g.players == 1 and g.house is not None:
        out.append(
            note(
                f"With one player the seat's win rate is the player's rate against {g.house} (below)."
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
                    against_baseline(x.rate, base),
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
    what = str(fact(g.variant, "SCORE_WORD"))
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
        (f"Won by no seat ({g.house})" if g.house else "Won by no seat", nobody),
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


#: the columns :func:`owner_cells` fills: the owners' win rate, against the
#: baseline, and the others'
OWNER_COLUMNS = ("Owners' win rate", "95% interval", "Against baseline", "Others' win rate")


def owner_cells(x: KeyRow, base: float) -> list[str]:
    """The cells of :data:`OWNER_COLUMNS` for ``x`` against the baseline ``base``."""
    return [
        fmt_pct(x.owners.value),
        fmt_interval(*x.owners.interval),
        against_baseline(x.owners, base),
        fmt_pct(x.others.value),
    ]


def key_section(
    g: Group,
    plot: Plotter,
    rows: Sequence[KeyRow],
    *,
    heading: str,
    intro: str,
    empty: str,
    key_columns: tuple[str, str],
    header: Sequence[str],
    cells: Callable[[KeyRow], list[str]],
    series: Sequence[str],
    title: str,
) -> list[str]:
    """The parts of a section on the keys of :func:`key_rows`: its heading and
    ``intro``, then ``empty`` where no seat had any, else a table and a plot of
    the win rates per key, of the owners and, with a second name in
    ``series``, of the others. The table's row of a key is the key and its
    seat-games (the columns ``key_columns``), then its ``cells`` (``header``)."""
    out = [f"<h3>{esc(heading)}</h3>", para(intro)]
    if not rows:
        out.append(note(empty))
        return out
    rows_out = [[x.key, fmt_int(x.owners.trials), *cells(x)] for x in rows]
    out.append(table([*key_columns, *header], rows_out))
    rates = ([x.owners for x in rows], [x.others for x in rows])
    out.append(
        figure(
            plot.rates(
                [x.key for x in rows],
                list(zip(series, rates, strict=False)),
                baseline=g.baseline,
                baseline_label=f"baseline {fmt_pct(g.baseline)}",
                title=title,
            )
        )
    )
    return out


#: the sections of every group, in order
COMMON: tuple[Section, ...] = (section_seats, section_scores, section_length, section_end)


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
    "DEFAULTS",
    "FEW_GAMES",
    "OWNER_COLUMNS",
    "Group",
    "KeyRow",
    "SeatRow",
    "Section",
    "against_baseline",
    "baseline_text",
    "fact",
    "group_key",
    "key_rows",
    "key_section",
    "own_sections",
    "owner_cells",
    "seat_ranks",
    "seat_rows",
    "table",
]
