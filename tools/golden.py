"""Golden transcripts: seeded games of every ruleset through every public
surface, written out as plain text so that a change of behaviour shows as a
readable diff.

For every ruleset, player count and game option that makes a different game
(Cognac, Pub) there are three kinds of transcript, one line per event:

* ``sim``: a game that ``bohn sim`` would play (``bohn.sim.batch.play_one``,
  seeded by ``derive_seed(7, i)``) with ``random`` bots, one with ``greedy``
  bots and one with an ``ismcts`` seat (a short search): the outcome the
  record holds (seed, steps, result, statistics), the game's log as the
  describer words it for a spectator (and for a seat where its view differs),
  every action as its seat chose it (and as the others saw it where that
  differs), then the finished game's ``to_json()`` and its replay record
  (``bohn.engine.replay.record``) as JSON, one line per item;
* ``play``: the whole terminal session (``bohn.play.main``, the full layout)
  of a seeded game in which the person always takes the first listed action
  and asks for the log now and then: the exit code, then the screen verbatim;
* ``rl``: the research environment (``bohn.rl.env``) of a seeded game, the
  first legal index always taken: per step the agent, its reward, the legal
  action indices and a digest of the observation bytes.

``tests/data/golden`` holds one file per entry of the committed set: every
ruleset and option set at its fewest players, one random game, one terminal
session and one environment run. ``tests/test_golden.py`` compares them.

    python tools/golden.py --write          # rewrite the committed set (review the diff)
    python tools/golden.py --check          # compare; exit 1 with a diff per entry
    python tools/golden.py --out DIR        # the full set: all player counts, more games
    python tools/golden.py --against DIR    # the full set compared with DIR
    python tools/golden.py --check --only sissi
"""

from __future__ import annotations

import argparse
import difflib
import hashlib
import io
import itertools
import json
import sys
from collections.abc import Callable
from collections.abc import Iterable
from collections.abc import Iterator
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from dataclasses import field
from pathlib import Path
from typing import Any

from bohn.rulesets import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
#: the committed set's directory
GOLDEN_DIR = ROOT / "tests" / "data" / "golden"
#: the command that writes the committed set again
WRITE_COMMAND = "python tools/golden.py --write"

#: option sets that make a different game (besides the defaults)
GAME_OPTIONS: dict[str, list[dict[str, Any]]] = {
    "high-bohn": [{"cognac": True}],
    "prohibohn": [{"pub": True}],
}
#: the master seed of the ``sim`` games (``bohn sim --seed``)
SIM_SEED = 7
#: random games of each configuration in the full set
RANDOM_GAMES = 2
#: the terminal session answers "1" to every question but every LOG_EVERY-th
LOG_EVERY = 37
MAX_ANSWERS = 20_000
#: the terminal session's seed, and the research environment's
PLAY_SEED = 3
RL_SEED = 5
#: the hex digits of an observation's digest in an ``rl`` line
OBS_DIGITS = 16
#: a JSON container shorter than this stays on one line
JSON_WIDTH = 100
#: the differing lines a diff shows
DIFF_LINES = 40


# -- the entries ---------------------------------------------------------------


def config_name(variant: str, players: int, opts: dict[str, Any]) -> str:
    """``high-bohn/3/cognac=True``: a configuration's part of an entry name."""
    return f"{variant}/{players}" + "".join(f"/{k}={v}" for k, v in sorted(opts.items()))


def configs(
    only: str | None = None, fewest: bool = False
) -> Iterator[tuple[str, int, dict[str, Any]]]:
    """Every ruleset, player count (only the fewest with ``fewest``) and
    option set that makes a different game; ``only``: one ruleset id."""
    for variant, cls in VARIANTS.items():
        if only is not None and variant != only:
            continue
        counts = list(cls.allowed_players())
        for players in [min(counts)] if fewest else counts:
            for opts in [{}, *GAME_OPTIONS.get(variant, [])]:
                yield variant, players, opts


@dataclass(frozen=True)
class Entry:
    """One transcript: its name (``bohnanza/3/sim/random/0``) and how to make it."""

    name: str
    kind: str  # "sim", "play" or "rl"
    variant: str
    players: int
    opts: dict[str, Any] = field(default_factory=dict, hash=False)
    bots: tuple[str, ...] = ()
    index: int = 0

    @property
    def file_name(self) -> str:
        """The entry's file: its name with ``__`` for each ``/``."""
        return file_name(self.name)

    def transcript(self) -> str:
        """Play the entry's game and return its transcript."""
        if self.kind == "sim":
            return sim_transcript(self.variant, self.players, self.opts, self.bots, self.index)
        if self.kind == "play":
            return play_transcript(self.variant, self.players, self.opts, self.bots[0])
        if self.kind == "rl":
            return rl_transcript(self.variant, self.players, self.opts)
        raise ValueError(f"unknown kind of transcript {self.kind!r}")


def file_name(name: str) -> str:
    """``bohnanza__3__sim__random__0.txt`` for ``bohnanza/3/sim/random/0``."""
    return name.replace("/", "__") + ".txt"


def entry_name(file: str) -> str:
    """The entry name a transcript file holds (the inverse of :func:`file_name`)."""
    return file.removesuffix(".txt").replace("__", "/")


def committed_entries(only: str | None = None) -> list[Entry]:
    """The committed set: every ruleset and option set at its fewest players,
    one random game, one terminal session with random bots, one environment run."""
    out: list[Entry] = []
    for variant, players, opts in configs(only, fewest=True):
        name = config_name(variant, players, opts)
        out += [
            Entry(f"{name}/sim/random/0", "sim", variant, players, opts, ("random",) * players),
            Entry(f"{name}/play/random", "play", variant, players, opts, ("random",)),
            Entry(f"{name}/rl", "rl", variant, players, opts),
        ]
    return out


def full_entries(only: str | None = None) -> list[Entry]:
    """The full set: every player count, :data:`RANDOM_GAMES` random games, a
    greedy game, one game with a search seat and one terminal session against
    greedy bots per ruleset (a search is slow)."""
    out: list[Entry] = []
    first: set[str] = set()
    for variant, players, opts in configs(only):
        name = config_name(variant, players, opts)
        for i in range(RANDOM_GAMES):
            bots = ("random",) * players
            out.append(Entry(f"{name}/sim/random/{i}", "sim", variant, players, opts, bots, i))
        greedy = ("greedy",) * players
        out.append(Entry(f"{name}/sim/greedy", "sim", variant, players, opts, greedy))
        if variant not in first:
            bots = ("ismcts:iterations=3", *("random",) * (players - 1))
            out.append(Entry(f"{name}/sim/ismcts", "sim", variant, players, opts, bots))
        out.append(Entry(f"{name}/play/random", "play", variant, players, opts, ("random",)))
        if variant not in first:
            out.append(Entry(f"{name}/play/greedy", "play", variant, players, opts, ("greedy",)))
        out.append(Entry(f"{name}/rl", "rl", variant, players, opts))
        first.add(variant)
    return out


# -- the transcripts -----------------------------------------------------------


def _compact(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False)


def json_lines(obj: Any, indent: str = "") -> list[str]:
    """``obj`` as sorted JSON, one space of indent a level: a dict's keys on
    lines of their own, a list of containers one item a line (each step of a
    log, each event of a record), and a container of scalars only, or one
    shorter than :data:`JSON_WIDTH`, on one line (no card list spread over a
    hundred lines). ``json.loads`` of the joined lines gives ``obj`` back."""
    flat = _compact(obj)
    if not isinstance(obj, dict | list) or len(indent) + len(flat) <= JSON_WIDTH:
        return [indent + flat]
    values = list(obj.values()) if isinstance(obj, dict) else obj
    if all(not isinstance(v, dict | list) for v in values):
        return [indent + flat]
    inner = indent + " "
    lines: list[str]
    if isinstance(obj, list):
        lines = ["[", *(f"{inner}{_compact(v)}," for v in obj)]
    else:
        lines = ["{"]
        for key, value in sorted(obj.items()):
            part = json_lines(value, inner)
            part[0] = f"{inner}{_compact(key)}: {part[0][len(inner) :]}"
            part[-1] += ","
            lines += part
    lines[-1] = lines[-1].removesuffix(",")
    lines[0] = indent + lines[0]
    return [*lines, indent + ("]" if isinstance(obj, list) else "}")]


def _options(variant: str, opts: dict[str, Any]) -> dict[str, Any]:
    """The options of a ``sim`` game: two proposals per trading phase (short
    games) where the ruleset has the limit, and the entry's own."""
    caps = {"trade_cap": 2} if "trade_cap" in VARIANTS[variant].OPTIONS else {}
    return {**caps, **opts}


def log_lines(game: Any) -> list[str]:
    """The game's log, one line per event, each opened by its step and whose
    view it is: ``*`` the spectator, ``0``, ``1``, ... a seat, where that
    seat's view differs from the spectator's. An action shows as its seat
    chose it (``>``) and, where that differs, as the others saw it (``*>``);
    an event is worded by the game's describer (its JSON where the describer
    gives no line)."""
    from bohn.describe import describer

    words = describer(game)
    seats = range(game.n)

    def line(step: int, who: str, view: dict[str, Any], me: int) -> str:
        text = words.event(view, me)
        return f"{step:>5} {who:>3} | " + (_compact(view) if text is None else text)

    out: list[str] = []
    for step, (seat, action, evs) in enumerate(game.history()):
        if action is not None:
            chosen = action.to_json()
            out.append(f"{step:>5} {seat:>2}> | {_compact(chosen)}")
            seen = game.action_view(action)
            if seen != chosen:
                out.append(f"{step:>5}  *> | {_compact(seen)}")
        for e in evs:
            public = e.view(None)
            if public is not None:
                out.append(line(step, "*", public, -1))
            for s in seats:
                view = e.view(s)
                if view is not None and view != public:
                    out.append(line(step, str(s), view, s))
    return out


def sim_transcript(
    variant: str, players: int, opts: dict[str, Any], bots: Sequence[str], i: int
) -> str:
    """Game ``i`` of a ``bohn sim`` batch (master seed :data:`SIM_SEED`) as text."""
    from bohn.engine.replay import record
    from bohn.engine.rng import derive_seed
    from bohn.rulesets import find_variant
    from bohn.sim.batch import play_one
    from bohn.sim.runner import make_bots
    from bohn.sim.runner import play_game
    from bohn.spec import GameSpec

    options = _options(variant, opts)
    outcome = play_one(GameSpec(variant, players, SIM_SEED, options, tuple(bots)), i)
    seed = derive_seed(SIM_SEED, i)
    game = find_variant(variant).new(players, seed, options)
    play_game(game, make_bots(list(bots), seed))
    lines = [
        f"variant: {variant}",
        f"players: {players}",
        f"options: {_compact(options)}",
        f"bots: {', '.join(bots)}",
        f"seed: {outcome.seed}",
        f"steps: {outcome.steps}",
        f"result: {_compact(outcome.result)}",
        f"stats: {_compact(outcome.stats)}",
        "",
        "== the log: step, whose view (* the spectator, 0 1 ... a seat where its view "
        "differs; > the action as its seat chose it, *> as the others saw it)",
        *log_lines(game),
        "",
        "== the finished game (to_json)",
        *json_lines(game.to_json()),
        "",
        "== the replay record",
        *json_lines(record(game, list(bots))),
    ]
    return "\n".join(lines) + "\n"


def play_transcript(variant: str, players: int, opts: dict[str, Any], bots: str) -> str:
    """A whole terminal session (the full layout) in which the person answers
    ``1`` to every prompt and ``log`` to every :data:`LOG_EVERY`-th: its exit
    code, then everything on the screen."""
    from bohn.play import main

    out = io.StringIO()
    count = itertools.count(1)

    def answer(prompt: str) -> str:
        n = next(count)
        out.write(prompt)
        if n > MAX_ANSWERS:
            raise EOFError
        return "log" if n % LOG_EVERY == 0 else "1"

    code = main(
        variant, players, 0, [bots], PLAY_SEED, dict(opts), input_fn=answer, out=out, layout="full"
    )
    return f"exit code: {code}\n{out.getvalue()}"


def _ranges(indices: Iterable[int]) -> str:
    """``3-7,12`` for 3, 4, 5, 6, 7, 12; ``none`` for none."""
    parts: list[str] = []
    for _, run in itertools.groupby(enumerate(indices), lambda p: p[1] - p[0]):
        span = [i for _, i in run]
        parts.append(str(span[0]) if len(span) == 1 else f"{span[0]}-{span[-1]}")
    return ",".join(parts) or "none"


def rl_transcript(variant: str, players: int, opts: dict[str, Any]) -> str:
    """The research environment's game of seed :data:`RL_SEED`, the first legal
    index always taken: a line per step with the agent, its reward, the legal
    indices (every mask value is 1 unless shown as ``index=value``) and the
    first :data:`OBS_DIGITS` hex digits of the SHA-256 of the observation's
    bytes (any change of the encoding changes them)."""
    import numpy as np

    from bohn.rl import env as make_env

    e = make_env(variant, players, **opts)
    e.reset(seed=RL_SEED)
    lines = [f"variant: {variant}", f"players: {players}", f"options: {_compact(opts)}"]
    for step, agent in enumerate(e.agent_iter(max_iter=100_000)):
        obs, reward, term, trunc, _ = e.last()
        assert obs is not None  # the environment observes every agent it names
        observation, mask = obs["observation"], obs["action_mask"]
        if step == 0:
            lines += [
                f"observation: {observation.dtype} {list(observation.shape)}",
                f"action mask: {mask.dtype} {list(mask.shape)}",
                "",
                "step agent reward | legal indices | observation digest",
            ]
        legal = np.flatnonzero(mask)
        odd = [f"{i}={mask[i]!r}" for i in legal if mask[i] != 1]
        digest = hashlib.sha256(observation.tobytes()).hexdigest()[:OBS_DIGITS]
        end = " end" if term or trunc else ""
        lines.append(
            f"{step} {agent} {float(reward)!r}{end} | "
            f"{_ranges(int(i) for i in legal)}{' ' + ' '.join(odd) if odd else ''} | {digest}"
        )
        e.step(None if term or trunc else int(legal[0]))
    return "\n".join(lines) + "\n"


# -- writing and comparing -----------------------------------------------------


def diff(name: str, expected: str, got: str, limit: int = DIFF_LINES) -> str:
    """A unified diff of an entry's transcript, its first ``limit`` differing
    lines (and the context around them)."""
    lines = list(
        difflib.unified_diff(
            expected.splitlines(),
            got.splitlines(),
            f"{name} (committed)",
            f"{name} (now)",
            lineterm="",
        )
    )
    out: list[str] = []
    changed = 0
    for line in lines:
        if line[:1] in "+-" and not line.startswith(("+++", "---")):
            changed += 1
            if changed > limit:
                out.append(f"... (more differing lines; {len(lines)} diff lines in all)")
                break
        out.append(line)
    return "\n".join(out)


def _made(entry: Entry) -> tuple[Entry, str]:
    return entry, entry.transcript()


def transcripts(entries: Sequence[Entry], jobs: int = 1) -> Iterator[tuple[Entry, str]]:
    """Each entry with its transcript, in order, naming it on stderr as it is done."""
    results: Iterable[tuple[Entry, str]]
    if jobs > 1:
        pool = ProcessPoolExecutor(jobs)
        results = pool.map(_made, entries)
    else:
        pool = None
        results = map(_made, entries)
    try:
        for n, (entry, text) in enumerate(results, start=1):
            print(f"[{n}/{len(entries)}] {entry.name}", file=sys.stderr, flush=True)
            yield entry, text
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)


def stale_files(directory: Path, expected: Iterable[Entry]) -> list[Path]:
    """The transcript files of ``directory`` that no entry of ``expected`` writes."""
    names = {e.file_name for e in expected}
    return sorted(p for p in directory.glob("*.txt") if p.name not in names)


def write(entries: Sequence[Entry], directory: Path, jobs: int = 1) -> None:
    """Write every entry's transcript into ``directory``."""
    directory.mkdir(parents=True, exist_ok=True)
    for entry, text in transcripts(entries, jobs):
        (directory / entry.file_name).write_text(text, encoding="utf-8")


def check(entries: Sequence[Entry], directory: Path, jobs: int = 1) -> list[str]:
    """Every entry whose transcript differs from its file in ``directory``, or
    has none there, with its diff."""
    problems: list[str] = []
    for entry, text in transcripts(entries, jobs):
        path = directory / entry.file_name
        if not path.exists():
            problems.append(f"missing: {entry.name} (no {path})")
            continue
        expected = path.read_text(encoding="utf-8")
        if expected != text:
            problems.append(f"differs: {entry.name}\n{diff(entry.name, expected, text)}")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument(
        "--write", action="store_true", help=f"rewrite the committed set in {GOLDEN_DIR}"
    )
    mode.add_argument("--check", action="store_true", help="compare with the committed set")
    mode.add_argument("--out", metavar="DIR", help="write the full set into DIR")
    mode.add_argument("--against", metavar="DIR", help="compare the full set with DIR")
    ap.add_argument("--only", metavar="VARIANT", help="one ruleset id")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="processes (default: 1)")
    args = ap.parse_args(argv)
    if args.only is not None and args.only not in VARIANTS:
        ap.error(f"unknown ruleset {args.only!r}; known: {', '.join(VARIANTS)}")
    make: Callable[[str | None], list[Entry]] = (
        committed_entries if args.write or args.check else full_entries
    )
    entries = make(args.only)
    directory = GOLDEN_DIR if args.write or args.check else Path(args.out or args.against)
    # a file is stale when no entry of the whole set writes it, whatever --only says
    stale = stale_files(directory, make(None)) if directory.is_dir() else []
    if args.write or args.out:
        write(entries, directory, args.jobs)
        if args.write:
            for path in stale:
                print(f"removed stale {path.name}", file=sys.stderr)
                path.unlink()
        return 0
    problems = check(entries, directory, args.jobs)
    problems += [f"stale: {p.name} (no entry writes it)" for p in stale]
    for problem in problems:
        print(problem)
    differ = sum(p.startswith(("differs", "missing")) for p in problems)
    print(f"{len(entries) - differ} equal, {differ} differ, {len(stale)} stale")
    if problems:
        again = WRITE_COMMAND if args.check else f"python tools/golden.py --out {directory}"
        print(f"if the change is meant: {again}, and review the diff in the commit")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
