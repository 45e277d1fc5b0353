"""Accounts, their sign-in sessions, the sign-in limit per name, and the
account a seat belongs to.

Revision ID: 0010
Revises: 0009

``accounts``: a person's name (as they wrote it; ``name_key``, its
case-folded NFKC form, is unique, so "Anna" and "ANNA" are one name) and
their password's Argon2id hash. ``sessions``: one row per signed-in
browser, by the SHA-256 of its cookie, with the SHA-256 of its CSRF token.
``sign_in_limits``: failed sign-ins per name (the SHA-256 of its key,
whether or not an account has it), so that the limit holds across a
cluster's processes and says nothing about which names exist.
``seats.account_id``: the account a person's seat belongs to (null: played
by its link alone, as before).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("password_at", sa.Float, nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.String(32), sa.ForeignKey("accounts.id"), nullable=False),
        sa.Column("csrf_hash", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("seen_at", sa.Float, nullable=False),
        sa.Column("expires_at", sa.Float, nullable=False),
    )
    op.create_index("sessions_account", "sessions", ["account_id"])
    op.create_table(
        "sign_in_limits",
        sa.Column("name_hash", sa.String(64), primary_key=True),
        sa.Column("failures", sa.Integer, nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("account_id", sa.String(32), nullable=True))
        batch.create_foreign_key("seats_account_fk", "accounts", ["account_id"], ["id"])
    op.create_index("seats_account", "seats", ["account_id"])


def downgrade() -> None:
    op.drop_index("seats_account", "seats")
    with op.batch_alter_table("seats") as batch:
        batch.drop_constraint("seats_account_fk", type_="foreignkey")
        batch.drop_column("account_id")
    op.drop_table("sign_in_limits")
    op.drop_index("sessions_account", "sessions")
    op.drop_table("sessions")
    op.drop_table("accounts")
