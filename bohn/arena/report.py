"""A league's leaderboard as Markdown and as one self-contained HTML page
with its plots drawn in inline SVG (``docs/arena.md``, Output)."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

#: the colours of the plots' lines, one a participant (cycled)
COLOURS = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#8c564b",
    "#e377c2",
    "#17becf",
    "#7f7f7f",
    "#bcbd22",
)
FAILURE_HEADS = ("timeout", "crash", "malformed", "illegal")


def _fmt(x: float | None, digits: int = 2) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _kinds(league: dict[str, Any]) -> dict[str, str]:
    return {p["name"]: p["kind"] for p in league["participants"]}


def summary_rows(league: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The overview: each participant's shown rating in every ruleset."""
    heads = ["participant", "kind"] + [r["variant"] for r in league["rulesets"]]
    rows = []
    for p in league["participants"]:
        row = [p["name"], p["kind"]]
        for r in league["rulesets"]:
            mine = [s for s in r["standings"] if s["name"] == p["name"]]
            row.append(
                f"{mine[0]['rating']} [{mine[0]['interval'][0]}, {mine[0]['interval'][1]}]"
                if mine and mine[0]["games"]
                else "-"
            )
        rows.append(row)
    return heads, rows


def standing_rows(
    ruleset: dict[str, Any], kinds: dict[str, str]
) -> tuple[list[str], list[list[str]]]:
    """A ruleset's table, best first (by mu - 3 sigma)."""
    heads = [
        "#",
        "participant",
        "kind",
        "rating",
        "interval (±2 sigma)",
        "mu",
        "sigma",
        "games",
        "win rate",
        "mean place",
        "mean points",
        "lost moves",
    ]
    rows = []
    for i, s in enumerate(ruleset["standings"], 1):
        lost = sum(s["failures"].values())
        rows.append(
            [
                str(i),
                s["name"],
                kinds.get(s["name"], ""),
                str(s["rating"]),
                f"[{s['interval'][0]}, {s['interval'][1]}]",
                _fmt(s["mu"]),
                _fmt(s["sigma"]),
                str(s["games"]),
                _fmt(s["win_rate"], 3),
                _fmt(s["mean_place"]),
                _fmt(s["mean_points"]),
                f"{lost} of {s['asked']}" if kinds.get(s["name"]) == "agent" else "-",
            ]
        )
    return heads, rows


def agent_rows(league: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """Each agent's moves asked and failures."""
    heads = ["agent", "moves asked", *FAILURE_HEADS, "moves by the fallback", "benched", "starts"]
    rows = []
    for name, a in league["agents"].items():
        rows.append(
            [
                name,
                str(a["asked"]),
                *(str(a["failures"][k]) for k in FAILURE_HEADS),
                str(a["fallback_moves"]),
                str(a["benched_games"]),
                str(a["starts"]),
            ]
        )
    return heads, rows


def _settings_line(league: dict[str, Any]) -> str:
    s = league["settings"]
    opts = ", ".join(f"{k}={v}" for k, v in sorted(s["options"].items())) or "defaults"
    return (
        f"{league['games']} games of {league['requested']} "
        f"({', '.join(f'{r} in {d} deals' for r, d in s['deals'].items())}; duplicate deals), "
        f"seed {s['seed']}, {s['move_time_s']:g} s a move, language {s['lang']}, "
        f"options {opts}; {league['elapsed_s']:.1f} s"
        + (" (interrupted)" if league["interrupted"] else "")
    )


RULES_TEXT = (
    "Ratings: OpenSkill Plackett-Luce per ruleset from each game's finishing order "
    "(winners share the first place), shown as 1500 + 40·(mu - 25); the interval is "
    "mu ± 2 sigma; the order is by mu - 3 sigma. A move an agent loses (too late, a crash, "
    "an answer that is not the protocol's JSON, a move that is not legal) is played by "
    "the fallback: the seat's first listed move. A crash, or 3 failures in a row, benches "
    "the agent for the rest of the game."
)


# ----------------------------------------------------------------------------
# Markdown


def _md_table(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    def cell(t: str) -> str:
        return t.replace("|", "\\|")

    out = ["| " + " | ".join(map(cell, heads)) + " |", "|" + "---|" * len(heads)]
    out += ["| " + " | ".join(map(cell, r)) + " |" for r in rows]
    return out


def markdown(league: dict[str, Any]) -> str:
    """The leaderboard as Markdown."""
    kinds = _kinds(league)
    lines = ["# bohn arena: leaderboard", "", _settings_line(league), "", RULES_TEXT, ""]
    lines += ["## Overview (shown rating and interval by ruleset)", ""]
    lines += _md_table(*summary_rows(league))
    for r in league["rulesets"]:
        players = ", ".join(map(str, r["players"]))
        lines += [
            "",
            f"## {r['variant']} ({players} players)",
            "",
            f"{r['games']} games rated"
            + (f", {r['unfinished']} unfinished" if r["unfinished"] else ""),
            "",
        ]
        lines += _md_table(*standing_rows(r, kinds))
    if league["agents"]:
        lines += ["", "## Agents", ""]
        lines += _md_table(*agent_rows(league))
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------
# HTML


def _num(cell: str) -> str:
    """The class of a cell that holds a number (aligned right)."""
    return ' class="n"' if cell[:1].isdigit() or cell[:1] in "-[" else ""


def _html_table(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in heads)
    body = "".join(
        "<tr>" + "".join(f"<td{_num(c)}>{html.escape(c)}</td>" for c in r) + "</tr>" for r in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def interval_plot(ruleset: dict[str, Any], colours: dict[str, str]) -> str:
    """Each participant's shown rating with its interval, a line each (SVG)."""
    rows = [s for s in ruleset["standings"] if s["games"]]
    if not rows:
        return ""
    lo = float(min(min(s["interval"][0] for s in rows), 1500) - 20)
    hi = float(max(max(s["interval"][1] for s in rows), 1500) + 20)
    width, left, right, row_h = 640, 140, 20, 26
    height = row_h * len(rows) + 40

    def x(v: float) -> float:
        return left + (v - lo) / (hi - lo) * (width - left - right)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="ratings of {html.escape(ruleset["variant"])}">',
        f'<line x1="{x(1500):.1f}" y1="10" x2="{x(1500):.1f}" y2="{height - 25}" '
        'stroke="#bbb" stroke-dasharray="4 3"/>',
        f'<text x="{x(1500):.1f}" y="{height - 8}" text-anchor="middle" font-size="11">1500</text>',
        f'<text x="{x(lo):.1f}" y="{height - 8}" font-size="11">{round(lo)}</text>',
        f'<text x="{x(hi):.1f}" y="{height - 8}" text-anchor="end" font-size="11">{round(hi)}</text>',
    ]
    for i, s in enumerate(rows):
        y = 22 + i * row_h
        c = colours.get(s["name"], "#333")
        parts += [
            f'<text x="{left - 8}" y="{y + 4}" text-anchor="end" font-size="12">'
            f"{html.escape(s['name'])}</text>",
            f'<line x1="{x(s["interval"][0]):.1f}" y1="{y}" x2="{x(s["interval"][1]):.1f}" '
            f'y2="{y}" stroke="{c}" stroke-width="3"/>',
            f'<circle cx="{x(s["rating"]):.1f}" cy="{y}" r="5" fill="{c}">'
            f"<title>{html.escape(s['name'])}: {s['rating']} "
            f"[{s['interval'][0]}, {s['interval'][1]}]</title></circle>",
        ]
    parts.append("</svg>")
    return "".join(parts)


def history_plot(ruleset: dict[str, Any], colours: dict[str, str]) -> str:
    """Each participant's shown rating after each of its games (SVG)."""
    hist: dict[str, list[int]] = ruleset.get("history") or {}
    series = {n: [1500, *v] for n, v in hist.items() if v}
    if not series:
        return ""
    lo = min(min(v) for v in series.values()) - 20
    hi = max(max(v) for v in series.values()) + 20
    longest = max(len(v) for v in series.values()) - 1 or 1
    width, height, left, right, top, bottom = 640, 260, 50, 130, 10, 30

    def x(i: int) -> float:
        return left + i / longest * (width - left - right)

    def y(v: float) -> float:
        return top + (hi - v) / (hi - lo) * (height - top - bottom)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'role="img" aria-label="rating history of {html.escape(ruleset["variant"])}">',
        f'<line x1="{left}" y1="{y(1500):.1f}" x2="{width - right}" y2="{y(1500):.1f}" '
        'stroke="#bbb" stroke-dasharray="4 3"/>',
        f'<text x="{left - 4}" y="{y(hi) + 10:.1f}" text-anchor="end" font-size="11">{round(hi)}</text>',
        f'<text x="{left - 4}" y="{y(lo):.1f}" text-anchor="end" font-size="11">{round(lo)}</text>',
        f'<text x="{(left + width - right) / 2:.1f}" y="{height - 6}" text-anchor="middle" '
        'font-size="11">games played</text>',
    ]
    for i, (name, values) in enumerate(series.items()):
        c = colours.get(name, "#333")
        pts = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in enumerate(values))
        parts += [
            f'<polyline points="{pts}" fill="none" stroke="{c}" stroke-width="2"/>',
            f'<text x="{width - right + 8}" y="{top + 14 + i * 16}" font-size="12" fill="{c}">'
            f"{html.escape(name)}</text>",
        ]
    parts.append("</svg>")
    return "".join(parts)


STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2em auto;max-width:80em;padding:0 1em;"
    "color:#222}table{border-collapse:collapse;margin:0.5em 0 1em}"
    "th,td{border:1px solid #ccc;padding:0.2em 0.5em;text-align:left;white-space:nowrap}"
    "td.n{text-align:right}th{background:#f3f3f3}"
    "figure{margin:0.5em 0}figcaption{font-size:0.9em;color:#555}"
)


def html_page(league: dict[str, Any]) -> str:
    """The leaderboard as one HTML page, its plots inline."""
    kinds = _kinds(league)
    names = [p["name"] for p in league["participants"]]
    colours = {n: COLOURS[i % len(COLOURS)] for i, n in enumerate(names)}
    out = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        "<title>bohn arena: leaderboard</title>",
        f"<style>{STYLE}</style></head><body>",
        "<h1>bohn arena: leaderboard</h1>",
        f"<p>{html.escape(_settings_line(league))}</p>",
        f"<p>{html.escape(RULES_TEXT)}</p>",
        "<h2>Overview (shown rating and interval by ruleset)</h2>",
        _html_table(*summary_rows(league)),
    ]
    for r in league["rulesets"]:
        players = ", ".join(map(str, r["players"]))
        out += [
            f"<h2>{html.escape(r['variant'])} ({players} players)</h2>",
            f"<p>{r['games']} games rated"
            + (f", {r['unfinished']} unfinished" if r["unfinished"] else "")
            + "</p>",
            _html_table(*standing_rows(r, kinds)),
        ]
        plot = interval_plot(r, colours)
        if plot:
            out.append(
                f"<figure>{plot}<figcaption>Shown rating and interval (±2 sigma)</figcaption></figure>"
            )
        plot = history_plot(r, colours)
        if plot:
            out.append(
                f"<figure>{plot}<figcaption>Shown rating after each game</figcaption></figure>"
            )
    if league["agents"]:
        out += ["<h2>Agents</h2>", _html_table(*agent_rows(league))]
    out.append("</body></html>")
    return "\n".join(out) + "\n"
