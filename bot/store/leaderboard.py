"""Read-only SQL for leaderboards, player stats and game history (index range scans only)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import Connection, and_, case, func, or_, select
from sqlalchemy.sql.elements import ColumnElement

from bot.store import checks
from bot.store.ratings import RatingRow, ladder, scope_id
from bot.store.schema import games, players, rating_changes, ratings, results
from bot.store.store import Store

MAX_PAGE = 100
MAX_HISTORY = 1000


@dataclass(frozen=True, slots=True)
class LeaderboardEntry:
    """One line of a leaderboard: the rank (1 = best) and the player's standing."""

    rank: int
    display_name: str
    standing: RatingRow


@dataclass(frozen=True, slots=True)
class Totals:
    """A player's results added up (all games, or one ladder)."""

    games: int
    wins: int
    losses: int
    draws: int
    gammons_won: int
    backgammons_won: int
    gammons_lost: int
    backgammons_lost: int


@dataclass(frozen=True, slots=True)
class HistoryEntry:
    """One finished game of a player's, newest first, with where its message is."""

    game_id: int
    ladder: str
    opponent_id: int
    opponent_name: str
    outcome: str
    points: int
    rated: bool
    finished_at: datetime
    guild_id: int | None
    channel_id: int
    message_id: int | None


@dataclass(frozen=True, slots=True)
class PastRating:
    """A player's rating after one game on one ladder and scope."""

    game_id: int
    rating: float
    deviation: float
    changed_at: datetime


def _page_size(limit: int, most: int) -> int:
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= most:
        raise ValueError(f"a page holds 1-{most} entries, not {limit!r}")
    return limit


class Leaderboards:
    """Leaderboards, totals and history read from a `Store`'s database."""

    def __init__(self, store: Store) -> None:
        """Read through the store's database (one pool)."""
        self._db = store.database

    async def page(
        self, scope: int, ladder_name: str, *, offset: int = 0, limit: int = 10
    ) -> list[LeaderboardEntry]:
        """Ranks `offset + 1` to `offset + limit` of a ladder in a scope, best first.

        Equal ratings are ordered by user id, highest first: that is the leaderboard index
        (`ix_ratings_board`) read backwards, so a deep page skips index entries instead of sorting
        the whole ladder.
        """
        on_ladder = _on_ladder(scope_id(scope), ladder(ladder_name))
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise ValueError(f"the offset is a whole number of at least 0, not {offset!r}")
        chosen = (
            select(ratings.c.user_id)
            .where(on_ladder)
            .order_by(ratings.c.rating.desc(), ratings.c.user_id.desc())
            .offset(offset)
            .limit(_page_size(limit, MAX_PAGE))
            .subquery()
        )
        query = (
            select(ratings, players.c.display_name)
            .join(chosen, chosen.c.user_id == ratings.c.user_id)
            .join(players, players.c.user_id == ratings.c.user_id)
            .where(on_ladder)
            .order_by(ratings.c.rating.desc(), ratings.c.user_id.desc())
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        entries = []
        for number, row in enumerate(rows, start=offset + 1):
            values = dict(row._mapping)
            name = values.pop("display_name")
            entries.append(LeaderboardEntry(number, name, RatingRow(**values)))
        return entries

    async def rank_of(self, scope: int, ladder_name: str, user_id: int) -> LeaderboardEntry | None:
        """The player's own line on the ladder (even far off the page), or None if unrated."""
        checks.snowflake("user_id", user_id)
        on_ladder = _on_ladder(scope_id(scope), ladder(ladder_name))
        query = (
            select(ratings, players.c.display_name)
            .join(players, players.c.user_id == ratings.c.user_id)
            .where(on_ladder, ratings.c.user_id == user_id)
        )

        def read(connection: Connection) -> LeaderboardEntry | None:
            row = connection.execute(query).first()
            if row is None:
                return None
            values = dict(row._mapping)
            name = values.pop("display_name")
            mine = RatingRow(**values)
            ahead = or_(
                ratings.c.rating > mine.rating,
                and_(ratings.c.rating == mine.rating, ratings.c.user_id > user_id),
            )
            count = select(func.count()).select_from(ratings).where(on_ladder, ahead)
            better = int(connection.scalar(count) or 0)
            return LeaderboardEntry(better + 1, name, mine)

        return await self._db.read(read)

    async def size(self, scope: int, ladder_name: str) -> int:
        """How many players are on a ladder in a scope."""
        on_ladder = _on_ladder(scope_id(scope), ladder(ladder_name))
        query = select(func.count()).select_from(ratings).where(on_ladder)
        count: int | None = await self._db.read(lambda c: c.scalar(query), single=True)
        return int(count or 0)

    async def totals(self, user_id: int, ladder_name: str | None = None) -> Totals:
        """Games, wins, losses, draws, gammons and backgammons, over every game or one ladder."""
        mine = _mine(user_id, ladder_name)
        won, lost, drawn = (
            func.coalesce(func.sum(case((results.c.outcome == o, 1), else_=0)), 0)
            for o in ("win", "loss", "draw")
        )
        query = select(
            func.count(),
            won,
            lost,
            drawn,
            *(
                func.coalesce(func.sum(column), 0)
                for column in (
                    results.c.gammons_won,
                    results.c.backgammons_won,
                    results.c.gammons_lost,
                    results.c.backgammons_lost,
                )
            ),
        ).where(mine)
        row = await self._db.read(lambda c: c.execute(query).one(), single=True)
        return Totals(*(int(value) for value in row))

    async def outcomes(self, user_id: int, ladder_name: str | None = None) -> list[str]:
        """Every outcome of the player's, oldest first (for streaks)."""
        query = (
            select(results.c.outcome)
            .where(_mine(user_id, ladder_name))
            .order_by(results.c.finished_at, results.c.game_id)
        )
        return list(await self._db.read(lambda c: c.scalars(query).all(), single=True))

    async def history(
        self, user_id: int, *, limit: int = 10, offset: int = 0, ladder_name: str | None = None
    ) -> list[HistoryEntry]:
        """The player's finished games, newest first, with opponent and message."""
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 0:
            raise ValueError(f"the offset is a whole number of at least 0, not {offset!r}")
        query = (
            select(
                results.c.game_id,
                results.c.ladder,
                results.c.opponent_id,
                players.c.display_name.label("opponent_name"),
                results.c.outcome,
                results.c.points,
                results.c.rated,
                results.c.finished_at,
                games.c.guild_id,
                games.c.channel_id,
                games.c.message_id,
            )
            .join(games, games.c.id == results.c.game_id)
            .join(players, players.c.user_id == results.c.opponent_id)
            .where(_mine(user_id, ladder_name))
            .order_by(results.c.finished_at.desc(), results.c.game_id.desc())
            .offset(offset)
            .limit(_page_size(limit, MAX_HISTORY))
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [HistoryEntry(**row._mapping) for row in rows]

    async def rating_history(
        self, user_id: int, scope: int, ladder_name: str, *, limit: int = 50
    ) -> list[PastRating]:
        """The player's rating after each of their last `limit` rated games, oldest first."""
        query = (
            select(
                rating_changes.c.game_id,
                rating_changes.c.rating_after.label("rating"),
                rating_changes.c.deviation_after.label("deviation"),
                rating_changes.c.changed_at,
            )
            .where(
                rating_changes.c.user_id == checks.snowflake("user_id", user_id),
                rating_changes.c.scope == scope_id(scope),
                rating_changes.c.ladder == ladder(ladder_name),
            )
            .order_by(rating_changes.c.changed_at.desc(), rating_changes.c.game_id.desc())
            .limit(_page_size(limit, MAX_HISTORY))
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [PastRating(**row._mapping) for row in reversed(rows)]

    async def ladders_of(self, user_id: int, scope: int) -> list[RatingRow]:
        """The player's standing on every ladder they are rated on in a scope."""
        query = (
            select(ratings)
            .where(
                ratings.c.scope == scope_id(scope),
                ratings.c.user_id == checks.snowflake("user_id", user_id),
            )
            .order_by(ratings.c.ladder)
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [RatingRow(**row._mapping) for row in rows]


def _on_ladder(scope: int, name: str) -> ColumnElement[bool]:
    return and_(ratings.c.scope == scope, ratings.c.ladder == name)


def _mine(user_id: int, ladder_name: str | None) -> ColumnElement[bool]:
    condition = results.c.user_id == checks.snowflake("user_id", user_id)
    if ladder_name is not None:
        condition = and_(condition, results.c.ladder == ladder(ladder_name))
    return condition
