"""Leases of games for servers that share one database (``bohn serve --cluster``).

Revision ID: 0006
Revises: 0005

A row says which server process owns a game (``owner``, the process's node
id) until when (``expires_at``, by the database's clock); the owner renews
it while it lives, and another process takes the game over once it has
expired (``bohn.server.cluster``). A single server never writes here.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("leases_owner", "leases", ["owner"])


def downgrade() -> None:
    op.drop_index("leases_owner", "leases")
    op.drop_table("leases")
