"""What a cog that acts in games is built with."""

from __future__ import annotations

from discord.ext import commands

from bot.frontend.actions import GameActions
from bot.frontend.messages import GameMessages
from bot.service.games import Games
from bot.store import Store


class GameCog(commands.Cog):
    """A cog acting through the game actions and showing through the game messages."""

    def __init__(
        self, actions: GameActions, messages: GameMessages, games: Games, store: Store
    ) -> None:
        """Act through `actions`, show through `messages`; `games` and `store` answer questions."""
        self.actions = actions
        self.messages = messages
        self.games = games
        self.store = store
