"""Alembic environment of the bohn server: migrations run on a synchronous
connection to the URL the server gives (``bohn.server.store.migrate``)."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, pool

from bohn.server.store import metadata

config = context.config
url = config.get_main_option("sqlalchemy.url")
assert url is not None
connectable = create_engine(url, poolclass=pool.NullPool)
with connectable.connect() as connection:
    context.configure(connection=connection, target_metadata=metadata)
    with context.begin_transaction():
        context.run_migrations()
connectable.dispose()
