"""First contact: a directed backgammon challenge is accepted and the board appears."""

from __future__ import annotations

from bot.emulator import Emulator
from tests.bot.e2e.conftest import Players, StartBot, board_image


async def test_challenge_accept_shows_the_board(
    emulator: Emulator, start_bot: StartBot, players: Players
) -> None:
    async with start_bot():
        handle = await emulator.slash(players.alice, "backgammon", {"opponent": players.bob})
        message = await handle.original()
        print(message.content, message.custom_ids)
        click = await emulator.click(players.bob, message, message.custom_ids[0])
        await click.acknowledged()
        game = await emulator.wait_for_message(emulator.general, lambda m: bool(m.attachments))
        print(game.content, game.custom_ids)
        board_image(game)
