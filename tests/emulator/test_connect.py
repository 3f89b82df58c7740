"""Login, the gateway handshake, command sync and request recording, seen from both sides."""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator

import discord
import pytest

from emulator import BotFailure, Emulator, payloads
from emulator.fixtures import StartClient
from emulator.gateway import ACK_ROUND_TRIP
from emulator.harness import CLIENT_OPTIONS, running
from tests.emulator.rawbot import RawBot
from tests.emulator.testbot import SampleBot

MANAGE_GUILD = discord.Permissions(manage_guild=True).value


@pytest.fixture
async def raw(emulator: Emulator) -> AsyncIterator[RawBot]:
    bot = RawBot(emulator)
    yield bot
    await bot.close()


async def test_handshake_hello_identify_ready_guild_create(emulator: Emulator, raw: RawBot) -> None:
    await raw.connect()
    assert raw.frames[0]["op"] == 10
    assert raw.frames[0]["d"]["heartbeat_interval"] > 0
    ready = await raw.event("READY")
    assert ready["user"]["id"] == str(emulator.bot_user.id)
    assert ready["application"]["id"] == str(emulator.app_id)
    assert ready["guilds"] == [{"id": str(emulator.guild.id), "unavailable": True}]
    assert ready["resume_gateway_url"] == emulator.gateway_url
    guild = await raw.event("GUILD_CREATE")
    assert guild["id"] == str(emulator.guild.id)
    assert [c["name"] for c in guild["channels"]] == ["general"]
    assert {m["user"]["username"] for m in guild["members"]} == {"owner", "duelboard"}
    assert [frame["s"] for frame in raw.frames[1:]] == [1, 2]


async def test_heartbeat_is_acknowledged(raw: RawBot) -> None:
    await raw.connect()
    await raw.event("GUILD_CREATE")
    assert raw.ws is not None
    await raw.ws.send_json({"op": 1, "d": 2})
    assert (await raw.receive())["op"] == 11


async def test_wrong_token_closes_the_gateway_with_4004(raw: RawBot) -> None:
    await raw.connect(token="not.the.token")
    assert raw.ws is not None
    await raw.ws.receive(timeout=5)
    assert raw.ws.close_code == 4004


async def test_wrong_token_is_a_login_failure(emulator: Emulator) -> None:
    client = SampleBot()
    with pytest.raises(discord.LoginFailure):
        async with running(client, emulator, token="other.token.value"):
            pass
    assert client.is_closed()
    assert emulator.requests("/users/@me")[0].status == 401


async def test_client_sees_guild_channels_members_and_permissions(
    emulator: Emulator, start_client: StartClient
) -> None:
    emulator.add_member("admin", permissions=MANAGE_GUILD)
    games = emulator.add_channel("games")
    async with start_client(SampleBot()) as client:
        guild = client.get_guild(emulator.guild.id)
        assert guild is not None
        assert {c.name for c in guild.text_channels} == {"general", "games"}
        assert guild.get_channel(games.id) is not None
        me = guild.me
        assert me.guild_permissions.send_messages and me.guild_permissions.attach_files
        assert not me.guild_permissions.manage_guild
        assert client.application_id == emulator.app_id
        assert client.user is not None and client.user.id == emulator.bot_user.id


async def test_global_and_guild_command_sync(emulator: Emulator, start_client: StartClient) -> None:
    async with start_client(SampleBot(sync_guild=emulator.guild.id)):
        pass
    global_names = {c.name for c in emulator.state.commands.values() if c.guild_id is None}
    guild_names = {c.name for c in emulator.state.commands.values() if c.guild_id is not None}
    assert {"echo", "move", "board", "panel", "admin"} <= global_names
    assert guild_names == {"house"}
    move = emulator.command("move")
    assert move.body["options"][0]["autocomplete"] is True
    assert int(emulator.command("admin").body["default_member_permissions"]) == MANAGE_GUILD
    puts = emulator.requests("/commands", method="PUT")
    assert len(puts) == 2 and all(r.status == 200 for r in puts)


async def test_resync_keeps_command_ids(emulator: Emulator, start_client: StartClient) -> None:
    async with start_client(SampleBot()):
        first = emulator.command("echo").id
    async with start_client(SampleBot()):
        assert emulator.command("echo").id == first


async def test_invalid_command_names_are_refused(raw: RawBot, emulator: Emulator) -> None:
    path = f"/applications/{emulator.app_id}/commands"
    status, body = await raw.request("PUT", path, [{"name": "Bad Name", "description": "x"}])
    assert (status, body["code"]) == (400, 50035)
    status, body = await raw.request("PUT", path, [{"name": "ok", "description": ""}])
    assert status == 400
    assert emulator.state.commands == {}


async def test_rest_without_bot_token_is_401(raw: RawBot) -> None:
    status, _ = await raw.request("GET", "/users/@me", auth=False)
    assert status == 401


async def test_replies_are_exactly_application_json(raw: RawBot) -> None:
    """Contract 1: discord.py reads JSON only when the Content-Type has no charset suffix."""
    async with raw.session.get(
        raw.emulator.api_base + "/gateway/bot",
        headers={"Authorization": f"Bot {raw.emulator.token}"},
    ) as response:
        assert response.headers["Content-Type"] == "application/json"
        body = await response.json()
    assert body["url"] == raw.emulator.gateway_url
    assert body["shards"] == 1


async def test_unknown_route_is_recorded_and_fails_check(emulator: Emulator, raw: RawBot) -> None:
    status, body = await raw.request("GET", "/guilds/1/bans")
    assert (status, body["code"]) == (404, 0)
    assert emulator.state.unknown_routes == ["GET /api/v10/guilds/1/bans"]
    with pytest.raises(BotFailure, match="unknown route GET /api/v10/guilds/1/bans"):
        emulator.check()
    emulator.state.unknown_routes.clear()


async def test_every_request_is_recorded(emulator: Emulator, start_client: StartClient) -> None:
    async with start_client(SampleBot()):
        pass
    routes = [r.route for r in emulator.requests()]
    assert "/api/v10/users/@me" in routes
    assert "/api/v10/oauth2/applications/@me" in routes
    assert "/gateway" in routes


class ShardedBot(discord.AutoShardedClient):
    """An AutoShardedClient with one command."""

    def __init__(self, shard_count: int | None) -> None:
        super().__init__(
            intents=discord.Intents.default(), shard_count=shard_count, **CLIENT_OPTIONS
        )
        self.tree = discord.app_commands.CommandTree(self)

        @self.tree.command()
        async def shard(interaction: discord.Interaction) -> None:
            """Name the shard that answered."""
            await interaction.response.send_message(f"shard {interaction.guild.shard_id}")  # type: ignore[union-attr]

    async def setup_hook(self) -> None:
        """Sync the command."""
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5-second pause between shards: the emulator has no identify rate limit."""


async def test_auto_sharded_client_asks_gateway_bot(
    emulator: Emulator, start_client: StartClient
) -> None:
    async with start_client(ShardedBot(shard_count=None)) as client:
        assert client.shard_count == 1
        reply = await (await emulator.slash(emulator.owner, "shard")).response()
    assert reply.content == "shard 0"
    assert emulator.requests("/gateway/bot")[0].status == 200


async def test_two_shards_only_the_owner_gets_the_guild(
    emulator: Emulator, start_client: StartClient
) -> None:
    owner_shard = (emulator.guild.id >> 22) % 2
    async with start_client(ShardedBot(shard_count=2)):
        assert sorted(s.shard for s in emulator.gateway.sessions) == [(0, 2), (1, 2)]
        handle = await emulator.slash(emulator.owner, "shard")
        assert (await handle.response()).content == f"shard {owner_shard}"
    assert [r.status for r in handle.requests()] == [200]


async def test_permission_change_reaches_the_clients_cache(
    emulator: Emulator, start_client: StartClient
) -> None:
    async with start_client(SampleBot()) as client:
        guild = client.get_guild(emulator.guild.id)
        assert guild is not None and guild.me.guild_permissions.send_messages
        await emulator.set_bot_permissions(discord.Permissions(view_channel=True).value)
        await emulator.wait_until(
            lambda: True if not guild.me.guild_permissions.send_messages else None,
            "GUILD_ROLE_UPDATE to land",
        )
        assert guild.me.guild_permissions.view_channel


async def test_privileged_intents_need_the_portal_switch(emulator: Emulator) -> None:
    intents = discord.Intents.default()
    intents.message_content = True
    client = discord.Client(intents=intents, **CLIENT_OPTIONS)
    # With reconnect=False discord.py raises the close itself, not PrivilegedIntentsRequired.
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(client, emulator):
            pass
    assert closed.value.code == 4014
    emulator.allow_privileged_intents(intents.value)
    async with running(discord.Client(intents=intents, **CLIENT_OPTIONS), emulator):
        assert len(emulator.gateway.sessions) == 1


async def test_dropped_connection_resumes_into_a_fresh_session(
    emulator: Emulator, start_client: StartClient
) -> None:
    """Close 4000: discord.py tries RESUME, gets INVALID_SESSION, and identifies anew."""
    alice = emulator.add_member("alice")
    async with start_client(SampleBot()):
        [first] = emulator.gateway.sessions
        await emulator.gateway.close(code=4000)
        await emulator.wait_until(
            lambda: True if [s for s in emulator.gateway.sessions if s is not first] else None,
            "a new session",
        )
        reply = await (await emulator.slash(alice, "echo", {"text": "back"})).response()
    assert reply.content == "back"
    # The first connection, the one that tried RESUME, and the one that identified again.
    connections = [r for r in emulator.state.requests if r.route == "/gateway"]
    assert len(connections) == 3


async def test_a_session_past_discords_server_limit_is_told_to_shard(emulator: Emulator) -> None:
    """Close 4011: one unsharded session would handle more servers than Discord allows."""
    emulator.add_guild("Second server")
    emulator.limit_guilds_per_session(1)
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(
            discord.Client(intents=discord.Intents.none(), **CLIENT_OPTIONS), emulator
        ):
            pass
    assert closed.value.code == 4011
    assert emulator.gateway.sessions == []
    emulator.limit_guilds_per_session(2)
    async with running(discord.Client(intents=discord.Intents.none(), **CLIENT_OPTIONS), emulator):
        assert len(emulator.gateway.sessions) == 1


async def test_a_shard_id_not_below_the_count_is_refused(emulator: Emulator) -> None:
    """Close 4010: shard 2 of 2 does not exist (ids go from 0 to count - 1)."""
    client = discord.AutoShardedClient(
        intents=discord.Intents.none(), shard_ids=[2], shard_count=2, **CLIENT_OPTIONS
    )
    with pytest.raises(discord.ConnectionClosed) as closed:
        async with running(client, emulator):
            pass
    assert closed.value.code == 4010
    assert emulator.gateway.sessions == []


async def test_the_clients_latency_is_the_round_trip_not_the_heartbeat_interval(
    emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    """discord.py measured a whole heartbeat interval as its latency on about every other beat
    (and logged "Can't keep up ... 41.3s behind") when the ACK beat its keep-alive thread."""
    interval = 1.0
    monkeypatch.setattr(payloads.events, "HEARTBEAT_INTERVAL_MS", int(interval * 1000))
    client = SampleBot()
    measured: list[float] = []
    async with running(client, emulator):
        while len(measured) < 40:  # four beats, from the first ACK on
            await asyncio.sleep(interval / 10)
            if math.isfinite(client.latency):
                measured.append(client.latency)
    assert max(measured) < interval / 2
    assert min(measured) >= ACK_ROUND_TRIP
