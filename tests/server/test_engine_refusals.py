"""Nothing reaches a player as a crash (``docs/server.md``): an action the
engine refuses, or fails on, is answered with a refusal in the API's error
form, over HTTP and over the WebSocket (which stays open), stores nothing,
and a failure is logged by bohn's logger with the game's id.

One game of every ruleset, with only people's seats, is sent fuzzed actions
at every step (actions listed earlier in the game, listed ones with an index
shifted, other seats' actions, malformed ones) half over HTTP and half over
the WebSocket, and is moved on by a listed action."""

from __future__ import annotations

import json
import logging
import random
from pathlib import Path
from typing import Any

import pytest
from conformance.vocabulary import sample_actions
from fastapi.testclient import TestClient
from passes import per_run

from bohn.engine.actions import action_from_json
from bohn.rulesets import VARIANTS
from bohn.server import rooms
from bohn.server.app import SECURITY_HEADERS
from bohn.server.app import create_app
from server.fuzz import stored

#: steps of each game that are fuzzed, and candidates sent a step
STEPS = per_run(25, soak=400)
TRIES = per_run(6, soak=20)
#: the smallest table of each ruleset
CASES = [(v, min(cls.allowed_players())) for v, cls in VARIANTS.items()]
#: the answers a refused action may get
REFUSALS = {400, 409, 422}


def _shifted(action: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``action`` (JSON) with one of its integer fields moved by one or two."""
    ints = [k for k, v in action.items() if isinstance(v, int) and not isinstance(v, bool)]
    if not ints:
        return action
    k = rng.choice(ints)
    return {**action, k: max(0, action[k] + rng.choice((-1, 1, 2)))}


def _candidates(
    rng: random.Random, pool: list[dict[str, Any]], views: list[dict[str, Any]]
) -> list[dict[str, Any] | Any]:
    listed = [entry["action"] for v in views for entry in v["legal"]]
    out: list[Any] = rng.sample(pool, min(2, len(pool)))
    out += [_shifted(a, rng) for a in rng.sample(listed, min(2, len(listed)))]
    out += [a.to_json() for a in rng.sample(SAMPLES, 1)]
    out += [rng.choice([None, 7, "plant f0", {"type": "plant"}, {"type": "plant", "field": -1}])]
    return out[:TRIES]


SAMPLES = sample_actions()


@pytest.mark.parametrize(("variant", "players"), CASES, ids=[v for v, _ in CASES])
def test_fuzzed_actions_are_refused_in_the_error_form_and_store_nothing(
    tmp_path: Path, variant: str, players: int
) -> None:
    db = tmp_path / "bohn.db"
    rng = random.Random(variant)
    with TestClient(create_app(f"sqlite:///{db}", action_rate=None)) as c:
        r = c.post(
            "/api/games",
            json={
                "variant": variant,
                "players": players,
                "seed": 3,
                "seats": [{"kind": "human"}] * players,
            },
        )
        assert r.status_code == 201, r.text
        game = r.json()
        gid, tokens = game["id"], [j["token"] for j in game["join"]]
        auth = [{"authorization": f"Bearer {t}"} for t in tokens]
        sockets = [c.websocket_connect(f"/ws/games/{gid}?token={t}").__enter__() for t in tokens]
        try:
            for ws in sockets:
                assert ws.receive_json()["type"] == "state"
            pool: list[dict[str, Any]] = []
            for step in range(STEPS):
                views = [c.get(f"/api/games/{gid}/state", headers=h).json() for h in auth]
                if views[0]["result"] is not None:
                    break
                seq = views[0]["seq"]
                pool += [e["action"] for v in views for e in v["legal"]]
                before = stored(db, {gid})
                for i, action in enumerate(_candidates(rng, pool, views)):
                    seat = rng.randrange(players)
                    if any(e["action"] == action for e in views[seat]["legal"]):
                        continue  # a listed action would move the game: not a refusal
                    body = {"seq": seq, "action": action}
                    if i % 2 == 0:
                        r = c.post(f"/api/games/{gid}/actions", json=body, headers=auth[seat])
                        assert r.status_code < 500, (variant, body, r.status_code, r.text)
                        if r.status_code in REFUSALS:
                            err = r.json()
                            assert err["code"] and err["message"], err
                            assert "content-security-policy" in r.headers
                        else:  # accepted: an unlisted action the contract allows
                            assert r.status_code == 200, r.text
                            break
                    else:
                        ws = sockets[seat]
                        ws.send_text(json.dumps({"type": "act", **body}))
                        got = _answer(ws)
                        assert got["type"] in ("ack", "error"), got
                        if got["type"] == "ack":
                            break
                        assert got["code"] and got["message"], got
                    assert stored(db, {gid}) == before, (variant, body)
                else:
                    # move on: a listed action of a waited-on seat
                    views = [c.get(f"/api/games/{gid}/state", headers=h).json() for h in auth]
                    movers = [s for s in range(players) if views[s]["legal"]]
                    if not movers:
                        break
                    s = rng.choice(movers)
                    entry = rng.choice(views[s]["legal"])
                    r = c.post(
                        f"/api/games/{gid}/actions",
                        json={"seq": views[s]["seq"], "action": entry["action"]},
                        headers=auth[s],
                    )
                    assert r.status_code == 200, (variant, step, entry, r.text)
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)


def _answer(ws: Any) -> dict[str, Any]:
    """The answer to the last message (states may come before it)."""
    while True:
        got: dict[str, Any] = ws.receive_json()
        if got["type"] != "state":
            return got


def test_an_engine_failure_is_a_refusal_logged_with_the_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """An action the engine fails on (anything but a refusal: a defect) is
    answered 422 ``engine-error`` over HTTP, with the security headers, and
    as an ``error`` message over the WebSocket, which stays open; nothing is
    stored; bohn's logger names the game."""
    db = tmp_path / "bohn.db"
    real = action_from_json

    def failing(d: Any) -> Any:
        if isinstance(d, dict) and d.get("type") == "harvest" and d.get("field") == 9:
            raise RuntimeError("an engine defect")
        return real(d)

    monkeypatch.setattr(rooms, "action_from_json", failing)
    with TestClient(create_app(f"sqlite:///{db}", action_rate=None)) as c:
        r = c.post(
            "/api/games",
            json={"variant": "bohnanza", "players": 3, "seats": [{"kind": "human"}] * 3},
        )
        game = r.json()
        gid, token = game["id"], game["join"][0]["token"]
        before = stored(db, {gid})
        body = {"seq": 0, "action": {"type": "harvest", "field": 9}}
        with caplog.at_level(logging.ERROR, logger="bohn.server"):
            r = c.post(
                f"/api/games/{gid}/actions", json=body, headers={"authorization": f"Bearer {token}"}
            )
        assert r.status_code == 422 and r.json()["code"] == "engine-error", r.text
        assert "nothing changed" in r.json()["message"]
        for name, value in SECURITY_HEADERS:
            assert r.headers[name.decode()] == value.decode()
        failures = [rec for rec in caplog.records if getattr(rec, "game", None) == gid]
        assert failures and failures[0].exc_info is not None
        with c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_text(json.dumps({"type": "act", **body}))
            got = _answer(ws)
            assert got["type"] == "error" and got["code"] == "engine-error", got
            ws.send_text(
                json.dumps({"type": "act", "seq": 0, "action": {"type": "plant", "field": 0}})
            )
            assert _answer(ws) == {"type": "ack", "seq": 1}  # the socket is still open
        assert stored(db, {gid})["games"] == before["games"]


def test_a_route_that_fails_answers_in_the_error_form_with_the_headers(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Any route failing unexpectedly answers 500 in the API's error form with
    the security headers, and bohn's logger names the game."""
    db = tmp_path / "bohn.db"
    with TestClient(create_app(f"sqlite:///{db}"), raise_server_exceptions=False) as c:
        r = c.post(
            "/api/games",
            json={"variant": "bohnanza", "players": 3, "seats": [{"kind": "human"}] * 3},
        )
        gid = r.json()["id"]

        def broken(*_: Any, **__: Any) -> Any:
            raise RuntimeError("a defect")

        monkeypatch.setattr(rooms.Room, "view", broken)
        token = r.json()["join"][0]["token"]
        with caplog.at_level(logging.ERROR, logger="bohn.server"):
            r = c.get(f"/api/games/{gid}/state", headers={"authorization": f"Bearer {token}"})
        assert r.status_code == 500
        assert r.json()["code"] == "internal" and r.json()["message"]
        for name, value in SECURITY_HEADERS:
            assert r.headers[name.decode()] == value.decode()
        assert any(getattr(rec, "game", None) == gid for rec in caplog.records)


def test_a_websocket_that_fails_says_so_and_closes_properly(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A connection that fails unexpectedly gets an ``error`` message and a
    close frame (1011), never a dropped socket; bohn's logger names the game."""
    db = tmp_path / "bohn.db"
    with TestClient(create_app(f"sqlite:///{db}")) as c:
        r = c.post(
            "/api/games",
            json={"variant": "bohnanza", "players": 3, "seats": [{"kind": "human"}] * 3},
        )
        gid, token = r.json()["id"], r.json()["join"][0]["token"]

        async def broken(*_: Any, **__: Any) -> Any:
            raise LookupError("a defect")  # (a RuntimeError is a client gone away)

        monkeypatch.setattr(rooms.Room, "watch", broken)
        with (
            caplog.at_level(logging.ERROR, logger="bohn.server"),
            c.websocket_connect(f"/ws/games/{gid}?token={token}") as ws,
        ):
            got = ws.receive_json()
            assert got["type"] == "error" and got["code"] == "internal", got
            closed = ws.receive()
            assert closed["type"] == "websocket.close" and closed["code"] == 1011
        assert any(getattr(rec, "game", None) == gid for rec in caplog.records)
