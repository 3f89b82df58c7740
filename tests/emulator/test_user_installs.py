"""The app installed to a user's account: DMs, group DMs and servers that never added the bot,
where only the interaction reaches the app (Discord's user-installable apps)."""

from __future__ import annotations

import json
from typing import Any

import discord
import pytest
from discord import app_commands

from emulator import DriverError, Emulator, openapi
from emulator.fixtures import StartClient
from emulator.harness import CLIENT_OPTIONS
from emulator.server import API, build_app
from emulator.state import USE_EXTERNAL_APPS, ManualClock

Interaction = discord.Interaction[Any]


class AnywhereBot(discord.Client):
    """/where works in every context of both installs; /serveronly keeps the defaults; /sneak
    posts to the channel with the bot's token; /chatty follows up six times."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents(guilds=True), **CLIENT_OPTIONS)
        self.tree = app_commands.CommandTree(self)
        self.seen: list[Interaction] = []
        anywhere = app_commands.allowed_installs(guilds=True, users=True)
        everywhere = app_commands.allowed_contexts(guilds=True, dms=True, private_channels=True)

        @anywhere
        @everywhere
        @self.tree.command(name="where", description="Say where this is")
        async def where(interaction: Interaction) -> None:
            self.seen.append(interaction)
            await interaction.response.send_message("here")

        @self.tree.command(name="serveronly", description="A server's command")
        async def serveronly(interaction: Interaction) -> None:
            await interaction.response.send_message("server")

        @anywhere
        @everywhere
        @self.tree.command(name="sneak", description="Post with the bot's token")
        async def sneak(interaction: Interaction) -> None:
            await interaction.response.send_message("trying", ephemeral=True)
            channel = self.get_partial_messageable(interaction.channel_id or 0)
            try:
                await channel.send("behind the interaction's back")
            except discord.Forbidden as error:
                await interaction.followup.send(f"refused {error.code}", ephemeral=True)

        @anywhere
        @everywhere
        @self.tree.command(name="chatty", description="Follow up six times")
        async def chatty(interaction: Interaction) -> None:
            await interaction.response.send_message("start")
            for n in range(6):
                try:
                    await interaction.followup.send(f"more {n}")
                except discord.HTTPException as error:
                    await interaction.edit_original_response(content=f"stopped {error.code}")

    async def setup_hook(self) -> None:
        """Register the commands globally."""
        await self.tree.sync()


async def test_commands_declare_their_installs_and_contexts(
    emulator: Emulator, start_client: StartClient
) -> None:
    async with start_client(AnywhereBot()):
        where = emulator.command("where").body
        default = emulator.command("serveronly").body
    assert sorted(where["integration_types"]) == [0, 1]
    assert sorted(where["contexts"]) == [0, 1, 2]
    assert default.get("integration_types") is None  # so a server install only


async def test_a_group_dm_reaches_the_app_only_through_a_users_install(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice, bob, carol = (emulator.add_member(n) for n in ("alice", "bob", "carol"))
    group = emulator.add_group_dm("friends", [alice, bob, carol])
    emulator.install_app(alice)
    bot = AnywhereBot()
    async with start_client(bot):
        with pytest.raises(DriverError, match="not installed that way"):
            await emulator.slash(bob, "where", channel=group)  # bob has not installed it
        with pytest.raises(DriverError, match="installed as"):
            await emulator.slash(alice, "serveronly", channel=group)
        reply = await (await emulator.slash(alice, "where", channel=group)).response()
    assert reply.content == "here" and not reply.ephemeral
    [seen] = bot.seen
    assert seen.guild_id is None and seen.is_user_integration()
    assert not seen.is_guild_integration()
    assert seen.context.private_channel
    assert isinstance(seen.channel, discord.GroupChannel)
    assert reply in emulator.channel_messages(group)


async def test_a_bot_token_call_where_the_app_is_only_user_installed_fails_the_test(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice, bob = emulator.add_member("alice"), emulator.add_member("bob")
    dm = emulator.add_dm(alice, bob)
    emulator.install_app(alice)
    async with start_client(AnywhereBot()):
        handle = await emulator.slash(alice, "sneak", channel=dm)
        told = await handle.followup(0)
    assert told.content == "refused 50001"
    assert emulator.channel_messages(dm) == []
    assert emulator.state.missing_access  # the fixture's teardown would fail the test
    emulator.state.missing_access.clear()


async def test_five_follow_ups_at_most_for_a_users_install(
    emulator: Emulator, start_client: StartClient
) -> None:
    alice, bob = emulator.add_member("alice"), emulator.add_member("bob")
    dm = emulator.add_dm(alice, bob)
    emulator.install_app(alice)
    async with start_client(AnywhereBot()):
        handle = await emulator.slash(alice, "chatty", channel=dm)
        await handle.original(lambda m: m.content == "stopped 40094")
        in_server = await emulator.slash(alice, "chatty")
        await in_server.followup(5)  # a server's install has no such limit
    assert len(handle.interaction.followups) == 5


async def test_a_server_that_never_added_the_bot(
    emulator: Emulator, start_client: StartClient
) -> None:
    elsewhere = emulator.add_guild("Elsewhere", bot=False)
    room = emulator.add_channel("room", guild=elsewhere)
    alice = emulator.add_member("alice", guild=elsewhere)
    muted = emulator.add_member("muted", guild=elsewhere)
    elsewhere.roles[elsewhere.id].permissions &= ~USE_EXTERNAL_APPS
    emulator.add_role("apps", [alice], permissions=USE_EXTERNAL_APPS, guild=elsewhere)
    emulator.install_app(alice)
    emulator.install_app(muted)
    bot = AnywhereBot()
    async with start_client(bot):
        assert bot.get_guild(elsewhere.id) is None  # no GUILD_CREATE: the bot is not a member
        public = await (await emulator.slash(alice, "where", channel=room)).response()
        forced = await (await emulator.slash(muted, "where", channel=room)).response()
    assert not public.ephemeral
    assert forced.ephemeral  # "Use External Apps" off: Discord makes every response private
    assert bot.seen[0].guild_id == elsewhere.id and not bot.seen[0].is_guild_integration()


async def test_an_interaction_token_lasts_fifteen_minutes(
    emulator: Emulator, start_client: StartClient, clock: ManualClock
) -> None:
    alice, bob = emulator.add_member("alice"), emulator.add_member("bob")
    dm = emulator.add_dm(alice, bob)
    emulator.install_app(alice)
    bot = AnywhereBot()
    async with start_client(bot):
        await (await emulator.slash(alice, "where", channel=dm)).response()
        clock.advance(15 * 60 + 1)
        with pytest.raises(discord.HTTPException) as refused:
            await bot.seen[0].edit_original_response(content="too late")
    assert refused.value.code == 50027


async def test_a_body_discords_description_refuses_is_refused(
    emulator: Emulator, start_client: StartClient
) -> None:
    bot = AnywhereBot()
    async with start_client(bot):
        channel = emulator.general.id
        route = discord.http.Route("POST", "/channels/{channel_id}/messages", channel_id=channel)
        with pytest.raises(discord.HTTPException) as refused:
            await bot.http.request(route, json={"content": 5})
    assert refused.value.code == 50035
    assert emulator.state.schema_refusals == [
        "POST /channels/{channel_id}/messages: content: 5 is not of type 'string', 'null'"
    ]


def test_every_route_with_a_body_is_checked_against_discords_description() -> None:
    """Each REST route the emulator serves is one of Discord's, and each that takes a body in
    Discord's description has its schema applied (none escapes the check)."""
    spec = openapi.description()
    app = build_app(Emulator().core)
    checked = []
    for route in app.router.routes():
        path = route.resource.canonical if route.resource is not None else ""
        if not path.startswith(API) or path in (API + "/gateway", API + "/gateway/bot"):
            continue
        template = spec.route(path[len(API) :])
        assert template is not None, f"{route.method} {path} is not in Discord's description"
        if route.method in ("POST", "PATCH", "PUT"):
            checked.append((route.method, template))
    assert ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") in checked
    assert ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}") in checked
    edited = spec.route("/webhooks/1/token/messages/@original")
    assert edited == "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
    assert ("PUT", "/applications/{application_id}/commands") in checked
    assert spec.problem("PUT", "/applications/1/commands", [{"name": 5}]) is not None


def test_a_long_body_met_again_gets_the_same_answer() -> None:
    """Long bodies' answers are remembered (every bot registers the same commands): a refusal
    stays a refusal, an allowed body stays allowed, and a different body is checked anew."""
    spec = openapi.description()
    path = "/applications/1/commands"
    long_description = "d" * 90
    allowed = [{"name": f"c{n}", "description": long_description, "type": 1} for n in range(100)]
    refused = [*allowed[:99], {"name": 5, "description": long_description}]
    assert len(json.dumps(allowed)) >= openapi.REMEMBERED_BODY
    for _ in range(2):
        assert spec.problem("PUT", path, allowed) is None
        problem = spec.problem("PUT", path, refused)
        assert problem is not None and "99/name" in problem
