"""Tournaments that lose nothing: a restart mid-round (a result the tournament never heard of
is taken up when the bot is back) and two results at once pair the next round once."""

from __future__ import annotations

import asyncio

from bot.service.clock import FakeClock
from bot.service.games import Games
from bot.service.operations import Resign
from bot.service.views import Player
from bot.store import Store
from emulator import Emulator
from tests.bot.e2e.conftest import Players, StartBot
from tests.bot.e2e.drive import command
from tests.bot.e2e.tournament_drive import (
    FollowUps,
    better_seed_wins,
    everyone,
    finished,
    games_of,
    join_all,
    messages_with,
    pairings,
    play_round,
    resign_in_thread,
    round_paired,
    seeded,
    tournament,
)


async def test_a_restart_mid_round_loses_nothing(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    members = everyone(emulator, players, 4)
    seeds = {member.id: index for index, member in enumerate(members, start=1)}
    users = {member.id: member for member in members}
    alice = members[0]
    await seeded(store, emulator, game_clock, members)
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        swiss: dict[str, object] = {"game": "checkers", "format": "swiss", "rounds": 2}
        await command(emulator, alice, "tournament create", swiss)
        await join_all(emulator, members)
        await command(emulator, alice, "tournament start")
        await round_paired(store, 1)
        first, second = await pairings(store, 1, 1)
        loser = better_seed_wins(seeds)(first.first_id, first.second_id or 0)
        await resign_in_thread(emulator, store, users[loser], first.game_id or 0)
        await follow_ups.after(first.game_id or 0)
    # The bot is down. The other game of the round ends as the process dies: its result is
    # committed, the tournament never heard of it.
    games = Games(store, bot=Player(emulator.bot_user.id, "duelboard", True), clock=game_clock)
    loser = better_seed_wins(seeds)(second.first_id, second.second_id or 0)
    await games.act(second.game_id or 0, loser, Resign())
    assert (await tournament(store)).round == 1
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        assert (
            await bot.tournament_actions.sweep() == 1
        )  # what the sweeper does once the bot is back
        await round_paired(store, 2)
        assert len(messages_with(emulator, "round 2 of 2")) == 1
        await play_round(emulator, store, follow_ups, 2, users, better_seed_wins(seeds))
        await finished(emulator, store)
        assert await bot.tournament_actions.sweep() == 0  # nothing left to do
    assert len(await pairings(store)) == 4 and len(await games_of(store)) == 4
    assert len(messages_with(emulator, "standings after round 1 of 2")) == 1
    assert (await tournament(store)).winner_id == alice.id


async def test_two_results_at_once_pair_the_next_round_once(
    emulator: Emulator,
    start_bot: StartBot,
    players: Players,
    store: Store,
    game_clock: FakeClock,
) -> None:
    members = everyone(emulator, players, 4)
    seeds = {member.id: index for index, member in enumerate(members, start=1)}
    users = {member.id: member for member in members}
    alice = members[0]
    await seeded(store, emulator, game_clock, members)
    async with start_bot() as bot:
        follow_ups = FollowUps(bot)
        robin: dict[str, object] = {"game": "checkers", "format": "round_robin"}
        await command(emulator, alice, "tournament create", robin)
        await join_all(emulator, members)
        await command(emulator, alice, "tournament start")
        await round_paired(store, 1)
        games = [p.game_id or 0 for p in await pairings(store, 1, 1)]
        losers = []
        for pairing in await pairings(store, 1, 1):
            losers.append(better_seed_wins(seeds)(pairing.first_id, pairing.second_id or 0))
        # Both losers resign at the same moment.
        await asyncio.gather(
            *(
                resign_in_thread(emulator, store, users[loser], game)
                for loser, game in zip(losers, games, strict=True)
            )
        )
        await follow_ups.after(*games)
        await round_paired(store, 2)
        second_round = await pairings(store, 1, 2)
        assert len(second_round) == 2 and all(p.games == 1 for p in second_round)
        assert len(messages_with(emulator, "round 2 of 3")) == 1
        assert len(messages_with(emulator, "standings after round 1 of 3")) == 1
        assert len(await games_of(store)) == 4
        threads = [c for c in emulator.guild.channels.values() if c.is_thread]
        assert len(threads) == 4  # one per game: none made for nothing
        await command(emulator, alice, "tournament cancel")  # so the test ends with no game due
