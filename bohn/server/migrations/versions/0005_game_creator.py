"""Who created a game, and the lobby's indexes: ``games.creator_hash``.

Revision ID: 0005
Revises: 0004

``creator_hash`` is the SHA-256 of the client key (its address) that created
the game, so the server can cap the open games one client has created
(``bohn serve --max-open-games``); games created before this revision have
none (null) and count for nobody. The indexes serve the paged lobby (newest
first, by status and ruleset), the cap and the expiry of open games that
nobody joined, without reading every row.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
    op.create_index("ix_games_created", "games", ["created_at", "id"])
    op.create_index("ix_games_status_created", "games", ["status", "created_at", "id"])
    op.create_index("ix_games_variant_created", "games", ["variant", "created_at", "id"])
    op.create_index("ix_games_creator", "games", ["creator_hash", "status"])
    op.create_index("ix_games_status_updated", "games", ["status", "updated_at"])


def downgrade() -> None:
    for name in (
        "ix_games_status_updated",
        "ix_games_creator",
        "ix_games_variant_created",
        "ix_games_status_created",
        "ix_games_created",
    ):
        op.drop_index(name, table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("creator_hash")
