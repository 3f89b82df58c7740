"""Several servers, each routed only to the gateway session of its shard, as Discord does."""

from __future__ import annotations

import discord
import pytest

from emulator import BotFailure, DriverError, Emulator
from emulator.harness import CLIENT_OPTIONS, ErrorCapture, running


class ShardBot(discord.AutoShardedClient):
    """One process's client: some shards of two; it answers /where with its name and shard."""

    def __init__(self, name: str, shard_ids: list[int]) -> None:
        super().__init__(
            intents=discord.Intents(guilds=True),
            shard_count=2,
            shard_ids=shard_ids,
            **CLIENT_OPTIONS,
        )
        self.name = name
        self.seen: list[int] = []  # the servers whose interactions reached this client
        self.tree = discord.app_commands.CommandTree(self)

        @self.tree.command()
        async def where(interaction: discord.Interaction) -> None:
            """Name the client and shard that answered."""
            assert interaction.guild is not None
            self.seen.append(interaction.guild.id)
            shard = interaction.guild.shard_id
            await interaction.response.send_message(f"{self.name} shard {shard}")

    async def setup_hook(self) -> None:
        """Sync the command (any one client may)."""
        await self.tree.sync()

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """No 5-second pause between shards: the emulator has no identify rate limit."""


def test_a_server_can_be_made_on_a_chosen_shard(emulator: Emulator) -> None:
    for shard in [(0, 2), (1, 2), (3, 4), (0, 1), (6, 7)]:
        guild = emulator.add_guild(f"server {shard}", shard=shard)
        assert (guild.id >> 22) % shard[1] == shard[0]
    ids = [emulator.add_guild(f"next {n}").id for n in range(4)]
    assert [(guild_id >> 22) % 2 for guild_id in ids] in ([0, 1, 0, 1], [1, 0, 1, 0])
    assert len({*ids, *emulator.state.guilds}) == len(emulator.state.guilds)
    with pytest.raises(ValueError, match="shard 2 of 2 does not exist"):
        emulator.add_guild("nowhere", shard=(2, 2))


async def test_each_servers_interactions_reach_only_its_shards_session(
    emulator: Emulator, discord_errors: ErrorCapture
) -> None:
    even = emulator.add_guild("even", shard=(0, 2))
    odd = emulator.add_guild("odd", shard=(1, 2))
    players = {
        guild.id: (
            emulator.add_member("player", guild=guild),
            emulator.add_channel("play", guild=guild),
        )
        for guild in (even, odd)
    }
    first, second = ShardBot("first", [0]), ShardBot("second", [1])
    async with running(first, emulator), running(second, emulator):
        assert {g.id for g in first.guilds} == {emulator.guild.id, even.id}
        assert {g.id for g in second.guilds} == {odd.id}
        answers = {}
        for guild_id, (player, channel) in players.items():
            handle = await emulator.slash(player, "where", channel=channel)
            answers[guild_id] = (await handle.response()).content
            assert handle.interaction.delivered == 1
    assert answers == {even.id: "first shard 0", odd.id: "second shard 1"}
    assert first.seen == [even.id] and second.seen == [odd.id]
    assert emulator.unanswered() == []


async def test_a_shard_that_is_down_leaves_its_servers_interactions_unanswered(
    emulator: Emulator, discord_errors: ErrorCapture
) -> None:
    odd = emulator.add_guild("odd", shard=(1, 2))
    player = emulator.add_member("player", guild=odd)
    channel = emulator.add_channel("play", guild=odd)
    first = ShardBot("first", [0])
    async with running(first, emulator):
        handle = await emulator.slash(player, "where", channel=channel)
        here = await emulator.slash(emulator.owner, "where")  # the first server, on shard 0
        assert (await here.response()).content == "first shard 0"
    assert handle.interaction.delivered == 0
    assert emulator.unanswered() == [handle.interaction]
    assert first.seen == [emulator.guild.id]


async def test_with_no_client_at_all_an_interaction_is_a_test_mistake(
    emulator: Emulator, discord_errors: ErrorCapture
) -> None:
    async with running(ShardBot("first", [0]), emulator):
        pass  # the command is registered, then the client leaves
    with pytest.raises(BotFailure, match="no connected client"):
        await emulator.slash(emulator.owner, "where")


async def test_a_member_acts_only_in_their_own_server(
    emulator: Emulator, discord_errors: ErrorCapture
) -> None:
    other = emulator.add_guild("other")
    stranger = emulator.add_member("stranger", guild=other)
    async with running(ShardBot("both", [0, 1]), emulator):
        with pytest.raises(DriverError, match="stranger is not a member of the server"):
            await emulator.slash(stranger, "where")  # in the first server's #general
