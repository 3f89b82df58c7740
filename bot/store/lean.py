"""PostgreSQL's two statements of every move that may run twice, straight on asyncpg.

Every move reads its channel's game and, once the ping is sent, writes the ping's id. Through
SQLAlchemy a statement costs the event loop ~0.25 ms of CPU (the pool's checkout and checkin, a
`Connection`, an execution context, a `Result`); on a plain asyncpg connection ~0.06 ms, and
~0.12 ms through an asyncpg pool with the row typed as below. So those two run on a pool of
the store's own (`LEAN_CONNECTIONS` connections at most), compiled once from the same SQLAlchemy
statements, their rows typed by the same columns' processors.

Only a statement that may safely run twice goes this way: whatever goes wrong here (a connection
lost while PostgreSQL restarted, say), the store runs it again on its ordinary path, which says
what is wrong the way it always has. The move itself, with its conflicts and refusals, stays on
that path.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

import asyncpg
from sqlalchemy import Dialect
from sqlalchemy.engine import URL
from sqlalchemy.sql import Select, Update

LEAN_CONNECTIONS = 4


def application_name(schema: str | None) -> str:
    """What tells this path's connections apart in pg_stat_activity: those of a store in a
    schema of its own carry the schema's name, so that one store's can be told from another's
    on a server that several bots (or test runs) share."""
    return "duelboard-lean" if schema is None else f"duelboard-lean {schema}"[:63]


Processor = Callable[[Any], Any]
# What asyncpg raises when a statement did not run: the server refused it, the connection is
# gone or broke off mid-way (a connection the server ended while idle reports that on next use
# as an `InternalClientError`), or it timed out.
_FAILURES = (
    asyncpg.PostgresError,
    asyncpg.InterfaceError,
    asyncpg.InternalClientError,
    OSError,
    TimeoutError,
)


class LeanError(RuntimeError):
    """The lean path did not run the statement (the store's ordinary path runs it then)."""


class _Compiled:
    """One statement as asyncpg runs it: its SQL, its parameters in order with their types'
    processing, and its result columns' processing."""

    def __init__(self, statement: Select[Any] | Update, keys: tuple[str, ...], dialect: Dialect):
        self.statement = statement
        compiled = statement.compile(dialect=dialect, column_keys=list(keys))
        self.sql = compiled.string
        self.names: list[str] = list(compiled.positiontup or ())
        self.binds: list[Processor | None] = [
            compiled.binds[name].type.dialect_impl(dialect).bind_processor(dialect)
            for name in self.names
        ]
        self.results: dict[str, Processor] = {}
        if isinstance(statement, Select):
            for column in statement.selected_columns:
                process = column.type.dialect_impl(dialect).result_processor(dialect, None)
                if process is not None and column.key is not None:
                    self.results[column.key] = process

    def arguments(self, parameters: Mapping[str, Any]) -> list[Any]:
        return [
            value if process is None else process(value)
            for value, process in zip(
                (parameters[name] for name in self.names), self.binds, strict=True
            )
        ]


class Lean:
    """A small asyncpg pool running compiled SQLAlchemy statements; opened on first use."""

    def __init__(self, url: URL, dialect: Dialect, schema: str | None) -> None:
        _, self._connect = dialect.create_connect_args(url)
        self._settings = {"application_name": application_name(schema)}
        if schema is not None:
            self._settings["search_path"] = schema
        self._dialect = dialect
        self._pool: asyncpg.Pool | None = None
        self._opening = asyncio.Lock()
        self._compiled: dict[tuple[int, tuple[str, ...]], _Compiled] = {}

    async def first(
        self, statement: Select[Any], parameters: Mapping[str, Any]
    ) -> dict[str, Any] | None:
        """The first row of a SELECT as column values, typed as SQLAlchemy types them."""
        compiled = self._compile(statement, parameters)
        record = await self._run(compiled, parameters, asyncpg.Pool.fetchrow)
        if record is None:
            return None
        values = dict(record.items())
        for key, process in compiled.results.items():
            values[key] = process(values[key])
        return values

    async def changed(self, statement: Update, parameters: Mapping[str, Any]) -> int:
        """Run an UPDATE; how many rows it changed."""
        compiled = self._compile(statement, parameters)
        status = await self._run(compiled, parameters, asyncpg.Pool.execute)
        return int(status.rsplit(" ", 1)[-1])  # "UPDATE 1"

    async def _run(
        self,
        compiled: _Compiled,
        parameters: Mapping[str, Any],
        method: Callable[..., Awaitable[Any]],
    ) -> Any:
        """`method` of the pool (`fetchrow`, `execute`) on the statement; LeanError if it did
        not run."""
        try:
            pool = await self._open()
            return await method(pool, compiled.sql, *compiled.arguments(parameters))
        except _FAILURES as error:
            raise LeanError(str(error)) from error

    async def close(self) -> None:
        """Close the pool's connections."""
        async with self._opening:
            if self._pool is not None:
                await self._pool.close()
                self._pool = None

    def _compile(self, statement: Select[Any] | Update, parameters: Mapping[str, Any]) -> _Compiled:
        # By id: a statement's own equality builds SQL. Each compiled one holds its statement, so
        # that id is not given to another while it is cached.
        key = (id(statement), tuple(parameters))
        compiled = self._compiled.get(key)
        if compiled is None or compiled.statement is not statement:
            compiled = self._compiled[key] = _Compiled(statement, key[1], self._dialect)
        return compiled

    async def _open(self) -> asyncpg.Pool:
        if self._pool is not None:
            return self._pool
        async with self._opening:
            if self._pool is None:
                self._pool = await asyncpg.create_pool(
                    **self._connect,
                    min_size=0,
                    max_size=LEAN_CONNECTIONS,
                    server_settings=self._settings,
                    init=_json_codec,
                    reset=_keep_session,
                )
            return self._pool


async def _keep_session(connection: asyncpg.Connection) -> None:
    """Nothing to undo when a connection goes back to the pool: these statements open no
    transaction, cursor, lock or setting (asyncpg's own reset costs a round trip each time)."""


async def _json_codec(connection: asyncpg.Connection) -> None:
    """JSON as SQLAlchemy's asyncpg dialect sets it up on its own connections: written as the
    text its JSON type's processing made, read back into Python values (the schema has no
    JSONB)."""
    await connection.set_type_codec(
        "json",
        encoder=str.encode,
        decoder=lambda data: json.loads(data.decode()),
        schema="pg_catalog",
        format="binary",
    )
