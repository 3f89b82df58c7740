"""The tables as SQLAlchemy Core objects; migrations create them, this module queries them."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    CheckConstraint,
    Column,
    DateTime,
    Dialect,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    false,
    text,
)
from sqlalchemy.types import TypeDecorator

from bot.store.rows import GameStatus
from bot.store.tournament_rows import TournamentStatus

NAMING = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}
metadata = MetaData(naming_convention=NAMING)

# Game ids appear in Discord custom_ids; BIGINT on PostgreSQL, the rowid alias on SQLite.
GAME_ID = BigInteger().with_variant(Integer(), "sqlite")
OPEN_STATUS_SQL = "status IN ('pending', 'active')"
STATUS_SQL = "status IN (" + ", ".join(f"'{status.value}'" for status in GameStatus) + ")"
OPEN_TOURNAMENT_SQL = "status IN ('signup', 'running')"
TOURNAMENT_STATUS_SQL = (
    "status IN (" + ", ".join(f"'{status.value}'" for status in TournamentStatus) + ")"
)


class UtcDateTime(TypeDecorator[datetime]):
    """Aware UTC datetimes in and out on every backend (SQLite itself keeps naive UTC text)."""

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Refuse naive datetimes; store UTC."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"timestamps must be timezone-aware, got naive {value!r}")
        value = value.astimezone(UTC)
        return value.replace(tzinfo=None) if dialect.name == "sqlite" else value

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Hand back aware UTC datetimes."""
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


players = Table(
    "players",
    metadata,
    Column("user_id", BigInteger, primary_key=True, autoincrement=False),
    Column("display_name", Text, nullable=False),
    Column("is_bot", Boolean, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
)

games = Table(
    "games",
    metadata,
    Column("id", GAME_ID, primary_key=True, autoincrement=True),
    Column("guild_id", BigInteger, nullable=True),
    Column("channel_id", BigInteger, nullable=False),
    Column("kind", String(32), nullable=False),
    Column("variant", String(32), nullable=False),
    Column("options", JSON, nullable=False),
    Column("status", String(16), nullable=False),
    Column("challenger_id", BigInteger, ForeignKey("players.user_id"), nullable=False),
    Column("opponent_id", BigInteger, ForeignKey("players.user_id"), nullable=True),
    Column("to_move_id", BigInteger, ForeignKey("players.user_id"), nullable=True),
    Column("winner_id", BigInteger, ForeignKey("players.user_id"), nullable=True),
    Column("result", JSON(none_as_null=True), nullable=True),
    Column("initial_state", Text, nullable=False),
    Column("state", Text, nullable=False),
    Column("version", Integer, nullable=False),
    Column("message_id", BigInteger, nullable=True),
    Column("ping_message_id", BigInteger, nullable=True),  # the last "your turn" ping
    # Discord's `guild_id >> 22`, 0 outside a server: the game's server is on shard
    # `shard_key % shard_count`, and the sweeper picks its own shards' games by it.
    Column("shard_key", BigInteger, nullable=False, server_default=text("0")),
    # Where the game lives (`GamePlace`): only in a server that added the bot can it post; the
    # interaction token that last showed the game edits its message elsewhere, until it expires.
    Column("place", String(16), nullable=False, server_default=text("'server'")),
    Column("reply_token", Text, nullable=True),
    # Whether the message is that interaction's `@original` (its reply, or the message a click
    # updated) rather than one of its follow-ups: the two are edited by different routes.
    Column("reply_original", Boolean, nullable=False, server_default=false()),
    Column("reply_expires", UtcDateTime, nullable=True),
    Column("ping_token", Text, nullable=True),  # deletes `ping_message_id` there
    Column("turn_deadline", UtcDateTime, nullable=True),
    Column("reminder_at", UtcDateTime, nullable=True),
    Column("dice_commitment", Text, nullable=True),
    Column("dice_secret", Text, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
    CheckConstraint(STATUS_SQL, name="status"),
    CheckConstraint("version >= 0", name="version"),
    Index(
        "uq_games_open_channel",
        "channel_id",
        unique=True,
        sqlite_where=text(OPEN_STATUS_SQL),
        postgresql_where=text(OPEN_STATUS_SQL),
    ),
    # The clock sweeper only ever looks at open games, so only open games are indexed; the
    # shard key beside the time lets a sharded sweep pick its games from the index entries.
    Index(
        "ix_games_turn_deadline_shard_key",
        "turn_deadline",
        "shard_key",
        sqlite_where=text(OPEN_STATUS_SQL),
        postgresql_where=text(OPEN_STATUS_SQL),
    ),
    Index(
        "ix_games_reminder_at_shard_key",
        "reminder_at",
        "shard_key",
        sqlite_where=text(OPEN_STATUS_SQL),
        postgresql_where=text(OPEN_STATUS_SQL),
    ),
    Index("ix_games_challenger_id", "challenger_id"),
    Index("ix_games_opponent_id", "opponent_id"),
    sqlite_autoincrement=True,
)

game_events = Table(
    "game_events",
    metadata,
    Column("game_id", GAME_ID, ForeignKey("games.id"), primary_key=True, autoincrement=False),
    Column("seq", Integer, primary_key=True, autoincrement=False),
    Column("kind", String(32), nullable=False),
    Column("payload", JSON, nullable=False),
    Column("actor_id", BigInteger, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    CheckConstraint("seq >= 1", name="seq"),
)

guild_settings = Table(
    "guild_settings",
    metadata,
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    Column("key", String(64), primary_key=True),
    Column("value", JSON, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
)

# Ratings, results and rating changes. A scope is a guild id, or GLOBAL_SCOPE for the
# ladder across every server; a ladder is a game kind plus, for checkers, its variant. No foreign
# keys: rows are written only by `count_result`, which reads the finished game in the same
# transaction, and other suites may TRUNCATE games and players without knowing these tables.
GLOBAL_SCOPE = 0

ratings = Table(
    "ratings",
    metadata,
    Column("scope", BigInteger, primary_key=True, autoincrement=False),
    Column("ladder", String(48), primary_key=True),
    Column("user_id", BigInteger, primary_key=True),
    Column("rating", Float, nullable=False),
    Column("deviation", Float, nullable=False),
    Column("volatility", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("wins", Integer, nullable=False),
    Column("losses", Integer, nullable=False),
    Column("draws", Integer, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
    # Leaderboard pages and "my rank" are range scans of this index; /stats reads by player.
    Index("ix_ratings_board", "scope", "ladder", "rating", "user_id"),
    Index("ix_ratings_user_id", "user_id", "scope"),
)

results = Table(
    "results",
    metadata,
    Column("game_id", GAME_ID, primary_key=True, autoincrement=False),
    Column("user_id", BigInteger, primary_key=True),
    Column("opponent_id", BigInteger, nullable=False),
    Column("ladder", String(48), nullable=False),
    Column("outcome", String(4), nullable=False),
    Column("points", Integer, nullable=False),
    Column("gammons_won", Integer, nullable=False),
    Column("backgammons_won", Integer, nullable=False),
    Column("gammons_lost", Integer, nullable=False),
    Column("backgammons_lost", Integer, nullable=False),
    Column("rated", Boolean, nullable=False),
    Column("finished_at", UtcDateTime, nullable=False),
    CheckConstraint("outcome IN ('win', 'loss', 'draw')", name="outcome"),
    # Stats and history read one player's results, newest first.
    Index("ix_results_user_id", "user_id", "finished_at"),
)

rating_changes = Table(
    "rating_changes",
    metadata,
    Column("game_id", GAME_ID, primary_key=True, autoincrement=False),
    Column("user_id", BigInteger, primary_key=True),
    Column("scope", BigInteger, primary_key=True, autoincrement=False),
    Column("ladder", String(48), nullable=False),
    Column("rating_before", Float, nullable=False),
    Column("rating_after", Float, nullable=False),
    Column("deviation_after", Float, nullable=False),
    Column("changed_at", UtcDateTime, nullable=False),
    Index("ix_rating_changes_user_id", "user_id", "scope", "ladder", "changed_at"),
)

# Tournaments: the tournament, who entered it, and each round's pairings. A pairing's game
# is an ordinary game; the unique game id and the primary key (tournament, round, number) let the
# database itself refuse a second game for one pairing and a second pairing of one round.
tournaments = Table(
    "tournaments",
    metadata,
    Column("id", GAME_ID, primary_key=True, autoincrement=True),
    Column("guild_id", BigInteger, nullable=False),
    Column("shard_key", BigInteger, nullable=False),  # as games.shard_key: the sweeper's shard
    Column("channel_id", BigInteger, nullable=False),  # the sign-up message and the standings
    Column("organizer_id", BigInteger, ForeignKey("players.user_id"), nullable=False),
    Column("kind", String(32), nullable=False),
    Column("variant", String(32), nullable=False),
    Column("format", String(16), nullable=False),
    Column("options", JSON, nullable=False),  # every game's options, as games.options
    Column("swiss_rounds", Integer, nullable=True),
    Column("player_limit", Integer, nullable=False),
    Column("starts_at", UtcDateTime, nullable=True),
    Column("status", String(16), nullable=False),
    Column("paused", Boolean, nullable=False),
    Column("round", Integer, nullable=False),  # the round being played; 0 before the start
    Column("rounds", Integer, nullable=True),  # how many, known once started
    Column("version", Integer, nullable=False),
    Column("message_id", BigInteger, nullable=True),  # the sign-up message
    Column("event_id", BigInteger, nullable=True),  # Discord's scheduled event, if any
    Column("winner_id", BigInteger, ForeignKey("players.user_id"), nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Column("updated_at", UtcDateTime, nullable=False),
    CheckConstraint(TOURNAMENT_STATUS_SQL, name="status"),
    CheckConstraint("version >= 0", name="version"),
    CheckConstraint("round >= 0", name="round"),
    # One tournament taking sign-ups or running per channel, as one open game per channel.
    Index(
        "uq_tournaments_open_channel",
        "channel_id",
        unique=True,
        sqlite_where=text(OPEN_TOURNAMENT_SQL),
        postgresql_where=text(OPEN_TOURNAMENT_SQL),
    ),
    # The sweeper looks at open tournaments only, by shard.
    Index(
        "ix_tournaments_shard_key",
        "shard_key",
        sqlite_where=text(OPEN_TOURNAMENT_SQL),
        postgresql_where=text(OPEN_TOURNAMENT_SQL),
    ),
    sqlite_autoincrement=True,
)

tournament_entrants = Table(
    "tournament_entrants",
    metadata,
    Column("tournament_id", GAME_ID, ForeignKey("tournaments.id"), primary_key=True),
    Column("user_id", BigInteger, ForeignKey("players.user_id"), primary_key=True),
    Column("rating", Float, nullable=True),  # the seeding rating, taken at the start
    Column("withdrawn", Boolean, nullable=False),  # removed after the start: paired no more
    Column("joined_at", UtcDateTime, nullable=False),
)

tournament_pairings = Table(
    "tournament_pairings",
    metadata,
    Column("tournament_id", GAME_ID, ForeignKey("tournaments.id"), primary_key=True),
    Column("round", Integer, primary_key=True, autoincrement=False),
    Column("number", Integer, primary_key=True, autoincrement=False),  # 1, 2… in its round
    Column("first_id", BigInteger, ForeignKey("players.user_id"), nullable=False),
    Column("second_id", BigInteger, ForeignKey("players.user_id"), nullable=True),  # a bye
    Column("game_id", GAME_ID, ForeignKey("games.id"), nullable=True),  # the latest game
    Column("games", Integer, nullable=False),  # games played for it (a knockout draw: another)
    Column("done", Boolean, nullable=False),
    Column("winner_id", BigInteger, ForeignKey("players.user_id"), nullable=True),  # None: draw
    Column("updated_at", UtcDateTime, nullable=False),
    CheckConstraint("round >= 1", name="round"),
    Index("uq_tournament_pairings_game_id", "game_id", unique=True),
)

# Game messages behind their game: an action was committed but showing it failed (the board
# could not be drawn, Discord refused the edit). The row stays until the message is brought up
# to date; `due_at` is when the next try may run, `failures` how many tries failed since. No
# foreign key, as the ratings' tables: other suites may TRUNCATE games without knowing it.
stale_messages = Table(
    "stale_messages",
    metadata,
    Column("game_id", GAME_ID, primary_key=True, autoincrement=False),
    Column("due_at", UtcDateTime, nullable=False),
    Column("failures", Integer, nullable=False),
)

# A server's standing leaderboard: one message in a channel of its choice, edited after rated
# games. `dirty_since` marks ratings that moved since the last edit, `edited_at` when the last
# edit was claimed (at most one a minute, whichever process claims it); `shard_key` as
# games.shard_key, so a process sweeps the boards of its own shards.
standing_boards = Table(
    "standing_boards",
    metadata,
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    Column("shard_key", BigInteger, nullable=False),
    Column("channel_id", BigInteger, nullable=False),
    Column("ladder", String(48), nullable=False),
    Column("message_id", BigInteger, nullable=True),
    Column("dirty_since", UtcDateTime, nullable=True),
    Column("edited_at", UtcDateTime, nullable=True),
    Index("ix_standing_boards_dirty", "dirty_since"),
)

# Achievements: what a player earned, once each, with the game that earned it. Every one is
# decided from stored game records, so the table can be rebuilt from them.
achievements = Table(
    "achievements",
    metadata,
    Column("user_id", BigInteger, primary_key=True, autoincrement=False),
    Column("code", String(32), primary_key=True),
    Column("game_id", GAME_ID, nullable=False),
    Column("earned_at", UtcDateTime, nullable=False),
)

# Positions worth solving, each found once and kept: the daily post's poll is answered from it
# and a /puzzle answer is checked against it. `source` names where it came from ("game:<id>:
# <game>:<turn>" or a built-in one's name), so a position is never stored twice; `data` holds the
# match text, the plays offered and their equities (`bot.service.puzzles.Puzzle`).
puzzles = Table(
    "puzzles",
    metadata,
    Column("id", GAME_ID, primary_key=True, autoincrement=True),
    Column("guild_id", BigInteger, nullable=True),  # None: a built-in position
    Column("source", String(64), nullable=False),
    Column("data", JSON, nullable=False),
    Column("created_at", UtcDateTime, nullable=False),
    Index("uq_puzzles_source", "source", unique=True),
)

# A server's position of the day: one row per server and day (UTC), claimed by whichever
# process inserts it first, so a server gets one post a day however many processes sweep.
# `puzzle_id` None: no position was found that day; `message_id` is the poll's message,
# `closes_at` when its poll ends, `answered_at` when the answer was claimed (once).
daily_posts = Table(
    "daily_posts",
    metadata,
    Column("guild_id", BigInteger, primary_key=True, autoincrement=False),
    Column("day", String(10), primary_key=True),
    Column("shard_key", BigInteger, nullable=False),
    Column("channel_id", BigInteger, nullable=False),
    Column("puzzle_id", GAME_ID, nullable=True),
    Column("message_id", BigInteger, nullable=True),
    Column("closes_at", UtcDateTime, nullable=True),
    Column("answered_at", UtcDateTime, nullable=True),
    Column("created_at", UtcDateTime, nullable=False),
    Index("ix_daily_posts_closes_at", "closes_at"),
)
