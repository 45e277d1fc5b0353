"""Rated games and the ratings of accounts.

Revision ID: 0013
Revises: 0012

``games.rated``: a game between accounts (and bots) whose end moves their
ratings. ``ratings``: each account's rating in each ruleset (OpenSkill's
mu and sigma) and its rated games. ``rating_events``: every change, one row
an account and game (so a game is never counted twice), for the profile's
history.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean, nullable=False, server_default=sa.false()))
    op.create_table(
        "ratings",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("variant", sa.String(40), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ratings_variant", "ratings", ["variant"])
    op.create_table(
        "rating_events",
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), primary_key=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("variant", sa.String(40), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("rating_events")
    op.drop_index("ratings_variant", "ratings")
    op.drop_table("ratings")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rated")
