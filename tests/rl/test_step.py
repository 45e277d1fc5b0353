"""The per-step memos (``bohn.rl.step``): the index each memo hands out is
the one the table gives afresh, when an answer's offer moves to another slot
and when the engine builds an equal action anew."""

from __future__ import annotations

import random
from collections.abc import Iterator

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from bohn import rl
from bohn.engine.game import Game
from bohn.rl.actions import offer_slots
from bohn.rl.step import SeatCore

ANSWERS = ("accept", "decline", "withdraw")


def states(e: rl.raw_env, seed: int, steps: int) -> Iterator[tuple[Game, SeatCore]]:
    """The game and the acting seat's state of each step of random games."""
    rnd = random.Random(seed)
    done = 0
    while done < steps:
        e.reset(seed=seed + done)
        while e.agents and done < steps:
            agent = e.agent_selection
            if e.terminations[agent]:
                e.step(None)
                continue
            assert e.game is not None
            st = e._seat_state()
            yield e.game, st
            legal = np.flatnonzero(np.frombuffer(st.mask_bytes, dtype=np.int8))
            e.step(int(legal[rnd.randrange(len(legal))]))
            done += 1


def fresh_mask(e: rl.raw_env, game: Game, seat: int) -> bytes:
    """The mask built without any memo, from the observation and the legal actions."""
    table = e.table
    offers_in, offers_out = offer_slots(game.observe(seat), seat)
    mask = bytearray(len(table))
    for a in game.legal_actions(seat):
        i = table.index.get(table.key_of(a, seat, offers_in, offers_out))
        if i is not None:
            mask[i] = 1
    return bytes(mask)


def test_an_answer_follows_its_offer_to_another_slot() -> None:
    """An answer the memo learnt at one slot of its offer, seen again after an
    older offer closed (its offer now at another slot), gets the index of
    the new slot."""
    e = rl.raw_env("bohnanza", 3)
    slot_seen: dict[tuple[int, int], int] = {}  # (seat, id(action)) -> slot
    keep: list[object] = []  # the actions stay alive, so their ids are not reused
    moved = 0
    for game, st in states(e, seed=1, steps=6000):
        assert st.mask_bytes == fresh_mask(e, game, st.seat)
        for a, i in zip(st.actions, st.indices, strict=True):
            if a.type not in ANSWERS:
                continue
            ids = st.offers_out if a.type == "withdraw" else st.offers_in
            slot = ids.index(a.offer)  # type: ignore[attr-defined]
            key = (st.seat, id(a))
            before = slot_seen.get(key)
            if before is not None and before != slot:
                moved += 1
                expect = e.table.index_of(a, st.seat, st.offers_in, st.offers_out)
                assert i == (-1 if expect is None else expect)
            slot_seen[key] = slot
            keep.append(a)
    assert moved > 0


@pytest.mark.parametrize(("variant", "players"), [("al-cabohne", 1), ("bohnkick", 2)])
def test_actions_built_anew_are_found_by_value(variant: str, players: int) -> None:
    """Where the engine builds its legal actions anew for every state, the mask
    is still exact, and the memo keeps one entry per action value, not one
    per object built."""
    e = rl.raw_env(variant, players)
    memos = e.config.core.memos  # (shared with other environments of the configuration)
    before = [len(m.by_value) for m in memos]
    anew = 0
    last: dict[object, object] = {}
    for game, st in states(e, seed=2, steps=3000):
        assert st.mask_bytes == fresh_mask(e, game, st.seat)
        for a in st.actions:
            seen = last.get(a)
            anew += seen is not None and seen is not a
            last[a] = a
    assert anew > 0  # the engine did build equal actions anew
    for memo, size in zip(memos, before, strict=True):
        assert len(memo.known) <= len(memo.by_value)
        assert len(memo.by_value) - size <= len(last)


def test_environments_of_one_configuration_share_the_table_and_memos() -> None:
    a = rl.raw_env("sissi", 3)
    b = rl.env("sissi", 3).unwrapped
    c = rl.raw_env("sissi", 3, trade_cap=4)
    assert a.table is b.table and a.config.core.memos is b.config.core.memos
    assert a.encoder is not b.encoder
    assert c.table is not a.table and c.config.core.memos is not a.config.core.memos


def test_a_state_refuses_to_read_a_game_that_moved_on() -> None:
    e = rl.raw_env("bohnanza", 3)
    e.reset(seed=3)
    assert e.game is not None
    st = SeatCore(e.config, e.game, int(e.agent_selection[5:]))
    e.step(int(np.flatnonzero(np.frombuffer(st.mask_bytes, dtype=np.int8))[0]))
    with pytest.raises(RuntimeError, match="moved on"):
        st._encoded()
    with pytest.raises(RuntimeError, match="moved on"):
        st.buffers()
