"""Channel routes: messages (create, fetch, edit, delete, history), threads, reactions, typing."""

from __future__ import annotations

from urllib.parse import unquote

from aiohttp import web

from emulator import limits, payloads, polls
from emulator.core import CORE, Core, json_response, read_body, snowflake_arg
from emulator.gateway import GUILDS_INTENT
from emulator.state import PRIVATE_THREAD, PUBLIC_THREAD, Channel, Message

VIEW_CHANNEL = 0x400
SEND_MESSAGES = 0x800
MANAGE_MESSAGES = 0x2000
ATTACH_FILES = 0x8000
READ_HISTORY = 0x10000
ADD_REACTIONS = 0x40
CREATE_PUBLIC_THREADS = 1 << 35
CREATE_PRIVATE_THREADS = 1 << 36
SEND_IN_THREADS = 1 << 38


def routes() -> list[web.RouteDef]:
    """The channel routes."""
    channel = "/api/v10/channels/{channel_id}"
    message = channel + "/messages/{message_id}"
    return [
        web.get(channel, get_channel),
        web.post(channel + "/typing", typing),
        web.get(channel + "/messages", history),
        web.post(channel + "/messages", create_message),
        web.get(message, get_message),
        web.patch(message, edit_message),
        web.delete(message, delete_message),
        web.post(channel + "/threads", create_thread),
        web.post(message + "/threads", create_thread_from_message),
        web.put(message + "/reactions/{emoji}/@me", add_reaction),
        web.delete(message + "/reactions/{emoji}/@me", remove_reaction),
    ]


def _channel(core: Core, request: web.Request) -> Channel:
    found = core.state.channel(snowflake_arg(request.match_info["channel_id"]))
    if found is None:
        raise limits.unknown_channel()
    # Every channel route needs the bot in the channel: a user's install never puts it there.
    core.reach(found, f"{request.method} {request.path}")
    return found


def _message(core: Core, request: web.Request) -> Message:
    channel = _channel(core, request)
    core.require(channel, VIEW_CHANNEL | READ_HISTORY)
    found = core.state.live_message(channel.id, snowflake_arg(request.match_info["message_id"]))
    if found is None or found.ephemeral:
        raise limits.unknown_message()
    return found


async def get_channel(request: web.Request) -> web.Response:
    """`GET /channels/{id}`."""
    return json_response(payloads.channel(_channel(request.app[CORE], request)))


async def typing(request: web.Request) -> web.Response:
    """`POST /channels/{id}/typing`: accepted and forgotten."""
    _channel(request.app[CORE], request)
    return web.Response(status=204)


async def history(request: web.Request) -> web.Response:
    """`GET /channels/{id}/messages`: newest first, `limit` 1–100, optional `before`."""
    core = request.app[CORE]
    channel = _channel(core, request)
    core.require(channel, VIEW_CHANNEL | READ_HISTORY)
    limit = int(request.query.get("limit", "50"))
    if not 1 <= limit <= 100:
        raise limits.invalid("limit", "Must be between 1 and 100.")
    before = int(request.query.get("before", str(1 << 63)))
    found = [
        m
        for m in core.state.messages.values()
        if m.channel_id == channel.id and not m.deleted and not m.ephemeral and m.id < before
    ]
    found.sort(key=lambda m: m.id, reverse=True)
    return json_response([payloads.message(m) for m in found[:limit]])


async def create_message(request: web.Request) -> web.Response:
    """`POST /channels/{id}/messages`."""
    core = request.app[CORE]
    channel = _channel(core, request)
    body = await read_body(request)
    send = SEND_IN_THREADS if channel.is_thread else SEND_MESSAGES
    core.require(channel, VIEW_CHANNEL | send | (ATTACH_FILES if body.files else 0))
    poll = None
    if isinstance(body.data, dict) and body.data.get("poll") is not None:
        polls.channel_allows_polls(core, channel)
        poll = polls.make_poll(body.data["poll"], core.state.wall())
    message = core.new_message(channel.id, body, poll=poll)
    return core.answer(message, await core.announce("MESSAGE_CREATE", message))


async def get_message(request: web.Request) -> web.Response:
    """`GET /channels/{id}/messages/{id}`; a poll past its expiry ends first."""
    core = request.app[CORE]
    message = _message(core, request)
    await polls.settle(core, message)
    return json_response(payloads.message(message))


async def edit_message(request: web.Request) -> web.Response:
    """`PATCH /channels/{id}/messages/{id}`: only the bot's own messages."""
    core = request.app[CORE]
    message = _message(core, request)
    if message.author.id != core.bot_user.id:
        raise limits.DiscordError(403, 50005, "Cannot edit a message authored by another user")
    body = await read_body(request)
    if isinstance(body.data, dict) and body.data.get("poll") is not None:
        raise limits.DiscordError(400, 520003, "Cannot edit a poll message")
    if body.files:
        core.require(_channel(core, request), ATTACH_FILES)
    core.edit_message(message, body)
    return core.answer(message, await core.announce("MESSAGE_UPDATE", message))


async def delete_message(request: web.Request) -> web.Response:
    """`DELETE /channels/{id}/messages/{id}`."""
    core = request.app[CORE]
    message = _message(core, request)
    if message.author.id != core.bot_user.id:
        core.require(_channel(core, request), MANAGE_MESSAGES)
    message.deleted = True
    await core.announce("MESSAGE_DELETE", message)
    return web.Response(status=204)


async def _new_thread(
    core: Core, parent: Channel, name: object, kind: int, thread_id: int | None
) -> web.Response:
    if parent.is_thread:
        raise limits.DiscordError(400, 50024, "Cannot execute action on this channel type")
    if not isinstance(name, str) or not 1 <= len(name) <= 100:
        raise limits.invalid("name", "Must be between 1 and 100 in length.")
    if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
        raise limits.invalid("type", f"Thread type must be 11 or 12, not {kind}.")
    core.require(parent, CREATE_PUBLIC_THREADS if kind == PUBLIC_THREAD else CREATE_PRIVATE_THREADS)
    guild = core.state.guilds[parent.guild_id]
    thread = Channel(
        id=thread_id if thread_id is not None else core.state.snowflake(),
        guild_id=parent.guild_id,
        name=name,
        type=kind,
        parent_id=parent.id,
        owner_id=core.bot_user.id,
    )
    if thread.id in guild.channels:
        raise limits.DiscordError(400, 160004, "A thread has already been created for this message")
    guild.channels[thread.id] = thread
    event = payloads.thread_create(thread)
    await core.gateway.dispatch("THREAD_CREATE", event, guild_id=guild.id, intent=GUILDS_INTENT)
    core.state.signal.fire()
    return json_response(payloads.channel(thread), status=201)


async def create_thread(request: web.Request) -> web.Response:
    """`POST /channels/{id}/threads`: a thread without a starter message."""
    core = request.app[CORE]
    parent = _channel(core, request)
    data = (await read_body(request)).data or {}
    return await _new_thread(core, parent, data.get("name"), int(data.get("type", 12)), None)


async def create_thread_from_message(request: web.Request) -> web.Response:
    """`POST /channels/{id}/messages/{id}/threads`: the thread takes the message's id."""
    core = request.app[CORE]
    message = _message(core, request)
    parent = _channel(core, request)
    data = (await read_body(request)).data or {}
    return await _new_thread(core, parent, data.get("name"), PUBLIC_THREAD, message.id)


async def add_reaction(request: web.Request) -> web.Response:
    """`PUT …/reactions/{emoji}/@me`."""
    core = request.app[CORE]
    message = _message(core, request)
    core.require(_channel(core, request), ADD_REACTIONS)
    emoji = unquote(request.match_info["emoji"])
    if not emoji:
        raise limits.DiscordError(400, 10014, "Unknown Emoji")
    users = message.reactions.setdefault(emoji, [])
    if core.bot_user not in users:
        users.append(core.bot_user)
    core.state.signal.fire(message)
    return web.Response(status=204)


async def remove_reaction(request: web.Request) -> web.Response:
    """`DELETE …/reactions/{emoji}/@me`."""
    core = request.app[CORE]
    message = _message(core, request)
    users = message.reactions.get(unquote(request.match_info["emoji"]), [])
    if core.bot_user in users:
        users.remove(core.bot_user)
    core.state.signal.fire(message)
    return web.Response(status=204)
