"""The ``bohn`` command (``docs/cli.md``).

Commands: ``variants``, ``cards`` (:mod:`bohn.catalogue`), ``play``, ``sim``,
``replay``, ``scenario``, ``bench``, ``serve``, ``tournament`` (:mod:`bohn.tournament`) and ``report``
(:mod:`bohn.analysis.report`).
Exit codes: 0 success; 1 a replay or scenario did not verify; 2 a user error
(unknown variant, bad player count, bad option, unreadable file ...), always
reported as one line on stderr; 130 interrupted by Ctrl-C.

>>> main(["--version"])  # doctest: +ELLIPSIS
bohn ...
0
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import re
import sys
from collections.abc import Callable
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING
from typing import Any
from typing import NoReturn

from bohn import __version__
from bohn.engine.errors import BohnError
from bohn.rulesets import DEFAULT_VARIANT
from bohn.userfiles import PartFile
from bohn.userfiles import UsageError
from bohn.userfiles import check_output
from bohn.userfiles import read_text
from bohn.variants import variant_info

if TYPE_CHECKING:
    from bohn.sim.records import RecordFile

#: exit status of a successful command
EXIT_OK = 0
#: exit status when a replay or scenario does not verify
EXIT_FAILED = 1
#: exit status of a user error
EXIT_USAGE = 2
#: exit status after Ctrl-C
EXIT_INTERRUPTED = 130

#: the variant ``bohn bench`` measures unless told another
BENCH_VARIANT = DEFAULT_VARIANT


class HelpFormatter(argparse.HelpFormatter):
    """Help with every option's default (a help text that does not mention
    its default gains ``(default: X)``); a description or epilog of several
    lines (the examples) keeps its lines, one of a single line is wrapped."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        if "\n" in text:
            return "".join(indent + line for line in text.splitlines(keepends=True))
        return super()._fill_text(text, width, indent)

    def _get_help_string(self, action: argparse.Action) -> str:
        text = action.help or ""
        default = action.default
        if (
            "default" in text
            or default is None
            or default is False
            or default == argparse.SUPPRESS
            or not (action.option_strings or action.nargs in ("?", "*"))
        ):
            return text
        return f"{text} (default: %(default)s)"


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line on stderr and exit 2,
    and whose help keeps its examples and shows defaults (:class:`HelpFormatter`)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", HelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


# ----------------------------------------------------------------------------
# argument helpers


def parse_seed(text: str) -> int | str:
    """A seed from the command line: an integer when it looks like one, else the text.

    >>> parse_seed("42"), parse_seed("league-3")
    (42, 'league-3')
    """
    return int(text) if re.fullmatch(r"-?[0-9]+", text.strip()) else text


def parse_options(pairs: Sequence[str] | None) -> dict[str, Any]:
    """``--option key=value`` pairs as a dict; values are JSON when they parse,
    else strings.

    >>> parse_options(["trade_cap=3", "coins_from=bottom", "trade_caps=[1,2,3]"])
    {'trade_cap': 3, 'coins_from': 'bottom', 'trade_caps': [1, 2, 3]}
    """
    out: dict[str, Any] = {}
    for pair in pairs or ():
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise UsageError(f"bad option {pair!r}; write --option name=value")
        try:
            out[key] = json.loads(value)
        except json.JSONDecodeError:
            out[key] = value
    return out


def add_sim_options(parser: argparse.ArgumentParser) -> None:
    """``--option NAME=VALUE`` of the commands that simulate (``parse_options``
    reads it; ``bohn.sim.batch.sim_options`` adds the simulations' trade cap)."""
    parser.add_argument(
        "--option",
        action="append",
        metavar="NAME=VALUE",
        help="game option (repeatable; trade_cap defaults to 2)",
    )


def _bot_specs(text: str | None) -> list[str] | None:
    from bohn.sim.batch import split_bot_specs

    if text is None:
        return None
    try:
        return split_bot_specs(text)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _integer(text: str, least: int, what: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an integer") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"{text} is not {what}")
    return value


def _positive(text: str) -> int:
    return _integer(text, 1, "a positive integer")


def examples(*lines: str) -> str:
    """An ``epilog`` of command lines, one a line, under ``examples:``."""
    return "examples:\n" + "\n".join(f"  {line}" for line in lines)


def add_command(
    sub: argparse._SubParsersAction[Any],
    name: str,
    func: Callable[[argparse.Namespace], int],
    *,
    help: str,
    description: str,
    epilog: str,
) -> argparse.ArgumentParser:
    """The parser of the command ``name``, which ``func`` runs: its line in
    ``bohn --help``, its description and its ``epilog`` (:func:`examples`)."""
    s: argparse.ArgumentParser = sub.add_parser(
        name, help=help, description=description, epilog=epilog
    )
    s.set_defaults(func=func)
    return s


def add_variant(parser: argparse.ArgumentParser, what: str = "to play (see bohn variants)") -> None:
    """``VARIANT``, the variant the command is about."""
    parser.add_argument("variant", metavar="VARIANT", help=f"the variant {what}")


def add_json(parser: argparse.ArgumentParser, help: str = "print one JSON object") -> None:
    """``--json``: the command's outcome as JSON."""
    parser.add_argument("--json", action="store_true", help=help)


def add_out(parser: argparse.ArgumentParser, help: str) -> None:
    """``-o/--out FILE``, the records of the games as they finish, and
    ``--resume``, to go on with the run they hold (:func:`open_records`)."""
    parser.add_argument("-o", "--out", metavar="FILE", help=help)
    parser.add_argument(
        "--resume", action="store_true", help="go on with the unfinished run that --out holds"
    )


def add_players(parser: argparse.ArgumentParser) -> None:
    """``--players/-p N``: the seats, a positive integer (the variant checks its counts)."""
    parser.add_argument(
        "-p",
        "--players",
        type=_positive,
        metavar="N",
        help="seats (default 4, or the nearest count the variant allows)",
    )


def add_jobs(parser: argparse.ArgumentParser) -> None:
    """``--jobs/-j J``: worker processes, at least 1."""
    parser.add_argument(
        "-j", "--jobs", type=_positive, default=1, metavar="J", help="worker processes"
    )


def add_seed(parser: argparse.ArgumentParser, what: str = "master seed") -> None:
    """``--seed/-s S``: an integer or a word, never empty (default 0)."""
    parser.add_argument(
        "-s",
        "--seed",
        type=_seed,
        default="0",
        metavar="S",
        help=f"{what}: an integer or a word",
    )


def _seed(text: str) -> str:
    """``--seed``: an integer or a word, never empty."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a seed is an integer or a word, not empty")
    return text


def _count(text: str) -> int:
    return _integer(text, 0, "a count (0 or more)")


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return value


def _print_json(obj: Any) -> None:
    print(json.dumps(obj, ensure_ascii=False))


def _read_json(path: str) -> Any:
    """The JSON document in the file at ``path``; :class:`UsageError` if unreadable."""
    text = read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise UsageError(
            f"{path} is not valid JSON: {err.msg} (line {err.lineno}, column {err.colno})"
        ) from None


def _lazy(module: str, name: str) -> Callable[..., Any]:
    """``module.name``, imported on first use (the module may be heavy or optional)."""
    try:
        mod = importlib.import_module(module)
    except ModuleNotFoundError as err:
        if err.name != module:
            raise
        raise UsageError(f"{module} is not available in this installation") from None
    func: Callable[..., Any] = getattr(mod, name)
    return func


# ----------------------------------------------------------------------------
# bohn variants


def cmd_variants(args: argparse.Namespace) -> int:
    """Without a variant, a short table of every variant; with one, that
    variant in detail: its rules file and each option with its default,
    choices, rule id and documentation."""
    from bohn.rulesets import VARIANTS
    from bohn.rulesets import find_variant

    if args.variant is None:
        infos = [variant_info(cls) for cls in VARIANTS.values()]
        if args.json:
            _print_json({"variants": infos})
            return EXIT_OK
        rows = [
            (v["id"], v["title"], VARIANTS[v["id"]].players_text(), str(len(v["options"])))
            for v in infos
        ]
        head = ("variant", "title", "players", "options")
        widths = [max(len(r[i]) for r in [head, *rows]) for i in range(4)]
        for r in [head, *rows]:
            print("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip())
        print("\nbohn variants VARIANT shows one in detail, with its options.")
        return EXIT_OK
    cls = find_variant(args.variant)
    v = variant_info(cls)
    if args.json:
        _print_json(v)
        return EXIT_OK
    print(f"{v['id']}  {v['title']}  ({cls.players_text()} players)")
    print(f"rules: docs/rules/{v['rules']}.md")
    print("options (--option NAME=VALUE):")
    for o in v["options"]:
        default = json.dumps(o["default"])
        choices = f" [{' | '.join(json.dumps(c) for c in o['choices'])}]" if o["choices"] else ""
        tag = f" ({o['default_id']})" if o["default_id"] else ""
        print(f"  {o['name']}={default}{choices}{tag}")
        label = f"{o['label']['en']}: " if o["label"] else ""
        print(f"      {label}{o['doc']}")
    return EXIT_OK


# ----------------------------------------------------------------------------
# bohn play


def _default_players(args: argparse.Namespace, variant: str) -> None:
    """``--players`` left out: 4, or the nearest count ``variant`` allows."""
    if args.players is None:
        from bohn.rulesets import find_variant

        cls = find_variant(variant)
        args.players = min(cls.allowed_players(), key=lambda n: (abs(n - 4), n))


def cmd_play(args: argparse.Namespace) -> int:
    """Check the settings, then hand over to the terminal client ``bohn.play``."""
    from bohn.bots.base import make_bot
    from bohn.rulesets import find_variant

    cls = find_variant(args.variant)
    _default_players(args, args.variant)
    options = parse_options(args.option)
    cls.new(args.players, 0, options)  # checks players and options
    if not 0 <= args.seat < args.players:
        raise UsageError(f"--seat must be a seat from 0 to {args.players - 1}")
    bots = _bot_specs(args.bots) or ["greedy"]
    try:  # an unknown bot is named before the count is looked at
        for spec in bots:
            make_bot(spec, 0)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if len(bots) not in (1, args.players - 1):
        others = args.players - 1
        raise UsageError(
            f"--bots names {len(bots)} bots: give one for all {others} other seats, or one "
            f"for each of them ({others})"
        )
    if args.seed is None:
        seed: int | str = int.from_bytes(os.urandom(4), "big")
        print(f"seed {seed}")
    else:
        seed = parse_seed(args.seed)
    play_main = _lazy("bohn.play", "main")
    code: int = play_main(
        variant=args.variant,
        players=args.players,
        seat=args.seat,
        bots=bots,
        seed=seed,
        options=options,
        **({"lang": args.lang} if args.lang != "en" else {}),
    )
    return code


# ----------------------------------------------------------------------------
# bohn sim


def open_records(
    out: str | None,
    resume: bool,
    batches: dict[str, Any] | list[dict[str, Any]],
    *,
    force: bool = False,
) -> RecordFile | None:
    """The records file of ``--out`` for ``batches`` (``None`` without
    ``--out``); its problems, and ``--resume`` without ``--out``, as usage
    errors. ``force`` (``--force``) replaces an existing file."""
    from bohn.sim.records import RecordError
    from bohn.sim.records import RecordFile

    if out is None:
        if resume:
            raise UsageError("--resume goes on with the games of --out FILE; give it")
        return None
    if resume and force:
        raise UsageError("--resume goes on with --out's games and --force replaces them: not both")
    if Path(out).is_dir():
        raise UsageError(f"--out {out} is a directory; name a file")
    if resume and Path(out).exists() and not os.access(out, os.R_OK):
        raise UsageError(f"cannot read {out}: permission denied")
    try:
        return RecordFile(out, batches, resume=resume, force=force)
    except RecordError as err:
        raise UsageError(str(err)) from None
    except OSError as err:
        raise UsageError(f"cannot write {out}: {err.strerror or err}") from None


def cmd_sim(args: argparse.Namespace) -> int:
    """Run a batch of bot games and report the summary."""
    from bohn.engine.replay import dumps
    from bohn.rulesets import find_variant
    from bohn.sim.batch import GameOutcome
    from bohn.sim.batch import format_summary
    from bohn.sim.batch import progress_for
    from bohn.sim.batch import run_batch
    from bohn.sim.batch import seat_bots
    from bohn.sim.batch import sim_options
    from bohn.spec import GameSpec

    seed = parse_seed(args.seed)
    options = parse_options(args.option)
    bots = _bot_specs(args.bots)
    cls = find_variant(args.variant)
    _default_players(args, args.variant)
    opts = sim_options(cls, options)
    cls.new(args.players, 0, opts)  # checks players and options
    try:
        specs = seat_bots(bots, args.players)
    except ValueError as err:
        raise UsageError(str(err)) from None
    if args.address is not None and args.backend != "ray":
        raise UsageError("--address is for --backend ray")
    if args.address is not None:  # before --out is made: a cluster not there is one line
        from bohn.sim.batch import check_ray_address

        check_ray_address(args.address)
    if args.resume and args.replays is not None:
        raise UsageError("--replays cannot be resumed; leave it out with --resume")
    if args.replays is not None:
        check_output(
            args.replays, "--replays", inputs=[args.out] if args.out else [], force=args.force
        )
    batch_keys = {
        "variant": args.variant,
        "players": args.players,
        "master_seed": seed,
        "bots": specs,
        "options": opts,
    }
    records = open_records(args.out, args.resume, batch_keys, force=args.force)
    replays = None if args.replays is None else PartFile(args.replays)
    done = [] if records is None else [GameOutcome.from_record(r) for r in records.games()]
    if done and max(o.index for o in done) >= args.games:
        assert records is not None
        records.close(complete=False)
        raise UsageError(
            f"{args.out} holds game {max(o.index for o in done)}: "
            f"resume with --games {max(o.index for o in done) + 1} or more"
        )

    def write(o: GameOutcome) -> None:
        if records is not None:
            records.add(o.to_record(batch_keys))
        if replays is not None and o.replay is not None:
            replays.write(dumps(o.replay) + "\n")

    bar = progress_for(sys.stderr)
    bar.begin(len(done), args.games)
    complete = False
    try:
        batch = run_batch(
            GameSpec(args.variant, args.players, seed, options or {}, tuple(specs)),
            args.games,
            jobs=args.jobs,
            backend=args.backend,
            address=args.address,
            replays=replays is not None,
            done=done,
            on_game=write,
            on_progress=bar.update,
        )
        complete = not batch.interrupted
    finally:
        bar.close()
        if records is not None:
            records.close(complete=complete)
        if replays is not None:
            replays.close()
    summary = batch.summary()
    if batch.interrupted:
        saved = ""
        if records is not None and summary["games"]:
            saved = (
                f"; the {summary['games']} finished games are in {records.journal}: "
                "run the same command with --resume to play the rest"
            )
        print(
            f"bohn sim: interrupted after {summary['games']} of {args.games} games{saved}",
            file=sys.stderr,
        )
    if args.json:
        _print_json(summary)
    elif summary["games"] or not batch.interrupted:  # no table of zeros
        print(format_summary(summary))
    return EXIT_INTERRUPTED if batch.interrupted else EXIT_OK


# ----------------------------------------------------------------------------
# bohn replay


def _replay_line(i: int, c: Any) -> str:
    if c.ok:
        res = c.result
        end = (
            "unfinished"
            if res is None
            else f"scores {res['scores']}, winners {res['winners']} ({res['reason']})"
        )
        note = "" if c.seed_reproduces else "; shuffles do not reproduce from the seed"
        return (
            f"replay {i}: ok: {c.variant}, {c.players} players, seed {c.seed}, "
            f"{c.events} events, {end}{note}"
        )
    return f"replay {i}: FAILED: {c.error}"


def cmd_replay(args: argparse.Namespace) -> int:
    """Verify every replay in a file."""
    from bohn.replay import ReplayError
    from bohn.replay import check
    from bohn.replay import loads

    try:
        replays = loads(read_text(args.file), args.file)
    except ReplayError as err:
        raise UsageError(str(err)) from None
    checks = [check(r) for r in replays]
    ok = all(c.ok for c in checks)
    if args.json:
        _print_json(
            {
                "ok": ok,
                "replays": [{"index": i, **c.to_json()} for i, c in enumerate(checks)],
            }
        )
    else:
        for i, c in enumerate(checks):
            print(_replay_line(i, c))
        good = sum(c.ok for c in checks)
        print(f"{good} of {len(checks)} replays verify")
    return EXIT_OK if ok else EXIT_FAILED


# ----------------------------------------------------------------------------
# bohn scenario


def format_scenario(out: dict[str, Any]) -> str:
    """A readable summary of a scenario outcome (``bohn.scenario.run_scenario``)."""
    if out.get("ok"):
        n = len(out.get("events") or [])
        lines = [f"ok: {n} event{'' if n == 1 else 's'}"]
        res = out.get("result")
        if res:
            lines.append(
                f"game over ({res.get('reason')}): scores {res.get('scores')}, "
                f"winners {res.get('winners')}"
            )
        else:
            lines.append("the game goes on")
    else:
        err = out.get("error") or {}
        where = out.get("action_index")
        at = "in the set-up" if where is None else f"at action {where}"
        rule = f" ({err['rule']})" if err.get("rule") else ""
        lines = [f"failed {at}: {err.get('code', 'error')}: {err.get('message', '')}{rule}"]
    expected = out.get("expected")
    if expected is not None:
        if expected["met"]:
            lines.append("as expected")
        else:
            lines += [f"not as expected: {m}" for m in expected["misses"]]
    return "\n".join(lines)


def cmd_scenario(args: argparse.Namespace) -> int:
    """Run a scenario file and report its outcome."""
    data = _read_json(args.file)
    if not isinstance(data, dict):
        raise UsageError(f"{args.file} must hold a JSON object (a scenario)")
    run_scenario = _lazy("bohn.scenario", "run_scenario")
    out = run_scenario(data)
    expected = out.get("expected")
    if (
        not out.get("ok")
        and out.get("action_index") is None
        and (expected is None or not expected["met"])
    ):  # the file itself is wrong (unless it expects this very refusal): bad input
        err = out.get("error") or {}
        raise UsageError(f"{args.file}: the scenario cannot be set up: {err.get('message', '')}")
    if args.json:
        _print_json(out)
    else:
        print(format_scenario(out))
    if expected is not None:  # the file says what must happen: that decides
        return EXIT_OK if expected["met"] else EXIT_FAILED
    return EXIT_OK if out.get("ok") else EXIT_FAILED


# ----------------------------------------------------------------------------
# bohn bench


def cmd_bench(args: argparse.Namespace) -> int:
    """Run the performance harness."""
    from bohn.bench import format_bench
    from bohn.bench import run_bench

    if args.variant is not None and args.variant_flag is not None:
        raise UsageError("give the variant once: VARIANT (or the old --variant), not both")
    args.variant = args.variant or args.variant_flag or BENCH_VARIANT
    _default_players(args, args.variant)
    given = {} if args.searches is None else {"searches": args.searches}
    b = run_bench(args.variant, args.players, games=args.games, seconds=args.seconds, **given)
    if args.json:
        _print_json(b)
    else:
        print(format_bench(b))
    return EXIT_OK


# ----------------------------------------------------------------------------
# bohn cards


def cmd_cards(args: argparse.Namespace) -> int:
    """Print a variant's card catalogue (``docs/cards.md``)."""
    from bohn.catalogue import catalogue
    from bohn.catalogue import format_table

    cat = catalogue(args.variant)
    if args.json:
        _print_json(cat.to_json())
    else:
        print(format_table(cat, args.lang))
    return EXIT_OK


def _add_cards_parser(sub: argparse._SubParsersAction[Any]) -> None:
    s = add_command(
        sub,
        "cards",
        cmd_cards,
        help="list a variant's cards: names, counts, meters, texts",
        description="Print a variant's card catalogue (docs/cards.md): every card once, with "
        "its name, count, beanometer, kind and cost or effect.",
        epilog=examples(
            "bohn cards bohnanza", "bohn cards ladybohn --lang de", "bohn cards sissi --json"
        ),
    )
    add_variant(s, "whose cards to list")
    add_json(s)
    s.add_argument("--lang", choices=["de", "en"], default="en", help="language of the table")


def _add_variants_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``bohn variants`` subcommand."""
    s = add_command(
        sub,
        "variants",
        cmd_variants,
        help="list the variants, player counts and options",
        description="Without VARIANT, a short table of every variant; with it, that "
        "variant in detail: its rules file and every option with its default.",
        epilog=examples("bohn variants", "bohn variants high-bohn", "bohn variants --json"),
    )
    s.add_argument(
        "variant",
        nargs="?",
        metavar="VARIANT",
        help="one variant to show in detail, with its options (default: a table of all)",
    )
    add_json(s)


def _add_play_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``bohn play`` subcommand."""
    s = add_command(
        sub,
        "play",
        cmd_play,
        help="play in the terminal against bots",
        description="Play one seat of a game in the terminal against bots (docs/play.md). "
        "The settings are checked before the game starts.",
        epilog=examples(
            "bohn play bohnanza",
            "bohn play sissi -p 3 --seat 1 --bots greedy,random -s 42",
            "bohn play high-bohn --option cognac=true --lang de",
        ),
    )
    add_variant(s)
    add_players(s)
    s.add_argument("--seat", type=int, default=0, metavar="K", help="your seat, 0 to N-1")
    s.add_argument(
        "--bots",
        metavar="KIND,...",
        help="one bot for every other seat, or one per other seat (default greedy)",
    )
    s.add_argument(
        "-s",
        "--seed",
        type=_seed,
        metavar="S",
        help="game seed: an integer or a word (default: random, printed first)",
    )
    s.add_argument(
        "--option", action="append", metavar="NAME=VALUE", help="game option (repeatable)"
    )
    s.add_argument("--lang", choices=["en", "de"], default="en", help="language of the screen")


def _add_sim_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``bohn sim`` subcommand."""
    s = add_command(
        sub,
        "sim",
        cmd_sim,
        help="simulate many games between bots",
        description="Play G games between bots and summarise them: wins, scores, game "
        "lengths, speed. Every game depends only on the settings and its index, never on "
        "--jobs or the backend. Ctrl-C stops (exit 130) and keeps the finished games.",
        epilog=examples(
            "bohn sim bohnanza -n 1000 -j 2",
            "bohn sim high-bohn -n 200 -p 3 --bots greedy,random,random -s 7 --json",
            "bohn sim bohnanza -n 100000 -o runs.parquet   (Ctrl-C, then the same with --resume)",
        ),
    )
    add_variant(s)
    add_players(s)
    s.add_argument(
        "-n", "--games", type=_positive, required=True, metavar="G", help="games to play"
    )
    add_seed(s)
    s.add_argument(
        "--bots",
        metavar="KIND,...",
        help="one bot for all seats, or one per seat (default random)",
    )
    add_jobs(s)
    s.add_argument(
        "--backend",
        choices=["local", "ray"],
        default="local",
        help="where games run: worker processes here (local) or tasks on a Ray cluster",
    )
    s.add_argument(
        "--address",
        metavar="ADDR",
        help="the Ray cluster (ray://host:10001 or host:6379; default: a Ray instance here)",
    )
    add_out(s, "write one record per game: Parquet if FILE ends in .parquet, else JSON lines")
    s.add_argument("--replays", metavar="FILE", help="write one replay per game (JSON lines)")
    s.add_argument(
        "--force",
        action="store_true",
        help="replace the files of --out and --replays if they exist (else refused)",
    )
    add_sim_options(s)
    add_json(s)


def _add_replay_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``bohn replay`` subcommand."""
    s = add_command(
        sub,
        "replay",
        cmd_replay,
        help="verify the replays in a file",
        description="Verify every replay in FILE (docs/replay.md): play its actions again "
        "and compare each event. Exit 0 when all verify, 1 otherwise.",
        epilog=examples(
            "bohn replay game.json",
            "bohn sim bohnanza -n 10 --replays r.jsonl && bohn replay r.jsonl",
            "bohn replay r.jsonl --json",
        ),
    )
    s.add_argument("file", metavar="FILE", help="one replay (JSON), or one per line")
    add_json(s)


def _add_scenario_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``bohn scenario`` subcommand."""
    s = add_command(
        sub,
        "scenario",
        cmd_scenario,
        help="run a scenario file",
        description="Load a scenario's position, apply its actions and hold the outcome to "
        "its expect block (docs/scenarios.md). Exit 0 when it is met, 1 otherwise.",
        epilog=examples(
            "bohn scenario tests/scenarios/bohnanza/final-exhaustion-tie.json",
            "bohn scenario my.json --json",
        ),
    )
    s.add_argument("file", metavar="FILE", help="the scenario, a JSON object")
    add_json(s, "print the outcome as JSON")


def _add_bench_parser(sub: argparse._SubParsersAction[Any]) -> None:
    """The ``bohn bench`` subcommand."""
    s = add_command(
        sub,
        "bench",
        cmd_bench,
        help="measure the engine's speed",
        description="The performance harness: complete games between random bots on one "
        "core, then the cost of the engine's calls and of a search bot's decision.",
        epilog=examples("bohn bench", "bohn bench sissi -n 50 --searches 0", "bohn bench --json"),
    )
    s.add_argument(
        "variant",
        nargs="?",
        metavar="VARIANT",
        help=f"the variant to measure (default {BENCH_VARIANT})",
    )
    # the old spelling, kept for scripts
    s.add_argument("--variant", dest="variant_flag", metavar="V", help=argparse.SUPPRESS)
    add_players(s)
    s.add_argument("-n", "--games", type=_positive, metavar="G", help="games to play (default 20)")
    s.add_argument(
        "--seconds",
        type=_positive_float,
        metavar="S",
        help="time budget; with --games, whichever limit comes first (default: no limit)",
    )
    s.add_argument(
        "--searches",
        type=_count,
        metavar="K",
        help="ismcts decisions timed (default 3; 0 leaves the search out)",
    )
    add_json(s)


def build_parser() -> argparse.ArgumentParser:
    """The ``bohn`` argument parser with every subcommand."""
    p = _Parser(
        prog="bohn",
        description="The engine and play platform for the Bohnanza family of card games.",
        epilog=examples(
            "bohn variants",
            "bohn play bohnanza",
            "bohn sim bohnanza -n 1000 -j 2 -o runs.jsonl && bohn report runs.jsonl",
        )
        + "\n\nbohn COMMAND --help tells more of each; docs/cli.md describes them all.",
    )
    p.add_argument("--version", action="version", version=f"bohn {__version__}")
    sub = p.add_subparsers(
        dest="command",
        metavar="COMMAND",
        parser_class=_Parser,
        help="one of these (bohn COMMAND --help tells more):",
    )
    sub.required = True

    _add_variants_parser(sub)
    _add_play_parser(sub)
    _add_sim_parser(sub)
    _add_replay_parser(sub)
    _add_scenario_parser(sub)
    _add_bench_parser(sub)
    _add_cards_parser(sub)

    # commands in modules of their own (they import this module's helpers)
    for module in ("bohn.serve", "bohn.tournament", "bohn.analysis.report", "bohn.arena.cli"):
        importlib.import_module(module).add_parser(sub)
    return p


def _subparser(parser: argparse.ArgumentParser, command: str | None) -> argparse.ArgumentParser:
    """The parser of ``command`` (``parser`` itself when there is none)."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction) and command in action.choices:
            found: argparse.ArgumentParser = action.choices[command]
            return found
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the ``bohn`` command with ``argv`` (default ``sys.argv[1:]``); return
    the exit status (see the module docstring)."""
    parser = build_parser()
    words = sys.argv[1:] if argv is None else argv
    try:
        if words and words[0].startswith("-") and words[0] not in ("-h", "--help", "--version"):
            parser.error(f"unknown option {words[0]!r}: bohn takes a COMMAND first")
        args, extra = parser.parse_known_args(argv)
        if extra:  # said by the subcommand's parser: "bohn sim: error: ..."
            _subparser(parser, getattr(args, "command", None)).error(
                f"unrecognized arguments: {' '.join(extra)}"
            )
    except SystemExit as exc:  # --help, --version and usage errors
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    return run(args)


def run(args: argparse.Namespace) -> int:
    """Run the command ``args`` were parsed for; its exit status (see the
    module docstring): a user error is one line on stderr."""
    func: Callable[[argparse.Namespace], int] = args.func
    try:
        return func(args)
    except (UsageError, BohnError) as err:
        print(f"bohn {args.command}: error: {err}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print(f"bohn {args.command}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # the reader went away (``bohn variants | head``)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_FAILED


def run_alone(
    add_parser: Callable[[argparse._SubParsersAction[Any]], None], argv: list[str] | None
) -> int:
    """``bohn`` knowing only the command that ``add_parser`` adds (``argv``, by
    default ``sys.argv[1:]``, begins with its name): a command in a module of
    its own run on its own; its exit status as :func:`main` gives it."""
    parser = _Parser(prog="bohn")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True
    add_parser(sub)
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    return run(args)
