"""Game messages behind their game, kept until brought up to date (across restarts too)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None

GAME_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create stale_messages: one row per game whose message still shows an older state."""
    op.create_table(
        "stale_messages",
        sa.Column("game_id", GAME_ID, autoincrement=False, nullable=False),
        sa.Column("due_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.PrimaryKeyConstraint("game_id", name="pk_stale_messages"),
    )


def downgrade() -> None:
    """Drop the table."""
    op.drop_table("stale_messages")
