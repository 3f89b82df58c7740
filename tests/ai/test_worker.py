"""The AI worker process: its proxies answer as the in-process players do, what crosses the
process boundary pickles whole, a killed worker is replaced, and a bot game is played through it.
"""

from __future__ import annotations

import contextlib
import os
import pickle
import random
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ProcessPoolExecutor
from datetime import timedelta
from importlib.util import find_spec
from typing import Any
from unittest import mock

import pytest

import engine.checkers as ck
from ai.backgammon.analysis import Mark, Verdict, decisions
from ai.coach import ComputerCoach
from ai.levels import Level
from ai.player import ComputerPlayer, Computers
from ai.review import SageReviewer, report
from ai.worker import CALL_TIMEOUT, REVIEW_CHUNK, AIWorker, WorkerOpponent, WorkerStoppedError
from bot.service.bot_turns import retry_delay
from bot.service.checkers import CheckersSession
from bot.service.clock import FakeClock
from bot.service.coach import Coach
from bot.service.committer import EventKind
from bot.service.dice import SeededDice
from bot.service.games import Games
from bot.service.operations import Move, Roll, Take
from bot.service.opponent import Opponent, Opponents
from bot.service.review import Reviewer
from bot.store import GameKind, GameStatus, Store
from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Game, Match, MatchOptions, Phase
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
from tests.processes import Deadly, killed_child, wait_ended

BG, CK = GameKind.BACKGAMMON, GameKind.CHECKERS

__all__ = ["backend", "clock", "store", "templates", "tmp_path"]  # the service's fixtures

needs_sage = pytest.mark.skipif(find_spec("bgsage") is None, reason="needs the `ai` extra")


@pytest.fixture(scope="module")
def worker() -> Iterator[AIWorker]:
    """One worker for the module's comparisons (starting one costs a fresh interpreter)."""
    shared = AIWorker()
    yield shared
    shared.close()


@pytest.fixture
def own_worker() -> Iterator[AIWorker]:
    """A worker of the test's own, for tests that kill it or need its seed."""
    fresh = AIWorker(seed=7)
    yield fresh
    fresh.close()


def backgammon_positions(count: int, seed: int) -> list[Match]:
    """Matches with dice to play, reached by random legal plays from the opening (a 5-point
    match, so that the cube decisions are score aware)."""
    rng = random.Random(seed)

    def opening() -> Match:
        white, black = rng.sample(range(1, 7), 2)
        return Match.start(MatchOptions(match_length=5)).opening_roll(white, black)

    found: list[Match] = []
    match = opening()
    while len(found) < count:
        game = match.game
        if game.phase is Phase.ROLLING:
            match = match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        elif game.phase is Phase.MOVING:
            plays = game.legal_plays()
            if len(plays) > 1:
                found.append(match)
            match = match.move(rng.choice(plays))
        else:
            match = opening()
    return found


def checkers_games(count: int, seed: int, variant: str = "english") -> list[ck.Game]:
    """Games some random moves in, with the side to move having a choice."""
    rng = random.Random(seed)
    games: list[ck.Game] = []
    game = ck.Game.new(variant)
    while len(games) < count:
        moves = game.position.legal_moves()
        if game.result() is not None or not moves:
            game = ck.Game.new(variant)
            continue
        if len(moves) > 1:
            games.append(game)
        game = game.play(rng.choice(moves).pdn())
    return games


# What crosses the process boundary


def test_match_values_round_trip_through_pickle() -> None:
    for match in backgammon_positions(20, seed=1):
        assert pickle.loads(pickle.dumps(match)) == match
        play = match.game.legal_plays()[-1]
        assert pickle.loads(pickle.dumps(play)) == play


def test_checkers_games_round_trip_through_pickle_with_their_history() -> None:
    for variant in ("english", "russian", "international"):
        for game in checkers_games(5, seed=2, variant=variant):
            copy = pickle.loads(pickle.dumps(game))
            assert copy == game and copy.moves == game.moves and copy.variant == game.variant
            move = game.position.legal_moves()[0]
            assert pickle.loads(pickle.dumps(move)) == move


def test_review_decisions_and_advice_round_trip_through_pickle() -> None:
    history = [backgammon_positions(1, seed=3)[0]]
    history.append(history[0].move(history[0].game.legal_plays()[0]))
    [decision] = decisions(history)
    verdict = Verdict(decision, "13/8 6/4", 0.125, Mark.ERROR)
    assert pickle.loads(pickle.dumps(decision)) == decision
    assert pickle.loads(pickle.dumps(verdict)) == verdict
    [side] = report([verdict], [decision.side])
    assert pickle.loads(pickle.dumps(side)) == side and side.worst
    advice = ComputerCoach(Level.BEGINNER).for_kind(CK).advice(ck.Game.new("english"), 2)
    assert pickle.loads(pickle.dumps(advice)) == advice


# The proxies answer as the players in this process do


def test_proxies_implement_the_service_protocols(worker: AIWorker) -> None:
    """mypy checks these assignments; the levels are the ones the service names."""
    opponents: Opponents = worker.opponents()
    player: Opponent = opponents("expert")
    coach: Coach = worker.coach()
    reviewer: Reviewer = worker.reviewer()
    assert player is opponents("EXPERT ")  # one proxy per level, names read as the service does
    assert coach is not None and reviewer is not None
    with pytest.raises(ValueError, match="beginner, intermediate, expert"):
        opponents("grandmaster")


@pytest.mark.slow
@needs_sage
def test_expert_backgammon_decisions_match_the_in_process_player(worker: AIWorker) -> None:
    """Open Sage at 2 plies has no noise: the same match, the same play and cube actions."""
    local = ComputerPlayer(Level.EXPERT).for_kind(BG)
    remote = worker.opponents()("expert").for_kind(BG)
    for match in backgammon_positions(12, seed=4):
        assert remote.choose_play(match) == local.choose_play(match)
        before = match.move(match.game.legal_plays()[0])
        if before.game.phase is Phase.ROLLING:
            assert remote.wants_to_double(before) == local.wants_to_double(before)
    assert (
        worker.opponents()("expert").notice is None and ComputerPlayer(Level.EXPERT).notice is None
    )


@needs_sage
def test_cube_answers_match_the_in_process_player_in_clear_positions(worker: AIWorker) -> None:
    """A short race far ahead (double, pass) and the opening (no double): as in this process."""
    local = ComputerPlayer(Level.EXPERT).for_kind(BG)
    remote = worker.opponents()("expert").for_kind(BG)
    options = MatchOptions()
    ahead = Position(((2, 2, 2, *[0] * 21), (0, 0, 0, 0, 0, 3, 3, 3, 3, *[0] * 15)), (0, 0), (9, 3))
    race = Match(options, Game(options, ahead, phase=Phase.ROLLING))
    opening = Match.start(options).opening_roll(3, 1)
    after_opening = opening.move(opening.game.legal_plays()[0])
    for match in (race, after_opening):
        assert remote.wants_to_double(match) == local.wants_to_double(match)
    doubled = race.double()
    assert remote.takes_double(doubled) == local.takes_double(doubled)


@needs_sage
def test_hints_match_the_in_process_coach(worker: AIWorker) -> None:
    local = ComputerCoach().for_kind(BG)
    remote = worker.coach().for_kind(BG)
    for match in backgammon_positions(6, seed=5):
        assert remote.advice(match, 3) == local.advice(match, 3)


def test_seeded_beginner_plays_as_the_seeded_players_here(own_worker: AIWorker) -> None:
    """The beginner's noise lives in the worker; seeded, it repeats the in-process sequence."""
    local = Computers(seed=7)("beginner")
    remote = own_worker.opponents()("beginner")
    matches = backgammon_positions(15, seed=6)
    games = checkers_games(8, seed=6)
    local_bg, remote_bg = local.for_kind(BG), remote.for_kind(BG)
    local_ck, remote_ck = local.for_kind(CK), remote.for_kind(CK)
    assert [remote_bg.choose_play(m) for m in matches] == [local_bg.choose_play(m) for m in matches]
    assert [remote_ck.choose_move(g) for g in games] == [local_ck.choose_move(g) for g in games]


def test_time_limited_checkers_levels_answer_legal_moves(worker: AIWorker) -> None:
    """The deeper levels stop on the clock, so their moves may vary: legal is what holds."""
    for level in ("intermediate", "expert"):
        player = worker.opponents()(level).for_kind(CK)
        for game in checkers_games(3, seed=8, variant="russian"):
            assert player.choose_move(game) in game.position.legal_moves()
    advice = worker.coach().for_kind(CK).advice(checkers_games(1, seed=9)[0], 2)
    legal = {m.pdn() for m in checkers_games(1, seed=9)[0].position.legal_moves()}
    assert advice.unit == "men" and {s.notation for s in advice.suggestions} <= legal


@needs_sage
def test_world_class_plays_and_answers_the_cube_through_the_worker() -> None:
    """A budget too small for any 3-ply look keeps the test quick: legal plays and checkers
    moves, and the cube far ahead in a short race (double, pass: Black's chances are far below
    the 25% a take needs) and at the start (no double)."""
    tiny = AIWorker(seconds=0.001)
    try:
        computer = tiny.opponents()("world_class")
        assert computer.notice is None
        player, checkers = computer.for_kind(BG), computer.for_kind(CK)
        for match in backgammon_positions(4, seed=12):
            assert player.choose_play(match) in match.game.legal_plays()
        for game in checkers_games(2, seed=12, variant="russian"):
            assert checkers.choose_move(game) in game.position.legal_moves()
        options = MatchOptions()
        # White: 2 on its 5-point, 2 on its 4-point; Black: 3 on its 6- and 5-points.
        ahead = Position(
            ((0, 0, 0, 2, 2, *[0] * 19), (0, 0, 0, 0, 3, 3, *[0] * 18)), (0, 0), (11, 9)
        )
        race = Match(options, Game(options, ahead, phase=Phase.ROLLING))
        assert player.wants_to_double(race)
        assert not player.takes_double(race.double())
        opening = Match.start(options).opening_roll(3, 1)
        assert not player.wants_to_double(opening.move(opening.game.legal_plays()[0]))
    finally:
        tiny.close()


def test_a_bad_request_is_refused_in_the_worker_with_the_players_reason(worker: AIWorker) -> None:
    """Asking for a play before the roll: the player's own ValueError, and the worker lives on."""
    unrolled = Match.start(MatchOptions()).opening_roll(3, 1)
    unrolled = unrolled.move(unrolled.game.legal_plays()[0])
    assert unrolled.game.phase is Phase.ROLLING
    pid = worker.pid()
    with pytest.raises(ValueError, match="nothing to play"):
        worker.opponents()("expert").for_kind(BG).choose_play(unrolled)
    with pytest.raises(ValueError, match="no call 'shutdown'"):
        worker.call("shutdown")
    assert worker.pid() == pid


@needs_sage
def test_open_sage_reviews_in_the_worker_as_in_process(worker: AIWorker) -> None:
    """BG-13: White has 6-5 with checkers on its 6- and 5-points and Black bears off next
    turn; 6/off 5/off wins, anything else loses: a blunder, judged in chunks in the worker."""
    where = Position(((0, 0, 0, 0, 1, 1, *[0] * 18), (2, *[0] * 23)), (0, 0), (13, 13), Side.WHITE)
    options = MatchOptions()
    start = Match(options, Game(options, where, phase=Phase.MOVING, dice=(6, 5)))
    bad = next(p for p in start.game.legal_plays() if p.notation() == "6/1 5/off")
    history = [start, start.move(bad)]
    reviewer = worker.reviewer()
    assert reviewer.available
    [white] = reviewer.review(history, [Side.WHITE])
    assert [white] == SageReviewer().review(history, [Side.WHITE])
    [blunder] = white.worst
    assert (blunder.played, blunder.best, blunder.mark) == ("6/1 5/off", "6/off 5/off", "??")


class WatchedWorker(AIWorker):
    """A worker that says when its first review chunk is under way, and counts the chunks."""

    def __init__(self) -> None:
        super().__init__(seed=3)
        self.judging = threading.Event()
        self.chunks = 0

    def call(self, name: str, *args: Any) -> Any:
        if name == "judge":
            self.chunks += 1
            self.judging.set()
        return super().call(name, *args)


def random_game(seed: int) -> list[Match]:
    """Every match value of one cubeless money game of random legal plays."""
    rng = random.Random(seed)
    white, black = rng.sample(range(1, 7), 2)
    match = Match.start(MatchOptions(cube=False)).opening_roll(white, black)
    history = [match]
    while match.game.phase is not Phase.OVER:
        if match.game.phase is Phase.ROLLING:
            match = match.roll((rng.randint(1, 6), rng.randint(1, 6)))
        else:
            match = match.move(rng.choice(match.game.legal_plays()))
        history.append(match)
    return history


@needs_sage
def test_a_bot_turn_asked_during_a_review_is_answered_before_the_review_ends() -> None:
    """The review goes to the worker a few decisions at a time, so a bot turn queues behind
    one chunk, not behind the whole review."""
    history = random_game(seed=11)
    graded = [d for d in decisions(history) if d.side is Side.WHITE]
    assert len(graded) >= 6 * REVIEW_CHUNK  # enough chunks that the review outlasts one
    worker = WatchedWorker()
    try:
        worker.warm_up()
        finished: list[str] = []

        def review() -> None:
            reports = worker.reviewer().review(history, [Side.WHITE])
            finished.append(f"review of {len(reports)} side")

        reviewing = threading.Thread(target=review)
        reviewing.start()
        assert worker.judging.wait(timeout=30)
        move = worker.opponents()("beginner").for_kind(BG).choose_play(history[0])
        finished.append("bot turn")
        reviewing.join(timeout=120)
        assert finished[0] == "bot turn" and finished[1].startswith("review")
        assert move in history[0].game.legal_plays()
        assert worker.chunks == -(-len(graded) // REVIEW_CHUNK)
    finally:
        worker.close()


# A worker that dies


def call_in_thread(worker: AIWorker, name: str, *args: Any) -> Future[Any]:
    """`worker.call` in a thread of its own; the future holds its answer or its error."""
    future: Future[Any] = Future()

    def run() -> None:
        try:
            future.set_result(worker.call(name, *args))
        except BaseException as error:
            future.set_exception(error)

    threading.Thread(target=run, daemon=True).start()
    return future


@contextlib.contextmanager
def watching_handovers() -> Iterator[threading.Event]:
    """An event set once any call has been handed to a worker process's queue: from then on,
    that process's death fails the call (before, the call would go to a new process)."""
    handed = threading.Event()
    submit = ProcessPoolExecutor.submit

    def watched(pool: ProcessPoolExecutor, *args: Any, **kwargs: Any) -> Future[Any]:
        future = submit(pool, *args, **kwargs)
        handed.set()
        return future

    with mock.patch.object(ProcessPoolExecutor, "submit", watched):
        yield handed


def kill_once_handed(pid: int, handed: threading.Event) -> threading.Thread:
    """A thread that kills `pid` once a call has been handed to it (or after a minute without
    one, so that a test whose call never came fails instead of waiting for the call timeout)."""

    def kill() -> None:
        handed.wait(timeout=60)
        os.kill(pid, signal.SIGKILL)

    killer = threading.Thread(target=kill, daemon=True)
    killer.start()
    return killer


def kill_during_a_call(worker: AIWorker, start: Callable[[], Future[Any]]) -> Future[Any]:
    """Stop the worker (so the call cannot finish first), start the call, then kill it."""
    pid = worker.pid()
    os.kill(pid, signal.SIGSTOP)
    with watching_handovers() as handed:
        future = start()
        assert handed.wait(timeout=60), "the call never reached the worker"
    os.kill(pid, signal.SIGKILL)
    return future


def test_a_call_under_way_when_the_worker_is_killed_is_answered_by_a_new_one_at_once(
    own_worker: AIWorker,
) -> None:
    first = own_worker.pid()
    match = backgammon_positions(1, seed=10)[0]
    future = kill_during_a_call(
        own_worker, lambda: call_in_thread(own_worker, "play", "beginner", BG, "choose_play", match)
    )
    assert future.result(timeout=120) in match.game.legal_plays()
    assert own_worker.pid() != first


def test_a_call_whose_worker_dies_twice_fails_and_the_next_call_starts_another(
    own_worker: AIWorker,
) -> None:
    """The call's argument ends each worker it reaches: the first and the one asked again."""
    first = own_worker.pid()
    match = backgammon_positions(1, seed=10)[0]
    with (
        watching_handovers() as handed,
        pytest.raises(WorkerStoppedError, match="stopped twice while answering 'choose_play'"),
    ):
        own_worker.call("play", "beginner", BG, "choose_play", Deadly("a crash"))
    assert handed.is_set()
    assert wait_ended(first)
    assert (
        own_worker.opponents()("beginner").for_kind(BG).choose_play(match)
        in match.game.legal_plays()
    )
    assert own_worker.pid() != first


def test_a_hung_worker_is_stopped_after_the_timeout_and_replaced(own_worker: AIWorker) -> None:
    """A worker that never answers (stopped, not dead) fails the call after `timeout` seconds,
    is ended, and the next call is answered by a new process."""
    hung = own_worker.pid()  # started (a fresh interpreter: seconds on a busy machine) untimed
    os.kill(hung, signal.SIGSTOP)
    match = backgammon_positions(1, seed=10)[0]
    own_worker.timeout = 1.0
    started = time.monotonic()
    with pytest.raises(WorkerStoppedError, match="did not answer 'choose_play' in 1 s"):
        own_worker.opponents()("beginner").for_kind(BG).choose_play(match)
    assert time.monotonic() - started < CALL_TIMEOUT / 2  # the short timeout, not the default
    own_worker.timeout = CALL_TIMEOUT  # the new process, too, may take seconds to start
    assert (
        own_worker.opponents()("beginner").for_kind(BG).choose_play(match)
        in match.game.legal_plays()
    )
    assert own_worker.pid() != hung


def test_a_closed_worker_refuses_calls_clearly(own_worker: AIWorker) -> None:
    own_worker.pid()
    own_worker.close()
    with pytest.raises(WorkerStoppedError, match="shut down"):
        own_worker.pid()


# The service playing through the worker


def worker_games(store: Store, clock: FakeClock, worker: AIWorker) -> Games:
    dice = SeededDice(fixed_seeds(tag="worker"))
    return Games(store, bot=BOT, dice=dice, clock=clock, opponents=worker.opponents())


# A bot that starts its worker, says the worker's process id, and is killed outright.
KILLED_BOT = """
import os, signal
from ai.worker import AIWorker
worker = AIWorker()
print(worker.pid(), flush=True)
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_bot_killed_outright_takes_its_worker_with_it() -> None:
    worker = killed_child(KILLED_BOT)
    assert wait_ended(worker), f"the worker {worker} outlived the bot"


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
