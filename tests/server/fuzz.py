"""What the server's fuzzers share: how many examples they run, and the
stored rows a refusal must leave as they were."""

from __future__ import annotations

import os
import sqlite3
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from passes import SOAK
from sqlalchemy.pool import NullPool


def examples(ci: int, soak: int) -> int:
    """The examples a fuzzer runs: ``ci`` in the suite, ``soak`` in a soak run."""
    return soak if SOAK else ci


#: a PostgreSQL server for the tests (``.ci/run`` starts one; CI requires it)
POSTGRES = os.environ.get("BOHN_TEST_POSTGRES")
REQUIRE_POSTGRES = os.environ.get("BOHN_REQUIRE_POSTGRES") == "1"


def databases() -> list[Any]:
    """``sqlite`` always, and ``postgresql`` where a server is named (in CI always)."""
    return [
        "sqlite",
        pytest.param(
            "postgresql",
            marks=pytest.mark.skipif(
                not POSTGRES and not REQUIRE_POSTGRES,
                reason="BOHN_TEST_POSTGRES names no PostgreSQL server",
            ),
        ),
    ]


@contextmanager
def database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of a new, empty database of ``kind``: a file in ``folder``, or a
    database of its own on the PostgreSQL server, dropped afterwards."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'bohn.db'}"
        return
    assert POSTGRES, "BOHN_REQUIRE_POSTGRES=1 but BOHN_TEST_POSTGRES names no server"
    import psycopg

    name = f"bohn_fuzz_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield f"{POSTGRES.rsplit('/', 1)[0]}/{name}"
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


_GAMES = (
    "SELECT id, variant, players, seed, options, think_ms, spectator_hash, created_at,"
    " clock_s, seed_chosen, broken FROM games ORDER BY id"
)


def stored(db: Path | str, fixed: set[str]) -> dict[str, Any]:
    """What no refused request may change: every game's creation (id,
    variant, players, seed, options, hashes) and every seat; and for the
    games ``fixed`` (only people's seats: nothing moves them but requests)
    their whole rows and actions. The games the fuzzer itself creates may
    have bots, whose moves change their status and actions meanwhile.
    ``db`` is a SQLite file, or a database's URL (SQLite or PostgreSQL)."""
    if isinstance(db, str):
        return _stored_at(db, fixed)
    with sqlite3.connect(db) as conn:
        games = conn.execute(_GAMES).fetchall()
        seats = conn.execute("SELECT * FROM seats ORDER BY game_id, seat").fetchall()
        marks = ", ".join("?" * len(fixed))
        full = conn.execute(
            f"SELECT * FROM games WHERE id IN ({marks}) ORDER BY id", tuple(fixed)
        ).fetchall()
        actions = conn.execute(
            f"SELECT * FROM actions WHERE game_id IN ({marks}) ORDER BY game_id, seq",
            tuple(fixed),
        ).fetchall()
    return {"games": games, "seats": seats, "fixed": full, "actions": actions}


def _stored_at(url: str, fixed: set[str]) -> dict[str, Any]:
    """:func:`stored` through SQLAlchemy, for a database named by its URL."""
    engine = sa.create_engine(url, poolclass=NullPool)
    ids = sa.bindparam("ids", expanding=True)
    try:
        with engine.connect() as conn:

            def rows(sql: str, **params: Any) -> list[tuple[Any, ...]]:
                query = sa.text(sql).bindparams(ids) if params else sa.text(sql)
                return [tuple(r) for r in conn.execute(query, params)]

            out = {
                "games": rows(_GAMES),
                "seats": rows("SELECT * FROM seats ORDER BY game_id, seat"),
                "fixed": rows(
                    "SELECT * FROM games WHERE id IN :ids ORDER BY id", ids=sorted(fixed)
                ),
                "actions": rows(
                    "SELECT * FROM actions WHERE game_id IN :ids ORDER BY game_id, seq",
                    ids=sorted(fixed),
                ),
            }
    finally:
        engine.dispose()
    return out
