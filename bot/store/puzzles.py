"""SQL for positions worth solving and each server's position of the day.

A server's daily post is claimed by inserting its row for the day: whichever process inserts it
first posts, the others find it there. Its answer is claimed the same way, by the one update
that sets `answered_at` while it is unset.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import Connection, and_, select, update

from bot.settings import ONE_SHARD, Shards
from bot.store import checks
from bot.store.queries import upsert
from bot.store.rows import GameKind, GameStatus, JsonValue
from bot.store.schema import daily_posts, games, guild_settings, puzzles
from bot.store.sharding import shard_key

if TYPE_CHECKING:
    from bot.store.store import Store

GAMES_LOOKED_AT = 50  # the newest finished games a search for a position reads, at most
DUE_PAGE = 100  # servers or answers handed to one sweep at most; the rest wait for the next


@dataclass(frozen=True, slots=True)
class StoredPuzzle:
    """A position worth solving as stored: its id, where it came from and its data."""

    id: int
    guild_id: int | None
    source: str
    data: dict[str, JsonValue]


@dataclass(frozen=True, slots=True)
class DailyPost:
    """A server's position of the day: where it went, its puzzle and its poll."""

    guild_id: int
    day: str
    channel_id: int
    puzzle_id: int | None
    message_id: int | None
    closes_at: datetime | None


class PuzzleStore:
    """Puzzles and daily posts, kept beside a `Store`'s games."""

    def __init__(self, store: Store) -> None:
        """Run in the store's database."""
        self._db = store.database

    async def finished_backgammon_games(self, guild_ids: Sequence[int]) -> list[int]:
        """The newest finished backgammon games played in `guild_ids`, newest first: a game in
        progress is never among them."""
        if not guild_ids:
            return []
        query = (
            select(games.c.id)
            .where(
                games.c.guild_id.in_([checks.snowflake("guild_id", g) for g in guild_ids]),
                games.c.kind == GameKind.BACKGAMMON.value,
                games.c.status == GameStatus.FINISHED.value,
            )
            .order_by(games.c.updated_at.desc(), games.c.id.desc())
            .limit(GAMES_LOOKED_AT)
        )
        return await self._db.read(lambda c: list(c.scalars(query).all()), single=True)

    async def sources(self, guild_id: int | None) -> set[str]:
        """Where the positions already found for `guild_id` came from."""
        query = select(puzzles.c.source).where(_guild_is(guild_id))
        return await self._db.read(lambda c: set(c.scalars(query).all()), single=True)

    async def keep(
        self, guild_id: int | None, source: str, data: dict[str, JsonValue], *, now: datetime
    ) -> StoredPuzzle:
        """Store a position found (or return the one already stored from `source`)."""
        values = {
            "guild_id": checks.optional_snowflake("guild_id", guild_id),
            "source": checks.text("source", source),
            "data": checks.json_object("data", data),
            "created_at": checks.moment("now", now),
        }
        statement = upsert(self._db.dialect, puzzles, values).on_conflict_do_nothing(
            index_elements=[puzzles.c.source]
        )
        query = select(puzzles).where(puzzles.c.source == source)

        def write(connection: Connection) -> StoredPuzzle:
            connection.execute(statement)
            return _puzzle(connection.execute(query).one())

        return await self._db.write(write)

    async def puzzle(self, puzzle_id: int) -> StoredPuzzle | None:
        """A stored position by id."""
        query = select(puzzles).where(puzzles.c.id == checks.snowflake("puzzle_id", puzzle_id))
        row = await self._db.read(lambda c: c.execute(query).one_or_none(), single=True)
        return None if row is None else _puzzle(row)

    async def puzzles_of(self, guild_ids: Sequence[int | None]) -> list[StoredPuzzle]:
        """Every position found for `guild_ids` (None: the built-in ones), oldest first."""
        wanted = [g for g in guild_ids if g is not None]
        condition: Any = puzzles.c.guild_id.in_(wanted)
        if None in guild_ids:
            condition = condition | puzzles.c.guild_id.is_(None)
        query = select(puzzles).where(condition).order_by(puzzles.c.id)
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [_puzzle(row) for row in rows if row.data]  # an empty one marks a game looked at

    async def opted_in(
        self, key: str, shards: Shards = ONE_SHARD, *, unclaimed: str | None = None
    ) -> list[tuple[int, int]]:
        """The servers on `shards` whose setting `key` names a channel: (server, channel); with
        `unclaimed`, only those whose post of that day is not yet claimed."""
        query = select(guild_settings.c.guild_id, guild_settings.c.value).where(
            guild_settings.c.key == checks.setting_key(key)
        )
        if unclaimed is not None:
            claimed = select(daily_posts.c.guild_id).where(
                daily_posts.c.guild_id == guild_settings.c.guild_id,
                daily_posts.c.day == checks.text("day", unclaimed),
            )
            query = query.where(~claimed.exists())
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [
            (guild_id, value)
            for guild_id, value in rows
            if isinstance(value, int) and shard_key(guild_id) % shards.count in shards.ids
        ]

    async def claim_day(self, guild_id: int, day: str, channel_id: int, *, now: datetime) -> bool:
        """Claim the server's post of `day`; False when it is already claimed."""
        values = {
            "guild_id": checks.snowflake("guild_id", guild_id),
            "day": checks.text("day", day),
            "shard_key": shard_key(guild_id),
            "channel_id": checks.snowflake("channel_id", channel_id),
            "created_at": checks.moment("now", now),
        }
        statement = upsert(self._db.dialect, daily_posts, values).on_conflict_do_nothing(
            index_elements=[daily_posts.c.guild_id, daily_posts.c.day]
        )
        return await self._db.write(lambda c: c.execute(statement).rowcount == 1, single=True)

    async def posted(
        self,
        guild_id: int,
        day: str,
        *,
        puzzle_id: int | None,
        message_id: int | None,
        closes_at: datetime | None,
    ) -> None:
        """What the day's post showed: its puzzle and its poll, closing at `closes_at`."""
        statement = (
            update(daily_posts)
            .where(daily_posts.c.guild_id == guild_id, daily_posts.c.day == day)
            .values(puzzle_id=puzzle_id, message_id=message_id, closes_at=closes_at)
        )
        await self._db.write(lambda c: c.execute(statement), single=True)

    async def due_answers(self, now: datetime, shards: Shards = ONE_SHARD) -> list[DailyPost]:
        """The posts on `shards` whose poll has closed by `now` and whose answer is not out."""
        query = (
            select(daily_posts)
            .where(
                daily_posts.c.closes_at <= checks.moment("now", now),
                daily_posts.c.answered_at.is_(None),
                daily_posts.c.message_id.is_not(None),
            )
            .order_by(daily_posts.c.closes_at)
            .limit(DUE_PAGE)
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [_post(row) for row in rows if row.shard_key % shards.count in shards.ids]

    async def claim_answer(self, post: DailyPost, *, now: datetime) -> bool:
        """Claim the answer of a post; False when another process already has."""
        statement = (
            update(daily_posts)
            .where(
                and_(
                    daily_posts.c.guild_id == post.guild_id,
                    daily_posts.c.day == post.day,
                    daily_posts.c.answered_at.is_(None),
                )
            )
            .values(answered_at=checks.moment("now", now))
        )
        return await self._db.write(lambda c: c.execute(statement).rowcount == 1, single=True)


def _guild_is(guild_id: int | None) -> Any:
    if guild_id is None:
        return puzzles.c.guild_id.is_(None)
    return puzzles.c.guild_id == checks.snowflake("guild_id", guild_id)


def _puzzle(row: Any) -> StoredPuzzle:
    return StoredPuzzle(row.id, row.guild_id, row.source, dict(row.data))


def _post(row: Any) -> DailyPost:
    return DailyPost(
        row.guild_id, row.day, row.channel_id, row.puzzle_id, row.message_id, row.closes_at
    )
