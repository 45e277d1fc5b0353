"""A scripted agent for ``bohn arena``: it speaks the JSON-lines protocol
(``docs/arena.md``) and picks a move by a few fixed preferences over the
observation's numbered moves.

Run it as an agent::

    bohn arena bohnanza --agent scripted="python -m bohn.arena.examples.scripted"

``--first`` makes it always answer move 1. ``--crash-after N`` (exit after N
moves), ``--sleep S`` (wait S seconds before each answer, from the
``--slow-from``-th on, ``--slow-moves`` of them) and ``--junk``
(answer every third observation with text that is not JSON, every third
with a move that does not exist) make it a misbehaving agent, for testing
an arena's failure rules.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from typing import Any
from typing import TextIO

#: words a move's command begins with, in the order preferred: plant before
#: anything else, and in a trade, pass or decline rather than propose; a move
#: none of them begins is chosen by its number, the first
PREFERENCES = ("plant", "pass", "decline")


def choose(observation: dict[str, Any], first: bool = False) -> str:
    """The move to answer: its number, as text."""
    moves: Sequence[dict[str, Any]] = observation.get("moves") or []
    if not moves or first:
        return "1"
    for word in PREFERENCES:
        for m in moves:
            if str(m.get("command", "")).split(" ", 1)[0] == word:
                return str(m["number"])
    return str(moves[0]["number"])


def serve(
    lines: TextIO,
    out: TextIO,
    *,
    first: bool = False,
    crash_after: int | None = None,
    sleep: float = 0.0,
    slow_from: int = 1,
    slow_moves: int | None = None,
    junk: bool = False,
) -> int:
    """Answer every observation read from ``lines`` on ``out``, until
    ``bye`` or the end of the input; the exit status."""
    answered = 0
    for line in lines:
        try:
            msg = json.loads(line)
        except json.JSONDecodeError:
            continue
        kind = msg.get("type")
        if kind == "bye":
            return 0
        if kind != "observation":
            continue
        if crash_after is not None and answered >= crash_after:
            print("scripted agent: crashing on purpose", file=sys.stderr)
            return 3
        answered += 1
        slow = answered >= slow_from and (slow_moves is None or answered < slow_from + slow_moves)
        if sleep and slow:
            time.sleep(sleep)
        if junk and answered % 3 == 1:
            out.write("this is not JSON\n")
        elif junk and answered % 3 == 2:
            out.write(json.dumps({"id": msg.get("id"), "move": "999"}) + "\n")
        else:
            out.write(json.dumps({"id": msg.get("id"), "move": choose(msg, first)}) + "\n")
        out.flush()
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--first", action="store_true", help="always answer move 1")
    p.add_argument("--crash-after", type=int, metavar="N", help="exit after N moves")
    p.add_argument("--sleep", type=float, default=0.0, metavar="S", help="wait S s a move")
    p.add_argument(
        "--slow-from", type=int, default=1, metavar="N", help="sleep from the Nth answer on"
    )
    p.add_argument(
        "--slow-moves", type=int, metavar="K", help="sleep for K answers only (default all)"
    )
    p.add_argument("--junk", action="store_true", help="answer badly two times in three")
    args = p.parse_args(argv)
    return serve(
        sys.stdin,
        sys.stdout,
        first=args.first,
        crash_after=args.crash_after,
        sleep=args.sleep,
        slow_from=args.slow_from,
        slow_moves=args.slow_moves,
        junk=args.junk,
    )


if __name__ == "__main__":
    sys.exit(main())
