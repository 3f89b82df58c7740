"""Initial schema: players, games (one open game per channel), the event log, guild settings."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None

GAME_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")
OPEN_STATUS = sa.text("status IN ('pending', 'active')")
APPEND_ONLY = "game_events is append-only"


def upgrade() -> None:
    """Create the four tables, their indexes, and the append-only guard on the event log."""
    op.create_table(
        "players",
        sa.Column("user_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("display_name", sa.Text(), nullable=False),
        sa.Column("is_bot", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("user_id", name="pk_players"),
    )
    op.create_table(
        "games",
        sa.Column("id", GAME_ID, autoincrement=True, nullable=False),
        sa.Column("guild_id", sa.BigInteger(), nullable=True),
        sa.Column("channel_id", sa.BigInteger(), nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("variant", sa.String(32), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("challenger_id", sa.BigInteger(), nullable=False),
        sa.Column("opponent_id", sa.BigInteger(), nullable=True),
        sa.Column("to_move_id", sa.BigInteger(), nullable=True),
        sa.Column("winner_id", sa.BigInteger(), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("initial_state", sa.Text(), nullable=False),
        sa.Column("state", sa.Text(), nullable=False),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.Column("message_id", sa.BigInteger(), nullable=True),
        sa.Column("turn_deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("reminder_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("dice_commitment", sa.Text(), nullable=True),
        sa.Column("dice_secret", sa.Text(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "status IN ('pending', 'active', 'finished', 'cancelled', 'expired')",
            name="ck_games_status",
        ),
        sa.CheckConstraint("version >= 0", name="ck_games_version"),
        sa.ForeignKeyConstraint(
            ["challenger_id"], ["players.user_id"], name="fk_games_challenger_id_players"
        ),
        sa.ForeignKeyConstraint(
            ["opponent_id"], ["players.user_id"], name="fk_games_opponent_id_players"
        ),
        sa.ForeignKeyConstraint(
            ["to_move_id"], ["players.user_id"], name="fk_games_to_move_id_players"
        ),
        sa.ForeignKeyConstraint(
            ["winner_id"], ["players.user_id"], name="fk_games_winner_id_players"
        ),
        sa.PrimaryKeyConstraint("id", name="pk_games"),
        sqlite_autoincrement=True,
    )
    # The database, not the code, keeps a channel to one open game: a partial unique index.
    op.create_index(
        "uq_games_open_channel",
        "games",
        ["channel_id"],
        unique=True,
        sqlite_where=OPEN_STATUS,
        postgresql_where=OPEN_STATUS,
    )
    # The clock sweeper only ever looks at open games, so only open games are indexed.
    for column in ("turn_deadline", "reminder_at"):
        op.create_index(
            f"ix_games_{column}",
            "games",
            [column],
            sqlite_where=OPEN_STATUS,
            postgresql_where=OPEN_STATUS,
        )
    op.create_index("ix_games_challenger_id", "games", ["challenger_id"])
    op.create_index("ix_games_opponent_id", "games", ["opponent_id"])
    op.create_table(
        "game_events",
        sa.Column("game_id", GAME_ID, autoincrement=False, nullable=False),
        sa.Column("seq", sa.Integer(), autoincrement=False, nullable=False),
        sa.Column("kind", sa.String(32), nullable=False),
        sa.Column("payload", sa.JSON(), nullable=False),
        sa.Column("actor_id", sa.BigInteger(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint("seq >= 1", name="ck_game_events_seq"),
        sa.ForeignKeyConstraint(["game_id"], ["games.id"], name="fk_game_events_game_id_games"),
        sa.PrimaryKeyConstraint("game_id", "seq", name="pk_game_events"),
    )
    op.create_table(
        "guild_settings",
        sa.Column("guild_id", sa.BigInteger(), autoincrement=False, nullable=False),
        sa.Column("key", sa.String(64), nullable=False),
        sa.Column("value", sa.JSON(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("guild_id", "key", name="pk_guild_settings"),
    )
    _guard_event_log()


def _guard_event_log() -> None:
    # History is evidence (dice disputes, replays): the database itself refuses edits to it.
    if op.get_bind().dialect.name == "postgresql":
        op.execute(
            "CREATE FUNCTION game_events_append_only() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN RAISE EXCEPTION '{APPEND_ONLY}'; END $$"
        )
        op.execute(
            "CREATE TRIGGER game_events_append_only BEFORE UPDATE OR DELETE ON game_events "
            "FOR EACH ROW EXECUTE FUNCTION game_events_append_only()"
        )
        return
    for action in ("UPDATE", "DELETE"):
        op.execute(
            f"CREATE TRIGGER game_events_no_{action.lower()} BEFORE {action} ON game_events "
            f"BEGIN SELECT RAISE(ABORT, '{APPEND_ONLY}'); END"
        )


def downgrade() -> None:
    """Drop everything this revision created."""
    if op.get_bind().dialect.name == "postgresql":
        op.execute("DROP TRIGGER game_events_append_only ON game_events")
        op.execute("DROP FUNCTION game_events_append_only()")
    op.drop_table("guild_settings")
    op.drop_table("game_events")
    op.drop_table("games")
    op.drop_table("players")
