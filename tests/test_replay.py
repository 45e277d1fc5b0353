"""The replay format: recording, loading, verifying, and catching tampering."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

import bohn
from bohn.engine.errors import BohnError
from bohn.engine.game import Game
from bohn.replay import REPLAY_FORMAT
from bohn.replay import REPLAY_VERSION
from bohn.replay import ReplayError
from bohn.replay import ReplayMismatch
from bohn.replay import check
from bohn.replay import dumps
from bohn.replay import load
from bohn.replay import loads
from bohn.replay import record
from bohn.replay import reproduces_from_seed
from bohn.replay import verify
from bohn.sim.runner import make_bots
from bohn.sim.runner import play_game

SEATS = ["random", "random", "random", "random"]


def _finished_game(seed: int = 3) -> Game:
    game = bohn.new_game("bohnanza", 4, seed, {"trade_cap": 2})
    play_game(game, make_bots(SEATS, seed))
    return game


@pytest.fixture(scope="module")
def game() -> Game:
    return _finished_game()


@pytest.fixture(scope="module")
def replay(game: Game) -> dict[str, Any]:
    return record(game, SEATS)


@pytest.fixture
def tampered(replay: dict[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(replay)


def _first_action(replay: dict[str, Any]) -> int:
    return next(i for i, e in enumerate(replay["events"]) if "action" in e)


def _chance_indices(replay: dict[str, Any]) -> list[int]:
    return [i for i, e in enumerate(replay["events"]) if "chance" in e]


# -- recording ------------------------------------------------------------


def test_record_has_the_documented_header(game: Game, replay: dict[str, Any]) -> None:
    assert replay["format"] == REPLAY_FORMAT == "bohn-replay"
    assert replay["version"] == REPLAY_VERSION == 1
    assert replay["engine"] == bohn.__version__
    assert replay["variant"] == "bohnanza"
    assert replay["players"] == 4
    assert replay["seed"] == 3
    assert replay["seats"] == SEATS
    # the full resolved options, not only the ones given
    assert replay["options"] == game.options
    assert set(replay["options"]) == set(type(game).OPTIONS)
    result = game.result()
    assert result is not None
    assert replay["result"] == result.to_json()


def test_record_events_follow_the_history(game: Game, replay: dict[str, Any]) -> None:
    events = replay["events"]
    # the set-up's shuffle comes first
    assert events[0] == {"chance": {"pile": "deck", "order": events[0]["chance"]["order"]}}
    actions = [(e["seat"], e["action"]) for e in events if "action" in e]
    assert actions == [(s, a.to_json()) for s, a in game.actions()]
    shuffles = [e["chance"]["order"] for e in events if "chance" in e]
    table = type(game).table
    assert [table.cards_of(o) for o in shuffles] == game.chance_results()
    assert len(events) == len(actions) + len(shuffles)
    # every reshuffle comes right after the action that caused it
    history_order: list[str] = []
    for _, a, evs in game.history():
        if a is not None:
            history_order.append("action")
        history_order.extend("chance" for e in evs if e.is_chance)
    assert ["action" if "action" in e else "chance" for e in events] == history_order


def test_record_labels_default_and_must_match_the_seats(game: Game) -> None:
    assert record(game)["seats"] == ["unknown"] * 4
    with pytest.raises(ValueError, match="4 seats"):
        record(game, ["random"])


def test_dumps_is_one_compact_line_that_round_trips(replay: dict[str, Any]) -> None:
    text = dumps(replay)
    assert "\n" not in text
    assert ", " not in text and ": " not in text
    assert json.loads(text) == replay


# -- verifying --------------------------------------------------------------


def test_verify_rebuilds_the_same_game(game: Game, replay: dict[str, Any]) -> None:
    rebuilt = verify(replay)
    assert rebuilt.result() == game.result()
    assert rebuilt.to_json()["state"] == game.to_json()["state"]
    assert rebuilt.actions() == game.actions()


def test_a_replay_survives_json(replay: dict[str, Any]) -> None:
    again = json.loads(dumps(replay))
    assert verify(again).result() is not None


def test_the_shuffles_reproduce_from_the_seed(replay: dict[str, Any]) -> None:
    assert reproduces_from_seed(replay)


def test_an_unfinished_game_verifies_with_a_null_result() -> None:
    game = bohn.new_game("bohnanza", 3, 11, {"trade_cap": 1})
    for _ in range(60):
        seat = min(game.waiting_for())
        game.apply(seat, game.legal_actions(seat)[0])
    r = record(game, ["human", "random", "random"])
    assert r["result"] is None
    rebuilt = verify(r)
    assert rebuilt.result() is None
    assert rebuilt.to_json()["state"] == game.to_json()["state"]
    # claiming a result for it is a mismatch
    r["result"] = {"scores": [0, 0, 0], "winners": [0], "ranking": [0, 1, 2], "reason": "x"}
    with pytest.raises(ReplayMismatch, match="not over"):
        verify(r)


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        pytest.param(
            "action", {"type": "end-trading"}, "seat 0 may not 'end-trading' here", id="action"
        ),
        pytest.param("seat", 2, "seat 2 may not", id="seat"),
        pytest.param("action", {"type": "teleport"}, "malformed action", id="malformed-action"),
    ],
)
def test_a_changed_or_malformed_action_is_caught_at_its_index(
    tampered: dict[str, Any], key: str, value: Any, message: str
) -> None:
    """The first action's ``key`` set to ``value``: verifying names its index."""
    i = _first_action(tampered)
    tampered["events"][i][key] = value
    with pytest.raises(ReplayMismatch, match=rf"^event {i}: {message}"):
        verify(tampered)


def test_a_shuffle_with_other_cards_is_caught(tampered: dict[str, Any]) -> None:
    order = tampered["events"][0]["chance"]["order"]
    order[0] = next(k for k in ("blaue", "feuer") if k != order[0])
    with pytest.raises(ReplayMismatch, match=r"^event 0: .*other cards"):
        verify(tampered)
    assert not reproduces_from_seed(tampered)


def _swap_two_kinds(order: list[str]) -> None:
    """Swap the top card of a recorded pile with the nearest card of another kind."""
    j = next(j for j in range(len(order) - 2, -1, -1) if order[j] != order[-1])
    order[-1], order[j] = order[j], order[-1]


def test_a_reordered_last_shuffle_is_caught(tampered: dict[str, Any]) -> None:
    # after the last shuffle nothing re-orders the cards again, so the game
    # ends in another position than the recorded one
    k = _chance_indices(tampered)[-1]
    _swap_two_kinds(tampered["events"][k]["chance"]["order"])
    with pytest.raises(ReplayMismatch, match=r"^event \d+: "):
        verify(tampered)
    assert not reproduces_from_seed(tampered)


def test_a_reordered_shuffle_does_not_come_from_the_seed(tampered: dict[str, Any]) -> None:
    # an edit that a later recorded shuffle erases may describe a consistent
    # game; only the seed tells that it is not the game the seed plays
    _swap_two_kinds(tampered["events"][0]["chance"]["order"])
    assert not reproduces_from_seed(tampered)


def test_a_changed_shuffle_pile_is_caught(tampered: dict[str, Any]) -> None:
    tampered["events"][0]["chance"]["pile"] = "discard"
    with pytest.raises(ReplayMismatch, match=r"^event 0: the game shuffles the deck here"):
        verify(tampered)


def test_an_unknown_card_in_a_shuffle_is_caught(tampered: dict[str, Any]) -> None:
    tampered["events"][0]["chance"]["order"][5] = "kaffee"
    with pytest.raises(ReplayMismatch, match=r"^event 0: 'kaffee' is not a card"):
        verify(tampered)


def test_a_missing_shuffle_is_caught(tampered: dict[str, Any]) -> None:
    k = _chance_indices(tampered)[1]
    del tampered["events"][k]
    with pytest.raises(ReplayMismatch, match=rf"^event {k}: "):
        verify(tampered)


def test_an_extra_shuffle_is_caught(tampered: dict[str, Any]) -> None:
    i = _first_action(tampered)
    tampered["events"].insert(i, copy.deepcopy(tampered["events"][0]))
    with pytest.raises(ReplayMismatch, match=rf"^event {i}: the replay records a shuffle"):
        verify(tampered)


def test_a_changed_result_is_caught(tampered: dict[str, Any]) -> None:
    tampered["result"]["scores"][0] += 1
    last = len(tampered["events"]) - 1
    with pytest.raises(ReplayMismatch, match=rf"^event {last}: the result differs.*scores"):
        verify(tampered)


def test_a_changed_reason_is_caught(tampered: dict[str, Any]) -> None:
    tampered["result"]["reason"] = "no-cards"
    with pytest.raises(ReplayMismatch, match="reason: recorded 'no-cards'"):
        verify(tampered)


def test_a_truncated_replay_is_caught(tampered: dict[str, Any]) -> None:
    del tampered["events"][-1]
    with pytest.raises(ReplayMismatch, match="not over"):
        verify(tampered)


def test_events_after_the_end_are_caught(tampered: dict[str, Any]) -> None:
    n = len(tampered["events"])
    tampered["events"].append({"seat": 0, "action": {"type": "pass"}})
    with pytest.raises(ReplayMismatch, match=rf"^event {n}: seat 0 may not 'pass' here"):
        verify(tampered)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "chess-pgn"}, "not a bohn replay"),
        ({"version": 2}, "unsupported replay version 2"),
        ({"variant": "skat"}, "unknown variant 'skat'"),
        ({"players": 9}, "3-5 players, not 9"),
        ({"players": "4"}, "players must be an integer"),
        ({"options": {"trade_cap": -1}}, "options are not valid"),
        ({"options": {"kaffee": 1}}, "options are not valid"),
        ({"seed": 1.5}, "seed must be"),
        ({"seats": ["a"]}, "seats must be a list of 4"),
        ({"events": {}}, "events must be a list"),
        ({"result": 3}, "result must be"),
    ],
)
def test_a_malformed_header_is_a_replay_error(
    tampered: dict[str, Any], change: dict[str, Any], message: str
) -> None:
    tampered.update(change)
    with pytest.raises(ReplayError, match=message):
        verify(tampered)


def test_a_missing_key_is_a_replay_error(tampered: dict[str, Any]) -> None:
    del tampered["seed"]
    with pytest.raises(ReplayError, match="lacks seed"):
        verify(tampered)


def test_errors_are_bohn_errors() -> None:
    assert issubclass(ReplayMismatch, BohnError)
    assert issubclass(ReplayError, BohnError)
    with pytest.raises(ReplayError):
        verify([])  # type: ignore[arg-type]


def test_check_reports_without_raising(replay: dict[str, Any], tampered: dict[str, Any]) -> None:
    good = check(replay)
    assert good.ok and good.error is None and good.seed_reproduces
    assert good.events == len(replay["events"])
    tampered["result"]["winners"] = [1]
    bad = check(tampered).to_json()
    assert bad["ok"] is False
    assert bad["error"].startswith("event ")
    assert check("not a replay").ok is False


# -- files ----------------------------------------------------------------


def test_load_reads_one_replay_or_json_lines(tmp_path: Path, replay: dict[str, Any]) -> None:
    one = tmp_path / "one.bohn.json"
    one.write_text(json.dumps(replay, indent=2), encoding="utf-8")
    assert load(one) == [replay]
    many = tmp_path / "many.bohn.json"
    many.write_text(dumps(replay) + "\n\n" + dumps(replay) + "\n", encoding="utf-8")
    assert load(many) == [replay, replay]
    assert loads(json.dumps([replay, replay])) == [replay, replay]


def test_load_rejects_what_is_not_replays(tmp_path: Path) -> None:
    bad = tmp_path / "bad.bohn.json"
    bad.write_text('{"format": "bohn-replay"}\n{oops\n', encoding="utf-8")
    with pytest.raises(ReplayError, match="line 2 is not JSON"):
        load(bad)
    with pytest.raises(ReplayError, match="is empty"):
        loads("  \n")
    with pytest.raises(ReplayError, match="item 0 is not a JSON object"):
        loads("[1, 2]")
    with pytest.raises(OSError):
        load(tmp_path / "missing.bohn.json")


def test_to_json_with_a_short_log() -> None:
    """``to_json(last=k)`` is the game with only the last ``k`` steps of its
    log; it loads back to a game in the same state."""
    game = bohn.new_game("bohnanza", players=3, seed=5)
    for _ in range(30):
        seat = min(game.waiting_for())
        game.apply(seat, game.legal_actions(seat)[0])
    full = game.to_json()
    for k in (0, 1, 5):
        short = game.to_json(last=k)
        assert short["log"] == (full["log"][-k:] if k else [])
        assert {**short, "log": None} == {**full, "log": None}
        assert type(game).from_json(short).state_key() == game.state_key()
