"""Connecting and migrating: URLs, SQLite pragmas, the migrated schema and its guards."""

from __future__ import annotations

import os
import re
import sqlite3
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from sqlalchemy import Connection, inspect, text
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine

from bot.store import OPEN_STATUSES, GameStatus, Store, StoreBusyError, StoreConfigError, connect
from bot.store.connect import create_engine, normalize_url
from bot.store.queries import OPEN
from bot.store.schema import metadata
from tests.bot.store.conftest import (
    ALICE,
    HEAD,
    NOW,
    POSTGRES_ENV,
    POSTGRES_SKIP_REASON,
    Backend,
    new_game,
)


@pytest.fixture
async def raw(backend: Backend, store: Store) -> AsyncIterator[AsyncEngine]:
    """A plain engine on the test's migrated database, for SQL the store itself would not send."""
    engine = create_engine(normalize_url(backend.url), schema=backend.schema, busy_timeout_ms=1000)
    try:
        yield engine
    finally:
        await engine.dispose()


@pytest.mark.parametrize(
    ("url", "driver"),
    [
        ("sqlite:///duelboard.sqlite3", "sqlite+aiosqlite"),
        ("sqlite+aiosqlite:///duelboard.sqlite3", "sqlite+aiosqlite"),
        ("postgresql://postgres@127.0.0.1:5432/test", "postgresql+asyncpg"),
        ("postgres://u:p@db/duelboard", "postgresql+asyncpg"),
        ("postgresql+asyncpg://u@db/duelboard", "postgresql+asyncpg"),
    ],
)
def test_plain_urls_get_the_async_driver(url: str, driver: str) -> None:
    assert normalize_url(url).drivername == driver


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("not a url", "is not a database URL"),
        ("mysql://u@db/duelboard", "backend 'mysql' is not supported"),
        ("postgresql+psycopg2://u@db/x", "is not supported"),
        ("sqlite://", "SQLite needs a file"),
        ("sqlite:///:memory:", "SQLite needs a file"),
        ("postgresql://u@db", "names no database"),
        (
            "sqlite:////no/such/folder/duelboard.sqlite3",
            "folder for the SQLite file does not exist",
        ),
    ],
)
async def test_unusable_urls_are_refused_with_the_fix(url: str, message: str) -> None:
    with pytest.raises(StoreConfigError, match=message):
        await Store.open(url)


async def test_schema_is_refused_on_sqlite(tmp_path: Path) -> None:
    with pytest.raises(StoreConfigError, match="only applies to PostgreSQL"):
        await Store.open(f"sqlite:///{tmp_path / 'x.sqlite3'}", schema="games")
    assert not (tmp_path / "x.sqlite3").exists()


async def test_unreachable_postgres_is_reported() -> None:
    with pytest.raises(StoreConfigError, match="Cannot open the database at postgresql"):
        await Store.open("postgresql://nobody:secret@127.0.0.1:1/duelboard")


async def test_password_is_not_shown_when_postgres_is_unreachable() -> None:
    with pytest.raises(StoreConfigError) as caught:
        await Store.open("postgresql://nobody:hunter2@127.0.0.1:1/duelboard")
    assert "hunter2" not in str(caught.value)


@pytest.mark.skipif(not os.environ.get(POSTGRES_ENV), reason=POSTGRES_SKIP_REASON)
@pytest.mark.postgres
async def test_missing_postgres_schema_is_named() -> None:
    url = os.environ[POSTGRES_ENV]
    with pytest.raises(StoreConfigError, match="schema 'no_such_schema_x' does not exist"):
        await Store.open(url, schema="no_such_schema_x")
    with pytest.raises(StoreConfigError, match="must be lower-case letters"):
        await Store.open(url, schema="Bad; DROP")


async def test_sqlite_connections_use_wal_foreign_keys_and_busy_timeout(tmp_path: Path) -> None:
    url = normalize_url(f"sqlite:///{tmp_path / 'pragmas.sqlite3'}")
    engine = create_engine(url, schema=None, busy_timeout_ms=1234)
    try:
        async with engine.connect() as connection:
            settings = [
                (await connection.exec_driver_sql(f"PRAGMA {name}")).scalar()
                for name in ("journal_mode", "foreign_keys", "busy_timeout")
            ]
    finally:
        await engine.dispose()
    assert settings == ["wal", 1, 1234]


def _schema_differences(connection: Connection) -> list[Any]:
    return list(compare_metadata(MigrationContext.configure(connection), metadata))


async def test_migrations_build_exactly_the_tables_the_code_queries(raw: AsyncEngine) -> None:
    async with raw.connect() as connection:
        assert await connection.run_sync(_schema_differences) == []


async def test_opening_migrates_an_empty_database_once_and_keeps_data(
    empty_backend: Backend,
) -> None:
    first = await empty_backend.open()
    try:
        assert first.revision == HEAD
        await first.upsert_player(ALICE, "Alice", now=NOW)
    finally:
        await first.close()
    again = await empty_backend.open()
    try:
        assert again.revision == HEAD
        assert await again.get_player(ALICE) is not None
    finally:
        await again.close()


async def _game_with_one_event(store: Store) -> int:
    await store.upsert_player(ALICE, "Alice", now=NOW)
    game = await new_game(store, kind="checkers", variant="american", state="s0", opponent_id=None)
    await store.commit(game.id, 0, "move", {"step": 1}, "s1", now=NOW)
    return game.id


@pytest.mark.parametrize(
    "statement",
    [
        "UPDATE game_events SET kind = 'forged' WHERE game_id = :game",
        "DELETE FROM game_events WHERE game_id = :game",
    ],
)
async def test_the_event_log_is_append_only_in_the_database(
    store: Store, raw: AsyncEngine, statement: str
) -> None:
    game_id = await _game_with_one_event(store)
    with pytest.raises(DBAPIError, match="game_events is append-only"):
        async with raw.begin() as connection:
            await connection.execute(text(statement), {"game": game_id})
    assert [event.kind for event in await store.events_for(game_id)] == ["move"]


@pytest.mark.parametrize(
    ("statement", "constraint"),
    [
        ("UPDATE games SET status = 'won' WHERE id = :game", "status"),
        ("UPDATE games SET challenger_id = 999 WHERE id = :game", "foreign key"),
        (
            "INSERT INTO game_events (game_id, seq, kind, payload, created_at) "
            "VALUES (:game + 1000, 1, 'move', '{}', '2026-03-01')",
            "foreign key",
        ),
    ],
)
async def test_the_database_checks_status_and_references(
    store: Store, raw: AsyncEngine, statement: str, constraint: str
) -> None:
    game_id = await _game_with_one_event(store)
    with pytest.raises(DBAPIError, match=f"(?i){constraint}"):
        async with raw.begin() as connection:
            await connection.execute(text(statement), {"game": game_id})
    game = await store.get_game(game_id)
    assert (game.status, game.challenger_id) == (GameStatus.PENDING, ALICE)


async def test_sqlite_writer_locked_out_by_another_process_gets_a_clear_refusal(
    tmp_path: Path,
) -> None:
    path = tmp_path / "locked.sqlite3"
    store = await Store.open(f"sqlite:///{path}", busy_timeout_ms=50)
    try:
        await store.upsert_player(ALICE, "Alice", now=NOW)
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")  # what another bot process mid-write looks like
        try:
            with pytest.raises(StoreBusyError, match="database is busy; nothing was changed"):
                await store.upsert_player(ALICE, "Renamed", now=NOW)
        finally:
            other.execute("ROLLBACK")
            other.close()
        player = await store.get_player(ALICE)
        assert player is not None and player.display_name == "Alice"
        renamed = await store.upsert_player(ALICE, "Renamed", now=NOW)
        assert renamed.display_name == "Renamed"
    finally:
        await store.close()


@pytest.mark.parametrize("timeout", [-1, 2.5, True])
async def test_bad_busy_timeout_is_refused(tmp_path: Path, timeout: object) -> None:
    with pytest.raises(StoreConfigError, match="busy_timeout_ms must"):
        await Store.open(f"sqlite:///{tmp_path / 'x.sqlite3'}", busy_timeout_ms=timeout)  # type: ignore[arg-type]


async def test_a_file_that_is_not_a_database_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite3"
    path.write_text("these are not the tables you are looking for\n" * 100)
    with pytest.raises(StoreConfigError, match=r"Cannot open the database at .*not a database"):
        await Store.open(f"sqlite:///{path}")
    assert path.read_text().startswith("these are not")


@pytest.mark.parametrize(
    ("where", "index"),
    [
        ("channel_id = 42", "uq_games_open_channel"),
        ("turn_deadline IS NOT NULL AND turn_deadline <= :now", "ix_games_turn_deadline_shard_key"),
        ("reminder_at IS NOT NULL AND reminder_at <= :now", "ix_games_reminder_at_shard_key"),
    ],
)
async def test_channel_and_clock_lookups_use_the_open_game_indexes(
    backend: Backend, raw: AsyncEngine, where: str, index: str
) -> None:
    # The store's lookups add OPEN (the partial indexes' predicate, spelled the same way).
    query = f"SELECT * FROM games WHERE {OPEN.text} AND {where}"
    explain = "EXPLAIN QUERY PLAN " if backend.name == "sqlite" else "EXPLAIN "
    async with raw.connect() as connection:
        if backend.name == "postgres":
            # An empty table is cheapest to scan; forbid that so the plan shows the index.
            await connection.execute(text("SET enable_seqscan = off"))
        plan = (await connection.execute(text(explain + query), {"now": NOW})).all()
    assert index in str(plan)


@pytest.mark.parametrize(
    "index",
    ["uq_games_open_channel", "ix_games_turn_deadline_shard_key", "ix_games_reminder_at_shard_key"],
)
async def test_partial_indexes_cover_exactly_the_open_statuses(
    backend: Backend, raw: AsyncEngine, index: str
) -> None:
    if backend.name == "sqlite":
        query = "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = :name"
    else:
        query = "SELECT indexdef FROM pg_indexes WHERE schemaname = :schema AND indexname = :name"
    async with raw.connect() as connection:
        definition = await connection.scalar(text(query), {"name": index, "schema": backend.schema})
    assert definition is not None
    where = definition.split("WHERE", 1)[1]
    assert set(re.findall(r"'(\w+)'", where)) == {status.value for status in OPEN_STATUSES}
    assert {status.value for status in GameStatus if status.is_open} == {"pending", "active"}


def _downgrade_to_base(connection: Connection) -> list[str]:
    config = Config()
    config.set_main_option("script_location", "bot.store:migrations")
    config.attributes["connection"] = connection
    command.downgrade(config, "base")
    return sorted(inspect(connection).get_table_names())


async def test_the_migration_downgrades_to_nothing_and_upgrades_again(
    empty_backend: Backend,
) -> None:
    store = await empty_backend.open()
    await store.close()
    engine = create_engine(
        normalize_url(empty_backend.url), schema=empty_backend.schema, busy_timeout_ms=1000
    )
    try:
        async with engine.begin() as connection:
            assert await connection.run_sync(_downgrade_to_base) == ["alembic_version"]
    finally:
        await engine.dispose()
    again = await empty_backend.open()
    try:
        assert again.revision == HEAD
        await again.upsert_player(ALICE, "Alice", now=NOW)
    finally:
        await again.close()


async def test_the_stores_own_sqlite_connections_are_set_up_so(tmp_path: Path) -> None:
    store = await Store.open(f"sqlite:///{tmp_path / 'pragmas.sqlite3'}", busy_timeout_ms=1234)

    def pragmas(connection: Connection) -> list[Any]:
        return [
            connection.exec_driver_sql(f"PRAGMA {name}").scalar()
            for name in ("journal_mode", "foreign_keys", "busy_timeout", "synchronous")
        ]

    try:
        settings = await store.database.read(pragmas)
    finally:
        await store.close()
    assert settings == ["wal", 1, 1234, 1]  # synchronous=NORMAL is 1


async def test_a_postgres_connection_dropped_while_unused_is_replaced(
    backend: Backend, seated: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    if backend.name != "postgres":
        pytest.skip("SQLite has no server to drop a connection")
    game = await new_game(seated)
    # The pool's one connection.
    pid = await seated.database.read(lambda c: c.scalar(text("SELECT pg_backend_pid()")))
    admin = create_engine(normalize_url(backend.url), schema=None, busy_timeout_ms=1000)
    try:
        async with admin.connect() as connection:
            assert await connection.scalar(text(f"SELECT pg_terminate_backend({int(pid)})"))
    finally:
        await admin.dispose()
    # As if it had sat unused for long: the pool checks it, finds it gone, opens another.
    monkeypatch.setattr(connect, "PING_AFTER_IDLE_SECONDS", 0.0)
    assert (await seated.get_game(game.id)).id == game.id
