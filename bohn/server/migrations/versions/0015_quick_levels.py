"""Quick games: the bots' level.

Revision ID: 0015
Revises: 0014

``quick_tickets.level``: how hard the bots play that fill the seats nobody
took when the person's wait runs out (``bohn.bots.levels``: easy, normal or
strong); the tickets of before are ``normal``, what they got then.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"


def upgrade() -> None:
    with op.batch_alter_table("quick_tickets") as batch:
        batch.add_column(sa.Column("level", sa.String(16), nullable=False, server_default="normal"))


def downgrade() -> None:
    with op.batch_alter_table("quick_tickets") as batch:
        batch.drop_column("level")
