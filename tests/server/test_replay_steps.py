"""The replay viewer's endpoints: a stored game's board at every step
(``/api/games/{id}/replay/steps``) and turn by turn (``.../replay/turns``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bohn.engine.game import Game
from bohn.replay import verify
from bohn.server.app import create_app
from bohn.server.replays import CHECKPOINT_EVERY
from bohn.server.replays import MAX_STEPS
from bohn.server.rooms import game_view
from server.test_api import person_and_bots
from server.test_api import play_seat_0


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    # whole games played as fast as they can: no per-client action limit
    with TestClient(create_app(f"sqlite:///{tmp_path / 'bohn.db'}", action_rate=None)) as c:
        yield c


def replayed_at(replay: dict[str, Any], step: int) -> Game:
    """The game of ``replay`` after ``step`` actions, re-played independently."""
    final = verify(replay)
    game = type(final).new(
        final.n, final.seed, dict(final.options), forced_chance=final.chance_results()
    )
    for seat, action in final.actions()[:step]:
        game.apply(seat, action)
    return game


def steps(client: TestClient, gid: str, **params: Any) -> dict[str, Any]:
    r = client.get(f"/api/games/{gid}/replay/steps", params=params)
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def finished(client: TestClient) -> tuple[dict[str, Any], dict[str, Any]]:
    g = person_and_bots(client, "bohnanza", ["greedy", "greedy"])
    play_seat_0(client, g, seed=3)
    replay = client.get(f"/api/games/{g['id']}/replay").json()
    return g, replay


def test_a_finished_games_steps_are_its_boards_with_every_hand_revealed(
    client: TestClient,
) -> None:
    g, replay = finished(client)
    gid = g["id"]
    last = len([e for e in replay["events"] if "action" in e])
    for first, to in ((0, 3), (CHECKPOINT_EVERY - 2, CHECKPOINT_EVERY + 2), (last - 2, last)):
        data = steps(client, gid, **{"from": first, "to": to, "lang": "de"})
        assert data["last"] == last and data["over"] is True
        assert [v["seq"] for v in data["steps"]] == list(range(first, to + 1))
        for v in data["steps"]:
            game = replayed_at(replay, v["seq"])
            want = json.loads(
                json.dumps(
                    game_view(
                        game,
                        gid,
                        None,
                        game.seq,
                        "de",
                        names=[s["name"] for s in g["seats"]],
                        seed_chosen=g["seed_chosen"],
                    )
                )
            )
            want["clock"] = None  # no turn clock runs in the past
            want["trade_window"] = None  # nor a trade window
            want["presence"] = want["rematch"] = None  # nor anybody's presence
            want["seats"] = v["seats"]
            assert v["reveal"] is True and v["legal"] == []
            seats = v["observation"]["seats"]
            for i, s in enumerate(seats):
                own = game.observe(i)["seats"][i]
                assert "hand" in own and "hand" not in want["observation"]["seats"][i]
                for k in set(own) - set(want["observation"]["seats"][i]):
                    assert s.pop(k) == own[k]
            del v["reveal"]
            assert v == want
    # the default range starts at 0; `to` past the end stops at the end
    assert steps(client, gid)["to"] == min(last, MAX_STEPS - 1)
    assert steps(client, gid, **{"from": last, "to": last + 50})["to"] == last
    end = steps(client, gid, **{"from": last})["steps"][-1]
    assert end["result"] is not None


def test_a_running_games_steps_are_the_spectators_and_need_its_token(
    client: TestClient,
) -> None:
    g = person_and_bots(client, "bohnanza", ["greedy", "greedy"])
    gid = g["id"]
    r = client.get(f"/api/games/{gid}/replay/steps")
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    r = client.get(f"/api/games/{gid}/replay/steps", params={"spectate": "wrong"})
    assert r.status_code == 403
    spectate = g["spectate"]["token"]
    data = steps(client, gid, spectate=spectate)
    assert data["over"] is False
    live = client.get(f"/api/games/{gid}/replay", params={})  # no replay while it runs
    assert live.status_code == 409
    summary = client.get(f"/api/games/{gid}").json()
    assert data["last"] == summary["seq"]
    for v in data["steps"]:
        assert "reveal" not in v and v["legal"] == [] and v["seat"] is None
        assert all("hand" not in s for s in v["observation"]["seats"])
    # the same as the public view of the live game at its last step
    live_view = client.get(
        f"/api/games/{gid}/state", params={"spectate": spectate, "since": data["last"]}
    ).json()
    # who is at the table now is the live room's, not the replay's
    assert live_view.pop("presence") == {"connected": [], "notes": []}
    assert data["steps"][-1] == {**live_view, "presence": None}
    assert [s["kind"] for s in data["steps"][-1]["seats"]] == ["human", "bot", "bot"]
    turns = client.get(f"/api/games/{gid}/replay/turns", params={"spectate": spectate}).json()
    assert turns["over"] is False and turns["result"] is None


def test_turns_list_every_turn_with_its_first_step_and_sentences(client: TestClient) -> None:
    g, replay = finished(client)
    data = client.get(f"/api/games/{g['id']}/replay/turns", params={"lang": "en"}).json()
    turns = data["turns"]
    assert data["over"] is True and data["result"] == replay["result"]
    assert data["seats"] == ["human", "greedy", "greedy"]
    assert [t["turn"] for t in turns] == list(range(1, len(turns) + 1))
    assert turns[0]["step"] == 0 and turns[-1]["last"] == data["last"]
    for a, b in pairwise(turns):
        assert a["last"] == b["step"]  # the step that ends a turn starts the next
        board = steps(client, g["id"], **{"from": b["step"], "to": b["step"]})["steps"][0]
        assert board["observation"]["turn"] == b["turn"]
        assert board["observation"]["active"] == b["active"]
    lines = [x for t in turns for x in t["lines"]]
    assert lines and all(isinstance(x["text"], str) and x["text"] for x in lines)
    assert not any(x["text"].startswith("---") for x in lines)


@pytest.mark.parametrize(
    ("query", "status", "code"),
    [
        ({"from": -1}, 400, "bad-step"),
        ({"from": 10**6}, 400, "bad-step"),
        ({"from": 5, "to": 4}, 400, "bad-step"),
        ({"from": 0, "to": MAX_STEPS}, 400, "bad-step"),
        ({"from": "x"}, 400, "bad-request"),
        ({"to": "1.5"}, 400, "bad-request"),
        ({"lang": "fr"}, 400, "bad-request"),
    ],
)
def test_bad_steps_are_refused_clearly(
    client: TestClient, query: dict[str, Any], status: int, code: str
) -> None:
    g, _ = finished(client)
    r = client.get(f"/api/games/{g['id']}/replay/steps", params=query)
    assert r.status_code == status, r.text
    assert r.json()["code"] == code and r.json()["message"]


def test_unknown_games_are_404(client: TestClient) -> None:
    for path in ("nope", "x" * 40):
        for what in ("steps", "turns"):
            r = client.get(f"/api/games/{path}/replay/{what}")
            assert r.status_code == 404 and r.json()["code"] == "not-found"


def test_a_game_whose_log_names_no_turns_is_split_where_its_turn_changes(
    client: TestClient,
) -> None:
    g = person_and_bots(client, "bohnkick", ["greedy"])
    play_seat_0(client, g, seed=2)
    data = client.get(f"/api/games/{g['id']}/replay/turns").json()
    turns = data["turns"]
    assert len(turns) > 3 and turns[0]["step"] == 0 and turns[-1]["last"] == data["last"]
    for a, b in pairwise(turns):
        assert a["last"] + 1 == b["step"] and a["turn"] != b["turn"]
    for turn in turns[:4]:
        board = steps(client, g["id"], **{"from": turn["step"], "to": turn["step"]})["steps"][0]
        assert board["observation"]["turn"] == turn["turn"]
        assert board["reveal"] is True
