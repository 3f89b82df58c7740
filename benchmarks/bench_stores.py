"""Fresh stores for the benchmarks: a new SQLite file, or a PostgreSQL schema dropped afterwards."""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store import Store
from bot.store.connect import normalize_url


@asynccontextmanager
async def sqlite_store(path: Path) -> AsyncIterator[Store]:
    """A store on a fresh SQLite file at `path`."""
    store = await Store.open(f"sqlite:///{path}")
    try:
        yield store
    finally:
        await store.close()


@asynccontextmanager
async def postgres_store(url: str, prefix: str) -> AsyncIterator[Store]:
    """A store in a fresh PostgreSQL schema named after `prefix`, dropped afterwards."""
    plain = normalize_url(url).render_as_string(hide_password=False)
    schema = f"{prefix}_{uuid.uuid4().hex[:12]}"
    admin = create_async_engine(plain, isolation_level="AUTOCOMMIT")
    async with admin.connect() as connection:
        await connection.execute(text(f"CREATE SCHEMA {schema}"))
    try:
        store = await Store.open(url, schema=schema)
        try:
            yield store
        finally:
            await store.close()
    finally:
        async with admin.connect() as connection:
            await connection.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        await admin.dispose()
