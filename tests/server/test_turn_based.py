"""Turn-based games (``turn_based: {"hours", "skips"}``): hours a move, skips
before the clock's bot plays, and deadlines that outlast a restart
(``bohn.server.turnclock``). The clock is driven by giving a room a tiny
time a move, never by waiting hours."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from fastapi.testclient import TestClient

from bohn.server.app import create_app
from bohn.server.rooms import Hub
from bohn.server.rooms import Room
from bohn.server.store import Store
from bohn.server.store import migrate
from bohn.server.store import sync_url
from server.rows import game_row

TINY = 0.05
DAY = 24 * 3600


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'turns.db'}"
    migrate(url)
    return url


def _people(n: int) -> list[dict[str, Any]]:
    return [{"seat": i, "kind": "human", "bot": None, "token_hash": f"h{i}"} for i in range(n)]


async def _until(cond: Any, timeout: float = 5.0) -> None:
    end = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.01)


def _stored(db: str, game_id: str) -> dict[int, tuple[float | None, int | None]]:
    engine = sa.create_engine(sync_url(db), poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT seat, deadline, skips_left FROM seats WHERE game_id = :g"),
            {"g": game_id},
        )
        return {int(r[0]): (r[1], r[2]) for r in rows}


def test_the_lobby_makes_a_turn_based_game(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}")) as c:
        body = {"variant": "bohnanza", "players": 3, "seats": [{"kind": "human"}] * 3}
        r = c.post("/api/games", json={**body, "turn_based": {"hours": 24, "skips": 2}})
        assert r.status_code == 201, r.text
        g = r.json()
        assert g["clock_s"] == DAY and g["turn_based"] == {"hours": 24, "skips": 2}
        token = g["join"][0]["token"]
        view = c.get(
            f"/api/games/{g['id']}/state", headers={"Authorization": f"Bearer {token}"}
        ).json()
        assert view["clock"]["turn_based"] is True and view["clock"]["skips"] == 2
        assert view["clock"]["skips_left"] == {"0": 2, "1": 2, "2": 2}
        assert 0 < view["clock"]["deadlines"]["0"] <= DAY
        plain = c.post("/api/games", json=body).json()
        assert plain["turn_based"] is None


@pytest.mark.parametrize(
    "turn_based",
    [{"hours": 0}, {"hours": 73}, {"hours": 2, "skips": 10}, {"hours": "24"}, {"skips": 1}, 24],
)
def test_a_bad_turn_based_request_is_refused(tmp_path: Path, turn_based: Any) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}")) as c:
        r = c.post("/api/games", json={"variant": "bohnanza", "turn_based": turn_based})
        assert r.status_code == 400 and "turn_based" in r.json()["message"], r.text


def test_turn_based_takes_no_real_time_clock(tmp_path: Path) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'b.db'}")) as c:
        r = c.post(
            "/api/games",
            json={"variant": "bohnanza", "turn_based": {"hours": 2}, "clock_s": 60},
        )
        assert r.status_code == 400 and "clock_s" in r.json()["message"]


def test_a_deadline_outlasts_a_restart(db: str) -> None:
    async def main() -> None:
        store, hub = Store(db), None
        await store.create_game(game_row("t1", "bohnanza", 3, 5, _people(3), clock_s=DAY, skips=1))
        hub = Hub(store)
        room = await hub.room("t1")
        assert room is not None and set(room.deadlines) == {0}
        await _until(lambda: _stored(db, "t1")[0][0] is not None)
        wall = _stored(db, "t1")[0][0]
        assert wall is not None and abs(wall - (time.time() + DAY)) < 5
        await hub.close()
        await store.close()
        # the server starts again: the deadline goes on where it was
        store = Store(db)
        hub = Hub(store)
        again = await hub.room("t1")
        assert again is not None
        left = again.deadlines[0] - time.monotonic()
        assert abs((time.time() + left) - wall) < 1.0
        assert again.view(0)["clock"]["deadlines"]["0"] == pytest.approx(left, abs=1.0)
        await hub.close()
        await store.close()

    asyncio.run(main())


def test_a_skip_starts_the_time_again_then_the_bot_plays(db: str) -> None:
    async def main() -> None:
        store = Store(db)
        await store.create_game(game_row("t2", "bohnanza", 3, 5, _people(3), clock_s=DAY, skips=1))
        hub = Hub(store)
        room: Room | None = await hub.room("t2")
        assert room is not None and room.skips_left == {0: 1, 1: 1, 2: 1}
        seq0 = room.game.seq
        room.clock_s = TINY  # a move's time, run out at once
        room.deadlines = {}
        room.arm_clock()
        await _until(lambda: room.skips_left[0] == 0)
        assert room.game.seq == seq0 and not room.clocked  # no move: the time started again
        assert room.view(1)["clock"]["skips_left"]["0"] == 0
        await _until(lambda: room.clocked)  # the skip used up: the bot plays
        assert room.game.seq > seq0
        room.clock_s = None
        await _until(lambda: _stored(db, "t2")[0][1] == 0)
        await hub.close()
        await store.close()
        store = Store(db)
        hub = Hub(store)
        again = await hub.room("t2")
        assert again is not None and again.skips_left[0] == 0  # kept across a restart
        await hub.close()
        await store.close()

    asyncio.run(main())
