"""The action table: a bijection index <-> engine action, a mask that is never
empty, and every legal action either in the table or outside a documented
window."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from bohn import rl
from bohn.engine.actions import parse_action
from bohn.rl.actions import ActionTable

from .helpers import CONFIG_IDS
from .helpers import CONFIGS


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_index_action_index_is_the_identity(variant: str, players: int) -> None:
    table = ActionTable(variant, players)
    assert len(set(table.keys)) == len(table)
    offers_in = [100 + i for i in range(table.caps.offers_in)]
    offers_out = [200 + i for i in range(table.caps.offers_out)]
    for seat in range(players):
        for i in range(len(table)):
            action = table.action_for(i, seat, offers_in, offers_out)
            assert parse_action(action.text()) == action
            assert table.index_of(action, seat, offers_in, offers_out) == i, table.keys[i]


def test_seats_and_offers_are_relative() -> None:
    table = ActionTable("bohnanza", 4)
    i = table.index["propose +1 give h0 want blaue"]
    assert table.action_for(i, 3, [], []).text() == "propose 0 give h0 want blaue"
    assert table.action_for(i, 1, [], []).text() == "propose 2 give h0 want blaue"
    j = table.index["accept @1 give h2"]
    assert table.action_for(j, 0, [7, 9], []).text() == "accept 9 give h2"
    k = table.index["withdraw @0"]
    assert table.action_for(k, 0, [7], [8]).text() == "withdraw 8"


def test_outside_reasons_name_the_window() -> None:
    table = ActionTable("bohnanza", 3)
    assert table.outside_reason("plant f0") is None  # in the table
    assert "outside the window" in str(table.outside_reason("decline @12"))
    assert "outside the window" in str(table.outside_reason("propose +1 give h11"))
    assert table.outside_reason("propose +1 give h0,h1") is not None
    assert table.outside_reason("fly away") is None  # no family explains it


def play_checked(variant: str, players: int, seed: int, check_every: int) -> int:
    """A random game through the environment: the mask is never empty, every
    legal action is in the table or outside a window, and every masked index
    of every ``check_every``-th state applies (on a copy)."""
    e = rl.raw_env(variant, players)
    e.reset(seed=seed)
    table = e.table
    rnd = random.Random(seed)
    steps = 0
    while e.agents:
        agent = e.agent_selection
        if e.terminations[agent]:
            e.step(None)
            continue
        obs = e.observe(agent)
        mask = obs["action_mask"]
        legal_idx = np.flatnonzero(mask)
        assert len(legal_idx) > 0, f"empty mask at step {steps}"
        st = e._seat_state()
        game = e.game
        assert game is not None
        for a in game.legal_actions(st.seat):
            key = table.key_of(a, st.seat, st.offers_in, st.offers_out)
            if key in table.index:
                assert mask[table.index[key]] == 1, key
                assert st.legal[table.index[key]] == a
            else:
                assert table.outside_reason(key) is not None, f"{a.text()} -> {key}"
        assert len(st.legal) == len(legal_idx)
        if steps % check_every == 0:
            for i in legal_idx:
                g = game.clone()
                g.apply(st.seat, table.action_for(int(i), st.seat, st.offers_in, st.offers_out))
        e.step(int(legal_idx[rnd.randrange(len(legal_idx))]))
        steps += 1
    return steps


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_random_games_through_the_environment(variant: str, players: int) -> None:
    assert play_checked(variant, players, seed=players, check_every=40) > 10
