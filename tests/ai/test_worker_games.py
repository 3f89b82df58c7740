"""The service playing through the AI worker: a match against the bot played to the end, and a
bot's turn whose worker dies answered by a new worker at once, or put off for the sweeper."""

from __future__ import annotations

import os
import signal
from datetime import timedelta
from typing import Any

import pytest

import engine.checkers as ck
from ai.levels import Level
from ai.worker import AIWorker, WorkerOpponent, WorkerStoppedError
from bot.service.bot_turns import retry_delay
from bot.service.checkers import CheckersSession
from bot.service.clock import FakeClock
from bot.service.committer import EventKind
from bot.service.dice import SeededDice
from bot.service.games import Games
from bot.service.operations import Move, Roll, Take
from bot.service.opponent import Opponent
from bot.store import GameKind, GameStatus, Store
from engine.backgammon.matchplay import Phase
from tests.ai.workers import CK, kill_once_handed, watching_handovers
from tests.bot.service.conftest import (
    ALICE,
    BOT,
    CHANNEL,
    NOW,
    backend,
    clock,
    fixed_seeds,
    store,
    templates,
    tmp_path,
)
from tests.bot.service.drive import match_of
from tests.processes import Deadly, wait_ended

__all__ = ["backend", "clock", "store", "templates", "tmp_path"]  # the service's fixtures


def worker_games(store: Store, clock: FakeClock, worker: AIWorker) -> Games:
    dice = SeededDice(fixed_seeds(tag="worker"))
    return Games(store, bot=BOT, dice=dice, clock=clock, opponents=worker.opponents())


async def test_a_one_point_match_against_the_beginner_is_played_to_the_end_through_the_worker(
    store: Store, clock: FakeClock, own_worker: AIWorker
) -> None:
    games = worker_games(store, clock, own_worker)
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.BACKGAMMON,
        against_bot=True,
        match_length=1,
        level="beginner",
    )
    game_id = result.game.id
    for _ in range(200):
        view = result.game
        if not view.status.is_open:
            break
        assert view.to_move_id == ALICE.id  # the bot never keeps anyone waiting
        match = match_of(result)
        phase = match.game.phase
        if phase is Phase.ROLLING:
            result = await games.act(game_id, ALICE.id, Roll())
        elif phase is Phase.DOUBLED:
            result = await games.act(game_id, ALICE.id, Take())
        else:
            result = await games.act(
                game_id, ALICE.id, Move(match.game.legal_plays()[0].notation())
            )
    else:
        raise AssertionError("the match against the bot did not end")
    row = await store.get_game(game_id)
    assert row.status is GameStatus.FINISHED and row.winner_id in (ALICE.id, BOT.id)
    assert await games.replay(game_id) == row.state  # every bot turn logged like a person's


async def test_a_worker_killed_in_the_bots_turn_leaves_the_bot_to_play_at_once(
    store: Store, clock: FakeClock, own_worker: AIWorker
) -> None:
    """Alice's move stands and the bot answers it in the same action, through a new worker: no
    failure is written and nothing waits for the sweeper."""
    games = worker_games(store, clock, own_worker)
    game_id, opening = await checkers_against_the_beginner(games)
    pid = own_worker.pid()
    os.kill(pid, signal.SIGSTOP)
    with watching_handovers() as handed:
        killer = kill_once_handed(pid, handed)  # once the bot's turn is in the stopped worker
        try:
            moved = await games.act(game_id, ALICE.id, Move(opening))
        finally:
            killer.join()
    assert handed.is_set()
    assert moved.game.to_move_id == ALICE.id
    kinds = [e.kind for e in await store.events_for(game_id)]
    assert kinds[-2:] == ["move", EventKind.BOT] and EventKind.BOT_FAILED not in kinds
    assert own_worker.pid() != pid


class CrashingPlayer(WorkerOpponent):
    """The bot's player at a level, thinking in the worker, but every checkers move it asks for
    ends the worker process that receives the question."""

    def for_kind(self, kind: str) -> Any:
        return CrashingCheckers(self) if kind == CK else super().for_kind(kind)


class CrashingCheckers:
    """`CrashingPlayer`'s checkers player."""

    def __init__(self, player: CrashingPlayer) -> None:
        self.player = player

    def choose_move(self, game: ck.Game) -> ck.Move:
        """Never answered: the question kills its worker."""
        level = self.player.level.value
        return self.player.worker.ask(ck.Move, "play", level, CK, "choose_move", Deadly("a crash"))


class DyingWhileDeadly:
    """The service's opponents: `CrashingPlayer`s while `deadly`, then the worker's own."""

    def __init__(self, worker: AIWorker) -> None:
        self.worker = worker
        self.deadly = True

    def __call__(self, level: str) -> Opponent:
        if self.deadly:
            return CrashingPlayer(self.worker, Level.parse(level))
        return self.worker.opponents()(level)


async def test_a_bots_turn_whose_worker_dies_twice_is_put_off_and_the_sweeper_retries(
    store: Store, clock: FakeClock, own_worker: AIWorker, caplog: pytest.LogCaptureFixture
) -> None:
    """Alice's move stands and is answered (the bot to move), the bot's turn is not written and
    the failure is logged and its retry put off; then the sweeper has the bot play through a new
    worker."""
    opponents = DyingWhileDeadly(own_worker)
    dice = SeededDice(fixed_seeds(tag="worker"))
    games = Games(store, bot=BOT, dice=dice, clock=clock, opponents=opponents)
    game_id, opening = await checkers_against_the_beginner(games)
    pid = own_worker.pid()
    moved = await games.act(game_id, ALICE.id, Move(opening))
    assert moved.game.to_move_id == BOT.id
    assert wait_ended(pid)
    assert any(
        record.exc_info and isinstance(record.exc_info[1], WorkerStoppedError)
        for record in caplog.records
    )
    row = await store.get_game(game_id)
    assert row.status is GameStatus.ACTIVE and row.to_move_id == BOT.id
    assert [e.kind for e in await store.events_for(game_id)][-2:] == ["move", EventKind.BOT_FAILED]
    assert row.turn_deadline == NOW + retry_delay(1)
    opponents.deadly = False
    clock.advance(retry_delay(1) + timedelta(seconds=1))
    [swept] = await games.sweep()
    assert swept.game.to_move_id == ALICE.id  # the bot has moved, through a new worker
    assert own_worker.pid() != pid


async def checkers_against_the_beginner(games: Games) -> tuple[int, str]:
    """A game of English checkers against the beginner, Alice to start; its id and her first
    move."""
    result = await games.challenges.post(
        channel_id=CHANNEL,
        challenger=ALICE,
        kind=GameKind.CHECKERS,
        variant="english",
        against_bot=True,
        level="beginner",
        starter="challenger",
    )
    assert result.game.to_move_id == ALICE.id
    session = result.game.session
    assert isinstance(session, CheckersSession) and session.game is not None
    return result.game.id, session.game.position.legal_moves()[0].pdn()
