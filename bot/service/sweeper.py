"""The clock's side of the service: what falls due while nobody acts.

Expired challenges close, the bot's put-off turns are tried again, players out of time lose,
reminders go out. Every due game is seen, however many there are: the due queries are read page
after page, so games that stay due (a computer that keeps failing) never hide the others.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable
from datetime import datetime

from bot.service.bot_turns import BotTurns
from bot.service.committer import Committer, EventKind
from bot.service.errors import (
    ActionNotAllowedError,
    ConflictError,
    GameOverError,
    NotAPlayerError,
    ServiceError,
)
from bot.service.outcomes import ChallengeExpired, ReminderDue
from bot.service.session import Context
from bot.service.views import ActionOutcomes, GameView, load_session
from bot.settings import ONE_SHARD, Shards
from bot.store import GameRow, GameStatus

SWEEP_PAGE = 100  # due games read per query

DueQuery = Callable[..., Awaitable[list[GameRow]]]
"""`Store.due_deadlines` or `Store.due_reminders`: (now, after=(time, id), limit=n, shards=…)
-> games."""


class Sweeper:
    """Handles due deadlines and reminders through the service's committer and bot."""

    def __init__(self, committer: Committer, bot: BotTurns) -> None:
        """Commit through `committer`; the bot's due turns are played by `bot`."""
        self.committer = committer
        self.store = committer.store
        self.bot = bot

    async def sweep(self, now: datetime, shards: Shards = ONE_SHARD) -> list[ActionOutcomes]:
        """What is due at `now` in the servers on `shards`, handled; a result for each game whose
        players have news. Shards another process is sweeping at the moment are left to it."""
        async with self.store.sweep_lease(shards) as held:
            return [] if held is None else await self._sweep(now, held)

    async def _sweep(self, now: datetime, shards: Shards) -> list[ActionOutcomes]:
        results = []
        async for row in _every_due(self.store.due_deadlines, now, shards, _deadline_of):
            try:
                handled = await self._deadline(row, now)
            except (ConflictError, ServiceError):
                continue  # the game moved on since the query; the next sweep sees the new state
            if handled is not None:
                results.append(handled)
        async for row in _every_due(self.store.due_reminders, now, shards, _reminder_of):
            reminded = await self._remind(row, now)
            if reminded is not None:
                results.append(reminded)
        return results

    async def claim(self, row: GameRow, user_id: int, now: datetime) -> ActionOutcomes:
        """The waiting player claims the win once the other's time is up: the same rules of
        time as the sweeper's, settled at the claim where no sweeper could tell anyone."""
        if row.status is GameStatus.PENDING:
            raise ActionNotAllowedError("svc.not_started", game=row.id)
        if not row.status.is_open:
            raise GameOverError(row.id, row.status.value)
        seats = load_session(row.state).seats
        if seats is None or user_id not in seats:
            raise NotAPlayerError(row.id, user_id)
        if row.to_move_id == user_id:
            raise ActionNotAllowedError("svc.claim.your_turn", game=row.id)
        deadline = row.turn_deadline or now
        handled = await self.overdue(row, now)
        if handled is None:
            raise ActionNotAllowedError(
                "svc.claim.too_early", game=row.id, deadline=int(deadline.timestamp())
            )
        return handled

    async def overdue(self, row: GameRow, now: datetime) -> ActionOutcomes | None:
        """What the game's deadline settles if it passed by `now` (a challenge expires, the bot
        plays, a player loses on time); None while it has not, or nothing changed."""
        if not row.status.is_open or row.turn_deadline is None or now < row.turn_deadline:
            return None
        return await self._deadline(row, now)

    async def _deadline(self, row: GameRow, now: datetime) -> ActionOutcomes | None:
        """What a due deadline does; None when nothing changed that players would see."""
        if row.status is GameStatus.PENDING:
            return await self.committer.close_challenge(
                row, EventKind.EXPIRED, None, GameStatus.EXPIRED, ChallengeExpired(row.id), now=now
            )
        if row.to_move_id == self.committer.bot_id:
            played = await self.bot.play(ActionOutcomes(GameView.of(row), ()))
            return played if played.outcomes else None  # a retry put off is nothing to show
        session = load_session(row.state)
        run = session.timeout(Context.of(row))
        return await self.committer.commit(row, run, EventKind.TIMEOUT, None, now=now)

    async def _remind(self, row: GameRow, now: datetime) -> ActionOutcomes | None:
        """Tell the player to move that three quarters of the time are gone (once)."""
        if row.status is not GameStatus.ACTIVE or row.to_move_id is None:
            return None
        try:
            stored = await self.store.commit(
                row.id,
                row.version,
                EventKind.REMINDER,
                {"steps": []},
                row.state,
                now=now,
                reminder_at=None,
            )
        except ConflictError:
            return None
        reminder = ReminderDue(row.id, row.to_move_id, row.turn_deadline or now)
        return ActionOutcomes(GameView.of(stored), (reminder,))


async def _every_due(
    query: DueQuery, now: datetime, shards: Shards, time_of: Callable[[GameRow], datetime | None]
) -> AsyncIterator[GameRow]:
    """Every game of `shards` that `query` finds due at `now`, page after page (keyset on its
    time and id)."""
    after: tuple[datetime, int] | None = None
    while True:
        page = await query(now, after=after, limit=SWEEP_PAGE, shards=shards)
        for row in page:
            yield row
        if len(page) < SWEEP_PAGE:
            return
        last = page[-1]
        due = time_of(last)
        assert due is not None  # the query finds only games with the time set
        after = (due, last.id)


def _deadline_of(row: GameRow) -> datetime | None:
    return row.turn_deadline


def _reminder_of(row: GameRow) -> datetime | None:
    return row.reminder_at
