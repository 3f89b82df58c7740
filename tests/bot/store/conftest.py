"""Backends for the store tests: SQLite files and, when configured, a private PostgreSQL schema."""

from __future__ import annotations

import asyncio
import os
import shutil
import uuid
from collections.abc import AsyncIterator, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store import GameRow, Store
from bot.store.connect import normalize_url
from bot.store.schema import metadata

POSTGRES_ENV = "DUELBOARD_TEST_POSTGRES_URL"
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


def head_revision() -> str:
    """The newest migration, read from Alembic's script directory rather than from the store."""
    config = Config()
    config.set_main_option("script_location", "bot.store:migrations")
    head = ScriptDirectory.from_config(config).get_current_head()
    assert head is not None
    return head


HEAD = head_revision()
ALICE, BOB, CAROL = 101, 202, 303
GUILD, CHANNEL, THREAD = 9000, 9100, 9101

POSTGRES_SKIP_REASON = (
    f"{POSTGRES_ENV} is not set, so the PostgreSQL cases are skipped "
    "(CI sets it to postgresql://postgres@127.0.0.1:5432/test)"
)
BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param(
        "postgres",
        id="postgres",
        marks=[
            pytest.mark.postgres,
            pytest.mark.skipif(not os.environ.get(POSTGRES_ENV), reason=POSTGRES_SKIP_REASON),
        ],
    ),
]


@dataclass(frozen=True)
class Backend:
    """Where a test's store lives: a URL, plus the private schema on PostgreSQL."""

    name: str
    url: str
    schema: str | None

    async def open(self) -> Store:
        """Open (and migrate) a store on this backend."""
        return await Store.open(self.url, schema=self.schema)


def postgres_url() -> str:
    """The CI PostgreSQL URL with the asyncpg driver (the variable holds a plain libpq URL)."""
    return normalize_url(os.environ[POSTGRES_ENV]).render_as_string(hide_password=False)


async def _admin(url: str, *statements: str) -> None:
    engine = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with engine.connect() as connection:
            for statement in statements:
                await connection.execute(text(statement))
    finally:
        await engine.dispose()


def _new_schema_name() -> str:
    return f"test_store_{uuid.uuid4().hex[:16]}"


@dataclass
class _Templates:
    """Migrated databases made once per run; tests start from copies (SQLite) or truncation."""

    folder: Path
    sqlite_file: Path | None = None
    postgres_schema: str | None = None


@pytest.fixture(scope="session")
def templates(tmp_path_factory: pytest.TempPathFactory) -> Iterator[_Templates]:
    """The run's templates; the PostgreSQL schema, if one was made, is dropped at the end."""
    made = _Templates(tmp_path_factory.mktemp("store_template"))
    yield made
    if made.postgres_schema is not None:
        # The test loops are closed by now; a worker thread gets a loop of its own.
        drop = f"DROP SCHEMA IF EXISTS {made.postgres_schema} CASCADE"
        with ThreadPoolExecutor(max_workers=1) as worker:
            worker.submit(asyncio.run, _admin(postgres_url(), drop)).result()


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path, templates: _Templates) -> Backend:
    """A migrated, empty database: a copy of a template SQLite file, or the run's private
    PostgreSQL schema with every table truncated (PostgreSQL runs share one server)."""
    if request.param == "sqlite":
        if templates.sqlite_file is None:
            template = templates.folder / "template.sqlite3"
            opened = await Store.open(f"sqlite:///{template}")
            await opened.close()
            templates.sqlite_file = template
        copy = tmp_path / "store.sqlite3"
        shutil.copyfile(templates.sqlite_file, copy)
        return Backend("sqlite", f"sqlite:///{copy}", None)
    url = postgres_url()
    if templates.postgres_schema is None:
        schema = _new_schema_name()
        await _admin(url, f"CREATE SCHEMA {schema}")
        templates.postgres_schema = schema
        opened = await Store.open(url, schema=schema)
        await opened.close()
    schema = templates.postgres_schema
    # Every table the code defines, so a table a later migration adds is emptied too.
    tables = ", ".join(f"{schema}.{table.name}" for table in metadata.sorted_tables)
    await _admin(url, f"TRUNCATE {tables} RESTART IDENTITY")
    return Backend("postgres", url, schema)


@pytest.fixture(params=BACKENDS)
async def empty_backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """A database with no tables at all, for tests of the migrations themselves."""
    if request.param == "sqlite":
        yield Backend("sqlite", f"sqlite:///{tmp_path / 'empty.sqlite3'}", None)
        return
    url = postgres_url()
    schema = _new_schema_name()
    await _admin(url, f"CREATE SCHEMA {schema}")
    try:
        yield Backend("postgres", url, schema)
    finally:
        await _admin(url, f"DROP SCHEMA IF EXISTS {schema} CASCADE")


@pytest.fixture
async def store(backend: Backend) -> AsyncIterator[Store]:
    """An open store on a fresh database, closed after the test."""
    opened = await backend.open()
    try:
        yield opened
    finally:
        await opened.close()


@pytest.fixture
async def seated(store: Store) -> Store:
    """A store that knows Alice, Bob and Carol."""
    for user_id, name in ((ALICE, "Alice"), (BOB, "Bob"), (CAROL, "Carol")):
        await store.upsert_player(user_id, name, now=NOW)
    return store


async def new_game(store: Store, channel_id: int = CHANNEL, **overrides: object) -> GameRow:
    """A pending backgammon challenge from Alice to Bob starting at state "start"."""
    arguments: dict[str, object] = {
        "guild_id": GUILD,
        "channel_id": channel_id,
        "kind": "backgammon",
        "variant": "standard",
        "state": "start",
        "challenger_id": ALICE,
        "opponent_id": BOB,
        "now": NOW,
    }
    arguments.update(overrides)
    return await store.create_game(**arguments)  # type: ignore[arg-type]


def later(minutes: int) -> datetime:
    """NOW plus some minutes."""
    return NOW + timedelta(minutes=minutes)
