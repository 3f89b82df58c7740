"""Who a message mentions and who it notifies, worked out from its content as Discord does.

Discord reads user mentions (`<@id>`, `<@!id>`), role mentions (`<@&id>`) and `@everyone` /
`@here` from the content, then keeps what the message's `allowed_mentions` lets through: when it
is absent, everything written; when present, only the kinds its `parse` names ("users",
"roles", "everyone") and the ids its `users` and `roles` lists hold. A role pings only if it is
mentionable or the author may Mention Everyone; `@everyone` and `@here` only if the author may
(https://discord.com/developers/docs/resources/message#allowed-mentions-object). Only members
are notified, never the author; whether a message notifies at all (a new message does, an edit
never does) is the caller's business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from emulator import limits
from emulator.state import Guild, Role, User

MENTION_EVERYONE = 1 << 17
KINDS = frozenset({"users", "roles", "everyone"})
MAX_LISTED = 100  # ids a `users` or `roles` list may hold

_USER = re.compile(r"<@!?(\d+)>")
_ROLE = re.compile(r"<@&(\d+)>")
_EVERYONE = re.compile(r"@(?:everyone|here)")


@dataclass(frozen=True)
class Allowance:
    """What `allowed_mentions` lets through; `kinds` None means it was absent (all of it)."""

    kinds: frozenset[str] | None
    users: frozenset[int]
    roles: frozenset[int]

    def lets(self, kind: str, listed: frozenset[int], item_id: int) -> bool:
        """Whether a mention of `item_id` of `kind` goes through."""
        return self.kinds is None or kind in self.kinds or item_id in listed


@dataclass(frozen=True)
class Mentions:
    """What a message mentions, and the members it would notify."""

    users: list[User]
    roles: list[Role]
    everyone: bool
    notified: list[User]


def allowance(data: object) -> Allowance:
    """Read an `allowed_mentions` object, refusing what Discord refuses (400 50035)."""
    if data is None:
        return Allowance(None, frozenset(), frozenset())
    if not isinstance(data, dict):
        raise limits.invalid("allowed_mentions", "Must be an object.")
    parse = data.get("parse") or []
    if not isinstance(parse, list) or any(kind not in KINDS for kind in parse):
        raise limits.invalid(
            "allowed_mentions.parse", f"Each entry must be one of {sorted(KINDS)}."
        )
    users = _ids(data, "users")
    roles = _ids(data, "roles")
    for kind, listed in (("users", users), ("roles", roles)):
        if kind in parse and listed:
            raise limits.invalid(
                "allowed_mentions", f"parse:[{kind!r}] and {kind}: [ids] are mutually exclusive."
            )
    return Allowance(frozenset(parse), users, roles)


def _ids(data: dict[str, object], field: str) -> frozenset[int]:
    given = data.get(field) or []
    if not isinstance(given, list) or not all(str(item).isdigit() for item in given):
        raise limits.invalid(f"allowed_mentions.{field}", "Must be a list of snowflakes.")
    if len(given) > MAX_LISTED:
        raise limits.invalid(f"allowed_mentions.{field}", f"Must be {MAX_LISTED} or fewer.")
    return frozenset(int(str(item)) for item in given)


def mentions(guild: Guild, author: User, held: int, content: str, allowed: object) -> Mentions:
    """Who `content`, sent by `author` holding permissions `held` in `guild`, mentions."""
    allow = allowance(allowed)
    may_everyone = bool(held & MENTION_EVERYONE)
    users: list[User] = []
    for user_id in dict.fromkeys(int(found) for found in _USER.findall(content)):
        member = guild.members.get(user_id)
        if member is not None and allow.lets("users", allow.users, user_id):
            users.append(member.user)
    roles: list[Role] = []
    for role_id in dict.fromkeys(int(found) for found in _ROLE.findall(content)):
        role = guild.roles.get(role_id)
        if role is None or role_id == guild.id or not allow.lets("roles", allow.roles, role_id):
            continue
        if role.mentionable or may_everyone:
            roles.append(role)
    everyone = bool(
        _EVERYONE.search(content)
        and may_everyone
        and (allow.kinds is None or "everyone" in allow.kinds)
    )
    reached = list(users)
    if everyone or roles:
        for member in guild.members.values():
            if everyone or any(role.id in member.role_ids for role in roles):
                reached.append(member.user)
    notified = [user for user in dict.fromkeys(reached) if user is not author]
    return Mentions(users, roles, everyone, notified)
