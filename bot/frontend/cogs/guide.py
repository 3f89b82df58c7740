"""/rules and /help: what the games are and how to play them here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend.cogs.kinds import GAMES
from bot.frontend.reach import anywhere
from bot.frontend.replies import Refusal
from bot.i18n import Localizer
from bot.service.kinds import KINDS, rules_for
from bot.wording.kinds import WORDS
from bot.wording.limits import MAX_CONTENT

MAX_VARIANT_TEXT = 32  # the longest variant name Discord lets a player type
Interaction = discord.Interaction[Any]


def rules_text(t: Localizer, game: str, variant: str | None) -> str:
    """The rules of a game's variant in a few lines; an unknown variant is named in the refusal."""
    rules = rules_for(game)
    chosen = variant or rules.default_variant
    if chosen not in rules.variants:
        known = ", ".join(rules.variants)
        reason = t(
            "refusal.bot.unknown_rules_variant", game=game, variant=repr(chosen), choices=known
        )
        raise Refusal(t("error.refused", reason=reason))
    return WORDS[rules.kind].rules(t, chosen)


class Guide(commands.Cog):
    """Help and rules."""

    @anywhere
    @app_commands.command(name="rules", description="Show the rules of a game and variant")
    @app_commands.describe(game="Which game", variant="Rules variant")
    @app_commands.choices(game=GAMES)
    async def rules(
        self,
        interaction: Interaction,
        game: str,
        variant: app_commands.Range[str, 1, MAX_VARIANT_TEXT] | None = None,
    ) -> None:
        """Show the rules of a game and variant."""
        text = rules_text(Localizer(interaction.locale), game, variant)
        await interaction.response.send_message(text[:MAX_CONTENT], ephemeral=True)

    @rules.autocomplete("variant")
    async def variant_choices(
        self, interaction: Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """The variants of the game chosen so far."""
        game = getattr(interaction.namespace, "game", None) or next(iter(KINDS))
        names = rules_for(game).variants if game in KINDS else ()
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n][:25]

    @anywhere
    @app_commands.command(name="help", description="How to play with Duelboard")
    async def help(self, interaction: Interaction) -> None:
        """How to play with Duelboard."""
        t = Localizer(interaction.locale)
        parts = ("help.text", "help.ratings", "help.anywhere", "help.puzzle")
        text = "\n".join(t(key) for key in parts)
        await interaction.response.send_message(text, ephemeral=True)
