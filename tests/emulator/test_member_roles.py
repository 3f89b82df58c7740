"""A member's roles over raw HTTP, as Discord documents them: Manage Roles and the role
hierarchy are required, unknown ids are refused, and giving or taking answers 204 either way."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from emulator import Emulator
from emulator.building import BOT_PERMISSIONS
from tests.emulator.rawbot import RawBot

MANAGE_ROLES = 1 << 28


@pytest.fixture
async def raw(emulator: Emulator) -> AsyncIterator[RawBot]:
    bot = RawBot(emulator)
    await bot.connect()
    await bot.event("GUILD_CREATE")
    yield bot
    await bot.close()


async def test_roles_need_manage_roles_and_a_role_below_the_bots(
    emulator: Emulator, raw: RawBot
) -> None:
    member = emulator.add_member("dan")
    low = emulator.add_role("Low", [])
    bot_role = max(emulator.guild.roles.values(), key=lambda role: role.position)
    high = emulator.add_role("High", [], position=bot_role.position + 1)
    path = f"/guilds/{emulator.guild.id}/members/{member.id}/roles/"
    status, body = await raw.request("PUT", path + str(low.id))
    assert (status, body["code"]) == (403, 50013)  # no Manage Roles yet
    await emulator.set_bot_permissions(BOT_PERMISSIONS | MANAGE_ROLES)
    status, body = await raw.request("PUT", path + str(high.id))
    assert (status, body["code"]) == (403, 50013)  # above the bot's highest role
    status, body = await raw.request("PUT", path + "1234567890123")
    assert (status, body["code"]) == (404, 10011)
    roles = emulator.guild.members[member.id].role_ids
    assert roles == []
    for _ in range(2):  # giving twice is one role, and 204 both times
        status, _ = await raw.request("PUT", path + str(low.id))
        assert status == 204 and roles == [low.id]
    for _ in range(2):
        status, _ = await raw.request("DELETE", path + str(low.id))
        assert status == 204 and roles == []
    status, body = await raw.request(
        "PUT", f"/guilds/{emulator.guild.id}/members/1234567890123/roles/{low.id}"
    )
    assert (status, body["code"]) == (404, 10007)


def test_a_new_role_goes_to_the_bottom_and_a_placed_one_lifts_those_above(
    emulator: Emulator,
) -> None:
    bot_role = max(emulator.guild.roles.values(), key=lambda role: role.position)
    before = bot_role.position
    first = emulator.add_role("First", [])
    assert first.position == 1 and bot_role.position == before + 1
    top = emulator.add_role("Top", [], position=bot_role.position + 1)
    assert top.position > bot_role.position > first.position
