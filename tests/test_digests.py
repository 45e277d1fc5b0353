"""Golden digests: seeded games of every ruleset, through the records, the
terminal and the research environment, equal those of ``tests/data/digests.json``
(written by ``python tools/digests.py --out tests/data/digests.json``).

A change that is meant to change play (a rule correction, a new word in the
terminal) rewrites the file and says why in its commit; a restructuring must
leave it equal (``docs/testing.md``). The suite checks one cheap entry of each
kind per ruleset; ``tools/digests.py --check`` checks all of them.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

from bohn.rulesets import VARIANTS

ROOT = Path(__file__).resolve().parent.parent
GOLDEN: dict[str, str] = json.loads((ROOT / "tests/data/digests.json").read_text())


def _tool() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bohn_digests", ROOT / "tools/digests.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bohn_digests"] = module
    spec.loader.exec_module(module)
    return module


digests = _tool()
SMALLEST = {v: min(cls.allowed_players()) for v, cls in VARIANTS.items()}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_random_game_records_as_before(variant: str) -> None:
    players = SMALLEST[variant]
    got = digests.sim_digest(variant, players, {}, ["random"] * players, 0)
    assert got == GOLDEN[f"{variant}/{players}/sim/random/0"]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_a_terminal_session_reads_as_before(variant: str) -> None:
    players = SMALLEST[variant]
    got = digests.play_digest(variant, players, {}, "random")
    assert got == GOLDEN[f"{variant}/{players}/play/random"]


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_the_research_environment_encodes_as_before(variant: str) -> None:
    players = SMALLEST[variant]
    assert digests.rl_digest(variant, players, {}) == GOLDEN[f"{variant}/{players}/rl"]


def test_the_golden_file_covers_every_configuration() -> None:
    names = {
        f"{v}/{p}" + "".join(f"/{k}={x}" for k, x in sorted(o.items()))
        for v, p, o in digests.configs(None)
    }
    assert {
        k.rsplit("/sim/", 1)[0].rsplit("/play/", 1)[0].removesuffix("/rl") for k in GOLDEN
    } == names
