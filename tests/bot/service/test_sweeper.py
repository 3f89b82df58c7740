"""Clocks: a reminder at three quarters of the time, a win on time at the deadline, restarts."""

from __future__ import annotations

from datetime import timedelta

import pytest

import engine.checkers as ck
from bot.service import outcomes as out
from bot.service.bot_turns import retry_delay
from bot.service.clock import FakeClock
from bot.service.computer.checkers import SimpleCheckersPlayer
from bot.service.dice import SeededDice
from bot.service.games import Games
from bot.service.kinds import SimplePlayer
from bot.service.operations import Move
from bot.settings import Shards
from bot.store import GameKind, GameStatus, Store
from tests.bot.service.conftest import ALICE, BOB, BOT, CHANNEL, fixed_seeds
from tests.bot.service.drive import start_game
from tests.bot.store.conftest import Backend

HOUR = timedelta(hours=1)


async def test_reminder_at_three_quarters_then_win_on_time(games: Games, clock: FakeClock) -> None:
    result = await start_game(
        games, "checkers", starter="challenger", time_limit=timedelta(hours=1)
    )
    game_id = result.game.id
    assert result.game.to_move_id == ALICE.id
    assert result.game.turn_deadline == clock.now() + timedelta(hours=1)
    clock.advance(timedelta(minutes=44))
    assert await games.sweep() == []
    clock.advance(timedelta(minutes=1))
    reminded = await games.sweep()
    assert [r.outcomes for r in reminded] == [
        (out.ReminderDue(game_id, ALICE.id, clock.now() + timedelta(minutes=15)),)
    ]
    assert await games.sweep() == []  # a reminder is due once
    clock.advance(timedelta(minutes=15))
    timed_out = await games.sweep()
    assert len(timed_out) == 1
    assert timed_out[0].outcomes[0] == out.WonOnTime(game_id, BOB.id, ALICE.id)
    ended = timed_out[0].outcomes[-1]
    assert isinstance(ended, out.GameEnded) and ended.finish is out.Finish.TIME and ended.seed
    game = timed_out[0].game
    assert game.status is GameStatus.FINISHED and game.turn_deadline is None
    assert (await games.store.get_game(game_id)).winner_id == BOB.id
    assert await games.replay(game_id) == (await games.store.get_game(game_id)).state


async def test_each_move_restarts_the_clock(games: Games, clock: FakeClock) -> None:
    result = await start_game(
        games, "checkers", starter="challenger", time_limit=timedelta(hours=1)
    )
    clock.advance(timedelta(minutes=50))
    moved = await games.act(result.game.id, ALICE.id, Move("22-18"))
    assert moved.game.turn_deadline == clock.now() + timedelta(hours=1)
    assert moved.game.reminder_at == clock.now() + timedelta(minutes=45)
    clock.advance(timedelta(minutes=30))
    assert await games.sweep() == []


async def test_deadlines_survive_a_restart(backend: Backend, clock: FakeClock) -> None:
    first = await backend.open()
    games = Games(first, bot=BOT, dice=SeededDice(fixed_seeds()), clock=clock)
    result = await start_game(games, "backgammon", time_limit=timedelta(minutes=5))
    await first.close()
    clock.advance(timedelta(minutes=5))
    second = await backend.open()
    try:
        restarted = Games(second, bot=BOT, dice=SeededDice([]), clock=clock)
        swept = await restarted.sweep()
        assert [r.game.id for r in swept] == [result.game.id]
        assert isinstance(swept[0].outcomes[0], out.WonOnTime)
        assert swept[0].game.status is GameStatus.FINISHED
    finally:
        await second.close()


async def test_games_against_the_bot_wait_only_for_the_person(
    games: Games, clock: FakeClock
) -> None:
    result = await games.challenges.post(
        channel_id=CHANNEL, challenger=ALICE, against_bot=True, kind=GameKind.CHECKERS
    )
    assert result.game.to_move_id == ALICE.id
    clock.advance(timedelta(days=1))
    swept = await games.sweep()
    assert swept and swept[0].outcomes[0] == out.WonOnTime(result.game.id, BOT.id, ALICE.id)


class PowerCut(SimpleCheckersPlayer):
    """A bot whose process dies as it starts to think."""

    def choose_move(self, game: ck.Game) -> ck.Move:
        """Never returns."""
        raise RuntimeError("power cut")


async def test_a_bot_reply_lost_to_a_crash_is_made_by_the_sweeper(
    store: Store, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    crashing = Games(
        store,
        bot=BOT,
        dice=SeededDice(fixed_seeds()),
        clock=clock,
        opponent=SimplePlayer({GameKind.CHECKERS: PowerCut()}),
    )
    result = await crashing.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        against_bot=True,
        kind=GameKind.CHECKERS,
        starter="challenger",
    )
    moved = await crashing.act(result.game.id, ALICE.id, Move("22-18"))
    assert moved.game.to_move_id == BOT.id  # Alice's move is answered; the bot's is not made
    assert "power cut" in caplog.text
    stalled = await store.get_game(result.game.id)
    assert stalled.to_move_id == BOT.id and stalled.turn_deadline == clock.now() + retry_delay(1)
    restarted = Games(store, bot=BOT, dice=SeededDice([]), clock=clock)
    assert await restarted.sweep() == []
    clock.advance(retry_delay(1))
    swept = await restarted.sweep()
    assert len(swept) == 1
    assert any(isinstance(o, out.Moved) and o.player_id == BOT.id for o in swept[0].outcomes)
    assert swept[0].game.to_move_id == ALICE.id and swept[0].game.status is GameStatus.ACTIVE


async def test_each_shard_sweeps_its_own_servers_games(games: Games, clock: FakeClock) -> None:
    """Two processes on shards 0 and 1 of 2: each game's deadline is handled once, by the
    process whose shard holds its server (games outside a server are on shard 0)."""
    on_shard = {0: (1_000_000 << 22) | 5, 1: (1_000_001 << 22) | 5}  # (id >> 22) % 2
    guilds = {"even": on_shard[0], "odd": on_shard[1], "none": None}
    made = {}
    for channel, (name, guild_id) in enumerate(guilds.items(), start=CHANNEL):
        posted = await games.challenges.post(
            channel_id=channel,
            guild_id=guild_id,
            challenger=ALICE,
            opponent=BOB,
            kind=GameKind.CHECKERS,
        )
        made[name] = posted.game.id
    clock.advance(timedelta(days=2))  # every challenge has expired
    first = [r.game.id for r in await games.sweep(shards=Shards(2, (0,)))]
    second = [r.game.id for r in await games.sweep(shards=Shards(2, (1,)))]
    assert sorted(first) == sorted([made["even"], made["none"]])
    assert second == [made["odd"]]
    assert await games.sweep() == []  # nothing was left, nothing is handled twice
    for game_id in made.values():
        assert (await games.store.get_game(game_id)).status is GameStatus.EXPIRED
