"""A server's standing leaderboard message (kept across restarts and shard processes), and the
achievements players earned."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None

GAME_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create standing_boards (one row per server that keeps a standing leaderboard) and
    achievements (one row per player and achievement earned)."""
    op.create_table(
        "standing_boards",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("shard_key", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("ladder", sa.String(48), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("dirty_since", sa.DateTime(timezone=True), nullable=True),
        sa.Column("edited_at", sa.DateTime(timezone=True), nullable=True),
        sa.PrimaryKeyConstraint("guild_id", name="pk_standing_boards"),
    )
    op.create_index("ix_standing_boards_dirty", "standing_boards", ["dirty_since"])
    op.create_table(
        "achievements",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("code", sa.String(32), nullable=False),
        sa.Column("game_id", GAME_ID, nullable=False),
        sa.Column("earned_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", "code", name="pk_achievements"),
    )


def downgrade() -> None:
    """Drop the tables."""
    op.drop_table("achievements")
    op.drop_index("ix_standing_boards_dirty", table_name="standing_boards")
    op.drop_table("standing_boards")
