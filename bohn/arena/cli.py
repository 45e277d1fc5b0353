"""``bohn arena``: a league between bot kinds and outside agents over the
rulesets, rated per ruleset (``docs/arena.md``)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from bohn.cli import EXIT_INTERRUPTED
from bohn.cli import EXIT_OK
from bohn.cli import _count
from bohn.cli import _positive
from bohn.cli import _positive_float
from bohn.cli import _print_json
from bohn.cli import add_command
from bohn.cli import add_json
from bohn.cli import add_seed
from bohn.cli import add_sim_options
from bohn.cli import examples
from bohn.cli import parse_options
from bohn.cli import parse_seed
from bohn.cli import run_alone
from bohn.userfiles import PartFile
from bohn.userfiles import UsageError
from bohn.userfiles import check_output
from bohn.userfiles import write_text

#: the files ``--out DIR`` holds
OUT_FILES = ("leaderboard.md", "leaderboard.html", "league.json", "games.jsonl")


def parse_agent(text: str) -> tuple[str, str]:
    """``NAME=COMMAND`` of ``--agent``.

    >>> parse_agent("first=python3 agent.py --first")
    ('first', 'python3 agent.py --first')
    """
    name, eq, command = text.partition("=")
    if not eq or not name.strip() or not command.strip():
        raise UsageError(f"bad agent {text!r}; write --agent NAME=COMMAND")
    return name.strip(), command.strip()


def parse_bot(text: str) -> tuple[str, str]:
    """``SPEC`` or ``NAME=SPEC`` of ``--bot`` (a spec's own parameters have
    ``=`` after a ``:``, so ``ismcts:iterations=200`` is a spec).

    >>> parse_bot("greedy"), parse_bot("strong=ismcts:iterations=200")
    (('greedy', 'greedy'), ('strong', 'ismcts:iterations=200'))
    """
    head, eq, spec = text.partition("=")
    if eq and ":" not in head and head.strip() and spec.strip():
        return head.strip(), spec.strip()
    return text.strip(), text.strip()


def out_paths(out: str, force: bool) -> dict[str, Path]:
    """The files of ``--out DIR`` (made if missing), each refused if it
    exists without ``--force``."""
    d = Path(out)
    if d.exists() and not d.is_dir():
        raise UsageError(f"--out {d} is a file; name a directory")
    if not d.exists():
        if not d.parent.is_dir() and str(d.parent):
            raise UsageError(f"cannot write {d}: there is no directory {d.parent}")
        d.mkdir()
    paths = {name: d / name for name in OUT_FILES}
    for p in paths.values():
        check_output(p, "--out", force=force)
    return paths


def cmd_arena(args: argparse.Namespace) -> int:
    """Run a league and write its leaderboard."""
    from bohn.arena.league import League
    from bohn.arena.league import Participant
    from bohn.arena.league import Ruleset
    from bohn.arena.league import records_text
    from bohn.arena.report import html_page
    from bohn.arena.report import markdown
    from bohn.rulesets import VARIANTS
    from bohn.sim.batch import progress_for

    names = args.ruleset or list(VARIANTS)
    rulesets = [Ruleset.parse(r, args.players) for r in names]
    participants = [Participant(n, "agent", c) for n, c in map(parse_agent, args.agent or ())]
    participants += [Participant(n, "bot", s) for n, s in map(parse_bot, args.bot or ())]
    if len(participants) < 2:
        raise UsageError("a league needs at least two participants (--agent, --bot)")
    league = League(
        rulesets,
        participants,
        deals=args.deals or None,
        rounds=args.rounds,
        seed=parse_seed(args.seed),
        move_time=args.move_time,
        start_time=args.start_time,
        lang=args.lang,
        options=parse_options(args.option),
    )
    paths = out_paths(args.out, args.force) if args.out else None
    journal = PartFile(paths["games.jsonl"]) if paths else None
    bar = progress_for(sys.stderr)
    bar.begin(0, league.total)

    def write(record: dict[str, Any]) -> None:
        if journal is not None:
            journal.write(records_text([record]))

    try:
        league.run(on_game=write, on_progress=bar.update)
    finally:
        bar.close()
        if journal is not None:
            journal.close()
    out = league.to_json()
    md = markdown(out)
    if paths is not None:
        write_text(paths["leaderboard.md"], md)
        write_text(paths["leaderboard.html"], html_page(out))
        write_text(paths["league.json"], json.dumps(out, ensure_ascii=False, indent=1) + "\n")
    if league.interrupted:
        print(
            f"bohn arena: interrupted after {len(league.records)} of {league.total} games; "
            "the leaderboard rates those played",
            file=sys.stderr,
        )
    if args.json:
        _print_json(out)
    else:
        print(md, end="")
    return EXIT_INTERRUPTED if league.interrupted else EXIT_OK


def add_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """Add the ``arena`` sub-command to ``bohn``'s sub-parsers."""
    s = add_command(
        sub,
        "arena",
        cmd_arena,
        help="a league of bots and outside agents, rated per ruleset",
        description="Play a league between bot kinds and outside programs (agents speaking "
        "JSON lines on stdin and stdout: docs/arena.md) over the rulesets, with duplicate "
        "deals, and rate everybody per ruleset with OpenSkill (Plackett-Luce). A late, "
        "crashing or illegal answer loses its move to the fallback (the first listed "
        "move); it never stops the league. Ctrl-C stops (exit 130) and reports the games "
        "played.",
        epilog=examples(
            "bohn arena -r bohnanza --bot greedy --bot random "
            '--agent mine="python3 -m bohn.arena.examples.scripted"',
            "bohn arena -r bohnkick:2 -r sissi:3 --bot greedy --agent a=./agent.py "
            "--deals 10 --move-time 2 --out league/",
        ),
    )
    s.add_argument(
        "-r",
        "--ruleset",
        action="append",
        metavar="VARIANT[:N]",
        help="a ruleset, at N players (repeatable; default every variant, at --players "
        "or 4 or the nearest count it allows)",
    )
    s.add_argument(
        "-p", "--players", type=_positive, metavar="N", help="seats of a ruleset given without :N"
    )
    s.add_argument(
        "--agent",
        action="append",
        metavar="NAME=COMMAND",
        help="an outside program, started by COMMAND (split as a shell would; repeatable)",
    )
    s.add_argument(
        "--bot",
        action="append",
        metavar="[NAME=]SPEC",
        help="a bot kind, as docs/bots.md writes it (greedy, random, "
        "ismcts:iterations=200; repeatable)",
    )
    s.add_argument(
        "--deals",
        type=_count,
        default=0,
        metavar="D",
        help="duplicate deals a ruleset, each played in every rotation of its table "
        "(default: enough for everybody to sit at --rounds tables)",
    )
    s.add_argument(
        "--rounds",
        type=_positive,
        default=2,
        metavar="R",
        help="without --deals: the tables each participant sits at, at least, in a "
        "ruleset (default 2)",
    )
    add_seed(s, "league seed")
    s.add_argument(
        "--move-time",
        type=_positive_float,
        default=10.0,
        metavar="S",
        help="seconds an agent has for a move (default 10)",
    )
    s.add_argument(
        "--start-time",
        type=_positive_float,
        default=10.0,
        metavar="S",
        help="seconds more for an agent's first move after its program starts (default 10)",
    )
    s.add_argument("--lang", choices=("en", "de"), default="en", help="the agents' language")
    add_sim_options(s)
    s.add_argument(
        "-o",
        "--out",
        metavar="DIR",
        help="write leaderboard.md, leaderboard.html, league.json and games.jsonl there",
    )
    s.add_argument("--force", action="store_true", help="replace the files of --out if they exist")
    add_json(s, "print the league's outcome as one JSON object instead of the Markdown")


def main(argv: list[str] | None = None) -> int:
    """``bohn arena ARGV`` on its own parser (``argv`` begins with ``arena``)."""
    return run_alone(add_parser, argv)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
