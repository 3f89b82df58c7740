"""The ladder in public: a leaderboard with each rating's change over the last week, and the
standing leaderboard a server keeps (which one, and when its message is due an edit)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from datetime import timedelta

from bot.service.clock import Clock
from bot.service.dice_stats import DiceTally, tally
from bot.service.results import PAGE_SIZE, LeaderboardLine, LeaderboardPage, Results
from bot.settings import Shards
from bot.store import GameKind, Store
from bot.store.ladder import LadderStore, RatedGame, StandingBoard

WEEK = timedelta(days=7)
# A standing leaderboard is edited at most once a minute, however many rated games finish.
EDIT_GAP = timedelta(minutes=1)
BOARD_LINES = 10
CHART_GAMES = 100  # a rating chart shows the last 100 rated games
DICE_GAMES = 200  # dice statistics count the last 200 finished backgammon games


@dataclass(frozen=True, slots=True)
class BoardLine:
    """A leaderboard line and how far the rating moved in the last week (None: no change
    known, the player's first rated game is older than any record of it)."""

    line: LeaderboardLine
    change: int | None


@dataclass(frozen=True, slots=True)
class Board:
    """A leaderboard page as shown in public: every line with its week's change."""

    page: LeaderboardPage
    lines: tuple[BoardLine, ...]


class Ladder:
    """Leaderboards for everyone to see, and the servers' standing leaderboards."""

    def __init__(self, store: Store, clock: Clock) -> None:
        """Read ratings from `store`; a week ends at `clock`'s now."""
        self.results = Results(store)
        self.store = LadderStore(store)
        self.clock = clock

    async def board(
        self, scope: int, ladder: str, *, page: int = 1, per_page: int = PAGE_SIZE
    ) -> Board:
        """A page of a ladder with each rating's change since a week ago."""
        found = await self.results.leaderboard(scope, ladder, page=page, per_page=per_page)
        ids = [line.user_id for line in found.lines]
        then = await self.store.ratings_at(scope, ladder, ids, self.clock.now() - WEEK)
        lines = tuple(
            BoardLine(
                line, None if line.user_id not in then else line.rating - round(then[line.user_id])
            )
            for line in found.lines
        )
        return Board(found, lines)

    async def chart(
        self, user_id: int, scope: int, ladder: str, *, games: int = CHART_GAMES
    ) -> list[RatedGame]:
        """The player's last rated games on a ladder, oldest first, for their rating chart."""
        return await self.store.rated_games(user_id, scope, ladder, limit=games)

    async def dice(self, user_id: int | None, guild_id: int | None) -> DiceTally:
        """The verified rolls of a player (anywhere), or of everyone in a server, counted over
        their last `DICE_GAMES` finished backgammon games."""
        logs = await self.store.rolled_games(
            GameKind.BACKGAMMON, user_id=user_id, guild_id=guild_id, limit=DICE_GAMES
        )
        # Replaying the logs takes milliseconds of CPU a game: off the event loop.
        return await asyncio.to_thread(tally, logs, user_id)

    async def keep(self, guild_id: int, channel_id: int, ladder: str) -> None:
        """The server keeps a standing leaderboard of `ladder` in `channel_id`, posted at once."""
        await self.store.keep(guild_id, channel_id, ladder, self.clock.now())

    async def standing(self, guild_id: int) -> StandingBoard | None:
        """The server's standing leaderboard, if it keeps one."""
        return await self.store.board(guild_id)

    async def drop(self, guild_id: int) -> StandingBoard | None:
        """The server keeps no standing leaderboard any more; the one it kept, if any."""
        return await self.store.drop(guild_id)

    async def rated(self, guild_id: int) -> None:
        """A rated game of the server was counted: its standing leaderboard is due an edit."""
        await self.store.touch(guild_id, self.clock.now())

    async def claim(self, guild_id: int) -> StandingBoard | None:
        """The server's board if its edit is due now, taken by this caller alone."""
        return await self.store.claim(guild_id, self.clock.now(), EDIT_GAP)

    async def due(self, shards: Shards) -> list[int]:
        """The servers on `shards` whose standing leaderboard is due an edit now."""
        return await self.store.due(self.clock.now(), EDIT_GAP, shards)
