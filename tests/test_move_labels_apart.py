"""Two legal moves never read alike: where two answers to an offer (or two
proposals) would give the same bean from different places, their labels say
which card each gives (``give Chili bean (hand card 10)``)."""

from __future__ import annotations

import re

import pytest

import bohn
from bohn.bots.base import seat_view
from bohn.describe import LANGS
from bohn.describe import describer
from bohn.describe.bean import BeanDescriber
from bohn.server.rooms import legal_view
from bohn.sim.runner import make_bots
from bohn.sim.runner import next_seat

PLACES = {"en": "(hand card ", "de": "(Handkarte "}
#: a told-apart place right after a parenthesis that closes the move's words
STACKED = re.compile(
    r"\) \((?:"
    + "|".join(re.escape(w.split("{i}")[0]) for ws in BeanDescriber.PLACES.values() for w in ws)
    + ")"
)


@pytest.mark.parametrize(
    ("variant", "players"), [("bohnanza", 5), ("ladybohn", 4), ("mutterbohnchen", 3)]
)
def test_no_two_moves_of_a_seat_read_alike(variant: str, players: int) -> None:
    game = bohn.new_game(variant, players, seed=7)
    bots = make_bots(["greedy"] * players, 7)
    words = {lang: describer(game, lang) for lang in LANGS}
    told = dict.fromkeys(LANGS, 0)
    last = players - 1
    for _ in range(600):
        if game.result() is not None or not game.waiting_for():
            break
        for s in range(players):
            legal = game.legal_actions(s)
            for lang, w in words.items():
                labels = [e["label"] for e in legal_view(game, s, w, legal=legal)]
                twins = sorted({x for x in labels if labels.count(x) > 1})
                assert not twins, (lang, twins)
                # a place follows the move's words, not a parenthesis of
                # their own ("for nothing (a donation) (hand card 0)")
                stacked = [x for x in labels if STACKED.search(x)]
                assert not stacked, (lang, stacked)
                told[lang] += sum(PLACES[lang] in x for x in labels)
        seat = next_seat(game.waiting_for(), last, players)
        game.apply(seat, bots[seat].act(seat_view(game, seat, bots[seat], {})))
        last = seat
    # the game had moves that needed telling apart
    assert all(told.values()), told


def test_a_move_without_a_twin_names_no_place() -> None:
    game = bohn.new_game("bohnanza", 3, seed=1)
    labels = [e["label"] for e in legal_view(game, 0, describer(game, "en"))]
    assert labels and not any("(hand card" in x for x in labels), labels
