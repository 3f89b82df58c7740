"""The world a test sets up: servers (guilds) with roles, members and channels, and the bot's
permissions and intents in them."""

from __future__ import annotations

from emulator import payloads
from emulator.gateway import Gateway
from emulator.handle import DriverError
from emulator.state import DM, GROUP_DM, Channel, Guild, Member, Role, State, User

# The permissions an ordinary member has (view, send, history, reactions, embed, attach, use
# application commands, use external apps, send polls, which Discord's @everyone holds by
# default); Manage Server (0x20) is what the "admin" commands ask for.
MEMBER_PERMISSIONS = (
    0x400 | 0x800 | 0x10000 | 0x40 | 0x4000 | 0x8000 | (1 << 31) | (1 << 49) | (1 << 50)
)
BOT_PERMISSIONS = MEMBER_PERMISSIONS | 0x2000 | (1 << 35) | (1 << 38)


class Builder:
    """The world-making half of the driver: add everything before the client connects, so
    GUILD_CREATE carries it (members joining and channels made later are not modelled)."""

    state: State
    gateway: Gateway
    bot_user: User
    owner: User
    guild: Guild  # the first server, where everything goes unless a call names another

    def add_guild(
        self,
        name: str,
        *,
        locale: str = "en-US",
        shard: tuple[int, int] | None = None,
        bot: bool = True,
    ) -> Guild:
        """A new server owned by `owner`, with the bot in it (unless `bot` is False: a server
        that never added it, where only users' installs reach the app) and no channels yet.

        `shard` (id, count) picks its id so that Discord's formula puts it on that shard of
        that many; by default successive servers fall on successive shards.
        """
        if not 2 <= len(name) <= 100:
            raise ValueError(f"a server name has 2 to 100 characters, not {name!r}")
        if shard is not None and not 0 <= shard[0] < shard[1]:
            raise ValueError(f"shard {shard[0]} of {shard[1]} does not exist")
        guild = Guild(self.state.guild_snowflake(shard), name, self.owner.id, locale)
        guild.roles[guild.id] = Role(guild.id, "@everyone", MEMBER_PERMISSIONS, 0)
        self.state.guilds[guild.id] = guild
        guild.members[self.owner.id] = Member(self.owner, [])
        if bot:
            bot_role = Role(self.state.snowflake(), "Duelboard", BOT_PERMISSIONS, 1)
            guild.roles[bot_role.id] = bot_role
            guild.members[self.bot_user.id] = Member(self.bot_user, [bot_role.id])
        return guild

    def add_dm(self, first: User, second: User) -> Channel:
        """The DM between two users (the bot is a recipient only if one of them is the bot)."""
        if first is second:
            raise ValueError("a DM is between two users")
        channel = Channel(self.state.snowflake(), 0, "", type=DM, recipients=[first, second])
        self.state.private[channel.id] = channel
        return channel

    def add_group_dm(self, name: str, users: list[User]) -> Channel:
        """A group DM of 2 to 10 users, owned by the first; the bot is never in one."""
        if not 2 <= len(users) <= 10 or len(set(map(id, users))) != len(users):
            raise ValueError("a group DM has 2 to 10 distinct users")
        if any(user.bot for user in users):
            raise ValueError("bots cannot be added to group DMs")
        if len(name) > 100:
            raise ValueError(f"a group DM's name has at most 100 characters, not {name!r}")
        channel = Channel(
            self.state.snowflake(), 0, name, type=GROUP_DM, owner_id=users[0].id, recipients=users
        )
        self.state.private[channel.id] = channel
        return channel

    def install_app(self, user: User) -> None:
        """`user` installs the app to their account (the install link with integration_type=1):
        its commands that allow user installs follow them into DMs, group DMs and servers."""
        self.state.installed.add(user.id)

    def add_member(
        self,
        name: str,
        *,
        permissions: int = 0,
        locale: str = "en-US",
        display_name: str | None = None,
        guild: Guild | None = None,
    ) -> User:
        """A new member of `guild` (the first server by default); `permissions` (bits) are
        granted through a role of their own.

        `display_name` is what other members see, any 1-32 characters (the username is
        restricted); by default the username capitalised.
        """
        if not 2 <= len(name) <= 32:
            raise ValueError(f"a username has 2 to 32 characters, not {name!r}")
        if display_name is not None and not 1 <= len(display_name) <= 32:
            raise ValueError(f"a display name has 1 to 32 characters, not {display_name!r}")
        if permissions < 0:
            raise ValueError(f"permissions are bits, not {permissions}")
        where = guild or self.guild
        user = User(self.state.snowflake(), name, locale=locale, display_name=display_name)
        role_ids = []
        if permissions:
            role = Role(self.state.snowflake(), f"{name}-role", permissions, 1)
            where.roles[role.id] = role
            role_ids.append(role.id)
        where.members[user.id] = Member(user, role_ids)
        return user

    def add_role(
        self,
        name: str,
        members: list[User],
        *,
        permissions: int = 0,
        mentionable: bool = False,
        guild: Guild | None = None,
        position: int = 1,
    ) -> Role:
        """A role granting `permissions` (bits) to `members` of `guild` (the first server by
        default), at `position` (1, the bottom, by default, as Discord makes a new role): the
        roles from there up move up one."""
        if not 1 <= len(name) <= 100:
            raise ValueError(f"a role name has 1 to 100 characters, not {name!r}")
        if permissions < 0:
            raise ValueError(f"permissions are bits, not {permissions}")
        where = guild or self.guild
        if position < 1:
            raise ValueError(f"a role's position is 1 or more (0 is @everyone), not {position}")
        for other in where.roles.values():
            if other.position >= position:
                other.position += 1
        role = Role(self.state.snowflake(), name, permissions, position, mentionable)
        where.roles[role.id] = role
        for user in members:
            where.members[user.id].role_ids.append(role.id)
        return role

    def add_channel(self, name: str, *, guild: Guild | None = None) -> Channel:
        """A new text channel in `guild` (the first server by default)."""
        if not 1 <= len(name) <= 100:
            raise ValueError(f"a channel name has 1 to 100 characters, not {name!r}")
        where = guild or self.guild
        channel = Channel(self.state.snowflake(), where.id, name, position=len(where.channels))
        where.channels[channel.id] = channel
        return channel

    def channel(self, channel_id: int) -> Channel:
        """A channel or thread by id, in any server."""
        found = self.state.channel(channel_id)
        if found is None:
            raise DriverError(f"no channel {channel_id}")
        return found

    def limit_guilds_per_session(self, guilds: int) -> None:
        """Lower Discord's limit of servers per gateway session (2,500), past which IDENTIFY
        gets 4011 "sharding required", so a test needs no thousands of servers."""
        self.gateway.guilds_per_session = guilds

    def allow_privileged_intents(self, intents: int) -> None:
        """Switch privileged intents on, as in the developer portal (else IDENTIFY gets 4014)."""
        self.gateway.allowed_privileged = intents

    async def set_bot_permissions(self, permissions: int, *, guild: Guild | None = None) -> None:
        """Make the bot hold exactly `permissions` (bits) in `guild` (the first server by
        default), as a server admin would."""
        where = guild or self.guild
        everyone = where.roles[where.id]
        everyone.permissions &= permissions
        changed = [everyone]
        for role_id in where.members[self.bot_user.id].role_ids:
            where.roles[role_id].permissions = permissions
            changed.append(where.roles[role_id])
        for role in changed:
            data = payloads.role_update(where.id, role)
            await self.gateway.dispatch("GUILD_ROLE_UPDATE", data, guild_id=where.id)
