"""Positions worth solving (the position of the day and /puzzle) and each server's daily post."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None

GAME_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create puzzles (one row per position found) and daily_posts (one per server and day)."""
    op.create_table(
        "puzzles",
        sa.Column("id", GAME_ID, autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("source", sa.String(64), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name="pk_puzzles"),
    )
    op.create_index("uq_puzzles_source", "puzzles", ["source"], unique=True)
    op.create_table(
        "daily_posts",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("day", sa.String(10), nullable=False),
        sa.Column("shard_key", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("puzzle_id", GAME_ID, nullable=True),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("closes_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("answered_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "day", name="pk_daily_posts"),
    )
    op.create_index("ix_daily_posts_closes_at", "daily_posts", ["closes_at"])


def downgrade() -> None:
    """Drop the tables."""
    op.drop_index("ix_daily_posts_closes_at", table_name="daily_posts")
    op.drop_table("daily_posts")
    op.drop_index("uq_puzzles_source", table_name="puzzles")
    op.drop_table("puzzles")
