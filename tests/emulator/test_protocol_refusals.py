"""Refusals discord.py guards against itself, made by hand over raw HTTP (contract 8)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from emulator import BotFailure, Emulator, InteractionHandle, ManualClock
from tests.emulator.rawbot import RawBot


@pytest.fixture
async def raw(emulator: Emulator) -> AsyncIterator[RawBot]:
    bot = RawBot(emulator)
    await bot.connect()
    await bot.event("GUILD_CREATE")
    commands = [{"name": "cmd", "description": "a command"}]
    status, _ = await bot.request("PUT", f"/applications/{emulator.app_id}/commands", commands)
    assert status == 200
    yield bot
    await bot.close()


async def _slash(emulator: Emulator, raw: RawBot) -> InteractionHandle:
    handle = await emulator.slash(emulator.owner, "cmd")
    created = await raw.event("INTERACTION_CREATE")
    assert created["id"] == str(handle.interaction.id)
    assert created["attachment_size_limit"] > 0
    return handle


def _callback(handle: InteractionHandle) -> str:
    i = handle.interaction
    return f"/interactions/{i.id}/{i.token}/callback?with_response=1"


def _webhook(emulator: Emulator, handle: InteractionHandle, tail: str = "") -> str:
    return f"/webhooks/{emulator.app_id}/{handle.interaction.token}{tail}"


def _row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def _button(custom_id: str) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "b", "custom_id": custom_id}


async def _reply_refused(raw: RawBot, handle: InteractionHandle, data: dict[str, Any]) -> Any:
    status, body = await raw.request("POST", _callback(handle), {"type": 4, "data": data})
    assert status == 400, body
    assert not handle.interaction.acknowledged
    return body


async def test_second_acknowledgement_is_40060(emulator: Emulator, raw: RawBot) -> None:
    handle = await _slash(emulator, raw)
    status, body = await raw.request(
        "POST", _callback(handle), {"type": 4, "data": {"content": "a"}}
    )
    assert status == 200
    assert body["resource"]["message"]["content"] == "a"
    assert body["interaction"]["response_message_id"] == body["resource"]["message"]["id"]
    status, body = await raw.request("POST", _callback(handle), {"type": 5})
    assert (status, body["code"]) == (400, 40060)
    assert (await handle.response()).content == "a"


async def test_callback_without_with_response_is_204(emulator: Emulator, raw: RawBot) -> None:
    handle = await _slash(emulator, raw)
    path = _callback(handle).split("?")[0]
    status, body = await raw.request("POST", path, {"type": 4, "data": {"content": "a"}})
    assert (status, body) == (204, None)
    assert (await handle.response()).content == "a"


async def test_unknown_interaction_and_wrong_token_are_10062(
    emulator: Emulator, raw: RawBot
) -> None:
    handle = await _slash(emulator, raw)
    wrong = f"/interactions/{handle.interaction.id}/not-the-token/callback"
    status, body = await raw.request("POST", wrong, {"type": 4, "data": {"content": "a"}})
    assert (status, body["code"]) == (404, 10062)
    status, body = await raw.request("POST", "/interactions/123/tok/callback", {"type": 5})
    assert (status, body["code"]) == (404, 10062)


async def test_webhook_routes_before_any_reply_are_10015(emulator: Emulator, raw: RawBot) -> None:
    handle = await _slash(emulator, raw)
    status, body = await raw.request("POST", _webhook(emulator, handle), {"content": "x"})
    assert (status, body["code"]) == (404, 10015)
    path = _webhook(emulator, handle, "/messages/@original")
    status, body = await raw.request("PATCH", path, {"content": "x"})
    assert (status, body["code"]) == (404, 10015)


async def test_token_expires_after_fifteen_minutes(
    emulator: Emulator, raw: RawBot, clock: ManualClock
) -> None:
    handle = await _slash(emulator, raw)
    await raw.request("POST", _callback(handle), {"type": 5})
    clock.advance(15 * 60 + 1)
    status, body = await raw.request(
        "POST", _webhook(emulator, handle, "?wait=true"), {"content": "x"}
    )
    assert (status, body["code"]) == (401, 50027)


async def test_embeds_over_6000_characters(emulator: Emulator, raw: RawBot) -> None:
    handle = await _slash(emulator, raw)
    embeds = [{"description": "d" * 4000}, {"description": "d" * 2001}]
    body = await _reply_refused(raw, handle, {"embeds": embeds})
    assert body["code"] == 50035 and "6000" in body["message"]
    exactly = [{"description": "d" * 4000}, {"description": "d" * 2000}]
    status, _ = await raw.request(
        "POST", _callback(handle), {"type": 4, "data": {"embeds": exactly}}
    )
    assert status == 200


async def test_more_than_five_action_rows(emulator: Emulator, raw: RawBot) -> None:
    handle = await _slash(emulator, raw)
    rows = [_row(_button(f"b{i}")) for i in range(6)]
    await _reply_refused(raw, handle, {"content": "x", "components": rows})
    status, _ = await raw.request(
        "POST", _callback(handle), {"type": 4, "data": {"content": "x", "components": rows[:5]}}
    )
    assert status == 200


async def test_select_with_more_than_25_options(emulator: Emulator, raw: RawBot) -> None:
    handle = await _slash(emulator, raw)
    options = [{"label": str(i), "value": str(i)} for i in range(26)]
    select = {"type": 3, "custom_id": "s", "options": options}
    await _reply_refused(raw, handle, {"content": "x", "components": [_row(select)]})


@pytest.mark.parametrize(
    ("data", "why"),
    [
        ({}, "empty message"),
        ({"content": "x", "components": [_row(_button("a"), _button("a"))]}, "duplicate custom_id"),
        ({"content": "x", "components": [_button("a")]}, "button outside a row"),
        (
            {"content": "x", "components": [_row(*[_button(f"b{i}") for i in range(6)])]},
            "6 in a row",
        ),
        ({"content": "x", "flags": 1 << 3}, "a flag bots cannot set"),
    ],
)
async def test_malformed_messages_are_refused(
    emulator: Emulator, raw: RawBot, data: dict[str, Any], why: str
) -> None:
    handle = await _slash(emulator, raw)
    body = await _reply_refused(raw, handle, data)
    assert body["code"] in (50006, 50035), why


async def test_callback_type_must_fit_the_interaction(emulator: Emulator, raw: RawBot) -> None:
    handle = await _slash(emulator, raw)
    for wrong in (1, 6, 7, 8):
        status, body = await raw.request("POST", _callback(handle), {"type": wrong, "data": {}})
        assert (status, body["code"]) == (400, 50035), wrong
    assert not handle.interaction.acknowledged


async def test_invalid_modal_is_refused(emulator: Emulator, raw: RawBot) -> None:
    handle = await _slash(emulator, raw)
    modal = {"title": "t" * 46, "custom_id": "m", "components": []}
    status, _ = await raw.request("POST", _callback(handle), {"type": 9, "data": modal})
    assert status == 400


async def test_channel_messages_cannot_be_ephemeral(emulator: Emulator, raw: RawBot) -> None:
    path = f"/channels/{emulator.general.id}/messages"
    status, body = await raw.request("POST", path, {"content": "x", "flags": 64})
    assert (status, body["code"]) == (400, 50035)
    status, body = await raw.request("POST", "/channels/42/messages", {"content": "x"})
    assert (status, body["code"]) == (404, 10003)


async def test_message_create_is_dispatched_to_the_gateway(emulator: Emulator, raw: RawBot) -> None:
    path = f"/channels/{emulator.general.id}/messages"
    status, sent = await raw.request("POST", path, {"content": "hello"}, files={0: ("a.txt", b"A")})
    assert status == 200
    created = await raw.event("MESSAGE_CREATE")
    assert created["id"] == sent["id"]
    assert created["attachments"][0]["filename"] == "a.txt"
    assert created["attachments"][0]["size"] == 1


async def test_edit_keeps_listed_attachments_and_adds_new_files(
    emulator: Emulator, raw: RawBot
) -> None:
    path = f"/channels/{emulator.general.id}/messages"
    _, sent = await raw.request(
        "POST",
        path,
        {"attachments": [{"id": 0, "description": "first"}]},
        files={0: ("a.png", b"A")},
    )
    kept = sent["attachments"][0]
    assert kept["description"] == "first"
    edit = {"attachments": [{"id": kept["id"]}, {"id": 0, "description": "second"}]}
    status, edited = await raw.request(
        "PATCH", f"{path}/{sent['id']}", edit, files={0: ("b.png", b"B")}
    )
    assert status == 200
    assert [a["filename"] for a in edited["attachments"]] == ["a.png", "b.png"]
    status, body = await raw.request("PATCH", f"{path}/{sent['id']}", {"attachments": []})
    assert (status, body["code"]) == (400, 50006)
    assert len(emulator.state.messages[int(sent["id"])].attachments) == 2


async def test_bot_without_send_messages_gets_50013(emulator: Emulator, raw: RawBot) -> None:
    view_only = 0x400 | 0x10000
    await emulator.set_bot_permissions(view_only)
    update = await raw.event("GUILD_ROLE_UPDATE")
    assert int(update["role"]["permissions"]) & ~view_only == 0
    path = f"/channels/{emulator.general.id}/messages"
    status, body = await raw.request("POST", path, {"content": "x"})
    assert (status, body["code"]) == (403, 50013)
    await emulator.set_bot_permissions(view_only | 0x800)
    status, _ = await raw.request("POST", path, {"content": "x"})
    assert status == 200
    status, body = await raw.request("POST", path, {"content": "x"}, files={0: ("a.png", b"A")})
    assert (status, body["code"]) == (403, 50013)
    status, body = await raw.request(
        "POST", f"/channels/{emulator.general.id}/threads", {"name": "t"}
    )
    assert (status, body["code"]) == (403, 50013)


async def test_interaction_replies_need_no_channel_permissions(
    emulator: Emulator, raw: RawBot
) -> None:
    await emulator.set_bot_permissions(0)
    handle = await _slash(emulator, raw)
    status, _ = await raw.request("POST", _callback(handle), {"type": 4, "data": {"content": "a"}})
    assert status == 200


async def test_bad_json_is_50109_and_changes_nothing(emulator: Emulator, raw: RawBot) -> None:
    url = f"{emulator.api_base}/channels/{emulator.general.id}/messages"
    headers = {"Authorization": f"Bot {emulator.token}", "Content-Type": "application/json"}
    async with raw.session.post(url, data="{not json", headers=headers) as response:
        assert response.status == 400
        assert (await response.json())["code"] == 50109
    assert emulator.channel_messages(emulator.general) == []


async def test_unexpected_input_fails_the_test_instead_of_a_500(
    emulator: Emulator, raw: RawBot
) -> None:
    path = f"/channels/{emulator.general.id}/messages?limit=lots"
    status, body = await raw.request("GET", path)
    assert status == 400 and "emulator could not handle" in body["message"]
    with pytest.raises(BotFailure, match=r"could not handle GET /api/v10/channels/\d+/messages"):
        emulator.check()
    emulator.state.signal.failures.clear()
