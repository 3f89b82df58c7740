"""The local page's DM and group DM: the bot is not in them, each person installed the app."""

from __future__ import annotations

from typing import Any

import aiohttp

from emulator.state import Message
from tests.tryout.test_bad_input import allowed
from tryout.run import Local


async def get_world(local: Local, member: str) -> dict[str, Any]:
    async with (
        aiohttp.ClientSession() as session,
        session.get(
            f"{local.url}/api/world", params={"as": member}, headers=allowed(local)
        ) as response,
    ):
        world: dict[str, Any] = await response.json()
        return world


async def send(local: Local, path: str, body: Any) -> tuple[int, dict[str, Any]]:
    async with (
        aiohttp.ClientSession() as session,
        session.post(f"{local.url}{path}", json=body, headers=allowed(local)) as response,
    ):
        return response.status, await response.json(content_type=None)


async def test_each_member_sees_their_own_dm_and_group_dm(local: Local) -> None:
    ada, _, clara = (str(p.id) for p in local.world.people)
    dm, group = local.world.private
    seen = {p: {c["id"]: c for c in (await get_world(local, p))["channels"]} for p in (ada, clara)}
    assert seen[ada][str(dm.id)]["name"] == "Bruno" and seen[ada][str(dm.id)]["kind"] == "dm"
    assert seen[ada][str(group.id)]["kind"] == "group"
    assert str(dm.id) not in seen[clara] and str(group.id) in seen[clara]
    status, answer = await send(
        local, "/api/slash", {"as": clara, "channel": str(dm.id), "command": "help"}
    )
    assert (status, f"there is no channel '{dm.id}'") == (400, answer["error"])


async def test_a_challenge_in_the_group_dm_is_the_commands_own_answer(local: Local) -> None:
    ada, bruno, clara = (str(p.id) for p in local.world.people)
    _, group = local.world.private
    status, _ = await send(
        local,
        "/api/slash",
        {
            "as": ada,
            "channel": str(group.id),
            "command": "backgammon",
            "options": {"opponent": bruno},
        },
    )
    assert status == 200

    def posted() -> Message | None:
        found = local.emulator.channel_messages(group)
        return next((m for m in found if "db:1:accept" in m.custom_ids), None)

    challenge = await local.emulator.wait_until(posted, "the challenge", timeout=30)
    assert [u.id for u in challenge.notified] == [int(bruno)]
    assert not local.emulator.state.missing_access  # nothing went around the interaction
    status, answer = await send(
        local, "/api/slash", {"as": clara, "channel": str(group.id), "command": "settings"}
    )
    assert status == 400 and "does not offer /settings" in answer["error"]
