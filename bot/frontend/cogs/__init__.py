"""Slash commands, one cog per area, each built with what it uses."""

from __future__ import annotations

from discord.ext import commands

from bot.frontend.actions import GameActions
from bot.frontend.cogs.admin import Admin
from bot.frontend.cogs.guide import Guide
from bot.frontend.cogs.kinds import COMMANDS
from bot.frontend.cogs.places import Places
from bot.frontend.cogs.play import Play
from bot.frontend.cogs.results import ResultsCog
from bot.frontend.cogs.tournaments import TournamentCommands
from bot.frontend.messages import GameMessages
from bot.frontend.tournaments import TournamentActions
from bot.service.games import Games
from bot.store import Store


def cogs(
    actions: GameActions,
    messages: GameMessages,
    games: Games,
    store: Store,
    tournament_actions: TournamentActions,
) -> list[commands.Cog]:
    """Every cog of the bot (a new one is added here; a game kind's own commands, in `COMMANDS`)."""
    return [
        Admin(actions, messages, games, store),
        *(commands(actions, messages, games, store) for commands in COMMANDS.values()),
        Guide(),
        Play(actions, messages, games, store),
        Places(actions, messages, games, store),
        ResultsCog(store, messages.boards, messages.achievements),
        TournamentCommands(actions, tournament_actions, tournament_actions.tournaments, store),
    ]
