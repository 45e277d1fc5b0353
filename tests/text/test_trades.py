"""Trading in text: a proposal the list of moves leaves out, written in the
documented grammar (``propose <seat> give <cards> want <bean types>``, cards
by place, bean types by key or by name), is read and made, for every
ruleset that trades."""

from __future__ import annotations

from typing import Any

import pytest

from bohn.catalogue import catalogue
from bohn.engine.actions import Accept
from bohn.engine.actions import Propose
from bohn.rulesets import VARIANTS
from bohn.text import MoveError
from bohn.text import SeatText

from .helpers import random_game

TRADING = [v for v, k in VARIANTS.items() if Propose in k.HANDLERS]


def bean_names(variant: str, hand: list[Any]) -> list[tuple[str, str]]:
    """(key, English name) of the cards of ``hand``: kinds a proposal may
    ask for where they are bean types."""
    keys = {str(k) for k in hand}
    return [(e.key, e.names["en"]) for e in catalogue(variant).entries if e.key in keys]


@pytest.mark.parametrize("variant", TRADING)
def test_a_proposal_the_list_leaves_out_is_made(variant: str) -> None:
    players = 3
    made = 0
    for game, seat in random_game(variant, players, 7, 600):
        view = SeatText(game, seat)
        listed = view.moves()
        if not any(isinstance(m.action, Propose) for m in listed):
            continue
        listed_actions = {m.action for m in listed}
        obs = game.observe(seat)
        hand = obs["seats"][seat].get("hand", [])
        targets = sorted({m.action.to for m in listed if isinstance(m.action, Propose)})
        for to in targets:
            for i in range(len(hand), 0, -1):
                for key, name in bean_names(variant, hand):
                    # the name in words, mixed case, a comma list with spaces
                    answer = f"Propose {to + 1} give H{i} want {name.upper()}, {name}"
                    expected = Propose(to, (f"h{i - 1}",), (key, key))
                    if expected in listed_actions:
                        continue
                    try:
                        got = view.read(answer)
                    except MoveError:
                        continue  # the rules refuse this one (a card already offered ...)
                    assert got == expected
                    game.clone().apply(seat, got)
                    made += 1
                    break
                if made:
                    break
            if made:
                break
        if made:
            break
    assert made, f"no proposal outside the list was made in {variant}"


@pytest.mark.parametrize("variant", TRADING)
def test_offers_are_answered_and_bad_proposals_refused(variant: str) -> None:
    accepted = refused = 0
    for game, seat in random_game(variant, 3, 8, 900):
        view = SeatText(game, seat)
        listed = view.moves()
        for m in listed:
            if isinstance(m.action, Accept) and not accepted:
                assert view.read(m.command.upper()) == m.action
                accepted += 1
        if any(isinstance(m.action, Propose) for m in listed) and not refused:
            with pytest.raises(MoveError, match="your moves:"):
                view.read(f"propose {seat + 1} want blaue")  # to oneself
            with pytest.raises(MoveError, match="your moves:"):
                view.read("propose 2 give h1 want no-such-bean-at-all")
            refused += 1
        if accepted and refused:
            break
    assert refused
