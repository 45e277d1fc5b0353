"""The suite's two passes and its soak option, in one place.

``make test`` runs the suite in two passes (``docs/testing.md``):

* the compiled pass (``BOHN_NATIVE=1``) runs every test once;
* the pure pass (``BOHN_NATIVE=0``) runs only what the compiled build changes,
  the engine, the rulesets and the research writer (``PURE_TESTS`` in the
  Makefile), on fewer seeds.

``BOHN_SOAK=1`` makes a soak run: long games and many seeds, for a change to
the engine or before a release; ``BOHN_SOAK=N`` (N > 1) also sets the number of
cheaply checked conformance games per configuration.
"""

from __future__ import annotations

import os

#: the pure-Python pass
PURE = os.environ.get("BOHN_NATIVE", "").strip() == "0"

_SOAK = os.environ.get("BOHN_SOAK", "").strip()
#: a soak run
SOAK = _SOAK not in ("", "0")
#: ``BOHN_SOAK=N`` with N > 1: a number of games asked for, else ``None``
SOAK_GAMES = int(_SOAK) if _SOAK.isdigit() and int(_SOAK) > 1 else None


def per_run(ci: int, *, pure: int | None = None, soak: int | None = None) -> int:
    """How many games or examples a test plays in this run: ``ci`` in the
    compiled pass, ``pure`` (default ``ci``) in the pure pass, ``soak``
    (default ``ci``) in a soak run."""
    if SOAK:
        return ci if soak is None else soak
    if PURE:
        return ci if pure is None else pure
    return ci
