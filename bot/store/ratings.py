"""SQL for ratings, results and rating changes: one transaction counts a finished game.

The Glicko-2 arithmetic lives in the service; the store hands it the players' current standings
inside the write transaction (rows locked on PostgreSQL, the write lock held on SQLite) so two
games finishing at once for the same player never lose an update.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Literal, TypeAlias

from sqlalchemy import Connection, and_, insert, select, update
from sqlalchemy.exc import IntegrityError

from bot.store import checks
from bot.store.errors import StoreError
from bot.store.schema import GLOBAL_SCOPE, rating_changes, ratings, results
from bot.store.store import Store

WinLossDraw: TypeAlias = Literal["win", "loss", "draw"]
Standing: TypeAlias = tuple[float, float, float]
"""rating, deviation, volatility: what the rating arithmetic reads and writes."""
Rater: TypeAlias = Callable[[int, Mapping[int, Standing]], Mapping[int, Standing]]
"""Given a scope and each player's standing there, their new standings."""

WIN_LOSS_DRAW: tuple[WinLossDraw, ...] = ("win", "loss", "draw")
MAX_LADDER = 48


class AlreadyCountedError(StoreError):
    """The result of this game was counted before; nothing was written again."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"The result of game #{game_id} is already counted.")
        self.game_id = game_id


@dataclass(frozen=True, slots=True)
class ResultEntry:
    """One player's result of one finished game (a match, a money game or a checkers game)."""

    game_id: int
    user_id: int
    opponent_id: int
    ladder: str
    outcome: WinLossDraw
    points: int
    gammons_won: int
    backgammons_won: int
    gammons_lost: int
    backgammons_lost: int
    rated: bool
    finished_at: datetime


@dataclass(frozen=True, slots=True)
class RatingRow:
    """A player's standing on one ladder in one scope, with rated-game counters."""

    scope: int
    ladder: str
    user_id: int
    rating: float
    deviation: float
    volatility: float
    games: int
    wins: int
    losses: int
    draws: int
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class RatingChangeRow:
    """How one game moved one player's rating in one scope."""

    game_id: int
    user_id: int
    scope: int
    ladder: str
    rating_before: float
    rating_after: float
    deviation_after: float
    changed_at: datetime


def _check_entry(entry: ResultEntry) -> None:
    checks.snowflake("game_id", entry.game_id)
    checks.snowflake("user_id", entry.user_id)
    checks.snowflake("opponent_id", entry.opponent_id)
    ladder(entry.ladder)
    if entry.outcome not in WIN_LOSS_DRAW:
        raise ValueError(f"outcome must be win, loss or draw, not {entry.outcome!r}")
    for name in ("points", "gammons_won", "backgammons_won", "gammons_lost", "backgammons_lost"):
        value = getattr(entry, name)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{name} must be a whole number of at least 0, not {value!r}")
    checks.moment("finished_at", entry.finished_at)


def ladder(name: str) -> str:
    """Check a ladder name ("backgammon", "checkers:box"): short, non-empty, no spaces."""
    if not isinstance(name, str) or not name or len(name) > MAX_LADDER or " " in name:
        raise ValueError(f"a ladder is a name of 1-{MAX_LADDER} characters, not {name!r}")
    return name


def scope_id(scope: int) -> int:
    """Check a scope: a guild id, or GLOBAL_SCOPE (0) for every server together."""
    if scope == GLOBAL_SCOPE and not isinstance(scope, bool):
        return scope
    return checks.snowflake("scope", scope)


class RatingStore:
    """Ratings, results and rating changes kept beside a `Store`'s games."""

    def __init__(self, store: Store) -> None:
        """Run in the store's database (one pool, the SQLite write gate included)."""
        self._db = store.database

    async def count_result(
        self,
        entries: Sequence[ResultEntry],
        *,
        scopes: Sequence[int],
        rate: Rater | None,
        now: datetime,
        unrated: Standing = (1500.0, 350.0, 0.06),
    ) -> list[RatingChangeRow]:
        """Store every player's result of one game and, if `rate` is given, their new ratings.

        `entries` all name the same game and ladder; `scopes` are where ratings move (the guild
        and GLOBAL_SCOPE); a player never rated there starts from `unrated`.
        Raises `AlreadyCountedError` if this game was counted before.
        """
        if not entries:
            raise ValueError("a result needs at least one player's entry")
        for entry in entries:
            _check_entry(entry)
        game_id, name = entries[0].game_id, entries[0].ladder
        if any(e.game_id != game_id or e.ladder != name for e in entries):
            raise ValueError("every entry of one result names the same game and ladder")
        if len({e.user_id for e in entries}) != len(entries):
            raise ValueError("one entry per player")
        checked_scopes = [scope_id(scope) for scope in dict.fromkeys(scopes)]
        checks.moment("now", now)

        def count(connection: Connection) -> list[RatingChangeRow]:
            connection.execute(insert(results), [asdict(e) for e in entries])
            if rate is None:
                return []
            users = [e.user_id for e in entries]
            changes: list[RatingChangeRow] = []
            for scope in checked_scopes:
                query = select(ratings).where(
                    ratings.c.scope == scope,
                    ratings.c.ladder == name,
                    ratings.c.user_id.in_(users),
                )
                if connection.dialect.name == "postgresql":
                    query = query.with_for_update()
                found = {
                    row.user_id: RatingRow(**row._mapping)
                    for row in connection.execute(query).all()
                }
                current = {user: _standing(found.get(user), unrated) for user in users}
                updated = rate(scope, current)
                moved = []
                for entry in entries:
                    new = updated[entry.user_id]
                    _save_rating(connection, scope, entry, found.get(entry.user_id), new, now)
                    change = RatingChangeRow(
                        game_id,
                        entry.user_id,
                        scope,
                        name,
                        current[entry.user_id][0],
                        new[0],
                        new[1],
                        now,
                    )
                    moved.append(change)
                connection.execute(insert(rating_changes), [asdict(c) for c in moved])
                changes.extend(moved)
            return changes

        try:
            return await self._db.write(count)
        except IntegrityError as error:
            if await self._counted(game_id):
                raise AlreadyCountedError(game_id) from error
            raise

    async def _counted(self, game_id: int) -> bool:
        query = select(results.c.game_id).where(results.c.game_id == game_id).limit(1)
        return await self._db.read(lambda c: c.scalar(query) is not None, single=True)

    async def rating(self, scope: int, ladder_name: str, user_id: int) -> RatingRow | None:
        """A player's standing on a ladder in a scope, or None if never rated there."""
        query = select(ratings).where(
            ratings.c.scope == scope_id(scope),
            ratings.c.ladder == ladder(ladder_name),
            ratings.c.user_id == checks.snowflake("user_id", user_id),
        )
        row = await self._db.read(lambda c: c.execute(query).first(), single=True)
        return None if row is None else RatingRow(**row._mapping)

    async def results_for_game(self, game_id: int) -> list[ResultEntry]:
        """The result rows stored for one game (empty if none)."""
        checks.snowflake("game_id", game_id)
        query = select(results).where(results.c.game_id == game_id).order_by(results.c.user_id)
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [ResultEntry(**row._mapping) for row in rows]

    async def changes_for_game(self, game_id: int) -> list[RatingChangeRow]:
        """How one game moved its players' ratings, by player then scope."""
        checks.snowflake("game_id", game_id)
        query = (
            select(rating_changes)
            .where(rating_changes.c.game_id == game_id)
            .order_by(rating_changes.c.user_id, rating_changes.c.scope)
        )
        rows = await self._db.read(lambda c: c.execute(query).all(), single=True)
        return [RatingChangeRow(**row._mapping) for row in rows]


def _standing(row: RatingRow | None, unrated: Standing) -> Standing:
    return unrated if row is None else (row.rating, row.deviation, row.volatility)


def _save_rating(
    connection: Connection,
    scope: int,
    entry: ResultEntry,
    row: RatingRow | None,
    new: Standing,
    now: datetime,
) -> None:
    """Insert the player's first rating on this ladder, or update it with counters moved on."""
    won, lost, drawn = (int(entry.outcome == o) for o in WIN_LOSS_DRAW)
    standing = {"rating": new[0], "deviation": new[1], "volatility": new[2], "updated_at": now}
    if row is None:
        values = {
            "scope": scope,
            "ladder": entry.ladder,
            "user_id": entry.user_id,
            "games": 1,
            "wins": won,
            "losses": lost,
            "draws": drawn,
            **standing,
        }
        connection.execute(insert(ratings).values(values))
        return
    key = and_(
        ratings.c.scope == scope,
        ratings.c.ladder == entry.ladder,
        ratings.c.user_id == entry.user_id,
    )
    connection.execute(
        update(ratings)
        .where(key)
        .values(
            games=ratings.c.games + 1,
            wins=ratings.c.wins + won,
            losses=ratings.c.losses + lost,
            draws=ratings.c.draws + drawn,
            **standing,
        )
    )
