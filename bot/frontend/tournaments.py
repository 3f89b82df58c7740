"""Tournaments on Discord: the sign-up message, a thread and a game for each pairing, each
round's pairings and standings, the winner, and the server's scheduled event.

Everything a tournament's progress asks for is done by `carry_out`, under one lock per
tournament in this process: two results that arrive at once are carried out one after the
other, so the second finds the round paired and its games seated. Across processes the store
keeps a round to one pairing and a pairing to one game; the sweeper (every 30 s, on the
process's own shards) does whatever a crash left undone.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any

import discord

from bot.frontend import controls
from bot.frontend.markup import shown, user_name
from bot.frontend.messages import GameMessages
from bot.frontend.pings import pinging
from bot.frontend.replies import EPHEMERAL_DEFER
from bot.i18n import Localizer
from bot.pictures.standings import FILENAME, standings_picture
from bot.service.tournaments.lifecycle import Tournaments
from bot.service.tournaments.setup import MIN_PLAYERS
from bot.service.tournaments.tournament import Progress, Tournament
from bot.service.views import Player
from bot.settings import ONE_SHARD, Shards
from bot.store import PairingTakenError
from bot.store.tournament_rows import PairingRow, TournamentStatus
from bot.wording import tournaments as words

log = logging.getLogger("duelboard")
EVENT_LENGTH = timedelta(days=1)  # a scheduled event needs an end; the calendar shows a day


class TournamentActions:
    """Shows and runs the tournaments of this process's servers; one per bot."""

    def __init__(
        self, client: discord.Client, tournaments: Tournaments, messages: GameMessages
    ) -> None:
        """Run `tournaments` through `client`; games are shown by `messages`."""
        self.client = client
        self.tournaments = tournaments
        self.messages = messages
        self.store = tournaments.store
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, tournament_id: int) -> asyncio.Lock:
        """The lock under which this process moves one tournament on."""
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    async def run(self, tournament_id: int, work: Callable[[], Awaitable[Progress]]) -> Progress:
        """Do `work` on a tournament and carry out what it moved on, under its lock."""
        async with self.lock(tournament_id):
            progress = await work()
            return await self.carry_out(progress) if progress.news else progress

    async def game_closed(self, game_id: int) -> None:
        """A game closed: if it is a tournament's, record its result and go on from there."""
        pairing = await self.store.pairing_of_game(game_id)
        if pairing is None:
            return
        number = pairing.tournament_id
        await self.run(number, lambda: self.tournaments.advance(number))

    async def sweep(self, shards: Shards = ONE_SHARD) -> int:
        """Start what is due and move every running tournament of `shards` on; how many had
        news. Shards another process sweeps are left to it (the games' sweep lease)."""
        count = 0
        async with self.tournaments.games_store.sweep_lease(shards) as held:
            if held is None:
                return 0
            for row in await self.tournaments.open_ones(held):
                async with self.lock(row.id):
                    progress = await self.tournaments.tick(row)
                    if progress is not None:
                        await self.carry_out(progress)
                        count += 1
        return count

    # Carrying out what moved on.

    async def carry_out(self, progress: Progress) -> Progress:
        """Post what the tournament's players must see: the standings of each round completed,
        a game for each pairing that waits for one, the new round's pairings, the winner; then
        bring the sign-up message and the scheduled event up to date."""
        tournament = progress.tournament
        locale = self.messages.guild_locale(tournament.row.guild_id)
        for number in progress.completed:
            await self._post_standings(tournament, number, locale, progress.finished)
        links = {}
        for pairing in progress.to_seat:
            link = await self._seat(tournament, pairing, locale)
            if link is not None:
                links[pairing.number] = link
        t = Localizer(locale)
        channel = self.messages.channel(tournament.row.channel_id, tournament.row.guild_id)
        names = shown(tournament.names())
        for number in progress.paired:
            for text in words.round_messages(t, tournament, number, names, links):
                await channel.send(text)
        if progress.called_off:
            await channel.send(words.called_off_text(t, tournament, MIN_PLAYERS))
        await self.show_signup(tournament)
        if 1 in progress.paired or progress.finished or progress.called_off:
            await self.follow_event(tournament)
        return progress

    async def _seat(
        self, tournament: Tournament, pairing: PairingRow, locale: object
    ) -> str | None:
        """Open a thread for the pairing's game, start the game there and call both players;
        the game message's link (None if the game could not be made, or another made it)."""
        row = tournament.row
        guild = self.client.get_guild(row.guild_id)
        channel = guild.get_channel(row.channel_id) if guild is not None else None
        if not isinstance(channel, discord.TextChannel):
            log.warning("tournament #%s: its channel is gone, no game can be posted", row.id)
            return None
        t = Localizer(locale)
        name = words.thread_name(t, tournament, pairing, tournament.names())
        try:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
        except discord.HTTPException as error:
            # Create Public Threads taken away, say: the other pairings are still seated, and
            # the sweeper tries this one again.
            log.warning("tournament #%s: no thread for a game: %s", row.id, error)
            return None
        try:
            result = await self.tournaments.seat(pairing, thread.id)
        except PairingTakenError:
            return None  # another process seated it meanwhile: this thread stays empty
        message = await self.messages.post(result, locale)
        players = (pairing.first_id, pairing.second_id or 0)
        await thread.send(
            words.game_call(t, tournament, pairing), allowed_mentions=pinging(*players)
        )
        return message.jump_url

    async def _post_standings(
        self, tournament: Tournament, number: int, locale: object, finished: bool
    ) -> None:
        """The standings after round `number`, as a picture; with the winner after the last."""
        row = tournament.row
        t = Localizer(locale)
        theme = await self.messages.theme(row.guild_id)
        picture = await asyncio.to_thread(
            standings_picture, tournament, tournament.names(), locale, through=number, theme=theme
        )
        text = words.standings_caption(t, tournament, number)
        last = finished and number >= (row.rounds or 0)
        if last:
            text += "\n" + words.winner_text(t, tournament)
        image = discord.File(
            io.BytesIO(picture.png), filename=FILENAME, description=picture.alt_text
        )
        winner = (row.winner_id,) if last and row.winner_id is not None else ()
        channel = self.messages.channel(row.channel_id, row.guild_id)
        await channel.send(text, file=image, allowed_mentions=pinging(*winner))

    # The sign-up message.

    async def show_signup(self, tournament: Tournament) -> str:
        """Post the sign-up message, or edit it to show the tournament as it now stands; its
        link."""
        row = tournament.row
        t = Localizer(self.messages.guild_locale(row.guild_id))
        text = words.signup_text(t, tournament, shown(tournament.names()))
        buttons = None
        if row.status is TournamentStatus.SIGNUP:
            buttons = controls.signup_controls(t, row.id)
        channel = self.messages.channel(row.channel_id, row.guild_id)
        if row.message_id is None:
            kwargs: dict[str, Any] = {} if buttons is None else {"view": buttons}
            posted = await channel.send(text, **kwargs)
            await self.store.set_message(row.id, posted.id)
            return posted.jump_url
        message = discord.PartialMessage(channel=channel, id=row.message_id)  # type: ignore[arg-type]
        await message.edit(content=text, view=buttons)
        return message.jump_url

    async def on_signup(
        self, interaction: discord.Interaction[Any], tournament_id: int, join: bool
    ) -> None:
        """Join or Leave was pressed on the sign-up message."""
        interaction.extras[EPHEMERAL_DEFER] = True
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.sign(interaction, tournament_id, join=join)

    async def sign(
        self, interaction: discord.Interaction[Any], tournament_id: int, *, join: bool
    ) -> None:
        """Enter the user in the tournament (or take them off its list), show it on the sign-up
        message, and tell them; the interaction is acknowledged privately already."""
        user = interaction.user
        self.messages.remember(user)
        async with self.lock(tournament_id):
            if join:
                player = Player(user.id, user_name(user))
                tournament = await self.tournaments.join(tournament_id, player)
            else:
                tournament = await self.tournaments.leave(tournament_id, user.id)
            await self.show_signup(tournament)
        t = Localizer(interaction.locale)
        key = "reply.tournament.joined" if join else "reply.tournament.left"
        await interaction.edit_original_response(content=t(key, tournament=tournament_id))

    # The scheduled event.

    async def schedule(self, tournament: Tournament) -> bool:
        """Put the tournament's start in the server's calendar, if it has a start time and
        the bot may (Manage Events); whether it did."""
        row = tournament.row
        guild = self.client.get_guild(row.guild_id)
        if row.starts_at is None or guild is None or not guild.me.guild_permissions.manage_events:
            return False
        t = Localizer(guild.preferred_locale)
        channel = guild.get_channel(row.channel_id)
        where = f"#{channel.name}" if channel is not None else f"#{row.channel_id}"
        event = await guild.create_scheduled_event(
            name=t(f"tournament.event.name.{row.kind}", tournament=row.id),
            description=t("tournament.event.description", channel=where),
            start_time=row.starts_at,
            end_time=row.starts_at + EVENT_LENGTH,
            entity_type=discord.EntityType.external,
            privacy_level=discord.PrivacyLevel.guild_only,
            location=where,
        )
        await self.store.set_event(row.id, event.id)
        return True

    async def follow_event(self, tournament: Tournament) -> None:
        """Keep the scheduled event in step: active at the start, completed at the end,
        cancelled with the tournament."""
        row = tournament.row
        guild = self.client.get_guild(row.guild_id)
        if row.event_id is None or guild is None:
            return
        try:
            event = await guild.fetch_scheduled_event(row.event_id)
            status = event.status
            if row.status is TournamentStatus.RUNNING and status is discord.EventStatus.scheduled:
                await event.start()
            elif row.status is TournamentStatus.FINISHED:
                if status is discord.EventStatus.scheduled:
                    event = await event.start()
                if event.status is discord.EventStatus.active:
                    await event.end()
            elif row.status is TournamentStatus.CANCELLED:
                if status is discord.EventStatus.scheduled:
                    await event.cancel()
                elif status is discord.EventStatus.active:
                    await event.end()
        except discord.HTTPException as error:
            self.log_event_failure(tournament, error)

    def log_event_failure(self, tournament: Tournament, error: discord.HTTPException) -> None:
        """The event is a courtesy: a server admin may have removed it, or the permission."""
        log.warning(
            "tournament #%s: its scheduled event is not up to date: %s", tournament.id, error
        )
