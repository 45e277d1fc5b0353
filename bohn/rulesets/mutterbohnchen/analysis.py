"""Mutterböhnchen in records and reports: the ruleset's part ``analysis`` (see
:mod:`bohn.analysis.sections`): the mama's beans planted."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

from bohn.analysis.sections import Group
from bohn.analysis.sections import Section
from bohn.analysis.sections import key_rows
from bohn.analysis.sections import key_section
from bohn.analysis.stats import fmt_int
from bohn.analysis.stats import fmt_interval
from bohn.analysis.stats import fmt_num
from bohn.analysis.stats import fmt_pct
from bohn.analysis.stats import mean
from bohn.engine.game import Game
from bohn.rulesets.mutterbohnchen.rules import MAMA
from bohn.rulesets.mutterbohnchen.rules import TABLE
from bohn.sim.records import bean_stats

if TYPE_CHECKING:
    from bohn.analysis.plots import Plotter


def stats(game: Game) -> dict[str, Any]:
    """Mutterböhnchen: the mama's beans (special beans) each seat planted."""
    mama = {k for k, m in zip(TABLE.keys, MAMA, strict=True) if m}
    planted: list[list[str]] = [[] for _ in range(game.n)]
    for e in game.events(None):
        if e["type"] == "plant" and e.get("card") in mama and e.get("seat") is not None:
            planted[e["seat"]].append(e["card"])
    return {**bean_stats(game), "specials_planted": planted}


def section_mama(g: Group, plot: Plotter) -> str:
    rows = key_rows(g, "specials_planted")
    rows.sort(key=lambda x: (-(x.owners.value - x.others.value), x.key))
    plantings = [sum(len(p) for p in r["stats"]["specials_planted"]) for r in g.records]
    out = key_section(
        g,
        plot,
        rows,
        heading="Mama's beans",
        intro="For each mama's bean: the win rate of the seats that planted it at least "
        "once in a game against the seats that did not (seat-games; shared wins "
        f"1/k). Mama's beans planted per game, all seats together: mean "
        f"{fmt_num(mean(plantings))}.",
        empty="No mama's bean was planted in these games.",
        key_columns=("Mama's bean", "Planted (seat-games)"),
        header=[
            "Win rate (planted)",
            "95% interval",
            "Not planted (seat-games)",
            "Win rate (not planted)",
            "95% interval",
            "Difference",
        ],
        cells=lambda x: [
            fmt_pct(x.owners.value),
            fmt_interval(*x.owners.interval),
            fmt_int(x.others.trials),
            fmt_pct(x.others.value),
            fmt_interval(*x.others.interval),
            f"{100 * (x.owners.value - x.others.value):+.1f} pts",
        ],
        series=("planted", "not planted"),
        title="Win rate of the seats that planted each mama's bean, and of the others",
    )
    return "".join(out)


SECTIONS: tuple[Section, ...] = (section_mama,)
