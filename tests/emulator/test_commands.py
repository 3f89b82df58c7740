"""Slash commands, autocomplete, files, deferrals, modals, threads and channel messages."""

from __future__ import annotations

import discord
import pytest

from emulator import DriverError, Emulator
from emulator.fixtures import StartClient
from tests.emulator.testbot import PLAYS, PNG, SampleBot

MANAGE_GUILD = discord.Permissions(manage_guild=True).value


async def test_ephemeral_reply_is_flagged_and_not_in_channel(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        reply = await (
            await emulator.slash(alice, "echo", {"text": "psst", "private": True})
        ).response()
        assert reply.ephemeral and reply.content == "psst"
        assert emulator.channel_messages(emulator.general) == []
        assert emulator.channel_messages(emulator.general, include_ephemeral=True) == [reply]


async def test_illegal_move_answered_privately_with_reason(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        reply = await (await emulator.slash(alice, "move", {"play": "13/2"})).response()
        assert reply.ephemeral
        assert reply.content == "Illegal move 13/2"


async def test_autocomplete_offers_the_focused_options_choices(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        choices = await emulator.autocomplete(alice, "move", {"play": "13"}, focused="play")
    assert [c["value"] for c in choices] == [p for p in PLAYS if p.startswith("13")]
    sent = emulator.state.interactions[max(emulator.state.interactions)].data
    assert sent is not None
    assert sent["options"] == [{"type": 3, "name": "play", "value": "13", "focused": True}]


async def test_a_user_cannot_type_past_an_options_max_length(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        assert emulator.command("move").body["options"][0]["max_length"] == 20
        reply = await (await emulator.slash(alice, "move", {"play": "x" * 20})).response()
        assert reply.content == f"Illegal move {'x' * 20}"
        with pytest.raises(DriverError, match="1 to 20 characters"):
            await emulator.slash(alice, "move", {"play": "x" * 21})
        with pytest.raises(DriverError, match="20 characters at most"):
            await emulator.autocomplete(alice, "move", {"play": "x" * 21}, focused="play")


async def test_autocomplete_of_unknown_option_is_a_driver_error(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        with pytest.raises(DriverError, match="no autocomplete"):
            await emulator.autocomplete(alice, "echo", {"text": "x"}, focused="text")


async def test_user_option_carries_resolved_member(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice, bob = emulator.add_member("alice"), emulator.add_member("bob", permissions=MANAGE_GUILD)
    async with start_client(SampleBot()):
        handle = await emulator.slash(alice, "challenge", {"opponent": bob})
        assert (await handle.response()).content == "alice challenges bob"
    data = handle.interaction.data
    assert data is not None
    assert data["options"] == [{"type": 6, "name": "opponent", "value": str(bob.id)}]
    resolved_bob = data["resolved"]["members"][str(bob.id)]
    assert int(resolved_bob["permissions"]) & MANAGE_GUILD
    assert data["resolved"]["users"][str(bob.id)]["username"] == "bob"


async def test_locale_per_interaction(emulator: Emulator, start_client: StartClient) -> None:
    hans = emulator.add_member("hans", locale="de")
    async with start_client(SampleBot()):
        assert (await (await emulator.slash(hans, "hello")).response()).content == "Hallo"
        french = await emulator.slash(hans, "hello", locale="fr")
        assert (await french.response()).content == "Bonjour"


async def test_manage_server_command(emulator: Emulator, start_client: StartClient) -> None:
    admin = emulator.add_member("admin", permissions=MANAGE_GUILD)
    member = emulator.add_member("member")
    async with start_client(SampleBot()):
        reply = await (await emulator.slash(admin, "admin")).response()
        assert reply.content == "admin ok"
        with pytest.raises(DriverError, match="does not offer /admin to member"):
            await emulator.slash(member, "admin")
        owner_reply = await (await emulator.slash(emulator.owner, "admin")).response()
        assert owner_reply.content == "admin ok"


async def test_missing_required_option_is_a_driver_error(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        with pytest.raises(DriverError, match="needs option 'play'"):
            await emulator.slash(alice, "move")
        with pytest.raises(DriverError, match="not registered"):
            await emulator.slash(alice, "nosuch")


async def test_file_with_alt_text(emulator: Emulator, start_client: StartClient) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        handle = await emulator.slash(alice, "board")
        reply = await handle.response()
    [attachment] = reply.attachments
    assert attachment.filename == "board.png"
    assert attachment.data == PNG
    assert attachment.description == "Starting position"
    assert attachment.content_type == "image/png"
    assert reply.embeds[0]["image"]["url"] == "attachment://board.png"
    [callback] = [r for r in handle.requests() if r.route and r.route.endswith("/callback")]
    assert callback.files[0].filename == "board.png"


async def test_defer_followups_and_edit_original(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        handle = await emulator.slash(alice, "slow")
        assert await handle.acknowledged() == 5
        second = await handle.followup(0)
        final = await handle.original(lambda m: m.content == "edited")
    assert second.content == "second"
    assert second.attachments[0].filename == "x.png"
    assert final.edits == 2
    assert not final.loading
    assert [m.content for m in emulator.channel_messages(emulator.general)] == ["edited", "second"]


async def test_modal_round_trip(emulator: Emulator, start_client: StartClient) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        opened = await emulator.slash(alice, "form")
        modal = await opened.modal()
        assert modal["title"] == "Name your game"
        submitted = await emulator.submit_modal(alice, opened, {"modal:name": "Friday"})
        assert (await submitted.response()).content == "named Friday"


async def test_threads_and_reactions(emulator: Emulator, start_client: StartClient) -> None:
    alice = emulator.add_member("alice")
    bot = SampleBot()
    async with start_client(bot):
        handle = await emulator.slash(alice, "threads")
        reply = await handle.response()
        loose = await emulator.wait_until(
            lambda: next((c for c in emulator.guild.channels.values() if c.name == "game 2"), None),
            "the second thread",
        )
        posted = await emulator.wait_for_message(loose, lambda m: bool(m.reactions))
        await emulator.wait_until(lambda: bot.outcomes.get("reactions"), "the fetched reactions")
    from_message = emulator.channel(reply.id)
    assert from_message.name == "game 1" and from_message.parent_id == emulator.general.id
    assert [m.content for m in emulator.channel_messages(from_message)] == ["in thread"]
    assert loose.type == 11
    assert [u.id for u in posted.reactions["🎲"]] == [emulator.bot_user.id]
    assert bot.outcomes["reactions"] == ["🎲"]


async def test_channel_messages_create_edit_fetch_delete(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        handle = await emulator.slash(alice, "post")
        reply = await handle.original()
    assert reply.content == "fetched final" and reply.ephemeral
    [kept] = emulator.channel_messages(emulator.general)
    assert kept.content == "final" and kept.edits == 1
    deleted = [m for m in emulator.state.messages.values() if m.deleted]
    assert [m.content for m in deleted] == ["temporary"]


async def test_webhook_messages_fetch_edit_delete(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice = emulator.add_member("alice")
    bot = SampleBot()
    async with start_client(bot):
        await emulator.slash(alice, "tidy")
        seen = await emulator.wait_until(lambda: bot.outcomes.get("tidy"), "the tidy outcome")
    assert seen == ["extra", "extra edited", "original"]
    assert emulator.channel_messages(emulator.general) == []
    deleted = sorted((m for m in emulator.state.messages.values() if m.deleted), key=lambda m: m.id)
    assert [m.content for m in deleted] == ["original", "extra edited"]
    calls = [
        (r.method, r.path.rsplit("/", 1)[1], r.status)
        for r in emulator.requests("/messages/{message_id}")
    ]
    extra, original = str(deleted[1].id), str(deleted[0].id)
    assert calls == [
        ("GET", extra, 200),
        ("PATCH", extra, 200),
        ("DELETE", extra, 204),
        ("GET", "@original", 200),
        ("GET", original, 200),
        ("DELETE", "@original", 204),
    ]


async def test_command_inside_a_thread(emulator: Emulator, start_client: StartClient) -> None:
    alice = emulator.add_member("alice")
    bot = SampleBot()
    async with start_client(bot):
        started = await (await emulator.slash(alice, "threads")).response()
        await emulator.wait_until(lambda: bot.outcomes.get("reactions"), "/threads to finish")
        thread = await emulator.wait_until(
            lambda: emulator.state.channel(started.id), "the thread from the reply"
        )
        reply = await (
            await emulator.slash(alice, "echo", {"text": "in"}, channel=thread)
        ).response()
    assert reply.channel_id == thread.id
    assert [m.content for m in emulator.channel_messages(thread)][-1] == "in"


async def test_mentions_notify_on_send_but_not_on_edit(
    emulator: Emulator, start_client: StartClient
) -> None:
    """The player to move is pinged by a new message only: an edit never notifies."""
    alice, bob = emulator.add_member("alice"), emulator.add_member("bob")
    bot = SampleBot()
    async with start_client(bot):
        handle = await emulator.slash(alice, "turn", {"player": bob})
        first = await handle.response()
        edits_before = 0
        await emulator.wait_for_edit(first, edits_before, lambda m: m.content.endswith("to move"))
        quiet = await handle.followup(0)
        seen = await emulator.wait_until(lambda: bot.outcomes.get("turn"), "the fetched user")
    assert first.content == f"<@{alice.id}> to move"
    assert first.mentions == [alice]
    assert first.notified == [bob]
    assert quiet.mentions == [] and quiet.notified == []
    assert seen == ["bob", "bob"]
