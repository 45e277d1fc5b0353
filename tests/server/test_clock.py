"""The turn clock (``clock_s``): a silent human seat's decision is played by
the server's greedy bot when its time runs out, through the same path as a
seat's own action (stored, marked ``by_clock``, told), surviving a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from bohn.server.app import create_app
from bohn.server.rooms import Hub
from bohn.server.rooms import Room
from bohn.server.store import Store
from bohn.server.store import migrate
from server.rows import game_row

#: the clock tests give a room: a twentieth of a second per decision
TINY = 0.05


def _seats(humans: int, players: int) -> list[dict[str, Any]]:
    return [
        {"seat": i, "kind": "human", "bot": None, "token_hash": f"h{i}"}
        if i < humans
        else {"seat": i, "kind": "bot", "bot": "greedy", "token_hash": None}
        for i in range(players)
    ]


async def _open(url: str) -> tuple[Store, Hub]:
    store = Store(url)
    return store, Hub(store)


async def _room(hub: Hub, game_id: str, clock: float | None = TINY) -> Room:
    room = await hub.room(game_id)
    assert room is not None
    room.clock_s = clock
    room.deadlines = {}
    room.arm_clock()
    return room


async def _until(cond: Any, timeout: float = 5.0) -> None:
    end = asyncio.get_running_loop().time() + timeout
    while not cond():
        assert asyncio.get_running_loop().time() < end, "timed out"
        await asyncio.sleep(0.01)


@pytest.fixture
def db(tmp_path: Path) -> str:
    url = f"sqlite:///{tmp_path / 'clock.db'}"
    migrate(url)
    return url


async def _create(store: Store, game_id: str, variant: str, humans: int, players: int) -> None:
    await store.create_game(
        game_row(game_id, variant, players, 7, _seats(humans, players), clock_s=10)
    )


def _clock_steps(view: dict[str, Any]) -> list[dict[str, Any]]:
    return [e for e in view["log"] if e.get("by_clock")]


def test_a_silent_seat_is_played_by_the_bot_and_the_mark_survives_a_restart(db: str) -> None:
    async def main() -> None:
        store, hub = await _open(db)
        await _create(store, "g1", "bohnanza", 1, 3)
        room = await _room(hub, "g1")
        assert room.row.clock_s == 10
        view = room.view(0)
        assert view["clock"]["seconds"] == TINY and "0" in view["clock"]["deadlines"]
        seq0 = room.game.seq
        await _until(lambda: room.clocked)
        assert room.game.seq > seq0
        marked = _clock_steps(room.view(0))
        assert marked and all(e["seat"] == 0 for e in marked)
        clock_ev = marked[0]["events"][0]
        assert clock_ev["type"] == "clock"
        assert clock_ev["text"] == "you took too long: the bot played for you"
        assert _clock_steps(room.view(1))[0]["events"][0]["text"] == (
            "seat 1 took too long: the bot played for it"  # seat 0, counted from 1
        )
        assert (
            "Platz 1 brauchte zu lange"
            in _clock_steps(room.view(1, lang="de"))[0]["events"][0]["text"]
        )
        room.clock_s = None  # stop the clock before closing
        await hub.close()
        await store.close()
        # a restart: the marks come back from the store, the clock starts again
        store, hub = await _open(db)
        again = await hub.room("g1")
        assert again is not None
        assert again.clocked == room.clocked
        assert [e["step"] for e in _clock_steps(again.view(0))] == [e["step"] for e in marked]
        assert again.deadlines.get(0, 0) > 0  # the real clock (10 s) runs from the restart
        before = set(again.clocked)
        again.clock_s = TINY
        again.deadlines = {}
        again.arm_clock()
        await _until(lambda: again.clocked > before)
        again.clock_s = None
        await hub.close()
        await store.close()

    asyncio.run(main())


def test_a_move_in_time_cancels_the_timeout(db: str) -> None:
    async def main() -> None:
        store, hub = await _open(db)
        await _create(store, "g2", "bohnanza", 1, 3)
        room = await _room(hub, "g2", clock=0.4)
        for _ in range(6):  # seat 0 answers every decision well within its time
            await _until(lambda: 0 in room.deadlines)
            await asyncio.sleep(0.05)
            legal = [x for x in room.view(0)["legal"] if x["advances"]]
            await room.act(0, room.game.seq, legal[0]["action"])
        assert not room.clocked
        room.clock_s = None
        await hub.close()
        await store.close()

    asyncio.run(main())


def test_trading_with_several_waited_seats_gives_each_its_own_deadline(db: str) -> None:
    async def main() -> None:
        store, hub = await _open(db)
        await _create(store, "g3", "bohnanza", 3, 3)  # three people
        room = await _room(hub, "g3", clock=0.5)
        for _ in range(2):  # seat 0 plants, turning up the trade cards
            legal = [x for x in room.view(0)["legal"] if x["advances"]]
            await room.act(0, room.game.seq, legal[0]["action"])
        assert room.game.observe(None)["phase"] == "trade"
        # seat 0 gives one card to seat 1 and one to seat 2: both must answer
        await room.act(0, room.game.seq, {"type": "propose", "to": 1, "give": ["r0"], "want": []})
        await room.act(0, room.game.seq, {"type": "propose", "to": 2, "give": ["r1"], "want": []})
        assert {1, 2} <= set(room.deadlines)
        assert set(room.view(1)["clock"]["deadlines"]) >= {"1", "2"}
        # the deadlines run out one by one; the table goes on without anyone
        await _until(lambda: {s for s, _ in _by_clock(room)} & {1, 2} and room.game.seq > 12)
        room.clock_s = None
        await hub.close()
        await store.close()

    asyncio.run(main())


def _by_clock(room: Room) -> list[tuple[int, int]]:
    """(seat, step) of every decision the clock's bot played."""
    return [(e["seat"], e["step"]) for e in _clock_steps(room.view(None))]


def test_the_replay_marks_the_clocks_decisions(db: str) -> None:
    from bohn.engine.replay import record
    from bohn.replay import verify

    async def main() -> None:
        store, hub = await _open(db)
        await _create(store, "g4", "sissi", 1, 3)
        room = await _room(hub, "g4", clock=0.002)
        await _until(lambda: room.game.result() is not None, timeout=60)
        room.clock_s = None
        replay = record(room.game, ["human", "greedy", "greedy"])
        await hub.close()
        await store.close()
        app = create_app(db)
        with TestClient(app) as client:
            got = client.get("/api/games/g4/replay").json()
        marked = [i for i, ev in enumerate(got["events"]) if ev.get("by_clock")]
        assert marked and all(got["events"][i]["seat"] == 0 for i in marked)
        verify(got)  # the optional field leaves the replay valid
        assert [ev for ev in got["events"] if "action" in ev] != [] and len(got["events"]) == len(
            replay["events"]
        )

    asyncio.run(main())


@pytest.mark.parametrize("bad", [9, 3601, 10.5, "60", True, -1])
def test_a_wrong_clock_is_refused(tmp_path: Path, bad: Any) -> None:
    with TestClient(create_app(f"sqlite:///{tmp_path / 'c.db'}")) as client:
        r = client.post("/api/games", json={"variant": "bohnanza", "players": 3, "clock_s": bad})
        assert r.status_code == 400
        assert "clock_s" in r.json()["message"]
        ok = client.post("/api/games", json={"variant": "bohnanza", "players": 3, "clock_s": 60})
        assert ok.status_code == 201 and ok.json()["clock_s"] == 60
        none = client.post("/api/games", json={"variant": "bohnanza", "players": 3})
        assert none.status_code == 201 and none.json()["clock_s"] is None


def test_a_database_from_before_the_clock_opens_with_no_clock(tmp_path: Path) -> None:
    from alembic import command
    from alembic.config import Config

    url = f"sqlite:///{tmp_path / 'old.db'}"
    cfg = Config()
    cfg.set_main_option(
        "script_location", str(Path(migrate.__code__.co_filename).parent / "migrations")
    )
    cfg.set_main_option("sqlalchemy.url", url)
    command.upgrade(cfg, "0001")  # the schema before the turn clock
    import sqlite3

    con = sqlite3.connect(tmp_path / "old.db")
    con.execute(
        "INSERT INTO games VALUES ('old', 'bohnanza', 3, '1', '{}', 0, 'running', NULL, 'x', 0, 0)"
    )
    con.execute("INSERT INTO seats VALUES ('old', 0, 'human', NULL, 'h', 0)")
    con.execute("INSERT INTO seats VALUES ('old', 1, 'bot', 'greedy', NULL, 0)")
    con.execute("INSERT INTO seats VALUES ('old', 2, 'bot', 'greedy', NULL, 0)")
    con.commit()
    con.close()
    migrate(url)

    async def main() -> None:
        store, hub = await _open(url)
        room = await hub.room("old")
        assert room is not None and room.row.clock_s is None and room.clock_view() is None
        assert room.view(0)["clock"] is None and not room.deadlines
        await hub.close()
        await store.close()

    asyncio.run(main())
