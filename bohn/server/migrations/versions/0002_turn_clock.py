"""The turn clock: a game's seconds per decision (``games.clock_s``, null: no
clock) and the mark of an action the server's bot played for a seat whose
time ran out (``actions.by_clock``, null: a move of the seat itself).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("clock_s", sa.Integer, nullable=True))
    with op.batch_alter_table("actions") as batch:
        batch.add_column(sa.Column("by_clock", sa.Boolean, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("actions") as batch:
        batch.drop_column("by_clock")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("clock_s")
