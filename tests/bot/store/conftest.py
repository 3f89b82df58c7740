"""Backends for the store tests: a fresh SQLite file, or a fresh PostgreSQL schema, per test."""

from __future__ import annotations

import os
import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store import Store
from bot.store.connect import normalize_url

POSTGRES_ENV = "DUELBOARD_TEST_POSTGRES_URL"
NOW = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
ALICE, BOB, CAROL = 101, 202, 303
GUILD, CHANNEL, THREAD = 9000, 9100, 9101

BACKENDS = [
    pytest.param("sqlite", id="sqlite"),
    pytest.param(
        "postgres",
        id="postgres",
        marks=[
            pytest.mark.postgres,
            pytest.mark.skipif(
                not os.environ.get(POSTGRES_ENV),
                reason=f"{POSTGRES_ENV} is not set, so the PostgreSQL cases are skipped "
                "(CI sets it to postgresql://postgres@127.0.0.1:5432/test)",
            ),
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


@pytest.fixture(params=BACKENDS)
async def backend(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Backend]:
    """A fresh, empty database; PostgreSQL runs share one server, so each gets its own schema."""
    if request.param == "sqlite":
        yield Backend("sqlite", f"sqlite:///{tmp_path / 'store.sqlite3'}", None)
        return
    url = postgres_url()
    schema = f"test_store_{uuid.uuid4().hex[:16]}"
    admin = create_async_engine(url, isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            await connection.execute(text(f"CREATE SCHEMA {schema}"))
        yield Backend("postgres", url, schema)
    finally:
        async with admin.connect() as connection:
            await connection.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
        await admin.dispose()


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


def later(minutes: int) -> datetime:
    """NOW plus some minutes."""
    return NOW + timedelta(minutes=minutes)
