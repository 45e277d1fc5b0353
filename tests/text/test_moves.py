"""Every legal move's text reads back to that move, for every ruleset, in
English and German; and text that names no move is refused with a message
listing the moves."""

from __future__ import annotations

from collections import Counter

import pytest

import bohn
from bohn.engine.actions import Plant
from bohn.text import MoveError
from bohn.text import SeatText
from bohn.text import parse_move

from .helpers import CONFIG_IDS
from .helpers import CONFIGS
from .helpers import random_game


def mangled(text: str) -> str:
    """``text`` as a careless writer might send it: other letter case,
    spaces doubled, around it quotes and a full stop."""
    return '  "' + text.upper().replace(" ", "  ") + '." '


def check_round_trip(view: SeatText) -> int:
    """Every move of ``view`` read back by its number, line, text, command
    and (where no other move reads alike) its words, also mangled."""
    listed = view.moves()
    assert [m.number for m in listed] == list(range(1, len(listed) + 1))
    assert len({m.text for m in listed}) == len(listed), "two moves read alike"
    assert len({m.command for m in listed}) == len(listed)
    labels = Counter(m.label for m in listed)
    for m in listed:
        answers = [str(m.number), m.line, m.text, m.command, mangled(m.text), mangled(m.command)]
        if labels[m.label] == 1:
            answers += [m.label, mangled(m.label)]
        for answer in answers:
            assert view.read(answer) == m.action, (answer, m)
    return len(listed)


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_every_move_reads_back(variant: str, players: int) -> None:
    checked = 0
    for seed in (1, 2):
        for k, (game, seat) in enumerate(random_game(variant, players, seed, 240)):
            if k % 3 == 0:
                checked += check_round_trip(SeatText(game, seat))
    assert checked > 100


@pytest.mark.parametrize("variant", sorted({v for v, _ in CONFIGS}))
def test_every_move_reads_back_in_german(variant: str) -> None:
    players = next(n for v, n in CONFIGS if v == variant)
    checked = 0
    for k, (game, seat) in enumerate(random_game(variant, players, 3, 120)):
        if k % 4 == 0:
            checked += check_round_trip(SeatText(game, seat, "de"))
    assert checked > 20


def test_a_text_that_names_no_move_lists_the_moves() -> None:
    game = bohn.new_game("bohnanza", 3, 1)
    view = SeatText(game, 0)
    listed = view.moves()
    first = listed[0].line
    with pytest.raises(MoveError, match="not understood: 'dance'") as e:
        view.read("dance")
    assert "your moves:" in str(e.value) and first in str(e.value)
    with pytest.raises(
        MoveError, match=f"there is no move 99; the moves are numbered 1 to {len(listed)}"
    ):
        view.read("99")
    with pytest.raises(MoveError, match="no move given"):
        view.read("   ")
    # numbers count from 1, as the table shows them
    with pytest.raises(MoveError, match="count from 1"):
        view.read("plant f0")
    # the start of several moves' words names none of them: they are listed
    with pytest.raises(MoveError, match="'plant' could be any of these moves") as e:
        view.read("plant")
    shown = str(e.value).splitlines()
    assert len(shown) > 3 and all("plant" in line for line in shown[2:-1])
    # a move the game refuses is refused with the rule it breaks
    with pytest.raises(MoveError, match=r"not allowed: .*\(bohnanza §") as e:
        view.read("harvest f1")
    assert first in str(e.value)
    # German
    with pytest.raises(MoveError, match="nicht verstanden: 'tanzen'") as e:
        SeatText(game, 0, "de").read("tanzen")
    assert "deine Züge:" in str(e.value)


def test_the_start_of_a_move_and_a_bracket_name_it() -> None:
    game = bohn.new_game("bohnanza", 3, 1)
    view = SeatText(game, 0)
    plants = [m for m in view.moves() if isinstance(m.action, Plant)]
    assert plants
    m = plants[0]
    assert view.read(m.label[: len(m.label) - 2]) == m.action
    assert view.read(f"I choose this one: [{m.command}]") == m.action
    assert parse_move(game, 0, m.command.upper()) == m.action
    assert game.seq == 0  # reading changes nothing
