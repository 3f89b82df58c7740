"""/games: the caller's open games wherever they are (servers, DMs, group DMs), privately."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.frontend.cogs.base import GameCog
from bot.frontend.markup import shown
from bot.frontend.reach import anywhere
from bot.i18n import Localizer
from bot.service.results import message_link
from bot.store import GameRow, GameStatus
from bot.wording.limits import MAX_CONTENT
from bot.wording.terms import name_of

Interaction = discord.Interaction[Any]


class Places(GameCog):
    """Where the caller's games are."""

    @anywhere
    @app_commands.command(name="games", description="List your open games, wherever they are")
    async def open_games(self, interaction: Interaction) -> None:
        """Every open game of the caller: with whom, whose turn, and a link to its message."""
        t = Localizer(interaction.locale)
        await self.actions.defer_private(interaction)
        rows = await self.store.open_games_for_player(interaction.user.id)
        lines = [t("games.title") if rows else t("games.none")]
        for row in rows:
            line = await self._line(t, row, interaction.user.id)
            if sum(len(kept) + 1 for kept in lines) + len(line) > MAX_CONTENT:
                break  # the oldest games first; a long list stops at what a message holds
            lines.append(line)
        await interaction.edit_original_response(content="\n".join(lines))

    async def _line(self, t: Localizer, row: GameRow, user_id: int) -> str:
        """One game: its number, the other player, whose turn it is, and the link."""
        names = shown(await self.messages.names(await self.games.view(row.id)))
        other = row.opponent_id if row.challenger_id == user_id else row.challenger_id
        link = message_link(row.guild_id, row.channel_id, row.message_id) or ""
        if row.status is GameStatus.PENDING:
            return t("games.pending", game=row.id, link=link)
        key = "games.your_turn" if row.to_move_id == user_id else "games.their_turn"
        return t(key, game=row.id, opponent=name_of(names, other), link=link)
