"""The picture on the game message, end to end: the last move, the clock of the
player to act, a board that holds still, words in the third person, the server's theme.

Expected pictures are drawn here by the renderer from positions this test plays itself with
scripted dice (the engine applies the plays: it is the rules, not the code under test), so a
board the bot builds wrongly (no last move, flipped, another clock) differs byte for byte.
"""

from __future__ import annotations

import io
import re
from dataclasses import replace
from datetime import timedelta

from PIL import Image

from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.clock import FakeClock
from bot.service.kinds import SimplePlayer
from bot.store import Store
from emulator import Emulator, Message
from emulator.harness import CLIENT_OPTIONS, running
from engine.backgammon import Play, Position, Side
from engine.checkers import Color, Game
from render import DARK, LIGHT, BackgammonLayout, BackgammonScene, CheckersScene, Prompt, render_png
from render.backgammon_scene import status_line as backgammon_prompt
from render.checkers import status_line as checkers_prompt
from tests.bot.e2e.conftest import Players, StartBot, board_image
from tests.bot.e2e.drive import (
    OPENING_31,
    WAIT,
    after_edit,
    click,
    command,
    confirm,
    game_message,
    move,
    recap_message,
    start_game,
)

DAY = 86_400  # the default time per move, in seconds: the game clock stands still in tests
NAMES = ("Alice", "Bob")  # alice challenges, so she plays White
LAYOUT = BackgammonLayout(800)


def play_of(position: Position, dice: tuple[int, int], text: str) -> Play:
    """The legal play written `text` (the test's script, checked by the rules)."""
    [play] = [p for p in position.legal_plays(dice) if p.notation() == text]
    return play


def png(scene: BackgammonScene | CheckersScene, *, dark: bool = False) -> bytes:
    """What the renderer draws for `scene`, at the bot's size."""
    return render_png(scene, theme=DARK if dark else LIGHT, width=800)


def colour_at(data: bytes, at: tuple[float, float]) -> tuple[int, int, int]:
    """The colour of one pixel of a PNG."""
    image = Image.open(io.BytesIO(data)).convert("RGB")
    value = image.getpixel((round(at[0]), round(at[1])))
    assert isinstance(value, tuple)
    return (value[0], value[1], value[2])


def alt_text(message: Message) -> str:
    """The board's alt text."""
    [attachment] = message.attachments
    assert attachment.description is not None
    return attachment.description


async def test_the_last_play_is_drawn_and_the_board_holds_still(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    start = Position.initial()
    play = play_of(start, (3, 1), "8/5 6/5")
    after = start.apply(play)
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        opening = board_image(message)
        await move(emulator, message, players.alice, "8/5 6/5")
        answered = board_image(message)
        answered_alt = alt_text(message)
        await click(emulator, store, players.bob, "roll")  # roll 2 of the script: 6-5
        rolled = board_image(message)
    # Alice (White) opened with 3-1: her clock, points numbered for her, no last play yet.
    assert opening == png(
        BackgammonScene(
            start,
            names=NAMES,
            dice=(3, 1),
            prompt=Prompt.MOVE,
            viewer=Side.WHITE,
            clock=(Side.WHITE, DAY),
        )
    )
    # Bob to roll: the same geometry (White's home bottom right), numbered for Bob, Bob's
    # clock, and Alice's play marked.
    expected = BackgammonScene(
        after,
        names=NAMES,
        prompt=Prompt.ROLL,
        last_play=play,
        viewer=Side.WHITE,
        numbered_for=Side.BLACK,
        clock=(Side.BLACK, DAY),
    )
    assert answered == png(expected)
    assert answered != png(replace(expected, last_play=None))
    assert answered != png(replace(expected, viewer=Side.BLACK))  # what a flipped board shows
    # White's 6-point stays bottom right on every post: the board does not turn round.
    for posted in (opening, answered, rolled):
        assert colour_at(posted, LAYOUT.checker_centre(6, 0)) == LIGHT.light_piece
    # The roll keeps Alice's play on the board until Bob plays.
    assert rolled == png(replace(expected, dice=(6, 5), prompt=Prompt.MOVE))
    # Everyone reads the alt text: the third person.
    assert answered_alt.startswith("Bob to roll. Points are numbered from Bob's side.")
    assert "Last play by Alice: 8/5 6/5, in Alice's numbering." in answered_alt
    assert "Bob had 1d 0h left to play when this picture was drawn." in answered_alt
    assert not re.search(r"\b(you|your)\b", answered_alt, re.IGNORECASE)


async def test_after_a_restart_the_board_keeps_the_last_play_and_the_clock_runs_down(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    start = Position.initial()
    play = play_of(start, (3, 1), "8/5 6/5")
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await move(emulator, message, players.alice, "8/5 6/5")
    game_clock.advance(timedelta(hours=6))  # a quarter of Bob's day gone
    async with start_bot(OPENING_31):
        await command(emulator, players.bob, "board")
        reposted = await game_message(emulator, store)
    assert reposted is not message
    assert board_image(reposted) == png(
        BackgammonScene(
            start.apply(play),
            names=NAMES,
            prompt=Prompt.ROLL,
            last_play=play,
            viewer=Side.WHITE,
            numbered_for=Side.BLACK,
            clock=(Side.BLACK, DAY - DAY // 4),
        )
    )
    assert "Bob had 18h 00m left to play" in alt_text(reposted)


async def test_a_forced_capture_is_the_last_move_shown(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """English draughts: Black (alice, the starter) 11-15, White 22-18; 15x22 is then Black's
    only move (CK-5), which the service plays by itself: the board marks it, capture and all."""
    async with start_bot():
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
        posted = board_image(message)
        alt = alt_text(message)
    game = Game.new("english").play("11-15").play("22-18").play("15x22")
    # English draughts: Black moves first and keeps the bottom, as the recap's replay does.
    expected = CheckersScene(
        game.position,
        names=("Bob", "Alice"),
        last_move=game.moves[-1],
        viewer=Color.BLACK,
        clock=(Color.WHITE, DAY),
    )
    assert posted == png(expected)
    assert posted != png(replace(expected, last_move=None))
    assert alt.startswith("Bob to move: capture is compulsory. English draughts")
    assert alt.endswith("Last move by Alice: 15x22.")


async def test_the_bots_reply_is_the_last_move_shown(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: object,
) -> None:
    parts = PlayParts(clock=game_clock, opponent=SimplePlayer())  # the first legal move
    client = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
    async with running(client, emulator):
        options = {"opponent": emulator.bot_user, "variant": "box", "first": "challenger"}
        await command(emulator, players.alice, "checkers", options)
        message = await game_message(emulator, store)
        handle = await emulator.slash(players.alice, "move", {"play": "22-18"})
        await handle.original(timeout=WAIT)
        await emulator.wait_until(
            lambda: True if "Last move by Duelboard" in alt_text(message) else None,
            "the bot's move on the board",
            WAIT,
        )
        posted = board_image(message)
    game = Game.new("box").play("22-18")
    game = game.play(game.position.legal_moves()[0])  # the bot's move: 9-13
    expected = CheckersScene(
        game.position,
        names=("Alice", "Duelboard"),
        last_move=game.moves[-1],
        viewer=Color.WHITE,
        clock=(Color.WHITE, DAY),
    )
    assert posted == png(expected)
    assert posted != png(replace(expected, last_move=None))


async def test_a_draw_offer_on_the_board_says_who_must_answer(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """Alice (White) moves, Bob offers a draw on his turn: Alice must accept or decline."""
    async with start_bot():
        message = await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        await move(emulator, message, players.alice, "22-18")
        await click(emulator, store, players.bob, "draw")
        posted = board_image(message)
        alt = alt_text(message)
        offerers = await command(emulator, players.bob, "board", {"private": True})
        answerers = await command(emulator, players.alice, "board", {"private": True})
    game = Game.new("box").play("22-18")
    expected = CheckersScene(
        game.position,
        names=NAMES,
        last_move=game.moves[-1],
        viewer=Color.WHITE,
        clock=(Color.WHITE, DAY),
        draw_offered_by=Color.BLACK,
    )
    ordinary = replace(expected, draw_offered_by=None)
    assert checkers_prompt(expected) == "Bob offers a draw: Alice to accept or decline"
    assert checkers_prompt(ordinary) == "Bob to move"
    assert posted == png(expected)
    assert posted != png(ordinary)
    # Everyone reads the public alt text: the third person; the clock is the answerer's.
    assert alt.startswith("Bob offers a draw: Alice to accept or decline. Checkers (box rules)")
    assert "Alice had 1d 0h left to play when this picture was drawn." in alt
    assert not re.search(r"\b(you|your)\b", alt, re.IGNORECASE)
    # Only a private board says "you" (Bob reads French).
    assert alt_text(answerers).startswith("Bob offers a draw; accept or decline? Checkers")
    assert alt_text(offerers).startswith(
        "Tu proposes la nulle ; à Alice d'accepter ou de refuser. Dames"
    )


async def test_a_resignation_offer_on_the_board_says_who_must_answer(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    """Alice (White) offers to resign a gammon with her opening 3-1 still to play (BG-15): Bob
    must accept or decline, and the dice stay on the board for when play goes on."""
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        edits = message.edits
        handle = await emulator.slash(players.alice, "resign", {"level": "2"})
        await after_edit(emulator, message, edits, handle)
        posted = board_image(message)
        alt = alt_text(message)
        offerers = await command(emulator, players.alice, "board", {"private": True})
        answerers = await command(emulator, players.bob, "board", {"private": True})
    expected = BackgammonScene(
        Position.initial(),
        names=NAMES,
        dice=(3, 1),
        resignation=(Side.WHITE, 2),
        viewer=Side.WHITE,
        clock=(Side.BLACK, DAY),
    )
    ordinary = replace(expected, resignation=None, clock=(Side.WHITE, DAY))
    assert backgammon_prompt(expected) == (
        "Alice offers to resign a gammon: Bob to accept or decline"
    )
    assert backgammon_prompt(ordinary) == "Alice to play 3-1"
    assert posted == png(expected)
    assert posted != png(ordinary)
    assert posted != png(replace(expected, clock=(Side.WHITE, DAY)))  # the answerer's clock
    assert alt.startswith(
        "Alice offers to resign a gammon: Bob to accept or decline. Points are numbered"
    )
    assert "Bob had 1d 0h left to play when this picture was drawn. Dice 3-1." in alt
    assert not re.search(r"\b(you|your)\b", alt, re.IGNORECASE)
    assert alt_text(offerers).startswith(
        "You offer to resign a gammon; Bob to accept or decline. You are Alice"
    )
    assert alt_text(answerers).startswith(
        "Alice propose d'abandonner un gammon ; accepter ou refuser ? Tu es Bob"
    )


async def test_a_double_on_the_board_is_put_to_the_taker_in_the_third_person(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    async with start_bot(OPENING_31):
        message = await start_game(emulator, store, players.alice, players.bob)
        await move(emulator, message, players.alice, "8/5 6/5")
        await click(emulator, store, players.bob, "double")
        alt = alt_text(message)
        taker = await command(emulator, players.alice, "board", {"private": True})
    assert alt.startswith("Bob doubles to 2: Alice to take or pass. Points are numbered")
    assert "Alice had 1d 0h left to play" in alt
    assert not re.search(r"\b(you|your)\b", alt, re.IGNORECASE)
    assert alt_text(taker).startswith("Bob doubles to 2; take or pass? You are Alice")


async def test_the_dark_theme_is_a_server_setting_for_boards_and_recaps(
    emulator: Emulator, start_bot: StartBot, players: Players, store: Store
) -> None:
    admin = emulator.add_member("admin", permissions=0x20)
    async with start_bot():
        reply = await command(emulator, admin, "settings", {"theme": "dark"})
        message = await start_game(
            emulator, store, players.alice, players.bob, "checkers", first="challenger"
        )
        posted = board_image(message)
        await confirm(emulator, players.alice, "askresign", "resign:1")
        recap = await emulator.wait_until(
            lambda: recap_message(emulator) if _has_recap(emulator) else None, "the recap", WAIT
        )
    assert "board pictures dark" in reply.content
    expected = CheckersScene(
        Game.new("box").position, names=NAMES, viewer=Color.WHITE, clock=(Color.WHITE, DAY)
    )
    assert posted == png(expected, dark=True)
    assert posted != png(expected)
    gif = next(a for a in recap.attachments if a.filename == "replay.gif")
    first_frame = Image.open(io.BytesIO(gif.data)).convert("RGB")
    assert first_frame.getpixel((0, 0)) == DARK.canvas


def _has_recap(emulator: Emulator) -> bool:
    return any(
        a.filename == "replay.gif"
        for m in emulator.channel_messages(emulator.general)
        for a in m.attachments
    )
