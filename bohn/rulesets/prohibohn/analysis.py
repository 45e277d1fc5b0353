"""Prohibohn in records and reports: the ruleset's part ``analysis`` (see
:mod:`bohn.analysis.sections`): the players against the mafia, as in Al
Cabohne, and the establishments."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

from bohn.analysis.sections import OWNER_COLUMNS
from bohn.analysis.sections import Group
from bohn.analysis.sections import Section
from bohn.analysis.sections import baseline_text
from bohn.analysis.sections import key_rows
from bohn.analysis.sections import key_section
from bohn.analysis.sections import owner_cells
from bohn.analysis.stats import fmt_num
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
    base = g.baseline
    out = key_section(
        g,
        plot,
        key_rows(g, "establishments"),
        heading="Establishments",
        intro="For each establishment (Police Stations and the Razzia included): the "
        "seat-games in which a seat owned it at the end, the owners' win rate and "
        "mean score against the seats without it. A win against the mafia only "
        f"counts as a win; the comparison is with {baseline_text(g, base)}.",
        empty="No seat owned an establishment in these games.",
        key_columns=("Establishment", "Owned (seat-games)"),
        header=[*OWNER_COLUMNS, "Owners' mean score", "Others' mean score", "Difference"],
        cells=lambda x: [
            *owner_cells(x, base),
            fmt_num(x.owner_score),
            fmt_num(x.other_score),
            fmt_num(x.owner_score - x.other_score),
        ],
        series=("owners", "others"),
        title="Win rate of each establishment's owners and of the other seats",
    )
    return "".join(out)


SECTIONS: tuple[Section, ...] = (section_mafia, section_establishments)

__all__ = ["SECTIONS", "section_establishments", "section_mafia", "stats"]
