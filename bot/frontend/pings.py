"""Each game's last ping (a turn ping or a reminder): at most one line calls a player.

A ping is sent at once; remembering it in the store and deleting the game's previous ping come
after, off the path of the board's edit. A worker does that bookkeeping in the order the pings
were sent, for every ping sent meanwhile in one store transaction: the new ping is in the store
before the old one goes, so the first ping after a restart (or the end of the game) still
deletes the last one sent before it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from enum import Enum
from typing import Final

import discord

from bot.frontend.recent import Recent
from bot.store import Store

log = logging.getLogger("duelboard")
# How long closing waits for the last pings' bookkeeping (Discord may be slow or gone).
SETTLE_SECONDS = 10.0


class _Unknown(Enum):
    """Not sent by this process (a restart, or forgotten): the store knows."""

    UNKNOWN = "unknown"


UNKNOWN: Final = _Unknown.UNKNOWN


def pinging(*user_ids: int) -> discord.AllowedMentions:
    """A message's mentions that notify: exactly these users (the client default is nobody)."""
    return discord.AllowedMentions(users=[discord.Object(user_id) for user_id in user_ids])


@dataclass(frozen=True, slots=True)
class _Job:
    """A ping sent (`sent`), or the game ended (`sent` None): `stale` is the ping to delete."""

    channel: discord.abc.Messageable
    game_id: int
    sent: int | None
    stale: int | _Unknown


class Pings:
    """Sends each game's pings and keeps one at most per game; one per bot."""

    def __init__(self, store: Store, last: Recent[int, int]) -> None:
        """Remember pings in `store`, and in `last` (the last ping per game) for this process."""
        self.store = store
        self.last = last
        self._jobs: list[_Job] = []
        self._worker: asyncio.Task[None] | None = None

    async def call(
        self, channel: discord.abc.Messageable, game_id: int, user_id: int, text: str
    ) -> None:
        """Post `text` notifying `user_id` as the game's ping; the game's previous ping goes."""
        sent = await channel.send(text, allowed_mentions=pinging(user_id))
        stale = self.last.get(game_id)
        self.last[game_id] = sent.id
        self._add(_Job(channel, game_id, sent.id, UNKNOWN if stale is None else stale))

    def end(self, channel: discord.abc.Messageable, game_id: int) -> None:
        """The game is over: its last ping goes, nobody is called to it any more."""
        stale = self.last.pop(game_id)
        self._add(_Job(channel, game_id, None, UNKNOWN if stale is None else stale))

    async def settle(self) -> None:
        """Wait (a while at most) until every ping sent is in the store and the stale ones gone."""
        if self._worker is not None:
            await asyncio.wait({self._worker}, timeout=SETTLE_SECONDS)

    def _add(self, job: _Job) -> None:
        self._jobs.append(job)
        if self._worker is None:
            self._worker = asyncio.create_task(self._work())

    async def _work(self) -> None:
        try:
            while self._jobs:
                jobs, self._jobs = self._jobs, []
                try:
                    await self._settle(jobs)
                except Exception:  # the pings stand; a later one or a restart tidies up
                    log.exception("keeping the pings of games %s failed", [j.game_id for j in jobs])
        finally:
            self._worker = None

    async def _settle(self, jobs: list[_Job]) -> None:
        """Store each game's newest ping, then delete the pings it replaces."""
        stored: dict[int, int | None] = {}
        for game_id in {job.game_id for job in jobs if job.stale is UNKNOWN}:
            stored[game_id] = (await self.store.get_game(game_id)).ping_message_id
        newest = {job.game_id: job.sent for job in jobs if job.sent is not None}
        if newest:
            try:
                await self.store.attach_pings(newest)
            except Exception:  # still tidy the channel; only a restart misses the newest ping
                log.exception("storing the pings of games %s failed", sorted(newest))
        stale = [
            (job.channel, stored[job.game_id] if job.stale is UNKNOWN else job.stale)
            for job in jobs
        ]
        deleted = await asyncio.gather(
            *(_delete(channel, ping) for channel, ping in stale if ping is not None),
            return_exceptions=True,
        )
        for failure in deleted:
            if isinstance(failure, Exception):
                log.warning("could not delete a ping: %s", failure)


async def _delete(channel: discord.abc.Messageable, ping: int) -> None:
    with contextlib.suppress(discord.NotFound):
        await discord.PartialMessage(channel=channel, id=ping).delete()  # type: ignore[arg-type]
