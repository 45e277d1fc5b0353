"""The server's log events carry the describer's sentences, in the language asked for."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bohn.describe import describer
from bohn.server.app import create_app


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'bohn.db'}")) as c:
        yield c


def _game(client: TestClient, variant: str, players: int) -> dict[str, Any]:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    r = client.post(
        "/api/games", json={"variant": variant, "players": players, "seed": 3, "seats": seats}
    )
    assert r.status_code == 201, r.text
    data: dict[str, Any] = r.json()
    return data


@pytest.mark.parametrize(("variant", "players"), [("bohnanza", 3), ("bohnkick", 2)])
def test_state_log_events_carry_the_describers_text(
    client: TestClient, variant: str, players: int
) -> None:
    g = _game(client, variant, players)
    token = g["join"][0]["token"]
    for lang in ("en", "de"):
        words = describer(variant, lang)
        r = client.get(
            f"/api/games/{g['id']}/state",
            headers={"Authorization": f"Bearer {token}"},
            params={"lang": lang},
        )
        events = [e for entry in r.json()["log"] for e in entry["events"]]
        assert events
        for e in events:
            plain = {k: v for k, v in e.items() if k != "text"}
            assert e.get("text") == words.event(plain, 0)
    default = client.get(
        f"/api/games/{g['id']}/state", headers={"Authorization": f"Bearer {token}"}
    ).json()
    deal = next(e for entry in default["log"] for e in entry["events"] if e["type"] == "deal")
    assert deal["text"].startswith("you got")


def test_the_websocket_log_speaks_the_language_asked_for(client: TestClient) -> None:
    g = _game(client, "bohnanza", 3)
    token = g["join"][0]["token"]
    with client.websocket_connect(f"/ws/games/{g['id']}?token={token}&lang=de") as ws:
        msg = ws.receive_json()
    deal = next(e for entry in msg["log"] for e in entry["events"] if e["type"] == "deal")
    assert deal["text"].startswith("du bekamst")
    with client.websocket_connect(f"/ws/games/{g['id']}?token={token}&lang=xx") as ws:
        msg = ws.receive_json()
    deal = next(e for entry in msg["log"] for e in entry["events"] if e["type"] == "deal")
    assert deal["text"].startswith("you got")
