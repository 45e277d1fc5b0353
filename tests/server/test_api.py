"""The multiplayer server over HTTP and WebSockets (``bohn/server``), on a
real database: SQLite always, and PostgreSQL when ``BOHN_TEST_POSTGRES`` names
a server (``.ci/run`` starts one)."""

from __future__ import annotations

import json
import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from passes import SOAK

from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.engine.actions import action_from_json
from bohn.replay import verify
from bohn.server.app import MAX_BODY
from bohn.server.app import create_app
from server.fuzz import database
from server.fuzz import databases

POSTGRES = os.environ.get("BOHN_TEST_POSTGRES")


@pytest.fixture(params=databases())
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database(request.param, tmp_path) as url:
        yield url


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    # these tests play whole games as fast as they can, a loop the per-client
    # action limit would slow (it is tested in test_abuse.py)
    with TestClient(create_app(db_url, action_rate=None)) as c:
        yield c


def new_game(client: TestClient, **body: Any) -> dict[str, Any]:
    body = {"variant": "bohnanza", "players": 3, "seed": 7, **body}
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def state(client: TestClient, game: str, token: str, since: int = 0) -> dict[str, Any]:
    r = client.get(f"/api/games/{game}/state", headers=bearer(token), params={"since": since})
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def wait_for_turn(client: TestClient, game: str, token: str, timeout: float = 20) -> dict[str, Any]:
    """The seat's view once the game waits on it (the bots act on their own) or is over."""
    end = time.monotonic() + timeout
    while True:
        s = state(client, game, token, since=1_000_000)  # no log: only the state
        if s["result"] is not None or s["seat"] in s["waiting_for"]:
            return s
        assert time.monotonic() < end, "the bots did not get to the human seat"
        time.sleep(0.01)


def choose(s: dict[str, Any], bot: Any) -> dict[str, Any]:
    legal = [action_from_json(x["action"]) for x in s["legal"]]
    a = bot.act(SeatView(s["seat"], legal, lambda: s["observation"]))
    out: dict[str, Any] = a.to_json()
    return out


def play_out(client: TestClient, game: str, tokens: list[str]) -> None:
    """Play the seats of ``tokens`` with random bots (seeds 1, 2...) through
    the API until game ``game`` ends."""
    bots = [make_bot("random", i + 1) for i in range(len(tokens))]
    for _ in range(20_000):
        views = [state(client, game, t, since=1_000_000) for t in tokens]
        if views[0]["result"] is not None:
            return
        for s, bot, t in zip(views, bots, tokens, strict=True):
            if s["seat"] in s["waiting_for"] and s["legal"]:
                client.post(
                    f"/api/games/{game}/actions",
                    headers=bearer(t),
                    json={"seq": s["seq"], "action": choose(s, bot)},
                )
    raise AssertionError("the game did not end")


# ---------------------------------------------------------------------------


def test_lobby_creates_a_game_with_join_links(client: TestClient) -> None:
    g = new_game(
        client,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}],
    )
    assert g["variant"] == "bohnanza" and g["players"] == 3 and g["status"] == "open"
    assert [j["seat"] for j in g["join"]] == [0, 1]
    assert all(f"/play/{g['id']}?token=" in j["url"] for j in g["join"])
    assert g["join"][0]["token"] != g["join"][1]["token"]
    assert "spectate=" in g["spectate"]["url"]
    listed = client.get("/api/games").json()["games"]
    assert [x["id"] for x in listed] == [g["id"]]
    assert listed[0]["seats"][2] == {
        "seat": 2,
        "kind": "bot",
        "bot": "random",
        "joined": False,
        "name": "Clara",  # a bot has a name of its own
        "free": False,
    }
    assert "token" not in json.dumps(listed)  # tokens are shown once, never listed


def test_a_seat_sees_only_its_own_hand(client: TestClient) -> None:
    g = new_game(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    mine = state(client, g["id"], g["join"][0]["token"])
    assert mine["seat"] == 0 and "hand" in mine["observation"]["seats"][0]
    assert all("hand" not in p for p in mine["observation"]["seats"][1:])
    assert mine["legal"] and all(
        {"text", "action", "label", "advances"} == set(x) for x in mine["legal"]
    )
    deals = [e for entry in mine["log"] for e in entry["events"] if e["type"] == "deal"]
    assert [("cards" in e) for e in deals] == [True, False, False]  # the log is redacted too
    spec = client.get(
        f"/api/games/{g['id']}/state", params={"spectate": g["spectate"]["token"]}
    ).json()
    assert spec["seat"] is None and spec["legal"] == []
    assert all("hand" not in p for p in spec["observation"]["seats"])


def test_tokens_are_checked(client: TestClient) -> None:
    g = new_game(client)
    r = client.get(f"/api/games/{g['id']}/state", headers=bearer("not-a-token"))
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    assert client.get(f"/api/games/{g['id']}/state").status_code == 403
    assert client.get("/api/games/nope/state").status_code == 404
    s = state(client, g["id"], g["join"][0]["token"])
    r = client.post(
        f"/api/games/{g['id']}/actions",
        headers=bearer("forged"),
        json={"seq": s["seq"], "action": s["legal"][0]["action"]},
    )
    assert r.status_code == 403


def test_actions_are_validated_and_stale_ones_refused(client: TestClient) -> None:
    g = new_game(client)
    token = g["join"][0]["token"]
    s = state(client, g["id"], token)
    url = f"/api/games/{g['id']}/actions"
    r = client.post(
        url,
        headers=bearer(token),
        json={"seq": s["seq"], "action": {"type": "harvest", "field": 0}},
    )
    assert r.status_code == 422 and r.json()["rule"] is not None  # an empty field: a rule names it
    assert state(client, g["id"], token)["seq"] == s["seq"]  # nothing changed
    r = client.post(url, headers=bearer(token), json={"seq": s["seq"], "action": {"type": "fly"}})
    assert r.status_code == 422 and r.json()["code"] == "invalid-action"
    r = client.post(
        url, headers=bearer(token), json={"seq": s["seq"], "action": s["legal"][0]["action"]}
    )
    assert r.status_code == 200 and r.json() == {"type": "ack", "seq": s["seq"] + 1}
    r = client.post(
        url, headers=bearer(token), json={"seq": s["seq"], "action": s["legal"][0]["action"]}
    )
    assert r.status_code == 409 and r.json()["code"] == "stale"
    assert "state" in r.json()["message"]
    r = client.post(url, headers=bearer(token), content=b"{not json")
    assert r.status_code == 400
    r = client.post(url, headers=bearer(token), content=b"x" * (MAX_BODY + 1))
    assert r.status_code == 413
    # a body without a Content-Length (chunked) is counted as it arrives
    r = client.post(url, headers=bearer(token), content=iter([b"x" * 40_000, b"x" * 40_000]))
    assert r.status_code == 413 and r.json()["code"] == "too-large"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"variant": "chess"}, "unknown variant"),
        ({"variant": ["bohnanza"]}, "unknown variant"),  # was a 500
        ({"variant": {"a": 1}}, "unknown variant"),
        ({"variant": "bohnkick", "players": 3}, "2 or 4 players"),
        ({"options": {"trade_cap": -1}}, "trade_cap"),
        ({"seats": [{"kind": "bot"}] * 3}, "at least one human"),
        (
            {"seats": [{"kind": "human"}, {"kind": "bot", "bot": "wizard"}, {"kind": "bot"}]},
            "unknown bot",
        ),
        ({"think_ms": 99999}, "think_ms"),
        ({"pace": "warp"}, "pace is one of slow, normal, fast"),
        ({"pace": ["slow"]}, "pace is one of slow, normal, fast"),  # was a 500
        ({"trade_s": 4}, "trade_s"),
        ({"trade_s": "20"}, "trade_s"),
        ({"colour": "red"}, "unknown keys"),
    ],
)
def test_bad_games_are_refused_clearly(
    client: TestClient, body: dict[str, Any], message: str
) -> None:
    r = client.post("/api/games", json={"variant": "bohnanza", "players": 3, **body})
    assert r.status_code == 400 and message in r.json()["message"], r.text
    assert client.get("/api/games").json()["games"] == []


def test_websocket_play_ack_error_and_updates(client: TestClient) -> None:
    g = new_game(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    t0, t1 = g["join"][0]["token"], g["join"][1]["token"]
    with (
        client.websocket_connect(f"/ws/games/{g['id']}?token={t0}") as ws0,
        client.websocket_connect(f"/ws/games/{g['id']}?token={t1}") as ws1,
    ):
        s0, s1 = ws0.receive_json(), ws1.receive_json()
        assert s0["type"] == "state" and s0["seat"] == 0 and s1["seat"] == 1
        # whichever page came first is told that the other person came too
        while s0["presence"]["connected"] != [0, 1]:
            s0 = ws0.receive_json()
        while s1["presence"]["connected"] != [0, 1]:
            s1 = ws1.receive_json()
        assert s0["type"] == s1["type"] == "state"
        assert client.get(f"/api/games/{g['id']}").json()["status"] == "running"  # both joined
        ws1.send_json({"type": "act", "seq": s1["seq"], "action": {"type": "plant", "field": 0}})
        err = ws1.receive_json()
        assert err["type"] == "error" and err["code"] == "not-your-turn"
        ws0.send_json({"type": "act", "seq": s0["seq"], "action": s0["legal"][0]["action"]})
        # the actor gets the new state and the ack; the other seat the new state
        got = [ws0.receive_json(), ws0.receive_json()]
        assert {m["type"] for m in got} == {"state", "ack"}
        new = next(m for m in got if m["type"] == "state")
        assert new["seq"] == s0["seq"] + 1 and new["log"][0]["step"] == s0["seq"] + 1
        other = ws1.receive_json()
        assert other["type"] == "state" and other["seq"] == s0["seq"] + 1
        assert all("hand" not in p for i, p in enumerate(other["observation"]["seats"]) if i != 1)
        ws0.send_json({"type": "act", "seq": s0["seq"], "action": s0["legal"][0]["action"]})
        assert ws0.receive_json()["code"] == "stale"
        ws0.send_text("{oops")
        assert ws0.receive_json()["code"] == "bad-request"
    with client.websocket_connect(f"/ws/games/{g['id']}?token=wrong") as ws:
        assert ws.receive_json()["code"] == "forbidden"


def person_and_bots(client: TestClient, variant: str, bots: list[str]) -> dict[str, Any]:
    """A new game with a person at seat 0 and the bots ``bots`` after it."""
    seats = [{"kind": "human"}, *({"kind": "bot", "bot": b} for b in bots)]
    return new_game(client, variant=variant, players=len(seats), seats=seats)


def play_seat_0(client: TestClient, g: dict[str, Any], seed: int) -> dict[str, Any]:
    """Play seat 0 (a person) with a random bot until the game ends; the last state."""
    token = g["join"][0]["token"]
    me = make_bot("random", seed)
    for _ in range(3000):
        s = wait_for_turn(client, g["id"], token)
        if s["result"] is not None:
            return s
        r = client.post(
            f"/api/games/{g['id']}/actions",
            headers=bearer(token),
            json={"seq": s["seq"], "action": choose(s, me)},
        )
        assert r.status_code in (200, 409), r.text  # 409: a bot moved first (stale)
    raise AssertionError("the game did not end within 3000 actions of seat 0")


def test_a_game_with_bots_is_played_to_the_end_and_kept_as_a_replay(client: TestClient) -> None:
    g = person_and_bots(client, "bohnanza", ["greedy", "random"])
    assert client.get(f"/api/games/{g['id']}/replay").status_code == 409  # still running
    s = play_seat_0(client, g, seed=5)
    summary = client.get(f"/api/games/{g['id']}").json()
    assert summary["status"] == "finished" and summary["result"] == s["result"]
    replay = client.get(f"/api/games/{g['id']}/replay").json()
    assert replay["seats"] == ["human", "greedy", "random"]
    game = verify(replay)
    assert game.result() is not None and game.result().to_json() == s["result"]
    public = client.get(f"/api/games/{g['id']}/state").json()  # finished: public to all
    assert public["seat"] is None and public["result"] == s["result"]
    assert all("hand" not in p for p in public["observation"]["seats"])
    finished = client.get("/api/games", params={"status": "finished"}).json()["games"]
    assert [x["id"] for x in finished] == [g["id"]]


def test_a_search_bot_plays_in_a_server_game(client: TestClient, db_url: str) -> None:
    """An ``ismcts`` seat gets its information state from the room, off the
    event loop, and the game still ends as a verified replay. The bot reads
    the room, not the store, which the other tests check on both databases:
    the game on PostgreSQL, the longest of this file, is a soak run's."""
    if db_url.startswith("postgresql") and not SOAK:
        pytest.skip("a soak run (BOHN_SOAK=1): the search bot's game on PostgreSQL")
    g = person_and_bots(client, "sissi", ["ismcts:iterations=2,horizon=6", "greedy"])
    s = play_seat_0(client, g, seed=6)
    replay = client.get(f"/api/games/{g['id']}/replay").json()
    assert replay["seats"] == ["human", "ismcts:iterations=2,horizon=6", "greedy"]
    game = verify(replay)
    assert game.result() is not None and game.result().to_json() == s["result"]


def test_a_restart_rebuilds_every_game_from_its_actions(db_url: str) -> None:
    with TestClient(create_app(db_url)) as c:
        g = new_game(c, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "human"}])
        tokens = [j["token"] for j in g["join"]]
        for _ in range(6):
            s = next(s for t in tokens if (s := state(c, g["id"], t))["seat"] in s["waiting_for"])
            token = tokens[s["seat"]]
            r = c.post(
                f"/api/games/{g['id']}/actions",
                headers=bearer(token),
                json={"seq": s["seq"], "action": s["legal"][0]["action"]},
            )
            assert r.status_code == 200
        before = [state(c, g["id"], t) for t in tokens]
    with TestClient(create_app(db_url)) as c:  # a new server on the same database
        after = [state(c, g["id"], t) for t in tokens]
        assert [a["seq"] for a in after] == [b["seq"] for b in before]
        assert [a["observation"] for a in after] == [b["observation"] for b in before]
        s = next(s for s in after if s["seat"] in s["waiting_for"])
        r = c.post(
            f"/api/games/{g['id']}/actions",
            headers=bearer(tokens[s["seat"]]),
            json={"seq": s["seq"], "action": s["legal"][0]["action"]},
        )
        assert r.status_code == 200  # the game goes on


def test_variants_endpoint_lists_every_ruleset(client: TestClient) -> None:
    data = client.get("/api/variants").json()
    ids = [v["id"] for v in data["variants"]]
    assert "bohnanza" in ids and "bohnkick" in ids and "mutterbohnchen" in ids
    assert {"random", "greedy"} <= set(data["bots"])


def test_the_cards_endpoint_gives_a_variants_catalogue(client: TestClient) -> None:
    from bohn.catalogue import catalogue

    r = client.get("/api/variants/high-bohn/cards?lang=de")
    assert r.status_code == 200
    data = r.json()
    assert data["lang"] == "de"
    assert data["variant"] == "high-bohn"
    assert data["cards"] == catalogue("high-bohn").to_json()["cards"]
    blue = next(c for c in data["cards"] if c["key"] == "blaue")
    assert blue["names"] == {"de": "Blaue Bohne", "en": "Blue bean"}
    assert blue["beanometer"] == [4, 6, 8, 10]
    assert any(c["kind"] == "building" and c["effect"] for c in data["cards"])
    assert client.get("/api/variants/bohnanza/cards").json()["lang"] == "en"  # the default


def test_the_cards_endpoint_refuses_unknown_variants_and_languages(client: TestClient) -> None:
    r = client.get("/api/variants/nope/cards")
    assert r.status_code == 404
    assert r.json()["code"] == "not-found" and "nope" in r.json()["message"]
    r = client.get("/api/variants/bohnanza/cards?lang=fr")
    assert r.status_code == 400
    assert r.json()["code"] == "bad-request" and "fr" in r.json()["message"]
