"""The text observation holds only what its seat may know, as the research
observation does (``tests/rl``): it reads the game only through the seat's
own view, and a world dealt anew from the seat's information state (other
hands, the deck's order, face-down coins) reads exactly as the real game."""

from __future__ import annotations

from typing import Any

import pytest

from bohn.engine.infostate import resample_from_infostate
from bohn.text import SeatText

from .helpers import CONFIG_IDS
from .helpers import CONFIGS
from .helpers import random_game

#: the game's methods that take a seat: each may be asked only for the seat
SEATED = ("observe", "legal_actions", "events", "field_price", "check_seat")


class Recorder:
    """A game that notes every seat its seated methods are asked for."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.asked: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._game, name)
        if name not in SEATED:
            return value

        def seated(*args: Any, **kw: Any) -> Any:
            self.asked.append(args[0] if args else kw.get("seat"))
            return value(*args, **kw)

        return seated


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_the_text_reads_only_the_seats_view(variant: str, players: int) -> None:
    checked = 0
    for k, (game, seat) in enumerate(random_game(variant, players, 5, 200)):
        if k % 10:
            continue
        rec = Recorder(game)
        view = SeatText(rec, seat)  # type: ignore[arg-type]
        view.observation(rules=True, events=game.events(seat))
        for m in view.moves()[:5]:
            assert view.read(m.command) == m.action
        assert rec.asked and set(rec.asked) == {seat}
        checked += 1
    assert checked > 5


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_hidden_cards_do_not_change_the_text(variant: str, players: int) -> None:
    """Two games that differ only in what the seat cannot see read alike for
    it: its observation (the table, the prompt, the numbered moves) and its
    rules, in English and German; and the worlds do differ (the test could
    fail)."""
    checked = changed = 0
    for seed in (3, 4):
        for k, (game, seat) in enumerate(random_game(variant, players, seed, 160)):
            if k % 40 != 39:
                continue
            if game.observe(seat).get("phase") == "quirk":
                continue  # what asks there is read from the log, which a world lacks
            world = resample_from_infostate(game, seat, k)
            changed += game.to_json()["state"] != world.to_json()["state"]
            for lang in ("en", "de"):
                real, other = SeatText(game, seat, lang), SeatText(world, seat, lang)
                assert real.observation(rules=True) == other.observation(rules=True)
                assert [m.line for m in real.moves()] == [m.line for m in other.moves()]
            checked += 1
    assert checked > 0
    assert changed > 0
