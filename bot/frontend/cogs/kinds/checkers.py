"""Checkers' own commands: /checkers (a challenge, with its own options) and /draw."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.frontend.cogs.challenges import (
    BOT_LEVELS,
    HINTS_DESCRIPTION,
    LEVEL_DESCRIPTION,
    RATED_DESCRIPTION,
    STARTER_CHOICES,
    ChallengeCog,
    Interaction,
    TimeText,
)
from bot.frontend.reach import anywhere
from bot.frontend.translator import named_choices
from bot.service.kinds import KINDS
from bot.service.operations import OfferDraw
from bot.store import GameKind

CHECKERS_VARIANTS = named_choices(KINDS[GameKind.CHECKERS].variants)


class CheckersCommands(ChallengeCog):
    """/checkers and /draw."""

    @anywhere
    @app_commands.command(name="checkers", description="Challenge someone (or the bot) to checkers")
    @app_commands.describe(
        opponent="Who you challenge: a member, the bot, or nobody for an open challenge",
        variant="Rules variant",
        time="Time per move, e.g. 30m, 24h, 3d (5 minutes to 7 days)",
        rated=RATED_DESCRIPTION,
        first="Who moves first",
        level=LEVEL_DESCRIPTION,
        hints=HINTS_DESCRIPTION,
    )
    @app_commands.choices(variant=CHECKERS_VARIANTS, first=STARTER_CHOICES, level=BOT_LEVELS)
    async def checkers(
        self,
        interaction: Interaction,
        opponent: discord.User | None = None,
        variant: str | None = None,
        time: TimeText | None = None,
        rated: bool | None = None,
        first: str | None = None,
        level: str | None = None,
        hints: bool = False,
    ) -> None:
        """Challenge someone (or the bot) to checkers."""
        choices: dict[str, Any] = {} if first is None else {"starter": first}
        await self.challenge(
            interaction, GameKind.CHECKERS, opponent, variant, time, rated, level, hints, **choices
        )

    @anywhere
    @app_commands.command(name="draw", description="Offer a draw (checkers)")
    async def draw(self, interaction: Interaction) -> None:
        """Offer a draw (checkers)."""
        await self.actions.command(interaction, OfferDraw())
