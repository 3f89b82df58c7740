"""Posting a challenge to a member, to anyone, or to the bot: what every game's command does
once it has read its own options (the commands are `bot.frontend.cogs.kinds`)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import discord
from discord import app_commands

from bot.frontend.actions import as_player, reader_locale
from bot.frontend.cogs.base import GameCog
from bot.frontend.markup import user_name
from bot.frontend.reach import place_of
from bot.frontend.replies import Refusal
from bot.frontend.translator import named_choices
from bot.i18n import Localizer
from bot.service.clock import parse_time_limit
from bot.service.options import LEVELS, STARTERS
from bot.store import GameKind, GamePlace, JsonValue
from bot.wording.game import game_name

Interaction = discord.Interaction[Any]
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


class ChallengeCog(GameCog):
    """Posting challenges: each game kind's commands (`bot.frontend.cogs.kinds`) are a subclass
    whose challenge command reads its own options and hands them to `challenge`."""

    async def challenge(
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
        """Post a challenge to `kind` with the options every game has and the kind's own
        `choices` (only those asked: the service refuses one where it does not apply)."""
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
