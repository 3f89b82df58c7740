"""The emulator's shared machinery: request bodies in, messages made and changed, events out."""

from __future__ import annotations

import json
import mimetypes
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from aiohttp import hdrs, web

from emulator import forms, limits, openapi, payloads
from emulator.mentions import mentions
from emulator.state import Attachment, Channel, Interaction, Message, Poll, State, Upload, User

if TYPE_CHECKING:
    from emulator.gateway import Gateway

# A bot may set only SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS and IS_COMPONENTS_V2 on a
# message; Discord refuses any other bit.
_SETTABLE_FLAGS = (1 << 2) | (1 << 6) | (1 << 12) | (1 << 15)


@dataclass(frozen=True)
class Body:
    """A request body: its JSON (from the body or `payload_json`) and any uploaded files."""

    data: Any
    files: dict[int, Upload]


BODY = web.RequestKey("body", Body)
API_BASE = "/api/v10"


def json_response(data: Any, status: int = 200) -> web.Response:
    """A JSON reply whose Content-Type is exactly `application/json` (contract 1)."""
    return web.Response(
        body=json.dumps(data).encode(), status=status, headers={"Content-Type": "application/json"}
    )


async def read_body(request: web.Request) -> Body:
    """Read a JSON or multipart body; multipart carries `payload_json` and `files[n]`.

    The body must follow its route's schema in Discord's own API description (`openapi`), or
    it is refused as Discord refuses it (400 50035)."""
    body = await _read_body(request)
    request[BODY] = body
    if body.data is not None and request.path.startswith(API_BASE):
        path = request.path[len(API_BASE) :]
        problem = openapi.description().problem(request.method, path, body.data)
        if problem is not None:
            request.app[CORE].state.schema_refusals.append(problem)
            raise limits.invalid("body", f"Discord's API description refuses it: {problem}")
    return body


async def _read_body(request: web.Request) -> Body:
    if not request.can_read_body:
        return Body(None, {})
    # The raw header, not `request.content_type`: aiohttp parses each new boundary with the
    # `email` package, which costs more than reading the whole body.
    content_type = request.headers.get(hdrs.CONTENT_TYPE, "")
    if content_type.lstrip().lower().startswith("multipart/"):
        return _form(forms.parts(await request.read(), content_type))
    text = await request.text()
    return Body(_decode(text) if text else None, {})


def _form(parts: list[forms.Part]) -> Body:
    """A multipart body: the JSON of its `payload_json` part and its `files[n]` uploads."""
    data: Any = None
    files: dict[int, Upload] = {}
    for part in parts:
        if part.media_type.startswith("multipart/"):
            raise limits.invalid("files", "Nested multipart is not supported.")
        name = part.name or ""
        if name == "payload_json":
            data = _decode(part.text())
        elif name.startswith("files[") and name.endswith("]") and name[6:-1].isdigit():
            files[int(name[6:-1])] = Upload(
                part.filename or f"file{name[6:-1]}", part.data, part.headers.get("content-type")
            )
        else:
            raise limits.invalid(name, f"Unexpected multipart field {name!r}.")
    return Body(data, files)


def _decode(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise limits.bad_json(str(error)) from error


class Core:
    """State, gateway and identity, shared by every route."""

    def __init__(
        self,
        state: State,
        gateway: Gateway,
        app_id: int,
        bot_user: User,
        reply_window: float,
        token_lifetime: float,
    ) -> None:
        self.state = state
        self.gateway = gateway
        self.app_id = app_id
        self.bot_user = bot_user
        self.reply_window = reply_window
        self.token_lifetime = token_lifetime

    def reach(self, channel: Channel, what: str) -> None:
        """Refuse a bot-token call to a channel the bot is not in (a DM or group DM between
        users, a server that never added it) with 403 50001, as Discord does; it is kept, and
        fails the test, since a bot that knows where its app was used never makes it."""
        if not self.state.bot_present(channel, self.bot_user.id):
            self.state.missing_access.append(f"{what} in channel {channel.id}")
            raise limits.DiscordError(403, 50001, "Missing Access")

    def require(self, channel: Channel, bits: int) -> None:
        """Refuse with 50013 unless the bot holds every permission in `bits`."""
        self.reach(channel, f"a call needing permissions {bits:#x}")
        held = self.state.permissions(self.state.home(channel), self.bot_user.id)
        if bits & ~held:
            raise limits.DiscordError(403, 50013, f"Missing Permissions ({bits & ~held:#x})")

    def new_message(
        self,
        channel_id: int,
        body: Body,
        *,
        interaction: Interaction | None = None,
        allow_ephemeral: bool = False,
        poll: Poll | None = None,
    ) -> Message:
        """Make and store a message from a create body (not yet announced), with its `poll`
        made from the body (see `polls.make_poll`)."""
        data = _object(body.data)
        reference = data.get("message_reference")
        if reference is not None and not (
            isinstance(reference, dict) and str(reference.get("message_id", "")).isdigit()
        ):
            raise limits.invalid("message_reference", "Needs a message_id.")
        channel = self.state.channel(channel_id)
        if channel is None:
            raise limits.unknown_channel()
        flags = _flags(data, allow_ephemeral=allow_ephemeral)
        if interaction is not None and interaction.forced_ephemeral:
            flags |= payloads.EPHEMERAL_FLAG  # "Use External Apps" is off for the user here
        limits.check_message(data)
        message = Message(
            id=self.state.snowflake(),
            channel_id=channel_id,
            guild_id=channel.guild_id,
            author=self.bot_user,
            content=str(data.get("content") or ""),
            embeds=list(data.get("embeds") or []),
            components=list(data.get("components") or []),
            flags=flags,
            webhook_id=self.app_id if interaction is not None else None,
            interaction=interaction,
            poll=poll,
        )
        if reference is not None:
            message.reference_id = int(reference["message_id"])
        message.attachments = self._attachments(data, body.files, existing=[])
        notified = self._mentions(message, data.get("allowed_mentions"))
        message.notified = [] if message.ephemeral else notified
        shown = message.content or message.embeds or message.attachments or message.components
        if not (shown or poll is not None):
            raise limits.empty_message()
        self.state.messages[message.id] = message
        return message

    def edit_message(self, message: Message, body: Body) -> None:
        """Apply an edit body to a message, checking the result as Discord does."""
        data = _object(body.data)
        merged = {
            "content": data.get("content", message.content),
            "embeds": data.get("embeds", message.embeds),
            "components": data.get("components", message.components),
            "flags": message.flags,
        }
        if "flags" in data and data["flags"] is not None:
            merged["flags"] = (message.flags & (1 << 6)) | (
                _flags(data, allow_ephemeral=True) & ~(1 << 6)
            )
        limits.check_message(merged)
        attachments = self._attachments(data, body.files, existing=message.attachments)
        if not (merged["content"] or merged["embeds"] or merged["components"] or attachments):
            raise limits.empty_message()
        message.content = str(merged["content"] or "")
        message.embeds = list(merged["embeds"] or [])
        message.components = list(merged["components"] or [])
        message.attachments = attachments
        notified = self._mentions(message, data.get("allowed_mentions"))
        if message.loading and not message.ephemeral:
            # Filling a "thinking" reply is its real send: that one notifies, later edits never do.
            message.notified = notified
        message.flags = int(merged["flags"]) & ~payloads.LOADING_FLAG
        message.edited_at = datetime.now(UTC)
        message.edits += 1

    def _mentions(self, message: Message, allowed: object) -> list[User]:
        """Set who `message` mentions under `allowed_mentions`; returns whom it would notify."""
        channel = self.state.channel(message.channel_id)
        assert channel is not None  # messages are made only in channels that exist
        guild = self.state.home(channel)
        # An app's responses where its bot is not a member carry no permissions of their own.
        present = message.author.id in guild.members and guild.id != 0
        held = self.state.permissions(guild, message.author.id) if present else 0
        found = mentions(guild, message.author, held, message.content, allowed)
        message.mentions = found.users
        message.mention_roles = found.roles
        message.mention_everyone = found.everyone
        return found.notified

    def _attachments(
        self, data: dict[str, Any], files: dict[int, Upload], existing: list[Attachment]
    ) -> list[Attachment]:
        entries = data.get("attachments")
        if entries is None:
            kept = list(existing)
            return kept + [self._store(upload, None) for _, upload in sorted(files.items())]
        if not isinstance(entries, list):
            raise limits.invalid("attachments", "Must be a list.")
        by_id = {a.id: a for a in existing}
        result: list[Attachment] = []
        used: set[int] = set()
        for entry in entries:
            raw = entry.get("id")
            key = int(raw) if raw is not None and str(raw).isdigit() else -1
            if key in files and key not in used:
                used.add(key)
                upload = files[key]
                result.append(self._store(upload, entry.get("description"), entry.get("filename")))
            elif key in by_id:
                result.append(by_id[key])
            else:
                raise limits.invalid("attachments", f"Unknown attachment id {raw!r}.")
        for key in sorted(set(files) - used):
            result.append(self._store(files[key], None))
        if len(result) > 10:
            raise limits.invalid("attachments", "Must be 10 or fewer in length.")
        return result

    def _store(
        self, upload: Upload, description: str | None, name: str | None = None
    ) -> Attachment:
        filename = name or upload.filename
        if len(upload.data) > payloads.ATTACHMENT_SIZE_LIMIT:
            raise limits.DiscordError(413, 40005, "Request entity too large")
        if description is not None and len(description) > 1024:
            raise limits.invalid("attachments.description", "Must be 1024 or fewer in length.")
        guessed = mimetypes.guess_type(filename)[0]
        return Attachment(self.state.snowflake(), filename, upload.data, description, guessed)

    async def announce(self, event: str, message: Message) -> dict[str, Any] | None:
        """Tell the gateway about a visible message change, as Discord does; returns the event's
        data (None for an ephemeral message, which goes to no one).

        A created or edited message's event carries the message as the REST API answers it:
        the route answers with the same payload instead of building it again.
        """
        data: dict[str, Any] | None = None
        channel = self.state.channel(message.channel_id)
        # The gateway tells the bot only of channels it is in.
        seen = channel is not None and self.state.bot_present(channel, self.bot_user.id)
        if not message.ephemeral and seen:
            if event == "MESSAGE_DELETE":
                data = payloads.message_delete(message)
            else:
                data = payloads.message(message)
            await self.gateway.dispatch(event, data, guild_id=message.guild_id, intent=1 << 9)
        if message.interaction is None:
            self.state.signal.fire(message)
        else:
            self.state.signal.fire(message, message.interaction)
        return data

    def answer(self, message: Message, announced: dict[str, Any] | None) -> web.Response:
        """The REST answer with `message`: the payload its event carried, if it had one."""
        return json_response(payloads.message(message) if announced is None else announced)


CORE = web.AppKey("core", Core)


def snowflake_arg(text: str) -> int:
    """A snowflake from a URL segment, refused as Discord refuses it."""
    if not text.isdigit():
        raise limits.invalid("id", f"Value {text!r} is not snowflake.")
    return int(text)


def _object(data: Any) -> dict[str, Any]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise limits.invalid("body", "Expected a JSON object.")
    return data


def _flags(data: dict[str, Any], *, allow_ephemeral: bool) -> int:
    flags = int(data.get("flags") or 0)
    if flags & ~_SETTABLE_FLAGS:
        raise limits.invalid("flags", f"Flags {flags} include bits a bot cannot set.")
    if flags & (1 << 6) and not allow_ephemeral:
        raise limits.invalid("flags", "Only interaction responses can be ephemeral.")
    return flags
