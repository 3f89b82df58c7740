"""Ratings per scope and ladder, one result row per player per finished game, rating changes."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

GAME_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade() -> None:
    """Create ratings, results and rating_changes with the indexes their queries use."""
    op.create_table(
        "ratings",
        sa.Column("scope", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("ladder", sa.String(48), nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("deviation", sa.Float(), nullable=False),
        sa.Column("volatility", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("wins", sa.Integer(), nullable=False),
        sa.Column("losses", sa.Integer(), nullable=False),
        sa.Column("draws", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("scope", "ladder", "user_id", name="pk_ratings"),
    )
    op.create_index("ix_ratings_board", "ratings", ["scope", "ladder", "rating", "user_id"])
    op.create_index("ix_ratings_user_id", "ratings", ["user_id", "scope"])
    op.create_table(
        "results",
        sa.Column("game_id", GAME_ID, autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("opponent_id", sa.BigInteger(), nullable=False),
        sa.Column("ladder", sa.String(48), nullable=False),
        sa.Column("outcome", sa.String(4), nullable=False),
        sa.Column("points", sa.Integer(), nullable=False),
        sa.Column("gammons_won", sa.Integer(), nullable=False),
        sa.Column("backgammons_won", sa.Integer(), nullable=False),
        sa.Column("gammons_lost", sa.Integer(), nullable=False),
        sa.Column("backgammons_lost", sa.Integer(), nullable=False),
        sa.Column("rated", sa.Boolean(), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("outcome IN ('win', 'loss', 'draw')", name="ck_results_outcome"),
        sa.PrimaryKeyConstraint("game_id", "user_id", name="pk_results"),
    )
    op.create_index("ix_results_user_id", "results", ["user_id", "finished_at"])
    op.create_table(
        "rating_changes",
        sa.Column("game_id", GAME_ID, autoincrement=False, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("scope", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("ladder", sa.String(48), nullable=False),
        sa.Column("rating_before", sa.Float(), nullable=False),
        sa.Column("rating_after", sa.Float(), nullable=False),
        sa.Column("deviation_after", sa.Float(), nullable=False),
        sa.Column("changed_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("game_id", "user_id", "scope", name="pk_rating_changes"),
    )
    op.create_index(
        "ix_rating_changes_user_id",
        "rating_changes",
        ["user_id", "scope", "ladder", "changed_at"],
    )


def downgrade() -> None:
    """Drop the three tables (and with them their indexes)."""
    op.drop_table("rating_changes")
    op.drop_table("results")
    op.drop_table("ratings")
