"""A pairing's place in its round is its `number`: "board" is the playing surface only."""

from __future__ import annotations

from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Rename tournament_pairings.board to number (both databases rename a column in place,
    keeping the primary key over it)."""
    op.alter_column("tournament_pairings", "board", new_column_name="number")


def downgrade() -> None:
    """Give the column its old name back."""
    op.alter_column("tournament_pairings", "number", new_column_name="board")
