"""Achievements through Discord: earned from a scripted game's record, announced in its recap
and listed by /stats with when; nothing from an aborted game, nothing for the loser."""

from __future__ import annotations

from bot.store import GameStatus, Store
from bot.store.achievements import AchievementStore
from emulator import Emulator, Message
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import (
    OPENING_31,
    WAIT,
    click,
    command,
    game_message,
    recap_message,
    start_game,
)


async def test_a_gammon_won_by_resignation_earns_first_win_and_gammon_in_recap_and_stats(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        # An aborted game first: it earns nobody anything.
        aborted = await start_game(
            emulator, store, players.carol, players.alice, "checkers", first="challenger"
        )
        await command(emulator, players.alice, "abort")
        await emulator.wait_until(lambda: not aborted.custom_ids or None, "the abort", WAIT)
        assert (await store.get_game(1)).status is GameStatus.CANCELLED
        # Alice offers to resign a gammon on her first turn; Bob accepts.
        await command(emulator, players.alice, "backgammon", {"opponent": players.bob})
        await game_message(emulator, store, 2)
        await click(emulator, store, players.bob, "accept", 2)
        await command(emulator, players.alice, "resign", {"level": "2"})
        await click(emulator, store, players.bob, "yes", 2)
        recap = await emulator.wait_until(
            lambda: _recap(emulator), "the recap with its achievements", WAIT
        )
        bobs = await command(emulator, players.carol, "stats", {"player": players.bob})
        alices = await command(emulator, players.carol, "stats", {"player": players.alice})
    lines = recap.content.splitlines()
    assert "Bob earned **First win**: Won a finished game for the first time." in lines
    assert "Bob earned **Gammon**: Won a gammon at backgammon." in lines
    assert not any(line.startswith("Alice earned") for line in lines)
    finished = (await store.get_game(2)).updated_at
    when = f"<t:{int(finished.timestamp())}:R>"
    assert f"Achievements: First win ({when}), Gammon ({when})" in bobs.content.splitlines()
    assert "Achievements" not in alices.content
    kept = await AchievementStore(store).of(players.bob.id)
    assert {(one.code, one.game_id) for one in kept} == {("first_win", 2), ("gammon", 2)}


def _recap(emulator: Emulator) -> Message | None:
    try:
        recap = recap_message(emulator)
    except ValueError:
        return None
    return recap if "earned" in recap.content else None
