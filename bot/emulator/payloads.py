"""Every Discord JSON payload the emulator produces, in one place: a Discord change is one edit."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bot.emulator.state import (
        Channel,
        Command,
        Guild,
        Interaction,
        Member,
        Message,
        Role,
        User,
    )

JSON = dict[str, Any]

API_VERSION = 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
DISCORD_EPOCH_MS = 1_420_070_400_000
HEARTBEAT_INTERVAL_MS = 41_250
EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7

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


def iso(moment: datetime) -> str:
    """Discord's timestamp format."""
    return moment.astimezone(UTC).isoformat()


def snowflake_time(snowflake: int) -> datetime:
    """The creation time encoded in a snowflake."""
    return datetime.fromtimestamp(((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000, tz=UTC)


def user(u: User) -> JSON:
    """A user object."""
    return {
        "id": str(u.id),
        "username": u.name,
        "global_name": u.name.title(),
        "discriminator": "0",
        "avatar": None,
        "bot": u.bot,
        "system": False,
        "public_flags": 0,
        "flags": 0,
        "locale": u.locale,
    }


def member(m: Member, *, permissions: int | None = None) -> JSON:
    """A guild member; `permissions` is set only inside interactions, as Discord does."""
    payload: JSON = {
        "user": user(m.user),
        "nick": None,
        "avatar": None,
        "roles": [str(role_id) for role_id in m.role_ids],
        "joined_at": iso(snowflake_time(m.user.id)),
        "deaf": False,
        "mute": False,
        "flags": 0,
        "pending": False,
    }
    if permissions is not None:
        payload["permissions"] = str(permissions)
    return payload


def role(role_id: int, name: str, permissions: int, position: int) -> JSON:
    """A guild role."""
    return {
        "id": str(role_id),
        "name": name,
        "color": 0,
        "colors": {"primary_color": 0},
        "hoist": False,
        "position": position,
        "permissions": str(permissions),
        "managed": False,
        "mentionable": False,
        "flags": 0,
    }


def channel(c: Channel) -> JSON:
    """A guild text channel or thread."""
    payload: JSON = {
        "id": str(c.id),
        "type": c.type,
        "guild_id": str(c.guild_id),
        "name": c.name,
        "position": c.position,
        "permission_overwrites": [],
        "parent_id": str(c.parent_id) if c.parent_id else None,
        "nsfw": False,
        "topic": None,
        "last_message_id": None,
        "rate_limit_per_user": 0,
        "flags": 0,
    }
    if c.is_thread:
        payload["owner_id"] = str(c.owner_id)
        payload["member_count"] = 1
        payload["message_count"] = 0
        payload["thread_metadata"] = {
            "archived": False,
            "auto_archive_duration": c.auto_archive_duration,
            "archive_timestamp": iso(snowflake_time(c.id)),
            "locked": False,
        }
    return payload


def guild(g: Guild) -> JSON:
    """A full guild, as GUILD_CREATE carries it: roles, channels, threads and members."""
    return {
        "id": str(g.id),
        "name": g.name,
        "icon": None,
        "splash": None,
        "discovery_splash": None,
        "owner_id": str(g.owner_id),
        "afk_channel_id": None,
        "afk_timeout": 300,
        "verification_level": 0,
        "default_message_notifications": 0,
        "explicit_content_filter": 0,
        "roles": [role(r.id, r.name, r.permissions, r.position) for r in g.roles.values()],
        "emojis": [],
        "stickers": [],
        "features": [],
        "mfa_level": 0,
        "system_channel_id": None,
        "system_channel_flags": 0,
        "rules_channel_id": None,
        "vanity_url_code": None,
        "description": None,
        "banner": None,
        "premium_tier": 0,
        "premium_subscription_count": 0,
        "preferred_locale": g.locale,
        "public_updates_channel_id": None,
        "nsfw_level": 0,
        "premium_progress_bar_enabled": False,
        "joined_at": iso(snowflake_time(g.id)),
        "large": False,
        "unavailable": False,
        "member_count": len(g.members),
        "voice_states": [],
        "members": [member(m) for m in g.members.values()],
        "channels": [channel(c) for c in g.channels.values() if not c.is_thread],
        "threads": [channel(c) for c in g.channels.values() if c.is_thread],
        "presences": [],
        "stage_instances": [],
        "guild_scheduled_events": [],
        "soundboard_sounds": [],
    }


def attachment_payload(message: Message, index: int) -> JSON:
    """One stored attachment of a message."""
    stored = message.attachments[index]
    url = (
        f"https://cdn.discordapp.com/attachments/{message.channel_id}/{stored.id}/{stored.filename}"
    )
    return {
        "id": str(stored.id),
        "filename": stored.filename,
        "description": stored.description,
        "content_type": stored.content_type,
        "size": len(stored.data),
        "url": url,
        "proxy_url": url,
        "ephemeral": message.ephemeral,
    }


def message(m: Message) -> JSON:
    """A message as the REST API and the gateway return it."""
    payload: JSON = {
        "id": str(m.id),
        "channel_id": str(m.channel_id),
        "guild_id": str(m.guild_id),
        "author": user(m.author),
        "content": m.content,
        "timestamp": iso(snowflake_time(m.id)),
        "edited_timestamp": iso(m.edited_at) if m.edited_at else None,
        "tts": False,
        "mention_everyone": False,
        "mentions": [user(u) for u in m.mentions],
        "mention_roles": [],
        "attachments": [attachment_payload(m, i) for i in range(len(m.attachments))],
        "embeds": m.embeds,
        "components": m.components,
        "reactions": [
            {
                "emoji": {"id": None, "name": emoji},
                "count": len(users),
                "me": any(u.bot for u in users),
            }
            for emoji, users in m.reactions.items()
            if users
        ],
        "pinned": False,
        "type": 20 if m.interaction is not None and m.reference_id is None else 0,
        "flags": m.flags,
    }
    if m.webhook_id is not None:
        payload["webhook_id"] = str(m.webhook_id)
        payload["application_id"] = str(m.webhook_id)
    if m.interaction is not None:
        payload["interaction_metadata"] = {
            "id": str(m.interaction.id),
            "type": m.interaction.type,
            "user": user(m.interaction.user),
            "authorizing_integration_owners": {"0": str(m.guild_id)},
        }
    if m.reference_id is not None:
        payload["message_reference"] = {
            "type": 0,
            "message_id": str(m.reference_id),
            "channel_id": str(m.channel_id),
            "guild_id": str(m.guild_id),
        }
    return payload


def application(app_id: int, name: str, owner: User) -> JSON:
    """`GET /oauth2/applications/@me`: discord.py's AppInfo reads all of these."""
    return {
        "id": str(app_id),
        "name": name,
        "icon": None,
        "description": "Duelboard test application",
        "rpc_origins": [],
        "bot_public": True,
        "bot_require_code_grant": False,
        "owner": user(owner),
        "team": None,
        "verify_key": "0" * 64,
        "flags": 0,
        "summary": "",
        "approximate_guild_count": 1,
    }


def command(c: Command) -> JSON:
    """A registered application command, as a command sync returns it."""
    payload: JSON = dict(c.body)
    wanted = c.body.get("default_member_permissions")
    payload.update(
        {
            "id": str(c.id),
            "application_id": str(c.application_id),
            "version": str(c.id),
            "type": c.body.get("type", 1),
            "options": c.body.get("options", []),
            "default_member_permissions": None if wanted is None else str(wanted),
            "nsfw": c.body.get("nsfw", False),
        }
    )
    if c.guild_id is not None:
        payload["guild_id"] = str(c.guild_id)
    return payload


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


def hello() -> JSON:
    """The HELLO frame that opens every gateway connection."""
    return {
        "op": OP_HELLO,
        "d": {"heartbeat_interval": HEARTBEAT_INTERVAL_MS},
        "s": None,
        "t": None,
    }


def dispatch(event: str, data: JSON, seq: int) -> JSON:
    """A gateway dispatch frame."""
    return {"op": OP_DISPATCH, "t": event, "s": seq, "d": data}


def interaction(
    i: Interaction, guild_: Guild, channel_: Channel, *, permissions: int, app_permissions: int
) -> JSON:
    """INTERACTION_CREATE for a guild interaction of any type."""
    payload: JSON = {
        "id": str(i.id),
        "application_id": str(i.application_id),
        "type": i.type,
        "token": i.token,
        "version": 1,
        "guild_id": str(guild_.id),
        "guild": {"id": str(guild_.id), "locale": guild_.locale, "features": []},
        "guild_locale": guild_.locale,
        "channel_id": str(channel_.id),
        "channel": channel(channel_),
        "member": member(guild_.members[i.user.id], permissions=permissions),
        "app_permissions": str(app_permissions),
        "locale": i.locale,
        "entitlements": [],
        "authorizing_integration_owners": {"0": str(guild_.id)},
        "context": 0,
        "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
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


def error(code: int, text: str, errors: JSON | None = None) -> JSON:
    """Discord's JSON error body."""
    payload: JSON = {"code": code, "message": text}
    if errors:
        payload["errors"] = errors
    return payload


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
    return {"guild_id": str(guild_id), "role": role(r.id, r.name, r.permissions, r.position)}


def thread_create(thread: Channel) -> JSON:
    """THREAD_CREATE for a thread the bot just made."""
    return channel(thread) | {"newly_created": True}


def message_delete(m: Message) -> JSON:
    """MESSAGE_DELETE."""
    return {"id": str(m.id), "channel_id": str(m.channel_id), "guild_id": str(m.guild_id)}


# What users send: the `data` of the interactions the driver dispatches.


def command_data(c: Command, options: list[JSON], resolved: JSON) -> JSON:
    """An application command interaction's data."""
    data: JSON = {"id": str(c.id), "name": c.name, "type": 1, "options": options}
    if c.guild_id is not None:
        data["guild_id"] = str(c.guild_id)
    if resolved:
        data["resolved"] = resolved
    return data


def option(kind: int, name: str, value: Any, *, focused: bool = False) -> JSON:
    """One filled-in option (the focused one of an autocomplete carries the raw text)."""
    payload: JSON = {"type": kind, "name": name, "value": value}
    if focused:
        payload["focused"] = True
    return payload


def subcommand(kind: int, name: str, options: list[JSON]) -> JSON:
    """A subcommand or subcommand group wrapping its options."""
    return {"type": kind, "name": name, "options": options}


def resolved_channel(c: Channel) -> JSON:
    """A channel in `resolved`."""
    return channel(c) | {"permissions": "0"}


def resolved_member(m: Member, permissions: int) -> JSON:
    """A member in `resolved` (the user sits beside it, under `users`)."""
    payload = member(m, permissions=permissions)
    del payload["user"]
    return payload


def button_data(custom_id: str) -> JSON:
    """A button press."""
    return {"custom_id": custom_id, "component_type": 2}


def select_data(custom_id: str, values: list[str]) -> JSON:
    """A string select choice."""
    return {"custom_id": custom_id, "component_type": 3, "values": list(values)}


def modal_submit_data(custom_id: str, components: list[JSON]) -> JSON:
    """A modal submission."""
    return {"custom_id": custom_id, "components": components}


def submitted_row(inputs: list[JSON]) -> JSON:
    """An action row of submitted inputs (classic modals)."""
    return {"type": 1, "components": inputs}


def submitted_label(submitted: JSON) -> JSON:
    """A label wrapping one submitted input (modals with label components)."""
    return {"type": 18, "component": submitted}


def submitted_input(kind: int, custom_id: str, value: str) -> JSON:
    """One submitted modal input."""
    return {"type": kind, "custom_id": custom_id, "value": value}
