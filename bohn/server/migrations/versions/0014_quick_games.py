"""Quick games: the people waiting for one.

Revision ID: 0014
Revises: 0013

``quick_tickets``: one row a person waiting for a quick game of a ruleset
and player count (by the SHA-256 of the ticket's secret, which becomes their
seat's token), until when they wait for people, and the game and seat made
for them (null: waiting) or whether they left.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"


def upgrade() -> None:
    op.create_table(
        "quick_tickets",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("account_id", sa.String(32), nullable=True),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("wait_until", sa.Float, nullable=False),
        sa.Column("game_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("cancelled", sa.Boolean, nullable=False, server_default=sa.false()),
    )
    op.create_index("quick_waiting", "quick_tickets", ["variant", "players", "game_id"])


def downgrade() -> None:
    op.drop_index("quick_waiting", "quick_tickets")
    op.drop_table("quick_tickets")
