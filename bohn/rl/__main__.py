"""``python -m bohn.rl actions|layout VARIANT PLAYERS``: print a configuration's
action table or encoding layout (Markdown); ``python -m bohn.rl bench``: the
speed measurement of :mod:`bohn.rl.bench`."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if not args or args[0] not in ("actions", "layout", "bench"):
        print(__doc__)
        raise SystemExit(2)
    if args[0] == "actions":
        from bohn.rl.actions import main as actions

        actions(args[1:])
    elif args[0] == "layout":
        from bohn.rl.encoding import main as layout

        layout(args[1:])
    else:
        from bohn.rl.bench import main as bench

        bench(args[1:])


if __name__ == "__main__":
    main()
