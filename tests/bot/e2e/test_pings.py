"""Turn pings across a restart: the next ping deletes the one the previous process sent."""

from __future__ import annotations

from bot.emulator import Emulator
from bot.store import Store
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import OPENING_31, click, command, start_game


async def test_a_ping_sent_before_a_restart_is_deleted_by_the_next_one(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        board = await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        first = await emulator.wait_for_message(
            emulator.general, lambda m: players.bob in m.notified and m is not board
        )
    assert (await store.get_game(1)).ping_message_id == first.id
    async with start_bot(OPENING_31):
        await click(emulator, store, players.bob, "roll")
        await command(emulator, players.bob, "move", {"play": "24/13"})
        second = await emulator.wait_for_message(
            emulator.general, lambda m: players.alice in m.notified and m is not board
        )
        await emulator.wait_until(lambda: True if first.deleted else None, "the old ping to go")
    assert (await store.get_game(1)).ping_message_id == second.id
    pings = [m for m in emulator.channel_messages(emulator.general) if m is not board]
    assert pings == [second]
