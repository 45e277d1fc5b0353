"""A database from before accounts (migration 0009), upgraded by a server of
today: nothing lost, the games play on, and accounts work on it."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient

from bohn.bots.base import SeatView
from bohn.bots.base import make_bot
from bohn.engine.actions import action_from_json
from bohn.server.app import create_app
from bohn.server.store import sync_url
from server.fuzz import database
from server.fuzz import databases

#: the columns added since migration 0009 (accounts, turn-based games, turn mails, ratings)
NEW_COLUMNS = ("account_id", "deadline", "skips_left", "skips", "mailed_turn", "rated")
MIGRATIONS = Path(__file__).resolve().parents[2] / "bohn" / "server" / "migrations"


@pytest.fixture(params=databases())
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    with database(request.param, tmp_path) as url:
        yield url


def alembic(url: str, to: str) -> None:
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    cfg.set_main_option("sqlalchemy.url", sync_url(url).replace("%", "%%"))
    if to == "head":
        command.upgrade(cfg, to)
    else:
        command.downgrade(cfg, to)


def dump(url: str) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of the tables a database before accounts had, in order."""
    engine = sa.create_engine(sync_url(url), poolclass=sa.pool.NullPool)
    out = {}
    with engine.connect() as conn:
        for table, key in (
            ("games", "id"),
            ("seats", "game_id, seat"),
            ("actions", "game_id, seq"),
        ):
            cols = [
                c["name"]
                for c in sa.inspect(conn).get_columns(table)
                if c["name"] not in NEW_COLUMNS
            ]
            q = f"SELECT {', '.join(cols)} FROM {table} ORDER BY {key}"
            out[table] = [tuple(r) for r in conn.execute(sa.text(q))]
    return out


def tables(url: str) -> set[str]:
    engine = sa.create_engine(sync_url(url), poolclass=sa.pool.NullPool)
    with engine.connect() as conn:
        return set(sa.inspect(conn).get_table_names())


def play(c: TestClient, game: dict[str, Any], steps: int) -> None:
    """``steps`` moves of the people's seats, each a greedy bot's choice."""
    bot = make_bot("greedy", 1)
    tokens = {j["seat"]: j["token"] for j in game["join"]}
    for _ in range(steps):
        s = c.get(
            f"/api/games/{game['id']}/state",
            headers={"Authorization": f"Bearer {tokens[0]}"},
            params={"since": 10**6},
        ).json()
        seat = s["waiting_for"][0]
        view = c.get(
            f"/api/games/{game['id']}/state",
            headers={"Authorization": f"Bearer {tokens[seat]}"},
            params={"since": 10**6},
        ).json()
        legal = [action_from_json(x["action"]) for x in view["legal"]]
        action = bot.act(SeatView(seat, legal, lambda v=view: v["observation"])).to_json()  # type: ignore[misc]
        r = c.post(
            f"/api/games/{game['id']}/actions",
            json={"seq": view["seq"], "action": action},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert r.status_code == 200, r.text


def test_a_database_from_before_accounts_loses_nothing(db_url: str) -> None:
    with TestClient(create_app(db_url, action_rate=None)) as c:
        body = {"variant": "bohnanza", "players": 3, "seed": 11, "seats": [{"kind": "human"}] * 3}
        game = c.post("/api/games", json=body).json()
        other = c.post("/api/games", json={**body, "seed": 12}).json()
        play(c, game, 12)
        seat0 = {"Authorization": f"Bearer {game['join'][0]['token']}"}
        before_state = c.get(f"/api/games/{game['id']}/state", headers=seat0).json()
    alembic(db_url, "0009")  # the schema before accounts and turn-based games, with these rows
    assert not {"accounts", "sessions", "sign_in_limits", "ratings", "quick_tickets"} & tables(
        db_url
    )
    before = dump(db_url)
    assert len(before["actions"]) == 12 and len(before["seats"]) == 6
    with TestClient(create_app(db_url, action_rate=None)) as c:  # upgrades to head
        assert dump(db_url) == before
        assert {"accounts", "sessions", "sign_in_limits"} <= tables(db_url)
        after_state = c.get(f"/api/games/{game['id']}/state", headers=seat0).json()
        assert after_state == before_state
        play(c, game, 3)  # it plays on
        assert c.get(f"/api/games/{other['id']}").json()["seq"] == 0
        c.get("/api/account")
        links = [{"game": game["id"], "token": game["join"][0]["token"]}]
        r = c.post(
            "/api/account/signup",
            json={"name": "Anna", "password": "long enough", "links": links},
            headers={"X-CSRF-Token": c.cookies.get("bohn_csrf") or ""},
        )
        assert r.status_code == 201, r.text
        assert r.json()["claimed"] == [{"game": game["id"], "seat": 0}]
