"""The server against hostile input: bot specs outside their bounds, stored
games that do not load, JSON nested too deep, oversized and binary
WebSocket messages; the security headers; ``bohn serve``'s start-up errors."""

from __future__ import annotations

import json
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from bohn.server.app import CSP
from bohn.server.app import MAX_BODY
from bohn.server.app import MAX_DEPTH
from bohn.server.app import BadRequest
from bohn.server.app import create_app
from bohn.server.app import parse_json
from bohn.server.app import too_deep
from bohn.server.launch import free_port


def _db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'bohn.db'}"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(_db(tmp_path))) as c:
        yield c


def rows(tmp_path: Path) -> dict[str, list[tuple[Any, ...]]]:
    """Every stored row of every table."""
    with sqlite3.connect(tmp_path / "bohn.db") as conn:
        return {
            t: sorted(conn.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
            for t in ("games", "seats", "actions")
        }


def create(client: TestClient, *bots: str, **body: Any) -> Any:
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": b} for b in bots]
    return client.post(
        "/api/games",
        json={"variant": "bohnanza", "players": len(seats), "seed": 3, "seats": seats, **body},
    )


# -- bot specs -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("greedy:evil=1", "bot 'greedy' takes no parameters ['evil'] (its parameters: proposals"),
        ("greedy:proposals=abc", "greedy parameter proposals must be an integer, not 'abc'"),
        ("greedy:proposals=51", "greedy parameter proposals is at most 50"),
        ("greedy:buy=maybe", "greedy parameter buy must be true or false"),
        ("random:x=<b>", "bot 'random' takes no parameters ['x'] (its parameters: none)"),
        ("ismcts:iterations=100000000", "iterations is at most 1000 on the server"),
        ("ismcts:time_ms=60000", "time_ms is at most 10000 on the server"),
        ("ismcts:c=nan", "ismcts parameter c must be a finite number"),
        ("ismcts:horizon=-1", "ismcts parameter horizon must not be negative"),
        ("ismcts:rival=min", "rival must be one of mean, max, not 'min'"),
        ("ismcts:iterations=0", "ismcts needs iterations >= 1 or time_ms >= 1"),
        ("ismcts:iterations", "bad bot parameter 'iterations'"),
        ("nosuch", "unknown bot 'nosuch'; known bots: greedy, ismcts, random"),
        ("greedy:" + "x" * 200, "a bot spec has at most 120 characters"),
    ],
)
def test_a_bad_bot_spec_is_refused_and_nothing_is_stored(
    client: TestClient, tmp_path: Path, spec: str, says: str
) -> None:
    before = rows(tmp_path)
    r = create(client, spec, "greedy")
    assert r.status_code == 400, r.text
    assert r.json()["code"] == "bad-bot"
    assert says in r.json()["message"] and r.json()["message"].startswith("seat 1: ")
    assert rows(tmp_path) == before
    assert client.get("/api/games").json() == {"games": [], "next_cursor": None}


def test_good_bot_specs_within_the_bounds_are_taken(client: TestClient) -> None:
    r = create(client, "greedy:proposals=1,buy=false", "ismcts:iterations=1000,horizon=6")
    assert r.status_code == 201, r.text
    assert [s["bot"] for s in r.json()["seats"]][1:] == [
        "greedy:proposals=1,buy=false",
        "ismcts:iterations=1000,horizon=6",
    ]


# -- stored games that do not load -------------------------------------------------


def _game_row(game_id: str, **over: Any) -> dict[str, Any]:
    row = {
        "id": game_id,
        "variant": "bohnanza",
        "players": 3,
        "seed": "5",
        "options": "{}",
        "think_ms": 0,
        "status": "running",
        "result": None,
        "spectator_hash": "0" * 64,
        "created_at": time.time(),
        "updated_at": time.time(),
        "clock_s": None,
        "seed_chosen": 0,
    }
    return {**row, **over}


def _insert(db: Path, game: dict[str, Any], seats: list[tuple[str, str | None]]) -> None:
    with sqlite3.connect(db) as conn:
        cols = ", ".join(game)
        conn.execute(
            f"INSERT INTO games ({cols}) VALUES ({', '.join('?' * len(game))})",
            tuple(game.values()),
        )
        for i, (kind, bot) in enumerate(seats):
            conn.execute(
                "INSERT INTO seats (game_id, seat, kind, bot, token_hash, joined) "
                "VALUES (?, ?, ?, ?, NULL, 0)",
                (game["id"], i, kind, bot),
            )


HUMAN_BOTS = [("human", None), ("bot", "greedy"), ("bot", "greedy")]


def test_a_stored_game_that_does_not_load_is_marked_broken_and_skipped(tmp_path: Path) -> None:
    db = tmp_path / "bohn.db"
    with TestClient(create_app(_db(tmp_path))) as c:
        good = create(c, "greedy", "greedy").json()
    # rows no server would store, written behind its back
    _insert(db, _game_row("badbot"), [("human", None), ("bot", "greedy:evil=1"), ("bot", "greedy")])
    _insert(
        db, _game_row("badcap", players=2), [("human", None), ("bot", "ismcts:iterations=5000")]
    )
    _insert(db, _game_row("badseed", seed="{not json"), HUMAN_BOTS)
    _insert(db, _game_row("badvariant", variant="chess"), HUMAN_BOTS)
    _insert(db, _game_row("badoptions", options='{"trade_cap": "lots"}'), HUMAN_BOTS)
    _insert(db, _game_row("nohuman"), [("bot", "greedy")] * 3)
    _insert(db, _game_row("badaction"), HUMAN_BOTS)
    with sqlite3.connect(db) as conn:
        conn.execute(
            "INSERT INTO actions (game_id, seq, seat, action, created_at) VALUES (?, 0, 0, ?, 0)",
            ("badaction", json.dumps({"type": "no-such-action"})),
        )
    broken = {"badbot", "badcap", "badseed", "badvariant", "badoptions", "nohuman", "badaction"}
    # the server starts again (every running game is loaded on start) ...
    with TestClient(create_app(_db(tmp_path))) as c:
        r = c.get("/api/games")
        assert r.status_code == 200, r.text
        assert [g["id"] for g in r.json()["games"]] == [good["id"]]
        for game_id in sorted(broken):
            r = c.get(f"/api/games/{game_id}")
            assert r.status_code == 410, (game_id, r.text)
            assert r.json()["code"] == "broken"
            assert "cannot be loaded" in r.json()["message"]
        # ... and the good game plays on
        token = good["join"][0]["token"]
        st = c.get(
            f"/api/games/{good['id']}/state", headers={"Authorization": f"Bearer {token}"}
        ).json()
        a = st["legal"][0]["action"]
        r = c.post(
            f"/api/games/{good['id']}/actions",
            json={"seq": st["seq"], "action": a},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert r.status_code == 200, r.text
        with c.websocket_connect("/ws/games/badbot?token=x") as ws:
            assert ws.receive_json()["code"] == "broken"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4410
    with sqlite3.connect(db) as conn:
        marks = dict(conn.execute("SELECT id, broken FROM games").fetchall())
    assert {k for k, v in marks.items() if v is not None} == broken
    assert "greedy" in marks["badbot"] and "evil" in marks["badbot"]
    assert "1000 on the server" in marks["badcap"]
    # once marked, a later start does not try them again, and the lobby still works
    with TestClient(create_app(_db(tmp_path))) as c:
        assert [g["id"] for g in c.get("/api/games").json()["games"]] == [good["id"]]


# -- JSON nesting and size -----------------------------------------------------------


def test_nesting_is_measured_without_recursion() -> None:
    assert not too_deep({"a": [1, {"b": "[[[[{{{{"}], "c": []}, 3)
    assert too_deep({"a": [1, {"b": []}]}, 3)
    assert not too_deep([[[]]], 3) and too_deep([[[[]]]], 3)
    assert not too_deep(5, 0) and too_deep([], 0)
    deep: Any = []
    for _ in range(100_000):  # deeper than any recursion could go
        deep = [deep]
    assert too_deep(deep, MAX_DEPTH)
    with pytest.raises(BadRequest, match="more than 32 levels"):
        parse_json("[" * 20_000 + "]" * 20_000)
    with pytest.raises(BadRequest, match="more than 32 levels"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1))
    assert parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH) is not None


@pytest.mark.parametrize(
    "path", ["/api/games", "/api/games/x/actions", "/api/games/x/seats/1/take"]
)
def test_http_json_nested_too_deep_is_400(client: TestClient, tmp_path: Path, path: str) -> None:
    game = create(client, "greedy", "greedy").json()
    path = path.replace("/x/", f"/{game['id']}/")
    before = rows(tmp_path)
    headers = {"Authorization": f"Bearer {game['join'][0]['token']}"}
    for body in ("[" * 20_000, "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1)):
        r = client.post(path, content=body, headers=headers)
        assert r.status_code == 400, r.text
        assert r.json()["code"] == "too-deep"
        assert f"more than {MAX_DEPTH} levels deep" in r.json()["message"]
    r = client.post(path, content=b"\xff\xfe[", headers=headers)
    assert r.status_code == 400 and "JSON" in r.json()["message"]
    assert rows(tmp_path) == before


def _ws(client: TestClient) -> tuple[Any, str, str]:
    game = create(client, "greedy", "greedy").json()
    return client, game["id"], game["join"][0]["token"]


@pytest.mark.parametrize(
    ("send", "code", "close"),
    [
        (lambda ws: ws.send_text("[" * 20_000), "too-deep", 1008),
        (
            lambda ws: ws.send_text(
                '{"type": "act", "seq": 0, "action": ' + "[" * 40 + "]" * 40 + "}"
            ),
            "too-deep",
            1008,
        ),
        (lambda ws: ws.send_text(" " * (MAX_BODY + 1)), "too-large", 1009),
        (lambda ws: ws.send_bytes(b'{"type": "act"}'), "binary", 1003),
    ],
)
def test_a_websocket_message_over_a_limit_gets_an_error_then_a_close_code(
    client: TestClient, tmp_path: Path, send: Any, code: str, close: int
) -> None:
    c, game_id, token = _ws(client)
    before = rows(tmp_path)
    with c.websocket_connect(f"/ws/games/{game_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "state"
        send(ws)
        err = ws.receive_json()
        assert err["type"] == "error" and err["code"] == code and err["message"]
        msg = ws.receive()
        assert msg["type"] == "websocket.close" and msg["code"] == close
    assert rows(tmp_path)["actions"] == before["actions"]


def test_bad_json_over_the_websocket_is_answered_and_the_socket_stays(client: TestClient) -> None:
    c, game_id, token = _ws(client)
    with c.websocket_connect(f"/ws/games/{game_id}?token={token}") as ws:
        state = ws.receive_json()
        ws.send_text("{not json")
        assert ws.receive_json()["code"] == "bad-request"
        ws.send_text(json.dumps({"type": "act", "seq": state["seq"], "action": {"type": "x"}}))
        assert ws.receive_json()["type"] == "error"


# -- security headers ----------------------------------------------------------------


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    game = create(client, "greedy", "greedy").json()
    for method, path, body in [
        ("GET", "/", None),
        ("GET", f"/play/{game['id']}", None),
        ("GET", "/static/replay.html", None),
        ("GET", "/static/play.js", None),
        ("GET", "/api/variants", None),
        ("GET", "/api/games", None),
        ("GET", "/api/games/nosuch", None),  # 404
        ("POST", "/api/games", "x" * (MAX_BODY + 1)),  # 413
        ("POST", "/api/games", "{}"),  # 400
        ("GET", "/openapi.json", None),
        ("GET", "/favicon.ico", None),
    ]:
        r = client.request(method, path, content=body)
        assert r.status_code < 500, (path, r.status_code)
        h = r.headers
        assert h["content-security-policy"] == CSP, path
        assert h["x-content-type-options"] == "nosniff", path
        assert h["referrer-policy"] == "no-referrer", path
        assert h["x-frame-options"] == "DENY", path
    assert "frame-ancestors 'none'" in CSP
    assert "script-src 'self';" in CSP and "unsafe-inline" not in CSP and "unsafe-eval" not in CSP


def test_the_pages_have_no_inline_script() -> None:
    import re

    static = Path(__file__).resolve().parents[2] / "bohn" / "server" / "static"
    for page in static.glob("*.html"):
        html = page.read_text(encoding="utf-8")
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page.name, tag)
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html), page.name  # no body
        assert not re.search(r"\son[a-z]+\s*=", html), page.name
        assert "javascript:" not in html, page.name


# -- bohn serve's start-up ------------------------------------------------------------


def _serve(*args: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "bohn", "serve", *args],
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--db", "mysql://x"], "runs on SQLite (sqlite:///FILE) or PostgreSQL"),
        (["--db", "notaurl"], "is not a database URL"),
        (["--db", "sqlite:////nonexistent/dir/x.db"], "there is no folder /nonexistent/dir"),
        (["--db", "sqlite:///:memory:"], "keeps its games in a file"),
        (["--port", "99999"], "a port is a number from 1 to 65535, not 99999"),
        (["--port", "0"], "a port is a number from 1 to 65535, not 0"),
        (["--port", "http"], "a port is a number from 1 to 65535"),
        (["--host", "no-such-host.invalid"], "no such address"),
        (["--db", "postgresql://u:secret@127.0.0.1:1/bohn"], "cannot open the database"),
    ],
)
def test_serve_start_up_errors_are_one_line(tmp_path: Path, args: list[str], says: str) -> None:
    if "--db" not in args:
        args = [*args, "--db", _db(tmp_path)]
    r = _serve(*args, "--port", str(free_port())) if "--port" not in args else _serve(*args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    assert r.stdout == ""  # no start-up line: it did not start
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("bohn serve: error: ") and says in lines[0], lines[0]
    assert "secret" not in lines[0]  # a password is not shown


def test_serve_on_a_port_in_use_says_so_before_anything_else(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        r = _serve("--port", str(port), "--db", _db(tmp_path))
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr == f"bohn serve: error: cannot listen on 127.0.0.1:{port}: the port is in use\n"


def test_serve_answers_at_the_address_it_prints(tmp_path: Path) -> None:
    import httpx

    port = free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "bohn", "serve", "--port", str(port), "--db", _db(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith(f"bohn server on http://127.0.0.1:{port} "), line
        # the socket listens before the line is printed: the first request is answered
        r = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=30)
        assert r.status_code == 200 and r.json() == {"games": [], "next_cursor": None}
    finally:
        proc.terminate()
        proc.wait(10)


# -- health and metrics ---------------------------------------------------------------


def _metrics(client: TestClient) -> dict[str, float]:
    from prometheus_client.parser import text_string_to_metric_families

    r = client.get("/metrics")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/plain")
    out: dict[str, float] = {}
    for family in text_string_to_metric_families(r.text):
        for sample in family.samples:
            labels = ",".join(f"{k}={v}" for k, v in sorted(sample.labels.items()))
            out[f"{sample.name}{{{labels}}}" if labels else sample.name] = sample.value
    return out


def test_healthz_and_metrics(client: TestClient) -> None:
    r = client.get("/healthz")
    assert r.status_code == 200 and r.json() == {"status": "ok", "live_games": 0}
    m = _metrics(client)
    assert m["bohn_live_games{status=running}"] == 0
    assert m["bohn_actions_total"] == 0 and m["bohn_ack_seconds_count"] == 0
    assert m["bohn_bot_queue"] == 0
    game = create(client, "greedy", "greedy").json()
    token = game["join"][0]["token"]
    auth = {"Authorization": f"Bearer {token}"}
    st = client.get(f"/api/games/{game['id']}/state", headers=auth).json()
    r = client.post(
        f"/api/games/{game['id']}/actions",
        json={"seq": st["seq"], "action": st["legal"][0]["action"]},
        headers=auth,
    )
    assert r.status_code == 200
    with client.websocket_connect(f"/ws/games/{game['id']}?token={token}") as ws:
        st = ws.receive_json()
        ws.send_text(json.dumps({"type": "act", "seq": st["seq"], "action": {"type": "x"}}))
        assert ws.receive_json()["type"] == "error"  # refused: no acknowledgement
    m = _metrics(client)
    assert client.get("/healthz").json()["live_games"] == 1
    assert m["bohn_live_games{status=running}"] == 1
    assert m["bohn_ack_seconds_count"] == 1 and m["bohn_ack_seconds_sum"] > 0
    assert m["bohn_actions_total"] >= 1  # the person's, and the bots' since
    assert m["bohn_bot_queue"] in (0, 1)


def test_the_bot_queue_gauge_reads_the_hub() -> None:
    import asyncio
    from types import SimpleNamespace

    from bohn.server.metrics import bot_queue

    assert bot_queue(SimpleNamespace(bot_queue_length=lambda: 3, rooms={})) == 3

    async def rooms_with_tasks() -> int:
        never = asyncio.get_running_loop().create_future()
        running = asyncio.ensure_future(never)
        done = asyncio.ensure_future(asyncio.sleep(0))
        await done
        rooms = {
            "a": SimpleNamespace(_bot_task=running),
            "b": SimpleNamespace(_bot_task=done),
            "c": SimpleNamespace(_bot_task=None),
        }
        n = bot_queue(SimpleNamespace(rooms=rooms))
        running.cancel()
        return n

    assert asyncio.run(rooms_with_tasks()) == 1


def test_a_failing_database_marks_no_game_broken(tmp_path: Path) -> None:
    import asyncio

    import sqlalchemy as sa

    from bohn.server.rooms import Hub
    from bohn.server.store import Store

    with TestClient(create_app(_db(tmp_path))) as c:
        game_id = create(c, "greedy", "greedy").json()["id"]

    async def run() -> None:
        store = Store(_db(tmp_path))
        hub = Hub(store)
        real = store.actions

        async def gone(game_id: str) -> Any:
            raise sa.exc.OperationalError("SELECT", {}, Exception("connection lost"))

        store.actions = gone  # type: ignore[method-assign]
        try:
            with pytest.raises(sa.exc.OperationalError):
                await hub.room(game_id)
            store.actions = real  # type: ignore[method-assign]
            room = await hub.room(game_id)  # the database back: the game loads
            assert room is not None and room.row.id == game_id
        finally:
            await hub.close()
            await store.close()

    asyncio.run(run())
    with sqlite3.connect(tmp_path / "bohn.db") as conn:
        assert conn.execute("SELECT broken FROM games").fetchall() == [(None,)]
