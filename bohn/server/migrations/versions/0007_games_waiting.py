"""Whom each game waits for, for the lobby.

Revision ID: 0007
Revises: 0006

``games.waiting``: the seats the game waits for after its last stored
action, comma-separated (``"0,2"``; ``""``: nobody), written in the same
statement that stamps ``updated_at`` when actions are stored and when the
game is created, so the lobby lists whom a game not in memory waits for
without replaying it. Null: not known (a game stored before this revision,
until its next action or until it is loaded: ``Store.note_waiting``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("waiting", sa.String(64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("waiting")
