"""``bohn report RESULTS... [-o report.html]``: one self-contained HTML page
of statistics and plots from the records of ``bohn sim --out``
(``docs/report.md``).

Records are grouped by their setting (variant, players, bots, options); each
group gets the win rate by seat (the first-player advantage), the scores, the
game length, how the games ended and its ruleset's own questions
(:mod:`bohn.analysis.sections`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bohn import __version__
from bohn.analysis.sections import COMMON
from bohn.analysis.sections import FEW_GAMES
from bohn.analysis.sections import Group
from bohn.analysis.sections import esc
from bohn.analysis.sections import group_key
from bohn.analysis.sections import note
from bohn.analysis.sections import own_sections
from bohn.analysis.sections import table
from bohn.analysis.stats import NONE
from bohn.analysis.stats import fmt_int
from bohn.cli import EXIT_OK
from bohn.cli import add_command
from bohn.cli import examples
from bohn.cli import run_alone
from bohn.userfiles import UsageError
from bohn.userfiles import check_output
from bohn.userfiles import write_text

#: the keys a record must have, and their types
REQUIRED: dict[str, type | tuple[type, ...]] = {
    "variant": str,
    "players": int,
    "bots": list,
    "options": dict,
    "steps": int,
    "scores": list,
    "ranking": list,
    "winners": list,
    "tie_break": bool,
    "reason": str,
    "details": dict,
    "stats": dict,
}

CSS = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1d1d1d;
       max-width: 64rem; margin: 2rem auto; padding: 0 1rem; }
h1 { font-size: 1.7rem; margin-bottom: .3rem; }
h2 { font-size: 1.35rem; margin-top: 3rem; padding-top: .6rem; border-top: 2px solid #3b75af; }
h3 { font-size: 1.08rem; margin: 1.8rem 0 .4rem; }
table { border-collapse: collapse; margin: .6rem 0 1rem; font-size: .9rem; }
th, td { padding: .22rem .6rem; border-bottom: 1px solid #e1e1e1; text-align: right;
         white-space: nowrap; }
th.t, td.t { text-align: left; }
th { vertical-align: bottom; white-space: normal; }
.scroll { overflow-x: auto; }
th { background: #f3f5f8; font-weight: 600; }
tbody tr:hover { background: #fafbfc; }
figure { margin: .5rem 0 1.2rem; }
figure svg { max-width: 100%; height: auto; }
.note { color: #555; font-size: .88rem; }
.warning { background: #fff4d6; border-left: 4px solid #e0a800; padding: .5rem .8rem; }
code { background: #f3f3f3; padding: 0 .2rem; border-radius: 3px; }
dl.setting { display: grid; grid-template-columns: max-content auto; gap: .1rem 1rem; }
dl.setting dt { color: #555; } dl.setting dd { margin: 0; }
"""


def _variant_titles() -> dict[str, str]:
    from bohn.rulesets import VARIANTS

    return {k: v.title for k, v in VARIANTS.items()}


def _check(record: Any, where: str, *, types: bool) -> None:
    """:class:`UsageError` unless ``record`` has every key of :data:`REQUIRED`
    (of its type, with ``types``) and one entry per seat where it should."""
    if not isinstance(record, dict):
        raise UsageError(f"{where} is not a game record")
    if types or not REQUIRED.keys() <= record.keys():
        for key, kind in REQUIRED.items():
            if not isinstance(record.get(key), kind):
                raise UsageError(
                    f"{where} is not a complete game record ({key!r} is missing or wrong)"
                )
    n = record["players"]
    if n < 1 or any(len(record[k]) != n for k in ("bots", "scores", "ranking")):
        raise UsageError(f"{where}: bots, scores and ranking must have one entry per seat")
    if any(not (isinstance(s, int) and 0 <= s < n) for s in record["winners"]):
        raise UsageError(f"{where}: winners must be seats")


def load(
    paths: Sequence[str], *, strict: bool = False, warn: Callable[[str], None] | None = None
) -> tuple[list[tuple[str, int]], list[Group]]:
    """The records of ``paths``: the number read from each file and the groups,
    in the order of the variants, then players, bots and options.
    :class:`UsageError` for a file that cannot be read or holds no records.
    A record left out (a last line cut short) is told to ``warn``, or with
    ``strict`` is a :class:`UsageError`."""
    from bohn.sim.records import RecordError
    from bohn.sim.records import read_records

    titles = _variant_titles()
    order = {v: i for i, v in enumerate(titles)}
    groups: dict[tuple[str, int, tuple[str, ...], str], Group] = {}
    counts: list[tuple[str, int]] = []
    for path in paths:
        dropped: list[str] = []
        try:
            records = read_records(path, dropped)
        except RecordError as err:
            raise UsageError(str(err)) from None
        except UnicodeDecodeError:
            raise UsageError(f"{path}: not a file of bohn game records") from None
        except OSError as err:
            raise UsageError(f"cannot read {path}: {err.strerror or err}") from None
        for message in dropped:
            if strict:
                raise UsageError(f"{message} (--strict)")
            if warn is not None:
                warn(message)
        last: tuple[Any, ...] = ()
        g = None
        for i, rec in enumerate(records):
            _check(rec, f"{path}: record {i + 1}", types=i == 0)
            # consecutive records mostly share their setting: skip building its key
            setting = (rec["variant"], rec["players"], rec["bots"], rec["options"])
            if g is not None and setting == last:
                g.records.append(rec)
                continue
            last = setting
            key = group_key(rec)
            g = groups.get(key)
            if g is None:
                if rec["variant"] not in titles:
                    raise UsageError(
                        f"{path}: record {i + 1} is of an unknown variant {rec['variant']!r}; "
                        f"bohn reports on {', '.join(titles)}"
                    )
                g = groups[key] = Group(
                    variant=rec["variant"],
                    players=rec["players"],
                    bots=list(rec["bots"]),
                    options=dict(rec["options"]),
                    title=titles.get(rec["variant"], rec["variant"]),
                )
            g.records.append(rec)
            if path not in g.files:
                g.files.append(path)
        counts.append((path, len(records)))
    if not any(n for _, n in counts):
        raise UsageError(f"no game records in {', '.join(paths)}")
    ordered = sorted(groups.items(), key=lambda kv: (order.get(kv[0][0], len(order)), kv[0]))
    out = [g for _, g in ordered]
    for i, g in enumerate(out, 1):
        g.anchor = f"group-{i}"
    return counts, out


def _setting(g: Group) -> str:
    seeds = sorted({repr(r.get("master_seed")) for r in g.records})
    opts = ", ".join(f"{k}={json.dumps(v)}" for k, v in sorted(g.options.items())) or "defaults"
    items = [
        ("Variant", f"{g.title} ({g.variant})"),
        ("Players", str(g.players)),
        ("Bots", ", ".join(f"seat {s}: {b}" for s, b in enumerate(g.bots))),
        ("Options", opts),
        ("Games", fmt_int(g.games)),
        ("Master seeds", ", ".join(seeds) if seeds else NONE),
        ("Files", ", ".join(g.files)),
    ]
    return (
        '<dl class="setting">'
        + "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in items)
        + "</dl>"
    )


def _warnings(g: Group) -> str:
    out = []
    if g.games < FEW_GAMES:
        half = 100 * 1.96 * (0.25 / g.games) ** 0.5
        out.append(
            f"Only {fmt_int(g.games)} game{'s' if g.games != 1 else ''}: the intervals "
            f"are wide (up to ±{half:.0f} percentage points on a win rate); differences "
            "inside them are not evidence."
        )
    seen = {(repr(r.get("master_seed")), r.get("index")) for r in g.records}
    repeated = g.games - len(seen)
    if repeated:
        out.append(
            f"{fmt_int(repeated)} record{'s' if repeated != 1 else ''} repeat a game already "
            "read (the same master seed and index; a file given twice?). Every record is "
            "counted."
        )
    return "".join(f'<p class="warning">{esc(w)}</p>' for w in out)


def render(paths: Sequence[str], counts: list[tuple[str, int]], groups: list[Group]) -> str:
    """The HTML page of ``groups`` (read from ``paths``)."""
    try:
        from bohn.analysis.plots import Plotter
    except ModuleNotFoundError as err:  # pragma: no cover - the sim extra is missing
        raise UsageError(f"the report needs matplotlib: pip install 'bohn[sim]' ({err})") from None

    plot = Plotter()
    games = sum(g.games for g in groups)
    head = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        "<title>bohn simulation report</title>",
        f"<style>{CSS}</style></head><body>",
        "<h1>bohn simulation report</h1>",
        f"<p>{fmt_int(games)} game{'s' if games != 1 else ''} from {len(paths)} "
        f"file{'s' if len(paths) != 1 else ''}, in {len(groups)} "
        f"group{'s' if len(groups) != 1 else ''} (a group is one setting: variant, "
        f"players, bots and options). Records written by <code>bohn sim --out</code>; "
        f"report by bohn {esc(__version__)}.</p>",
        table(["File", "Records"], [[p, fmt_int(n)] for p, n in counts]),
        "<h2>Groups</h2>",
        "<ol>",
    ]
    for g in groups:
        head.append(
            f'<li><a href="#{g.anchor}">{esc(g.title)}, {g.players} '
            f"player{'s' if g.players != 1 else ''}: {esc(', '.join(g.bots))}</a> "
            f"({fmt_int(g.games)} games)</li>"
        )
    head.append("</ol>")
    head.append(
        note(
            "Rates are shown with 95% Wilson score intervals. ▲ / ▼: the interval lies "
            "wholly above / below the baseline."
        )
    )
    body = []
    for g in groups:
        body.append(
            f'<section id="{g.anchor}"><h2>{esc(g.title)} — {g.players} '
            f"player{'s' if g.players != 1 else ''}</h2>"
        )
        body.append(_setting(g))
        body.append(_warnings(g))
        for section in COMMON + own_sections(g.variant):
            body.append(section(g, plot))
        body.append("</section>")
    return "\n".join(head + body + ["</body></html>", ""])


def build_report(
    paths: Sequence[str],
    out: str | Path,
    *,
    strict: bool = False,
    warn: Callable[[str], None] | None = None,
) -> tuple[int, int]:
    """Write the report of the records in ``paths`` to ``out``; the number of
    games and of groups (``strict`` and ``warn``: :func:`load`)."""
    counts, groups = load(paths, strict=strict, warn=warn)
    page = render(paths, counts, groups)
    write_text(out, page)
    return sum(g.games for g in groups), len(groups)


def cmd_report(args: argparse.Namespace) -> int:
    """Write the HTML report of the records files and say where it is."""

    def warn(message: str) -> None:
        print(f"bohn report: warning: {message}", file=sys.stderr)

    check_output(args.out, "-o", inputs=args.results, force=args.force)
    games, groups = build_report(args.results, args.out, strict=args.strict, warn=warn)
    print(
        f"report written to {args.out}: {games} game{'s' if games != 1 else ''} "
        f"in {groups} group{'s' if groups != 1 else ''}"
    )
    return EXIT_OK


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add the ``report`` command to ``bohn``'s sub-command parsers."""
    s = add_command(
        sub,
        "report",
        cmd_report,
        help="write an HTML report with plots from simulation records",
        description="Write one self-contained HTML page of statistics and plots from the "
        "records of bohn sim --out (JSON lines or Parquet).",
        epilog=examples(
            "bohn report runs.jsonl",
            "bohn report a.jsonl b.parquet -o report-ab.html",
            "bohn report runs.jsonl --strict",
        ),
    )
    s.add_argument(
        "results",
        nargs="+",
        metavar="RESULTS",
        help="records files of bohn sim --out or bohn tournament --out",
    )
    s.add_argument(
        "-o",
        "--out",
        default="report.html",
        metavar="FILE",
        help="the HTML file to write",
    )
    # the old spelling, kept for scripts
    s.add_argument("--output", dest="out", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    s.add_argument(
        "--force", action="store_true", help="replace the HTML file if it exists (else refused)"
    )
    s.add_argument(
        "--strict",
        action="store_true",
        help="fail (exit 2) on a record left out, such as a last line cut short by a crash, "
        "instead of warning",
    )


def main(argv: list[str] | None = None) -> int:
    """``bohn report`` with ``argv`` (the arguments after ``report``; default
    ``sys.argv[1:]``); the exit status, as ``bohn.cli.main`` gives it."""
    return run_alone(add_parser, ["report", *(sys.argv[1:] if argv is None else argv)])


__all__ = ["add_parser", "build_report", "cmd_report", "load", "main", "render"]

if __name__ == "__main__":
    sys.exit(main())
