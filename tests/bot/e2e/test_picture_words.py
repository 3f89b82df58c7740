"""A French server's board picture and recap replay are described in French.

The server's locale is `fr`; Alice (whose own locale is English) challenges Bob, so she plays
White and, with the scripted opening roll 3-1, moves first. The game message is one message for
everyone, so its picture is worded like its text: in the server's language.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from bot.store import Store
from emulator import Emulator, ManualClock
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import (
    OPENING_31,
    WAIT,
    click,
    command,
    confirm,
    recap_message,
    start_game,
)

ENGLISH_WORDS = ("turn", "You", "point", "Pips:", "Cube", "Game over", "replay", "move")


@pytest.fixture
async def emulator(clock: ManualClock) -> AsyncIterator[Emulator]:
    """A local Discord whose one server speaks French."""
    emu = Emulator(clock=clock, guild_locale="fr")
    await emu.start()
    yield emu
    await emu.stop()
    emu.check()


async def test_a_french_servers_board_and_replay_are_described_in_french(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        [board] = message.attachments
        opening = board.description
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        await confirm(emulator, players.bob, "askresign", "resign:1")  # Bob, on roll, resigns
        await click(emulator, store, players.alice, "yes")
        recap = await emulator.wait_until(
            lambda: recap_message(emulator) if _has_recap(emulator) else None, "the recap", WAIT
        )
        [final] = message.attachments
    assert opening is not None
    # Everyone reads the board: the third person, numbered for Alice, who is on roll.
    assert opening.startswith("À Alice de jouer 3-1. Flèches numérotées pour Alice.")
    # BG-1: White's checkers on its 6, 8, 13 and 24 points, Black's in White's numbering.
    assert "Alice, avec les blancs : flèche 6 : 5, flèche 8 : 3, flèche 13 : 5, flèche 24 : 2." in (
        opening
    )
    assert "Bob, avec les noirs : flèche 1 : 2, flèche 12 : 5, flèche 17 : 3, flèche 19 : 5." in (
        opening
    )
    assert "Pips : Alice 167, Bob 167." in opening  # BG-1's 167 pips a side
    assert "vous" not in opening.lower() and " toi" not in opening.lower()
    assert not [word for word in ENGLISH_WORDS if word in opening]
    # Resigned: the final board says so, in French.
    assert final.description is not None
    assert final.description.startswith("Alice gagne une partie simple, Bob abandonne.")
    gif = next(a for a in recap.attachments if a.filename == "replay.gif")
    assert gif.description is not None
    assert gif.description.startswith("Rejeu animé de 1 coup. Position finale : ")
    assert not [word for word in ENGLISH_WORDS if word in gif.description]


def _has_recap(emulator: Emulator) -> bool:
    return any(
        a.filename == "replay.gif"
        for m in emulator.channel_messages(emulator.general)
        for a in m.attachments
    )
