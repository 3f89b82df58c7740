"""Acting as players through Discord, and reading the truth from the store to decide what to do.

The tests decide like a person looking at the board would, but they read the position from the
store (not from the bot's text), so a wrong message cannot steer the test into agreeing with it.
"""

from __future__ import annotations

import asyncio
import contextlib
import re

from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.dice import ScriptedDice
from bot.service.session import Session
from bot.service.views import load_session
from bot.store import GameNotFoundError, GameRow, Store
from emulator import Emulator, InteractionHandle, Message, User

WAIT = 10.0
TURN_PING_LINK = re.compile(r"https://discord\.com/channels/\d+/\d+/\d+")
# Opening roll 3-1 for White (alice, the challenger plays white): alice moves first with 3-1;
# then 6-5 for bob.
OPENING_31 = ScriptedDice([(3, 1), (6, 5), (4, 2), (5, 5), (6, 1), (2, 1)] * 30)


async def game_row(store: Store, game_id: int = 1) -> GameRow:
    """The stored game."""
    return await store.get_game(game_id)


async def session_of(store: Store, game_id: int = 1) -> Session:
    """The stored session."""
    return load_session((await store.get_game(game_id)).state)


async def bg_session(store: Store, game_id: int = 1) -> BackgammonSession:
    """The stored backgammon session, with its match."""
    session = await session_of(store, game_id)
    assert isinstance(session, BackgammonSession) and session.match is not None
    return session


async def ck_session(store: Store, game_id: int = 1) -> CheckersSession:
    """The stored checkers session, with its game."""
    session = await session_of(store, game_id)
    assert isinstance(session, CheckersSession) and session.game is not None
    return session


async def game_message(emulator: Emulator, store: Store, game_id: int = 1) -> Message:
    """The one message that shows the game (the bot stores it just after posting it)."""
    deadline = asyncio.get_running_loop().time() + WAIT
    while True:
        with contextlib.suppress(GameNotFoundError):
            row = await store.get_game(game_id)
            if row.message_id is not None:
                return emulator.state.messages[row.message_id]
        assert asyncio.get_running_loop().time() < deadline, f"game #{game_id} has no message"
        await asyncio.sleep(0.005)


async def after_edit(
    emulator: Emulator, message: Message, edits: int, handle: InteractionHandle
) -> None:
    """Wait until `message` was edited past `edits`, failing early if the actor was refused."""

    def probe() -> bool | None:
        if message.edits > edits:
            return True
        sent = handle.interaction
        refusal = sent.followups[0] if sent.followups else None
        if sent.callback_type == 4 and sent.original is not None:
            refusal = sent.original
        if refusal is not None:
            raise AssertionError(f"refused: {refusal.content}")
        return None

    await emulator.wait_until(probe, f"an edit of message {message.id}", WAIT)


async def click(
    emulator: Emulator, store: Store, user: User, action: str, game_id: int = 1
) -> Message:
    """Press the game's button `action` and wait for the game message to change."""
    message = await game_message(emulator, store, game_id)
    before = message.edits
    handle = await emulator.click(user, message, f"db:{game_id}:{action}")
    await after_edit(emulator, message, before, handle)
    return message


async def move(emulator: Emulator, message: Message, user: User, text: str) -> None:
    """/move `text` and wait until the game message shows it and the mover has their reply."""
    before = message.edits
    handle = await emulator.slash(user, "move", {"play": text})
    await after_edit(emulator, message, before, handle)
    await handle.original(timeout=WAIT)


async def pick(
    emulator: Emulator, store: Store, user: User, value: str, game_id: int = 1
) -> Message:
    """Choose `value` in the move menu on the game message and wait for it to change."""
    message = await game_message(emulator, store, game_id)
    [menu] = [c for c in message.custom_ids if c.startswith("dbp:")]
    before = message.edits
    handle = await emulator.select(user, message, menu, [value])
    await after_edit(emulator, message, before, handle)
    return message


async def command(
    emulator: Emulator, user: User, name: str, options: dict[str, object] | None = None
) -> Message:
    """Run a slash command and return its (private) reply once filled."""
    handle = await emulator.slash(user, name, options or {})
    return await handle.original(timeout=WAIT)


async def confirm(
    emulator: Emulator, user: User, ask: str, answer: str, game_id: int = 1
) -> Message:
    """Press an "are you sure?" button on the game message, then the confirming one privately."""
    message = [
        m
        for m in emulator.channel_messages(emulator.general)
        if f"db:{game_id}:{ask}" in m.custom_ids
    ]
    handle = await emulator.click(user, message[-1], f"db:{game_id}:{ask}")
    confirmation = await handle.original(lambda m: bool(m.custom_ids), WAIT)
    assert confirmation.ephemeral, "a confirmation is private"
    await emulator.click(user, confirmation, f"db:{game_id}:{answer}")
    return await emulator.wait_until(
        lambda: confirmation if not confirmation.custom_ids else None,
        "the confirmation to close",
        WAIT,
    )


async def start_game(
    emulator: Emulator,
    store: Store,
    challenger: User,
    opponent: User,
    game: str = "backgammon",
    **options: object,
) -> Message:
    """Challenge `opponent`, let them accept, and return the game message."""
    handle = await emulator.slash(challenger, game, {"opponent": opponent, **options})
    await handle.original(timeout=WAIT)
    await click(emulator, store, opponent, "accept")
    return await game_message(emulator, store)


def recap_message(emulator: Emulator) -> Message:
    """The recap posted when a game finished (exactly one)."""
    [recap] = [
        m
        for m in emulator.channel_messages(emulator.general)
        if any(a.filename == "replay.gif" for a in m.attachments)
    ]
    return recap


def recap_files(emulator: Emulator) -> dict[str, bytes]:
    """The attachments of the recap message, by file name."""
    recap = recap_message(emulator)
    gif = next(a for a in recap.attachments if a.filename == "replay.gif")
    assert gif.description and gif.description.startswith("Animated replay")
    return {a.filename: a.data for a in recap.attachments}


def is_turn_ping(message: Message) -> bool:
    """Whether a message is a turn ping: the only kind that links to the game's message."""
    return TURN_PING_LINK.search(message.content) is not None


def live_pings(emulator: Emulator) -> list[Message]:
    """The turn pings still in the channel."""
    return [m for m in emulator.channel_messages(emulator.general) if is_turn_ping(m)]


async def no_ping_left(emulator: Emulator, store: Store, game_id: int = 1) -> None:
    """The game is over and its last turn ping is gone."""
    assert not (await store.get_game(game_id)).status.is_open
    await emulator.wait_until(
        lambda: True if not live_pings(emulator) else None, "no turn ping left", WAIT
    )
