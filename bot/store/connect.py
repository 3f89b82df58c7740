"""Turning a DATABASE_URL into a configured async engine, and bringing its schema up to date."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, Engine, event, text
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, DisconnectionError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from bot.store.errors import StoreConfigError

SQLITE_DRIVER = "sqlite+aiosqlite"
POSTGRES_DRIVER = "postgresql+asyncpg"
_DRIVERS = {
    "sqlite": SQLITE_DRIVER,
    SQLITE_DRIVER: SQLITE_DRIVER,
    "postgres": POSTGRES_DRIVER,
    "postgresql": POSTGRES_DRIVER,
    POSTGRES_DRIVER: POSTGRES_DRIVER,
}
URL_HELP = "Use sqlite:///path/to/duelboard.sqlite3 or postgresql://user@host:5432/dbname."
# Execution option that marks a transaction as a writer; on SQLite it takes the write lock at
# BEGIN so that concurrent writers queue (busy_timeout) instead of failing when they upgrade.
WRITE_OPTION = "duelboard_write"
# Execution option for a connection that runs exactly one SELECT: SQLite reads one statement
# consistently on its own, so no BEGIN is sent (three fewer driver round trips per read).
SINGLE_READ_OPTION = "duelboard_single_read"
_SCHEMA_NAME = re.compile(r"[a-z_][a-z0-9_]{0,62}")
# Any fixed number; concurrent starters on one PostgreSQL database migrate one at a time.
_MIGRATION_LOCK_KEY = 0x6475656C626F6172
# A pooled PostgreSQL connection left unused this long is checked before it is used again (the
# server may have restarted, or something on the way dropped it); one in steady use is not: a
# check is three round trips (BEGIN, `;`, ROLLBACK), more than a move's own reads.
PING_AFTER_IDLE_SECONDS = 10.0
# PostgreSQL connections a process holds at most, all kept once made. SQLAlchemy's default
# (5 kept, 10 more made and closed again as needed) opened and closed a connection every few
# moves under load: each a TLS handshake and a login, costing the bot more CPU than the move.
POOL_SIZE = 15
_IDLE_SINCE = "duelboard_idle_since"


def normalize_url(url: str) -> URL:
    """Parse a DATABASE_URL and pick the async driver (aiosqlite or asyncpg) for its backend."""
    try:
        parsed = make_url(url.strip())
    except ArgumentError as error:
        raise StoreConfigError(f"{url!r} is not a database URL. {URL_HELP}") from error
    driver = _DRIVERS.get(parsed.drivername)
    if driver is None:
        raise StoreConfigError(
            f"Database backend {parsed.drivername!r} is not supported. {URL_HELP}"
        )
    parsed = parsed.set(drivername=driver)
    if driver == SQLITE_DRIVER:
        _check_sqlite_path(parsed)
    elif not parsed.database:
        raise StoreConfigError(f"The PostgreSQL URL names no database. {URL_HELP}")
    return parsed


def _check_sqlite_path(url: URL) -> None:
    database = url.database or ""
    if database in ("", ":memory:") or "mode=memory" in str(url.query):
        raise StoreConfigError(
            "SQLite needs a file (an in-memory database would vanish with each connection). "
            + URL_HELP
        )
    folder = Path(database).expanduser().resolve().parent
    if not folder.is_dir():
        raise StoreConfigError(f"The folder for the SQLite file does not exist: {folder}")


def create_engine(url: URL, *, schema: str | None, busy_timeout_ms: int) -> AsyncEngine:
    """An async engine for `url` with the per-backend settings the store relies on."""
    if url.drivername == SQLITE_DRIVER:
        if schema is not None:
            raise StoreConfigError("A schema only applies to PostgreSQL; SQLite has one per file.")
        engine = create_async_engine(url)
        _configure_sqlite(engine.sync_engine, busy_timeout_ms)
        return engine
    connect_args: dict[str, Any] = {}
    if schema is not None:
        if not _SCHEMA_NAME.fullmatch(schema):
            raise StoreConfigError(
                f"Schema name {schema!r} must be lower-case letters, digits and underscores."
            )
        connect_args["server_settings"] = {"search_path": schema}
    engine = create_async_engine(
        url, connect_args=connect_args, pool_size=POOL_SIZE, max_overflow=0
    )
    _ping_when_idle(engine.sync_engine)
    return engine


def _ping_when_idle(sync_engine: Engine) -> None:
    """Replace a pooled connection as it is taken if the server already ended it, or, if it sat
    unused for `PING_AFTER_IDLE_SECONDS`, when a check finds it dead (the pool takes another on
    `DisconnectionError`)."""

    @event.listens_for(sync_engine, "checkin")
    def _on_checkin(_dbapi_connection: Any, record: Any) -> None:
        record.info[_IDLE_SINCE] = time.monotonic()

    @event.listens_for(sync_engine, "checkout")
    def _on_checkout(dbapi_connection: Any, record: Any, _proxy: Any) -> None:
        # A server that restarts or fails over ends its connections with a message the driver
        # reads as it comes: asking the driver costs no round trip, and nothing of the work about
        # to run has reached the server yet, so a write goes on a new connection safely.
        if dbapi_connection.driver_connection.is_closed():
            raise DisconnectionError("the server ended a pooled connection")
        idle_since = record.info.get(_IDLE_SINCE)
        if idle_since is None or time.monotonic() - idle_since < PING_AFTER_IDLE_SECONDS:
            return
        try:
            sync_engine.dialect.do_ping(dbapi_connection)
        except Exception as error:
            raise DisconnectionError("a pooled connection was closed while unused") from error


def _configure_sqlite(sync_engine: Engine, busy_timeout_ms: int) -> None:
    @event.listens_for(sync_engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # The driver's own implicit BEGIN is switched off: SQLAlchemy's begin hook below issues
        # BEGIN itself, so reads and DDL are transactional too and writers can take the lock early.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        # In WAL mode NORMAL still never corrupts and never loses a commit when the process
        # dies; only an OS crash or power cut can undo the last commits. FULL would fsync on
        # every move, which is most of a move's latency.
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={int(busy_timeout_ms)}")
        cursor.close()

    @event.listens_for(sync_engine, "begin")
    def _on_begin(connection: Connection) -> None:
        options = connection.get_execution_options()
        if options.get(SINGLE_READ_OPTION, False):
            return
        writer = options.get(WRITE_OPTION, False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if writer else "BEGIN")


def upgrade_schema(connection: Connection, schema: str | None) -> str | None:
    """Apply every pending migration on `connection` (inside its transaction); returns the head."""
    if connection.dialect.name == "postgresql":
        if schema is not None:
            exists = connection.execute(
                text("SELECT 1 FROM pg_namespace WHERE nspname = :name"), {"name": schema}
            ).first()
            if exists is None:
                raise StoreConfigError(
                    f"PostgreSQL schema {schema!r} does not exist; create it first "
                    f"(CREATE SCHEMA {schema})."
                )
        connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK_KEY})
    config = Config()
    config.set_main_option("script_location", "bot.store:migrations")
    config.attributes["connection"] = connection
    command.upgrade(config, "head")
    return MigrationContext.configure(connection).get_current_revision()
