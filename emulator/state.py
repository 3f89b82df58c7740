"""What the emulated Discord remembers: guilds, channels, messages, commands, interactions."""

from __future__ import annotations

import itertools
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from emulator.signal import Signal

TEXT_CHANNEL = 0
DM = 1
GROUP_DM = 3
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12

# Allows members to use apps installed to their own account here; without it Discord makes
# every response of such an app ephemeral (https://discord.com/developers/docs/topics/permissions).
USE_EXTERNAL_APPS = 1 << 50
# What an app installed to a user's account may do in a DM or group DM, as `app_permissions`.
PRIVATE_APP_PERMISSIONS = 0x400 | 0x800 | 0x4000 | 0x8000 | 0x10000 | 0x40000 | (1 << 31)

# The snowflakes handed out start here (early 2026) so discord.py reads sensible creation times.
_FIRST_SNOWFLAKE_MS = 1_767_225_600_000 - 1_420_070_400_000
# Servers are made a million seconds (under 12 days) before everything else, one millisecond
# apart: Discord's shard formula, (id >> 22) % shard_count, reads only the milliseconds, so
# successive servers fall on successive shards, as servers made at different times do.
_FIRST_GUILD_MS = _FIRST_SNOWFLAKE_MS - 1_000_000_000


class MonotonicClock:
    """Monotonic seconds; the reply window and token lifetime are measured with it."""

    def __call__(self) -> float:
        """Now, in seconds."""
        return time.monotonic()


class ManualClock(MonotonicClock):
    """Real time plus whatever a test adds; `frozen=True` leaves only what the test adds.

    A slow bot still misses the 3 s window, and a test can jump past it (or past the 15-minute
    token lifetime) without sleeping.
    """

    def __init__(self, *, frozen: bool = False) -> None:
        self.frozen = frozen
        self.offset = 0.0
        self._origin = time.monotonic()

    def __call__(self) -> float:
        """Now, in seconds."""
        real = 0.0 if self.frozen else time.monotonic() - self._origin
        return real + self.offset

    def advance(self, seconds: float) -> None:
        """Move time forward."""
        if seconds < 0:
            raise ValueError(f"a clock cannot go back ({seconds} s)")
        self.offset += seconds


@dataclass(eq=False)
class User:
    """A Discord user; `locale` is the client language Discord sends with each interaction.

    `display_name` is the name members see (Discord's `global_name`): any 1-32 characters, where
    the username (`name`) is restricted. None shows the username capitalised.
    """

    id: int
    name: str
    bot: bool = False
    locale: str = "en-US"
    display_name: str | None = None


@dataclass(eq=False)
class Role:
    """A guild role and its permission bits; anyone may ping a `mentionable` role."""

    id: int
    name: str
    permissions: int
    position: int
    mentionable: bool = False


@dataclass(eq=False)
class Member:
    """A user's membership of a guild."""

    user: User
    role_ids: list[int]


@dataclass(eq=False)
class Channel:
    """A text channel or a thread; or a DM or group DM (`guild_id` 0, its `recipients` listed)."""

    id: int
    guild_id: int
    name: str
    type: int = TEXT_CHANNEL
    position: int = 0
    parent_id: int | None = None
    owner_id: int | None = None
    auto_archive_duration: int = 1440
    recipients: list[User] = field(default_factory=list)

    @property
    def is_thread(self) -> bool:
        """Threads are channels with a parent."""
        return self.type in (PUBLIC_THREAD, PRIVATE_THREAD)

    @property
    def is_private(self) -> bool:
        """A DM or a group DM: no server around it."""
        return self.type in (DM, GROUP_DM)


@dataclass(eq=False)
class ScheduledEvent:
    """A server's scheduled event (only external ones are modelled: a place, a start, an end).

    `status`: 1 scheduled, 2 active, 3 completed, 4 cancelled.
    """

    id: int
    guild_id: int
    creator_id: int
    name: str
    description: str | None
    start: datetime
    end: datetime
    location: str
    status: int = 1


@dataclass(eq=False)
class Guild:
    """A server: its roles, members, channels and scheduled events."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: dict[int, Role] = field(default_factory=dict)
    members: dict[int, Member] = field(default_factory=dict)
    channels: dict[int, Channel] = field(default_factory=dict)
    events: dict[int, ScheduledEvent] = field(default_factory=dict)


@dataclass(eq=False)
class Attachment:
    """An uploaded file, kept whole so tests can look at the bytes and the alt text."""

    id: int
    filename: str
    data: bytes
    description: str | None = None
    content_type: str | None = None


@dataclass(eq=False)
class PollAnswer:
    """One answer of a poll: Discord numbers them from 1 in the order sent."""

    answer_id: int
    text: str
    emoji: dict[str, Any] | None = None


@dataclass(eq=False)
class Poll:
    """A message's poll: its question, answers, when it ends, and who voted for what."""

    question: str
    answers: list[PollAnswer]
    expiry: datetime
    allow_multiselect: bool = False
    layout_type: int = 1
    votes: dict[int, set[int]] = field(default_factory=dict)  # user id -> answer ids
    voters: dict[int, User] = field(default_factory=dict)  # who has voted, by id
    finalized: bool = False


@dataclass(eq=False)
class Message:
    """A message as Discord stores it, including ephemeral ones only their user sees."""

    id: int
    channel_id: int
    guild_id: int
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    webhook_id: int | None = None
    interaction: Interaction | None = None
    reference_id: int | None = None
    edited_at: datetime | None = None
    edits: int = 0
    deleted: bool = False
    reactions: dict[str, list[User]] = field(default_factory=dict)
    mentions: list[User] = field(default_factory=list)
    mention_roles: list[Role] = field(default_factory=list)
    mention_everyone: bool = False
    notified: list[User] = field(default_factory=list)
    poll: Poll | None = None
    type: int | None = None  # None: as its origin says (a reply, a command's answer, default)
    poll_result: dict[str, Any] | None = None  # a poll result message's embed (type 46)

    @property
    def ephemeral(self) -> bool:
        """Only the user who triggered the interaction can see it."""
        return bool(self.flags & (1 << 6))

    @property
    def loading(self) -> bool:
        """A deferred reply still showing "thinking"."""
        return bool(self.flags & (1 << 7))

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component at any depth (rows, buttons, selects, v2 containers)."""
        found: list[dict[str, Any]] = []
        stack = list(self.components)
        while stack:
            item = stack.pop(0)
            found.append(item)
            stack.extend(item.get("components", []))
            if isinstance(item.get("accessory"), dict):
                stack.append(item["accessory"])
        return found

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The component with this custom_id, if the message has one."""
        for item in self.iter_components():
            if item.get("custom_id") == custom_id:
                return item
        return None

    @property
    def custom_ids(self) -> list[str]:
        """The custom_ids of every interactive component, in display order."""
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]


@dataclass(eq=False)
class Command:
    """A registered application command (global when guild_id is None)."""

    id: int
    application_id: int
    guild_id: int | None
    body: dict[str, Any]

    @property
    def name(self) -> str:
        """The command's name."""
        return str(self.body["name"])


@dataclass(eq=False)
class Interaction:
    """One interaction and everything the bot has answered to it."""

    id: int
    token: str
    type: int
    application_id: int
    user: User
    guild_id: int
    channel_id: int
    locale: str
    created_at: float
    data: dict[str, Any] | None = None
    source_message: Message | None = None
    callback_type: int | None = None
    original: Message | None = None
    followups: list[Message] = field(default_factory=list)
    choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    delivered: int = 0  # gateway sessions it reached: those of its server's shard
    # Who authorised the app here: {"0": guild id} for its server install, {"1": user id} for
    # the install to a user's account (the keys are Discord's integration types, as text).
    owners: dict[str, str] = field(default_factory=dict)
    context: int = 0  # 0 a server, 1 the bot's DM, 2 a DM or group DM between users
    forced_ephemeral: bool = False  # "Use External Apps" is off for the user here

    @property
    def user_installed_only(self) -> bool:
        """Authorised only by a user's install: Discord's limits for user apps apply."""
        return "0" not in self.owners

    @property
    def acknowledged(self) -> bool:
        """Whether the one allowed callback has been made."""
        return self.callback_type is not None


@dataclass(frozen=True)
class Upload:
    """One `files[n]` part of a multipart request."""

    filename: str
    data: bytes
    content_type: str | None


@dataclass(frozen=True)
class RecordedRequest:
    """One HTTP request the bot made, and how the emulator answered it."""

    method: str
    path: str
    route: str | None
    status: int
    body: Any = None
    files: tuple[Upload, ...] = ()
    error_code: int | None = None


class State:
    """All of the emulated Discord's memory."""

    def __init__(self, clock: MonotonicClock, token: str) -> None:
        self.clock = clock
        self.token = token
        self._counter = itertools.count(1)
        self._guild_ms = itertools.count(_FIRST_GUILD_MS)
        self.guilds: dict[int, Guild] = {}
        self.private: dict[int, Channel] = {}  # DMs and group DMs, by id
        self.installed: set[int] = set()  # users who installed the app to their account
        # Calls Discord refuses because the app is not there (403 50001): each fails the test.
        self.missing_access: list[str] = []
        # Bodies Discord's API description refuses (answered 400 50035), for tests to look at.
        self.schema_refusals: list[str] = []
        self.messages: dict[int, Message] = {}
        self.commands: dict[int, Command] = {}
        self.interactions: dict[int, Interaction] = {}
        self.interactions_by_token: dict[str, Interaction] = {}
        self.requests: list[RecordedRequest] = []
        self.unknown_routes: list[str] = []
        self.signal = Signal()
        # What time it is for what Discord compares to the calendar (a scheduled event may not
        # start in the past); a test whose bot runs on a fake clock sets this to that clock.
        self.wall: Callable[[], datetime] = lambda: datetime.now(UTC)

    def snowflake(self) -> int:
        """A fresh, increasing snowflake id."""
        return (_FIRST_SNOWFLAKE_MS << 22) + (next(self._counter) << 12)

    def guild_snowflake(self, shard: tuple[int, int] | None = None) -> int:
        """A fresh server id; with `shard` (id, count), one on that shard of that many."""
        while True:
            milliseconds = next(self._guild_ms)
            if shard is None or milliseconds % shard[1] == shard[0]:
                return milliseconds << 22

    def new_token(self) -> str:
        """An interaction token."""
        return "aW50ZXJhY3Rpb24" + secrets.token_urlsafe(24)

    def channel(self, channel_id: int) -> Channel | None:
        """A channel or thread by id, in any guild, or a DM or group DM."""
        if channel_id in self.private:
            return self.private[channel_id]
        for guild in self.guilds.values():
            if channel_id in guild.channels:
                return guild.channels[channel_id]
        return None

    def bot_present(self, channel: Channel, bot_id: int) -> bool:
        """Whether the bot user is in the channel: a recipient of a DM, a member of a server."""
        if channel.is_private:
            return any(user.id == bot_id for user in channel.recipients)
        return bot_id in self.guilds[channel.guild_id].members

    def home(self, channel: Channel) -> Guild:
        """The people around a channel: its server, or for a DM or group DM a stand-in server
        (id 0) whose members are the recipients, which mentions and options are read against."""
        if not channel.is_private:
            return self.guilds[channel.guild_id]
        everyone = Role(0, "@everyone", PRIVATE_APP_PERMISSIONS, 0)
        stand_in = Guild(0, channel.name, channel.owner_id or 0, roles={0: everyone})
        stand_in.members = {user.id: Member(user, []) for user in channel.recipients}
        return stand_in

    def live_message(self, channel_id: int, message_id: int) -> Message | None:
        """A message that exists and has not been deleted."""
        found = self.messages.get(message_id)
        if found is None or found.deleted or found.channel_id != channel_id:
            return None
        return found

    def permissions(self, guild: Guild, user_id: int) -> int:
        """A member's guild permissions: the owner and administrators hold every bit."""
        all_bits = (1 << 53) - 1
        if user_id == guild.owner_id:
            return all_bits
        member = guild.members[user_id]
        bits = guild.roles[guild.id].permissions
        for role_id in member.role_ids:
            bits |= guild.roles[role_id].permissions
        return all_bits if bits & 0x8 else bits
