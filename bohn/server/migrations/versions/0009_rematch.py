"""A finished game's rematch.

Revision ID: 0009
Revises: 0008

``games.rematch``: the id of the game the players of this one started as
its rematch (the same seats and options, a new deal); null: none yet. It is
set once, by the first player who asks, in the transaction that stores the
new game, so that two players asking at once start one rematch, not two.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rematch", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch")
