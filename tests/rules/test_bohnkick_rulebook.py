"""Bohnkick's placeholder data honours what the rulebook says about the cards
(``rules/bohnkick.md`` §1, BK-D1, BK-D2), and its refusals say who acts.

The card lists are placeholders (no public card list is known), but every
qualitative statement of the rulebook must still hold for them: "Headers have
a better chance at a goal" is measured over seeded random games; the counts,
the crosses and the goalie corners are checked in ``test_bohnkick.py``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bohn.engine.errors import NotWaiting
from bohn.rulesets.bohnkick.rules import GOAL
from bohn.rulesets.bohnkick.rules import KIND
from bohn.rulesets.bohnkick.rules import TABLE
from bohn.rulesets.bohnkick.rules import Bohnkick

from .helpers import act
from .helpers import refused
from .test_bohnkick import position

#: seeded random games per player count: enough for a clear gap, fast (about 2 s)
GAMES = 300


def scoring_rates(players: int, games: int = GAMES) -> dict[str, tuple[int, float]]:
    """Per goal-card kind: how many were played in ``games`` random games
    (seeds 0 …), and the share of them that scored (neither tackled nor
    blocked)."""
    played: Counter[str] = Counter()
    scored: Counter[str] = Counter()
    for seed in range(games):
        game = Bohnkick.new(players, seed=seed)
        rng = random.Random(seed)
        shooting = ""  # the kind of the goal card in play, until its attack is decided
        while game.result() is None:
            seat = min(game.waiting_for())
            for e in game.apply(seat, rng.choice(game.legal_actions(seat))):
                d = e.data
                if d["type"] == "play" and GOAL[TABLE.index[d["card"]]]:
                    shooting = KIND[TABLE.index[d["card"]]]
                    played[shooting] += 1
                elif d["type"] == "goal" and shooting:
                    scored[shooting] += 1
                    shooting = ""
                elif d["type"] in ("block", "tackle", "attack-over"):
                    shooting = ""
    return {k: (n, scored[k] / n) for k, n in played.items()}


@pytest.mark.parametrize("players", [2, 4])
def test_s1_5_headers_score_more_often_than_shots(players: int) -> None:
    """§4.1 ("Headers have a better chance at a goal"), BK-D2: over seeded
    random games a header scores more often than a shot. Both are Feuerbohne
    cards (the same Tackle card stops them), so the Goalie cards decide: the
    header's cover one corner each, the shot's add a two-corner card."""
    rates = scoring_rates(players)
    header, shot = rates["header"], rates["shot"]
    assert header[0] > 200 and shot[0] > 200  # enough shots of each kind
    assert header[1] > shot[1], rates


def test_s1_5_header_goalies_cover_fewer_corners_than_shot_goalies() -> None:
    """BK-D2: the corner cover behind the measured rates: header Goalie cards
    cover fewer corners than shot Goalie cards, the four-corner card is a
    long-shot one."""
    cover: Counter[str] = Counter()
    for c in TABLE.deck():
        if KIND[c] == "goalie":
            cover[str(TABLE.attrs[c]["shot"])] += len(TABLE.attrs[c]["corners"])
    assert cover["header"] < cover["shot"] < cover["long-shot"]
    (quad,) = [k for k in TABLE.keys if k.endswith(":ul+ur+ll+lr")]
    assert quad == "goalie:long-shot:ul+ur+ll+lr"


def test_s3_2_2_a_play_while_only_goal_cards_are_discarded_says_who_acts() -> None:
    """§3.2.2: while the opener holds only goal cards nobody plays a team
    card; the refusal says so, who acts instead and why, not "seat 0 plays
    the next team card" to seat 0 itself."""
    game = position(
        phase="only-goal-cards",
        decks=[["sau/dribble"], []],
        seats=[{"hand": ["feuer/shot", "feuer/header"]}, {"hand": ["kaffee/dribble"]}],
    )
    for seat in (0, 1):
        e = refused(game, seat, "play h0", "bohnkick §3.2.2")
        assert isinstance(e, NotWaiting)
        assert e.message.startswith("nobody plays a team card now: seat 0 opens the attack")
        assert "holds only goal cards" in e.message and "drop h<i>" in e.message
        assert "plays the next team card" not in e.message
    act(game, 0, "drop h0")
    assert game.phase_name == "play" and game.mover == 1
    e = refused(game, 0, "play h0", "bohnkick §3.4")
    assert e.message == "seat 1 plays the next team card"


def test_s3_3_a_play_before_the_defender_reacts_names_the_defender() -> None:
    """§3.3: after a team card the defender reacts first; the attacker's next
    play is refused naming the defender, not the attacker."""
    game = position(seats=[{"hand": ["sau/dribble", "sau/pass:brech"]}, {}])
    act(game, 0, "play h0")
    assert game.phase_name == "react"
    e = refused(game, 0, "play h0", "bohnkick §3.3")
    assert e.message == "seat 1 first reacts to the last team card (continue, swap or tackle)"
