"""Tournaments: the event, its entrants, and each round's pairings."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

GAME_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
OPEN_TOURNAMENT = sa.text("status IN ('signup', 'running')")
STATUSES = "status IN ('signup', 'running', 'finished', 'cancelled')"


def upgrade() -> None:
    """Create tournaments, tournament_entrants and tournament_pairings with their guards."""
    op.create_table(
        "tournaments",
        sa.Column("id", GAME_ID, autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=False),
        sa.Column("shard_key", sa.BigInteger(), nullable=False),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("organizer_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("format", sa.String(16), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("swiss_rounds", sa.Integer(), nullable=True),
        sa.Column("player_limit", sa.Integer(), nullable=False),
        sa.Column("starts_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("rounds", sa.Integer(), nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("event_id", sa.BigInteger(), nullable=True),
        sa.Column("winner_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(STATUSES, name="ck_tournaments_status"),
        sa.CheckConstraint("version >= 0", name="ck_tournaments_version"),
        sa.CheckConstraint("round >= 0", name="ck_tournaments_round"),
        sa.ForeignKeyConstraint(
            ["organizer_id"], ["players.user_id"], name="fk_tournaments_organizer_id_players"
        ),
        sa.ForeignKeyConstraint(
            ["winner_id"], ["players.user_id"], name="fk_tournaments_winner_id_players"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_tournaments"),
        sqlite_autoincrement=True,
    )
    # One open tournament per channel, kept by the database as one open game per channel is.
    op.create_index(
        "uq_tournaments_open_channel",
        "tournaments",
        ["channel_id"],
        unique=True,
        sqlite_where=OPEN_TOURNAMENT,
        postgresql_where=OPEN_TOURNAMENT,
    )
    op.create_index(
        "ix_tournaments_shard_key",
        "tournaments",
        ["shard_key"],
        sqlite_where=OPEN_TOURNAMENT,
        postgresql_where=OPEN_TOURNAMENT,
    )
    op.create_table(
        "tournament_entrants",
        sa.Column("tournament_id", GAME_ID, nullable=False),
        sa.Column("user_id", sa.BigInteger(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=True),
        sa.Column("withdrawn", sa.Boolean(), nullable=False),
        sa.Column("joined_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name="fk_tournament_entrants_tournament_id_tournaments",
        ),
        sa.ForeignKeyConstraint(
            ["user_id"], ["players.user_id"], name="fk_tournament_entrants_user_id_players"
        ),
        sa.PrimaryKeyConstraint("tournament_id", "user_id", name="pk_tournament_entrants"),
    )
    op.create_table(
        "tournament_pairings",
        sa.Column("tournament_id", GAME_ID, nullable=False),
        sa.Column("round", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("board", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("first_id", sa.BigInteger(), nullable=False),
        sa.Column("second_id", sa.BigInteger(), nullable=True),
        sa.Column("game_id", GAME_ID, nullable=True),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("done", sa.Boolean(), nullable=False),
        sa.Column("winner_id", sa.BigInteger(), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("round >= 1", name="ck_tournament_pairings_round"),
        sa.ForeignKeyConstraint(
            ["tournament_id"],
            ["tournaments.id"],
            name="fk_tournament_pairings_tournament_id_tournaments",
        ),
        sa.ForeignKeyConstraint(
            ["first_id"], ["players.user_id"], name="fk_tournament_pairings_first_id_players"
        ),
        sa.ForeignKeyConstraint(
            ["second_id"], ["players.user_id"], name="fk_tournament_pairings_second_id_players"
        ),
        sa.ForeignKeyConstraint(
            ["game_id"], ["games.id"], name="fk_tournament_pairings_game_id_games"
        ),
        sa.ForeignKeyConstraint(
            ["winner_id"], ["players.user_id"], name="fk_tournament_pairings_winner_id_players"
        ),
        sa.PrimaryKeyConstraint("tournament_id", "round", "board", name="pk_tournament_pairings"),
    )
    # A game is the game of one pairing at most: the claim that makes it cannot be made twice.
    op.create_index(
        "uq_tournament_pairings_game_id", "tournament_pairings", ["game_id"], unique=True
    )


def downgrade() -> None:
    """Drop the three tables (and with them their indexes)."""
    op.drop_table("tournament_pairings")
    op.drop_table("tournament_entrants")
    op.drop_table("tournaments")
