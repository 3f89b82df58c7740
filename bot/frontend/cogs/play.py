"""Playing in the channel's game, whatever it is: /move (with suggestions), /resign, /abort,
/board (public or private), /hint and the dice audit /verify (a game's own moves, such as
/roll or /draw, are its commands in `bot.frontend.cogs.kinds`)."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.frontend.actions import reader_locale
from bot.frontend.cogs.base import GameCog
from bot.frontend.controls import legal_choices
from bot.frontend.operations import Action, resign
from bot.frontend.private import private_board
from bot.frontend.reach import anywhere
from bot.frontend.translator import named_choices
from bot.i18n import Localizer
from bot.service.limits import MAX_TEXT_LENGTH
from bot.service.operations import Abort, Move
from bot.service.views import ActionOutcomes
from bot.wording.game import verify_text
from bot.wording.hints import hint_text
from bot.wording.limits import MAX_CONTENT
from bot.wording.terms import name_of

MAX_CHOICES = 25
Interaction = discord.Interaction[Any]


def _comparable(text: str) -> str:
    """Case and `-`/`/` do not matter when matching what was typed (`8-5` finds `8/5`)."""
    return text.strip().lower().replace("-", "/")


def rank_choices(choices: list[str], typed: str) -> list[str]:
    """The choices matching what was typed: starting with it first, then containing it."""
    wanted = _comparable(typed)
    if not wanted:
        return choices[:MAX_CHOICES]
    starts = [c for c in choices if _comparable(c).startswith(wanted)]
    contains = [c for c in choices if wanted in _comparable(c) and c not in starts]
    return (starts + contains)[:MAX_CHOICES]


class Play(GameCog):
    """Commands that act in the game of the channel they are typed in."""

    @anywhere
    @app_commands.command(name="move", description="Make your play or move in this channel's game")
    @app_commands.describe(play="Your play, e.g. 13/7 8/7 or 11-15")
    async def move(
        self, interaction: Interaction, play: app_commands.Range[str, 1, MAX_TEXT_LENGTH]
    ) -> None:
        """Make your play or move in this channel's game."""
        await self.actions.command(interaction, Move(play))

    @move.autocomplete("play")
    async def play_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The legal plays while it is your turn; otherwise whose turn it is."""
        t = Localizer(interaction.locale)
        channel_id = interaction.channel_id
        store = self.store
        row = None if channel_id is None else await store.active_game_in_channel(channel_id)
        if row is None:
            return [app_commands.Choice(name=t("hint.no_game"), value="?")]
        view = await self.games.view(row.id)
        if view.to_move_id != interaction.user.id:
            names = await self.messages.names(view)
            hint = t(
                "hint.wait",
                player=name_of(names, view.to_move_id),
                what=t(f"awaiting.{view.awaiting}") if view.awaiting else "-",
            )
            return [app_commands.Choice(name=hint[:100], value="?")]
        choices = legal_choices(view)
        if not choices:
            rolling = view.awaiting is not None and view.awaiting.rolls
            key = "hint.roll_first" if rolling else "hint.answer_offer"
            return [app_commands.Choice(name=t(key), value="?")]
        return [app_commands.Choice(name=c, value=c) for c in rank_choices(choices, current)]

    @anywhere
    @app_commands.command(
        name="resign", description="Resign: backgammon asks your opponent to accept the level"
    )
    @app_commands.describe(level="Resign a single game, a gammon or a backgammon")
    @app_commands.choices(level=named_choices(("1", "2", "3")))
    async def resign(self, interaction: Interaction, level: str | None = None) -> None:
        """Resign (after a confirmation); with the `level` option, offer exactly that size."""
        if level is None:
            await self.actions.ask(interaction, Action.ASK_RESIGN)
        else:
            await self.actions.command(interaction, resign(level))

    @anywhere
    @app_commands.command(
        name="abort", description="Call the game off before both sides have moved"
    )
    async def abort(self, interaction: Interaction) -> None:
        """Call the game off before both sides have moved."""
        await self.actions.command(interaction, Abort())

    @anywhere
    @app_commands.command(
        name="board",
        description="Post the board again at the bottom of the channel, or show it only to you",
    )
    @app_commands.describe(
        private="Only you see it: from your side, with its Position ID and Match ID or FEN"
    )
    async def board(self, interaction: Interaction, private: bool = False) -> None:
        """Post the game message again at the bottom of the channel; the old one loses its buttons.

        With `private`, only the user sees it, drawn from their side with the position to paste
        elsewhere; the game's message stays where it is.
        """
        self.messages.remember(interaction.user)
        await self.actions.defer_private(interaction)
        row = await self.actions.channel_game(interaction)
        view = await self.games.view(row.id)
        if private:
            parts = await private_board(
                self.messages, view, interaction.user.id, interaction.locale
            )
            await interaction.edit_original_response(
                content=parts.content, attachments=parts.files()
            )
            return
        t = Localizer(reader_locale(interaction))
        if not row.place.bot_posts:
            # Only this interaction reaches there: its follow-up is the game's message now.
            mine = Localizer(interaction.locale)
            await interaction.edit_original_response(content=mine("reply.board_moved"))
            shown = ActionOutcomes(view, ())
            update = await self.messages.prepare(shown, reader_locale(interaction))
            reach = self.actions.reach
            await reach.show(interaction, shown, update, reader_locale(interaction), ping=False)
            return
        if row.message_id is not None:
            channel = self.messages.channel(row.channel_id, row.guild_id)
            stale = discord.PartialMessage(channel=channel, id=row.message_id)  # type: ignore[arg-type]
            await stale.edit(content=t("reply.board_elsewhere"), attachments=[], view=None)
        await self.messages.post(ActionOutcomes(view, ()), reader_locale(interaction))
        mine = Localizer(interaction.locale)
        await interaction.edit_original_response(content=mine("reply.board_moved"))

    @anywhere
    @app_commands.command(
        name="hint",
        description="Show the best plays for your turn (against the bot, or unrated games with"
        " hints on)",
    )
    async def hint(self, interaction: Interaction) -> None:
        """Show the best plays for your turn, privately."""
        await self.actions.defer_private(interaction)
        row = await self.actions.channel_game(interaction)
        hint = await self.games.hint(row.id, interaction.user.id)
        t = Localizer(interaction.locale)
        await interaction.edit_original_response(content=hint_text(t, hint))

    @anywhere
    @app_commands.command(
        name="verify",
        description="Check the dice (or the random draw) of a finished game against its seed",
    )
    @app_commands.describe(game="The game number (shown on its board)")
    async def verify(self, interaction: Interaction, game: app_commands.Range[int, 1]) -> None:
        """Check every roll (checkers: the random draw) of a finished game against its seed."""
        t = Localizer(interaction.locale)
        await self.actions.defer_private(interaction)
        report = await self.games.verify(game)
        view = await self.games.view(game)
        names = await self.messages.shown_names(view)
        text = verify_text(t, view, report, names)
        await interaction.edit_original_response(content=text[:MAX_CONTENT])
