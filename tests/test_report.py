"""``bohn report``: the HTML page written from real simulation records of every
variant, its numbers against counts made here from the records, Parquet
against JSON lines, its errors, and the statistics it rests on."""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import math
import re
from collections import Counter
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

from bohn.analysis.report import add_parser
from bohn.analysis.report import cmd_report
from bohn.analysis.report import main
from bohn.analysis.sections import FEW_GAMES
from bohn.analysis.stats import Z95
from bohn.analysis.stats import Rate
from bohn.analysis.stats import wilson
from bohn.analysis.stats import win_shares
from bohn.cli import main as bohn_main
from bohn.sim.records import read_records

GAMES = 6

#: file name -> the ``bohn sim`` arguments of one small real batch
BATCHES: dict[str, list[str]] = {
    "bohnanza.jsonl": ["bohnanza", "--players", "3", "--bots", "greedy,random,random"],
    "sissi.jsonl": ["sissi", "--players", "3"],
    "high-bohn.jsonl": ["high-bohn", "--players", "3", "--bots", "greedy,random,random"],
    "al-cabohne-1.jsonl": ["al-cabohne", "--players", "1", "--bots", "greedy"],
    "al-cabohne-2.jsonl": ["al-cabohne", "--players", "2", "--bots", "greedy"],
    "prohibohn.jsonl": ["prohibohn", "--players", "2", "--bots", "greedy,random"],
    "ladybohn.jsonl": ["ladybohn", "--players", "3"],
    "mutterbohnchen.jsonl": ["mutterbohnchen", "--players", "2", "--bots", "greedy"],
    "bohnkick.jsonl": ["bohnkick", "--players", "4"],
}

COMMON = ["Win rate by seat", "Scores", "Game length", "End of the game"]

#: variant -> the headings of its own sections
OWN = {
    "bohnanza": [],
    "ladybohn": [],
    "sissi": ["Field alternation"],
    "high-bohn": ["Buildings and final rank"],
    "al-cabohne": ["Players against the mafia"],
    "prohibohn": ["Players against the mafia", "Establishments"],
    "mutterbohnchen": ["Mama's beans"],
    "bohnkick": ["Goals"],
}


def _sim(path: Path, args: list[str], games: int = GAMES, seed: str = "3") -> None:
    with contextlib.redirect_stdout(io.StringIO()):
        code = bohn_main(
            ["sim", *args, "--games", str(games), "--seed", seed, "--out", str(path), "--json"]
        )
    assert code == 0


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One small records file per batch of :data:`BATCHES`."""
    d = tmp_path_factory.mktemp("records")
    out = {}
    for name, args in BATCHES.items():
        _sim(d / name, args)
        out[name] = d / name
    return out


@pytest.fixture(scope="module")
def page(results: dict[str, Path], tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The report of every batch: its HTML, what ``bohn report`` printed, and its path."""
    html_path = tmp_path_factory.mktemp("report") / "all.html"
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main([*map(str, results.values()), "-o", str(html_path)])
    assert code == 0, err.getvalue()
    return {
        "html": html_path.read_text(encoding="utf-8"),
        "stdout": out.getvalue(),
        "path": html_path,
    }


class _Page(HTMLParser):
    """The sections of a report: per group id, its h3 headings and its tables
    (class, header, rows of cell text)."""

    def __init__(self) -> None:
        super().__init__()
        self.sections: dict[str, dict[str, Any]] = {}
        self._section: str | None = None
        self._text: list[str] | None = None
        self._row: list[str] | None = None
        self._table: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "section":
            sid = a["id"] or ""
            self._section = sid
            self.sections[sid] = {"h3": [], "tables": [], "h2": ""}
        elif tag == "table" and self._section is not None:
            self._table = {"class": a.get("class") or "", "header": [], "rows": []}
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th", "h3", "h2"):
            self._text = []

    def handle_data(self, data: str) -> None:
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._row is not None and self._text is not None:
            self._row.append("".join(self._text))
            self._text = None
        elif tag in ("h3", "h2") and self._text is not None:
            if self._section is not None:
                sec = self.sections[self._section]
                if tag == "h3":
                    sec["h3"].append("".join(self._text))
                else:
                    sec["h2"] = "".join(self._text)
            self._text = None
        elif tag == "tr" and self._table is not None and self._row is not None:
            if self._table["header"]:
                self._table["rows"].append(self._row)
            else:
                self._table["header"] = self._row
            self._row = None
        elif tag == "table" and self._table is not None and self._section is not None:
            self.sections[self._section]["tables"].append(self._table)
            self._table = None
        elif tag == "section":
            self._section = None


def _parse(html: str) -> dict[str, dict[str, Any]]:
    p = _Page()
    p.feed(html)
    return p.sections


def _records_by_section(results: dict[str, Path], html: str) -> dict[str, list[dict[str, Any]]]:
    """The records of each group section, matched on the file named in its setting."""
    out: dict[str, list[dict[str, Any]]] = {}
    for m in re.finditer(r'<section id="(group-\d+)">(.*?)</section>', html, re.S):
        files = re.search(r"<dt>Files</dt><dd>([^<]*)</dd>", m[2])
        assert files is not None
        recs: list[dict[str, Any]] = []
        for name in files[1].split(", "):
            recs += read_records(name)
        out[m[1]] = recs
    return out


def _num(x: Fraction | float) -> str:
    """A number as the report writes it: at most 2 decimals, no trailing zeros."""
    text = f"{float(x):,.2f}".rstrip("0").rstrip(".")
    return text


# ----------------------------------------------------------------------------
# the page


def test_the_report_is_written_and_says_where(page: dict[str, Any]) -> None:
    games = GAMES * len(BATCHES)
    assert page["stdout"] == (
        f"report written to {page['path']}: {games} games in {len(BATCHES)} groups\n"
    )
    html = page["html"]
    assert html.startswith("<!DOCTYPE html>")
    assert "<title>bohn simulation report</title>" in html
    assert f"{games} games from {len(BATCHES)} files, in {len(BATCHES)} groups" in html


def test_the_report_is_self_contained(page: dict[str, Any]) -> None:
    html = page["html"]
    assert html.count("<svg") >= 4 * len(BATCHES)
    assert "http://" not in html and "https://" not in html
    assert not re.search(r"""(?:src|href)\s*=\s*["']?\s*(?:[a-z]+:)?//""", html, re.I)
    assert not re.search(r"""url\(\s*["']?\s*(?:[a-z]+:)?//|@import|<script|<link""", html, re.I)
    # every id is unique, so inline figures cannot take each other's clip paths
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids))
    for ref in re.findall(r'(?:href="#|url\(#)([^")]+)', html):
        assert ref in ids


def test_every_variant_gets_its_sections(page: dict[str, Any], results: dict[str, Path]) -> None:
    sections = _parse(page["html"])
    by_records = _records_by_section(results, page["html"])
    assert len(sections) == len(BATCHES)
    seen = set()
    for sid, sec in sections.items():
        variant = by_records[sid][0]["variant"]
        seen.add(variant)
        assert sec["h3"] == COMMON + OWN[variant], (variant, sec["h3"])
        # few games: the warning is there
        assert "intervals are wide" in page["html"].split(f'id="{sid}"')[1].split("</section>")[0]
    assert seen == set(OWN)


def test_the_win_table_matches_the_records(page: dict[str, Any], results: dict[str, Path]) -> None:
    sections = _parse(page["html"])
    by_records = _records_by_section(results, page["html"])
    for sid, sec in sections.items():
        recs = by_records[sid]
        n = recs[0]["players"]
        wins = [Fraction(0)] * n
        for r in recs:
            for s in r["winners"]:
                wins[s] += Fraction(1, len(r["winners"]))
        seat_table = next(t for t in sec["tables"] if t["class"] == "seats")
        assert seat_table["header"][:5] == ["Seat", "Bot", "Wins", "Games", "Win rate"]
        assert len(seat_table["rows"]) == n
        for s, row in enumerate(seat_table["rows"]):
            assert row[0] == str(s)
            assert row[1] == recs[0]["bots"][s]
            assert row[2] == _num(wins[s]), (sid, s, row)
            assert row[3] == str(len(recs))
            assert row[4] == f"{100 * float(wins[s]) / len(recs):.1f}%"
            mean_score = Fraction(sum(r["scores"][s] for r in recs), len(recs))
            assert row[7] == _num(mean_score)
        # seat 0's wins, counted the plain way where no win was shared
        if all(len(r["winners"]) <= 1 for r in recs):
            assert seat_table["rows"][0][2] == str(sum(r["winners"] == [0] for r in recs))


def test_the_end_and_ruleset_figures_match_the_records(
    page: dict[str, Any], results: dict[str, Path]
) -> None:
    sections = _parse(page["html"])
    by_records = _records_by_section(results, page["html"])
    for sid, sec in sections.items():
        recs = by_records[sid]
        variant = recs[0]["variant"]
        cells = {row[0]: row for t in sec["tables"] for row in t["rows"]}
        reasons = Counter(r["reason"] for r in recs)
        for reason, count in reasons.items():
            assert cells[reason][1] == str(count)
        assert cells["Decided by the tie-break"][1] == str(sum(r["tie_break"] for r in recs))
        if variant in ("al-cabohne", "prohibohn"):
            mafia = sum(r["details"]["winner"] == "mafia" for r in recs)
            assert mafia == sum(not r["winners"] for r in recs)
            assert cells["The mafia won"][1] == str(mafia)
            assert cells["A player won"][1] == str(len(recs) - mafia)
        if variant == "high-bohn":
            owned = Counter(b for r in recs for seat in r["stats"]["buildings"] for b in set(seat))
            for key, count in owned.items():
                assert cells[key][1] == str(count)
        if variant == "mutterbohnchen":
            planted = Counter(
                k for r in recs for seat in r["stats"]["specials_planted"] for k in set(seat)
            )
            for key, count in planted.items():
                assert cells[key][1] == str(count)
                assert cells[key][4] == str(len(recs) * recs[0]["players"] - count)
        if variant == "bohnkick":
            draws = sum(r["details"]["draw"] for r in recs)
            section = page["html"].split(f'id="{sid}"')[1]
            assert f"Draws: {draws} (" in section
            team0 = sum(r["details"]["goals"][0] > r["details"]["goals"][1] for r in recs)
            assert cells["team 0 (seats 0, 2)"][2] == str(team0)


def test_parquet_gives_the_same_report_as_json_lines(tmp_path: Path) -> None:
    args = ["high-bohn", "--players", "3", "--bots", "greedy,random,random"]
    jl, pq = tmp_path / "games.jsonl", tmp_path / "games.parquet"
    _sim(jl, args, games=4)
    _sim(pq, args, games=4)
    pages = []
    for src in (jl, pq):
        out = tmp_path / (src.suffix[1:] + ".html")
        with contextlib.redirect_stdout(io.StringIO()):
            assert main([str(src), "-o", str(out)]) == 0
        pages.append(out.read_text(encoding="utf-8").replace(str(src), "FILE"))
    assert "FILE" in pages[0]
    assert pages[0] == pages[1]


def test_groups_split_by_setting_and_repeats_are_flagged(
    results: dict[str, Path], tmp_path: Path
) -> None:
    src = results["bohnanza.jsonl"]
    recs = read_records(src)
    # the same batch with another bot at seat 2 is another group
    other = tmp_path / "other.jsonl"
    _sim(other, ["bohnanza", "--players", "3", "--bots", "greedy,random,greedy"], games=2)
    out = tmp_path / "r.html"
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        assert main([str(src), str(src), str(other), "-o", str(out)]) == 0
    assert f": {2 * len(recs) + 2} games in 2 groups" in buf.getvalue()
    html = out.read_text(encoding="utf-8")
    assert f"{len(recs)} records repeat a game already read" in html


def test_enough_games_carry_no_warning(results: dict[str, Path], tmp_path: Path) -> None:
    recs = read_records(results["sissi.jsonl"])
    many = tmp_path / "many.jsonl"
    with many.open("w", encoding="utf-8") as f:
        for i in range(FEW_GAMES):
            f.write(json.dumps({**recs[i % len(recs)], "index": i}) + "\n")
    out = tmp_path / "r.html"
    with contextlib.redirect_stdout(io.StringIO()):
        assert main([str(many), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert "intervals are wide" not in html and "repeat a game" not in html
    assert f"{FEW_GAMES} games" in html


# ----------------------------------------------------------------------------
# the command


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    code, out, err = _run([str(tmp_path / "nope.jsonl"), "-o", str(tmp_path / "r.html")])
    assert code == 2 and out == ""
    assert err == f"bohn report: error: {tmp_path / 'nope.jsonl'}: no such file\n"
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize(
    ("name", "content", "message"),
    [
        ("a.jsonl", '{"a": 1}\n', "not a bohn game record"),
        ("b.jsonl", "hello\n", "not JSON"),
        ("c.parquet", "not parquet", "not a Parquet file of records"),
        ("d.jsonl", "", "no game records in"),
        ("e.bin", b"\xff\xfe\x00\x01\n", "not a file of bohn game records"),
    ],
)
def test_a_file_that_is_not_records_is_a_usage_error(
    tmp_path: Path, name: str, content: str | bytes, message: str
) -> None:
    path = tmp_path / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    code, out, err = _run([str(path), "-o", str(tmp_path / "r.html")])
    assert code == 2 and out == ""
    assert err.startswith("bohn report: error: ") and message in err
    assert err.count("\n") == 1
    assert not (tmp_path / "r.html").exists()


def test_an_incomplete_record_is_a_usage_error(results: dict[str, Path], tmp_path: Path) -> None:
    rec = read_records(results["bohnanza.jsonl"])[0]
    del rec["scores"]
    path = tmp_path / "cut.jsonl"
    path.write_text(json.dumps(rec) + "\n", encoding="utf-8")
    code, _, err = _run([str(path)])
    assert code == 2 and "record 1 is not a complete game record ('scores'" in err


def test_a_record_cut_short_is_warned_about_or_fails_with_strict(
    results: dict[str, Path], tmp_path: Path
) -> None:
    lines = results["bohnanza.jsonl"].read_text(encoding="utf-8").splitlines(keepends=True)
    path = tmp_path / "crashed.jsonl"
    path.write_text("".join(lines[:-1]) + lines[-1][:40], encoding="utf-8")  # no newline
    code, out, err = _run([str(path), "-o", str(tmp_path / "r.html")])
    n = len(lines)
    assert code == 0 and out.startswith(f"report written to {tmp_path / 'r.html'}: {n - 1} games")
    assert err == (
        f"bohn report: warning: {path}:{n}: a record cut short (the run stopped while "
        "writing it) is left out\n"
    )
    code, out, err = _run([str(path), "-o", str(tmp_path / "s.html"), "--strict"])
    assert code == 2 and out == "" and err.count("\n") == 1
    assert f"{path}:{n}: a record cut short" in err and "(--strict)" in err
    assert not (tmp_path / "s.html").exists()


def test_no_file_is_a_flag_error() -> None:
    code, _, err = _run([])
    assert code == 2 and err.startswith("bohn report: error:") and "--help" in err


def test_the_output_defaults_to_report_html(
    results: dict[str, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    code, out, _ = _run([str(results["ladybohn.jsonl"])])
    assert code == 0 and out.startswith("report written to report.html: ")
    assert (tmp_path / "report.html").read_text(encoding="utf-8").count("<section") == 1


def test_add_parser_wires_the_command() -> None:
    p = argparse.ArgumentParser(prog="bohn")
    sub = p.add_subparsers(dest="command")
    add_parser(sub)
    args = p.parse_args(["report", "a.jsonl", "b.parquet", "-o", "x.html"])
    assert args.func is cmd_report
    assert args.results == ["a.jsonl", "b.parquet"] and args.out == "x.html"


# ----------------------------------------------------------------------------
# the statistics


def test_wilson_known_values() -> None:
    for (x, n), (lo, hi) in {
        (5, 10): (0.2366, 0.7634),
        (1, 10): (0.0179, 0.4042),
        (0, 10): (0.0, 0.2775),
        (10, 10): (0.7225, 1.0),
    }.items():
        got = wilson(x, n)
        assert got[0] == pytest.approx(lo, abs=5e-5) and got[1] == pytest.approx(hi, abs=5e-5)
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize(("x", "n"), [(3, 7), (2.5, 10), (100 / 3, 100), (999, 1000)])
def test_wilson_bounds_solve_the_score_equation(x: float, n: int) -> None:
    """The Wilson bounds are the proportions p at which the observed share is
    exactly z standard errors (under p) away: (p - x/n)^2 = z^2 p (1-p) / n."""
    phat = x / n
    for p in wilson(x, n):
        assert (p - phat) ** 2 == pytest.approx(Z95**2 * p * (1 - p) / n, rel=1e-9)
    lo, hi = wilson(x, n)
    mirror = wilson(n - x, n)
    assert lo == pytest.approx(1 - mirror[1]) and hi == pytest.approx(1 - mirror[0])


def test_shared_wins_count_one_over_k() -> None:
    assert win_shares([1], 3) == [0.0, 1.0, 0.0]
    assert win_shares([0, 2], 4) == [0.5, 0.0, 0.5, 0.0]
    assert win_shares([0, 1, 2], 3) == pytest.approx([1 / 3] * 3)
    assert win_shares([], 2) == [0.0, 0.0]  # the mafia won
    r = Rate(sum(win_shares([0, 1], 2)[0] for _ in range(4)), 4)
    assert r.value == 0.5 and r.against(0.5) == ""
    assert math.isnan(Rate(0, 0).value)


def test_bohn_runs_the_report_command(results: dict[str, Path], tmp_path: Path) -> None:
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        assert (
            bohn_main(["report", str(results["bohnanza.jsonl"]), "-o", str(tmp_path / "b.html")])
            == 0
        )
        assert bohn_main(["report", str(tmp_path / "missing.jsonl")]) == 2
    assert out.getvalue().startswith(f"report written to {tmp_path / 'b.html'}: {GAMES} games")
    assert err.getvalue() == f"bohn report: error: {tmp_path / 'missing.jsonl'}: no such file\n"
