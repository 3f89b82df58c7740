"""/tournament: create, join, leave, start, standings, info; and for its organizer and members
with Manage Server, pause, resume, cancel, remove.

Every subcommand acts on the channel's tournament (from a game's thread, on its channel's) and
answers privately; what everyone sees goes to the sign-up message and the channel.
"""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.frontend.actions import GameActions, as_player
from bot.frontend.cogs.challenges import RATED_DESCRIPTION, TimeText, server_choices
from bot.frontend.cogs.kinds import GAMES, VARIANTS
from bot.frontend.markup import shown
from bot.frontend.reach import server_only
from bot.frontend.replies import Refusal
from bot.frontend.tournaments import TournamentActions
from bot.frontend.translator import named_choices
from bot.i18n import Localizer
from bot.pictures.standings import FILENAME, standings_picture
from bot.service.options import MAX_POINTS
from bot.service.tournaments.lifecycle import Tournaments
from bot.service.tournaments.pairing import Format
from bot.service.tournaments.tournament import Tournament
from bot.store import GameKind, Store
from bot.wording import tournaments as words

Interaction = discord.Interaction[Any]
FORMATS = named_choices(member.value for member in Format)
# A start time is short to type: "3d", "2026-05-01 18:00", a pasted "<t:1777651200:F>".
StartText = app_commands.Range[str, 1, 40]


@server_only
class TournamentCommands(
    commands.GroupCog,
    group_name="tournament",
    group_description="Tournaments run by the bot: knockout, round robin or Swiss",
):
    """Tournaments run by the bot: knockout, round robin or Swiss."""

    def __init__(
        self,
        actions: GameActions,
        tournament_actions: TournamentActions,
        tournaments: Tournaments,
        store: Store,
    ) -> None:
        """Act through `tournament_actions` and `tournaments`; `actions` acknowledges; `store`
        has the server's settings."""
        super().__init__()
        self.actions = actions
        self.tournament_actions = tournament_actions
        self.tournaments = tournaments
        self.store = store

    @app_commands.command(name="create", description="Hold a tournament in this channel")
    @app_commands.describe(
        game="Which game",
        format="Knockout, round robin or Swiss",
        variant="Rules variant",
        points="Match length in points (0 = money game)",
        rounds="Swiss only: how many rounds",
        time="Time per move, e.g. 30m, 24h, 3d (5 minutes to 7 days)",
        start="When it starts: 30m, 2h, 3d, or a UTC date and time such as 2026-05-01 18:00",
        players="The most players it takes (2 to 256; 16 in a round robin)",
        rated=RATED_DESCRIPTION,
    )
    @app_commands.choices(game=GAMES, format=FORMATS, variant=VARIANTS)
    async def create(
        self,
        interaction: Interaction,
        game: str,
        format: str,
        variant: str | None = None,
        points: app_commands.Range[int, 0, MAX_POINTS] | None = None,
        rounds: int | None = None,
        time: TimeText | None = None,
        start: StartText | None = None,
        players: int | None = None,
        rated: bool | None = None,
    ) -> None:
        """Hold a tournament in this channel."""
        t = Localizer(interaction.locale)
        channel = interaction.channel
        if interaction.guild is None or not isinstance(channel, discord.TextChannel):
            raise Refusal(t("reply.tournament.text_channel"))
        settings = await self.store.guild_settings(interaction.guild.id)
        kind = GameKind(game)
        choices = server_choices(t, settings, kind, time, rated)
        if points is not None:
            choices["match_length"] = points
        await self.actions.defer_private(interaction)
        tournament = await self.tournaments.create(
            guild_id=interaction.guild.id,
            channel_id=channel.id,
            organizer=as_player(interaction.user),
            kind=kind,
            format=format,
            variant=variant,
            rounds=rounds,
            players=players,
            start=start,
            **choices,
        )
        async with self.tournament_actions.lock(tournament.id):
            link = await self.tournament_actions.show_signup(tournament)
            scheduled = await self._schedule(tournament)
        reply = t("reply.tournament.created", tournament=tournament.id, link=link)
        if tournament.row.starts_at is not None and not scheduled:
            reply += "\n" + t("reply.tournament.no_event")
        await interaction.edit_original_response(content=reply)

    async def _schedule(self, tournament: Tournament) -> bool:
        """The scheduled event, if the bot may make it; a refusal from Discord is no reason to
        refuse the tournament."""
        try:
            return await self.tournament_actions.schedule(tournament)
        except discord.HTTPException as error:
            self.tournament_actions.log_event_failure(tournament, error)
            return False

    @app_commands.command(name="join", description="Enter this channel's tournament")
    async def join(self, interaction: Interaction) -> None:
        """Enter this channel's tournament."""
        tournament = await self._here(interaction)
        await self.tournament_actions.sign(interaction, tournament.id, join=True)

    @app_commands.command(
        name="leave", description="Leave this channel's tournament before it starts"
    )
    async def leave(self, interaction: Interaction) -> None:
        """Leave this channel's tournament before it starts."""
        tournament = await self._here(interaction)
        await self.tournament_actions.sign(interaction, tournament.id, join=False)

    @app_commands.command(
        name="start", description="Start this channel's tournament now (organizer or Manage Server)"
    )
    async def start(self, interaction: Interaction) -> None:
        """Start this channel's tournament now."""
        tournament = await self._here(interaction)
        user, manager = interaction.user.id, _manager(interaction)
        number = tournament.id
        await self.tournament_actions.run(
            number, lambda: self.tournaments.start(number, user, manager=manager)
        )
        await self._reply(interaction, "reply.tournament.started", number)

    @app_commands.command(name="standings", description="This channel's tournament standings")
    async def standings(self, interaction: Interaction) -> None:
        """This channel's tournament standings, as a picture only you see."""
        tournament = await self._here(interaction)
        t = Localizer(interaction.locale)
        row = tournament.row
        if row.round == 0:
            count = len(tournament.entrants)
            text = t.plural("reply.tournament.not_started", count, tournament=row.id)
            await interaction.edit_original_response(content=text)
            return
        theme = await self.tournament_actions.messages.theme(row.guild_id)
        picture = await asyncio.to_thread(
            standings_picture, tournament, tournament.names(), interaction.locale, theme=theme
        )
        image = discord.File(
            io.BytesIO(picture.png), filename=FILENAME, description=picture.alt_text
        )
        text = words.status_line(t, tournament, shown(tournament.names())) or ""
        await interaction.edit_original_response(content=text, attachments=[image])

    @app_commands.command(
        name="info", description="This channel's tournament: its settings and pairing rules"
    )
    async def info(self, interaction: Interaction) -> None:
        """This channel's tournament: how it is played and paired."""
        tournament = await self._here(interaction)
        t = Localizer(interaction.locale)
        text = words.info_text(t, tournament, shown(tournament.names()))
        await interaction.edit_original_response(content=text)

    @app_commands.command(
        name="pause", description="Pause this channel's tournament (organizer or Manage Server)"
    )
    async def pause(self, interaction: Interaction) -> None:
        """Pause: no new round, no start at the start time, until resumed."""
        tournament = await self._here(interaction)
        async with self.tournament_actions.lock(tournament.id):
            paused = await self.tournaments.pause(
                tournament.id, interaction.user.id, manager=_manager(interaction)
            )
            await self.tournament_actions.show_signup(paused)
        await self._reply(interaction, "reply.tournament.paused", tournament.id)

    @app_commands.command(
        name="resume", description="Resume a paused tournament (organizer or Manage Server)"
    )
    async def resume(self, interaction: Interaction) -> None:
        """Go on after a pause."""
        tournament = await self._here(interaction)
        user, manager, number = interaction.user.id, _manager(interaction), tournament.id
        await self.tournament_actions.run(
            number, lambda: self.tournaments.resume(number, user, manager=manager)
        )
        await self._reply(interaction, "reply.tournament.resumed", number)

    @app_commands.command(
        name="cancel", description="Cancel this channel's tournament (organizer or Manage Server)"
    )
    async def cancel(self, interaction: Interaction) -> None:
        """Call the tournament off."""
        tournament = await self._here(interaction)
        async with self.tournament_actions.lock(tournament.id):
            cancelled = await self.tournaments.cancel(
                tournament.id, interaction.user.id, manager=_manager(interaction)
            )
            await self.tournament_actions.show_signup(cancelled)
            await self.tournament_actions.follow_event(cancelled)
        await self._reply(interaction, "reply.tournament.cancelled", tournament.id)

    @app_commands.command(
        name="remove",
        description="Take a player out of this channel's tournament (organizer or Manage Server)",
    )
    @app_commands.describe(player="The player to take out")
    async def remove(self, interaction: Interaction, player: discord.User) -> None:
        """Take a player out: off the list, or paired no more once started."""
        tournament = await self._here(interaction)
        user, manager, number = interaction.user.id, _manager(interaction), tournament.id
        out = as_player(player)
        await self.tournament_actions.run(
            number, lambda: self.tournaments.remove(number, user, out, manager=manager)
        )
        t = Localizer(interaction.locale)
        name = shown({out.id: out.name})[out.id]
        text = t("reply.tournament.removed", name=name, tournament=number)
        await interaction.edit_original_response(content=text)

    async def _here(self, interaction: Interaction) -> Tournament:
        """Acknowledge privately, then find the channel's tournament (a thread's channel's)."""
        await self.actions.defer_private(interaction)
        channel = interaction.channel
        channel_id = interaction.channel_id or 0
        if isinstance(channel, discord.Thread) and channel.parent_id is not None:
            channel_id = channel.parent_id
        return await self.tournaments.here(channel_id)

    async def _reply(self, interaction: Interaction, key: str, tournament: int) -> None:
        t = Localizer(interaction.locale)
        await interaction.edit_original_response(content=t(key, tournament=tournament))


def _manager(interaction: Interaction) -> bool:
    """Whether the member may manage the server (and so direct any tournament in it)."""
    return interaction.permissions.manage_guild
