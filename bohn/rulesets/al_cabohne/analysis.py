"""Al Cabohne in records and reports: the ruleset's part ``analysis`` (see
:mod:`bohn.analysis.sections`): the players against the mafia. Prohibohn's
part reuses :func:`section_mafia`."""

from __future__ import annotations

from typing import TYPE_CHECKING

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
from bohn.sim.records import bean_stats

if TYPE_CHECKING:
    from bohn.analysis.plots import Plotter


stats = bean_stats


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


SECTIONS: tuple[Section, ...] = (section_mafia,)
