"""/puzzle: a position to solve, only for the one who asks, with a menu of plays and a check of
the pick."""

from __future__ import annotations

import io
import re
from typing import Any, Protocol, cast

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend.daily import DailyPositions
from bot.frontend.reach import anywhere
from bot.frontend.replies import EPHEMERAL_DEFER, Refusal, reply_error
from bot.i18n import Localizer
from bot.pictures import FILENAME
from bot.service.puzzles import Puzzle
from bot.wording.puzzles import check_text, offered, puzzle_text

Interaction = discord.Interaction[Any]


class Solving(Protocol):
    """The client as the menu sees it: where the positions are."""

    daily: DailyPositions


class PuzzleCog(commands.Cog):
    """Positions to solve."""

    def __init__(self, daily: DailyPositions) -> None:
        """Find positions through `daily`."""
        self.daily = daily

    @anywhere
    @app_commands.command(name="puzzle", description="A position to solve, only for you")
    async def puzzle(self, interaction: Interaction) -> None:
        """A position from this server's games (or a built-in one), only for the caller."""
        t = Localizer(interaction.locale)
        interaction.extras[EPHEMERAL_DEFER] = True  # a refusal fills the private "thinking…"
        await interaction.response.defer(ephemeral=True, thinking=True)
        stored = await self.daily.pick(interaction.guild_id, interaction.id >> 22)
        if stored is None:
            raise Refusal(t("puzzle.none"))
        puzzle = Puzzle.from_json(stored.data)
        picture = await self.daily.picture(puzzle, t, interaction.locale, interaction.guild_id)
        image = discord.File(
            io.BytesIO(picture.png), filename=FILENAME, description=picture.alt_text
        )
        view = discord.ui.View(timeout=None)
        view.add_item(PuzzleMenu(stored.id, puzzle, t))
        await interaction.followup.send(
            puzzle_text(t, puzzle), file=image, view=view, ephemeral=True
        )


class PuzzleMenu(
    discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"dbp:(?P<puzzle>[0-9]+)"
):
    """The plays of a puzzle; the puzzle rides in the custom id, the play in the value."""

    def __init__(
        self, puzzle_id: int, puzzle: Puzzle | None = None, t: Localizer | None = None
    ) -> None:
        """The menu of puzzle `puzzle_id` (its options only when it is being shown)."""
        options = []
        if puzzle is not None:
            options = [
                discord.SelectOption(label=c.notation, value=c.notation) for c in offered(puzzle)
            ]
        placeholder = t("puzzle.placeholder") if t is not None else None
        super().__init__(
            discord.ui.Select(
                custom_id=f"dbp:{puzzle_id}", options=options, placeholder=placeholder
            )
        )
        self.puzzle_id = puzzle_id

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PuzzleMenu:
        """Rebuild the menu from a pick, before or after a restart."""
        return cls(int(match["puzzle"]))

    async def callback(self, interaction: Interaction) -> None:
        """Say whether the pick is the best play, with the figures."""
        t = Localizer(interaction.locale)
        try:
            daily = cast(Solving, interaction.client).daily
            stored = await daily.puzzles.puzzle(self.puzzle_id)
            values = self.item.values
            if stored is None or not values:
                raise Refusal(t("puzzle.gone"))
            puzzle = Puzzle.from_json(stored.data)
            chosen = str(values[0])
            if chosen not in {c.notation for c in puzzle.choices}:
                raise Refusal(t("puzzle.gone"))
            await interaction.response.edit_message(
                content=check_text(t, puzzle, chosen), view=None
            )
        except Exception as error:  # every error is answered; unknown ones are logged
            await reply_error(interaction, error)
