"""Acting as players where the bot is not a member (a DM, a group DM), from a user's install.

There each action's answer is the interaction's own: the game's message is edited in place by a
click, or replaced by a command's follow-up; the game keeps the message and the token that last
showed it. An action is finished once the store holds its token (and the ping it owes is out).
"""

from __future__ import annotations

import asyncio

from bot.store import GameNotFoundError, Store
from emulator import Channel, Emulator, InteractionHandle, Message, User
from tests.bot.e2e.drive import WAIT, game_message

USE_EXTERNAL_APPS = 1 << 50


def answers(handle: InteractionHandle) -> list[str]:
    """What the interaction's user saw in answer (the reply, then the follow-ups)."""
    sent = handle.interaction
    shown = [sent.original] if sent.original is not None else []
    return [m.content for m in [*shown, *sent.followups]]


async def finished(
    emulator: Emulator, store: Store, handle: InteractionHandle, game_id: int = 1
) -> None:
    """Wait until the action of `handle` is shown and kept (and the ping it owes is out, and
    kept too)."""
    token = handle.interaction.token
    quiet = (None, handle.interaction.user.id, emulator.bot_user.id)
    deadline = asyncio.get_running_loop().time() + WAIT
    while True:
        try:
            row = await store.get_game(game_id)
        except GameNotFoundError:  # a challenge not made yet
            row = None
        if row is not None and row.reply_token == token:
            waiting = row.to_move_id
            if not row.status.is_open or waiting in quiet:
                return
            sent = handle.interaction
            pinged = [m for m in pings(handle) if waiting in (u.id for u in m.mentions)]
            # A challenge pings in its own reply; a follow-up ping is kept with its token, so
            # that the next one deletes it.
            if pinged and (pinged[0] is sent.original or row.ping_token == token):
                return
        if asyncio.get_running_loop().time() > deadline:
            raise AssertionError(f"the action was not shown; its answers: {answers(handle)}")
        await asyncio.sleep(0.005)


def pings(handle: InteractionHandle) -> list[Message]:
    """The messages an interaction made that notify someone (its reply, its follow-ups)."""
    sent = handle.interaction
    made = [sent.original] if sent.original is not None and sent.callback_type in (4, 5) else []
    return [m for m in [*made, *sent.followups] if m.notified and not m.deleted]


async def press(
    emulator: Emulator, store: Store, user: User, action: str, game_id: int = 1
) -> InteractionHandle:
    """Press the game's button `action` on its current message and wait until it is shown."""
    message = await game_message(emulator, store, game_id)
    handle = await emulator.click(user, message, f"db:{game_id}:{action}")
    await finished(emulator, store, handle, game_id)
    return handle


async def refused_press(
    emulator: Emulator, store: Store, user: User, action: str, game_id: int = 1
) -> Message:
    """Press a button that must be refused; the private refusal."""
    message = await game_message(emulator, store, game_id)
    handle = await emulator.click(user, message, f"db:{game_id}:{action}")
    reply = await handle.response(WAIT)
    assert reply.ephemeral, reply.content
    return reply


async def choose(
    emulator: Emulator, store: Store, user: User, value: str, game_id: int = 1
) -> InteractionHandle:
    """Pick `value` in the game message's menu and wait until it is shown."""
    message = await game_message(emulator, store, game_id)
    [menu] = [c for c in message.custom_ids if c.startswith("dbp:")]
    handle = await emulator.select(user, message, menu, [value])
    await finished(emulator, store, handle, game_id)
    return handle


async def typed(
    emulator: Emulator,
    store: Store,
    user: User,
    channel: Channel,
    name: str,
    options: dict[str, object] | None = None,
    game_id: int = 1,
) -> InteractionHandle:
    """A command acting in the game (/move, /roll…) and wait until the game is shown again."""
    handle = await emulator.slash(user, name, options or {}, channel=channel)
    await finished(emulator, store, handle, game_id)
    return handle
