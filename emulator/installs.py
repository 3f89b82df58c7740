"""Where a command may be used, and who authorised the app there: installs to a server and to
a user's account (Discord's user-installable apps).

A command declares `integration_types` (0 installed to a server, 1 installed to a user's
account) and `contexts` (0 a server, 1 the DM with the app's bot, 2 a DM or group DM between
users); a server's own commands are for that server's install only. Discord offers a command
where one of its integration types applies: the server install in a server that added the bot,
the user's install wherever the user has the app. The interaction then says which applied in
`authorizing_integration_owners`, and a component on an app's message carries the owners of the
interaction that made the message. In a server whose "Use External Apps" is off for the user, a
user's install still answers, but every response is ephemeral.
(https://discord.com/developers/docs/interactions/application-commands#contexts)
"""

from __future__ import annotations

from dataclasses import dataclass

from emulator.handle import DriverError
from emulator.state import (
    PRIVATE_APP_PERMISSIONS,
    USE_EXTERNAL_APPS,
    Channel,
    Command,
    Message,
    State,
    User,
)

GUILD_INSTALL, USER_INSTALL = 0, 1
GUILD, BOT_DM, PRIVATE_CHANNEL = 0, 1, 2
# A command that does not say: installed to servers only (a new application's default), usable
# in every context its installs reach.
DEFAULT_INTEGRATION_TYPES = (GUILD_INSTALL,)
DEFAULT_CONTEXTS = (GUILD, BOT_DM, PRIVATE_CHANNEL)


@dataclass(frozen=True)
class Access:
    """How an interaction reaches the app: owners, context, and what Discord lets it do."""

    owners: dict[str, str]
    context: int
    app_permissions: int
    forced_ephemeral: bool


def context_of(channel: Channel, bot: User) -> int:
    """The interaction context of a channel."""
    if not channel.is_private:
        return GUILD
    return BOT_DM if any(u.id == bot.id for u in channel.recipients) else PRIVATE_CHANNEL


def offered(state: State, bot: User, user: User, channel: Channel, command: Command) -> Access:
    """The access of `user` running `command` in `channel`; DriverError where Discord would
    not offer the command there."""
    context = context_of(channel, bot)
    if command.guild_id is not None:
        types, contexts = [GUILD_INSTALL], [GUILD]
    else:
        types = list(command.body.get("integration_types") or DEFAULT_INTEGRATION_TYPES)
        contexts = list(command.body.get("contexts") or DEFAULT_CONTEXTS)
    if context not in contexts:
        raise DriverError(f"Discord does not offer /{command.name} in context {context}")
    owners = _owners(state, bot, user, channel, types)
    if not owners:
        raise DriverError(
            f"Discord does not offer /{command.name} to {user.name} in channel {channel.id}: "
            f"installed as {types}, the app is not installed that way there"
        )
    return _access(state, bot, user, channel, owners, context)


def on_message(
    state: State, bot: User, user: User, channel: Channel, source: Message | None
) -> Access:
    """The access of a component or modal on an app's message: the owners of the interaction
    that made it, or the server's install for a message the bot posted itself."""
    made_by = source.interaction if source is not None else None
    if made_by is not None and made_by.owners:
        owners = dict(made_by.owners)
    elif channel.is_private:
        owners = {str(USER_INSTALL): str(user.id)}
    else:
        owners = {str(GUILD_INSTALL): str(channel.guild_id)}
    return _access(state, bot, user, channel, owners, context_of(channel, bot))


def _owners(
    state: State, bot: User, user: User, channel: Channel, types: list[int]
) -> dict[str, str]:
    owners: dict[str, str] = {}
    in_server = not channel.is_private and bot.id in state.guilds[channel.guild_id].members
    if GUILD_INSTALL in types and in_server:
        owners[str(GUILD_INSTALL)] = str(channel.guild_id)
    if USER_INSTALL in types and user.id in state.installed:
        owners[str(USER_INSTALL)] = str(user.id)
    return owners


def _access(
    state: State, bot: User, user: User, channel: Channel, owners: dict[str, str], context: int
) -> Access:
    if str(GUILD_INSTALL) in owners:
        held = state.permissions(state.guilds[channel.guild_id], bot.id)
        return Access(owners, context, held, False)
    forced = False
    if not channel.is_private:
        member_bits = state.permissions(state.guilds[channel.guild_id], user.id)
        forced = not member_bits & USE_EXTERNAL_APPS
    return Access(owners, context, PRIVATE_APP_PERMISSIONS, forced)
