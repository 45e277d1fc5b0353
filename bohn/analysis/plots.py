"""The report's figures: matplotlib figures rendered to SVG text that can be
put inline into an HTML page.

Figures are drawn without a display (matplotlib's Agg canvas, no pyplot and no
global state), with text kept as text (``svg.fonttype = none``), and cleaned
for inlining: no XML prologue, no metadata, no namespace URLs, and element ids
given a prefix unique in the page (:class:`Plotter`), so that the page holds
no reference to anything outside it and two runs give the same text.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterator
from collections.abc import Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING
from typing import Any

import matplotlib
import numpy as np
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

from bohn.analysis.stats import Rate

if TYPE_CHECKING:
    from matplotlib.typing import RcKeyType

#: the figures' look
STYLE: dict[RcKeyType, Any] = {
    "svg.fonttype": "none",  # text as text: small, selectable
    "svg.hashsalt": "bohn-report",  # the same ids from run to run
    "font.size": 9.0,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.grid": True,
    "grid.color": "#dddddd",
    "grid.linewidth": 0.6,
    "axes.axisbelow": True,
}

#: figure width, inches
WIDTH = 7.0
#: series colours: the first for a single series, the second for the comparison
COLOURS = ("#3b75af", "#ef8636")
BASELINE = "#666666"


def _margins(fig: Figure, labels: Sequence[str] = (), top: float = 0.32) -> None:
    """Room for the tick labels, the axis label and the title (cheaper than
    matplotlib's tight layout, which draws the figure twice)."""
    w, h = fig.get_size_inches()
    left = 0.55 + 0.062 * max((len(x) for x in labels), default=0)
    fig.subplots_adjust(left=left / w, right=1 - 0.2 / w, bottom=0.5 / h, top=1 - top / h)


@contextmanager
def _style() -> Iterator[None]:
    with matplotlib.rc_context(STYLE):
        yield


class Plotter:
    """Draws the figures of one page; numbers their SVG ids so they never clash."""

    def __init__(self) -> None:
        self.count = 0

    def _svg(self, fig: Figure, label: str) -> str:
        FigureCanvasAgg(fig)
        buf = io.StringIO()
        fig.savefig(buf, format="svg", metadata={"Date": None, "Creator": None})
        text = buf.getvalue()
        text = text[text.index("<svg") :]
        text = re.sub(r"<metadata>.*?</metadata>\s*", "", text, flags=re.S)
        text = re.sub(r"<!--.*?-->\s*", "", text, flags=re.S)
        text = re.sub(r'\s+xmlns(:\w+)?="[^"]*"', "", text)
        self.count += 1
        prefix = f"f{self.count}-"
        text = re.sub(r'(\bid="|url\(#|href="#)([^")]+)', lambda m: m[1] + prefix + m[2], text)
        label = label.replace("&", "&amp;").replace('"', "&quot;").replace("<", "&lt;")
        return text.replace("<svg", f'<svg role="img" aria-label="{label}"', 1).strip()

    def rates(
        self,
        labels: Sequence[str],
        series: Sequence[tuple[str, Sequence[Rate]]],
        *,
        baseline: float | None,
        baseline_label: str = "baseline",
        xlabel: str = "win rate",
        title: str,
    ) -> str:
        """Horizontal bars of rates (one bar per label and series, the first
        label on top) with their 95% intervals and a dashed baseline."""
        n = len(labels)
        k = len(series)
        with _style():
            fig = Figure(figsize=(WIDTH, 0.9 + max(n, 2) * (0.22 + 0.14 * k)))
            ax = fig.add_subplot()
            y = np.arange(n)[::-1].astype(float)
            height = 0.8 / k
            top = 0.0
            for i, (name, rates) in enumerate(series):
                vals = np.array([r.value if r.trials else np.nan for r in rates]) * 100
                lo = np.array([r.low if r.trials else np.nan for r in rates]) * 100
                hi = np.array([r.high if r.trials else np.nan for r in rates]) * 100
                top = max(top, float(np.nanmax(hi, initial=0.0)))
                pos = y + (k - 1) / 2 * height - i * height
                ax.barh(
                    pos,
                    np.nan_to_num(vals),
                    height=height * 0.9,
                    color=COLOURS[i % len(COLOURS)],
                    label=name if k > 1 else None,
                )
                ax.errorbar(
                    vals,
                    pos,
                    xerr=np.clip(np.vstack([vals - lo, hi - vals]), 0, None),
                    fmt="none",
                    ecolor="#222222",
                    elinewidth=0.8,
                    capsize=2,
                )
            if baseline is not None:
                ax.axvline(
                    baseline * 100, color=BASELINE, linestyle="--", lw=1, label=baseline_label
                )
                top = max(top, baseline * 100)
            ax.set_yticks(y, list(labels))
            ax.set_xlim(0, min(100.0, top * 1.08 + 1))
            ax.set_xlabel(f"{xlabel} (%), with 95% intervals")
            ax.set_title(title, loc="left", pad=16)
            ax.grid(axis="y", visible=False)
            ax.legend(
                loc="lower right",
                bbox_to_anchor=(1.0, 1.0),
                ncols=3,
                fontsize=8,
                frameon=False,
                borderaxespad=0.1,
            )
            _margins(fig, labels, top=0.5)
            return self._svg(fig, title)

    def boxes(
        self, labels: Sequence[str], values: Sequence[Sequence[float]], *, title: str, xlabel: str
    ) -> str:
        """Horizontal box plots: box the quartiles, line the median, diamond
        the mean, whiskers the 5th and 95th percentiles (no outliers drawn)."""
        n = len(labels)
        with _style():
            fig = Figure(figsize=(WIDTH, 0.9 + max(n, 2) * 0.42))
            ax = fig.add_subplot()
            data = [np.asarray(v, dtype=float) for v in values][::-1]
            ax.boxplot(
                data,
                orientation="horizontal",
                whis=(5, 95),
                showfliers=False,
                showmeans=True,
                tick_labels=list(labels)[::-1],
                patch_artist=True,
                boxprops={"facecolor": "#c6d9ec", "edgecolor": COLOURS[0]},
                medianprops={"color": "#222222"},
                meanprops={
                    "marker": "D",
                    "markerfacecolor": COLOURS[1],
                    "markeredgecolor": COLOURS[1],
                    "markersize": 4,
                },
            )
            ax.set_xlabel(xlabel)
            ax.set_title(title, loc="left")
            ax.grid(axis="y", visible=False)
            _margins(fig, labels)
            return self._svg(fig, title)

    def histogram(
        self, values: Sequence[float], *, title: str, xlabel: str, marker: float | None = None
    ) -> str:
        """A histogram of ``values`` in games (one bar per integer when the
        range is small) with the mean as a dashed line; ``marker`` draws a
        dotted line at that value."""
        arr = np.asarray(values, dtype=float)
        with _style():
            fig = Figure(figsize=(WIDTH, 2.6))
            ax = fig.add_subplot()
            if arr.size:
                lo, hi = float(arr.min()), float(arr.max())
                integral = bool(np.all(arr == np.round(arr)))
                if integral and hi - lo <= 60:
                    bins: int | list[float] = np.arange(lo - 0.5, hi + 1.5).tolist()
                else:
                    bins = 40
                ax.hist(arr, bins=bins, histtype="stepfilled", color=COLOURS[0])
                ax.axvline(
                    float(arr.mean()),
                    color=COLOURS[1],
                    linestyle="--",
                    lw=1.2,
                    label=f"mean {arr.mean():.1f}",
                )
            if marker is not None:
                ax.axvline(marker, color=BASELINE, linestyle=":", lw=1.2)
            ax.set_xlabel(xlabel)
            ax.set_ylabel("games")
            ax.set_title(title, loc="left")
            ax.legend(loc="upper right", fontsize=8, frameon=False)
            _margins(fig)
            return self._svg(fig, title)


__all__ = ["Plotter"]
