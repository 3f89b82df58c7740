"""A computer that keeps failing: its turn is retried later and later, never starving the other
clocks, and in the end the game is called off, unrated, with an apology and the seed revealed."""

from __future__ import annotations

from datetime import timedelta

import pytest

import engine.checkers as ck
from bot.service import outcomes as out
from bot.service.bot_turns import MAX_BOT_FAILURES, retry_delay
from bot.service.checkers import CheckersSession
from bot.service.clock import FakeClock
from bot.service.committer import EventKind
from bot.service.computer.checkers import SimpleCheckersPlayer
from bot.service.dice import SeededDice
from bot.service.games import Games
from bot.service.kinds import SimplePlayer
from bot.service.operations import AcceptChallenge, Move
from bot.service.views import Player
from bot.store import GameKind, GameStatus, Store
from tests.bot.service.conftest import ALICE, BOB, BOT, CHANNEL, fixed_seeds

STUCK_GAMES = 150  # more than one page of due deadlines (100)
SEEDS = fixed_seeds(STUCK_GAMES + 1, tag="stuck")
PLAYERS = 10_000  # the stuck games' challengers are PLAYERS, PLAYERS + 1, …


class BrokenComputer(SimpleCheckersPlayer):
    """A computer that fails every time it is asked to move (its process keeps dying)."""

    def choose_move(self, game: ck.Game) -> ck.Move:
        """Never returns."""
        raise RuntimeError("the computer's process died")


def broken_games(store: Store, clock: FakeClock) -> Games:
    """A fresh service (as after a restart) whose computer always fails."""
    return Games(
        store,
        bot=BOT,
        dice=SeededDice(SEEDS),
        clock=clock,
        opponent=SimplePlayer({GameKind.CHECKERS: BrokenComputer()}),
    )


async def stuck_game(games: Games, index: int) -> int:
    """A checkers game against the bot, which opens and cannot: its turn is put off."""
    made = await games.challenges.post(
        channel_id=CHANNEL + 1 + index,
        challenger=Player(PLAYERS + index, f"Player {index}"),
        against_bot=True,
        kind=GameKind.CHECKERS,
        starter="opponent",
    )
    assert made.game.status is GameStatus.ACTIVE and made.game.to_move_id == BOT.id
    return made.game.id


async def test_stuck_bot_games_are_put_off_and_never_starve_a_persons_clock(
    store: Store, clock: FakeClock, caplog: pytest.LogCaptureFixture
) -> None:
    games = broken_games(store, clock)
    stuck = [await stuck_game(games, index) for index in range(STUCK_GAMES)]
    put_off = [(await store.get_game(game_id)).turn_deadline for game_id in stuck]
    assert set(put_off) == {clock.now() + retry_delay(1)}
    # Alice's game falls due after every stuck one: the 151st due deadline.
    posted = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind.CHECKERS,
        starter="challenger",
        time_limit=timedelta(minutes=5),
    )
    persons = await games.act(posted.game.id, BOB.id, AcceptChallenge.of(BOB))
    clock.advance(timedelta(minutes=5))

    swept = await broken_games(store, clock).sweep()

    # Alice lost on time; the stuck games were tried again and put off for longer, unshown.
    assert [result.game.id for result in swept] == [persons.game.id]
    assert swept[0].outcomes[0] == out.WonOnTime(persons.game.id, BOB.id, ALICE.id)
    for game_id in stuck:
        row = await store.get_game(game_id)
        assert (row.status, row.turn_deadline) == (
            GameStatus.ACTIVE,
            clock.now() + retry_delay(2),
        )
    assert retry_delay(2) > retry_delay(1)
    assert caplog.text.count("the computer's process died") >= 2 * STUCK_GAMES


async def test_a_bot_that_keeps_failing_waits_longer_each_time_then_the_game_is_called_off(
    store: Store, clock: FakeClock
) -> None:
    games = broken_games(store, clock)
    game_id = await stuck_game(games, 0)
    start = clock.now()
    waits = []
    swept = []
    for failures in range(1, MAX_BOT_FAILURES):
        row = await store.get_game(game_id)
        last = await store.last_event(game_id)
        assert last is not None and (last.kind, last.payload["failures"]) == (
            EventKind.BOT_FAILED,
            failures,
        )
        assert row.turn_deadline is not None and row.status is GameStatus.ACTIVE
        waits.append(row.turn_deadline - clock.now())
        clock.advance(waits[-1])
        # Each sweep is made by a new service, as after a restart: the store counts the failures.
        swept = await broken_games(store, clock).sweep()
        if failures < MAX_BOT_FAILURES - 1:
            assert swept == []  # put off again: nothing for the players to see
    # The waits double, 2 to 32 minutes: about an hour before the game is called off.
    assert waits == [timedelta(minutes=2**n) for n in range(1, MAX_BOT_FAILURES)]
    assert clock.now() - start >= timedelta(hours=1)

    [result] = swept
    assert result.outcomes == (out.ComputerFailed(game_id, SEEDS[0]),)
    assert (result.game.status, result.game.seed) == (GameStatus.CANCELLED, SEEDS[0])
    row = await store.get_game(game_id)
    assert (row.status, row.winner_id, row.to_move_id, row.turn_deadline) == (
        GameStatus.CANCELLED,
        None,
        None,
        None,
    )
    assert row.result == {"reason": "computer_failed"}
    assert (await games.verify(game_id)).ok
    assert await games.replay(game_id) == row.state
    assert await broken_games(store, clock).sweep() == []


async def test_a_game_is_retried_only_when_its_wait_is_over(store: Store, clock: FakeClock) -> None:
    game_id = await stuck_game(broken_games(store, clock), 0)
    before = await store.get_game(game_id)
    clock.advance(retry_delay(1) - timedelta(seconds=1))
    assert await broken_games(store, clock).sweep() == []
    assert await store.get_game(game_id) == before


async def test_a_bot_that_recovers_starts_counting_again(store: Store, clock: FakeClock) -> None:
    games = broken_games(store, clock)
    game_id = await stuck_game(games, 0)
    clock.advance(retry_delay(1))
    healthy = Games(store, bot=BOT, dice=SeededDice([]), clock=clock, opponent=SimplePlayer())
    [replied] = await healthy.sweep()
    assert any(isinstance(o, out.Moved) and o.player_id == BOT.id for o in replied.outcomes)
    person = PLAYERS  # the challenger of stuck game 0
    assert replied.game.to_move_id == person
    session = replied.game.session
    assert isinstance(session, CheckersSession) and session.game is not None
    # The person moves; the computer fails again: the first failure of a new run.
    move = session.game.position.legal_moves()[0].pdn()
    answered = await games.act(game_id, person, Move(move))
    assert answered.game.to_move_id == BOT.id
    assert answered.game.turn_deadline == clock.now() + retry_delay(1)
    last = await store.last_event(game_id)
    assert last is not None and (last.kind, last.payload["failures"]) == (EventKind.BOT_FAILED, 1)
