"""Leaderboards, player stats and game history as plain values the Discord layer formats."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.glicko2 import PROVISIONAL_DEVIATION
from bot.store import Store
from bot.store.leaderboard import HistoryEntry, LeaderboardEntry, Leaderboards, PastRating, Totals
from bot.store.ratings import RatingRow

PAGE_SIZE = 10
MAX_PAGE_SIZE = 25  # a Discord embed shows 25 fields at most


@dataclass(frozen=True, slots=True)
class LeaderboardLine:
    """One leaderboard line: rank, name, rating, provisional mark, games, win percentage, and
    the rating's deviation and the results behind the games."""

    rank: int
    user_id: int
    name: str
    rating: int
    provisional: bool
    games: int
    win_percent: float
    deviation: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0

    @property
    def rating_text(self) -> str:
        """The rating as shown: `1523`, or `1523?` while provisional."""
        return f"{self.rating}{'?' if self.provisional else ''}"

    @classmethod
    def of(cls, entry: LeaderboardEntry) -> LeaderboardLine:
        """The line for one leaderboard entry."""
        row = entry.standing
        return cls(
            entry.rank,
            row.user_id,
            entry.display_name,
            round(row.rating),
            row.deviation > PROVISIONAL_DEVIATION,
            row.games,
            100.0 * row.wins / row.games if row.games else 0.0,
            round(row.deviation),
            row.wins,
            row.losses,
            row.draws,
        )


@dataclass(frozen=True, slots=True)
class LeaderboardPage:
    """One page of a ladder, plus the reader's own line when it is not on the page."""

    scope: int
    ladder: str
    page: int
    pages: int
    lines: tuple[LeaderboardLine, ...]
    reader: LeaderboardLine | None


@dataclass(frozen=True, slots=True)
class Streaks:
    """The current run of equal outcomes and the longest run of wins."""

    current_outcome: str | None
    current_length: int
    best_wins: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """What `/stats` shows: totals, streaks, ratings in the scope and one ladder's history."""

    user_id: int
    totals: Totals
    streaks: Streaks
    ratings: tuple[RatingRow, ...]
    history_ladder: str | None
    rating_history: tuple[PastRating, ...]


@dataclass(frozen=True, slots=True)
class HistoryLine:
    """One finished game in `/history`, with a link to its message when there is one."""

    entry: HistoryEntry
    link: str | None


def streaks(outcomes: Sequence[str]) -> Streaks:
    """Streaks from outcomes oldest first ("win", "loss", "draw")."""
    best = run = 0
    for outcome in outcomes:
        run = run + 1 if outcome == "win" else 0
        best = max(best, run)
    if not outcomes:
        return Streaks(None, 0, 0)
    last = outcomes[-1]
    length = 0
    for outcome in reversed(outcomes):
        if outcome != last:
            break
        length += 1
    return Streaks(last, length, best)


def message_link(guild_id: int | None, channel_id: int, message_id: int | None) -> str | None:
    """Discord's jump link to a message (`@me` for direct messages), if the message is known."""
    if message_id is None:
        return None
    where = "@me" if guild_id is None else str(guild_id)
    return f"https://discord.com/channels/{where}/{channel_id}/{message_id}"


def _check_page(page: int, per_page: int) -> None:
    if isinstance(page, bool) or not isinstance(page, int) or page < 1:
        raise ValueError(f"pages are numbered from 1, not {page!r}")
    if isinstance(per_page, bool) or not isinstance(per_page, int):
        raise ValueError(f"a page holds 1-{MAX_PAGE_SIZE} lines, not {per_page!r}")
    if not 1 <= per_page <= MAX_PAGE_SIZE:
        raise ValueError(f"a page holds 1-{MAX_PAGE_SIZE} lines, not {per_page}")


class Results:
    """The read side of ratings and results, for `/leaderboard`, `/stats` and `/history`."""

    def __init__(self, store: Store) -> None:
        """Read from `store`'s database."""
        self.leaderboards = Leaderboards(store)

    async def leaderboard(
        self,
        scope: int,
        ladder: str,
        *,
        page: int = 1,
        per_page: int = PAGE_SIZE,
        reader_id: int | None = None,
    ) -> LeaderboardPage:
        """A page of a ladder (best first); the reader's own line too if it is off the page."""
        _check_page(page, per_page)
        size = await self.leaderboards.size(scope, ladder)
        pages = max(1, -(-size // per_page))
        entries = await self.leaderboards.page(
            scope, ladder, offset=(page - 1) * per_page, limit=per_page
        )
        lines = tuple(LeaderboardLine.of(entry) for entry in entries)
        reader = None
        if reader_id is not None and all(line.user_id != reader_id for line in lines):
            mine = await self.leaderboards.rank_of(scope, ladder, reader_id)
            reader = None if mine is None else LeaderboardLine.of(mine)
        return LeaderboardPage(scope, ladder, page, pages, lines, reader)

    async def stats(
        self, user_id: int, scope: int, ladder: str | None = None, *, history: int = 20
    ) -> PlayerStats:
        """Totals and streaks (one ladder or all), ratings in `scope`, and rating history.

        The rating history follows `ladder`, or the player's most played ladder in the scope.
        """
        totals = await self.leaderboards.totals(user_id, ladder)
        runs = streaks(await self.leaderboards.outcomes(user_id, ladder))
        rows = tuple(await self.leaderboards.ladders_of(user_id, scope))
        shown = ladder
        if shown is None and rows:
            shown = max(rows, key=lambda row: (row.games, row.ladder)).ladder
        past: tuple[PastRating, ...] = ()
        if shown is not None:
            past = tuple(
                await self.leaderboards.rating_history(user_id, scope, shown, limit=history)
            )
        return PlayerStats(user_id, totals, runs, rows, shown, past)

    async def history(
        self, user_id: int, *, page: int = 1, per_page: int = PAGE_SIZE, ladder: str | None = None
    ) -> list[HistoryLine]:
        """The player's finished games, newest first, with links to their messages."""
        _check_page(page, per_page)
        entries = await self.leaderboards.history(
            user_id, limit=per_page, offset=(page - 1) * per_page, ladder_name=ladder
        )
        return [
            HistoryLine(e, message_link(e.guild_id, e.channel_id, e.message_id)) for e in entries
        ]
