"""`TierRoles`: the Discord roles a server gives by rating tier, given and taken after its rated
games, and the check that a tier's role is one the bot may give.

A tier is only kept when the bot may manage its role (Manage Roles, and the role below the
bot's highest): `/settings` says exactly what is missing and keeps nothing. Should that change
later (a role moved above the bot's), a game changes no role at all rather than some.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence

import discord

from bot.i18n import Localizer
from bot.service.ratings import RatingChange
from bot.service.tiers import TIERS_SETTING, Tier, earned_role, tiers_of
from bot.store import Store

log = logging.getLogger(__name__)


def refusal(t: Localizer, guild: discord.Guild, role: discord.Role) -> str | None:
    """Why the bot may not give `role` as a tier (worded), or None when it may."""
    me = guild.me
    if role.is_default() or role.managed:
        return t("tiers.refused.special", role=role.mention)
    if not me.guild_permissions.manage_roles:
        return t("tiers.refused.permission")
    if role >= me.top_role:
        return t("tiers.refused.above", role=role.mention, mine=me.top_role.mention)
    return None


class TierRoles:
    """Tier roles given and taken as ratings move."""

    def __init__(self, client: discord.Client, store: Store) -> None:
        """Change roles through `client`; read the tiers from `store`'s server settings."""
        self.client = client
        self.store = store

    async def tiers(self, guild_id: int) -> list[Tier]:
        """The server's tiers, lowest first per ladder."""
        return tiers_of((await self.store.guild_settings(guild_id)).get(TIERS_SETTING))

    async def rated(self, guild_id: int, ladder: str, changes: Sequence[RatingChange]) -> None:
        """Give each player the role of the tier their new server rating reaches on `ladder`,
        and take the ladder's other tier roles; nothing when the bot may not manage them all."""
        tiers = [tier for tier in await self.tiers(guild_id) if tier.ladder == ladder]
        guild = self.client.get_guild(guild_id)
        if not tiers or guild is None:
            return
        roles = [guild.get_role(tier.role_id) for tier in tiers]
        known = [role for role in roles if role is not None]
        me = guild.me
        if not me.guild_permissions.manage_roles or any(role >= me.top_role for role in known):
            log.warning("tier roles of server %s are out of the bot's reach", guild_id)
            return
        ours = {role.id for role in known}
        for change in changes:
            if change.scope != guild_id:
                continue
            target = earned_role(tiers, ladder, change.after, change.deviation)
            try:
                member = await guild.fetch_member(change.user_id)
                held = {role.id for role in member.roles}
                if target is not None and target in ours and target not in held:
                    await member.add_roles(discord.Object(target), reason="rating tier")
                taken = [discord.Object(r) for r in ours & held if r != target]
                if taken:
                    await member.remove_roles(*taken, reason="rating tier")
            except discord.HTTPException:
                log.exception("changing the tier roles of %s failed", change.user_id)
