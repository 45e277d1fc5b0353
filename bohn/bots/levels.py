"""The levels people choose their bots by: easy, normal and strong.

The lobby offers these three, not the bot kinds: a person picks how hard a
game should be, not an algorithm. Each level is a bot spec
(``docs/bots.md``); the API takes any spec, so programs and the command line
keep every kind and parameter.

* **easy** — ``greedy`` that proposes no deal and never buys a third field:
  it plants and harvests sensibly and takes a good offer, but leaves the
  trading to you;
* **normal** — ``greedy`` at its defaults;
* **strong** — ``ismcts`` at its defaults: it searches each decision over
  worlds dealt from what its seat knows.
"""

from __future__ import annotations

from typing import Final

#: level -> the bot spec it stands for, easiest first
LEVELS: Final[dict[str, str]] = {
    "easy": "greedy:proposals=0,buy=false",
    "normal": "greedy",
    "strong": "ismcts",
}


def level_of(spec: str) -> str | None:
    """The level ``spec`` is (``None``: a spec that is none of them)."""
    for level, bot in LEVELS.items():
        if bot == spec:
            return level
    return None
