"""Turn-based games, and deadlines that outlast a restart.

Revision ID: 0011
Revises: 0010

``games.skips``: a turn-based game's skips, the times a person's clock may
run out before the clock's bot plays for them (null: a real-time game).
``seats.deadline``: the running deadline of the seat's decision in
wall-clock seconds (null: none), written whenever it starts or ends, so that
a restarted server or a cluster's new owner goes on with it.
``seats.skips_left``: the skips a seat of a turn-based game has left.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("skips", sa.Integer, nullable=True))
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("deadline", sa.Float, nullable=True))
        batch.add_column(sa.Column("skips_left", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("skips_left")
        batch.drop_column("deadline")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("skips")
