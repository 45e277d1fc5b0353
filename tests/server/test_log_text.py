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
        r = client.get(
            f"/api/games/{g['id']}/state",
            headers={"Authorization": f"Bearer {token}"},
            params={"lang": lang},
        )
        words = describer(variant, lang).with_players(r.json()["names"])
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


def test_the_log_and_the_prompt_name_the_players(client: TestClient) -> None:
    """Seats are named by their players' names in the log, the prompt and the
    moves."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Bodo"}]
    seats += [{"kind": "bot", "bot": "random"}] * 2
    r = client.post(
        "/api/games", json={"variant": "bohnanza", "players": 4, "seed": 3, "seats": seats}
    )
    assert r.status_code == 201, r.text
    g = r.json()
    bodo = g["join"][1]["token"]
    for lang, deal, seat in (
        ("en", "Anna got 5 cards", "Seat"),
        ("de", "Anna bekam 5 Karten", "Platz"),
    ):
        view = client.get(
            f"/api/games/{g['id']}/state",
            headers={"Authorization": f"Bearer {bodo}"},
            params={"lang": lang},
        ).json()
        texts = [e.get("text", "") for entry in view["log"] for e in entry["events"]]
        assert deal in texts
        # Anna, the active player, is named in Bodo's prompt
        assert "Anna" in view["prompt"], view["prompt"]
        assert not any(f"{seat.lower()} 0" in t.lower() for t in texts)


def test_two_seats_of_one_name_are_told_apart_by_their_numbers_from_1() -> None:
    """Two seats of one name are named with their seats, counted from 1 as
    every number a person reads: seat 2 of the JSON is "Seat 3"."""
    from bohn.describe import describer

    names = ["Anna", "Bodo", "random bot", "random bot"]
    en = describer("bohnanza", "en").with_players(names)
    de = describer("bohnanza", "de").with_players(names)
    assert en.seat(2) == "random bot (Seat 3)" and en.seat(3) == "random bot (Seat 4)"
    assert de.seat(2) == "random bot (Platz 3)"
    assert en.seat(0) == "Anna"
    assert en.event({"type": "deal", "seat": 3, "count": 5}, 0) == "random bot (Seat 4) got 5 cards"
