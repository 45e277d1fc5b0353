"""The research environments' tests run once per CI run, in the compiled pass.

They drive the same engine as the rest of the suite, which both passes
already check; what they test is the environment layer, so the pure pass
(BOHN_NATIVE=0) skips them, as it skips the Ray test. The exception is
``test_state.py``: the state writers are compiled, so the pure pass checks
the pure writer against the observation's encoding on a few games.
"""

from __future__ import annotations

import os

import pytest
from passes import PURE

ONE_PASS = pytest.mark.skipif(
    PURE,
    reason="the rl tests run once per test run: in the compiled pass",
)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = os.path.dirname(__file__)
    for item in items:
        if str(item.fspath).startswith(here) and os.path.basename(item.fspath) != "test_state.py":
            item.add_marker(ONE_PASS)
