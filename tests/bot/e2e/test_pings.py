"""Turn pings: one at most per game, across a restart, and none left once the game is over."""

from __future__ import annotations

from datetime import timedelta

from bot.frontend.recent import Recent
from bot.service.clock import FakeClock
from bot.store import GameStatus, Store
from emulator import Emulator, Message, User
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import (
    OPENING_31,
    WAIT,
    ck_session,
    click,
    command,
    confirm,
    game_message,
    live_pings,
    no_ping_left,
    start_game,
)


async def pinged(emulator: Emulator, user: User) -> Message:
    """Wait until the one live ping is the one calling `user`."""

    def probe() -> Message | None:
        pings = live_pings(emulator)
        return pings[0] if len(pings) == 1 and pings[0].notified == [user] else None

    return await emulator.wait_until(probe, f"the ping of {user.name}")


async def start_checkers(emulator: Emulator, store: Store, players: Players) -> None:
    """Alice challenges Bob to checkers, moving first; Bob accepts."""
    await start_game(emulator, store, players.alice, players.bob, "checkers", first="challenger")


async def checkers_move(emulator: Emulator, store: Store, user: User) -> None:
    """Play the first legal move by /move."""
    session = await ck_session(store)
    assert session.game is not None
    text = session.game.position.legal_moves()[0].pdn()
    await command(emulator, user, "move", {"play": text})


async def test_a_ping_sent_before_a_restart_is_deleted_by_the_next_one(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        first = await emulator.wait_for_message(
            emulator.general, lambda m: players.bob in m.notified and m is not message
        )
    assert (await store.get_game(1)).ping_message_id == first.id
    async with start_bot(OPENING_31):
        await click(emulator, store, players.bob, "roll")
        await command(emulator, players.bob, "move", {"play": "24/13"})
        second = await emulator.wait_for_message(
            emulator.general, lambda m: players.alice in m.notified and m is not message
        )
        await emulator.wait_until(lambda: True if first.deleted else None, "the old ping to go")
    assert (await store.get_game(1)).ping_message_id == second.id
    pings = [m for m in emulator.channel_messages(emulator.general) if m is not message]
    assert pings == [second]


async def test_a_ping_sent_before_a_restart_is_deleted_when_the_game_ends_after_it(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await checkers_move(emulator, store, players.alice)
        await pinged(emulator, players.bob)
    async with start_bot():
        await command(emulator, players.bob, "abort")
        await no_ping_left(emulator, store)


async def test_the_last_ping_goes_when_a_checkers_player_resigns(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await checkers_move(emulator, store, players.alice)
        await pinged(emulator, players.bob)
        await confirm(emulator, players.bob, "askresign", "resign:1")
        await no_ping_left(emulator, store)
    assert (await store.get_game(1)).winner_id == players.alice.id


async def test_the_last_ping_goes_when_a_backgammon_resignation_is_accepted(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        await pinged(emulator, players.bob)
        await command(emulator, players.bob, "resign", {"level": "1"})
        await pinged(emulator, players.alice)  # to accept or decline
        await click(emulator, store, players.alice, "yes")
        await no_ping_left(emulator, store)
    assert (await store.get_game(1)).winner_id == players.alice.id


async def test_the_last_ping_goes_when_a_double_is_passed(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        await click(emulator, store, players.bob, "double")
        await pinged(emulator, players.alice)  # to take or pass
        await confirm(emulator, players.alice, "askdrop", "drop")
        await no_ping_left(emulator, store)
    assert (await store.get_game(1)).winner_id == players.bob.id


async def test_the_last_ping_goes_when_a_draw_is_agreed(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await checkers_move(emulator, store, players.alice)
        await click(emulator, store, players.bob, "draw")
        await pinged(emulator, players.alice)  # to accept or decline
        await click(emulator, store, players.alice, "yes")
        await no_ping_left(emulator, store)
    row = await store.get_game(1)
    assert row.status is GameStatus.FINISHED and row.winner_id is None


async def test_the_last_ping_goes_when_the_game_is_aborted(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await checkers_move(emulator, store, players.alice)
        await pinged(emulator, players.bob)
        await command(emulator, players.bob, "abort")
        await no_ping_left(emulator, store)
    assert (await store.get_game(1)).status is GameStatus.CANCELLED


async def test_the_reminder_pings_the_sleeper_and_the_last_ping_goes_on_a_win_on_time(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    async with start_bot() as bot:
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger", time="10m"
        )
        await pinged(emulator, players.alice)  # first to move
        game_clock.advance(timedelta(minutes=7, seconds=31))  # past three quarters of 10 min
        assert await bot.actions.sweep() == 1
        reminder = await emulator.wait_for_message(
            emulator.general, lambda m: "three quarters of" in m.content
        )
        assert reminder.notified == [players.alice]
        game_clock.advance(timedelta(minutes=2, seconds=30))
        assert await bot.actions.sweep() == 1
        await no_ping_left(emulator, store)
        await emulator.wait_until(
            lambda: True if reminder.deleted else None, "the reminder to go", WAIT
        )
    assert (await store.get_game(1)).winner_id == players.bob.id
    assert "ran out of time" in (await game_message(emulator, store)).content


async def test_the_reminder_replaces_the_turn_ping_and_goes_when_the_game_ends(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    async with start_bot() as bot:
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger", time="10m"
        )
        await checkers_move(emulator, store, players.alice)
        turn_ping = await pinged(emulator, players.bob)
        game_clock.advance(timedelta(minutes=8))  # past three quarters of Bob's 10 minutes
        assert await bot.actions.sweep() == 1
        reminder = await emulator.wait_for_message(
            emulator.general, lambda m: "three quarters of" in m.content
        )
        assert reminder.notified == [players.bob]
        # One line at most calls a player: the reminder is the game's ping now.
        await emulator.wait_until(
            lambda: True if turn_ping.deleted else None, "the turn ping to go", WAIT
        )
        assert (await store.get_game(1)).ping_message_id == reminder.id
        await confirm(emulator, players.bob, "askresign", "resign:1")
        await no_ping_left(emulator, store)
        await emulator.wait_until(
            lambda: True if reminder.deleted else None, "the reminder to go", WAIT
        )
    assert (await store.get_game(1)).winner_id == players.alice.id


async def test_a_finished_games_entries_leave_the_game_messages_memory(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot() as bot:
        messages = bot.messages
        await start_checkers(emulator, store, players)
        await checkers_move(emulator, store, players.alice)
        await pinged(emulator, players.bob)
        assert 1 in messages._pings and 1 in messages._where_cache
        await confirm(emulator, players.bob, "askresign", "resign:1")
        await no_ping_left(emulator, store)
        assert 1 not in messages._pings and 1 not in messages._where_cache
    # Per user and per game, memory is bounded whatever the number of games and players.
    caches = (messages._names, messages._pings, messages._where_cache)
    assert all(isinstance(cache, Recent) for cache in caches)
