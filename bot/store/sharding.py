"""Which games a process's shards hold: Discord's shard formula over the stored shard key."""

from __future__ import annotations

import errno
import fcntl
import os
import zlib
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from sqlalchemy import ColumnElement, Connection, text, true

from bot.settings import Shards
from bot.store.database import Database
from bot.store.errors import ShardsTakenError
from bot.store.schema import games

# Advisory lock keys of the sweep lease and of the shard claim: one per (purpose, schema, shard
# count, shard id). Advisory locks belong to the whole database, not a schema: the high half of
# the key names the purpose and the schema, so that bots (or test runs) in two schemas of one
# database never hold each other's shards. A shard id and a count are below 2**16
# (`MAX_SHARDS`), so the low half never clashes.
_SWEEP_LOCK_NAMESPACE = b"duelboard-sweep:"
_CLAIM_LOCK_NAMESPACE = b"duelboard-claim:"
# One statement takes every free shard of the process, however many it runs.
_TRY_LOCKS = text(
    "SELECT shard_id FROM unnest(CAST(:ids AS integer[])) AS shard_id "
    "WHERE pg_try_advisory_lock(CAST(:first_key AS bigint) + shard_id) ORDER BY shard_id"
)
_UNLOCK_ALL = text("SELECT pg_advisory_unlock_all()")


def shard_key(guild_id: int | None) -> int:
    """A game's shard key: `guild_id >> 22`, the part of Discord's formula that is the server's;
    0 outside a server, since Discord sends direct messages to shard 0."""
    return 0 if guild_id is None else guild_id >> 22


def of_shards(shards: Shards) -> ColumnElement[bool]:
    """The condition that a game's server is on one of `shards`."""
    if shards.count == 1:
        return true()
    return (games.c.shard_key % shards.count).in_(shards.ids)


def sweep_lock_key(count: int, shard_id: int, schema: str | None = None) -> int:
    """The PostgreSQL advisory lock that a process holds while it sweeps shard `shard_id` of the
    games in `schema` (None: the connection's default)."""
    return _lock_key(_SWEEP_LOCK_NAMESPACE, count, shard_id, schema)


def _lock_key(purpose: bytes, count: int, shard_id: int, schema: str | None) -> int:
    namespace = zlib.crc32(purpose + (schema or "").encode()) & 0x7FFFFFFF
    return (namespace << 32) + (count << 16) + shard_id


def _try_locks(ids: tuple[int, ...], first_key: int) -> Callable[[Connection], tuple[int, ...]]:
    """The work that takes every free advisory lock of `ids` (from `first_key` on): the ids
    taken, in order."""

    def take(connection: Connection) -> tuple[int, ...]:
        found = connection.scalars(_TRY_LOCKS, {"ids": list(ids), "first_key": first_key})
        return tuple(found.all())

    return take


def _unlock_all(connection: Connection) -> None:
    connection.execute(_UNLOCK_ALL)


@asynccontextmanager
async def sweep_lease(database: Database, shards: Shards) -> AsyncIterator[Shards | None]:
    """The shards of `shards` that no other process is sweeping, held until the block ends;
    None when another process holds every one.

    On PostgreSQL each shard is a session advisory lock on a connection kept for the block, so
    two processes started with the same shard never sweep it at once, and a process that dies
    lets go of its shards with its connection. SQLite serves the processes of one machine and
    has no such locks: a deadline two of them find is still handled once, by the version check
    of the game's row.
    """
    if database.dialect != "postgresql":
        yield shards
        return
    async with database.holding() as connection:
        first_key = sweep_lock_key(shards.count, 0, database.schema)
        # Session advisory locks outlive the transaction, which commits: no snapshot is kept.
        held = await connection.run(_try_locks(shards.ids, first_key))
        try:
            yield Shards(shards.count, held) if held else None
        finally:
            await connection.run(_unlock_all)


def claim_lock_key(count: int, shard_id: int, schema: str | None = None) -> int:
    """The PostgreSQL advisory lock a process holds for its whole life on shard `shard_id` of the
    games in `schema` (None: the connection's default)."""
    return _lock_key(_CLAIM_LOCK_NAMESPACE, count, shard_id, schema)


@asynccontextmanager
async def shard_claim(database: Database, shards: Shards) -> AsyncIterator[None]:
    """Hold `shards` for this process until the block ends; `ShardsTakenError` (and nothing
    held) when another live process holds any of them.

    Two processes answering one server would both act on its games. On PostgreSQL each shard is
    a session advisory lock on a connection kept for the block; on SQLite (whose processes
    share one machine) a lock on one byte per shard of a file beside the database,
    `<database>.shards`, taken with the standard library's `fcntl` (no dependency of the bot's
    offers file locks). Either way the operating system or the server lets go when a process
    dies, however it dies, so a killed process's claim never blocks its restart.
    """
    if database.dialect == "postgresql":
        async with database.holding() as connection:
            first_key = claim_lock_key(shards.count, 0, database.schema)
            held = await connection.run(_try_locks(shards.ids, first_key))
            try:
                taken = tuple(shard for shard in shards.ids if shard not in held)
                if taken:
                    raise ShardsTakenError(shards, taken)
                yield
            finally:
                await connection.run(_unlock_all)
        return
    if database.url.database is None:
        yield
        return
    claims = os.open(f"{database.url.database}.shards", os.O_RDWR | os.O_CREAT, 0o644)
    try:
        taken = tuple(shard for shard in shards.ids if not _locked(claims, shards.count, shard))
        if taken:
            raise ShardsTakenError(shards, taken)
        yield
    finally:
        os.close(claims)  # every lock of the file goes with it


def _locked(claims: int, count: int, shard_id: int) -> bool:
    """Lock the byte of shard `shard_id` (of `count`) in the open file `claims`; False when
    another process holds it."""
    try:
        fcntl.lockf(claims, fcntl.LOCK_EX | fcntl.LOCK_NB, 1, (count << 16) + shard_id)
    except OSError as error:
        if error.errno in (errno.EACCES, errno.EAGAIN):
            return False
        raise
    return True
