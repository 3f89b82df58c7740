"""Discord's objects as the REST API and the gateway carry them: users, guilds, messages..."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from emulator.state import (
        Channel,
        Command,
        Guild,
        Member,
        Message,
        Poll,
        Role,
        ScheduledEvent,
        User,
    )

JSON = dict[str, Any]

API_VERSION = 10
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024
DISCORD_EPOCH_MS = 1_420_070_400_000
EPHEMERAL_FLAG = 1 << 6
LOADING_FLAG = 1 << 7


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
        "global_name": u.display_name or u.name.title(),
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


def role(r: Role) -> JSON:
    """A guild role."""
    return {
        "id": str(r.id),
        "name": r.name,
        "color": 0,
        "colors": {"primary_color": 0},
        "hoist": False,
        "position": r.position,
        "permissions": str(r.permissions),
        "managed": False,
        "mentionable": r.mentionable,
        "flags": 0,
    }


def private_channel(c: Channel) -> JSON:
    """A DM (type 1) or group DM (type 3): its recipients, and a group's name and owner."""
    payload: JSON = {
        "id": str(c.id),
        "type": c.type,
        "last_message_id": None,
        "recipients": [user(u) for u in c.recipients],
        "flags": 0,
    }
    if c.type == 3:
        payload |= {"name": c.name, "icon": None, "owner_id": str(c.owner_id)}
    return payload


def channel(c: Channel) -> JSON:
    """A guild text channel or thread; a DM or group DM as `private_channel`."""
    if c.is_private:
        return private_channel(c)
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
        "roles": [role(r) for r in g.roles.values()],
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
        "author": user(m.author),
        "content": m.content,
        "timestamp": iso(snowflake_time(m.id)),
        "edited_timestamp": iso(m.edited_at) if m.edited_at else None,
        "tts": False,
        "mention_everyone": m.mention_everyone,
        "mentions": [user(u) for u in m.mentions],
        "mention_roles": [str(r.id) for r in m.mention_roles],
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
        "type": _message_type(m),
        "flags": m.flags,
    }
    if m.guild_id:
        payload["guild_id"] = str(m.guild_id)
    if m.webhook_id is not None:
        payload["webhook_id"] = str(m.webhook_id)
        payload["application_id"] = str(m.webhook_id)
    if m.interaction is not None:
        payload["interaction_metadata"] = {
            "id": str(m.interaction.id),
            "type": m.interaction.type,
            "user": user(m.interaction.user),
            "authorizing_integration_owners": dict(m.interaction.owners) or {"0": str(m.guild_id)},
        }
    if m.poll is not None:
        payload["poll"] = poll(m.poll)
    if m.reference_id is not None:
        payload["message_reference"] = {
            "type": 0,
            "message_id": str(m.reference_id),
            "channel_id": str(m.channel_id),
        }
        if m.guild_id:
            payload["message_reference"]["guild_id"] = str(m.guild_id)
    return payload


def _message_type(m: Message) -> int:
    if m.type is not None:
        return m.type
    return 20 if m.interaction is not None and m.reference_id is None else 0


def poll(p: Poll) -> JSON:
    """A message's poll with its results (`me_voted` as the bot sees them)."""
    tally = {answer.answer_id: 0 for answer in p.answers}
    mine: set[int] = set()
    for user_id, ids in p.votes.items():
        for answer_id in ids:
            tally[answer_id] += 1
        if p.voters[user_id].bot:
            mine |= ids
    answers = []
    for answer in p.answers:
        media: JSON = {"text": answer.text}
        if answer.emoji:
            media["emoji"] = answer.emoji
        answers.append({"answer_id": answer.answer_id, "poll_media": media})
    return {
        "question": {"text": p.question},
        "answers": answers,
        "expiry": iso(p.expiry),
        "allow_multiselect": p.allow_multiselect,
        "layout_type": p.layout_type,
        "results": {
            "is_finalized": p.finalized,
            "answer_counts": [
                {"id": answer_id, "count": count, "me_voted": answer_id in mine}
                for answer_id, count in tally.items()
                if count
            ],
        },
    }


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


def error(code: int, text: str, errors: JSON | None = None) -> JSON:
    """Discord's JSON error body."""
    payload: JSON = {"code": code, "message": text}
    if errors:
        payload["errors"] = errors
    return payload


def scheduled_event(e: ScheduledEvent) -> JSON:
    """A guild scheduled event (an external one: its place is `entity_metadata.location`)."""
    return {
        "id": str(e.id),
        "guild_id": str(e.guild_id),
        "channel_id": None,
        "creator_id": str(e.creator_id),
        "name": e.name,
        "description": e.description,
        "scheduled_start_time": iso(e.start),
        "scheduled_end_time": iso(e.end),
        "privacy_level": 2,
        "status": e.status,
        "entity_type": 3,
        "entity_id": None,
        "entity_metadata": {"location": e.location},
        "image": None,
    }
