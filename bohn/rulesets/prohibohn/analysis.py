"""Prohibohn in records and reports: the ruleset's part ``analysis`` (see
:mod:`bohn.analysis.sections`): the players against the mafia, as in Al
Cabohne, and the establishments."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

from bohn.analysis.sections import Group
from bohn.analysis.sections import Section
from bohn.analysis.sections import against_baseline
from bohn.analysis.sections import baseline_text
from bohn.analysis.sections import figure
from bohn.analysis.sections import key_rows
from bohn.analysis.sections import note
from bohn.analysis.sections import para
from bohn.analysis.sections import table
from bohn.analysis.stats import fmt_int
from bohn.analysis.stats import fmt_interval
from bohn.analysis.stats import fmt_num
from bohn.analysis.stats import fmt_pct
from bohn.engine.game import Game
from bohn.rulesets.al_cabohne.analysis import section_mafia
from bohn.sim.records import bean_stats
from bohn.sim.records import seat_lists

if TYPE_CHECKING:
    from bohn.analysis.plots import Plotter


def stats(game: Game) -> dict[str, Any]:
    """Prohibohn: the establishments each seat owns at the end."""
    return {**bean_stats(game), "establishments": seat_lists(game, "establishments")}


def section_establishments(g: Group, plot: Plotter) -> str:
    rows = key_rows(g, "establishments")
    base = g.baseline
    out = [
        "<h3>Establishments</h3>",
        para(
            "For each establishment (Police Stations and the Razzia included): the "
            "seat-games in which a seat owned it at the end, the owners' win rate and "
            "mean score against the seats without it. A win against the mafia only "
            f"counts as a win; the comparison is with {baseline_text(g, base)}."
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
                    against_baseline(x.owners, base),
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


SECTIONS: tuple[Section, ...] = (section_mafia, section_establishments)

__all__ = ["SECTIONS", "section_establishments", "section_mafia", "stats"]
