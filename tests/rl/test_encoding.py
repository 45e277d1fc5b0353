"""The observation encoding: a pure function of ``game.observe(seat)``, built
for the acting seat only, and blind to everything the seat cannot see."""

from __future__ import annotations

import copy
import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from bohn import rl
from bohn.engine.infostate import resample_from_infostate
from bohn.rl.encoding import Encoder
from bohn.rl.env import SeatState

from .helpers import CONFIG_IDS
from .helpers import CONFIGS


class Recorder:
    """A game that notes every seat it is asked to observe."""

    def __init__(self, game: Any) -> None:
        self._game = game
        self.observed: list[int | None] = []

    def observe(self, seat: int | None) -> dict[str, Any]:
        self.observed.append(seat)
        return self._game.observe(seat)  # type: ignore[no-any-return]

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)


def random_states(
    variant: str, players: int, seed: int, every: int, until: int = 10**9
) -> list[tuple[Any, int]]:
    """(game copy, acting seat) every ``every`` steps of a random game (up to ``until``)."""
    e = rl.raw_env(variant, players)
    e.reset(seed=seed)
    rnd = random.Random(seed)
    out = []
    k = 0
    while e.agents and k < until:
        agent = e.agent_selection
        if e.terminations[agent]:
            e.step(None)
            continue
        mask = e.observe(agent)["action_mask"]
        if k % every == every - 1:
            assert e.game is not None
            out.append((e.game.clone(), int(agent[5:])))
        legal = np.flatnonzero(mask)
        e.step(int(legal[rnd.randrange(len(legal))]))
        k += 1
    return out


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_the_env_observes_only_the_acting_seat(variant: str, players: int) -> None:
    e = rl.raw_env(variant, players)
    # the path from observe(seat); the vector written from the state observes
    # nobody (test_state.py checks it equal to this one and blind)
    e.encoder.state = None
    e.reset(seed=5)
    rec = Recorder(e.game)
    e.game = rec  # type: ignore[assignment]
    for _ in range(60):
        agent = e.agent_selection
        if e.terminations[agent]:
            break
        obs = e.observe(agent)
        seat = int(agent[5:])
        assert set(rec.observed) <= {seat}
        # the vector is the encoding of that seat's observation dict, nothing else
        d = e.observe_dict(agent)
        assert np.array_equal(obs["observation"], e.encoder.encode(copy.deepcopy(d)))
        rec.observed.clear()
        e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert rec.observed == []  # stepping observes nobody


@pytest.mark.parametrize(("variant", "players"), CONFIGS, ids=CONFIG_IDS)
def test_hidden_cards_do_not_change_the_encoding(variant: str, players: int) -> None:
    """A world dealt anew from the seat's information state (other hands, the
    deck's order) encodes exactly as the real game, mask included."""
    e = rl.raw_env(variant, players)
    checked = 0
    for game, seat in random_states(variant, players, seed=11, every=60, until=120):
        world = resample_from_infostate(game, seat, 3)
        real = SeatState(e.config, game, seat)
        other = SeatState(e.config, world, seat)
        assert np.array_equal(real.vector, other.vector)
        assert np.array_equal(real.mask, other.mask)
        checked += 1
    assert checked > 0


def test_layout_covers_the_vector() -> None:
    for variant, players in CONFIGS:
        enc = Encoder(variant, players)
        pos = 0
        for blk in enc.layout():
            assert blk.start == pos and blk.size > 0 and blk.doc, (variant, blk.name)
            pos += blk.size
        assert pos == enc.size


def test_the_encoding_is_relative_to_the_seat() -> None:
    """Two seats with the same hand and fields, seen from themselves, share
    their own-seat block."""
    enc = Encoder("bohnanza", 3)
    e = rl.raw_env("bohnanza", 3)
    e.reset(seed=1)
    d = e.observe_dict(e.agent_selection)
    seat = d["seat"]
    other = copy.deepcopy(d)
    other["seat"] = (seat + 1) % 3
    other["seats"] = d["seats"][-1:] + d["seats"][:-1]  # everyone moved one place on
    other["active"] = (d["active"] + 1) % 3
    other["first_player"] = (d["first_player"] + 1) % 3
    other["waiting_for"] = [(s + 1) % 3 for s in d["waiting_for"]]
    assert np.array_equal(enc.encode(d), enc.encode(other))
