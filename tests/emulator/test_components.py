"""Buttons, selects and a persistent view that survives a restart of the client."""

from __future__ import annotations

from typing import cast

import discord
import pytest

from emulator import DriverError, Emulator, InteractionHandle, ManualClock
from emulator.fixtures import StartClient
from tests.emulator.testbot import SampleBot


async def test_button_updates_the_message_in_place(
    emulator: Emulator, start_client: StartClient
) -> None:
    player = emulator.add_member("player1")
    async with start_client(SampleBot()):
        panel = await (await emulator.slash(player, "panel")).response()
        assert panel.custom_ids == ["panel:roll", "panel:pick"]
        click = await emulator.click(player, panel, "panel:roll")
        assert await click.acknowledged() == 7
        updated = await click.response()
    assert updated is panel
    assert panel.content == "rolled by player1"
    assert panel.edits == 1
    sent = click.interaction
    assert sent.data == {"custom_id": "panel:roll", "component_type": 2}


async def test_select_sends_values_and_gets_ephemeral_answer(
    emulator: Emulator, start_client: StartClient
) -> None:
    player = emulator.add_member("player1")
    async with start_client(SampleBot()):
        panel = await (await emulator.slash(player, "panel")).response()
        picked = await emulator.select(player, panel, "panel:pick", ["white"])
        answer = await picked.response()
    assert answer.ephemeral and answer.content == "picked white"
    assert panel.content == "panel"


async def test_non_player_pressing_roll_is_refused_privately(
    emulator: Emulator, start_client: StartClient
) -> None:
    player, watcher = emulator.add_member("player1"), emulator.add_member("watcher")
    async with start_client(SampleBot()):
        panel = await (await emulator.slash(player, "panel")).response()
        answer = await (await emulator.click(watcher, panel, "panel:roll")).response()
    assert answer.ephemeral and answer.content == "You are not playing."
    assert panel.content == "panel" and panel.edits == 0


async def test_non_persistent_view_is_found_by_the_callbacks_message_id(
    emulator: Emulator, start_client: StartClient
) -> None:
    """Contract 4: discord.py >= 2.7 keys views by the message id the callback returned."""
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        message = await (await emulator.slash(alice, "confirm")).response()
        [custom_id] = message.custom_ids
        await (await emulator.click(alice, message, custom_id)).acknowledged()
    assert message.content == "confirmed"
    assert message.components == []


async def test_restarted_client_handles_click_on_earlier_message(
    emulator: Emulator, start_client: StartClient
) -> None:
    player = emulator.add_member("player1")
    async with start_client(SampleBot()):
        panel = await (await emulator.slash(player, "panel")).response()
    await emulator.wait_until(
        lambda: True if not emulator.gateway.sessions else None, "the first client to leave"
    )
    async with start_client(SampleBot()):
        click = await emulator.click(player, panel, "panel:roll")
        await click.acknowledged()
    assert panel.content == "rolled by player1"
    assert emulator.unanswered() == []


async def test_impossible_clicks_are_driver_errors(
    emulator: Emulator, start_client: StartClient
) -> None:
    player, other = emulator.add_member("player1"), emulator.add_member("other")
    async with start_client(SampleBot()):
        panel = await (await emulator.slash(player, "panel")).response()
        with pytest.raises(DriverError, match="no component 'nope'"):
            await emulator.click(player, panel, "nope")
        with pytest.raises(DriverError, match="not a button"):
            await emulator.click(player, panel, "panel:pick")
        with pytest.raises(DriverError, match="not distinct options"):
            await emulator.select(player, panel, "panel:pick", ["green"])
        secret = await (
            await emulator.slash(player, "echo", {"text": "s", "private": True})
        ).response()
        with pytest.raises(DriverError, match="cannot see ephemeral"):
            await emulator.click(other, secret, "x")


async def test_after_the_token_expires_the_bot_edits_through_the_channel(
    emulator: Emulator, start_client: StartClient, clock: ManualClock
) -> None:
    """A game decided on time long after the last click: the webhook token is gone after 15 min."""
    player = emulator.add_member("player1")
    async with start_client(SampleBot()) as client:
        handle = await emulator.slash(player, "panel")
        panel = await handle.response()
        clock.advance(15 * 60 + 1)
        channel = client.get_channel(emulator.general.id)
        assert isinstance(channel, discord.TextChannel)
        message = await channel.fetch_message(panel.id)
        await message.edit(content="player1 wins on time", view=None)
        with pytest.raises(discord.HTTPException) as expired:
            await _edit_original(client, handle)
    assert expired.value.code == 50027
    assert panel.content == "player1 wins on time"
    assert panel.components == []


async def _edit_original(client: discord.Client, handle: InteractionHandle) -> None:
    """Edit @original the way discord.py does, with the interaction's token."""
    original = handle.interaction.original
    assert original is not None
    webhook = discord.Webhook.partial(
        handle.interaction.application_id, handle.interaction.token, client=client
    )
    await webhook.edit_message(original.id, content="too late")


async def test_a_clicks_token_edits_its_message_as_original_not_by_id(
    emulator: Emulator, start_client: StartClient
) -> None:
    """The message a click updated is the click's `@original`; by its id the click's token
    reaches only what the click itself made (its follow-ups), as Discord's webhook routes do."""
    player = emulator.add_member("player1")
    bot = SampleBot()
    async with start_client(bot):
        panel = await (await emulator.slash(player, "panel")).response()
        click = await emulator.click(player, panel, "panel:roll")
        await click.response()
        assert bot.application_id is not None
        webhook = discord.Webhook.partial(bot.application_id, click.interaction.token, client=bot)
        with pytest.raises(discord.NotFound) as by_id:
            await webhook.edit_message(panel.id, content="by id")
        await webhook.edit_message(cast(int, "@original"), content="as original")
    assert by_id.value.code == 10008
    assert panel.content == "as original"
