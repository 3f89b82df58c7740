"""A bot in thousands of servers: a move's work does not grow with the number of servers."""

from __future__ import annotations

from collections.abc import Sequence

import discord
import pytest
from discord.state import ConnectionState

from bot.store import Store
from emulator import Emulator
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import OPENING_31, move, start_game

SERVERS = 2400  # Discord requires sharding from 2,500 servers on one connection


async def test_a_move_walks_no_list_of_servers(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The game's server was cached first and thousands after it; every walk over the cached
    # servers (as `Client.get_channel` does) reads discord.py's `guilds`, counted here.
    for number in range(SERVERS):
        emulator.add_guild(f"server {number}")
    walks: list[int] = []
    listed: property = vars(ConnectionState)["guilds"]

    def counted(state: ConnectionState) -> Sequence[discord.Guild]:
        walks.append(len(state._guilds))
        assert listed.fget is not None
        result: Sequence[discord.Guild] = listed.fget(state)
        return result

    async with start_bot(OPENING_31) as bot:
        assert len(bot.guilds) == SERVERS + 1  # every server is cached
        message = await start_game(emulator, store, players.alice, players.bob)
        monkeypatch.setattr(ConnectionState, "guilds", property(counted))
        before = message.edits
        # The move edits the game message, pings bob (on roll next) and answers alice.
        await move(emulator, message, players.alice, "8/5 6/5")
        during_the_move = list(walks)
        monkeypatch.undo()
    assert message.edits == before + 1
    pinged = [m for m in emulator.channel_messages(emulator.general) if m.id != message.id]
    assert any(f"<@{players.bob.id}>" in m.content for m in pinged)
    assert during_the_move == []
