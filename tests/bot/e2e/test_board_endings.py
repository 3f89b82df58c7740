"""The final board says how the game ended: after a resignation, a win on time, an
agreed draw or an abort it never says that someone is to move, in the picture or its alt text."""

from __future__ import annotations

from datetime import timedelta

from bot.service.clock import FakeClock
from bot.store import GameStatus, Store
from emulator import Emulator, Message
from engine.backgammon import Position, Side
from engine.checkers import Color, EndReason, Game, GameResult
from render import BackgammonScene, CheckersScene, Prompt, render_png
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import OPENING_31, WAIT, click, command, confirm, start_game

NAMES = ("Alice", "Bob")  # Alice challenges and starts: she plays White in both games
START = Game.new("box").position


def final_alt(message: Message) -> str:
    """The alt text of the board, which must not ask anyone to move any more."""
    [attachment] = message.attachments
    text = attachment.description
    assert text is not None
    assert "to move" not in text and "turn" not in text and "to play" not in text, text
    return text


def checkers_final(caption: str | None = None, result: GameResult | None = None) -> bytes:
    """The box-rules start position, seen from White (who moves first), ended as given."""
    scene = CheckersScene(START, names=NAMES, viewer=Color.WHITE, caption=caption, result=result)
    return render_png(scene, width=800)


async def test_a_resigned_checkers_game_says_who_resigned(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        message = await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await confirm(emulator, players.alice, "askresign", "resign:1")
        await emulator.wait_until(
            lambda: True if "db:1:rematch" in message.custom_ids else None, "the end", WAIT
        )
    assert (await store.get_game(1)).status is GameStatus.FINISHED
    assert board_image(message) == checkers_final(caption="Bob wins: Alice resigned")
    assert final_alt(message).startswith("Bob wins: Alice resigned. Checkers (box rules), 8×8.")


async def test_a_checkers_game_lost_on_time_says_so(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    async with start_bot() as bot:
        message = await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger", time="10m"
        )
        game_clock.advance(timedelta(minutes=11))
        await bot.actions.sweep()
        await emulator.wait_until(
            lambda: True if "db:1:rematch" in message.custom_ids else None, "the end", WAIT
        )
    assert board_image(message) == checkers_final(caption="Bob wins on time")
    assert final_alt(message).startswith("Bob wins on time. ")


async def test_a_backgammon_game_lost_on_time_hides_the_dice_and_says_so(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    async with start_bot(OPENING_31) as bot:
        message = await start_game(emulator, store, players.alice, players.bob, time="10m")
        game_clock.advance(timedelta(minutes=11))  # Alice never plays her opening 3-1
        await bot.actions.sweep()
        await emulator.wait_until(
            lambda: True if "db:1:rematch" in message.custom_ids else None, "the end", WAIT
        )
    expected = BackgammonScene(
        Position.initial(),
        names=NAMES,
        prompt=Prompt.GAME_OVER,
        viewer=Side.WHITE,
        caption="Bob wins on time",
    )
    assert board_image(message) == render_png(expected, width=800)
    assert final_alt(message).startswith("Bob wins on time. ")


async def test_a_passed_double_says_who_passed(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await command(emulator, players.alice, "move", {"play": "8/5 6/5"})
        await click(emulator, store, players.bob, "double")
        await confirm(emulator, players.alice, "askdrop", "drop")
        await emulator.wait_until(
            lambda: True if "db:1:rematch" in message.custom_ids else None, "the end", WAIT
        )
    assert final_alt(message).startswith("Bob wins: Alice passed the double. ")


async def test_an_agreed_draw_says_so(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        message = await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await click(emulator, store, players.alice, "draw")
        await click(emulator, store, players.bob, "yes")
    drawn = GameResult(None, EndReason.AGREEMENT)
    assert board_image(message) == checkers_final(result=drawn)
    assert final_alt(message).startswith("Draw: draw agreed. ")


async def test_an_aborted_game_says_it_was_called_off(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        message = await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await command(emulator, players.bob, "abort")
        await emulator.wait_until(
            lambda: True if not message.custom_ids else None, "the closed board", WAIT
        )
    assert (await store.get_game(1)).status is GameStatus.CANCELLED
    assert board_image(message) == checkers_final(caption="Game called off: no result")
    assert final_alt(message).startswith("Game called off: no result. ")
