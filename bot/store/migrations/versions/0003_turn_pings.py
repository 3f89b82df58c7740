"""The last "your turn" ping of each game, so the next one deletes it even after a restart."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the nullable games.ping_message_id (no default: existing games have no ping kept)."""
    op.add_column("games", sa.Column("ping_message_id", sa.BigInteger(), nullable=True))


def downgrade() -> None:
    """Drop the column (SQLite 3.35+ drops a column no index or constraint names)."""
    op.drop_column("games", "ping_message_id")
