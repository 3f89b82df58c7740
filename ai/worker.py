"""One worker process for all of the computer's thinking: the bot's turns, hints and reviews.

Open Sage (bgsage) keeps Python's GIL while it evaluates (tens of milliseconds a decision; see
docs/OPERATING.md), and the checkers search is pure Python: run in threads of the bot's process,
either stops its event loop, and with it every game the process serves. So the players live in one
spawned process, started on first use (one: of the machine's two cores, the other stays the
bot's), and the bot process holds proxies that implement the service's protocols (`Opponent`,
`Coach`, `Reviewer`) by forwarding each call there and blocking on the answer. The service calls
them from worker threads, never on the event loop.

A worker that dies (killed, crashed) does not wedge the bot: the call under way is asked again
at once of a new process; if that one dies too, the call raises `WorkerStoppedError`, and the
next call starts a new process. A bot that dies takes its worker
with it.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

import engine.checkers as ck
from ai.backgammon.analysis import Decision, Verdict, decisions, judge
from ai.backgammon.luck import Roll, luck, rolls
from ai.backgammon.sage import SageUnavailableError, sage_missing
from ai.budget import WORLD_CLASS_SECONDS
from ai.checkers import Strength
from ai.checkers import review as checkers_review
from ai.coach import ComputerCoach
from ai.kinds import AIS, ai_for
from ai.levels import Level
from ai.player import ComputerPlayer, Computers
from ai.review import SideReview, report, review_sage
from engine.backgammon import Side
from engine.backgammon.matchplay import Match

T = TypeVar("T")
log = logging.getLogger("duelboard.ai")

# Decisions judged per call of a review: few, so that a bot turn or a hint asked for meanwhile
# waits behind a part of a review, not the whole of it (how long: docs/OPERATING.md).
REVIEW_CHUNK = 4
# Rolls weighed per call: a roll's luck values the best play of all 21 rolls (~130 ms at 1 ply).
LUCK_CHUNK = 4
# How long a call may wait for its answer, queueing included (one worker serves every game):
# far above any real answer, so only a hung worker meets it.
CALL_TIMEOUT = 120.0


class WorkerStoppedError(RuntimeError):
    """The worker process stopped during a call; the next call starts a new one."""


class AIWorker:
    """The bot process's handle on the worker: calls by name, answers pickled back.

    `seed` makes the levels' noise repeatable (each worker started begins from it again);
    `threads` is Open Sage's thread count inside the worker; `seconds` the world-class level's
    budget per decision.
    """

    def __init__(
        self,
        *,
        seed: int | None = None,
        threads: int = 1,
        timeout: float = CALL_TIMEOUT,
        seconds: float = WORLD_CLASS_SECONDS,
    ) -> None:
        self.seed = seed
        self.threads = threads
        self.seconds = seconds
        self.timeout = timeout
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self._closed = False

    def call(self, name: str, *args: Any) -> Any:
        """Run the worker's `name` with `args` (picklable) and return its answer.

        Blocks until answered: call it from a worker thread. Errors raised in the worker (a
        `ValueError` for a bad position, say) are raised here as they were.
        """
        if name not in CALLS:
            raise ValueError(f"the AI worker has no call {name!r}; it has {', '.join(CALLS)}")
        try:
            return self._once(name, args)
        except BrokenProcessPool:
            # The worker died during the call (killed, out of memory): a new one answers at
            # once, and a call only asks a question, so asking again is safe. A second death
            # is the caller's to handle (the service puts the bot's turn off and retries).
            log.warning(
                "the computer's worker process stopped answering %r; asking a new one", name
            )
        try:
            return self._once(name, args)
        except BrokenProcessPool as error:
            raise WorkerStoppedError(
                "the computer's worker process stopped twice while answering"
                f" {_asked(name, args)!r}; the next call starts a new one"
            ) from error

    def _once(self, name: str, args: tuple[Any, ...]) -> Any:
        """One try of `call`: `BrokenProcessPool` if the worker died while answering."""
        pool = self._current()
        try:
            future = pool.submit(_answer, name, args)
        except BrokenProcessPool:
            # The worker died while idle, before this call reached it: this call can go to a
            # new one.
            self._discard(pool)
            pool = self._current()
            future = pool.submit(_answer, name, args)
        try:
            return future.result(timeout=self.timeout)
        except BrokenProcessPool:
            self._discard(pool)
            raise
        except TimeoutError:
            # A hung worker would hold every game's computer forever: end it, start afresh.
            self._discard(pool, kill=True)
            raise WorkerStoppedError(
                f"the computer's worker process did not answer {_asked(name, args)!r}"
                f" in {self.timeout:g} s;"
                " it was stopped and the next call starts a new one"
            ) from None

    def ask(self, kind: type[T], name: str, *args: Any) -> T:
        """`call`, checking that the answer is a `kind`."""
        answer = self.call(name, *args)
        if not isinstance(answer, kind):
            raise TypeError(f"the AI worker answered {name!r} with {type(answer).__name__}")
        return answer

    def pid(self) -> int:
        """The worker process's id (starting it if none runs)."""
        return self.ask(int, "pid")

    def warm_up(self) -> None:
        """Start the worker and build the players a first game needs (the expert's network)."""
        self.call("warm_up")

    def opponents(self) -> WorkerComputers:
        """The service's factory of opponents (level name -> player), playing in this worker."""
        return WorkerComputers(self)

    def coach(self) -> WorkerCoach:
        """The service's coach, thinking in this worker."""
        return WorkerCoach(self)

    def reviewer(self) -> WorkerReviewer:
        """The post-game reviewer, judging in this worker."""
        return WorkerReviewer(self)

    def checkers_reviewer(self) -> checkers_review.Reviewer:
        """The post-game review of checkers, judging in this worker one move per call."""

        def judge_one(game: ck.Game, played: ck.Move, ply: int) -> checkers_review.Verdict:
            return self.ask(checkers_review.Verdict, "judge_checkers", game, played, ply)

        return checkers_review.Reviewer(judge_one)

    def close(self) -> None:
        """Stop the worker process; calls after this raise `WorkerStoppedError`."""
        with self._lock:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(cancel_futures=True)

    def _current(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._closed:
                raise WorkerStoppedError("the computer's worker process was shut down")
            if self._pool is None:
                # A fresh interpreter rather than a fork of the bot: its event loop, sockets
                # and threads must not be copied into the child.
                self._pool = ProcessPoolExecutor(
                    max_workers=1,
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start,
                    initargs=(self.seed, self.threads, self.seconds),
                )
            return self._pool

    def _discard(self, pool: ProcessPoolExecutor, *, kill: bool = False) -> None:
        """Forget a broken pool (once, however many calls saw it break); `kill` ends its
        process first (a hung one would never finish on its own)."""
        with self._lock:
            if self._pool is not pool:
                return
            self._pool = None
        if kill:
            # The executor offers no way to end a busy worker before Python 3.14.
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
        pool.shutdown(wait=False, cancel_futures=True)


# Where a kind's player or coach call carries the name of the method asked: (level, kind,
# method, ...) and (kind, method, ...).
METHOD_AT = {"play": 2, "advise": 1}


def _asked(name: str, args: tuple[Any, ...]) -> str:
    """What a call asked, as a message names it: a routed call's method, else the call."""
    at = METHOD_AT.get(name)
    if at is None or len(args) <= at:
        return name
    return str(args[at])


def level_notice(level: Level) -> str | None:
    """What `ComputerPlayer(level).notice` says, found without building the players here."""
    notices = (ai.notice(level) for ai in AIS.values())
    return next((notice for notice in notices if notice is not None), None)


class Remote:
    """A kind's player or coach living in the worker: each method called on it is asked
    there, by name, of the same object (`call` names the worker's entry, `route` finds it)."""

    def __init__(self, worker: AIWorker, call: str, *route: str) -> None:
        self._worker = worker
        self._call = call
        self._route = route

    def __getattr__(self, method: str) -> Callable[..., Any]:
        if method.startswith("_"):
            raise AttributeError(method)  # copy and pickle probe these; they are not decisions

        def ask(*args: Any) -> Any:
            return self._worker.call(self._call, *self._route, method, *args)

        return ask


class WorkerOpponent:
    """The bot's player at one level, deciding in the worker (an `Opponent`)."""

    def __init__(self, worker: AIWorker, level: Level) -> None:
        self.worker = worker
        self.level = level
        self.notice = level_notice(level)
        self._kinds = {kind: Remote(worker, "play", level.value, kind) for kind in AIS}

    def for_kind(self, kind: str) -> Any:
        """The player of `kind`, its decisions made in the worker."""
        ai_for(kind)
        return self._kinds[kind]


class WorkerComputers:
    """The service's `opponents` factory: one proxy per level, each playing in the worker.

    The notices are worked out here, once, since the game messages ask for them on the event loop.
    """

    def __init__(self, worker: AIWorker) -> None:
        self._players = {level: WorkerOpponent(worker, level) for level in Level}

    def __call__(self, level: str) -> WorkerOpponent:
        """The player at `level` (a clear `ValueError` for an unknown name)."""
        return self._players[Level.parse(level)]


class WorkerCoach:
    """The expert's hints, worked out in the worker (a `Coach`)."""

    def __init__(self, worker: AIWorker) -> None:
        self.worker = worker
        self.notice = level_notice(Level.EXPERT)
        self._kinds = {kind: Remote(worker, "advise", kind) for kind in AIS}

    def for_kind(self, kind: str) -> Any:
        """The coach of `kind`, thinking in the worker."""
        ai_for(kind)
        return self._kinds[kind]


class WorkerReviewer:
    """The post-game review (a `Reviewer`): Open Sage judges in the worker a few decisions per
    call, so that bot turns and hints are not held up behind a whole match's review."""

    def __init__(self, worker: AIWorker) -> None:
        self.worker = worker
        self.notice = sage_missing()

    @property
    def available(self) -> bool:
        """Whether reviews can be made (Open Sage is installed)."""
        return self.notice is None

    def review(self, history: Sequence[Match], sides: Sequence[Side]) -> list[SideReview]:
        """A report for each of `sides`, from the match values the game passed through."""
        if self.notice is not None:
            raise SageUnavailableError(self.notice)
        graded = [d for d in decisions(history) if d.side in sides]
        verdicts: list[Verdict] = []
        for start in range(0, len(graded), REVIEW_CHUNK):
            chunk = graded[start : start + REVIEW_CHUNK]
            verdicts.extend(self.worker.ask(list, "judge", chunk))
        thrown = rolls(history)
        lucks: list[tuple[Side, float]] = []
        for start in range(0, len(thrown), LUCK_CHUNK):
            chunk_of_rolls = thrown[start : start + LUCK_CHUNK]
            values = self.worker.ask(list, "luck", chunk_of_rolls)
            lucks.extend(
                (roll.side, value) for roll, value in zip(chunk_of_rolls, values, strict=True)
            )
        return report(verdicts, sides, history, lucks)


# The worker process's side: its players, made by `_start` when the process begins.

_computers: Computers | None = None
_coach: ComputerCoach | None = None


def _start(seed: int | None, threads: int, seconds: float) -> None:
    global _computers
    threading.Thread(target=_exit_with_parent, name="parent watch", daemon=True).start()
    _computers = Computers(seed=seed, threads=threads, seconds=seconds)


def _exit_with_parent() -> None:
    """End the worker when the bot's process ends: a bot killed outright (SIGKILL, the OOM
    killer) cannot stop it, and it would otherwise wait for calls for ever."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        parent.join()
        os._exit(0)


def _player(level: str) -> ComputerPlayer:
    assert _computers is not None, "the worker process was started without its players"
    return _computers(level)


def _the_coach() -> ComputerCoach:
    global _coach
    if _coach is None:
        # The expert's player has no noise, so its evaluator serves hints as it is.
        _coach = ComputerCoach(players=_player(Level.EXPERT.value))
    return _coach


def _judge(chunk: list[Decision]) -> list[Verdict]:
    sage = review_sage()
    return [judge(decision, sage) for decision in chunk]


def _play(level: str, kind: str, method: str, *args: Any) -> Any:
    return _public(_player(level).for_kind(kind), method)(*args)


def _advise(kind: str, method: str, *args: Any) -> Any:
    return _public(_the_coach().for_kind(kind), method)(*args)


def _public(target: object, method: str) -> Callable[..., Any]:
    """A decision of a kind's player or coach: only its public methods answer calls."""
    if method.startswith("_"):
        raise AttributeError(method)
    answer: Callable[..., Any] = getattr(target, method)
    return answer


def _luck(chunk: list[Roll]) -> list[float]:
    sage = review_sage()
    return [luck(roll, sage) for roll in chunk]


def _judge_checkers(
    game: ck.Game,
    played: ck.Move,
    ply: int,
    strength: Strength = checkers_review.REVIEW_STRENGTH,
) -> checkers_review.Verdict:
    return checkers_review.judge(game, played, strength, ply)


def _warm_up() -> None:
    _the_coach()


CALLS: dict[str, Callable[..., Any]] = {
    "play": _play,
    "advise": _advise,
    "judge": _judge,
    "luck": _luck,
    "judge_checkers": _judge_checkers,
    "warm_up": _warm_up,
    "pid": os.getpid,
}
"""What the worker answers, by name (the names cross the process boundary, functions do not)."""


def _answer(name: str, args: tuple[Any, ...]) -> Any:
    """Run in the worker: the answer to one call."""
    return CALLS[name](*args)
