"""The AEC environment's behaviour: seeding, rewards, errors."""

from __future__ import annotations

import copy
import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from bohn import rl
from bohn.engine.errors import IllegalAction
from bohn.engine.errors import InvalidAction
from bohn.engine.errors import SetupError
from bohn.engine.game import Result
from bohn.rl.actions import offer_slots
from bohn.rl.env import terminal_rewards
from bohn.sim.runner import next_seat


def play_out(e: rl.raw_env, seed: int) -> dict[str, float]:
    """A random game; the cumulative reward each agent saw at its end."""
    e.reset(seed=seed)
    rnd = random.Random(seed)
    final: dict[str, float] = {}
    for agent in e.agent_iter():
        obs, reward, term, trunc, _ = e.last()
        if term or trunc:
            final[agent] = reward
            e.step(None)
            continue
        assert reward == 0.0
        legal = np.flatnonzero(obs["action_mask"])
        e.step(int(legal[rnd.randrange(len(legal))]))
    return final


def test_same_seed_same_game_and_the_engine_seed() -> None:
    a = rl.raw_env("sissi", 3)
    b = rl.raw_env("sissi", 3)
    a.reset(seed=7)
    b.reset(seed=7)
    assert a.game is not None and b.game is not None
    assert a.game.state_key() == b.game.state_key()
    assert a.game.seed == 7  # reset(seed) is the engine's deal seed
    from bohn.rulesets import find_variant

    assert a.game.state_key() == find_variant("sissi").new(3, seed=7).state_key()
    # seedless resets after a seeded one are reproducible too
    a.reset()
    b.reset()
    assert a.game.state_key() == b.game.state_key()
    a.reset(seed=8)
    b.reset(seed=7)
    assert a.game.state_key() != b.game.state_key()


def test_the_agent_to_act_is_the_runners_next_seat() -> None:
    e = rl.raw_env("bohnanza", 4)
    e.reset(seed=3)
    rnd = random.Random(0)
    last = (e.game.active - 1) % 4  # type: ignore[union-attr]
    for _ in range(300):
        game = e.game
        assert game is not None
        assert e.agent_selection == f"seat_{next_seat(game.waiting_for(), last, 4)}"
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
        last = int(e.agent_selection[5:])
        e.step(int(legal[rnd.randrange(len(legal))]))


@pytest.mark.parametrize("reward", ["rank", "win", "score"])
def test_terminal_rewards(reward: str) -> None:
    e = rl.raw_env("bohnanza", 3, reward=reward, trade_cap=2)
    final = play_out(e, seed=4)
    assert set(final) == {"seat_0", "seat_1", "seat_2"}
    r = e.infos  # emptied by the dead steps
    assert r == {}
    result = e.game.result()  # type: ignore[union-attr]
    assert result is not None
    expected = terminal_rewards(result, 3, reward)
    assert [final[f"seat_{s}"] for s in range(3)] == expected
    if reward == "rank":
        assert sorted(expected) == [-1.0, 0.0, 1.0]
        assert final[f"seat_{result.ranking[0]}"] == 1.0
    if reward == "win":
        assert sum(expected) == pytest.approx(1.0)
    if reward == "score":
        assert sum(expected) == pytest.approx(0.0)


def test_reward_formulas() -> None:
    res = Result(scores=(5, 9, 9, 1), winners=(2,), ranking=(2, 1, 0, 3), reason="x")
    assert terminal_rewards(res, 4, "rank") == [
        pytest.approx(-1 / 3),
        pytest.approx(1 / 3),
        1.0,
        -1.0,
    ]
    assert terminal_rewards(res, 4, "win") == [0.0, 0.0, 1.0, 0.0]
    assert terminal_rewards(res, 4, "score") == [
        pytest.approx(5 - 19 / 3),
        pytest.approx(9 - 15 / 3),
        pytest.approx(9 - 15 / 3),
        pytest.approx(1 - 23 / 3),
    ]
    shared = Result(scores=(3, 3), winners=(0, 1), ranking=(0, 1), reason="x")
    assert terminal_rewards(shared, 2, "win") == [0.5, 0.5]
    mafia = Result(scores=(4, 6), winners=(), ranking=(1, 0), reason="mafia")
    assert terminal_rewards(mafia, 2, "rank") == [-1.0, -1.0]
    solo = Result(scores=(12,), winners=(0,), ranking=(0,), reason="x")
    assert terminal_rewards(solo, 1, "rank") == [1.0]
    assert terminal_rewards(solo, 1, "score") == [12.0]


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: rl.env("bohnaza"), SetupError, "unknown variant 'bohnaza'"),
        (lambda: rl.env("sissi", 2), SetupError, "sissi is for 3-5 players, not 2"),
        (lambda: rl.env("bohnkick", 3), SetupError, "for 2 or 4 players"),
        (lambda: rl.env("sissi", "3"), SetupError, "players must be an integer"),
        (lambda: rl.env("sissi", 3, reward="coins"), SetupError, "reward='coins'"),
        (lambda: rl.env("sissi", 3, tradecap=3), SetupError, "no option tradecap"),
        (lambda: rl.env("sissi", 3, render_mode="human"), SetupError, "render_mode"),
    ],
)
def test_bad_configurations(call: object, error: type, words: str) -> None:
    with pytest.raises(error, match=words):
        call()  # type: ignore[operator]


def test_an_illegal_index_says_why_and_changes_nothing() -> None:
    e = rl.raw_env("bohnanza", 3)
    e.reset(seed=1)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    game = e.game
    assert game is not None
    before = game.state_key()
    i = e.table.index["keep r0"]  # phase 1: no revealed card to keep
    assert mask[i] == 0
    with pytest.raises(
        IllegalAction, match=r"action \d+ \(keep r0: keep r0\) is not legal for seat_\d now: deals"
    ):
        e.step(i)
    assert game.state_key() == before and e.agent_selection == agent
    with pytest.raises(InvalidAction, match="out of range"):
        e.step(len(e.table))
    with pytest.raises(InvalidAction, match="must be an integer"):
        e.step("plant f0")
    with pytest.raises(InvalidAction, match="not None"):
        e.step(None)
    assert game.state_key() == before
    # numpy integers are accepted
    e.step(np.int64(np.flatnonzero(mask)[0]))
    assert game.seq == 1


def test_acting_out_of_turn_is_refused() -> None:
    e = rl.raw_env("sissi", 3)
    e.reset(seed=0)
    other = next(a for a in e.agents if a != e.agent_selection)
    assert not e.observe(other)["action_mask"].any()
    assert e.legal_actions(other) == {}
    with pytest.raises(IllegalAction, match=f"turn to act, not {other}'s"):
        e.act(other, 0)
    legal = e.legal_actions()
    i = min(legal)
    e.act(e.agent_selection, i)
    with pytest.raises(InvalidAction, match="no agent"):
        e.observe("player_0")


def test_an_unlisted_proposal_the_rules_allow_is_applied() -> None:
    """Off the mask but legal for the engine: a proposal outside the listed
    vocabulary is applied, as the engine's apply accepts it."""
    e = rl.raw_env("bohnanza", 3)
    e.reset(seed=2)
    rnd = random.Random(2)
    for _ in range(1000):
        d = e.observe_dict(e.agent_selection)
        if d["phase"] == "trade" and d["seat"] == d["active"] and d["seats"][d["seat"]]["hand"]:
            break
        legal = np.flatnonzero(e.observe(e.agent_selection)["action_mask"])
        e.step(int(legal[rnd.randrange(len(legal))]))
    mask = e.observe(e.agent_selection)["action_mask"]
    unlisted = [
        i
        for b in e.table.families[0].domains.get("b", []) or ["blaue", "feuer", "sau", "garten"]
        for i in [e.table.index[f"propose +1 give h0 want {b}"]]
        if not mask[i]
    ]
    assert unlisted
    seq = e.game.seq  # type: ignore[union-attr]
    e.step(unlisted[0])
    assert e.game.seq == seq + 1  # type: ignore[union-attr]


def test_observe_dict_is_the_engine_observation() -> None:
    e = rl.raw_env("ladybohn", 4)
    e.reset(seed=9)
    agent = e.agent_selection
    assert e.observe_dict(agent) == e.game.observe(int(agent[5:]))  # type: ignore[union-attr]
    assert "hand" in e.observe_dict(agent)["seats"][int(agent[5:])]
    assert e.action_text(e.table.index["plant f0"]) == "plant f0"


def test_the_wrapper_keeps_pettingzoos_order_checks() -> None:
    e = rl.env("sissi", 3)
    for name in ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(e, name)
    with pytest.raises(Exception, match="reset"):
        e.step(0)
    with pytest.raises(Exception, match="reset"):
        e.last()
    e.reset(seed=1)
    assert e.agent_selection == e.unwrapped.agent_selection
    assert e.agents is e.unwrapped.agents
    assert e._cumulative_rewards is e.unwrapped._cumulative_rewards
    assert str(e) == "bohn_v1"


@pytest.mark.parametrize(
    ("variant", "players"),
    [("bohnanza", 3), ("sissi", 4), ("high-bohn", 3), ("prohibohn", 2), ("mutterbohnchen", 2),
     ("bohnkick", 4)],
)  # fmt: skip
def test_every_step_gives_a_fresh_encoding_and_mask(variant: str, players: int) -> None:
    """The memoised vector and mask of each step equal those built anew, without
    any memo, from that step's observation and legal actions."""
    e = rl.env(variant, players)
    raw = e.unwrapped
    assert isinstance(raw, rl.raw_env)
    table = raw.table
    e.reset(seed=4)
    rnd = random.Random(4)
    for k, agent in enumerate(e.agent_iter(max_iter=400)):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
            continue
        assert raw.game is not None
        seat = int(agent[5:])
        d = raw.game.observe(seat)
        fresh = rl.Encoder(variant, players) if k % 50 == 0 else raw.encoder
        assert np.array_equal(obs["observation"], fresh.encode(copy.deepcopy(d)))
        offers_in, offers_out = offer_slots(d, seat)
        mask = np.zeros(len(table), dtype=np.int8)
        for a in raw.game.legal_actions(seat):
            i = table.index.get(table.key_of(a, seat, offers_in, offers_out))
            if i is not None:
                mask[i] = 1
        assert np.array_equal(obs["action_mask"], mask)
        vector = obs["observation"].copy()
        obs["observation"][:] = 7.0  # the copies handed out are the caller's
        obs["action_mask"][:] = 0
        again = e.observe(agent)
        assert again is not None and np.array_equal(again["action_mask"], mask)
        assert np.array_equal(again["observation"], vector)
        legal = np.flatnonzero(mask)
        e.step(int(legal[rnd.randrange(len(legal))]))
