"""Alembic environment of the bohn server: migrations run on a synchronous
connection to the URL the server gives (``bohn.server.store.migrate``).

Several servers may start at once on one database (``bohn serve --cluster``),
so the upgrade is serialised: it runs in one transaction which, on
PostgreSQL, first takes the advisory lock :data:`MIGRATION_LOCK` (held to
the commit; a second server waits, then finds the schema at head and does
nothing) and, on SQLite, begins ``IMMEDIATE`` (the database's write lock,
waited for up to :data:`SQLITE_WAIT_S` seconds)."""

from __future__ import annotations

from typing import Any

from alembic import context
from sqlalchemy import create_engine
from sqlalchemy import event
from sqlalchemy import pool
from sqlalchemy import text

from bohn.server.store import metadata

#: the key of the PostgreSQL advisory lock that serialises migrations ("bohnmigr")
MIGRATION_LOCK = int.from_bytes(b"bohnmigr", "big") & 0x7FFF_FFFF_FFFF_FFFF
#: how long a migration on SQLite waits for another one's write lock, in seconds
SQLITE_WAIT_S = 60.0

config = context.config
url = config.get_main_option("sqlalchemy.url")
assert url is not None
sqlite = url.startswith("sqlite")
connectable = create_engine(
    url,
    poolclass=pool.NullPool,
    # SQLite: no transactions begun by the driver; the BEGIN below is the only one
    **({"connect_args": {"isolation_level": None, "timeout": SQLITE_WAIT_S}} if sqlite else {}),
)
if sqlite:

    @event.listens_for(connectable, "begin")
    def _begin_immediate(conn: Any) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")


with connectable.connect() as connection:
    context.configure(connection=connection, target_metadata=metadata, transactional_ddl=True)
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        context.run_migrations()
connectable.dispose()
