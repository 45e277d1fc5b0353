"""The order the suite's files run in.

``make test`` runs the compiled pass on two workers, each test file whole on
one of them (``--dist loadfile``: a file's browser and server are started
once). A worker takes the next file when it is done with one, in the order
the files were collected; a long file collected last would leave the other
worker idle until it ends. So the files that take longest (:data:`FIRST`,
measured in CI runs, longest first) are collected first, and the many short
ones fill in at the end. The order of the tests within a file is kept.
"""

from __future__ import annotations

import pytest

#: the longest test files (about 15 s and more of a CI run each), longest first
FIRST: tuple[str, ...] = (
    "server/test_browser_games.py",
    "test_cli_bad_input.py",
    "conformance/test_games.py",
    "conformance/test_differential.py",
    "test_words_everywhere.py",
    "server/test_api.py",
    "server/test_cluster.py",
    "server/test_ratings.py",
    "test_play_terminal.py",
    "conformance/test_fuzz.py",
    "server/test_fuzz_api.py",
    "test_ruleset_cli.py",
    "rl/test_state.py",
    "server/test_client_words.py",
    "server/test_axe.py",
    "server/test_lobby_page.py",
    "server/test_abuse.py",
    "server/test_replay_steps.py",
)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    tests = config.rootpath / "tests"
    rank = {str(tests / name): i for i, name in enumerate(FIRST)}
    last = len(FIRST)
    # a stable sort: the other files keep their order, and so do a file's tests
    items.sort(key=lambda item: rank.get(str(item.path), last))
