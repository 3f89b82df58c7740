"""Backgammon's own commands: /backgammon (a challenge, with its own options), /roll and /double."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.frontend.cogs.challenges import (
    BADGAMMON_FIRST_DESCRIPTION,
    BOT_LEVELS,
    HINTS_DESCRIPTION,
    JACOBY_DESCRIPTION,
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
from bot.service.operations import Double, Roll
from bot.service.options import MAX_POINTS
from bot.store import GameKind

BACKGAMMON_VARIANTS = named_choices(KINDS[GameKind.BACKGAMMON].variants)


class BackgammonCommands(ChallengeCog):
    """/backgammon, /roll and /double."""

    @anywhere
    @app_commands.command(
        name="backgammon", description="Challenge someone (or the bot) to backgammon"
    )
    @app_commands.describe(
        opponent="Who you challenge: a member, the bot, or nobody for an open challenge",
        points="Match length in points (0 = money game)",
        cube="Play with the doubling cube",
        time="Time per move, e.g. 30m, 24h, 3d (5 minutes to 7 days)",
        rated=RATED_DESCRIPTION,
        variant="Rules variant",
        level=LEVEL_DESCRIPTION,
        hints=HINTS_DESCRIPTION,
        jacoby=JACOBY_DESCRIPTION,
        first=BADGAMMON_FIRST_DESCRIPTION,
    )
    @app_commands.choices(variant=BACKGAMMON_VARIANTS, level=BOT_LEVELS, first=STARTER_CHOICES)
    async def backgammon(
        self,
        interaction: Interaction,
        opponent: discord.User | None = None,
        points: app_commands.Range[int, 0, MAX_POINTS] = 0,
        cube: bool | None = None,
        time: TimeText | None = None,
        rated: bool | None = None,
        variant: str | None = None,
        level: str | None = None,
        hints: bool = False,
        jacoby: bool | None = None,
        first: str | None = None,
    ) -> None:
        """Challenge someone (or the bot) to backgammon."""
        # Only what was asked goes on: the service refuses an option where it does not apply.
        asked: dict[str, Any] = {"cube": cube, "jacoby": jacoby, "starter": first}
        choices = {name: value for name, value in asked.items() if value is not None}
        await self.challenge(
            interaction,
            GameKind.BACKGAMMON,
            opponent,
            variant,
            time,
            rated,
            level,
            hints,
            match_length=points,
            **choices,
        )

    @anywhere
    @app_commands.command(name="roll", description="Roll the dice (backgammon)")
    async def roll(self, interaction: Interaction) -> None:
        """Roll the dice (backgammon)."""
        await self.actions.command(interaction, Roll())

    @anywhere
    @app_commands.command(name="double", description="Offer a double (backgammon)")
    async def double(self, interaction: Interaction) -> None:
        """Offer a double (backgammon)."""
        await self.actions.command(interaction, Double())
