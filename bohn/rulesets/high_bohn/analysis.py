"""High Bohn in records and reports: the ruleset's part ``analysis`` (see
:mod:`bohn.analysis.sections`): the buildings and the final rank."""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING
from typing import Any

from bohn.analysis.sections import OWNER_COLUMNS
from bohn.analysis.sections import Group
from bohn.analysis.sections import Section
from bohn.analysis.sections import baseline_text
from bohn.analysis.sections import key_rows
from bohn.analysis.sections import key_section
from bohn.analysis.sections import owner_cells
from bohn.analysis.sections import table
from bohn.analysis.stats import fmt_int
from bohn.analysis.stats import fmt_num
from bohn.analysis.stats import fmt_pct
from bohn.analysis.stats import mean
from bohn.engine.game import Game
from bohn.sim.records import bean_stats
from bohn.sim.records import seat_lists

if TYPE_CHECKING:
    from bohn.analysis.plots import Plotter


def stats(game: Game) -> dict[str, Any]:
    """High Bohn: the buildings each seat owns at the end, in purchase order."""
    return {**bean_stats(game), "buildings": seat_lists(game, "buildings")}


def section_buildings(g: Group, plot: Plotter) -> str:
    rows = key_rows(g, "buildings")
    base = g.baseline
    out = key_section(
        g,
        plot,
        rows,
        heading="Buildings and final rank",
        intro="For each building: the seat-games in which a seat owned it at the end, "
        "the owners' win rate (shared wins 1/k) and mean final rank (1 is best), "
        f"against the other seats' win rate and {baseline_text(g, base)}. "
        "Owning a building is a result of play as much as a cause of winning: "
        "read these as associations.",
        empty="No seat owned a building in these games.",
        key_columns=("Building", "Owned (seat-games)"),
        header=["Games owned in", *OWNER_COLUMNS, "Owners' mean rank"],
        cells=lambda x: [fmt_pct(x.games / g.games), *owner_cells(x, base), fmt_num(x.owner_rank)],
        series=("owners",),
        title="Win rate of each building's owners",
    )
    if not rows:
        return "".join(out)
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


SECTIONS: tuple[Section, ...] = (section_buildings,)
