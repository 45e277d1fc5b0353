"""Bohnkick in records and reports: the ruleset's part ``analysis`` (see
:mod:`bohn.analysis.sections`): the attacks and the goals."""

from __future__ import annotations

from typing import TYPE_CHECKING
from typing import Any

from bohn.analysis.sections import Group
from bohn.analysis.sections import Section
from bohn.analysis.sections import figure
from bohn.analysis.sections import para
from bohn.analysis.sections import table
from bohn.analysis.stats import Rate
from bohn.analysis.stats import fmt_int
from bohn.analysis.stats import fmt_interval
from bohn.analysis.stats import fmt_num
from bohn.analysis.stats import fmt_pct
from bohn.analysis.stats import mean
from bohn.analysis.stats import summarise
from bohn.engine.game import Game

if TYPE_CHECKING:
    from bohn.analysis.plots import Plotter


def stats(game: Game) -> dict[str, Any]:
    """Bohnkick: the attacks played (the goals are in the result's details)."""
    attacks = sum(1 for e in game.events(None) if e["type"] == "attack")
    return {"attacks": attacks}


#: what a seat's score is
SCORE_WORD = "goals of the seat's team"

#: said of seat 0 after "Seat 0 starts the game"
FIRST_SEAT_NOTE = " (its team kicks off)"


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


SECTIONS: tuple[Section, ...] = (section_goals,)
