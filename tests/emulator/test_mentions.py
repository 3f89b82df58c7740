"""Who a message notifies: user, role and @everyone/@here mentions under `allowed_mentions`."""

from __future__ import annotations

from typing import Any

import pytest

from emulator import Emulator, Message, Role, User, limits, payloads
from emulator.core import Body
from emulator.mentions import MENTION_EVERYONE


class World:
    """The emulator's guild with alice, bob and carol; bob and carol hold one role."""

    def __init__(self, *, mentionable: bool = False, bot_may_ping_everyone: bool = False) -> None:
        self.emulator = Emulator()
        self.alice = self.emulator.add_member("alice")
        self.bob = self.emulator.add_member("bob")
        self.carol = self.emulator.add_member("carol")
        self.role: Role = self.emulator.add_role(
            "team", [self.bob, self.carol], mentionable=mentionable
        )
        if bot_may_ping_everyone:
            bot = self.emulator.bot_user
            self.emulator.add_role("pinger", [bot], permissions=MENTION_EVERYONE)

    def send(self, content: str, allowed: dict[str, Any] | None = None, **extra: Any) -> Message:
        """A bot message in #general, made as the REST route makes it."""
        data: dict[str, Any] = {"content": content, **extra}
        if allowed is not None:
            data["allowed_mentions"] = allowed
        return self.emulator.core.new_message(
            self.emulator.general.id, Body(data, {}), allow_ephemeral=True
        )

    @property
    def members(self) -> list[User]:
        """Every member but the bot, in the guild's order."""
        bot = self.emulator.bot_user
        return [m.user for m in self.emulator.guild.members.values() if m.user is not bot]


NOBODY: dict[str, Any] = {"parse": []}


def test_user_mentions_notify_unless_allowed_mentions_leaves_them_out() -> None:
    world = World()
    text = f"<@{world.alice.id}> and <@!{world.bob.id}>"
    assert world.send(text).notified == [world.alice, world.bob]  # absent: everything
    assert world.send(text, {"parse": ["users"]}).notified == [world.alice, world.bob]
    only_bob = world.send(text, {"parse": [], "users": [str(world.bob.id)]})
    assert only_bob.mentions == [world.bob] and only_bob.notified == [world.bob]
    quiet = world.send(text, NOBODY)
    assert quiet.mentions == [] and quiet.notified == []


def test_an_escaped_mention_is_text() -> None:
    world = World(bot_may_ping_everyone=True)
    text = f"<@\u200b{world.alice.id}> <@\u200b&{world.role.id}> @\u200beveryone @\u200bhere"
    message = world.send(text)
    assert message.notified == [] and not message.mention_everyone


@pytest.mark.parametrize(
    ("mentionable", "may_ping_everyone", "allowed", "pinged"),
    [
        (True, False, None, True),
        (False, False, None, False),  # neither mentionable nor Mention Everyone
        (False, True, None, True),
        (True, False, NOBODY, False),
        (True, False, {"parse": ["users"]}, False),
        (True, False, {"parse": ["roles"]}, True),
        (True, False, "listed", True),
    ],
)
def test_a_role_mention_notifies_its_members_when_the_role_and_allowed_mentions_let_it(
    mentionable: bool, may_ping_everyone: bool, allowed: Any, pinged: bool
) -> None:
    world = World(mentionable=mentionable, bot_may_ping_everyone=may_ping_everyone)
    if allowed == "listed":
        allowed = {"parse": [], "roles": [str(world.role.id)]}
    message = world.send(f"hello <@&{world.role.id}>", allowed)
    assert message.notified == ([world.bob, world.carol] if pinged else [])
    assert message.mention_roles == ([world.role] if pinged else [])
    assert payloads.message(message)["mention_roles"] == ([str(world.role.id)] if pinged else [])


@pytest.mark.parametrize("word", ["@everyone", "@here"])
@pytest.mark.parametrize(
    ("may_ping_everyone", "allowed", "pinged"),
    [
        (False, None, False),  # only with Mention Everyone
        (True, None, True),
        (True, NOBODY, False),
        (True, {"parse": ["users", "roles"]}, False),
        (True, {"parse": ["everyone"]}, True),
    ],
)
def test_everyone_and_here_notify_every_member_only_with_the_permission_and_the_allowance(
    word: str, may_ping_everyone: bool, allowed: Any, pinged: bool
) -> None:
    world = World(bot_may_ping_everyone=may_ping_everyone)
    message = world.send(f"{word} come and play", allowed)
    assert message.notified == (world.members if pinged else [])
    assert message.mention_everyone is pinged
    assert payloads.message(message)["mention_everyone"] is pinged


def test_an_ephemeral_message_notifies_nobody() -> None:
    world = World()
    message = world.send(f"<@{world.alice.id}>", flags=1 << 6)
    assert message.mentions == [world.alice] and message.notified == []


@pytest.mark.parametrize(
    ("allowed", "field"),
    [
        ("everyone", "allowed_mentions"),
        ({"parse": ["all"]}, "allowed_mentions.parse"),
        ({"parse": ["users"], "users": ["1"]}, "allowed_mentions"),
        ({"parse": ["roles"], "roles": ["1"]}, "allowed_mentions"),
        ({"users": ["alice"]}, "allowed_mentions.users"),
        ({"users": [str(n) for n in range(101)]}, "allowed_mentions.users"),
    ],
)
def test_malformed_allowed_mentions_are_refused(allowed: Any, field: str) -> None:
    world = World()
    with pytest.raises(limits.DiscordError) as error:
        world.send("hi", allowed)
    assert (error.value.code, error.value.field) == (50035, field)
