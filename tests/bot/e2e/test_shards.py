"""Two bots on shards 0 and 1 of 2 sharing one store: each plays and sweeps only its servers."""

from __future__ import annotations

from datetime import timedelta

from bot.frontend.client import PlayParts, ShardedDuelboardBot
from bot.service.clock import FakeClock
from bot.service.dice import SeededDice
from bot.settings import Shards
from bot.store import GameStatus, Store
from emulator import Emulator
from emulator.harness import CLIENT_OPTIONS, ErrorCapture, running
from tests.bot.e2e.conftest import SEEDS, Players


class ShardBot(ShardedDuelboardBot):
    """Duelboard on some shards, without discord.py's 5-second pause between identifies."""

    async def before_identify_hook(self, shard_id: int | None, *, initial: bool = False) -> None:
        """The emulator has no identify rate limit."""


async def test_each_process_answers_and_sweeps_only_its_shards_servers(
    emulator: Emulator,
    store: Store,
    game_clock: FakeClock,
    players: Players,
    discord_errors: ErrorCapture,
) -> None:
    odd = emulator.add_guild("Odd Server", shard=(1, 2))
    dana = emulator.add_member("dana", guild=odd)
    odd_general = emulator.add_channel("general", guild=odd)
    assert (emulator.guild.id >> 22) % 2 == 0  # the first server is on shard 0

    def bot(shard_id: int, sweep_interval: float | None) -> ShardBot:
        parts = PlayParts(dice=SeededDice(SEEDS), clock=game_clock)
        shards = Shards(2, (shard_id,))
        return ShardBot(store, shards, parts=parts, sweep_interval=sweep_interval, **CLIENT_OPTIONS)

    # The first sweeps on its own clock; the second's sweep is called by hand below.
    first, second = bot(0, 0.05), bot(1, None)
    async with running(first, emulator), running(second, emulator):
        here = await emulator.slash(players.alice, "backgammon", {})
        there = await emulator.slash(dana, "checkers", {}, channel=odd_general)
        await here.original()
        await there.original()
        assert [here.interaction.delivered, there.interaction.delivered] == [1, 1]
        games = {row.guild_id: row for row in await store.open_games_for_player(players.alice.id)}
        games |= {row.guild_id: row for row in await store.open_games_for_player(dana.id)}
        assert set(games) == {emulator.guild.id, odd.id}

        # The challenges expire; each bot's sweeper closes the one in its own server. A sweep
        # shows its results once it has handled every game it found, so when the first server's
        # challenge shows "expired", the first bot's sweep left the other server's alone.
        game_clock.advance(timedelta(minutes=15, seconds=1))
        here_message = emulator.state.messages[games[emulator.guild.id].message_id or 0]
        await emulator.wait_for_edit(here_message, 0, lambda m: "expired" in m.content)
        assert (await store.get_game(games[odd.id].id)).status is GameStatus.PENDING
        assert await second.actions.sweep(second.own_shards) == 1
        there_message = emulator.state.messages[games[odd.id].message_id or 0]
        assert "expired" in there_message.content
    for row in games.values():
        assert (await store.get_game(row.id)).status is GameStatus.EXPIRED
        events = [event.kind for event in await store.events_for(row.id)]
        assert events.count("expired") == 1
    # The commands are the application's: only the process on shard 0 syncs them.
    assert len(emulator.requests("/commands", "PUT")) == 1
    assert emulator.unanswered() == [] and emulator.refusals() == []
