"""/rules and /help: what the games are and how to play them here."""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

import engine.backgammon as bg
import engine.checkers as ck
from bot.frontend.replies import Refusal
from bot.frontend.translator import named_choices
from bot.i18n import Localizer
from bot.service.options import BACKGAMMON, CHECKERS, DEFAULT_VARIANT
from bot.wording.limits import MAX_CONTENT
from bot.wording.terms import checkers_summary, checkers_title, variant_name

MAX_VARIANT_TEXT = 32  # the longest variant name Discord lets a player type
Interaction = discord.Interaction[Any]
GAMES = named_choices((BACKGAMMON, CHECKERS))


def rules_text(t: Localizer, game: str, variant: str | None) -> str:
    """The rules of a game's variant in a few lines; an unknown variant is named in the refusal."""
    chosen = variant or DEFAULT_VARIANT[game]
    variants = bg.VARIANTS if game == BACKGAMMON else ck.VARIANTS
    if chosen not in variants:
        known = ", ".join(variants)
        reason = t(
            "refusal.bot.unknown_rules_variant", game=game, variant=repr(chosen), choices=known
        )
        raise Refusal(t("error.refused", reason=reason))
    if game == BACKGAMMON:
        return t("rules.backgammon", variant=variant_name(t, game, chosen))
    rules = ck.VARIANTS[chosen]
    return t("rules.checkers", title=checkers_title(t, rules), summary=checkers_summary(t, rules))


class Guide(commands.Cog):
    """Help and rules."""

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
        game = getattr(interaction.namespace, "game", None) or BACKGAMMON
        names = list(bg.VARIANTS if game == BACKGAMMON else ck.VARIANTS)
        return [app_commands.Choice(name=n, value=n) for n in names if current.lower() in n][:25]

    @app_commands.command(name="help", description="How to play with Duelboard")
    async def help(self, interaction: Interaction) -> None:
        """How to play with Duelboard."""
        t = Localizer(interaction.locale)
        await interaction.response.send_message(t("help.text"), ephemeral=True)
