"""SQL for the ladder in public: ratings a week ago, and each server's standing leaderboard
message with its "edit due" mark, kept across restarts and shared by shard processes."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from sqlalchemy import Connection, and_, delete, or_, select, update
from sqlalchemy.sql.elements import ColumnElement

from bot.settings import ONE_SHARD, Shards
from bot.store import checks
from bot.store.queries import game_from_row, upsert
from bot.store.ratings import ladder, scope_id
from bot.store.rows import GameEvent, GameKind, GameRow, GameStatus
from bot.store.schema import game_events, games, rating_changes, standing_boards
from bot.store.sharding import shard_key

if TYPE_CHECKING:
    from bot.store.store import Store

# Boards handed to one sweep at most; the rest wait for the next.
BOARD_PAGE = 100
MAX_CHART = 1000
MAX_ROLLED = 1000


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One rated game on a player's chart: the rating before and after it, and the deviation
    after it."""

    game_id: int
    before: float
    after: float
    deviation: float
    changed_at: datetime


@dataclass(frozen=True, slots=True)
class StandingBoard:
    """A server's standing leaderboard: where it is shown, which ladder, and its edit marks."""

    guild_id: int
    channel_id: int
    ladder: str
    message_id: int | None
    dirty_since: datetime | None
    edited_at: datetime | None


def _board(row: object) -> StandingBoard:
    values = row._mapping  # type: ignore[attr-defined]
    return StandingBoard(
        values["guild_id"],
        values["channel_id"],
        values["ladder"],
        values["message_id"],
        values["dirty_since"],
        values["edited_at"],
    )


class LadderStore:
    """Weekly rating baselines and standing leaderboards, kept beside a `Store`'s games."""

    def __init__(self, store: Store) -> None:
        """Run in the store's database (one pool, the SQLite write gate included)."""
        self._db = store.database

    async def ratings_at(
        self, scope: int, ladder_name: str, user_ids: Iterable[int], at: datetime
    ) -> dict[int, float]:
        """Each player's rating as it stood at `at` on a ladder: after their last rated game
        before it, or before their first game after it (players rated only since then)."""
        wanted = sorted({checks.snowflake("user_id", user_id) for user_id in user_ids})
        if not wanted:
            return {}
        on = and_(
            rating_changes.c.scope == scope_id(scope),
            rating_changes.c.ladder == ladder(ladder_name),
            rating_changes.c.user_id.in_(wanted),
        )
        moment = checks.moment("at", at)
        # Both read the (user, scope, ladder, changed_at) index; a page is 25 players at most.
        before = (
            select(
                rating_changes.c.user_id, rating_changes.c.rating_after, rating_changes.c.changed_at
            )
            .where(on, rating_changes.c.changed_at <= moment)
            .order_by(rating_changes.c.changed_at, rating_changes.c.game_id)
        )
        after = (
            select(
                rating_changes.c.user_id,
                rating_changes.c.rating_before,
                rating_changes.c.changed_at,
            )
            .where(on, rating_changes.c.changed_at > moment)
            .order_by(rating_changes.c.changed_at.desc(), rating_changes.c.game_id.desc())
        )

        def read(connection: Connection) -> dict[int, float]:
            found: dict[int, float] = {}
            # Newest first after `at`: the last one written is the player's first game then.
            for user_id, rating, _ in connection.execute(after):
                found[user_id] = rating
            # Oldest first before `at`: the last one written is the latest, and wins.
            for user_id, rating, _ in connection.execute(before):
                found[user_id] = rating
            return found

        return await self._db.read(read)

    async def rated_games(
        self, user_id: int, scope: int, ladder_name: str, *, limit: int
    ) -> list[RatedGame]:
        """The player's last `limit` rated games on a ladder in a scope, oldest first."""
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_CHART:
            raise ValueError(f"a chart shows 1-{MAX_CHART} games, not {limit!r}")
        query = (
            select(
                rating_changes.c.game_id,
                rating_changes.c.rating_before,
                rating_changes.c.rating_after,
                rating_changes.c.deviation_after,
                rating_changes.c.changed_at,
            )
            .where(
                rating_changes.c.user_id == checks.snowflake("user_id", user_id),
                rating_changes.c.scope == scope_id(scope),
                rating_changes.c.ladder == ladder(ladder_name),
            )
            .order_by(rating_changes.c.changed_at.desc(), rating_changes.c.game_id.desc())
            .limit(limit)
        )

        def read(connection: Connection) -> list[RatedGame]:
            return [RatedGame(*row) for row in connection.execute(query)][::-1]

        return await self._db.read(read, single=True)

    async def rolled_games(
        self, kind: GameKind, *, user_id: int | None, guild_id: int | None, limit: int
    ) -> list[tuple[GameRow, list[GameEvent]]]:
        """The last `limit` finished games of `kind` whose seed is revealed, newest first, of a
        player (`user_id`) or of a server (`guild_id`), each with its event log."""
        if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_ROLLED:
            raise ValueError(f"dice are counted over 1-{MAX_ROLLED} games, not {limit!r}")
        where = [
            games.c.kind == kind.value,
            games.c.status == GameStatus.FINISHED.value,
            games.c.dice_secret.is_not(None),
        ]
        if user_id is not None:
            checks.snowflake("user_id", user_id)
            where.append(or_(games.c.challenger_id == user_id, games.c.opponent_id == user_id))
        if guild_id is not None:
            where.append(games.c.guild_id == checks.snowflake("guild_id", guild_id))
        query = select(games).where(*where).order_by(games.c.id.desc()).limit(limit)

        def read(connection: Connection) -> list[tuple[GameRow, list[GameEvent]]]:
            rows = [game_from_row(row) for row in connection.execute(query)]
            logs: dict[int, list[GameEvent]] = {row.id: [] for row in rows}
            if rows:
                events = (
                    select(game_events)
                    .where(game_events.c.game_id.in_(list(logs)))
                    .order_by(game_events.c.game_id, game_events.c.seq)
                )
                for event in connection.execute(events):
                    logs[event.game_id].append(GameEvent(**event._mapping))
            return [(row, logs[row.id]) for row in rows]

        return await self._db.read(read)

    async def board(self, guild_id: int) -> StandingBoard | None:
        """The server's standing leaderboard, if it keeps one."""
        query = select(standing_boards).where(
            standing_boards.c.guild_id == checks.snowflake("guild_id", guild_id)
        )

        def read(connection: Connection) -> StandingBoard | None:
            row = connection.execute(query).first()
            return None if row is None else _board(row)

        return await self._db.read(read, single=True)

    async def keep(self, guild_id: int, channel_id: int, ladder_name: str, now: datetime) -> None:
        """Keep a standing leaderboard of `ladder_name` in `channel_id`, posted anew at the next
        chance (a board kept before elsewhere is replaced)."""
        values = {
            "guild_id": checks.snowflake("guild_id", guild_id),
            "shard_key": shard_key(guild_id),
            "channel_id": checks.snowflake("channel_id", channel_id),
            "ladder": ladder(ladder_name),
            "message_id": None,
            "dirty_since": checks.moment("now", now),
            "edited_at": None,
        }
        kept = {key: value for key, value in values.items() if key != "guild_id"}
        statement = upsert(self._db.dialect, standing_boards, values).on_conflict_do_update(
            index_elements=[standing_boards.c.guild_id], set_=kept
        )
        await self._db.write(lambda connection: connection.execute(statement), single=True)

    async def drop(self, guild_id: int) -> StandingBoard | None:
        """Keep no standing leaderboard in the server any more; the board it kept, if any."""
        kept = await self.board(guild_id)
        statement = delete(standing_boards).where(
            standing_boards.c.guild_id == checks.snowflake("guild_id", guild_id)
        )
        await self._db.write(lambda connection: connection.execute(statement), single=True)
        return kept

    async def touch(self, guild_id: int, now: datetime) -> None:
        """Ratings of the server moved at `now`: its board (if any) is due an edit."""
        statement = (
            update(standing_boards)
            .where(
                standing_boards.c.guild_id == checks.snowflake("guild_id", guild_id),
                standing_boards.c.dirty_since.is_(None),
            )
            .values(dirty_since=checks.moment("now", now))
        )
        await self._db.write(lambda connection: connection.execute(statement), single=True)

    async def claim(self, guild_id: int, now: datetime, gap: timedelta) -> StandingBoard | None:
        """Take the server's board edit if one is due (dirty, and no edit within `gap`): one
        process gets it, the mark is cleared and the edit time set in the same statement."""
        due = _due(checks.moment("now", now), gap)
        statement = (
            update(standing_boards)
            .where(standing_boards.c.guild_id == checks.snowflake("guild_id", guild_id), due)
            .values(dirty_since=None, edited_at=now)
        )
        query = select(standing_boards).where(standing_boards.c.guild_id == guild_id)

        def write(connection: Connection) -> StandingBoard | None:
            if connection.execute(statement).rowcount != 1:
                return None
            return _board(connection.execute(query).one())

        return await self._db.write(write)

    async def due(self, now: datetime, gap: timedelta, shards: Shards = ONE_SHARD) -> list[int]:
        """The servers on `shards` whose board is due an edit at `now`, longest waiting first."""
        where = [_due(checks.moment("now", now), gap)]
        if shards.count > 1:
            where.append((standing_boards.c.shard_key % shards.count).in_(shards.ids))
        query = (
            select(standing_boards.c.guild_id)
            .where(*where)
            .order_by(standing_boards.c.dirty_since, standing_boards.c.guild_id)
            .limit(BOARD_PAGE)
        )

        def read(connection: Connection) -> list[int]:
            return list(connection.scalars(query))

        return await self._db.read(read, single=True)

    async def posted(self, guild_id: int, channel_id: int, message_id: int) -> None:
        """The board's message is now `message_id` (unless the board moved meanwhile)."""
        statement = (
            update(standing_boards)
            .where(
                standing_boards.c.guild_id == checks.snowflake("guild_id", guild_id),
                standing_boards.c.channel_id == checks.snowflake("channel_id", channel_id),
            )
            .values(message_id=checks.snowflake("message_id", message_id))
        )
        await self._db.write(lambda connection: connection.execute(statement), single=True)


def _due(now: datetime, gap: timedelta) -> ColumnElement[bool]:
    return and_(
        standing_boards.c.dirty_since.is_not(None),
        or_(standing_boards.c.edited_at.is_(None), standing_boards.c.edited_at <= now - gap),
    )
