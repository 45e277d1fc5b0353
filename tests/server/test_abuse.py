"""Limits against abuse: per-client rates for creating games, taking seats
and actions (429 with Retry-After; over a WebSocket an error, the socket
stays), the cap on one client's open games, the expiry of open games nobody
joined, the paged lobby built from the stored rows, and a start-up that
loads only the games the server moves by itself (``BOHN_SOAK=1``: 30,000
stored games)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from passes import SOAK
from starlette.websockets import WebSocketDisconnect

from bohn.server.app import create_app
from bohn.server.limits import Rate
from bohn.server.rooms import Hub
from bohn.server.rooms import Refused
from bohn.server.store import ExpiredGame
from bohn.server.store import Store
from bohn.server.store import migrate
from bohn.server.store import token_hash
from server.rows import game_row

PEOPLE = [{"kind": "human"}] * 3
BOTS = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}, {"kind": "bot", "bot": "greedy"}]


def _db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'bohn.db'}"


def _count(tmp_path: Path, table: str = "games", where: str = "1=1") -> int:
    with sqlite3.connect(tmp_path / "bohn.db") as conn:
        return int(conn.execute(f"SELECT COUNT(*) FROM {table} WHERE {where}").fetchone()[0])


def _create(c: TestClient, who: str | None = None, seats: Any = PEOPLE) -> Any:
    headers = {"X-Forwarded-For": who} if who else {}
    body = {"variant": "bohnanza", "players": len(seats), "seed": 3, "seats": seats}
    return c.post("/api/games", json=body, headers=headers)


class Clock:
    """A clock for the rate limits that moves only when told (no test
    waits on real time, and a slow machine refills no bucket)."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def still(app: Any) -> Clock:
    """Stop the clock of ``app``'s rate limits; the clock."""
    clock = Clock()
    ctx = app.state.ctx
    for limiter in (ctx.creating, ctx.acting):
        if limiter is not None:
            limiter.clock = clock
    return clock


def _bearer(token: str, who: str | None = None) -> dict[str, str]:
    h = {"Authorization": f"Bearer {token}"}
    return {**h, "X-Forwarded-For": who} if who else h


# -- rates -------------------------------------------------------------------------


def test_a_loop_of_creations_meets_the_limit_and_others_do_not(tmp_path: Path) -> None:
    app = create_app(_db(tmp_path), max_open_games=None, trust_proxy=True)
    still(app)
    with TestClient(app) as c:
        codes = [_create(c, "203.0.113.7").status_code for _ in range(300)]
        made = codes.count(201)
        assert made == 20 and codes[:20] == [201] * 20, codes[:30]  # the burst, then refused
        assert set(codes[20:]) == {429}
        r = _create(c, "203.0.113.7")
        assert r.status_code == 429
        assert r.json()["code"] == "rate-limited"
        assert "--create-rate" in r.json()["message"] and "20 at once" in r.json()["message"]
        assert 1 <= int(r.headers["Retry-After"]) <= 3  # one of 20 a minute comes every 3 s
        # nothing was stored for the refused ones
        assert _count(tmp_path) == made and _count(tmp_path, "seats") == 3 * made
        # another client is not limited, and its own seats are taken as before
        other = _create(c, "198.51.100.2")
        assert other.status_code == 201, other.text
        # taking a seat shares the creating limit
        r = c.post(
            f"/api/games/{other.json()['id']}/seats/1/take",
            json={"name": "Eve"},
            headers={"X-Forwarded-For": "203.0.113.7"},
        )
        assert r.status_code == 429 and r.json()["code"] == "rate-limited"
        assert c.get(f"/api/games/{other.json()['id']}").json()["seats"][1]["name"] is None
        r = c.post(
            f"/api/games/{other.json()['id']}/seats/1/take",
            json={"name": "Bea"},
            headers={"X-Forwarded-For": "198.51.100.2"},
        )
        assert r.status_code == 200, r.text


def test_a_forged_forwarded_for_does_not_escape_the_limit(tmp_path: Path) -> None:
    # without --trust-proxy the header is the client's own say: ignored
    app = create_app(_db(tmp_path), max_open_games=None)
    still(app)
    with TestClient(app) as c:
        codes = [_create(c, f"10.0.0.{i}").status_code for i in range(25)]
        assert codes.count(201) == 20 and codes[-1] == 429
    # behind a trusted proxy only its own (last) address counts
    app = create_app(_db(tmp_path), max_open_games=None, trust_proxy=True)
    still(app)
    with TestClient(app) as c:
        codes = [_create(c, f"10.0.0.{i}, 192.0.2.1").status_code for i in range(25)]
        assert codes.count(201) == 20 and codes[-1] == 429


def _waiting(c: TestClient, g: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    for j in g["join"]:
        st = c.get(f"/api/games/{g['id']}/state", headers=_bearer(j["token"])).json()
        if st["seat"] in st["waiting_for"] and st["legal"]:
            return j["token"], st
    raise AssertionError("the game waits on nobody")


def test_a_loop_of_actions_meets_the_limit_over_http(tmp_path: Path) -> None:
    app = create_app(_db(tmp_path), action_rate=Rate(rate=2.0, burst=5), trust_proxy=True)
    still(app)
    with TestClient(app) as c:
        g = _create(c).json()
        answers = []
        for _ in range(8):
            token, st = _waiting(c, g)
            r = c.post(
                f"/api/games/{g['id']}/actions",
                json={"seq": st["seq"], "action": st["legal"][0]["action"]},
                headers=_bearer(token, "203.0.113.9"),
            )
            answers.append(r)
        codes = [r.status_code for r in answers]
        assert codes[:5] == [200] * 5 and 429 in codes[5:], codes
        refused = next(r for r in answers if r.status_code == 429)
        assert refused.json()["code"] == "rate-limited" and "--action-rate" in refused.text
        assert "5 at once, then 2 a second" in refused.json()["message"]
        assert int(refused.headers["Retry-After"]) == 1
        # the refused actions were not stored
        assert _count(tmp_path, "actions") == codes.count(200)
        # another client acts at once
        token, st = _waiting(c, g)
        r = c.post(
            f"/api/games/{g['id']}/actions",
            json={"seq": st["seq"], "action": st["legal"][0]["action"]},
            headers=_bearer(token, "198.51.100.3"),
        )
        assert r.status_code == 200, r.text


def test_a_loop_of_actions_over_a_websocket_is_answered_not_closed(tmp_path: Path) -> None:
    app = create_app(_db(tmp_path), action_rate=Rate(rate=4.0, burst=3))
    clock = still(app)
    with TestClient(app) as c:
        g = c.post(
            "/api/games",
            json={"variant": "bohnanza", "players": 3, "seed": 3, "seats": BOTS},
        ).json()
        token = g["join"][0]["token"]
        with c.websocket_connect(f"/ws/games/{g['id']}?token={token}") as ws:
            st = ws.receive_json()
            assert st["type"] == "state" and 0 in st["waiting_for"]
            answers = []
            for _ in range(6):  # the same stale-or-not action, as fast as it goes
                ws.send_json({"type": "act", "seq": -1, "action": {"type": "x"}})
                answers.append(ws.receive_json())
            codes = [a.get("code") for a in answers]
            assert "rate-limited" not in codes[:3] and codes[3:] == ["rate-limited"] * 3, codes
            assert answers[3]["retry_after"] == 1 and "--action-rate" in answers[3]["message"]
            clock.now += 0.3  # one token back: the socket still plays
            ws.send_json({"type": "act", "seq": st["seq"], "action": st["legal"][0]["action"]})
            while (m := ws.receive_json())["type"] == "state":
                pass
            assert m == {"type": "ack", "seq": st["seq"] + 1}


# -- the cap on open games -------------------------------------------------------------


def test_one_client_has_at_most_so_many_open_games(tmp_path: Path) -> None:
    app = create_app(_db(tmp_path), create_rate=None, max_open_games=3, trust_proxy=True)
    with TestClient(app) as c:
        games = [_create(c, "203.0.113.5", BOTS).json() for _ in range(3)]
        r = _create(c, "203.0.113.5", BOTS)
        assert r.status_code == 429 and r.json()["code"] == "too-many-open-games"
        assert "3 open games" in r.json()["message"] and "--max-open-games" in r.json()["message"]
        assert _count(tmp_path) == 3  # nothing stored
        assert _create(c, "198.51.100.4", BOTS).status_code == 201  # another client's own cap
        # the creator joins one: it is no longer open, and there is room again
        g = games[0]
        with c.websocket_connect(f"/ws/games/{g['id']}?token={g['join'][0]['token']}") as ws:
            ws.receive_json()
        assert c.get(f"/api/games/{g['id']}").json()["status"] == "running"
        assert _create(c, "203.0.113.5", BOTS).status_code == 201
        assert _create(c, "203.0.113.5", BOTS).status_code == 429
    with sqlite3.connect(tmp_path / "bohn.db") as conn:
        hashes = {r[0] for r in conn.execute("SELECT creator_hash FROM games")}
    # the creator is kept hashed, never as its address
    assert hashes == {token_hash("203.0.113.5"), token_hash("198.51.100.4")}


# -- expiry of open games -----------------------------------------------------------------


def _age(tmp_path: Path, game_id: str, seconds: float) -> None:
    with sqlite3.connect(tmp_path / "bohn.db") as conn:
        conn.execute(
            "UPDATE games SET updated_at = ?, created_at = created_at - ? WHERE id = ?",
            (time.time() - seconds, seconds, game_id),
        )


def _lobby_ids(c: TestClient, **params: Any) -> list[str]:
    return [g["id"] for g in c.get("/api/games", params=params).json()["games"]]


def test_open_games_nobody_joined_expire(tmp_path: Path) -> None:
    with TestClient(create_app(_db(tmp_path), max_open_games=2)) as c:
        played = c.post(
            "/api/games",
            json={"variant": "bohnanza", "players": 3, "seed": 3, "seats": BOTS},
        ).json()
        with c.websocket_connect(
            f"/ws/games/{played['id']}?token={played['join'][0]['token']}"
        ) as ws:
            ws.receive_json()
        stale = _create(c).json()
        fresh = _create(c).json()
        assert _create(c).status_code == 429  # the cap: two open games already
    day = 24 * 3600 + 60
    _age(tmp_path, stale["id"], day)
    _age(tmp_path, played["id"], day)  # running (everyone joined): it stays
    with TestClient(create_app(_db(tmp_path), max_open_games=2)) as c:
        end = time.monotonic() + 10
        while stale["id"] in _lobby_ids(c) and time.monotonic() < end:
            time.sleep(0.05)  # the upkeep expires at the start, on its task
        assert set(_lobby_ids(c)) == {fresh["id"], played["id"]}
        r = c.get(f"/api/games/{stale['id']}")
        assert r.status_code == 410 and r.json()["code"] == "expired"
        assert "nobody joined" in r.json()["message"] and "24 h" in r.json()["message"]
        token = stale["join"][0]["token"]
        r = c.get(f"/api/games/{stale['id']}/state", headers=_bearer(token))
        assert r.status_code == 410
        with c.websocket_connect(f"/ws/games/{stale['id']}?token={token}") as ws:
            assert ws.receive_json()["code"] == "expired"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4410
        # the expired game no longer counts against the creator's cap
        assert _create(c).status_code == 201
        assert _create(c).status_code == 429
    with sqlite3.connect(tmp_path / "bohn.db") as conn:
        status = dict(conn.execute("SELECT id, status FROM games").fetchall())
    assert status[stale["id"]] == "expired" and status[fresh["id"]] == "running"


def test_the_time_to_live_is_configurable_and_may_be_off(tmp_path: Path) -> None:
    with TestClient(create_app(_db(tmp_path))) as c:
        g = _create(c).json()
    _age(tmp_path, g["id"], 3600)
    with TestClient(create_app(_db(tmp_path), open_game_ttl=None)) as c:
        time.sleep(0.3)
        assert c.get(f"/api/games/{g['id']}").status_code == 200
    with TestClient(create_app(_db(tmp_path), open_game_ttl=1800)) as c:
        end = time.monotonic() + 10
        while c.get(f"/api/games/{g['id']}").status_code == 200 and time.monotonic() < end:
            time.sleep(0.05)
        r = c.get(f"/api/games/{g['id']}")
        assert r.status_code == 410 and "30 min" in r.json()["message"]


def test_a_game_read_as_it_expires_does_not_stay_open_in_memory(tmp_path: Path) -> None:
    """A request reads an open game from the store just before the expiry
    marks it: the game must not then stay in memory as open (it answers 410
    once the expiry is done)."""
    migrate(_db(tmp_path))
    with TestClient(create_app(_db(tmp_path), open_game_ttl=None)) as c:
        g = _create(c).json()
    _age(tmp_path, g["id"], 3600)

    async def main() -> None:
        store = Store(_db(tmp_path))
        hub = Hub(store, open_game_ttl=1800)
        read = asyncio.Event()
        go_on = asyncio.Event()
        plain = store.game

        async def slow_game(game_id: str) -> Any:
            row = await plain(game_id)
            read.set()
            await go_on.wait()  # the expiry runs while this request holds the old row
            return row

        store.game = slow_game  # type: ignore[method-assign]
        loading = asyncio.create_task(hub.room(g["id"]))
        await read.wait()
        expiring = asyncio.create_task(hub.expire())
        await asyncio.sleep(0.05)
        go_on.set()
        await loading
        assert await expiring == [g["id"]]
        assert g["id"] not in hub.rooms
        store.game = plain  # type: ignore[method-assign]
        with pytest.raises(ExpiredGame):
            await hub.room(g["id"])
        await hub.close()
        await store.close()

    asyncio.run(main())


def test_the_move_that_ends_a_game_stores_the_result_with_it(tmp_path: Path) -> None:
    """The commit of a game's last move marks its row finished: once the
    move is stored, the row (and so the lobby's finished list, read from the
    rows) says so before anyone is shown the result."""
    migrate(_db(tmp_path))
    seats = [{"seat": 0, "kind": "human", "bot": None, "token_hash": "h0"}] + [
        {"seat": i, "kind": "bot", "bot": "random", "token_hash": None} for i in (1, 2)
    ]

    async def main() -> None:
        store = Store(_db(tmp_path))
        hub = Hub(store)
        await store.create_game(game_row("g", "bohnanza", 3, 4, seats))
        plain = store.add_actions
        rows_after_the_end: list[Any] = []

        async def add_actions(game_id: str, moves: Any, **kw: Any) -> None:
            await plain(game_id, moves, **kw)
            if kw.get("result") is not None:
                rows_after_the_end.append(await store.game(game_id))

        store.add_actions = add_actions  # type: ignore[method-assign]
        room = await hub.room("g")
        assert room is not None
        end = asyncio.get_running_loop().time() + 120
        while room.game.result() is None:  # seat 0 plays its first move, the bots theirs
            assert asyncio.get_running_loop().time() < end, "the game did not finish"
            # one read of the view, and the move made at its seq: a bot that
            # moves first makes the move stale (Refused), and we look again
            view = room.view(0)
            legal = [x for x in view["legal"] if x["advances"]]
            if legal:
                with contextlib.suppress(Refused):
                    await room.act(0, view["seq"], legal[0]["action"])
            else:
                await asyncio.sleep(0.01)
        assert [r.status for r in rows_after_the_end] == ["finished"]
        assert rows_after_the_end[0].result == room.game.result().to_json()
        await hub.close()
        await store.close()

    asyncio.run(main())


# -- the paged lobby, from the stored rows --------------------------------------------------


def test_the_lobby_says_whom_a_game_not_in_memory_waits_for(tmp_path: Path) -> None:
    """``games.waiting``, written with each stored action: after a restart
    the lobby lists whom a game waits for without loading it."""
    migrate(_db(tmp_path))
    with TestClient(create_app(_db(tmp_path))) as c:
        fresh = _create(c).json()  # nobody has acted: it waits for its first seat
        played = _create(c).json()
        tokens = [j["token"] for j in played["join"]]
        seq = 0
        for _ in range(6):  # a few actions, by whichever seat the game waits for
            views = [
                c.get(f"/api/games/{played['id']}/state", headers=_bearer(t)).json() for t in tokens
            ]
            seat = next(v["seat"] for v in views if v["seat"] in v["waiting_for"] and v["legal"])
            act = views[seat]["legal"][0]["action"]
            r = c.post(
                f"/api/games/{played['id']}/actions",
                headers=_bearer(tokens[seat]),
                json={"seq": seq, "action": act},
            )
            assert r.status_code == 200, r.text
            seq = r.json()["seq"]
        live = {g["id"]: g for g in c.get("/api/games").json()["games"]}
    assert live[played["id"]]["seq"] == seq and live[fresh["id"]]["waiting_for"] == [0]
    with TestClient(create_app(_db(tmp_path))) as c:  # a restart: games of people load on demand
        listed = {g["id"]: g for g in c.get("/api/games").json()["games"]}
        assert c.get("/healthz").json()["live_games"] == 0  # neither game is in memory
        for gid in (played["id"], fresh["id"]):
            assert listed[gid]["waiting_for"] == live[gid]["waiting_for"]
        assert listed[played["id"]]["seq"] == seq
        # what the lobby said is what the game, loaded, says
        loaded = c.get(f"/api/games/{played['id']}").json()
        assert loaded["waiting_for"] == listed[played["id"]]["waiting_for"]

    # a game stored before migration 0007 (no games.waiting) is not known
    # until it is loaded once; then it is, after a restart too
    (old,) = _fill(tmp_path / "bohn.db", 1, prefix="old", joined=True, start=time.time())
    with TestClient(create_app(_db(tmp_path))) as c:
        assert _listed(c, old)["waiting_for"] is None
        assert c.get(f"/api/games/{old}").json()["waiting_for"] == [0]
    with TestClient(create_app(_db(tmp_path))) as c:
        assert _listed(c, old)["waiting_for"] == [0]
        assert c.get("/healthz").json()["live_games"] == 0


def _listed(c: TestClient, game_id: str) -> Any:
    (g,) = c.get("/api/games", params={"ids": game_id}).json()["games"]
    return g


def _fill(
    db: Path,
    n: int,
    *,
    status: str = "running",
    variant: str = "bohnanza",
    bots: bool = False,
    joined: bool = False,
    start: float = 1_000_000.0,
    prefix: str = "g",
    actions: int = 0,
    waiting: str | None = None,
) -> list[str]:
    """``n`` games written straight into the database (3 seats; with bots on
    seats 1 and 2), created one second apart from ``start``, with
    ``games.waiting`` (None: as stored before migration 0007); their ids."""
    ids = [f"{prefix}{i:07d}" for i in range(n)]
    result = json.dumps({"scores": [5, 4, 3], "winners": [0], "ranking": [0, 1, 2]})
    now = time.time()
    games = [
        (
            gid,
            variant,
            3,
            "5",
            "{}",
            0,
            status,
            result if status == "finished" else None,
            "0" * 64,
            start + i,
            now,
            None,
            0,
            None,
            None,
            waiting,
        )
        for i, gid in enumerate(ids)
    ]
    seats = [
        (gid, s, "bot" if bots and s else "human", "greedy" if bots and s else None, joined)
        for gid in ids
        for s in range(3)
    ]
    with sqlite3.connect(db) as conn:
        conn.executemany(
            "INSERT INTO games (id, variant, players, seed, options, think_ms, status, result, "
            "spectator_hash, created_at, updated_at, clock_s, seed_chosen, broken, creator_hash, "
            "waiting) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            games,
        )
        conn.executemany(
            "INSERT INTO seats (game_id, seat, kind, bot, joined) VALUES (?, ?, ?, ?, ?)", seats
        )
        if actions:
            conn.executemany(
                "INSERT INTO actions (game_id, seq, seat, action, created_at) "
                "VALUES (?, ?, 0, '{}', 0)",
                [(gid, k) for gid in ids for k in range(actions)],
            )
    return ids


@pytest.fixture
def stored(tmp_path: Path) -> Iterator[Path]:
    migrate(_db(tmp_path))
    yield tmp_path / "bohn.db"


def test_the_lobby_pages_newest_first_with_a_cursor(stored: Path, tmp_path: Path) -> None:
    finished = _fill(stored, 70, status="finished", prefix="f", joined=True, actions=4)
    open_ = _fill(stored, 40, prefix="o", start=2_000_000.0)
    sissi = _fill(stored, 15, variant="sissi", prefix="s", start=3_000_000.0, joined=True)
    with TestClient(create_app(_db(tmp_path))) as c:
        seen: list[str] = []
        cursor = None
        pages = 0
        while True:
            params: dict[str, Any] = {"limit": 50}
            if cursor:
                params["cursor"] = cursor
            page = c.get("/api/games", params=params).json()
            assert len(page["games"]) <= 50
            seen += [g["id"] for g in page["games"]]
            cursor, pages = page["next_cursor"], pages + 1
            if cursor is None:
                break
        assert pages == 3
        # every game once, newest first
        assert seen == sissi[::-1] + open_[::-1] + finished[::-1]
        # a page of 50 by default; the summaries come from the stored rows
        first = c.get("/api/games").json()
        assert len(first["games"]) == 50 and first["next_cursor"]
        assert c.get("/healthz").json()["live_games"] == 0  # nothing was loaded
        g = next(g for g in first["games"] if g["id"] == sissi[-1])
        assert g["status"] == "running" and g["variant"] == "sissi" and g["seq"] == 0
        assert g["waiting_for"] is None  # not known without loading the game
        # the filters
        fin = c.get("/api/games", params={"status": "finished", "limit": 200}).json()
        assert [x["id"] for x in fin["games"]] == finished[::-1] and fin["next_cursor"] is None
        assert all(x["seq"] == 4 and x["waiting_for"] == [] for x in fin["games"])
        assert _lobby_ids(c, status="open", limit=200) == open_[::-1]
        assert _lobby_ids(c, status="running", limit=200) == sissi[::-1]
        assert _lobby_ids(c, variant="sissi", limit=10) == sissi[::-1][:10]
        assert _lobby_ids(c, variant="sissi", status="open") == []
        assert _lobby_ids(c, ids=f"{open_[3]},{finished[0]},nosuch") == [open_[3], finished[0]]
        # a game loaded in memory gives its live summary
        live = c.get(f"/api/games/{open_[0]}").json()
        listed = next(
            x
            for x in c.get("/api/games", params={"status": "open", "limit": 200}).json()["games"]
            if x["id"] == open_[0]
        )
        assert listed == live and listed["waiting_for"] == [0]
        for bad, code in (
            ({"limit": 201}, "bad-request"),
            ({"limit": 0}, "bad-request"),
            ({"limit": "x"}, "bad-request"),
            ({"status": "lost"}, "bad-request"),
            ({"variant": "chess"}, "bad-request"),
            ({"cursor": "yesterday"}, "bad-cursor"),
            ({"ids": ",".join(["a"] * 51)}, "bad-request"),
        ):
            r = c.get("/api/games", params=bad)
            assert r.status_code == 400 and r.json()["code"] == code, (bad, r.text)


# -- loading on demand ------------------------------------------------------------------------


def test_start_up_loads_only_the_games_the_server_moves(stored: Path, tmp_path: Path) -> None:
    people = _fill(stored, 60, prefix="p", joined=True)
    bots = _fill(stored, 3, prefix="b", bots=True, joined=True, start=2_000_000.0)
    _fill(stored, 30, status="finished", prefix="f", joined=True, start=3_000_000.0)
    with sqlite3.connect(stored) as conn:  # a people's game with a turn clock
        conn.execute("UPDATE games SET clock_s = 60 WHERE id = ?", (people[0],))
    with TestClient(create_app(_db(tmp_path))) as c:
        assert c.get("/healthz").json()["live_games"] == len(bots) + 1
        assert c.get("/api/games", params={"limit": 200}).status_code == 200
        assert c.get("/healthz").json()["live_games"] == len(bots) + 1
        # a people's game loads when someone asks for it, as it was
        r = c.get(f"/api/games/{people[5]}")
        assert r.status_code == 200 and r.json()["seq"] == 0
        assert c.get("/healthz").json()["live_games"] == len(bots) + 2


@pytest.mark.skipif(not SOAK, reason="BOHN_SOAK=1: 30,000 games")
def test_start_up_with_30000_games_stored(stored: Path, tmp_path: Path) -> None:
    t = time.perf_counter()
    _fill(stored, 20_000, status="finished", prefix="f", joined=True, actions=3)
    _fill(stored, 9_950, prefix="p", joined=True, start=2_000_000.0, waiting="0")
    _fill(stored, 50, prefix="b", bots=True, joined=True, start=3_000_000.0)
    filled = time.perf_counter() - t
    t = time.perf_counter()
    app = create_app(_db(tmp_path))
    with TestClient(app) as c:
        started = time.perf_counter() - t
        assert c.get("/healthz").json()["live_games"] == 50
        t = time.perf_counter()
        page = c.get("/api/games").json()
        lobby = time.perf_counter() - t
        assert len(page["games"]) == 50
        assert sum(g["waiting_for"] == [0] for g in page["games"]) >= 49  # the stored ones
        t = time.perf_counter()
        c.get("/api/games", params={"status": "finished", "cursor": page["next_cursor"]})
        paged = time.perf_counter() - t
    print(
        f"\n30,000 games stored ({filled:.1f} s to fill), 50 live: start-up {started:.2f} s, "
        f"lobby's first page {lobby * 1000:.0f} ms, a later finished page {paged * 1000:.0f} ms"
    )
    assert started < 2.0
