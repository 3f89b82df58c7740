"""Gateway frames and events: HELLO, READY, dispatches, and the interaction callback's answer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from emulator.payloads.objects import (
    API_VERSION,
    ATTACHMENT_SIZE_LIMIT,
    JSON,
    channel,
    member,
    message,
    role,
    user,
)

if TYPE_CHECKING:
    from emulator.state import (
        Channel,
        Guild,
        Interaction,
        Message,
        Role,
        User,
    )

HEARTBEAT_INTERVAL_MS = 41_250

# Gateway opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
OP_DISPATCH = 0
OP_HEARTBEAT = 1
OP_IDENTIFY = 2
OP_PRESENCE = 3
OP_VOICE_STATE = 4
OP_RESUME = 6
OP_INVALID_SESSION = 9
OP_HELLO = 10
OP_HEARTBEAT_ACK = 11


def hello() -> JSON:
    """The HELLO frame that opens every gateway connection."""
    return {
        "op": OP_HELLO,
        "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS},
        "s": None,
        "t": None,
    }


def ready(
    bot: User,
    guilds: list[Guild],
    session_id: str,
    resume_url: str,
    app_id: int,
    shard: tuple[int, int],
) -> JSON:
    """The READY dispatch: guilds arrive unavailable and follow as GUILD_CREATE."""
    return {
        "shard": list(shard),
        "v": API_VERSION,
        "user": user(bot),
        "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
        "session_id": session_id,
        "resume_gateway_url": resume_url,
        "application": {"id": str(app_id), "flags": 0},
        "private_channels": [],
        "relationships": [],
        "presences": [],
        "_trace": ["duelboard-emulator"],
    }


def dispatch(event: str, data: JSON, seq: int) -> JSON:
    """A gateway dispatch frame."""
    return {"op": OP_DISPATCH, "t": event, "s": seq, "d": data}


def heartbeat_ack() -> JSON:
    """The answer to a heartbeat."""
    return {"op": OP_HEARTBEAT_ACK}


def invalid_session() -> JSON:
    """INVALID_SESSION, not resumable: the client must IDENTIFY again."""
    return {"op": OP_INVALID_SESSION, "d": False}


def gateway_bot(url: str) -> JSON:
    """`GET /gateway/bot`: one shard, and no identify rate limit to speak of."""
    limit = {"total": 1000, "remaining": 1000, "reset_after": 0, "max_concurrency": 1}
    return {"url": url, "shards": 1, "session_start_limit": limit}


def role_update(guild_id: int, r: Role) -> JSON:
    """GUILD_ROLE_UPDATE."""
    return {"guild_id": str(guild_id), "role": role(r)}


def thread_create(thread: Channel) -> JSON:
    """THREAD_CREATE for a thread the bot just made."""
    return channel(thread) | {"newly_created": True}


def message_delete(m: Message) -> JSON:
    """MESSAGE_DELETE."""
    data = {"id": str(m.id), "channel_id": str(m.channel_id)}
    if m.guild_id:
        data["guild_id"] = str(m.guild_id)
    return data


def interaction(
    i: Interaction, guild_: Guild, channel_: Channel, *, permissions: int, app_permissions: int
) -> JSON:
    """INTERACTION_CREATE of any type: in a server (`member`), or in a DM or group DM (`user`,
    no server), with who authorised the app (`authorizing_integration_owners`) and where
    (`context`)."""
    payload: JSON = {
        "id": str(i.id),
        "application_id": str(i.application_id),
        "type": i.type,
        "token": i.token,
        "version": 1,
        "channel_id": str(channel_.id),
        "channel": channel(channel_),
        "app_permissions": str(app_permissions),
        "locale": i.locale,
        "entitlements": [],
        "authorizing_integration_owners": dict(i.owners),
        "context": i.context,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
    }
    if channel_.is_private:
        payload["user"] = user(i.user)
    else:
        payload |= {
            "guild_id": str(guild_.id),
            "guild": {"id": str(guild_.id), "locale": guild_.locale, "features": []},
            "guild_locale": guild_.locale,
            "member": member(guild_.members[i.user.id], permissions=permissions),
        }
    if i.data is not None:
        payload["data"] = i.data
    if i.source_message is not None:
        payload["message"] = message(i.source_message)
    return payload


def callback_response(i: Interaction, callback_type: int, result: Message | None) -> JSON:
    """The `?with_response=1` body of an interaction callback (discord.py >= 2.5 needs it)."""
    body: JSON = {
        "interaction": {
            "id": str(i.id),
            "type": i.type,
            "response_message_id": str(result.id) if result is not None else None,
            "response_message_loading": callback_type == 5,
            "response_message_ephemeral": bool(result is not None and result.ephemeral),
        },
        "resource": {"type": callback_type},
    }
    if result is not None:
        body["resource"]["message"] = message(result)
    return body
