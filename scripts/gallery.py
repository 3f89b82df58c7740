"""Regenerate the picture gallery in docs/images/ from what the bot posts.

Run from the repository root: `.venv/bin/python -m scripts.gallery`. It starts the local Discord
emulator and the real bot on a scratch database, plays scripted games as Alice and Bob (fixed
dice, moves checked by the engine first), and saves the pictures the bot attaches to its
messages: the game boards, a private `/board`, the dark theme and the recaps' replays, and a
board from a Chinese-speaking and from a Greek-speaking server; each board also as a phone
shows it, scaled to 340 px wide (`*-phone.png`). So the README shows exactly what players see.
"""

from __future__ import annotations

import asyncio
import io
import random
import tempfile
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path

from PIL import Image

from bot.frontend.client import DuelboardBot, PlayParts
from bot.service.clock import FakeClock
from bot.service.dice import ScriptedDice
from bot.store import Store
from emulator import Channel, Emulator, EmulatorTimeout, InteractionHandle, Message, User
from emulator.harness import CLIENT_OPTIONS, running
from engine.backgammon import Position
from engine.checkers import Game

OUT = Path(__file__).resolve().parent.parent / "docs" / "images"
PHONE_WIDTH = 340  # how wide Discord's phone app shows a picture
WAIT = 30.0
MANAGE_GUILD = 0x20
START = datetime(2026, 1, 5, 12, 0, tzinfo=UTC)
# A money game: Alice (White) opens with 3-1, doubles, hits from the bar-point, Bob resigns.
ROLLS = [(3, 1), (6, 4), (6, 1), (4, 3), (5, 2), (4, 2), (6, 2), (5, 4), (3, 3)]
PLAYS = [
    "8/5 6/5",
    "24/18 13/9",
    "13/7* 8/7",
    "bar/21 13/10",
    "13/8 6/4*",
    "bar/21* 10/8",
    "bar/23 13/7",
    "9/4 8/4",
    "23/20 13/7 8/5",
]
INTERNATIONAL = ["32-28", "19-23", "28x19", "14x23", "33-28", "23x32", "37x28"]
SHORT_GAME = ["22-18", "11-15", "18x11", "8x15", "24-19", "15x24", "28x19", "9-14", "19-16"]


def check_plays() -> None:
    """Every scripted play is legal with its roll (fails loudly if the script is wrong)."""
    position = Position.initial()
    for dice, text in zip(ROLLS, PLAYS, strict=True):
        plays = {play.notation(): play for play in position.legal_plays(dice)}
        if text not in plays:
            raise SystemExit(f"{text} is not legal with {dice}: {', '.join(plays)}")
        position = position.apply(plays[text])


def middle_game() -> list[str]:
    """A box-rules game that reaches a middle game with a king on each side, just after a
    capture: the first seed whose seeded random playout gets there, so every run is the same."""
    for seed in range(1000):
        rng = random.Random(seed)
        game = Game.new("box")
        while game.result() is None and len(game.moves) < 90:
            game = game.play(rng.choice(game.position.legal_moves()))
            pieces = [piece for _, piece in game.position.pieces()]
            kings = {piece.color for piece in pieces if piece.king}
            # The service plays a lone legal move by itself: stop where the player has a choice.
            choice = len(game.position.legal_moves()) > 1
            if len(kings) == 2 and len(pieces) >= 10 and game.moves[-1].is_capture and choice:
                return [move.pdn() for move in game.moves]
    raise SystemExit("no seed gave a middle game with kings")


class Gallery:
    """Alice and Bob playing on the emulator, and the pictures saved on the way."""

    def __init__(self, emulator: Emulator, store: Store, out: Path) -> None:
        """Members join before the bot connects, reading the server's language; pictures go to
        `out`."""
        self.emulator = emulator
        self.store = store
        self.out = out
        locale = str(emulator.guild.locale)
        self.alice = emulator.add_member("alice", locale=locale)
        self.bob = emulator.add_member("bob", locale=locale)
        self.admin = emulator.add_member("admin", permissions=MANAGE_GUILD)

    async def game_message(self, game_id: int) -> Message:
        """The game's message (the bot stores it just after posting)."""

        async def posted() -> Message | None:
            row = await self.store.get_game(game_id)
            return None if row.message_id is None else self.emulator.state.messages[row.message_id]

        for _ in range(int(WAIT / 0.01)):
            message = await posted()
            if message is not None:
                return message
            await asyncio.sleep(0.01)
        raise SystemExit(f"game #{game_id} was never posted")

    async def acted(
        self, game_id: int, act: Callable[[Message], Awaitable[InteractionHandle]]
    ) -> Message:
        """Do `act` and wait until the game message has changed (a refusal stops the script)."""
        message = await self.game_message(game_id)
        before = message.edits
        handle = await act(message)
        try:
            await self.emulator.wait_until(
                lambda: True if message.edits > before else None, f"game #{game_id}", WAIT
            )
        except EmulatorTimeout:
            answer = handle.interaction.original
            raise SystemExit(
                f"the game message did not change: {answer and answer.content}"
            ) from None
        await handle.acknowledged(WAIT)
        return message

    async def move(self, game_id: int, user: User, text: str, channel: Channel) -> Message:
        """/move `text` in `channel`."""
        return await self.acted(
            game_id,
            lambda _: self.emulator.slash(user, "move", {"play": text}, channel=channel),
        )

    async def press(self, game_id: int, user: User, action: str) -> Message:
        """Press a button of the game's message."""
        return await self.acted(
            game_id, lambda message: self.emulator.click(user, message, f"db:{game_id}:{action}")
        )

    async def command(self, user: User, name: str, options: dict[str, object]) -> Message:
        """A slash command in #general, and its (private) reply once filled."""
        handle = await self.emulator.slash(user, name, options)
        return await handle.original(timeout=WAIT)

    async def challenge(
        self, game_id: int, game: str, channel: Channel, **options: object
    ) -> Message:
        """Alice challenges Bob in `channel`, Bob accepts: the game message."""
        handle = await self.emulator.slash(
            self.alice, game, {"opponent": self.bob, **options}, channel=channel
        )
        await handle.original(timeout=WAIT)
        return await self.press(game_id, self.bob, "accept")

    async def recap(self, channel: Channel) -> Message:
        """The recap the bot posts under a finished game."""
        return await self.emulator.wait_for_message(
            channel, lambda m: any(a.filename == "replay.gif" for a in m.attachments), WAIT
        )

    async def play_checkers(
        self, game_id: int, moves: list[str], variant: str, channel: Channel
    ) -> Message:
        """Send each move whose player had a choice; the service plays forced ones itself."""
        game = Game.new(variant)
        message = await self.game_message(game_id)
        for text in moves:
            if len(game.position.legal_moves()) > 1:
                white = game.position.turn is game.position.variant.first_to_move
                message = await self.move(game_id, self.alice if white else self.bob, text, channel)
            game = game.play(text)
        return message

    async def resign_checkers(self, game_id: int, channel: Channel) -> Message:
        """The player to move resigns (confirming on the private dialog)."""
        message = await self.game_message(game_id)
        row = await self.store.get_game(game_id)
        user = self.alice if row.to_move_id == self.alice.id else self.bob
        ask = await self.emulator.click(user, message, f"db:{game_id}:askresign")
        dialog = await ask.original(lambda m: bool(m.custom_ids), WAIT)
        before = message.edits
        confirmed = await self.emulator.click(user, dialog, f"db:{game_id}:resign:1")
        await self.emulator.wait_until(
            lambda: True if message.edits > before else None, "the final game message", WAIT
        )
        await confirmed.acknowledged(WAIT)
        return message


def save(out: Path, name: str, message: Message) -> None:
    """Write the picture `message` carries into `out` and say what it shows; a board also as a
    phone shows it, 340 px wide, beside it (`<name>-phone.png`)."""
    [attachment] = [a for a in message.attachments if a.filename.endswith((".png", ".gif"))]
    (out / name).write_bytes(attachment.data)
    print(f"{name}: {len(attachment.data):,} bytes\n  alt: {attachment.description}")
    if name.endswith(".png"):
        board = Image.open(io.BytesIO(attachment.data)).convert("RGB")
        height = round(board.height * PHONE_WIDTH / board.width)
        phone = board.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)
        phone.quantize(256).save(out / name.replace(".png", "-phone.png"), optimize=True)


async def backgammon(gallery: Gallery) -> None:
    """A money game in #general: opening, double, hit, a private board, the dark theme, the end."""
    channel = gallery.emulator.general
    alice, bob = gallery.alice, gallery.bob
    message = await gallery.challenge(1, "backgammon", channel)
    save(gallery.out, "backgammon-opening.png", message)
    await gallery.move(1, alice, PLAYS[0], channel)
    await gallery.press(1, bob, "roll")
    await gallery.move(1, bob, PLAYS[1], channel)
    message = await gallery.press(1, alice, "double")
    save(gallery.out, "backgammon-double.png", message)
    await gallery.press(1, bob, "take")  # Bob owns the cube: Alice's roll is automatic
    await gallery.move(1, alice, PLAYS[2], channel)
    message = await gallery.press(1, bob, "roll")
    save(gallery.out, "backgammon-bar-cube.png", message)
    save(
        gallery.out,
        "backgammon-private.png",
        await gallery.command(bob, "board", {"private": True}),
    )
    await gallery.command(gallery.admin, "settings", {"theme": "dark"})
    await gallery.command(bob, "board", {})
    save(gallery.out, "backgammon-dark.png", await gallery.game_message(1))
    await gallery.command(gallery.admin, "settings", {"theme": "light"})
    await gallery.command(bob, "board", {})
    for number, text in enumerate(PLAYS[3:], start=3):
        mover = bob if number % 2 else alice  # Alice opened: Bob plays the odd turns
        if "db:1:roll" in (await gallery.game_message(1)).custom_ids:
            await gallery.press(1, mover, "roll")
        await gallery.move(1, mover, text, channel)
    await gallery.acted(
        1, lambda _: gallery.emulator.slash(bob, "resign", {"level": "1"}, channel=channel)
    )
    message = await gallery.press(1, alice, "yes")
    save(gallery.out, "backgammon-final.png", message)
    save(gallery.out, "backgammon-replay.gif", await gallery.recap(channel))


async def checkers(gallery: Gallery, channels: list[Channel]) -> None:
    """A box middle game (then resigned, in the dark theme), international draughts, and a
    short game for the recap's replay, each in a channel of its own."""
    middle, ten, short = channels
    await gallery.challenge(2, "checkers", middle, first="challenger")
    save(
        gallery.out,
        "checkers-middle-game.png",
        await gallery.play_checkers(2, middle_game(), "box", middle),
    )
    await gallery.command(gallery.admin, "settings", {"theme": "dark"})
    save(gallery.out, "checkers-dark.png", await gallery.resign_checkers(2, middle))
    await gallery.recap(middle)
    await gallery.command(gallery.admin, "settings", {"theme": "light"})
    await gallery.challenge(3, "checkers", ten, variant="international", first="challenger")
    save(
        gallery.out,
        "checkers-10x10.png",
        await gallery.play_checkers(3, INTERNATIONAL, "international", ten),
    )
    await gallery.challenge(4, "checkers", short, first="challenger")
    await gallery.play_checkers(4, SHORT_GAME, "box", short)
    await gallery.resign_checkers(4, short)
    save(gallery.out, "checkers-replay.gif", await gallery.recap(short))


Games = Callable[["Gallery", list[Channel]], Awaitable[None]]
"""What is played in one server: the gallery's players, and its channels besides #general."""

# A board from a server that speaks Chinese (a script DejaVu Sans cannot draw) and one that
# speaks Greek: (the locale, the file, the game). A locale whose catalog has not landed yet
# draws in English.
LANGUAGE_BOARDS = (
    ("zh-CN", "backgammon-chinese.png", "backgammon"),
    ("el", "checkers-greek.png", "checkers"),
)


def abroad(name: str, game: str) -> Games:
    """A backgammon double (a long prompt), or a checkers middle game, saved as `name`."""

    async def games(gallery: Gallery, channels: list[Channel]) -> None:
        channel = gallery.emulator.general
        if game == "backgammon":
            await gallery.challenge(1, "backgammon", channel)
            await gallery.move(1, gallery.alice, PLAYS[0], channel)
            await gallery.press(1, gallery.bob, "roll")
            await gallery.move(1, gallery.bob, PLAYS[1], channel)
            message = await gallery.press(1, gallery.alice, "double")
        else:
            await gallery.challenge(1, "checkers", channel, first="challenger")
            message = await gallery.play_checkers(1, middle_game(), "box", channel)
        save(gallery.out, name, message)

    return games


async def play(out: Path, locale: str, games: Games) -> None:
    """Run the bot against a fresh emulator whose server speaks `locale`, and play `games`."""
    async with Emulator(guild_locale=locale) as emulator:
        with tempfile.TemporaryDirectory() as scratch:
            store = await Store.open(f"sqlite+aiosqlite:///{scratch}/gallery.sqlite3")
            try:
                gallery = Gallery(emulator, store, out)
                channels = [emulator.add_channel(name) for name in ("box", "ten", "short")]
                parts = PlayParts(dice=ScriptedDice(ROLLS * 4), clock=FakeClock(START))
                bot = DuelboardBot(store, parts=parts, sweep_interval=None, **CLIENT_OPTIONS)
                async with running(bot, emulator):
                    await games(gallery, channels)
            finally:
                await store.close()


async def english(gallery: Gallery, channels: list[Channel]) -> None:
    """Every English board of the gallery."""
    await backgammon(gallery)
    await checkers(gallery, channels)


async def main(out: Path = OUT) -> None:
    """Play the gallery's games on scratch databases and save what the bot posts in `out`."""
    check_plays()
    out.mkdir(parents=True, exist_ok=True)
    await play(out, "en-US", english)
    for locale, name, game in LANGUAGE_BOARDS:
        await play(out, locale, abroad(name, game))


if __name__ == "__main__":
    asyncio.run(main())
