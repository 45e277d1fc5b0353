"""Servers that start at once on one empty database migrate it once
(``bohn.server.migrations.env``: an advisory lock on PostgreSQL, ``BEGIN
IMMEDIATE`` on SQLite). Without that, of four processes upgrading a fresh
database together some fail on ``CREATE TABLE`` (``alembic_version`` or a
table made twice) in nearly every round: measured in 10 of 10 rounds on
PostgreSQL and 9 of 10 on SQLite, so three rounds catch it."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

POSTGRES = os.environ.get("BOHN_TEST_POSTGRES")
REQUIRED = os.environ.get("BOHN_REQUIRE_POSTGRES") == "1"  # CI: never skipped
needs_postgres = pytest.mark.skipif(
    not POSTGRES and not REQUIRED, reason="BOHN_TEST_POSTGRES names no PostgreSQL server"
)

#: processes migrating one database at once, and rounds of them (each on a fresh database)
PROCESSES = 4
ROUNDS = 3


def head() -> str:
    versions = Path(__file__).parents[2] / "bohn" / "server" / "migrations" / "versions"
    return max(p.name.split("_", 1)[0] for p in versions.glob("[0-9]*.py"))


def migrate_at_once(url: str) -> None:
    """Start :data:`PROCESSES` processes that each migrate ``url`` at the
    same moment (each imports, says it is ready, and waits for the word to
    go, given to all once all are ready); each must succeed."""
    code = (
        "import sys\nfrom bohn.server.store import migrate\n"
        f"print('ready', flush=True)\nsys.stdin.readline()\nmigrate({url!r})\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    for p in procs:
        assert p.stdout is not None and p.stdout.readline().strip() == "ready"
    for p in procs:
        assert p.stdin is not None
        p.stdin.write("go\n")
        p.stdin.flush()
    errors = [err for p in procs for err in [p.communicate(timeout=120)[1]] if p.returncode]
    assert not errors, errors[0]


@pytest.fixture
def fresh_pg() -> Iterator[list[str]]:
    """:data:`ROUNDS` fresh PostgreSQL databases; their URLs."""
    assert POSTGRES, "BOHN_REQUIRE_POSTGRES=1 but BOHN_TEST_POSTGRES names no server"
    import psycopg

    names = [f"bohn_test_{uuid.uuid4().hex[:12]}" for _ in range(ROUNDS)]
    with psycopg.connect(POSTGRES, autocommit=True) as conn:
        for name in names:
            conn.execute(f"CREATE DATABASE {name}")
    try:
        yield [f"{POSTGRES.rsplit('/', 1)[0]}/{name}" for name in names]
    finally:
        with psycopg.connect(POSTGRES, autocommit=True) as conn:
            for name in names:
                conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@needs_postgres
def test_servers_starting_together_on_postgresql_migrate_it_once(fresh_pg: list[str]) -> None:
    import psycopg

    for url in fresh_pg:
        migrate_at_once(url)
        with psycopg.connect(url) as conn:
            assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(head(),)]
            tables = {
                r[0]
                for r in conn.execute(
                    "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                ).fetchall()
            }
        assert {"games", "seats", "actions", "leases", "alembic_version"} <= tables


def test_servers_starting_together_on_sqlite_migrate_it_once(tmp_path: Path) -> None:
    for i in range(ROUNDS):
        path = tmp_path / f"bohn{i}.db"
        migrate_at_once(f"sqlite:///{path}")
        with sqlite3.connect(path) as conn:
            assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(head(),)]
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
        assert {"games", "seats", "actions", "leases", "alembic_version"} <= tables
