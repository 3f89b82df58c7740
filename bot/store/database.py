"""The store's one way to the database: opening it, running each transaction, closing it.

Every store operation is a plain function of a connection (`Work`), run whole as one transaction
through SQLAlchemy's documented `AsyncConnection.run_sync`, on one async engine: aiosqlite on
SQLite, asyncpg on PostgreSQL. The games, players, ratings, tournaments and leaderboards all go
through one `Database`, so one pool serves a process.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from contextlib import AbstractAsyncContextManager, asynccontextmanager, contextmanager, nullcontext
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.engine import URL, Dialect
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine
from sqlalchemy.pool import PoolProxiedConnection
from sqlalchemy.sql.dml import UpdateBase
from sqlalchemy.sql.expression import Select
from sqlalchemy.util import greenlet_spawn

from bot.store.connect import (
    SINGLE_READ_OPTION,
    WRITE_OPTION,
    create_engine,
    normalize_url,
    upgrade_schema,
)
from bot.store.errors import StoreBusyError, StoreConfigError

log = logging.getLogger("duelboard")
PLANS_KEPT = 256  # `Database.one`'s compiled statements, at most
T = TypeVar("T")
Work = Callable[[Connection], T]
DEFAULT_BUSY_TIMEOUT_MS = 5000


class Database:
    """Runs store work, each call one transaction; opened by `Database.open`."""

    def __init__(self, engine: AsyncEngine, url: URL, schema: str | None, revision: str | None):
        """Wrap an engine on `url` (PostgreSQL: in `schema` if given) whose schema is at
        `revision`; use `Database.open` rather than this."""
        self._engine = engine
        self._writer = engine.execution_options(**{WRITE_OPTION: True})
        self._single_reader = engine.execution_options(**{SINGLE_READ_OPTION: True})
        # PostgreSQL runs one statement atomically and reads it consistently on its own: no BEGIN
        # and COMMIT (or ROLLBACK) around it.
        self._autocommit = engine.execution_options(isolation_level="AUTOCOMMIT")
        # SQLite admits one writer at a time: queueing this process's writers on a lock is
        # cheaper than letting them spin in the busy handler (other processes still do).
        self._write_gate: AbstractAsyncContextManager[object] = (
            asyncio.Lock() if self.dialect == "sqlite" else nullcontext()
        )
        # `one`'s statements compiled for asyncpg, by the statement and the keys of its parameters.
        self._plans: dict[tuple[int, tuple[str, ...]], tuple[Statement, _Plan]] = {}
        self.url = url
        self.schema = schema
        self.revision = revision

    @classmethod
    async def open(
        cls, url: str, *, schema: str | None = None, busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS
    ) -> Database:
        """Connect to `url` (sqlite:///file or postgresql://…) and apply pending migrations;
        `schema` (PostgreSQL only) puts every table in that existing schema."""
        parsed = normalize_url(url)
        if isinstance(busy_timeout_ms, bool) or not isinstance(busy_timeout_ms, int):
            raise StoreConfigError(f"busy_timeout_ms must be an integer, not {busy_timeout_ms!r}")
        if busy_timeout_ms < 0:
            raise StoreConfigError(f"busy_timeout_ms must not be negative, not {busy_timeout_ms}")
        engine = create_engine(parsed, schema=schema, busy_timeout_ms=busy_timeout_ms)
        try:
            async with engine.execution_options(**{WRITE_OPTION: True}).begin() as connection:
                revision = await connection.run_sync(upgrade_schema, schema)
        except (DBAPIError, OSError) as error:
            await engine.dispose()
            shown = parsed.render_as_string(hide_password=True)
            reason = getattr(error, "orig", None) or error
            raise StoreConfigError(f"Cannot open the database at {shown}: {reason}") from error
        except BaseException:
            await engine.dispose()
            raise
        return cls(engine, parsed, schema, revision)

    @property
    def dialect(self) -> str:
        """The database's kind: `sqlite` or `postgresql`."""
        return self._engine.dialect.name

    async def write(self, work: Work[T], *, single: bool = False) -> T:
        """Run `work` in a write transaction: committed if it returns, rolled back if it raises.

        `single` when it runs exactly one statement, which PostgreSQL then runs as a
        transaction of its own: one round trip instead of three (BEGIN, it, COMMIT). A write
        that SQLite's busy timeout ran out on raises `StoreBusyError`.
        """
        with _busy_refused():
            async with self._write_gate:
                if single and self.dialect == "postgresql":
                    async with self._autocommit.connect() as connection:
                        return await connection.run_sync(work)
                async with self._writer.begin() as connection:
                    return await connection.run_sync(work)

    async def read(self, work: Work[T], *, single: bool = False) -> T:
        """Run `work`, which only reads, in one snapshot; `single` when it runs exactly one
        SELECT (one statement reads consistently without a BEGIN).

        On PostgreSQL a read whose connection the server ended under it (a restart, a
        fail-over) runs once more on a new connection: reading twice changes nothing. (A write
        is never run twice: a connection ended before the write was taken is replaced as it is
        taken, see `connect.create_engine`.)
        """
        if not single:
            reader = self._engine
        elif self.dialect == "postgresql":
            reader = self._autocommit
        else:
            reader = self._single_reader
        try:
            async with reader.connect() as connection:
                return await connection.run_sync(work)
        except DBAPIError as error:
            if self.dialect != "postgresql" or not error.connection_invalidated:
                raise
            log.warning("the database ended a connection during a read; reading again")
        async with reader.connect() as connection:
            return await connection.run_sync(work)

    async def one(
        self, statement: Statement, parameters: Mapping[str, Any], *, write: bool
    ) -> dict[str, Any] | None:
        """PostgreSQL only: run one statement, a transaction of its own, and hand back its one
        row (by column name, as SQLAlchemy would read it), or None when it has none.

        The statement goes to asyncpg on a pooled connection as it is, without SQLAlchemy's
        work around each execution (a `Connection`, its events and `Result`): that work cost
        the bot twice the statement's own. Compiled once per statement and set of parameter
        names; its values go in and out through the column types' own processors, and a
        failure is raised as SQLAlchemy raises it (`IntegrityError`, a `DBAPIError` whose
        `connection_invalidated` says the server ended the connection). A `write` is never run
        twice; a read whose connection the server ended runs once more, as `read` does.
        """
        if self.dialect != "postgresql":
            raise RuntimeError("Database.one runs on PostgreSQL only")
        plan = self._plan(statement, tuple(parameters))
        arguments = plan.arguments(parameters)
        try:
            return await self._fetch_one(plan, arguments)
        except DBAPIError as error:
            if write or not error.connection_invalidated:
                raise
            log.warning("the database ended a connection during a read; reading again")
        return await self._fetch_one(plan, arguments)

    def _plan(self, statement: Statement, keys: tuple[str, ...]) -> _Plan:
        found = self._plans.get((id(statement), keys))
        if found is not None and found[0] is statement:
            return found[1]
        plan = _Plan(statement, keys, self._engine.dialect)
        # Statements are module constants or cached builds, a handful in all; should a caller
        # build new ones, the plans start over rather than grow without end.
        if len(self._plans) >= PLANS_KEPT:
            self._plans.clear()
        # The statement is kept with its plan, so its id is not another statement's meanwhile.
        self._plans[(id(statement), keys)] = (statement, plan)
        return plan

    async def _fetch_one(self, plan: _Plan, arguments: list[Any]) -> dict[str, Any] | None:
        # Taken as every connection of the pool is (its checkout events check it), in no
        # transaction: asyncpg runs a statement outside one as a transaction of its own.
        proxied = await self._autocommit.raw_connection()
        try:
            driver: Any = proxied.driver_connection
            record = await driver.fetchrow(plan.sql, *arguments)
        except BaseException as error:
            raised = await _raised(error, proxied, plan.sql, arguments, self._engine.dialect)
            await greenlet_spawn(proxied.close)
            raise raised from error
        await greenlet_spawn(proxied.close)
        return None if record is None else plan.row(record)

    @asynccontextmanager
    async def holding(self) -> AsyncIterator[HeldConnection]:
        """One pooled connection kept for the block, for what lives as long as a connection
        (PostgreSQL's session advisory locks); it goes back to the pool afterwards."""
        async with self._engine.connect() as connection:
            yield HeldConnection(connection)

    async def close(self) -> None:
        """Close every pooled connection."""
        await self._engine.dispose()


class HeldConnection:
    """A connection kept for a block (`Database.holding`); each call one transaction on it."""

    def __init__(self, connection: AsyncConnection) -> None:
        """Run on `connection`, which the block of `Database.holding` holds."""
        self._connection = connection

    async def run(self, work: Work[T]) -> T:
        """Run `work` in a transaction of its own on the kept connection, committed if it
        returns (what the connection holds beyond a transaction stays held)."""
        result = await self._connection.run_sync(work)
        await self._connection.commit()
        return result


Statement = Select[Any] | UpdateBase
"""What `Database.one` runs: a SELECT, or an INSERT, UPDATE or DELETE (with RETURNING for a
row back)."""


_REQUIRED = object()  # a parameter with no value of its own: the caller must give one


class _Plan:
    """A statement compiled once for asyncpg: its SQL, its parameters in order with their types'
    bind processors, and its columns with their result processors."""

    def __init__(self, statement: Statement, keys: tuple[str, ...], dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect, column_keys=list(keys))
        self.sql = compiled.string
        self._binds: list[tuple[str, Any, Any]] = []
        for name in compiled.positiontup or ():
            bind = compiled.binds[name]
            if bind.expanding:
                raise ValueError(f"{name}: an expanding IN cannot be compiled once")
            processor = bind.type.dialect_impl(dialect).bind_processor(dialect)
            default = _REQUIRED if bind.required else bind.effective_value
            self._binds.append((name, default, processor))
        columns = list(statement.exported_columns)
        self._names = [str(column.key) for column in columns]
        self._results = [
            column.type.dialect_impl(dialect).result_processor(dialect, None) for column in columns
        ]

    def arguments(self, parameters: Mapping[str, Any]) -> list[Any]:
        """The values for $1, $2, … from `parameters` by name (a bound value where not given)."""
        values = []
        for name, default, processor in self._binds:
            value = parameters.get(name, default)
            if value is _REQUIRED:
                raise ValueError(f"a value is required for the parameter {name!r}")
            values.append(value if processor is None else processor(value))
        return values

    def row(self, record: Any) -> dict[str, Any]:
        """A row as SQLAlchemy would read it, by column name."""
        return {
            name: value if processor is None else processor(value)
            for name, processor, value in zip(self._names, self._results, record, strict=True)
        }


async def _raised(
    error: BaseException,
    proxied: PoolProxiedConnection,
    sql: str,
    arguments: list[Any],
    dialect: Dialect,
) -> BaseException:
    """What SQLAlchemy would raise for `error` on `proxied`; a connection the server ended, or
    one left in the middle of a statement (a cancelled task), is not put back in the pool."""
    dbapi = dialect.loaded_dbapi
    adapted = proxied.dbapi_connection
    try:
        # The driver's error as its DB-API adapter raises it, which SQLAlchemy then wraps.
        # SQLAlchemy has no public call for that translation (its own executions make it inside
        # the adapter), and mapping asyncpg's many error classes by hand would drift from it;
        # tests/bot/store/test_one_statement.py checks the errors that come out.
        adapted._handle_exception(error)  # type: ignore[union-attr]
    except dbapi.Error as translated:
        gone = dialect.is_disconnect(translated, adapted, None)
        if gone:
            await greenlet_spawn(proxied.invalidate, translated)
        wrapped: BaseException = DBAPIError.instance(
            sql, arguments, translated, dbapi.Error, dialect=dialect, connection_invalidated=gone
        )
        return wrapped
    except BaseException:  # not the database's: the error itself goes on
        pass
    await greenlet_spawn(proxied.invalidate, error)
    return error


@contextmanager
def _busy_refused() -> Iterator[None]:
    """A write that SQLite's busy_timeout ran out on, while another process held the write
    lock, raises StoreBusyError; any other OperationalError goes on as it is."""
    try:
        yield
    except OperationalError as error:
        if "database is locked" in str(error.orig):
            raise StoreBusyError() from error
        raise
