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


def migrate_at_once(urls: list[str]) -> None:
    """Start :data:`PROCESSES` processes, then for each of ``urls`` in turn
    have them all migrate it at the same moment: each process imports once
    and says it is ready, then migrates each URL as soon as it reads it (given
    to all at once) and says how it went; every migration must succeed."""
    code = (
        "import sys, traceback\nfrom bohn.server.store import migrate\n"
        "print('ready', flush=True)\n"
        "for line in sys.stdin:\n"
        "    try:\n"
        "        migrate(line.strip())\n"
        "        print('ok', flush=True)\n"
        "    except Exception:\n"
        "        print(traceback.format_exc().replace('\\n', ' | '), flush=True)\n"
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", code],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,  # a failure's traceback comes on stdout
            text=True,
        )
        for _ in range(PROCESSES)
    ]
    try:
        for p in procs:
            assert p.stdout is not None and p.stdout.readline().strip() == "ready"
        for url in urls:
            for p in procs:
                assert p.stdin is not None
                p.stdin.write(url + "\n")
                p.stdin.flush()
            said = [p.stdout.readline().strip() for p in procs if p.stdout is not None]
            errors = [s for s in said if s != "ok"]
            assert not errors, f"{url}: {errors[0]}"
    finally:
        for p in procs:
            if p.stdin is not None:
                p.stdin.close()
        for p in procs:
            p.wait(timeout=120)
            if p.stdout is not None:
                p.stdout.close()


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

    migrate_at_once(fresh_pg)
    for url in fresh_pg:
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
    paths = [tmp_path / f"bohn{i}.db" for i in range(ROUNDS)]
    migrate_at_once([f"sqlite:///{path}" for path in paths])
    for path in paths:
        with sqlite3.connect(path) as conn:
            assert conn.execute("SELECT version_num FROM alembic_version").fetchall() == [(head(),)]
            tables = {
                r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
            }
        assert {"games", "seats", "actions", "leases", "alembic_version"} <= tables
