"""`/board private`: a player sees the board from their own side, spoken to as "you",
with the position as text that GNU Backgammon and a draughts program load; the public message
stays as it is. The IDs are checked by loading them into gnubg and py-draughts (test oracles)."""

from __future__ import annotations

import re

import draughts
import gnubg

from bot.store import Store
from emulator import Emulator, Message
from engine.backgammon import Play, Position, Side
from engine.checkers import Color, Game
from render import BackgammonScene, CheckersScene, Prompt, render_png
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import OPENING_31, command, move, start_game

DAY = 86_400


def own_points(points: dict[int, int]) -> tuple[int, ...]:
    """gnubg's 25 counts for one side: its own points 1-24, then its bar."""
    return tuple(points.get(point, 0) for point in range(1, 26))


def snapshot(emulator: Emulator, message: Message) -> tuple[int, bytes, int]:
    """What everyone sees: the board's edits and picture, and how many messages there are."""
    return message.edits, board_image(message), len(emulator.channel_messages(emulator.general))


async def test_a_backgammon_player_sees_their_side_and_ids_gnubg_loads(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31) as bot:
        message = await start_game(emulator, store, players.alice, players.bob)
        await move(emulator, message, players.alice, "8/5 6/5")
        await bot.messages.pings.settle()  # the stale ping's delete comes after the move
        before = snapshot(emulator, message)
        reply = await command(emulator, players.alice, "board", {"private": True})
        after = snapshot(emulator, message)
    assert reply.ephemeral and after == before  # the public message is untouched
    assert reply.content.startswith("Game #1 from your side (only you see this).")
    ids = re.search(
        r"Position ID `([A-Za-z0-9+/]{14})`, Match ID `([A-Za-z0-9+/]{12})`", reply.content
    )
    assert ids is not None
    gnubg.set_gnubg_id(f"{ids.group(1)}:{ids.group(2)}")
    # BG-1 after White's 8/5 6/5: Black (gnubg's player 1) on roll, its own 24, 13, 8, 6 intact.
    black = own_points({24: 2, 13: 5, 8: 3, 6: 5})
    white = own_points({24: 2, 13: 5, 8: 2, 6: 4, 5: 2})
    assert gnubg.board() == (white, black)  # (the side waiting, the side on roll)
    cube = gnubg.cube_info()
    assert (cube["cube"], cube["cubeowner"], cube["matchto"], cube["move"]) == (1, -1, 0, 1)
    assert gnubg.pos_info()["dice"] == (0, 0)  # Bob has not rolled yet
    # The picture: Alice's side at the bottom and her numbering, spoken to her.
    start = Position.initial()
    [play] = [p for p in start.legal_plays((3, 1)) if p.notation() == "8/5 6/5"]
    assert board_image(reply) == render_png(_alices_view(start.apply(play), play), width=800)
    [attachment] = reply.attachments
    assert attachment.description is not None
    assert attachment.description.startswith("Bob's turn, to roll. You are Alice, White;")


def _alices_view(position: Position, play: Play) -> BackgammonScene:
    return BackgammonScene(
        position,
        names=("Alice", "Bob"),
        prompt=Prompt.ROLL,
        last_play=play,
        reader=Side.WHITE,
        clock=(Side.BLACK, DAY),
    )


async def test_a_checkers_player_gets_a_fen_py_draughts_loads(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """English draughts: Alice starts, so she plays Black (CK-2); 11-15, 22-18, 15x22 forced."""
    async with start_bot() as bot:
        message = await start_game(
            emulator,
            store,
            players.alice,
            players.bob,
            "checkers",
            variant="english",
            first="challenger",
        )
        await move(emulator, message, players.alice, "11-15")
        await move(emulator, message, players.bob, "22-18")
        await bot.messages.pings.settle()  # the stale ping's delete comes after the move
        before = snapshot(emulator, message)
        reply = await command(emulator, players.bob, "board", {"private": True})
        after = snapshot(emulator, message)
    assert reply.ephemeral and after == before
    fen = re.search(r"`([WB]:[WB][^`]*)`", reply.content)
    assert fen is not None
    board = draughts.AmericanBoard.from_fen(fen.group(1))
    game = Game.new("english").play("11-15").play("22-18").play("15x22")
    # py-draughts numbers squares 1-32 as PDN does: + for Black, - for White, 2 for a king.
    expected = [0] * 32
    for square, piece in game.position.pieces():
        sign = 1 if piece.color is Color.BLACK else -1
        expected[square - 1] = sign * (2 if piece.king else 1)
    assert list(board.position) == expected
    assert board.turn == draughts.Color.WHITE
    # Bob (French) sees White at the bottom and is spoken to as "tu".
    [attachment] = reply.attachments
    assert attachment.description is not None
    assert attachment.description.startswith("À toi, la prise est obligatoire.")
    assert "Tu es Bob, avec les blancs, en bas." in attachment.description
    public = CheckersScene(game.position, viewer=Color.BLACK)
    assert board_image(reply) != render_png(public, width=800)


async def test_a_spectator_sees_the_public_board_privately_with_the_ids(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        reply = await command(emulator, players.carol, "board", {"private": True})
    assert reply.ephemeral
    assert reply.content.startswith("Game #1 as everyone sees it: you are not playing in it")
    assert "Position ID `4HPwATDgc/ABMA`" in reply.content  # BG-1's opening position
    assert board_image(reply) == board_image(message)


async def test_no_private_board_before_the_challenge_is_accepted(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot():
        await command(emulator, players.alice, "checkers", {"opponent": players.bob})
        before = await store.get_game(1)
        reply = await command(emulator, players.alice, "board", {"private": True})
        after = await store.get_game(1)
    assert reply.ephemeral and not reply.attachments
    assert reply.content == "Game #1 has not started: there is no board to show yet."
    assert after == before  # nothing changed
