"""The lobby's side of the server: players' names, free seats taken from the
lobby, the links' address, a seed chosen by a person, options in words."""

from __future__ import annotations

import asyncio
import sqlite3
import threading
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from bohn.cli import main
from bohn.serve import public_url
from bohn.server.app import create_app
from bohn.server.store import SeatTaken
from bohn.server.store import Store
from bohn.server.store import migrate
from bohn.server.store import token_hash
from server.rows import game_row
from server.test_api import bearer
from server.test_api import client  # noqa: F401
from server.test_api import db_url  # noqa: F401
from server.test_api import new_game
from server.test_api import play_out
from server.test_api import state

SEATS = [{"kind": "human", "name": "  Ann  "}, {"kind": "human"}, {"kind": "bot"}]


def test_names_are_stored_and_shown(client: TestClient) -> None:  # noqa: F811
    g = new_game(client, seats=SEATS)
    assert [s["name"] for s in g["seats"]] == ["Ann", None, "Clara"]
    assert [s["free"] for s in g["seats"]] == [False, True, False]
    one = client.get(f"/api/games/{g['id']}").json()
    assert [s["name"] for s in one["seats"]] == ["Ann", None, "Clara"]
    listed = client.get("/api/games").json()["games"][0]
    assert listed["seats"] == one["seats"]
    s = state(client, g["id"], g["join"][0]["token"])
    assert s["names"] == ["Ann", None, "Clara"]
    assert s["seats"][2] == {"kind": "bot", "bot": "greedy bot"}
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['join'][0]['token']}") as ws:
        assert ws.receive_json()["names"] == ["Ann", None, "Clara"]


def test_bots_take_names_no_person_at_the_table_has(client: TestClient) -> None:  # noqa: F811
    """A bot is named by its seat (Bertha, Bruno, Clara ...), skipping a
    name a person at the table has, and two bots never share a name; what
    bot it is comes beside the name."""
    seats = [{"kind": "human", "name": "bruno"}, {"kind": "bot"}, {"kind": "bot", "bot": "random"}]
    g = new_game(client, seats=seats)
    assert [s["name"] for s in g["seats"]] == ["bruno", "Clara", "Detlef"]
    s = state(client, g["id"], g["join"][0]["token"])
    assert [x["bot"] for x in s["seats"]] == [None, "greedy bot", "random bot"]


@pytest.mark.parametrize("name", ["", "   ", "x" * 41, "tab\there", "new\nline", 7, ["Ann"]])
def test_bad_names_are_refused_and_nothing_stored(
    client: TestClient,  # noqa: F811
    name: Any,
) -> None:
    r = client.post(
        "/api/games",
        json={
            "variant": "bohnanza",
            "players": 3,
            "seats": [{"kind": "human", "name": name}] + [{"kind": "bot"}] * 2,
        },
    )
    assert r.status_code == 400, r.text
    assert {"code", "message"} <= set(r.json()) and "name" in r.json()["message"]
    assert client.get("/api/games").json()["games"] == []


def test_a_free_seat_is_taken_once(client: TestClient) -> None:  # noqa: F811
    g = new_game(client, seats=SEATS)
    old = g["join"][1]["token"]
    url = f"/api/games/{g['id']}/seats/1/take"
    r = client.post(url, json={"name": " Bea "})
    assert r.status_code == 200, r.text
    took = r.json()
    assert took["seat"] == 1 and f"/play/{g['id']}?token={took['token']}" in took["url"]
    assert state(client, g["id"], took["token"])["names"] == ["Ann", "Bea", "Clara"]
    # the creator's earlier link of that seat no longer plays it
    r = client.get(f"/api/games/{g['id']}/state", headers=bearer(old))
    assert r.status_code == 403
    again = client.post(url, json={"name": "Cid"})
    assert again.status_code == 409 and again.json()["code"] == "seat-taken"
    assert "taken" in again.json()["message"]
    summary = client.get(f"/api/games/{g['id']}").json()
    assert [s["free"] for s in summary["seats"]] == [False, False, False]
    assert [s["name"] for s in summary["seats"]] == ["Ann", "Bea", "Clara"]


def test_seats_that_cannot_be_taken(client: TestClient) -> None:  # noqa: F811
    g = new_game(client, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    base = f"/api/games/{g['id']}/seats"
    # the creator's seat (the first human seat) is the creator's, named or not
    r = client.post(f"{base}/0/take", json={"name": "Eve"})
    assert r.status_code == 409 and r.json()["code"] == "seat-taken"
    r = client.post(f"{base}/2/take", json={"name": "Eve"})
    assert r.status_code == 409 and "bot" in r.json()["message"]
    assert client.post(f"{base}/3/take", json={"name": "Eve"}).status_code == 404
    assert client.post(f"{base}/x/take", json={"name": "Eve"}).status_code == 404
    assert client.post("/api/games/nope/seats/1/take", json={"name": "E"}).status_code == 404
    for body in ({}, {"name": ""}, {"name": "E", "extra": 1}, ["E"]):
        r = client.post(f"{base}/1/take", json=body)
        assert r.status_code == 400 and r.json()["message"], body
    assert client.post(f"{base}/1/take", content=b"{nope").status_code == 400
    # a seat whose join link was used is taken
    with client.websocket_connect(f"/ws/games/{g['id']}?token={g['join'][1]['token']}") as ws:
        ws.receive_json()
    r = client.post(f"{base}/1/take", json={"name": "Eve"})
    assert r.status_code == 409
    assert client.get(f"/api/games/{g['id']}").json()["seats"][1]["name"] is None


def test_no_seat_is_taken_in_a_finished_game(client: TestClient) -> None:  # noqa: F811
    # a short game (Bohnkick for two), played to its end through the API
    g = new_game(
        client, variant="bohnkick", players=2, seats=[{"kind": "human"}, {"kind": "human"}]
    )
    tokens = [j["token"] for j in g["join"]]  # the creator plays both people's seats
    play_out(client, g["id"], tokens)
    summary = client.get(f"/api/games/{g['id']}").json()
    assert summary["status"] == "finished" and not any(s["free"] for s in summary["seats"])
    r = client.post(f"/api/games/{g['id']}/seats/1/take", json={"name": "Eve"})
    assert r.status_code == 409 and r.json()["code"] == "game-over"
    assert "over" in r.json()["message"]


def test_two_racing_takes_one_wins(server: str) -> None:
    with httpx.Client(base_url=server, timeout=20) as http:
        g = http.post(
            "/api/games",
            json={"variant": "bohnanza", "players": 3, "seats": SEATS},
        ).json()
        barrier = threading.Barrier(6)
        codes: list[int] = []

        def take(i: int) -> None:
            with httpx.Client(base_url=server, timeout=20) as h:
                barrier.wait()
                r = h.post(f"/api/games/{g['id']}/seats/1/take", json={"name": f"P{i}"})
                codes.append(r.status_code)

        threads = [threading.Thread(target=take, args=(i,)) for i in range(6)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert sorted(codes) == [200] + [409] * 5
        name = http.get(f"/api/games/{g['id']}").json()["seats"][1]["name"]
        assert name in {f"P{i}" for i in range(6)}


def test_the_database_takes_a_seat_once(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'g.db'}"
    migrate(url)

    async def run() -> list[Any]:
        store = Store(url)
        try:
            await store.create_game(
                game_row(
                    "g1",
                    "bohnanza",
                    3,
                    1,
                    [
                        {"seat": 0, "kind": "human", "bot": None, "token_hash": "a"},
                        {"seat": 1, "kind": "human", "bot": None, "token_hash": "b"},
                        {"seat": 2, "kind": "bot", "bot": "greedy", "token_hash": None},
                    ],
                )
            )
            got = await asyncio.gather(
                store.take_seat("g1", 1, "X", token_hash("x")),
                store.take_seat("g1", 1, "Y", token_hash("y")),
                store.take_seat("g1", 2, "Z", token_hash("z")),
                return_exceptions=True,
            )
            row = await store.game("g1")
            assert row is not None
            return [got, row.seats[1]["name"], row.seats[1]["token_hash"]]
        finally:
            await store.close()

    got, name, th = asyncio.run(run())
    assert got[0] is None and isinstance(got[1], SeatTaken) and isinstance(got[2], SeatTaken)
    assert name == "X" and th == token_hash("x")


def test_an_old_database_still_opens(tmp_path: Path) -> None:
    """A database made before seats had names opens: bots are named after
    their bot, people's seats have no name, the seed counts as drawn."""
    from alembic import command
    from alembic.config import Config

    path = tmp_path / "old.db"
    cfg = Config()
    cfg.set_main_option("script_location", str(Path("bohn/server/migrations").resolve()))
    cfg.set_main_option("sqlalchemy.url", f"sqlite:///{path}")
    command.upgrade(cfg, "0001")
    con = sqlite3.connect(path)
    con.execute(
        "INSERT INTO games VALUES ('old1', 'bohnanza', 3, '5', '{}', 0, 'running', NULL, "
        "'h', 1.0, 1.0)"
    )
    con.executemany(
        "INSERT INTO seats VALUES ('old1', ?, ?, ?, ?, 0)",
        [
            (0, "human", None, token_hash("t0")),
            (1, "human", None, token_hash("t1")),
            (2, "bot", "random", None),
        ],
    )
    con.commit()
    con.close()
    # the old game was made long ago (its rows' times are 1.0): it would
    # expire as an open game nobody joined (test_abuse.py)
    with TestClient(create_app(f"sqlite:///{path}", open_game_ttl=None)) as c:
        g = c.get("/api/games/old1").json()
        assert [s["name"] for s in g["seats"]] == [None, None, "random bot"]
        assert g["seed_chosen"] is False and g["seats"][1]["free"]
        assert state(c, "old1", "t0")["names"] == [None, None, "random bot"]
        r = c.post("/api/games/old1/seats/1/take", json={"name": "Bea"})
        assert r.status_code == 200


def test_seed_chosen(client: TestClient) -> None:  # noqa: F811
    chosen = new_game(client)  # new_game sets a seed
    r = client.post("/api/games", json={"variant": "bohnanza", "players": 3})
    drawn = r.json()
    assert chosen["seed_chosen"] is True and drawn["seed_chosen"] is False
    assert state(client, chosen["id"], chosen["join"][0]["token"])["seed_chosen"] is True
    assert state(client, drawn["id"], drawn["join"][0]["token"])["seed_chosen"] is False
    by_id = {g["id"]: g["seed_chosen"] for g in client.get("/api/games").json()["games"]}
    assert by_id == {chosen["id"]: True, drawn["id"]: False}


# -- links ---------------------------------------------------------------------


def _links(c: TestClient, **headers: str) -> list[str]:
    r = c.post(
        "/api/games", json={"variant": "bohnanza", "players": 3, "seats": SEATS}, headers=headers
    )
    g = r.json()
    take = c.post(f"/api/games/{g['id']}/seats/1/take", json={"name": "B"}, headers=headers)
    return [j["url"] for j in g["join"]] + [g["spectate"]["url"], take.json()["url"]]


def test_links_follow_the_public_url(tmp_path: Path) -> None:
    with TestClient(
        create_app(f"sqlite:///{tmp_path / 'a.db'}", base_url="https://bohn.example.org")
    ) as c:
        assert all(u.startswith("https://bohn.example.org/play/") for u in _links(c))


def test_links_never_point_at_an_unspecified_address(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'a.db'}")) as c:
        assert all(u.startswith("http://testserver/play/") for u in _links(c))
        got = _links(c, host="192.168.1.5:8000")
        assert all(u.startswith("http://192.168.1.5:8000/play/") for u in got)
        for host in ("0.0.0.0:8000", "[::]:8000", "bad host/x"):
            assert all(u.startswith("/play/") for u in _links(c, host=host)), host


def test_public_url_is_checked(capsys: pytest.CaptureFixture[str]) -> None:
    assert public_url("https://bohn.example.org/") == "https://bohn.example.org"
    assert public_url("http://[::1]:8000") == "http://[::1]:8000"
    for bad in (
        "ftp://x",
        "bohn.example.org",
        "http://x/play",
        "http://x?a=1",
        "http://0.0.0.0:8000",
        "http://x:99999",
        "http://u:p@x",
    ):
        assert main(["serve", "--public-url", bad, "--db", "sqlite:///:memory:"]) == 2, bad
        assert "--public-url" in capsys.readouterr().err
