"""Scheduled events through discord.py: made with Manage Events, refused as Discord refuses
them (no permission, a start in the past, an end before the start, a status out of order)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import discord
import pytest

from emulator import Emulator
from emulator.building import BOT_PERMISSIONS
from emulator.fixtures import StartClient
from emulator.harness import CLIENT_OPTIONS

MANAGE_EVENTS = discord.Permissions(manage_events=True).value
NOW = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)


def client() -> discord.Client:
    """A plain client with the guilds intent."""
    return discord.Client(intents=discord.Intents(guilds=True), **CLIENT_OPTIONS)


async def make(bot: discord.Client, emulator: Emulator, start: datetime, end: datetime) -> object:
    """An external event in the emulator's first server."""
    guild = bot.get_guild(emulator.guild.id)
    assert guild is not None
    return await guild.create_scheduled_event(
        name="Checkers tournament #1",
        description="Sign up in #general",
        start_time=start,
        end_time=end,
        entity_type=discord.EntityType.external,
        privacy_level=discord.PrivacyLevel.guild_only,
        location="#general",
    )


async def test_an_event_is_made_started_and_ended(
    emulator: Emulator, start_client: StartClient
) -> None:
    emulator.state.wall = lambda: NOW
    await emulator.set_bot_permissions(BOT_PERMISSIONS | MANAGE_EVENTS)
    async with start_client(client()) as bot:
        made = await make(bot, emulator, NOW + timedelta(hours=2), NOW + timedelta(days=1))
        assert isinstance(made, discord.ScheduledEvent)
        assert made.status is discord.EventStatus.scheduled
        assert made.location == "#general" and made.start_time == NOW + timedelta(hours=2)
        guild = bot.get_guild(emulator.guild.id)
        assert guild is not None
        fetched = await guild.fetch_scheduled_event(made.id)
        active = await fetched.start()
        assert active.status is discord.EventStatus.active
        with pytest.raises(discord.HTTPException) as backwards:
            # An active event ends; it is not cancelled (discord.py would not even ask).
            await bot.http.edit_scheduled_event(guild.id, made.id, status=4)
        assert backwards.value.code == 50035
        ended = await active.end()
        assert ended.status is discord.EventStatus.completed
    [stored] = emulator.guild.events.values()
    assert stored.status == 3 and stored.name == "Checkers tournament #1"


async def test_events_are_refused_as_discord_refuses_them(
    emulator: Emulator, start_client: StartClient
) -> None:
    emulator.state.wall = lambda: NOW
    async with start_client(client()) as bot:
        with pytest.raises(discord.Forbidden) as denied:
            await make(bot, emulator, NOW + timedelta(hours=1), NOW + timedelta(hours=2))
        assert denied.value.code == 50013  # the bot lacks Manage Events
        await emulator.set_bot_permissions(BOT_PERMISSIONS | MANAGE_EVENTS)
        with pytest.raises(discord.HTTPException) as past:
            await make(bot, emulator, NOW - timedelta(hours=1), NOW + timedelta(hours=2))
        assert past.value.code == 50035 and "past" in past.value.text
        with pytest.raises(discord.HTTPException) as backwards:
            await make(bot, emulator, NOW + timedelta(hours=2), NOW + timedelta(hours=1))
        assert backwards.value.code == 50035
    assert not emulator.guild.events
