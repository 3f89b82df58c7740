"""/settings: what a server allows and defaults to (Manage Server only)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import discord
from discord import app_commands

from bot.frontend.cogs.base import GameCog
from bot.frontend.cogs.challenges import (
    SETTING_GAMES,
    SETTING_RATED,
    SETTING_THREADS,
    SETTING_TIME,
    TimeText,
)
from bot.frontend.cogs.results import GAME_CHOICES, LADDERS
from bot.frontend.daily import DAILY_SETTING
from bot.frontend.daily import refusal as daily_refusal
from bot.frontend.reach import server_only
from bot.frontend.replies import Refusal
from bot.frontend.tiers import refusal
from bot.frontend.translator import named_choices
from bot.i18n import Localizer
from bot.pictures import THEME_SETTING
from bot.service.clock import DEFAULT_TIME_LIMIT, parse_time_limit
from bot.service.kinds import KINDS
from bot.service.tiers import (
    MAX_TIERS,
    TIERS_SETTING,
    Tier,
    stored_tiers,
    tiers_of,
    with_tier,
    without_role,
)
from bot.store import JsonValue
from bot.store.ladder import StandingBoard
from bot.wording.game import game_name
from bot.wording.terms import duration, ladder_name

Interaction = discord.Interaction[Any]
ALLOWED = named_choices(("both", *KINDS))  # "both": every game kind
STANDING_CHOICES = named_choices((*LADDERS, "off"))
THEME_CHOICES = [app_commands.Choice(name=name, value=name) for name in ("light", "dark")]


class Admin(GameCog):
    """Server settings."""

    @server_only
    @app_commands.command(
        name="settings", description="Server settings for games (Manage Server only)"
    )
    @app_commands.guild_only()
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.checks.has_permissions(manage_guild=True)
    @app_commands.describe(
        time="Time per move, e.g. 30m, 24h, 3d (5 minutes to 7 days)",
        threads="Put each game in its own thread",
        rated="Games are rated by default",
        games="Which games may be played here",
        theme="Board pictures light or dark",
        standing="A leaderboard kept up to date in a channel, or off",
        standing_channel="Where the standing leaderboard goes (this channel by default)",
        tier_role="A role given by rating (with tier_rating; alone, it stops being a tier)",
        tier_rating="The rating from which the tier role is given",
        tier_game="The ladder of the tier (backgammon by default)",
        daily="Post a position of the day from this server's games, with a poll",
        daily_channel="Where the position of the day goes (this channel by default)",
    )
    @app_commands.choices(
        games=ALLOWED, theme=THEME_CHOICES, standing=STANDING_CHOICES, tier_game=GAME_CHOICES
    )
    async def settings(
        self,
        interaction: Interaction,
        time: TimeText | None = None,
        threads: bool | None = None,
        rated: bool | None = None,
        games: str | None = None,
        theme: str | None = None,
        standing: str | None = None,
        standing_channel: discord.TextChannel | None = None,
        tier_role: discord.Role | None = None,
        tier_rating: app_commands.Range[int, 0, 5000] | None = None,
        tier_game: str | None = None,
        daily: bool | None = None,
        daily_channel: discord.TextChannel | None = None,
    ) -> None:
        """Change the server's defaults; with no option, show them."""
        t = Localizer(interaction.locale)
        guild_id = interaction.guild_id
        if guild_id is None:
            raise Refusal(t("error.permission"))
        # A tier is checked before anything is changed: refused, the command changes nothing.
        tiers = await self._tiers(t, interaction, tier_role, tier_rating, tier_game)
        daily_at = None  # the channel of the position of the day, when it is switched on here
        if daily is not False and (daily or daily_channel is not None):
            target = daily_channel or interaction.channel
            reason = daily_refusal(t, interaction.guild, target)
            if reason is not None:
                raise Refusal(reason)
            daily_at = daily_channel.id if daily_channel else interaction.channel_id
        await self.actions.defer_private(interaction)
        now = self.games.clock.now()
        changes: dict[str, JsonValue] = {}
        if tiers is not None:
            changes[TIERS_SETTING] = stored_tiers(tiers)
        if time is not None:
            changes[SETTING_TIME] = int(parse_time_limit(time).total_seconds())
        if threads is not None:
            changes[SETTING_THREADS] = threads
        if rated is not None:
            changes[SETTING_RATED] = rated
        if games is not None:
            everything: list[JsonValue] = [kind.value for kind in KINDS]
            changes[SETTING_GAMES] = everything if games == "both" else [games]
        if theme is not None:
            changes[THEME_SETTING] = theme
        if daily_at is not None:
            changes[DAILY_SETTING] = daily_at
        elif daily is False:
            await self.store.clear_guild_setting(guild_id, DAILY_SETTING)
        for key, value in changes.items():
            await self.store.set_guild_setting(guild_id, key, value, now=now)
        if theme is not None:
            self.messages.forget_theme(guild_id)
        boards = self.messages.boards
        if standing == "off":
            await boards.ladder.drop(guild_id)
        elif standing is not None or standing_channel is not None:
            kept = await boards.ladder.standing(guild_id)
            ladder = standing or (kept.ladder if kept is not None else LADDERS[0])
            channel_id = standing_channel.id if standing_channel else interaction.channel_id
            assert channel_id is not None  # a command in a server comes from a channel
            await boards.ladder.keep(guild_id, channel_id, ladder)
            await boards.refresh(guild_id)
        stored = await self.store.guild_settings(guild_id)
        text = "\n".join(
            (
                settings_text(t, stored),
                standing_text(t, await boards.ladder.standing(guild_id)),
                tiers_text(t, tiers_of(stored.get(TIERS_SETTING))),
                daily_setting_text(t, stored.get(DAILY_SETTING)),
            )
        )
        await interaction.edit_original_response(content=text)

    async def _tiers(
        self,
        t: Localizer,
        interaction: Interaction,
        role: discord.Role | None,
        rating: int | None,
        ladder: str | None,
    ) -> list[Tier] | None:
        """The server's tiers as the options change them (None: unchanged); a role the bot may
        not give is refused with what is missing."""
        if role is None:
            if rating is not None or ladder is not None:
                raise Refusal(t("tiers.refused.no_role"))
            return None
        guild = interaction.guild
        assert guild is not None  # /settings is for servers only
        current = await self.messages.tiers.tiers(guild.id)
        if rating is None:
            return without_role(current, role.id)
        reason = refusal(t, guild, role)
        if reason is not None:
            raise Refusal(reason)
        try:
            return with_tier(current, Tier(ladder or LADDERS[0], rating, role.id))
        except ValueError:
            raise Refusal(t("tiers.refused.many", most=MAX_TIERS)) from None


def tiers_text(t: Localizer, tiers: list[Tier]) -> str:
    """The server's tier roles, or that it has none."""
    if not tiers:
        return t("reply.settings.tiers_none")
    shown = ", ".join(
        t(
            "reply.settings.tier",
            role=f"<@&{tier.role_id}>",
            rating=tier.rating,
            ladder=ladder_name(t, tier.ladder),
        )
        for tier in tiers
    )
    return t("reply.settings.tiers", tiers=shown)


def settings_text(t: Localizer, stored: dict[str, JsonValue]) -> str:
    """The settings in force, defaults included."""
    seconds = stored.get(SETTING_TIME)
    limit = duration(t, DEFAULT_TIME_LIMIT)
    if isinstance(seconds, int):
        limit = duration(t, timedelta(seconds=seconds))
    games = stored.get(SETTING_GAMES)
    allowed = games if isinstance(games, list) else list(KINDS)

    def on_off(value: JsonValue) -> str:
        return t("reply.on") if value is True else t("reply.off")

    theme = stored.get(THEME_SETTING)
    return t(
        "reply.settings",
        time=limit,
        threads=on_off(stored.get(SETTING_THREADS)),
        rated=on_off(stored.get(SETTING_RATED, True)),
        games=t("list.separator").join(game_name(t, str(game)) for game in allowed),
        theme=t(f"name.choice.{theme if theme == 'dark' else 'light'}"),
    )


def daily_setting_text(t: Localizer, channel_id: JsonValue) -> str:
    """Where the position of the day goes, or that the server has none."""
    if not isinstance(channel_id, int):
        return t("reply.settings.daily_off")
    return t("reply.settings.daily", channel=f"<#{channel_id}>")


def standing_text(t: Localizer, board: StandingBoard | None) -> str:
    """Which leaderboard the server keeps standing, and where, or that it keeps none."""
    if board is None:
        return t("reply.settings.standing_off")
    return t(
        "reply.settings.standing",
        ladder=ladder_name(t, board.ladder),
        channel=f"<#{board.channel_id}>",
    )
