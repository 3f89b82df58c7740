"""SQL for game messages behind their game: marked when showing an action fails, kept until the
message is brought up to date, so a restart still finds them."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Connection, delete, select, update

from bot.settings import ONE_SHARD, Shards
from bot.store import checks
from bot.store.queries import upsert
from bot.store.schema import games, stale_messages
from bot.store.sharding import of_shards

if TYPE_CHECKING:
    from bot.store.store import Store

# Stale messages handed to one sweep at most; the rest wait for the next.
STALE_PAGE = 100


class StaleMessages:
    """The games whose message is behind, kept beside a `Store`'s games."""

    def __init__(self, store: Store) -> None:
        """Run in the store's database (one pool, the SQLite write gate included)."""
        self._db = store.database

    async def mark(self, game_id: int, *, due_at: datetime) -> None:
        """The game's message is behind, to be tried again from `due_at`; a game already marked
        keeps its count of failed tries."""
        values = {
            "game_id": checks.snowflake("game_id", game_id),
            "due_at": checks.moment("due_at", due_at),
            "failures": 0,
        }
        statement = upsert(self._db.dialect, stale_messages, values).on_conflict_do_update(
            index_elements=[stale_messages.c.game_id], set_={"due_at": due_at}
        )
        await self._db.write(lambda connection: connection.execute(statement), single=True)

    async def failed(self, game_id: int, *, failures: int, due_at: datetime) -> None:
        """A try to bring the game's message up to date failed: the `failures`-th in a row, the
        next from `due_at`."""
        statement = (
            update(stale_messages)
            .where(stale_messages.c.game_id == checks.snowflake("game_id", game_id))
            .values(failures=failures, due_at=checks.moment("due_at", due_at))
        )
        await self._db.write(lambda connection: connection.execute(statement), single=True)

    async def cleared(self, game_id: int) -> None:
        """The game's message shows the game as it stands."""
        statement = delete(stale_messages).where(
            stale_messages.c.game_id == checks.snowflake("game_id", game_id)
        )
        await self._db.write(lambda connection: connection.execute(statement), single=True)

    async def due(self, now: datetime, shards: Shards = ONE_SHARD) -> list[tuple[int, int]]:
        """The games on `shards` whose message is behind and may be tried at `now`, most overdue
        first: (game id, failures so far) each."""
        query = (
            select(stale_messages.c.game_id, stale_messages.c.failures)
            .join(games, games.c.id == stale_messages.c.game_id)
            .where(stale_messages.c.due_at <= checks.moment("now", now), of_shards(shards))
            .order_by(stale_messages.c.due_at, stale_messages.c.game_id)
            .limit(STALE_PAGE)
        )

        def read(connection: Connection) -> list[tuple[int, int]]:
            return [(row.game_id, row.failures) for row in connection.execute(query)]

        return await self._db.read(read, single=True)
