"""Server settings (Manage Server only), games in threads, /board, draw offers, abort, resign."""

from __future__ import annotations

from bot.store import GameStatus, Store
from emulator import DriverError, Emulator
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import ck_session, click, command, confirm, game_message, start_game

MANAGE_GUILD = 0x20


async def test_settings_need_manage_server_and_are_applied(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    admin = emulator.add_member("admin", permissions=MANAGE_GUILD)
    async with start_bot():
        try:
            await emulator.slash(players.alice, "settings", {})
        except DriverError as error:
            assert "needs permissions" in str(error)  # Discord does not even offer it
        else:
            raise AssertionError("/settings was offered to a member without Manage Server")
        reply = await command(emulator, admin, "settings", {"games": "checkers", "time": "2h"})
        assert "2 hours" in reply.content and "Checkers" in reply.content
        refused = await command(emulator, players.alice, "backgammon", {})
        assert "switched off" in refused.content
        await command(emulator, players.alice, "checkers", {})
        row = await store.get_game(1)
    assert row.options["time_limit"] == 2 * 3600  # the server's default time per move


async def test_games_in_threads(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    admin = emulator.add_member("admin", permissions=MANAGE_GUILD)
    async with start_bot():
        await command(emulator, admin, "settings", {"threads": True})
        reply = await command(emulator, players.alice, "checkers", {"opponent": players.bob})
        row = await store.get_game(1)
        assert row.channel_id != emulator.general.id
        thread = emulator.channel(row.channel_id)
        assert thread.is_thread and f"/{thread.id}/" in reply.content  # a link into the thread
        challenge = await emulator.wait_for_message(thread, lambda m: bool(m.custom_ids))
    assert challenge.custom_ids == ["db:1:accept", "db:1:decline", "db:1:cancel"]


async def test_board_is_posted_again_at_the_bottom(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        old = await start_game(emulator, store, players.alice, players.bob, "checkers")
        reply = await command(emulator, players.bob, "board")
        new = await game_message(emulator, store)
    assert reply.ephemeral
    assert new is not old and new.attachments and new.custom_ids
    assert old.custom_ids == [] and old.attachments == []
    assert emulator.channel_messages(emulator.general)[-1] is new


async def test_draw_offer_declined_then_resignation_confirmed_ck(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        message = await click(emulator, store, players.alice, "draw")
        assert message.custom_ids == ["db:1:yes", "db:1:no"]
        message = await click(emulator, store, players.bob, "no")
        assert "declines the draw" in message.content
        await confirm(emulator, players.alice, "askresign", "resign:1")
        row = await store.get_game(1)
        assert row.status is GameStatus.FINISHED and row.winner_id == players.bob.id
        assert "resigns" in message.content
        # Rematch: a new challenge from the one who pressed, colours and first move swapped.
        press = await emulator.click(players.bob, message, "db:1:rematch")
        await press.acknowledged()
        rematch = await game_message(emulator, store, 2)
        assert rematch.custom_ids == ["db:2:accept", "db:2:decline", "db:2:cancel"]
        await click(emulator, store, players.alice, "accept", game_id=2)
        second = await ck_session(store, 2)
    assert second.seats is not None
    first_seats = (await ck_session(store, 1)).seats
    assert first_seats is not None and second.seats == (first_seats[1], first_seats[0])


async def test_abort_before_both_sides_moved(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        message = await start_game(emulator, store, players.alice, players.bob, "checkers")
        reply = await command(emulator, players.bob, "abort")
    assert reply.ephemeral
    assert (await store.get_game(1)).status is GameStatus.CANCELLED
    assert "called the game off" in message.content and message.custom_ids == []
