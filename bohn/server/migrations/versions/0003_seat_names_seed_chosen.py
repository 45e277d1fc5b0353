"""Players' names on the seats; whether a person chose the game's seed.

Revision ID: 0003
Revises: 0002

A database made before this revision opens as before: its seats have no
name (a bot's seat is then named after its bot when shown) and its games'
seeds count as drawn by the server.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"


def upgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("name", sa.String(40), nullable=True))
    with op.batch_alter_table("games") as batch:
        batch.add_column(
            sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false())
        )


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_chosen")
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("name")
