"""Ratings of a league's participants, per ruleset: OpenSkill's
Plackett-Luce model over each game's finishing order (``docs/arena.md``).

:func:`shown` and :func:`places` read a rating and a result for the arena
and for the server's rated games alike (``bohn/server/ratings.py`` imports
them from here; this module needs no database).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from openskill.models import PlackettLuce

#: the model (OpenSkill's defaults: mu 25, sigma 25/3, beta 25/6)
MODEL = PlackettLuce()
#: a newcomer's rating
MU, SIGMA = MODEL.mu, MODEL.sigma
#: the points of the shown rating a unit of mu is worth
SCALE = 40.0
#: the interval reported: mu ± this many sigma (about 95%)
Z = 2.0


def shown(mu: float) -> int:
    """A rating as people read it: 1500 for a newcomer, 40 points a unit of mu.

    >>> shown(25.0), shown(26.0)
    (1500, 1540)
    """
    return round(1500 + SCALE * (mu - MU))


def places(result: dict[str, Any], players: int) -> list[int]:
    """Each seat's place (1 first) from a result's JSON: its winners share the
    first place, the others follow the ranking.

    >>> places({"winners": [2], "ranking": [2, 0, 1]}, 3)
    [2, 3, 1]
    >>> places({"winners": [0, 1], "ranking": [1, 0, 2]}, 3)
    [1, 1, 3]
    """
    winners = set(result.get("winners") or [])
    ranking = list(result.get("ranking") or range(players))
    out = [0] * players
    for i, seat in enumerate(ranking):
        out[seat] = 1 if seat in winners else i + 1
    return out


class Ratings:
    """The ratings of one ruleset, by participant's name: ``(mu, sigma)``,
    a newcomer at :data:`MU`, :data:`SIGMA`."""

    def __init__(self) -> None:
        self.by_name: dict[str, tuple[float, float]] = {}

    def get(self, name: str) -> tuple[float, float]:
        return self.by_name.get(name, (MU, SIGMA))

    def rate(self, names: Sequence[str], seat_places: Sequence[int]) -> None:
        """One game: ``names[s]`` sat at seat ``s`` and finished at
        ``seat_places[s]`` (1 first; equal places are ties)."""
        teams = [[MODEL.rating(*self.get(n), name=n)] for n in names]
        rated = MODEL.rate(teams, ranks=[float(p) for p in seat_places])
        for n, (r,) in zip(names, rated, strict=True):
            self.by_name[n] = (r.mu, r.sigma)


def interval(mu: float, sigma: float, z: float = Z) -> tuple[float, float]:
    """``mu ± z·sigma``."""
    return (mu - z * sigma, mu + z * sigma)


def conservative(mu: float, sigma: float) -> float:
    """The leaderboard's order: ``mu - 3 sigma``, as the server's."""
    return mu - 3 * sigma
