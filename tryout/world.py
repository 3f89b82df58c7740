"""The local server a visitor walks into: three members besides the bot, a few channels, and
roles to give by rating tier (the bot may manage them)."""

from __future__ import annotations

from dataclasses import dataclass

from emulator import Emulator
from emulator.building import MEMBER_PERMISSIONS
from emulator.state import Channel, Role, User

# Manage Server, so that the visitor can try /settings as the first member.
MANAGE_SERVER = 0x20
SERVER = "Duelboard (local)"
CHANNELS = ("general", "backgammon", "checkers")
# (username, display name, Discord locale): one person per language the bot speaks first.
PEOPLE = (("ada", "Ada", "en-US"), ("bruno", "Bruno", "fr"), ("clara", "Clara", "de"))
# Roles for /settings tier_role, made after the bot's own (so below it), and Manage Roles for the
# bot, as a server that wants tier roles sets it up.
TIER_ROLES = ("Bronze", "Silver", "Gold")
MANAGE_ROLES = 1 << 28


GROUP = "Friday night"


@dataclass(frozen=True)
class World:
    """Who is in the local server and where they can talk: the server's channels, a DM and a
    group DM where the bot is not a member (each person installed the app to their account)."""

    people: tuple[User, ...]
    channels: tuple[Channel, ...]
    private: tuple[Channel, ...] = ()
    roles: tuple[Role, ...] = ()

    def sees(self, member: User, channel: Channel) -> bool:
        """Whether `member` is in `channel`: every server channel, their own DMs."""
        return not channel.is_private or member in channel.recipients


def populate(emulator: Emulator) -> World:
    """Add the members and channels of the local server to `emulator`."""
    emulator.guild.name = SERVER
    people = []
    for index, (name, display_name, locale) in enumerate(PEOPLE):
        bits = MEMBER_PERMISSIONS | (MANAGE_SERVER if index == 0 else 0)
        people.append(
            emulator.add_member(name, permissions=bits, locale=locale, display_name=display_name)
        )
    channels = [emulator.general]
    channels += [emulator.add_channel(name) for name in CHANNELS if name != "general"]
    for person in people:
        emulator.install_app(person)
    private = (emulator.add_dm(people[0], people[1]), emulator.add_group_dm(GROUP, people))
    roles = tuple(emulator.add_role(name, []) for name in TIER_ROLES)
    guild = emulator.guild
    for role_id in guild.members[emulator.bot_user.id].role_ids:
        guild.roles[role_id].permissions |= MANAGE_ROLES
    return World(tuple(people), tuple(channels), private, roles)
