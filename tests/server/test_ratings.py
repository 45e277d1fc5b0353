"""Ratings (``bohn.server.ratings``): a rated game between accounts (and a
fixed-strength bot), played to its end, moves the accounts' ratings exactly
as OpenSkill's Plackett-Luce model computes them; the leaderboard and the
profile show them; rated games are for accounts only."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce

from bohn.server.app import create_app
from bohn.server.ratings import BOT_RATINGS
from bohn.server.ratings import places
from bohn.server.ratings import shown
from server.fuzz import database
from server.fuzz import databases
from server.playing import play_to_the_end

PASSWORD = "correct horse battery"
DOMAIN = "testserver.local"


@pytest.fixture(params=databases())
def client(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[TestClient]:
    with database(request.param, tmp_path) as url:
        app = create_app(url, sign_in_rate=None, create_rate=None, action_rate=None)
        with TestClient(app) as c:
            yield c


def _csrf(c: TestClient) -> dict[str, str]:
    return {"X-CSRF-Token": c.cookies.get("bohn_csrf") or ""}


def _sign_up(c: TestClient, name: str) -> dict[str, str]:
    c.cookies.clear()
    c.get("/api/account")
    r = c.post("/api/account/signup", json={"name": name, "password": PASSWORD}, headers=_csrf(c))
    assert r.status_code == 201, r.text
    return dict(c.cookies.items())


def _as(c: TestClient, jar: dict[str, str]) -> None:
    c.cookies.clear()
    for k, v in jar.items():
        c.cookies.set(k, v, domain=DOMAIN)


def _ratings(c: TestClient, n: int) -> list[dict[str, Any]]:
    """The leaderboard once it lists ``n`` accounts (a game's ratings are
    stored just after its end)."""
    end = time.monotonic() + 10
    while True:
        board: list[dict[str, Any]] = c.get("/api/ratings/bohnanza").json()["players"]
        if len(board) >= n:
            return board
        assert time.monotonic() < end, "the ratings did not move"
        time.sleep(0.02)


def test_places_from_a_result() -> None:
    assert places({"winners": [2], "ranking": [2, 0, 1]}, 3) == [2, 3, 1]
    assert places({"winners": [0, 2], "ranking": [2, 0, 1]}, 3) == [1, 3, 1]


def test_a_rated_game_moves_the_rating_as_openskill_computes(client: TestClient) -> None:
    """An account against two fixed-strength bots, played to its end."""
    _sign_up(client, "Anna")
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "greedy"}]
    r = client.post(
        "/api/games",
        json={"variant": "bohnanza", "players": 3, "seats": seats, "rated": True},
        headers=_csrf(client),
    )
    assert r.status_code == 201, r.text
    game = r.json()
    assert game["rated"] is True
    token = game["join"][0]["token"]
    result = play_to_the_end(client, game["id"], token, headers=_csrf(client))["result"]
    model = PlackettLuce()  # what the library computes from the same start
    teams = [
        [model.rating()],
        [model.rating(*BOT_RATINGS["random"])],
        [model.rating(*BOT_RATINGS["greedy"])],
    ]
    expect = model.rate(teams, ranks=[float(p) for p in places(result, 3)])[0][0]
    (anna,) = _ratings(client, 1)
    assert anna["name"] == "Anna" and anna["games"] == 1
    assert anna["mu"] == pytest.approx(expect.mu, abs=1e-3)
    assert anna["sigma"] == pytest.approx(expect.sigma, abs=1e-3)
    assert anna["rating"] == shown(expect.mu)
    board = client.get("/api/ratings/bohnanza").json()
    assert {"bot": "greedy", "level": "normal", "rating": 1500} in board["bots"]
    # weakest first, each lobby level named: easy below normal below strong
    assert [(b["bot"], b["level"]) for b in board["bots"]] == [
        ("random", None),
        ("easy", "easy"),
        ("greedy", "normal"),
        ("ismcts", "strong"),
    ]
    assert [b["rating"] for b in board["bots"]] == sorted(b["rating"] for b in board["bots"])
    profile = client.get("/api/players/anna").json()  # names compare case-folded
    assert profile["name"] == "Anna"
    assert profile["ratings"]["bohnanza"]["games"] == 1
    assert [h["game"] for h in profile["history"]["bohnanza"]] == [game["id"]]
    assert [(g["id"], g["rated"]) for g in profile["games"]] == [(game["id"], True)]


def test_two_accounts_are_rated_together_and_once(client: TestClient) -> None:
    bert = _sign_up(client, "Bert")
    _sign_up(client, "Anna")
    body = {
        "variant": "bohnanza",
        "players": 3,
        "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "greedy"}],
        "rated": True,
    }
    game = client.post("/api/games", json=body, headers=_csrf(client)).json()
    _as(client, bert)
    links = [{"game": game["id"], "token": game["join"][1]["token"]}]
    client.post("/api/account/links", json={"links": links}, headers=_csrf(client))
    ctx = client.app.state.ctx  # type: ignore[attr-defined]
    row = ctx.hub().rooms[game["id"]].row
    row.result = {"winners": [1], "ranking": [1, 2, 0], "scores": [2, 9, 5]}
    rated = client.portal.call(ctx.ratings.rate_game, row)  # type: ignore[union-attr]
    model = PlackettLuce()
    teams = [[model.rating()], [model.rating()], [model.rating(*BOT_RATINGS["greedy"])]]
    expect = model.rate(teams, ranks=[3.0, 1.0, 2.0])
    assert [(r.place, round(r.mu, 6)) for r in rated] == [
        (3, round(expect[0][0].mu, 6)),
        (1, round(expect[1][0].mu, 6)),
    ]
    assert [p["name"] for p in _ratings(client, 2)] == ["Bert", "Anna"]
    assert client.portal.call(ctx.ratings.rate_game, row) == []  # a game counts once
    assert [p["games"] for p in _ratings(client, 2)] == [1, 1]


def test_rated_games_are_for_accounts(client: TestClient) -> None:
    client.get("/api/account")
    body = {"variant": "bohnanza", "players": 3, "seats": [{"kind": "human"}] * 3, "rated": True}
    r = client.post("/api/games", json=body)
    assert r.status_code == 403 and r.json()["code"] == "sign-in-needed", r.text
    anna = _sign_up(client, "Anna")
    r = client.post("/api/games", json={**body, "seed": 3}, headers=_csrf(client))
    assert r.status_code == 400 and "seed" in r.json()["message"]
    game = client.post("/api/games", json=body, headers=_csrf(client)).json()
    client.cookies.clear()  # a guest
    r = client.post(f"/api/games/{game['id']}/seats/1/take", json={"name": "Gast"})
    assert r.status_code == 403 and r.json()["code"] == "sign-in-needed"
    with client.websocket_connect(f"/ws/games/{game['id']}?token={game['join'][1]['token']}") as ws:
        assert ws.receive_json()["code"] == "sign-in-needed"
    _as(client, anna)
    bert = _sign_up(client, "Bert")
    _as(client, bert)
    with client.websocket_connect(f"/ws/games/{game['id']}?token={game['join'][1]['token']}") as ws:
        assert ws.receive_json()["type"] == "state"  # the seat is Bert's now
    mine = client.get("/api/account/games").json()["games"]
    assert [(g["id"], g["seat"]) for g in mine] == [(game["id"], 1)]


def test_an_unrated_game_moves_no_rating(client: TestClient) -> None:
    _sign_up(client, "Anna")
    body = {"variant": "bohnanza", "players": 3, "seats": [{"kind": "human"}] * 3}
    game = client.post("/api/games", json=body, headers=_csrf(client)).json()
    assert game["rated"] is False
    hub = client.app.state.ctx  # type: ignore[attr-defined]
    room = hub.hub().rooms[game["id"]]
    room.row.result = {"winners": [0], "ranking": [0, 1, 2], "scores": [3, 2, 1]}
    hub.ratings.game_over(room.row)
    assert client.get("/api/ratings/bohnanza").json()["players"] == []


def test_the_pages_and_refusals(client: TestClient) -> None:
    assert client.get("/leaderboard/bohnanza").status_code == 200
    assert client.get("/players/Anna").status_code == 200
    assert client.get("/api/ratings/nonesuch").status_code == 404
    assert client.get("/api/players/nobody").status_code == 404
    assert client.get("/api/players/" + "x" * 41).status_code == 404
    assert client.get("/api/ratings/bohnanza", params={"limit": "0"}).status_code == 400


def test_a_bot_is_rated_by_its_level_where_it_has_one_else_by_its_kind() -> None:
    from bohn.bots.levels import LEVELS
    from bohn.server.ratings import bot_rating

    assert bot_rating(LEVELS["easy"]) == BOT_RATINGS["easy"]
    assert bot_rating(LEVELS["normal"]) == bot_rating("greedy:proposals=1") == BOT_RATINGS["greedy"]
    assert (
        bot_rating(LEVELS["strong"]) == bot_rating("ismcts:iterations=64") == BOT_RATINGS["ismcts"]
    )
    assert bot_rating("random") < bot_rating(LEVELS["easy"]) < bot_rating("greedy")
    assert bot_rating("no-such-bot") == BOT_RATINGS["greedy"]
