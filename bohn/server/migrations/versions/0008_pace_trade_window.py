"""The bots' pace and the trade window, lobby options of a game.

Revision ID: 0008
Revises: 0007

``games.pace``: ``slow``, ``normal`` or ``fast``, the bots' pace where a
person follows them (``bohn.pacing``); null: ``think_ms`` alone sets the
bots' pace, before every move, as for a game stored before this revision.
``games.trade_s``: the seconds a bot keeps its trading phase open for the
people at the table; null: the default (``bohn.pacing.TRADE_WINDOW_S``).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("pace", sa.String(8), nullable=True))
        batch.add_column(sa.Column("trade_s", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("trade_s")
        batch.drop_column("pace")
