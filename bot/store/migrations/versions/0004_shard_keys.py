"""Each game's shard key, so a process sweeps only the deadlines of the servers on its shards."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None

OPEN_STATUS = sa.text("status IN ('pending', 'active')")
CLOCK_COLUMNS = ("turn_deadline", "reminder_at")


def upgrade() -> None:
    """Add games.shard_key (Discord's `guild_id >> 22`, 0 outside a server), fill it in, and
    let the sweeper's indexes carry it next to the time they are ordered by."""
    op.add_column(
        "games",
        sa.Column("shard_key", sa.BigInteger(), nullable=False, server_default=sa.text("0")),
    )
    op.execute("UPDATE games SET shard_key = guild_id >> 22 WHERE guild_id IS NOT NULL")
    for column in CLOCK_COLUMNS:
        op.drop_index(f"ix_games_{column}", table_name="games")
        op.create_index(
            f"ix_games_{column}_shard_key",
            "games",
            [column, "shard_key"],
            sqlite_where=OPEN_STATUS,
            postgresql_where=OPEN_STATUS,
        )


def downgrade() -> None:
    """Put the time-only indexes back and drop the column."""
    for column in CLOCK_COLUMNS:
        op.drop_index(f"ix_games_{column}_shard_key", table_name="games")
        op.create_index(
            f"ix_games_{column}",
            "games",
            [column],
            sqlite_where=OPEN_STATUS,
            postgresql_where=OPEN_STATUS,
        )
    op.drop_column("games", "shard_key")
