"""The ladder on the local page: a tier role and a standing leaderboard channel picked by id,
as the page's menus send them; an unknown role is refused and changes nothing."""

from __future__ import annotations

from tests.tryout.test_bad_input import footprint, send
from tryout.run import Local


async def test_settings_take_a_role_and_a_channel_from_the_page(local: Local) -> None:
    ada = str(local.world.people[0].id)
    general, checkers = (str(c.id) for c in (local.world.channels[0], local.world.channels[2]))
    gold = local.world.roles[-1]
    before = footprint(local)
    status, answer = await send(
        local,
        "/api/slash",
        {"as": ada, "channel": general, "command": "settings", "options": {"tier_role": "7"}},
    )
    assert (status, "there is no role '7'" in answer["error"]) == (400, True)
    assert footprint(local) == before
    options = {"tier_role": str(gold.id), "tier_rating": 1700, "standing_channel": checkers}
    body = {"as": ada, "channel": general, "command": "settings", "options": options}
    status, _ = await send(local, "/api/slash", body)
    assert status == 200
    messages = local.emulator.state.messages

    def answered() -> str | None:
        done = [m for m in messages.values() if m.ephemeral and "Tier roles" in m.content]
        return done[0].content if done else None

    shown = await local.emulator.wait_until(answered, "the settings", timeout=30)
    assert f"Tier roles: <@&{gold.id}> from 1700 on backgammon." in shown
    assert f"Standing leaderboard: backgammon in <#{checkers}>" in shown
