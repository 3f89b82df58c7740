"""A member's roles: `PUT` and `DELETE /guilds/{guild.id}/members/{user.id}/roles/{role.id}`.

As Discord documents them: the bot needs Manage Roles, and may only give or take a role below
its own highest role (the owner's bot aside); either answers 204 with no body, also when the
member already had (or lacked) the role, and the member's update reaches the gateway.
"""

from __future__ import annotations

from aiohttp import web

from emulator import limits, payloads
from emulator.core import CORE, Core, snowflake_arg
from emulator.state import Guild, Member, Role

MANAGE_ROLES = 1 << 28
GUILD_MEMBERS_INTENT = 1 << 1


def routes() -> list[web.RouteDef]:
    """The member role routes."""
    path = "/api/v10/guilds/{guild_id}/members/{user_id}/roles/{role_id}"
    return [web.put(path, add_role), web.delete(path, remove_role)]


async def add_role(request: web.Request) -> web.Response:
    """Give the member the role."""
    core = request.app[CORE]
    guild, member, role = _checked(core, request)
    if role.id not in member.role_ids:
        member.role_ids.append(role.id)
        await _updated(core, guild, member)
    return web.Response(status=204)


async def remove_role(request: web.Request) -> web.Response:
    """Take the role from the member."""
    core = request.app[CORE]
    guild, member, role = _checked(core, request)
    if role.id in member.role_ids:
        member.role_ids.remove(role.id)
        await _updated(core, guild, member)
    return web.Response(status=204)


def top_position(guild: Guild, member: Member) -> int:
    """The position of the member's highest role (0: @everyone only)."""
    return max((guild.roles[role_id].position for role_id in member.role_ids), default=0)


def _checked(core: Core, request: web.Request) -> tuple[Guild, Member, Role]:
    guild = core.state.guilds.get(snowflake_arg(request.match_info["guild_id"]))
    if guild is None:
        raise limits.DiscordError(404, 10004, "Unknown Guild")
    member = guild.members.get(snowflake_arg(request.match_info["user_id"]))
    if member is None:
        raise limits.DiscordError(404, 10007, "Unknown Member")
    role = guild.roles.get(snowflake_arg(request.match_info["role_id"]))
    if role is None or role.id == guild.id:
        raise limits.DiscordError(404, 10011, "Unknown Role")
    held = core.state.permissions(guild, core.bot_user.id)
    if not held & MANAGE_ROLES:
        raise limits.DiscordError(403, 50013, f"Missing Permissions ({MANAGE_ROLES:#x})")
    bot = guild.members[core.bot_user.id]
    if core.bot_user.id != guild.owner_id and role.position >= top_position(guild, bot):
        raise limits.DiscordError(403, 50013, "Missing Permissions (role hierarchy)")
    return guild, member, role


async def _updated(core: Core, guild: Guild, member: Member) -> None:
    data = payloads.member(member) | {"guild_id": str(guild.id)}
    await core.gateway.dispatch(
        "GUILD_MEMBER_UPDATE", data, guild_id=guild.id, intent=GUILD_MEMBERS_INTENT
    )
