"""Where each game lives: a server that added the bot, or a place only interactions reach."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add games.place ('server' for every game so far), the interaction token that can still
    edit the game message where the bot cannot post (with the token's expiry), and the token
    that can delete the game's last ping there."""
    op.add_column(
        "games",
        sa.Column("place", sa.String(16), nullable=False, server_default=sa.text("'server'")),
    )
    op.add_column("games", sa.Column("reply_token", sa.Text(), nullable=True))
    op.add_column(
        "games",
        sa.Column("reply_original", sa.Boolean(), nullable=False, server_default=sa.false()),
    )
    op.add_column("games", sa.Column("reply_expires", sa.DateTime(timezone=True), nullable=True))
    op.add_column("games", sa.Column("ping_token", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop the five columns."""
    for column in ("ping_token", "reply_expires", "reply_original", "reply_token", "place"):
        op.drop_column("games", column)
