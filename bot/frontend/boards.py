"""`StandingBoards`: leaderboard pictures for the channel, rating charts, and each server's
standing leaderboard message, edited after rated games at most once a minute.

Which board is due an edit is in the store (a "dirty since" mark and the last edit's time), and
an edit is claimed there by one statement: after a restart, or with the server's games played
on another process's shards, whichever process claims it edits it, once. A rated game tries at
once; the sweeper takes what waited for the minute to pass.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any

import discord

from bot.i18n import Localizer
from bot.pictures import Picture
from bot.pictures.chart import FILENAME as CHART
from bot.pictures.chart import rating_chart
from bot.pictures.ladder import FILENAME, leaderboard_picture
from bot.service.ladder import BOARD_LINES, Ladder
from bot.settings import ONE_SHARD, Shards
from bot.store.ladder import StandingBoard
from bot.wording.terms import ladder_name
from render import Theme

log = logging.getLogger(__name__)


class StandingBoards:
    """Leaderboard pictures, and the servers' standing leaderboard messages."""

    def __init__(
        self,
        client: discord.Client,
        ladder: Ladder,
        theme: Callable[[int | None], Awaitable[Theme]],
    ) -> None:
        """Post and edit through `client`; read the ladder through `ladder`; draw in the
        server's `theme`."""
        self.client = client
        self.ladder = ladder
        self.theme = theme

    async def picture(
        self, scope: int, ladder: str, locale: object, *, page: int = 1, guild_id: int | None
    ) -> tuple[Picture, discord.File]:
        """A leaderboard page as a picture in the theme of the server asked in, and the file
        that carries it with its alt text."""
        board = await self.ladder.board(scope, ladder, page=page, per_page=BOARD_LINES)
        title = ladder_name(Localizer(locale), ladder)
        theme = await self.theme(guild_id)
        drawn = await asyncio.to_thread(
            partial(leaderboard_picture, theme=theme), board, title, locale
        )
        file = discord.File(io.BytesIO(drawn.png), filename=FILENAME, description=drawn.alt_text)
        return drawn, file

    async def chart(
        self, user_id: int, name: str, scope: int, ladder: str, locale: object
    ) -> discord.File | None:
        """The player's rating chart on a ladder as a file with its alt text (None: unrated),
        in the theme of the server of the scope."""
        games = await self.ladder.chart(user_id, scope, ladder)
        if not games:
            return None
        title = ladder_name(Localizer(locale), ladder)
        theme = await self.theme(scope or None)
        drawn = await asyncio.to_thread(
            partial(rating_chart, theme=theme), games, name, title, locale
        )
        return discord.File(io.BytesIO(drawn.png), filename=CHART, description=drawn.alt_text)

    async def rated(self, guild_id: int) -> None:
        """A rated game of the server was counted: mark its board, and edit it if it may be now."""
        await self.ladder.rated(guild_id)
        await self.refresh(guild_id)

    async def sweep(self, shards: Shards = ONE_SHARD) -> int:
        """Edit the boards on `shards` that waited for their minute; returns how many."""
        done = 0
        for guild_id in await self.ladder.due(shards):
            done += await self.refresh(guild_id)
        return done

    async def refresh(self, guild_id: int) -> bool:
        """Edit the server's board (posting it when it has no message) if the edit is due and
        this process claims it; a failure marks it due again, for the next sweep."""
        board = await self.ladder.claim(guild_id)
        if board is None:
            return False
        try:
            await self._show(board)
        except (discord.HTTPException, OSError):
            log.exception("showing the standing leaderboard of server %s failed", guild_id)
            await self.ladder.rated(guild_id)
            return False
        return True

    async def _show(self, board: StandingBoard) -> None:
        guild = self.client.get_guild(board.guild_id)
        locale = guild.preferred_locale if guild is not None else None
        _, file = await self.picture(board.guild_id, board.ladder, locale, guild_id=board.guild_id)
        channel: Any = self.client.get_partial_messageable(board.channel_id)
        if board.message_id is not None:
            try:
                await channel.get_partial_message(board.message_id).edit(attachments=[file])
                return
            except discord.NotFound:
                _, file = await self.picture(
                    board.guild_id, board.ladder, locale, guild_id=board.guild_id
                )
        posted = await channel.send(file=file)
        await self.ladder.store.posted(board.guild_id, board.channel_id, posted.id)
