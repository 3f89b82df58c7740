"""What the page's server refuses: each bad request gets a clear error and changes nothing."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from emulator.state import Message
from tryout.run import Local


@pytest.fixture
def local(shared_local: Local) -> Local:
    """One server for the module: each test compares what it changed, or reads only its own."""
    return shared_local


def footprint(local: Local) -> tuple[int, int, list[int]]:
    """What an action would change: interactions sent to the bot, messages, members' locales."""
    state = local.emulator.state
    return (
        len(state.interactions),
        len(state.messages),
        [hash(p.locale) for p in local.world.people],
    )


def allowed(local: Local) -> dict[str, str]:
    """The headers of a request the page's server lets through: one with the run's secret."""
    return {"Authorization": f"token {local.token}"}


async def send(local: Local, path: str, body: Any) -> tuple[int, dict[str, Any]]:
    async with (
        aiohttp.ClientSession(headers=allowed(local)) as session,
        session.post(f"{local.url}{path}", json=body) as response,
    ):
        return response.status, await response.json(content_type=None)


@pytest.mark.parametrize(
    ("path", "body", "says"),
    [
        (
            "/api/slash",
            {"as": "42", "channel": "1", "command": "help"},
            "nobody in this server has the id '42'",
        ),
        ("/api/slash", {"as": None, "command": "help"}, "nobody in this server has the id 'None'"),
        ("/api/slash", {"command": "help"}, "nobody in this server"),
        ("/api/slash", ["not", "an", "object"], "must be a JSON object"),
    ],
)
async def test_an_unknown_member_or_a_malformed_request_is_refused(
    local: Local, path: str, body: Any, says: str
) -> None:
    before = footprint(local)
    status, answer = await send(local, path, body)
    assert status == 400
    assert says in answer["error"]
    assert footprint(local) == before


async def test_a_language_discord_does_not_have_is_refused(local: Local) -> None:
    ada = local.world.people[0]
    status, answer = await send(local, "/api/locale", {"as": str(ada.id), "locale": "xx-YY"})
    assert (status, answer["error"]) == (400, "'xx-YY' is not a Discord language")
    assert ada.locale == "en-US"


async def test_a_command_the_page_cannot_send_is_refused(local: Local) -> None:
    ada = str(local.world.people[0].id)
    general = str(local.world.channels[0].id)
    before = footprint(local)
    cases: list[tuple[dict[str, Any], str]] = [
        ({"command": "teleport"}, "there is no command /teleport"),
        ({"command": "backgammon", "options": {"points": "many"}}, "takes a number"),
        ({"command": "backgammon", "options": {"opponent": "7"}}, "nobody in this server"),
        ({"command": "backgammon", "options": {"variant": "chess"}}, "must be one of its choices"),
        ({"command": "help", "channel": "99"}, "there is no channel '99'"),
        ({"command": "help", "channel": "#general"}, "'#general' is not an id"),
    ]
    for extra, says in cases:
        status, answer = await send(local, "/api/slash", {"as": ada, "channel": general, **extra})
        assert (status, says in answer["error"]) == (400, True), (extra, answer)
    assert footprint(local) == before


async def private_reply(local: Local, known: set[int], with_files: bool = False) -> Message:
    """The first private reply the bot has finished (holding files, if asked) that is not one of
    the `known` messages (those there before the test asked for it)."""
    messages = local.emulator.state.messages

    def done() -> Message | None:
        found = (
            m for m in messages.values() if m.ephemeral and not m.loading and m.id not in known
        )
        return next((m for m in found if m.attachments or not with_files), None)

    return await local.emulator.wait_until(done, "a private reply", timeout=30)


async def test_a_forged_click_or_pick_is_refused(local: Local) -> None:
    """Buttons the message does not have, another member's private reply, a move not offered."""
    ada, bruno = (str(p.id) for p in local.world.people[:2])
    general = str(local.world.channels[0].id)
    known = set(local.emulator.state.messages)
    status, _ = await send(local, "/api/slash", {"as": ada, "channel": general, "command": "help"})
    assert status == 200
    private = await private_reply(local, known)
    before = footprint(local)
    forged = [
        (
            "/api/click",
            {"as": bruno, "message": str(private.id), "custom_id": "db:1:roll"},
            "cannot see",
        ),
        (
            "/api/click",
            {"as": ada, "message": str(private.id), "custom_id": "db:1:roll"},
            "has no component",
        ),
        (
            "/api/click",
            {"as": ada, "message": "123", "custom_id": "db:1:roll"},
            "there is no message '123'",
        ),
        (
            "/api/select",
            {"as": ada, "message": str(private.id), "custom_id": "dbp:1:1", "values": "8/5"},
            "values must be a list",
        ),
        (
            "/api/select",
            {"as": ada, "message": str(private.id), "custom_id": "dbp:1:1", "values": ["8/5"]},
            "has no component",
        ),
    ]
    for path, body, says in forged:
        status, answer = await send(local, path, body)
        assert (status, says in answer["error"]) == (400, True), (body, answer)
    assert footprint(local) == before


async def test_a_huge_request_is_refused_before_it_is_read(local: Local) -> None:
    ada = str(local.world.people[0].id)
    before = footprint(local)
    body = {"as": ada, "command": "move", "options": {"play": "8/5 " * 50_000}}
    status, answer = await send(local, "/api/slash", body)
    assert (status, answer["error"]) == (413, "the request is over 16384 bytes")
    assert footprint(local) == before


async def test_a_private_picture_and_a_live_feed_are_only_for_their_member(
    local: Local,
) -> None:
    ada, bruno = (str(p.id) for p in local.world.people[:2])
    general = str(local.world.channels[0].id)
    challenge = {"command": "backgammon", "options": {"opponent": bruno}}
    assert (await send(local, "/api/slash", {"as": ada, "channel": general, **challenge}))[0] == 200
    posted = await local.emulator.wait_for_message(
        local.emulator.general, lambda m: "db:1:accept" in m.custom_ids, timeout=30
    )
    click = {"as": bruno, "message": str(posted.id), "custom_id": "db:1:accept"}
    assert (await send(local, "/api/click", click))[0] == 200
    await local.emulator.wait_for_edit(posted, 0, lambda m: "db:1:accept" not in m.custom_ids, 30)
    look = {"command": "board", "options": {"private": True}}
    known = set(local.emulator.state.messages)
    assert (await send(local, "/api/slash", {"as": ada, "channel": general, **look}))[0] == 200
    private = await private_reply(local, known, with_files=True)
    picture = f"{local.url}/files/{private.id}/{private.attachments[0].id}"
    async with aiohttp.ClientSession(headers=allowed(local)) as session:
        async with session.get(f"{picture}?as={ada}") as response:
            assert (response.status, response.content_type) == (200, "image/png")
        async with session.get(f"{picture}?as={bruno}") as response:
            assert response.status == 404  # Bruno cannot see Ada's private board
        async with session.get(f"{local.url}/files/x/2?as={bruno}") as response:
            assert response.status == 400
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
            await session.ws_connect(f"{local.url}/api/live?as=42")
        assert refused.value.status == 400
