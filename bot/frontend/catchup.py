"""Game messages that fell behind their game catch up by themselves.

Once an action is committed it stands, whatever happens while it is shown: the board may fail
to draw, Discord may refuse the edit (a permission taken away, an outage). Then the game is
marked stale in the store and this process tries again by itself, soon and then less often,
until Discord accepts; what a restart interrupted, the sweeper takes up (each process sweeps
its own shards' games as soon as it is ready, then every 30 s). A try shows the game as it
stands, as `/board` would, without a second ping; a game message someone deleted is posted
anew.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from datetime import timedelta

import discord

from bot.frontend.messages import GameMessages
from bot.service.views import ActionOutcomes, GameView
from bot.settings import ONE_SHARD, Shards
from bot.store import Store
from bot.store.stale import StaleMessages

log = logging.getLogger("duelboard")
# Seconds before this process's first try again, doubled after each failure up to the last.
FIRST_TRY_SECONDS = 1.0
LAST_TRY_SECONDS = 300.0
# Discord's error codes: the channel, or the message, no longer exists.
UNKNOWN_CHANNEL = 10003
UNKNOWN_MESSAGE = 10008
# Times one try shows a game that keeps moving on meanwhile before it leaves it to the next try.
MOVED_ON_SHOWS = 3


def next_try(failures: int) -> float:
    """Seconds between the `failures`-th failed try and the next one."""
    return min(FIRST_TRY_SECONDS * 2.0**failures, LAST_TRY_SECONDS)


class CatchUp:
    """Brings stale game messages up to date; one per bot."""

    def __init__(self, messages: GameMessages, store: Store) -> None:
        """Show games through `messages`; keep which are stale in `store`."""
        self.messages = messages
        self.stale = StaleMessages(store)
        self.clock = messages.games.clock
        self._stale: set[int] = set()  # games of this process whose message is behind
        self._trying: dict[int, asyncio.Task[None]] = {}

    async def fell_behind(self, game_id: int, error: BaseException) -> None:
        """Showing game `game_id` failed after its action was committed: say why in the log,
        keep it stale, and try again by itself. Where the bot cannot post (a user install's DM or
        group DM), only the players' next interaction can show the game: nothing is tried."""
        with contextlib.suppress(Exception):  # unknown: try, as anywhere else
            if not (await self.messages.where(game_id)).place.bot_posts:
                log.warning("game #%s: showing it failed", game_id, exc_info=error)
                return
        log.warning("game #%s: showing it failed; its message catches up", game_id, exc_info=error)
        self._stale.add(game_id)
        try:
            await self.stale.mark(game_id, due_at=self.clock.now())
        except Exception:  # this process still tries; only a restart would forget it
            log.exception("game #%s: its stale message could not be stored", game_id)
        if game_id not in self._trying:
            task = asyncio.create_task(self._keep_trying(game_id))
            self._trying[game_id] = task
            task.add_done_callback(lambda _: self._trying.pop(game_id, None))

    async def shown(self, game_id: int) -> None:
        """Game `game_id`'s message now shows it as it stands."""
        if game_id in self._stale:
            self._stale.discard(game_id)
            try:
                await self.stale.cleared(game_id)
            except Exception:  # kept as stale: a sweep shows it once more, which is harmless
                log.warning(
                    "game #%s: its message is up to date, but the store still says stale",
                    game_id,
                    exc_info=True,
                )

    async def sweep(self, shards: Shards = ONE_SHARD) -> None:
        """Try once more each stale message of `shards` whose time has come (what a restart left,
        or another try put off), except those this process is trying already."""
        for game_id, failures in await self.stale.due(self.clock.now(), shards):
            if game_id not in self._trying:
                self._stale.add(game_id)
                await self._try(game_id, failures)

    async def close(self) -> None:
        """Stop trying; the store keeps what is still stale for the next start."""
        tasks = list(self._trying.values())
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _keep_trying(self, game_id: int) -> None:
        failures = 0
        while game_id in self._stale:
            await asyncio.sleep(next_try(failures))
            if game_id not in self._stale or await self._try(game_id, failures):
                return
            failures += 1

    async def _try(self, game_id: int, failures: int) -> bool:
        """One try; True once the message is up to date (or there is none to keep)."""
        try:
            await self._show(game_id)
        except Exception as error:
            log.warning("game #%s: its message is still behind (%r)", game_id, error)
            due_at = self.clock.now() + timedelta(seconds=next_try(failures + 1))
            with contextlib.suppress(Exception):  # the store keeps the older time: tried sooner
                await self.stale.failed(game_id, failures=failures + 1, due_at=due_at)
            return False
        await self.shown(game_id)
        return True

    async def _show(self, game_id: int) -> None:
        """Show the game as it stands, again if it moved on meanwhile: the edit of the action
        that moved it may have landed before this one, which would leave an older game shown."""
        for _ in range(MOVED_ON_SHOWS):
            shown = await self._show_once(game_id)
            if (await self.messages.store.get_game(game_id)).version == shown:
                return
        raise RuntimeError(f"game #{game_id} kept moving on while its message was shown")

    async def _show_once(self, game_id: int) -> int:
        """Show the game as it stands, as /board does, without pinging anyone again; the
        version shown."""
        row = await self.messages.store.get_game(game_id)
        result = ActionOutcomes(GameView.of(row), ())
        locale = self.messages.guild_locale(row.guild_id)
        # The player to act was pinged when the action was made: this is no new turn.
        update = await self.messages.prepare(result, locale, actor_id=row.to_move_id)
        try:
            try:
                await self.messages.publish(update)
            except discord.NotFound as error:
                if error.code != UNKNOWN_MESSAGE:
                    raise
                await self.messages.post(result, locale)  # someone deleted the game message
        except discord.NotFound as error:
            if error.code != UNKNOWN_CHANNEL:
                raise
            log.warning("game #%s: its channel is gone; its message is given up", game_id)
        return row.version
