"""The log's turn summaries (``turn_summary`` on the entry that ends a turn):
every finished turn of a real seeded game has one, in English and German, and
none names a card its viewer may not know."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from bohn.bots.base import make_bot
from bohn.bots.base import seat_view
from bohn.describe import describer
from bohn.engine.game import Game
from bohn.rulesets import VARIANTS
from bohn.rulesets import find_variant
from bohn.server.rooms import game_view


def _played(variant: str, steps: int = 150) -> Game:
    cls = find_variant(variant)
    n = min(cls.allowed_players(), key=lambda k: (abs(k - 3), k))
    game = cls.new(n, 5, {})
    bots = {s: make_bot("greedy", 100 + s) for s in range(n)}
    for _ in range(steps):
        if game.result() is not None:
            break
        s = sorted(game.waiting_for())[0]
        game.apply(s, bots[s].act(seat_view(game, s, bots[s], {})))
    return game


def _turn_events(game: Game, seat: int) -> dict[int, list[dict[str, Any]]]:
    """The events of each finished turn as ``seat`` sees them, by the step that ends it."""
    out: dict[int, list[dict[str, Any]]] = {}
    pending: list[dict[str, Any]] | None = None
    for i, (_, _, evs) in enumerate(game.history_since(0)):
        for e in evs:
            v = e.view(seat)
            if v is None:
                continue
            if v.get("type") == "turn":
                if pending is not None:
                    out[i] = pending
                pending = []
            elif pending is not None:
                pending.append(v)
    return out


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_finished_turn_has_a_summary_naming_no_hidden_card(variant: str) -> None:
    game = _played(variant)
    turns = _turn_events(game, 0)
    for lang in ("en", "de"):
        view = game_view(game, "g", 0, lang=lang)
        summed = {e["step"]: e for e in view["log"] if "turn_summary" in e}
        assert set(summed) == set(turns), variant
        words = describer(game, lang)
        names = {k: words.name(k) for k in game.table.keys} if game.table else {}
        for step, entry in summed.items():
            text = entry["turn_summary"]
            assert text and "{" not in text, text
            seen = json.dumps(turns[step])
            # strip what the viewer's events name; no card name may be left
            known = [k for k in names if re.search(rf'"{re.escape(k)}["/]', seen)]
            rest = text
            for shown in sorted(
                {words.label(k) for k in known} | {names[k] for k in known}, key=len, reverse=True
            ):
                rest = rest.replace(shown, "")
            for key, name in names.items():
                assert name not in rest, (variant, lang, text, key)
    if variant != "bohnkick":  # Bohnkick has no turns of bean planting
        assert turns, variant


def test_the_summary_says_what_the_turn_did() -> None:
    game = _played("bohnanza", 60)
    view = game_view(game, "g", 1, lang="en")
    lines = [e["turn_summary"] for e in view["log"] if "turn_summary" in e]
    assert lines[0].startswith("Seat 1's turn: planted ")  # seat 0, counted from 1
    assert any(line.startswith("Your turn") for line in lines)
    de = [
        e["turn_summary"] for e in game_view(game, "g", 1, lang="de")["log"] if "turn_summary" in e
    ]
    assert de[0].startswith("Zug von Platz 1: pflanzte ")
    # a spectator's summaries: the same turns, from the public events
    spect = [e["turn_summary"] for e in game_view(game, "g", None)["log"] if "turn_summary" in e]
    assert len(spect) == len(lines)
