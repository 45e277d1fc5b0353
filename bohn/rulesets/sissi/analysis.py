"""Sissi in records and reports: the ruleset's part ``analysis`` (see
:mod:`bohn.analysis.sections`): how often fields stopped alternating Captain
and Sissi."""

from __future__ import annotations

import math
from collections import defaultdict
from typing import TYPE_CHECKING
from typing import Any

from bohn.analysis.sections import Group
from bohn.analysis.sections import Section
from bohn.analysis.sections import against_baseline
from bohn.analysis.sections import figure
from bohn.analysis.sections import para
from bohn.analysis.sections import table
from bohn.analysis.stats import Rate
from bohn.analysis.stats import fmt_int
from bohn.analysis.stats import fmt_interval
from bohn.analysis.stats import fmt_num
from bohn.analysis.stats import fmt_pct
from bohn.analysis.stats import mean
from bohn.engine.game import Game
from bohn.sim.records import bean_stats

if TYPE_CHECKING:
    from bohn.analysis.plots import Plotter


def stats(game: Game) -> dict[str, Any]:
    """Sissi: how often fields stopped alternating Captain / Sissi, as the
    fields the Sissi action made their owners harvest, per seat."""
    out = bean_stats(game)
    forced = [0] * game.n
    for e in game.events(None):
        if e["type"] == "sissi-action":
            for seat, _field in e.get("fields", []):
                forced[seat] += 1
    out["sissi_action_harvests"] = forced
    return out


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
                against_baseline(rt, base),
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


SECTIONS: tuple[Section, ...] = (section_sissi,)
