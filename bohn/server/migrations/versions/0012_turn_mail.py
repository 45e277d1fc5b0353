"""Mail that tells a person it is their turn.

Revision ID: 0012
Revises: 0011

``accounts.email``: where the account's turn mails go (null: none);
``accounts.mail_turns``: whether it wants them; ``accounts.unsubscribe``:
the random token of its one-click unsubscribe link (it can only turn the
mails off, so it is kept as it is sent). ``seats.mailed_turn``: the turn of
the game the seat was last mailed for, so that a person gets one mail a
turn at most, across a cluster's processes.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"


def upgrade() -> None:
    with op.batch_alter_table("accounts") as batch:
        batch.add_column(sa.Column("email", sa.String(254), nullable=True))
        batch.add_column(
            sa.Column("mail_turns", sa.Boolean, nullable=False, server_default=sa.false())
        )
        batch.add_column(sa.Column("unsubscribe", sa.String(64), nullable=True))
    op.create_index("accounts_unsubscribe", "accounts", ["unsubscribe"], unique=True)
    with op.batch_alter_table("seats") as batch:
        batch.add_column(sa.Column("mailed_turn", sa.Integer, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("mailed_turn")
    op.drop_index("accounts_unsubscribe", "accounts")
    with op.batch_alter_table("accounts") as batch:
        batch.drop_column("unsubscribe")
        batch.drop_column("mail_turns")
        batch.drop_column("email")
