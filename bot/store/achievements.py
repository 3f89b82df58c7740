"""SQL for achievements: awarded once each per player (the first game that earns one keeps it),
listed with when, and the finished games a player's achievements are decided from."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

from sqlalchemy import Connection, select

from bot.store import checks
from bot.store.queries import upsert
from bot.store.schema import achievements, games, results

if TYPE_CHECKING:
    from bot.store.store import Store

MAX_CODE = 32
MAX_PAST = 1000


@dataclass(frozen=True, slots=True)
class Achievement:
    """An achievement a player earned: which, in which game, and when."""

    user_id: int
    code: str
    game_id: int
    earned_at: datetime


@dataclass(frozen=True, slots=True)
class PastGame:
    """One finished game of a player's as their achievements read it: the outcome, how the game
    ended (the stored reason: `resigned: gammon`, `time`…) and when."""

    game_id: int
    outcome: str
    reason: str
    finished_at: datetime


def _code(code: str) -> str:
    if not isinstance(code, str) or not code or len(code) > MAX_CODE:
        raise ValueError(f"an achievement is a code of 1-{MAX_CODE} characters, not {code!r}")
    return code


class AchievementStore:
    """Achievements kept beside a `Store`'s games."""

    def __init__(self, store: Store) -> None:
        """Run in the store's database (one pool, the SQLite write gate included)."""
        self._db = store.database

    async def award(self, earned: Sequence[Achievement]) -> list[Achievement]:
        """Keep each achievement not held yet; those that were new, in order. One transaction:
        a game counted twice (two processes) awards nothing the second time."""
        rows = [
            {
                "user_id": checks.snowflake("user_id", one.user_id),
                "code": _code(one.code),
                "game_id": checks.snowflake("game_id", one.game_id),
                "earned_at": checks.moment("earned_at", one.earned_at),
            }
            for one in earned
        ]
        dialect = self._db.dialect

        def write(connection: Connection) -> list[Achievement]:
            new = []
            for row, one in zip(rows, earned, strict=True):
                statement = upsert(dialect, achievements, row).on_conflict_do_nothing()
                if connection.execute(statement).rowcount == 1:
                    new.append(one)
            return new

        return await self._db.write(write) if rows else []

    async def of(self, user_id: int) -> list[Achievement]:
        """The player's achievements, earliest first."""
        query = (
            select(achievements)
            .where(achievements.c.user_id == checks.snowflake("user_id", user_id))
            .order_by(achievements.c.earned_at, achievements.c.code)
        )

        def read(connection: Connection) -> list[Achievement]:
            return [Achievement(**row._mapping) for row in connection.execute(query)]

        return await self._db.read(read, single=True)

    async def past_games(
        self, user_id: int, *, up_to: int, limit: int = MAX_PAST
    ) -> list[PastGame]:
        """The player's finished games up to game `up_to` (included), oldest first; the last
        `limit` of them."""
        query = (
            select(results.c.game_id, results.c.outcome, games.c.result, results.c.finished_at)
            .join(games, games.c.id == results.c.game_id)
            .where(
                results.c.user_id == checks.snowflake("user_id", user_id),
                results.c.game_id <= checks.snowflake("game_id", up_to),
            )
            .order_by(results.c.finished_at.desc(), results.c.game_id.desc())
            .limit(limit)
        )

        def read(connection: Connection) -> list[PastGame]:
            found = []
            for game_id, outcome, result, finished_at in connection.execute(query):
                reason = result.get("reason", "") if isinstance(result, dict) else ""
                found.append(PastGame(game_id, outcome, str(reason), finished_at))
            return found[::-1]

        return await self._db.read(read, single=True)
