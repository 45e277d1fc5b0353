"""A rematch (``POST /api/games/{id}/rematch``): the same seats, names,
bots and options, a new deal, one request each. The first player starts
it, the others join the same game with their own tokens, and the old game's
state tells every page where the rematch is."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from server.test_api import bearer
from server.test_api import client  # noqa: F401
from server.test_api import db_url  # noqa: F401
from server.test_api import new_game
from server.test_api import play_out
from server.test_api import state

SEATS = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bea"}, {"kind": "bot"}]


def finished(client: TestClient) -> tuple[dict[str, Any], list[str]]:  # noqa: F811
    """A Bohnanza game for 3 (two people, one bot) played to its end; the
    game and the people's tokens."""
    g = new_game(client, seats=SEATS, options={"trade_cap": 1})
    tokens = [j["token"] for j in g["join"]]
    play_out(client, g["id"], tokens)
    return g, tokens


def test_a_rematch_is_one_game_the_same_seats_a_new_deal(client: TestClient) -> None:  # noqa: F811
    g, (ann, bea) = finished(client)
    old = client.get(f"/api/games/{g['id']}").json()
    assert state(client, g["id"], bea)["rematch"] is None
    first = client.post(f"/api/games/{g['id']}/rematch", headers=bearer(ann))
    assert first.status_code == 200, first.text
    new = first.json()
    assert new["seat"] == 0 and new["game"] != g["id"]
    assert new["url"].endswith(f"/play/{new['game']}?token={ann}")
    # Bea's page is told, and her one request joins the same game
    assert state(client, g["id"], bea)["rematch"] == new["game"]
    second = client.post(f"/api/games/{g['id']}/rematch", headers=bearer(bea)).json()
    assert second["game"] == new["game"] and second["seat"] == 1
    again = client.post(f"/api/games/{g['id']}/rematch", headers=bearer(ann)).json()
    assert again["game"] == new["game"]  # asking twice starts no second game
    summary = client.get(f"/api/games/{new['game']}").json()
    assert [s["name"] for s in summary["seats"]] == [s["name"] for s in old["seats"]]
    assert [s["bot"] for s in summary["seats"]] == [s["bot"] for s in old["seats"]]
    assert summary["options"] == old["options"] and summary["status"] == "open"
    assert summary["seed_chosen"] is False
    # each person plays the new game with their own token; the deal is new
    mine = state(client, new["game"], ann)
    assert mine["seat"] == 0 and mine["result"] is None
    assert state(client, new["game"], bea)["seat"] == 1
    old_deal = state(client, g["id"], ann, since=0)["log"][0]["events"]
    assert mine["log"][0]["events"] != old_deal  # the set-up: another deal of the cards


def test_a_rematch_is_refused_while_the_game_runs_and_without_a_seat(
    client: TestClient,  # noqa: F811
) -> None:
    g = new_game(client, seats=SEATS)
    token = g["join"][0]["token"]
    r = client.post(f"/api/games/{g['id']}/rematch", headers=bearer(token))
    assert r.status_code == 409 and r.json()["code"] == "running"
    assert state(client, g["id"], token)["rematch"] is None
    anon = client.post(f"/api/games/{g['id']}/rematch")
    assert anon.status_code == 403
    wrong = client.post(f"/api/games/{g['id']}/rematch", headers=bearer("nope"))
    assert wrong.status_code == 403
    assert client.post("/api/games/nosuchgame/rematch", headers=bearer(token)).status_code == 404
    assert len(client.get("/api/games").json()["games"]) == 1  # nothing was stored
