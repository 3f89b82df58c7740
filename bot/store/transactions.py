"""One transaction, one call: a store operation is a plain function of a connection.

On SQLite the whole transaction runs in a worker thread on the standard library's `sqlite3`
(through SQLAlchemy's blocking engine): one hand-off to the thread and one back, where the async
driver (aiosqlite) makes one each way per statement, cursor, BEGIN, COMMIT and pool check. On
PostgreSQL it runs on the event loop over asyncpg, in one greenlet for the whole transaction
(what `AsyncConnection.run_sync` does for its body, here with the checkout, BEGIN, COMMIT and
return to the pool too, which the async API would each run in a greenlet of their own). A lone
SELECT or UPDATE that may safely run twice (`first`, `changed`) goes on PostgreSQL by the lean
path instead (`bot.store.lean`), and by the ordinary one if that fails.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Mapping
from concurrent.futures import ThreadPoolExecutor
from contextlib import AbstractAsyncContextManager
from typing import Any, TypeVar

from sqlalchemy import Connection, Engine
from sqlalchemy.engine import URL
from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncEngine
from sqlalchemy.sql import Select, Update
from sqlalchemy.util import greenlet_spawn

from bot.store.connect import (
    SINGLE_READ_OPTION,
    SQLITE_DRIVER,
    WRITE_OPTION,
    create_sqlite_thread_engine,
)
from bot.store.lean import Lean, LeanError

log = logging.getLogger("duelboard")
T = TypeVar("T")
Work = Callable[[Connection], T]
# Worker threads (and pooled SQLite connections) of one store. Writers queue on the write gate
# whatever their number; the threads let reads go on beside the one write.
SQLITE_THREADS = 4


class Transactions:
    """Runs store work, each call one transaction, on the backend's fastest path."""

    def __init__(
        self,
        engine: AsyncEngine,
        write_gate: AbstractAsyncContextManager[object],
        url: URL,
        busy_timeout_ms: int,
        schema: str | None = None,
    ) -> None:
        """Run on `engine` (PostgreSQL, in `schema` if given), or on SQLite (`url`) in worker
        threads; writers pass `write_gate` one at a time."""
        self._engine = engine
        self._writer = engine.execution_options(**{WRITE_OPTION: True})
        # PostgreSQL runs one statement atomically and reads it consistently on its own: no BEGIN
        # and COMMIT (or ROLLBACK) around it.
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._write_gate = write_gate
        self._threads: ThreadPoolExecutor | None = None
        self._thread_engine: Engine | None = None
        # The blocking engine as each kind of transaction uses it, by execution option.
        self._thread_engines: dict[str | None, Engine] = {}
        self._lean: Lean | None = None
        if url.drivername != SQLITE_DRIVER:
            self._lean = Lean(url, engine.dialect, schema)
        else:
            self._thread_engine = create_sqlite_thread_engine(
                url, busy_timeout_ms=busy_timeout_ms, pool_size=SQLITE_THREADS
            )
            self._thread_engines = {
                None: self._thread_engine,
                **{
                    option: self._thread_engine.execution_options(**{option: True})
                    for option in (WRITE_OPTION, SINGLE_READ_OPTION)
                },
            }
            self._threads = ThreadPoolExecutor(SQLITE_THREADS, thread_name_prefix="store")

    async def write(self, work: Work[T], *, single: bool = False) -> T:
        """Run `work` in a write transaction: committed if it returns, rolled back if it raises.

        `single` when it runs exactly one statement, which PostgreSQL then runs as a
        transaction of its own: one round trip instead of three (BEGIN, it, COMMIT).
        """
        async with self._write_gate:
            if self._thread_engine is None:
                if single:
                    return await greenlet_spawn(_connect, self._autocommit.sync_engine, work)
                return await greenlet_spawn(_begin, self._writer.sync_engine, work)
            return await self._in_thread(work, WRITE_OPTION)

    async def read(self, work: Work[T], *, single: bool = False) -> T:
        """Run `work`, which only reads, in one snapshot; `single` when it runs exactly one
        SELECT (one statement reads consistently without a BEGIN).

        On PostgreSQL a read whose connection the server ended under it (a restart, a
        fail-over) runs once more on a new connection: reading twice changes nothing. (A write
        is never run twice: a connection ended before the write was taken is replaced as it is
        taken, see `connect.create_engine`.)
        """
        if self._thread_engine is None:
            reader = self._autocommit if single else self._engine
            try:
                return await greenlet_spawn(_connect, reader.sync_engine, work)
            except DBAPIError as error:
                if not error.connection_invalidated:
                    raise
                log.warning("the database ended a connection during a read; reading again")
            return await greenlet_spawn(_connect, reader.sync_engine, work)
        return await self._in_thread(work, SINGLE_READ_OPTION if single else None)

    async def first(
        self, statement: Select[Any], parameters: Mapping[str, Any]
    ) -> dict[str, Any] | None:
        """The first row one SELECT finds, as its column values (one statement reads
        consistently on its own). On PostgreSQL it runs on the lean path (`bot.store.lean`)."""
        if self._lean is not None:
            try:
                return await self._lean.first(statement, parameters)
            except LeanError as error:
                log.info("a read failed on the lean path (%s); the ordinary path runs it", error)

        def read(connection: Connection) -> dict[str, Any] | None:
            row = connection.execute(statement, parameters).first()
            return None if row is None else dict(row._mapping)

        return await self.read(read, single=True)

    async def changed(self, statement: Update, parameters: Mapping[str, Any]) -> int:
        """Run one UPDATE that may safely run twice as a write of its own; how many rows it
        changed. On PostgreSQL it runs on the lean path (`bot.store.lean`)."""
        if self._lean is not None:
            try:
                return await self._lean.changed(statement, parameters)
            except LeanError as error:
                log.info("a write failed on the lean path (%s); the ordinary path runs it", error)
        return await self.write(
            lambda connection: connection.execute(statement, parameters).rowcount, single=True
        )

    async def close(self) -> None:
        """Let the threads finish what they run, then close their connections."""
        if self._lean is not None:
            await self._lean.close()
        if self._threads is not None and self._thread_engine is not None:
            await asyncio.to_thread(self._threads.shutdown)
            self._thread_engine.dispose()

    async def _in_thread(self, work: Work[T], option: str | None) -> T:
        assert self._threads is not None
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, self._run, work, option)

    def _run(self, work: Work[T], option: str | None) -> T:
        engine = self._thread_engines[option]
        return _connect(engine, work) if option == SINGLE_READ_OPTION else _begin(engine, work)


def _begin(engine: Engine, work: Work[T]) -> T:
    """`work` in a transaction of its own on a pooled connection, committed if it returns."""
    with engine.begin() as connection:
        return work(connection)


def _connect(engine: Engine, work: Work[T]) -> T:
    """`work` on a pooled connection, without a transaction of ours."""
    with engine.connect() as connection:
        return work(connection)
