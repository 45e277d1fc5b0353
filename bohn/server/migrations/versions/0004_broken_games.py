"""Games that cannot be loaded: ``games.broken``, why (null: the game loads).

Revision ID: 0004
Revises: 0003

The server marks a stored game it cannot load (a row that does not decode, a
bot spec outside its bounds, an action the game refuses) when it meets it, so
that one such game never stops the server nor the lobby; the games of a
database made before this revision all load as before (null).
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("broken", sa.Text, nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("broken")
