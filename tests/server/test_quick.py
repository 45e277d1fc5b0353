"""Quick games (``/api/quick``, ``bohn.server.quick``): people waiting for
the same ruleset and player count get one game together; one who has waited
as long as they chose gets a game with bots in the other seats. The wait is
driven by the matcher's clock, moved by the test."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bohn.server.app import create_app
from server.fuzz import database
from server.fuzz import databases


@pytest.fixture(params=databases())
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    with (
        database(request.param, tmp_path) as url,
        TestClient(create_app(url, create_rate=None)) as c,
    ):
        yield c


class Clock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


def _ask(c: TestClient, name: str, **body: Any) -> str:
    r = c.post(
        "/api/quick",
        json={"variant": "bohnanza", "players": 3, "wait_s": 60, "name": name, **body},
    )
    assert r.status_code == 201, r.text
    assert r.json()["status"] in ("waiting", "matched")
    ticket: str = r.json()["ticket"]
    return ticket


def _look(c: TestClient, ticket: str) -> Any:
    r = c.get("/api/quick", headers={"Authorization": f"Bearer {ticket}"})
    assert r.status_code == 200, r.text
    return r.json()


def _matched(c: TestClient, tickets: list[str], timeout: float = 10.0) -> list[Any]:
    end = time.monotonic() + timeout
    while True:
        found = [_look(c, t) for t in tickets]
        if all(f["status"] == "matched" for f in found):
            return found
        assert time.monotonic() < end, found
        time.sleep(0.02)


def test_three_people_waiting_for_bohnanza_for_3_play_together(client: TestClient) -> None:
    a, b = _ask(client, "Anna"), _ask(client, "Bert")
    assert _look(client, a)["status"] == "waiting" and _look(client, a)["waiting"] == 2
    other = _ask(client, "Dora", players=4)  # another table: not theirs
    c = _ask(client, "Carl")
    found = _matched(client, [a, b, c])
    assert len({f["game"] for f in found}) == 1
    assert sorted(f["seat"] for f in found) == [0, 1, 2]
    assert _look(client, other)["status"] == "waiting"
    game = client.get(f"/api/games/{found[0]['game']}").json()
    assert [s["name"] for s in game["seats"]] == ["Anna", "Bert", "Carl"]
    assert all(s["kind"] == "human" for s in game["seats"])
    # each ticket is its seat's token
    for t, f in zip([a, b, c], found, strict=True):
        view = client.get(
            f"/api/games/{f['game']}/state", headers={"Authorization": f"Bearer {t}"}
        ).json()
        assert view["seat"] == f["seat"]
        assert f["url"].endswith(f"/play/{f['game']}?token={t}")


def test_after_the_wait_bots_fill_the_seats(client: TestClient) -> None:
    clock = Clock()
    client.app.state.ctx.quick.clock = clock  # type: ignore[attr-defined]
    a = _ask(client, "Anna", wait_s=30)
    assert _look(client, a)["seconds_left"] == 30
    clock.now += 31
    client.portal.call(client.app.state.ctx.quick.match)  # type: ignore[attr-defined,union-attr]
    (found,) = _matched(client, [a])
    game = client.get(f"/api/games/{found['game']}").json()
    assert [s["kind"] for s in game["seats"]] == ["human", "bot", "bot"]
    assert game["seats"][0]["name"] == "Anna"
    assert [s.get("bot") for s in game["seats"][1:]] == ["greedy", "greedy"]  # normal


@pytest.mark.parametrize(
    ("level", "bot"), [("easy", "greedy:proposals=0,buy=false"), ("strong", "ismcts")]
)
def test_the_bots_play_as_hard_as_the_first_to_wait_chose(
    client: TestClient, level: str, bot: str
) -> None:
    clock = Clock()
    client.app.state.ctx.quick.clock = clock  # type: ignore[attr-defined]
    a = _ask(client, "Anna", wait_s=30, level=level)
    clock.now += 1
    b = _ask(client, "Bert", wait_s=30, level="normal")
    clock.now += 30  # Anna's wait ran out: her choice
    client.portal.call(client.app.state.ctx.quick.match)  # type: ignore[attr-defined,union-attr]
    found = _matched(client, [a, b])
    game = client.get(f"/api/games/{found[0]['game']}").json()
    assert [s["kind"] for s in game["seats"]] == ["human", "human", "bot"]
    assert game["seats"][2]["bot"] == bot


def test_leaving_the_wait(client: TestClient) -> None:
    clock = Clock()
    client.app.state.ctx.quick.clock = clock  # type: ignore[attr-defined]
    a = _ask(client, "Anna")
    r = client.post("/api/quick/cancel", headers={"Authorization": f"Bearer {a}"})
    assert r.status_code == 200 and _look(client, a)["status"] == "cancelled"
    clock.now += 120
    b = _ask(client, "Bert", wait_s=10)
    clock.now += 11
    client.portal.call(client.app.state.ctx.quick.match)  # type: ignore[attr-defined,union-attr]
    (found,) = _matched(client, [b])  # Anna left: Bert plays with bots
    game = client.get(f"/api/games/{found['game']}").json()
    assert [s["kind"] for s in game["seats"]] == ["human", "bot", "bot"]
    again = client.post("/api/quick/cancel", headers={"Authorization": f"Bearer {b}"})
    assert again.status_code == 409 and again.json()["code"] == "not-waiting"


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"variant": "bohnanza", "players": 3, "wait_s": 60}, 400),  # a guest names themself
        ({"variant": "bohnanza", "players": 9, "wait_s": 60, "name": "A"}, 400),
        ({"variant": "nope", "players": 3, "wait_s": 60, "name": "A"}, 400),
        ({"variant": "bohnanza", "players": 3, "wait_s": 5, "name": "A"}, 400),
        ({"variant": "bohnanza", "players": 3, "wait_s": True, "name": "A"}, 400),
        ({"variant": "bohnanza", "players": 3, "wait_s": 60, "name": "A", "x": 1}, 400),
        ({"variant": "bohnanza", "players": 3, "wait_s": 60, "name": "A", "level": "hard"}, 400),
        ({"variant": "bohnanza", "players": 3, "wait_s": 60, "name": "A", "level": 2}, 400),
    ],
)
def test_a_bad_request_is_refused(client: TestClient, body: Any, status: int) -> None:
    r = client.post("/api/quick", json=body)
    assert r.status_code == status, r.text
    assert client.get("/api/quick").status_code == 403
    assert client.get("/api/quick", headers={"Authorization": "Bearer nope"}).status_code == 404
