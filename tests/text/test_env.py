"""The TextArena-shaped environment: a whole game played by answers in
text, refusals, forfeits and the rules on request."""

from __future__ import annotations

import random

import pytest

from bohn.engine.errors import SetupError
from bohn.text import TextEnv


def answer(observation: str, rnd: random.Random) -> str:
    """A random move of those listed, named by its number, its command or
    its words in turn."""
    lines = [line.strip() for line in observation.splitlines() if line.startswith("  ")]
    moves = [line for line in lines if line.split(":", 1)[0].isdigit()]
    line = rnd.choice(moves)
    number, text = line.split(": ", 1)
    how = rnd.randrange(3)
    if how == 0:
        return number
    if how == 1:
        return text[text.rindex("[") :]
    return text


@pytest.mark.parametrize(("variant", "players"), [("al-cabohne", 1), ("bohnkick", 2)])
def test_a_whole_game_in_text(variant: str, players: int) -> None:
    env = TextEnv(variant)
    env.reset(num_players=players, seed=4)
    rnd = random.Random(4)
    done = False
    steps = 0
    seen: set[int] = set()
    while not done:
        player, observation = env.get_observation()
        assert ("the rules in brief" in observation) == (player not in seen)
        seen.add(player)
        done, info = env.step(answer(observation, rnd))
        assert "invalid_move" not in info, info
        steps += 1
        assert steps < 5000
    rewards, game_info = env.close()
    assert set(rewards) == set(range(players))
    assert game_info["result"]["reason"] == game_info["reason"]
    assert env.step("1") == (True, {"reason": game_info["reason"]})  # over: nothing more
    _, last = env.get_observation()
    assert "=== game over" in last


def test_refusals_then_a_forfeit() -> None:
    env = TextEnv("bohnanza", error_allowance=2)
    env.reset(3, seed=1)
    player, _ = env.get_observation()
    done, info = env.step("dance")
    assert not done and info["invalid_move"] and "your moves:" in info["error"]
    again, observation = env.get_observation()
    assert again == player
    assert observation.startswith("Your answer was refused (1 more refusals end the game for you)")
    assert "the rules in brief" not in observation
    done, info = env.step("plant f0")
    assert done and "forfeits" in info["reason"]
    rewards, game_info = env.close()
    assert game_info["forfeit"] == player and "result" not in game_info
    assert rewards[player] == -1.0 and sorted(rewards.values()) == [-1.0, 0.0, 0.0]


def test_the_rules_on_request_and_in_german() -> None:
    env = TextEnv("high-bohn", options={"cognac": True}, lang="de")
    env.reset(3, seed=2)
    player, first = env.get_observation()
    assert "High Bohn: die Regeln in Kürze (3 Spieler in diesem Spiel)" in first
    assert "Optionen dieses Spiels: cognac=true." in first
    assert "Deine Züge" in first
    done, info = env.step("Regeln")
    assert not done and info == {"player_id": player, "rules": True}
    same, observation = env.get_observation()
    assert same == player and "die Regeln in Kürze" in observation
    done, info = env.step("1")
    assert not done and "action" in info


def test_a_game_must_be_set_up() -> None:
    env = TextEnv("bohnkick")
    with pytest.raises(SetupError, match="reset"):
        env.get_observation()
    with pytest.raises(SetupError, match="2 or 4 players, not 3"):
        env.reset(3)
    with pytest.raises(SetupError):
        TextEnv("bohnanza", options={"no_such_option": 1})


def test_a_game_against_bots() -> None:
    env = TextEnv("bohnanza", bots={1: "greedy", 2: "random"})
    env.reset(3, seed=6)
    rnd = random.Random(6)
    done = False
    moves = 0
    while not done:
        player, observation = env.get_observation()
        assert player == 0
        done, info = env.step(answer(observation, rnd))
        assert "invalid_move" not in info
        moves += 1
    assert env.steps > moves  # the bots moved too
    rewards, game_info = env.close()
    assert set(rewards) == {0, 1, 2} and "result" in game_info


def test_bots_are_checked() -> None:
    with pytest.raises(ValueError, match="no-such-bot"):
        TextEnv("bohnanza", bots={1: "no-such-bot"})
    env = TextEnv("bohnanza", bots={0: "random", 1: "random", 2: "random"})
    with pytest.raises(SetupError, match="leave one to a player"):
        env.reset(3)
    with pytest.raises(SetupError, match="seats 0 to 2 only"):
        TextEnv("bohnanza", bots={5: "random"}).reset(3)
