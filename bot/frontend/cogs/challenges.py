"""/backgammon and /checkers: post a challenge to a member, to anyone, or play the bot."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands

from bot.frontend.actions import as_player, reader_locale
from bot.frontend.cogs.base import GameCog
from bot.frontend.markup import user_name
from bot.frontend.reach import anywhere, place_of
from bot.frontend.replies import Refusal
from bot.frontend.translator import named_choices
from bot.i18n import Localizer
from bot.service.clock import parse_time_limit
from bot.service.kinds import KINDS
from bot.service.options import LEVELS, MAX_POINTS, STARTERS
from bot.store import GameKind, GamePlace, JsonValue
from bot.wording.game import game_name

Interaction = discord.Interaction[Any]
BACKGAMMON_VARIANTS = named_choices(KINDS[GameKind.BACKGAMMON].variants)
CHECKERS_VARIANTS = named_choices(KINDS[GameKind.CHECKERS].variants)
STARTER_CHOICES = named_choices(STARTERS)
BOT_LEVELS = named_choices(LEVELS)

RATED_DESCRIPTION = "Rated: the result moves ratings (games against the bot never do)"
LEVEL_DESCRIPTION = "How strongly the bot plays, when you play against it"
HINTS_DESCRIPTION = "Let both players ask /hint (unrated games only; accepting is consent)"
JACOBY_DESCRIPTION = (
    "Money games: gammons count only once the cube is turned (Jacoby rule, on by default)"
)
BADGAMMON_FIRST_DESCRIPTION = "Who moves first (Bad'Gammon only: other variants roll to start)"

# The longest time per move Discord lets a player type ("10080 min" is 9 characters).
MAX_TIME_TEXT = 20
TimeText = app_commands.Range[str, 1, MAX_TIME_TEXT]

# Guild settings keys (written by /settings).
SETTING_TIME, SETTING_THREADS, SETTING_RATED, SETTING_GAMES = (
    "time_limit",
    "threads",
    "rated",
    "games",
)


def server_choices(
    t: Localizer,
    settings: Mapping[str, JsonValue],
    kind: GameKind,
    time: str | None,
    rated: bool | None,
    hints: bool = False,
) -> dict[str, Any]:
    """The time per move and rated options of a new game, as asked or else as the server's
    /settings say; refuses a game the server switched off."""
    allowed = settings.get(SETTING_GAMES) or list(GameKind)
    if isinstance(allowed, list) and kind not in allowed:
        raise Refusal(t(f"reply.game_off.{kind}"))
    choices: dict[str, Any] = {}
    default_time = settings.get(SETTING_TIME)
    if time is not None:
        choices["time_limit"] = parse_time_limit(time)
    elif isinstance(default_time, int):
        choices["time_limit"] = timedelta(seconds=default_time)
    default_rated = settings.get(SETTING_RATED)
    if rated is not None:
        choices["rated"] = rated
    elif hints:
        choices["rated"] = False  # hints on asks for an unrated game
    elif isinstance(default_rated, bool):
        choices["rated"] = default_rated
    return choices


class Challenges(GameCog):
    """Posting challenges."""

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
        await self._challenge(
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
        await self._challenge(
            interaction, GameKind.CHECKERS, opponent, variant, time, rated, level, hints, **choices
        )

    async def _challenge(
        self,
        interaction: Interaction,
        kind: GameKind,
        opponent: discord.User | None,
        variant: str | None,
        time: str | None,
        rated: bool | None,
        level: str | None,
        hints: bool,
        **choices: Any,
    ) -> None:
        t = Localizer(interaction.locale)
        place = place_of(interaction)
        if place is GamePlace.EXTERNAL and not interaction.permissions.use_external_apps:
            # Discord would show the game to its challenger alone: say why, and where to play.
            raise Refusal(t("reply.external_apps_off"))
        settings = {}
        if interaction.guild_id is not None and place.bot_posts:
            settings = await self.store.guild_settings(interaction.guild_id)
        choices.update(server_choices(t, settings, kind, time, rated, hints))
        if hints:
            choices["hints"] = True
        if level is not None:
            choices["level"] = level  # the service keeps it only against the bot
        against_bot = opponent is not None and opponent.id == self.games.bot.id
        rival = None if opponent is None or against_bot else as_player(opponent)
        if opponent is not None:
            self.messages.remember(opponent)
        notes = []
        if against_bot and rated:
            notes.append(t("reply.bot_unrated"))  # asked for a rating it cannot have
        if level is not None and not against_bot:
            notes.append(t("computer.level_ignored"))
        channel_id = interaction.channel_id or 0
        if place.bot_posts:
            await self.actions.defer_private(interaction)
            if settings.get(SETTING_THREADS) is True:
                channel_id = await self._thread(interaction, kind)
        challenge = self.games.challenges.post(
            channel_id=channel_id,
            challenger=as_player(interaction.user),
            kind=kind,
            variant=variant,
            opponent=rival,
            against_bot=against_bot,
            guild_id=interaction.guild_id,
            place=place,
            **choices,
        )
        if not place.bot_posts:
            # The challenge is the command's own answer (a follow-up, if it had to wait): the
            # bot cannot post there.
            result = await self.actions.within_reply_window(interaction, challenge)
            if interaction.response.is_done():
                told = "\n".join(notes) or t("reply.board_moved")
                await interaction.edit_original_response(content=told)
                notes = []
            await self.actions.reach.open(interaction, result, reader_locale(interaction))
            if notes:
                await interaction.followup.send("\n".join(notes), ephemeral=True)
            return
        result = await challenge
        try:
            message = await self.messages.post(result, reader_locale(interaction))
        except Exception as error:  # the challenge stands: its message is posted by itself later
            await self.actions.catch_up.fell_behind(result.game.id, error)
            await self.actions.made_but_behind(interaction, result)
            return
        reply = "\n".join([t("reply.posted", link=message.jump_url), *notes])
        await interaction.edit_original_response(content=reply)

    async def _thread(self, interaction: Interaction, kind: GameKind) -> int:
        """Open a public thread for the game (the server's setting) and return its id."""
        t = Localizer(interaction.locale)
        channel = interaction.channel
        if not isinstance(channel, discord.TextChannel):
            raise Refusal(t("error.refused", reason=t("refusal.bot.threads_need_text_channel")))
        name = f"{game_name(t, kind)}: {user_name(interaction.user)}"
        thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        return thread.id
