"""The statistics of the report: win shares, rates with Wilson intervals,
summaries of numbers, and the formatting of figures.

>>> win_shares([2, 0], 3)
[0.5, 0.0, 0.5]
>>> r = Rate(1, 10)
>>> round(r.value, 3), round(r.low, 4), round(r.high, 4)
(0.1, 0.0179, 0.4042)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: the normal quantile of a two-sided 95% interval
Z95 = 1.959963984540054


def win_shares(winners: Sequence[int], players: int) -> list[float]:
    """Each seat's share of one game's win: ``1/k`` for each of ``k`` winners,
    0 for the others (every seat 0 when nobody won, as when the mafia wins).

    >>> win_shares([1], 3), win_shares([0, 1, 2, 3], 4), win_shares([], 2)
    ([0.0, 1.0, 0.0], [0.25, 0.25, 0.25, 0.25], [0.0, 0.0])
    """
    out = [0.0] * players
    if winners:
        share = 1.0 / len(winners)
        for s in winners:
            out[s] += share
    return out


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``successes / trials``
    (``(0, 1)`` when there are no trials). ``successes`` may be fractional
    (shared wins count ``1/k``).

    >>> [round(x, 4) for x in wilson(5, 10)]
    [0.2366, 0.7634]
    >>> [round(x, 4) for x in wilson(0, 10)]
    [0.0, 0.2775]
    """
    if trials <= 0:
        return (0.0, 1.0)
    p = min(max(successes / trials, 0.0), 1.0)
    z2 = z * z
    denom = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass(frozen=True)
class Rate:
    """A proportion ``successes / trials`` with its 95% Wilson interval."""

    successes: float
    trials: int

    @property
    def value(self) -> float:
        return self.successes / self.trials if self.trials else math.nan

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.successes, self.trials)

    @property
    def low(self) -> float:
        return self.interval[0]

    @property
    def high(self) -> float:
        return self.interval[1]

    def against(self, baseline: float) -> str:
        """``"above"`` or ``"below"`` when the interval leaves out ``baseline``,
        else ``""``.

        >>> Rate(30, 40).against(0.5), Rate(3, 40).against(0.5), Rate(2, 4).against(0.5)
        ('above', 'below', '')
        """
        if not self.trials:
            return ""
        lo, hi = self.interval
        if lo > baseline:
            return "above"
        if hi < baseline:
            return "below"
        return ""


@dataclass(frozen=True)
class Summary:
    """Count, mean, standard deviation and quantiles of some numbers."""

    n: int
    mean: float
    sd: float
    minimum: float
    q1: float
    median: float
    q3: float
    maximum: float


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile of already sorted values, interpolating linearly
    (numpy's default).

    >>> quantile([1, 2, 3, 4], 0.5), quantile([1, 2, 3, 4], 0.25)
    (2.5, 1.75)
    """
    if not sorted_values:
        return math.nan
    pos = (len(sorted_values) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_values) - 1)
    return sorted_values[lo] + (sorted_values[hi] - sorted_values[lo]) * (pos - lo)


def summarise(values: Sequence[float]) -> Summary:
    """The :class:`Summary` of ``values`` (sample standard deviation; NaN when empty).

    >>> s = summarise([1, 2, 3, 4])
    >>> s.mean, s.median, round(s.sd, 4), s.minimum, s.maximum
    (2.5, 2.5, 1.291, 1, 4)
    """
    n = len(values)
    if n == 0:
        nan = math.nan
        return Summary(0, nan, nan, nan, nan, nan, nan, nan)
    v = sorted(values)
    mean = math.fsum(v) / n
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in v) / (n - 1)) if n > 1 else 0.0
    return Summary(n, mean, sd, v[0], quantile(v, 0.25), quantile(v, 0.5), quantile(v, 0.75), v[-1])


def mean(values: Sequence[float]) -> float:
    """The mean (NaN when empty)."""
    return math.fsum(values) / len(values) if values else math.nan


# ----------------------------------------------------------------------------
# formatting

#: the dash between the ends of an interval
DASH = "\N{EN DASH}"
#: what a table shows for a figure that does not exist (a mean of nothing)
NONE = DASH


def fmt_num(x: float, digits: int = 2) -> str:
    """A number with at most ``digits`` decimals, trailing zeros dropped;
    :data:`NONE` for NaN.

    >>> fmt_num(12.0), fmt_num(33.5), fmt_num(10 / 3), fmt_num(float("nan")) == NONE
    ('12', '33.5', '3.33', True)
    """
    if isinstance(x, float) and math.isnan(x):
        return NONE
    text = f"{x:,.{digits}f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def fmt_pct(x: float, digits: int = 1) -> str:
    """A proportion as a percentage; :data:`NONE` for NaN.

    >>> fmt_pct(0.25), fmt_pct(1 / 3), fmt_pct(float("nan")) == NONE
    ('25.0%', '33.3%', True)
    """
    if math.isnan(x):
        return NONE
    return f"{100 * x:.{digits}f}%"


def fmt_interval(lo: float, hi: float) -> str:
    """A 95% interval of a proportion, in percent, its ends joined by an en dash.

    >>> fmt_interval(0.2366, 0.7634).split(DASH)
    ['23.7', '76.3%']
    """
    return f"{100 * lo:.1f}{DASH}{100 * hi:.1f}%"


def fmt_int(n: int) -> str:
    """An integer with thousands separators.

    >>> fmt_int(100000)
    '100,000'
    """
    return f"{n:,}"


__all__ = [
    "DASH",
    "NONE",
    "Z95",
    "Rate",
    "Summary",
    "fmt_int",
    "fmt_interval",
    "fmt_num",
    "fmt_pct",
    "mean",
    "quantile",
    "summarise",
    "wilson",
    "win_shares",
]
