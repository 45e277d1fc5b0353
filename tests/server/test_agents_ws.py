"""Remote agents (``/ws/agents/games/{id}``, ``bohn.server.routes.agents``):
a program plays a server game's seat in text, with the arena's messages."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bohn.server.app import create_app
from server.playing import play_to_the_end


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}", action_rate=None)) as c:
        yield c


def _game(c: TestClient) -> Any:
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]
    r = c.post("/api/games", json={"variant": "bohnanza", "players": 3, "seed": 2, "seats": seats})
    assert r.status_code == 201, r.text
    return r.json()


def test_an_agent_plays_its_seat_in_text(client: TestClient) -> None:
    g = _game(client)
    token = g["join"][0]["token"]
    with client.websocket_connect(f"/ws/agents/games/{g['id']}?token={token}") as ws:
        hello = ws.receive_json()
        assert hello == {"type": "hello", "protocol": 1, "game": g["id"], "seat": 0, "lang": "en"}
        ask = ws.receive_json()
        assert ask["type"] == "observation" and ask["seat"] == 0 and ask["seq"] == 0
        assert "1: plant" in ask["text"].lower() and ask["deadline_ms"] is None
        # a move the text does not name: refused, listing the moves, and asked again
        ws.send_json({"id": ask["id"], "move": "fly to the moon"})
        error = ws.receive_json()
        assert error["type"] == "error" and error["id"] == ask["id"]
        assert "plant" in error["message"].lower()
        again = ws.receive_json()
        assert again["type"] == "observation" and again["id"] == ask["id"] + 1
        assert again["seq"] == 0
        # an answer to the old observation is stale
        ws.send_json({"id": ask["id"], "move": "1"})
        assert ws.receive_json()["code"] == "stale"
        # the move by its number: the game goes on, and the next question comes
        ws.send_json({"id": again["id"], "move": "1"})
        after = ws.receive_json()
        while after["type"] != "observation":
            after = ws.receive_json()
        assert after["seq"] > 0 and after["id"] == again["id"] + 1
        ws.send_json({"move": 1})
        assert ws.receive_json()["code"] == "bad-request"
    state = client.get(
        f"/api/games/{g['id']}/state", headers={"Authorization": f"Bearer {token}"}
    ).json()
    moves = [e for e in state["log"] if e.get("seat") is not None]
    assert moves[0]["seat"] == 0  # the agent's move is the game's first


def test_an_agent_is_told_the_result(client: TestClient) -> None:
    g = _game(client)
    token = g["join"][0]["token"]
    final = play_to_the_end(client, g["id"], token)
    with client.websocket_connect(f"/ws/agents/games/{g['id']}?token={token}&lang=de") as ws:
        assert ws.receive_json()["type"] == "hello"
        told = ws.receive_json()
        assert told["type"] == "result" and told["result"] == final["result"]
        assert "Spiel" in told["text"] or "Punkte" in told["text"]


@pytest.mark.parametrize(
    ("query", "code"),
    [("", "forbidden"), ("?token=nope", "forbidden"), ("?token={t}&lang=fr", "bad-request")],
)
def test_an_agent_needs_its_seat(client: TestClient, query: str, code: str) -> None:
    g = _game(client)
    q = query.format(t=g["join"][0]["token"])
    with client.websocket_connect(f"/ws/agents/games/{g['id']}{q}") as ws:
        assert ws.receive_json()["code"] == code
