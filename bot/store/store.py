"""The store: games, their event log and messages, players and guild settings over SQLAlchemy
Core.

Every method is one transaction, run by the store's `Database`, which the sibling stores
(ratings, tournaments, leaderboards, stale messages) share.
"""

from __future__ import annotations

from contextlib import AbstractAsyncContextManager
from types import TracebackType

from bot.settings import Shards
from bot.store.database import DEFAULT_BUSY_TIMEOUT_MS, Database
from bot.store.game_messages import GameMessageStore
from bot.store.games import GameStore
from bot.store.players import PlayerStore
from bot.store.sharding import shard_claim, sweep_lease


class Store(GameStore, GameMessageStore, PlayerStore):
    """Persistence for the service; every method is one transaction.

    Timestamps are always passed in by the caller (`now=`, aware datetimes): the service owns the
    clock, so tests and replays are deterministic and every process agrees on what "due" means.
    """

    def __init__(self, database: Database) -> None:
        """Keep games and players in `database`, whose schema is current; use `Store.open`
        rather than this."""
        self._db = database

    @property
    def database(self) -> Database:
        """Where every transaction of this store and its sibling stores runs."""
        return self._db

    @property
    def dialect(self) -> str:
        """The database's kind: `sqlite` or `postgresql`."""
        return self._db.dialect

    @property
    def revision(self) -> str | None:
        """The Alembic revision the schema was at once opened (the newest migration)."""
        return self._db.revision

    @classmethod
    async def open(
        cls,
        url: str,
        *,
        schema: str | None = None,
        busy_timeout_ms: int = DEFAULT_BUSY_TIMEOUT_MS,
    ) -> Store:
        """Connect to `url` (sqlite:///file or postgresql://…) and apply pending migrations.

        `schema` (PostgreSQL only) puts every table in that existing schema.
        """
        return cls(await Database.open(url, schema=schema, busy_timeout_ms=busy_timeout_ms))

    async def close(self) -> None:
        """Close every pooled connection."""
        await self._db.close()

    async def __aenter__(self) -> Store:
        """Use the store as `async with await Store.open(url) as store:`."""
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        """Close the store."""
        await self.close()

    def claim_shards(self, shards: Shards) -> AbstractAsyncContextManager[None]:
        """Hold `shards` for this process until the block ends; `ShardsTakenError` when another
        live process holds any of them (see `sharding.shard_claim`)."""
        return shard_claim(self._db, shards)

    def sweep_lease(self, shards: Shards) -> AbstractAsyncContextManager[Shards | None]:
        """The shards of `shards` that no other process is sweeping, held until the block ends;
        None when another process holds every one (see `sharding.sweep_lease`)."""
        return sweep_lease(self._db, shards)
