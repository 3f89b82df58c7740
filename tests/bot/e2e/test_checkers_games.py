"""Whole checkers games through Discord: box and English rules, by menu and by /move."""

from __future__ import annotations

import pytest

from bot.store import GameStatus, Store
from emulator import Emulator
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import (
    ck_session,
    click,
    command,
    game_message,
    no_ping_left,
    pick,
    recap_files,
)

MAX_PLIES = 600


@pytest.mark.parametrize("variant", ["box", "english"])
async def test_whole_checkers_game_to_the_end(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store, variant: str
) -> None:
    users = {players.alice.id: players.alice, players.bob.id: players.bob}
    async with start_bot():
        handle = await emulator.slash(
            players.alice,
            "checkers",
            {"opponent": players.bob, "variant": variant, "first": "challenger"},
        )
        await handle.original()
        await click(emulator, store, players.bob, "accept")
        session = await ck_session(store)
        assert session.seats is not None
        first = users[session.seats[session.actor()]]  # type: ignore[index]
        assert first is players.alice  # `first: challenger` (CK-2)
        by_menu = by_command = 0
        for ply in range(MAX_PLIES):
            row = await store.get_game(1)
            if not row.status.is_open:
                break
            session = await ck_session(store)
            assert session.game is not None and session.seats is not None
            actor = users[session.seats[session.actor()]]  # type: ignore[index]
            moves = session.game.position.legal_moves()
            text = moves[(ply * 3) % len(moves)].pdn()
            message = await game_message(emulator, store)
            assert f"<@{actor.id}>" in message.content  # the player to move is mentioned
            menu = [c for c in message.custom_ids if c.startswith("dbp:")]
            if ply % 2 == 0 and menu:
                await pick(emulator, store, actor, text)
                by_menu += 1
            else:
                reply = await command(emulator, actor, "move", {"play": text})
                assert reply.ephemeral and text in reply.content
                by_command += 1
        else:
            raise AssertionError("the game did not end")
        assert by_menu and by_command
        row = await store.get_game(1)
        assert row.status is GameStatus.FINISHED
        message = await game_message(emulator, store)
        board_image(message)
        assert message.custom_ids == ["db:1:rematch"]
        # `first: challenger` left nothing to chance: no seed to reveal, and never dice.
        assert "seed" not in message.content.lower() and "dice" not in message.content.lower()
        assert ("wins" in message.content) or ("Draw" in message.content)
        await no_ping_left(emulator, store)  # the last move ends the game: nobody is called
        files = recap_files(emulator)
    assert files["replay.gif"].startswith(b"GIF8")
    record = files["duelboard-1.pdn"].decode()
    assert f'[Variant "{variant}"]' in record and '[White "' in record
