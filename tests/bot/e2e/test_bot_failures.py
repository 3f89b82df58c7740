"""A computer that keeps failing, through the emulator: nothing is shown while its turn is put
off, then the game message apologizes, calls the game off and reveals the seed."""

from __future__ import annotations

import engine.checkers as ck
from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.bot_turns import MAX_BOT_FAILURES
from bot.service.clock import FakeClock
from bot.service.computer.checkers import SimpleCheckersPlayer
from bot.service.dice import SeededDice
from bot.service.kinds import SimplePlayer
from bot.store import GameKind, GameStatus, Store
from emulator import Emulator
from emulator.harness import CLIENT_OPTIONS, ErrorCapture, running
from tests.bot.e2e.conftest import SEEDS, AppErrors, Players
from tests.bot.e2e.drive import game_message


class BrokenComputer(SimpleCheckersPlayer):
    """Its process dies whenever it is asked to move."""

    def choose_move(self, game: ck.Game) -> ck.Move:
        """Never returns."""
        raise RuntimeError("the computer's process died")


async def test_a_game_the_computer_cannot_play_is_called_off_with_an_apology(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: ErrorCapture,
    app_errors: AppErrors,
) -> None:
    # Each failure is logged as an error for the operator, and so is the call-off.
    for _ in range(MAX_BOT_FAILURES):
        discord_errors.expect("the bot could not act in game #1.*process died")
    discord_errors.expect(f"the bot failed {MAX_BOT_FAILURES} times in game #1: called off")
    parts = PlayParts(
        dice=SeededDice(SEEDS),
        clock=game_clock,
        opponent=SimplePlayer({GameKind.CHECKERS: BrokenComputer()}),
    )
    client = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
    async with running(client, emulator) as bot:
        # Who starts is drawn by lot, so the seed has something to show once revealed.
        handle = await emulator.slash(
            players.alice, "checkers", {"opponent": emulator.bot_user, "first": "random"}
        )
        await handle.original()
        message = await game_message(emulator, store)
        # The first fixed seed draws the bot to start, and it cannot.
        assert (await store.get_game(1)).to_move_id == emulator.bot_user.id
        shown = message.content
        swept = []
        for _ in range(MAX_BOT_FAILURES - 1):
            row = await store.get_game(1)
            assert row.status is GameStatus.ACTIVE and row.turn_deadline is not None
            game_clock.advance(row.turn_deadline - game_clock.now())
            swept.append(await bot.actions.sweep())
        # Each retry put off showed nothing; the last try called the game off.
        assert swept == [0] * (MAX_BOT_FAILURES - 2) + [1]
        await emulator.wait_until(
            lambda: True if "Sorry — the computer could not play" in message.content else None,
            "the apology",
        )
    assert shown != message.content
    row = await store.get_game(1)
    assert row.status is GameStatus.CANCELLED and row.dice_secret
    assert "No result, unrated." in message.content and row.dice_secret in message.content
    assert len(discord_errors.expected) == MAX_BOT_FAILURES + 1
    # Duelboard's own logger saw the same records: expected here, so they fail nothing.
    logged = [record.getMessage() for record in app_errors.records]
    assert logged == ["the bot could not act in game #1"] * MAX_BOT_FAILURES + [
        f"the bot failed {MAX_BOT_FAILURES} times in game #1: called off"
    ]
    app_errors.records.clear()
