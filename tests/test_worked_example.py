"""The worked example of a new ruleset (``docs/worked-example.md``) works as
the page says: its code blocks, written into a package and registered with
the one call the registry line makes, give a game every layer can use."""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_helpers import run
from conformance.checks import check_event_redaction
from conformance.checks import check_finished
from conformance.games import Config
from conformance.test_games import FullChecker

from bohn import rulesets
from bohn.describe import describer
from bohn.engine.beans import BeanGame
from bohn.engine.game import Game
from bohn.rulesets import RULESETS
from bohn.rulesets import find_variant
from bohn.rulesets import register
from bohn.rulesets import ruleset
from bohn.scenario import load_position

DOC = Path(__file__).resolve().parent.parent / "docs" / "worked-example.md"
#: a fenced block of the page that is a file of the package: ```python file=<path>
BLOCK = re.compile(r"^```python file=(\S+)\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def blocks() -> dict[str, str]:
    """The page's files: path -> source."""
    return dict(BLOCK.findall(DOC.read_text(encoding="utf-8")))


@pytest.fixture
def quick(tmp_path: Path) -> Iterator[type[Game]]:
    """The example's game class, registered for the test and unregistered after."""
    for name, source in blocks().items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(source, encoding="utf-8")
    saved = (dict(rulesets.RULESETS), dict(rulesets.VARIANTS), dict(rulesets._BY_CLASS))
    sys.path.insert(0, str(tmp_path))
    try:
        game = importlib.import_module("quick_bohnanza").QuickBohnanza
        register(game)
        yield game
    finally:
        sys.path.remove(str(tmp_path))
        for module in [m for m in sys.modules if m.split(".")[0] == "quick_bohnanza"]:
            del sys.modules[module]
        for table, was in zip(
            (rulesets.RULESETS, rulesets.VARIANTS, rulesets._BY_CLASS), saved, strict=True
        ):
            table.clear()
            table.update(was)


def test_the_page_has_the_package_it_describes() -> None:
    assert set(blocks()) == {
        "quick_bohnanza/__init__.py",
        "quick_bohnanza/rules.py",
        "quick_bohnanza/analysis.py",
    }


def test_the_registry_finds_the_game_and_its_parts(quick: type[Game]) -> None:
    assert find_variant("quick-bohnanza") is quick
    assert list(RULESETS)[-1] == "quick-bohnanza"  # listed after bohn's own games
    r = ruleset("quick-bohnanza")
    analysis = r.part("analysis")
    assert analysis is not None and analysis.SCORE_WORD.startswith("coins after one pass")
    base = ruleset("bohnanza")
    assert r.part("describe") is base.part("describe") and r.part("bots") is base.part("bots")
    words = describer("quick-bohnanza")
    assert words.variant == "quick-bohnanza" and words.rules_file == "bohnanza"
    with pytest.raises(ValueError, match="registered already"):
        register(quick)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_whole_games_pass_the_conformance_checks_and_end_at_the_first_exhaustion(
    quick: type[Game], players: int
) -> None:
    config = Config("quick-bohnanza", players, game_cls=quick)
    checker = FullChecker(1, 4)
    game = config.play(1, checker)
    check_finished(game)
    check_event_redaction(game)
    assert isinstance(game, BeanGame) and game.exhaustions == 1
    full = Config("bohnanza", players).play(1)
    assert isinstance(full, BeanGame) and full.exhaustions == 3
    assert len(game.history()) < len(full.history())


def test_a_deck_of_one_card_ends_the_game_when_it_is_drawn(quick: type[Game]) -> None:
    data: dict[str, Any] = {
        "variant": "quick-bohnanza",
        "players": 3,
        "setup": {
            "phase": "plant-traded",
            "deck": ["blaue"],
            "deck_rest": "none",
            "players": [
                {"hand": ["soja"], "trading_area": ["feuer"]},
                {"hand": ["soja"]},
                {"hand": ["soja"]},
            ],
        },
    }
    game = load_position(data)
    assert isinstance(game, quick) and isinstance(game, BeanGame)
    game.apply(0, game.legal_actions(0)[0])  # plants the kept card; then the draw
    result = game.result()
    assert result is not None and game.exhaustions == 1
    assert game.hands[0][-1] == game.table.index["blaue"]


def test_the_command_line_shows_it(quick: type[Game], capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "variants", "quick-bohnanza")
    assert code == 0 and out.startswith("quick-bohnanza  Quick Bohnanza  (3-5 players)")
