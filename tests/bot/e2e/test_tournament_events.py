"""A tournament's scheduled event on the server's calendar: made when the bot may, following the
tournament from its start to its end; without Manage Events the reply says none was made."""

from __future__ import annotations

from datetime import timedelta

from bot.service.clock import FakeClock
from bot.store import Store
from emulator import Emulator
from emulator.building import BOT_PERMISSIONS
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import command
from tests.bot.e2e.tournament_drive import (
    FollowUps,
    finished,
    join_all,
    pairings,
    resign_in_thread,
    round_paired,
    tournament,
)

MANAGE_EVENTS = 1 << 33


async def test_a_scheduled_event_follows_the_tournament_when_the_bot_may_make_one(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    emulator.state.wall = game_clock.now  # Discord's calendar runs on the bot's clock here
    await emulator.set_bot_permissions(BOT_PERMISSIONS | MANAGE_EVENTS)
    alice, bob = players.alice, players.bob
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        made = await command(
            emulator,
            alice,
            "tournament create",
            {"game": "checkers", "format": "knockout", "start": "2h"},
        )
        assert "No event" not in made.content
        [event] = emulator.guild.events.values()
        assert event.name == "Checkers tournament #1" and event.status == 1
        assert event.start == game_clock.now() + timedelta(hours=2)
        assert (await tournament(store)).event_id == event.id
        await join_all(emulator, [alice, bob])
        game_clock.advance(timedelta(hours=2))
        assert await bot.tournament_actions.sweep() == 1  # the start time came
        await round_paired(store, 1)
        assert event.status == 2  # active
        [final] = await pairings(store, 1, 1)
        await resign_in_thread(emulator, store, bob, final.game_id or 0)
        await follow_ups.after(final.game_id or 0)
        await finished(emulator, store)
    assert event.status == 3  # completed


async def test_without_manage_events_the_reply_says_no_event_was_made(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        made = await command(
            emulator,
            players.alice,
            "tournament create",
            {"game": "backgammon", "format": "round_robin", "start": "1d", "points": 3},
        )
        await command(emulator, players.alice, "tournament cancel")
    assert "the bot needs the Manage Events permission" in made.content
    assert not emulator.guild.events
    assert (await tournament(store)).options["match_length"] == 3
