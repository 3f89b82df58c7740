"""The post-game review the bot posts with a backgammon recap: one report per side graded.

It is the `Reviewer` the service asks for (`bot.service.review`), answered in plain data: per
side the decisions, error rate and marks, and its worst decisions with the best play instead.
Open Sage does the judging; without it the reviewer says it is not available.

Open Sage keeps Python's GIL while it evaluates (about 100 ms per cube decision), so a review
in a thread of the bot's process would stall its event loop for every game in play; the review
runs in one worker process instead, which also keeps reviews to one core.
"""

from __future__ import annotations

import multiprocessing
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache

from ai.backgammon.analysis import Kind, Mark, Verdict, decisions, judge, summarise
from ai.backgammon.evaluator import Evaluator
from ai.backgammon.sage import Sage, SageUnavailableError, load_bgsage
from engine.backgammon import Side
from engine.backgammon.matchplay import Match

# 1 ply is Open Sage's raw network (about gnubg 0-ply). Measured by benchmarks/review_time.py:
# a checker play takes ~6 ms to judge at 1 ply and ~80 ms at 2; a cube decision ~100 ms at
# either depth. A person's whole 7-point match (~340 decisions) then reviews in about 20 s.
REVIEW_PLIES = 1
WORST = 3  # the worst decisions listed per side


@dataclass(frozen=True, slots=True)
class Mistake:
    """A marked decision: where it came, what was decided, the best choice and the equity lost."""

    game: int  # the game of the match (1 for a single game)
    move: int  # the turn of that game
    cube: bool  # a cube action (played and best are "double", "no double", "take", "pass")
    played: str
    best: str
    loss: float
    mark: str  # "?!", "?" or "??"


@dataclass(frozen=True, slots=True)
class SideReview:
    """How one side played: decisions, error rate (thousandths of equity), marks, worst ones."""

    side: Side
    decisions: int
    error_rate: float
    doubtful: int
    errors: int
    blunders: int
    worst: tuple[Mistake, ...]


class SageReviewer:
    """Reviews with Open Sage at `REVIEW_PLIES` in a worker process started on first use; or,
    given `evaluator` (a factory), with that evaluator in the calling thread (tests, stubs).
    """

    def __init__(self, evaluator: Callable[[], Evaluator] | None = None) -> None:
        self._make = evaluator
        self._pool: ProcessPoolExecutor | None = None
        self._pool_lock = threading.Lock()
        self.notice: str | None = None
        try:
            evaluator() if evaluator is not None else load_bgsage()
        except SageUnavailableError as error:
            self.notice = str(error)

    @property
    def available(self) -> bool:
        """Whether reviews can be made (Open Sage is installed)."""
        return self.notice is None

    def review(self, history: Sequence[Match], sides: Sequence[Side]) -> list[SideReview]:
        """A report for each of `sides`, from the match values the table passed through.

        Blocks until done: call it from a worker thread.
        """
        if self.notice is not None:
            raise SageUnavailableError(self.notice)
        if self._make is not None:
            return review(history, sides, self._make())
        return self._worker().submit(_review_with_sage, list(history), list(sides)).result()

    def _worker(self) -> ProcessPoolExecutor:
        with self._pool_lock:
            if self._pool is None:
                # A fresh interpreter rather than a fork of the bot (its event loop, sockets
                # and threads must not be copied into the child).
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
            return self._pool

    def close(self) -> None:
        """Stop the worker process, if one was started."""
        with self._pool_lock:
            if self._pool is not None:
                self._pool.shutdown(cancel_futures=True)
                self._pool = None


@cache
def _worker_sage() -> Sage:
    """The worker process's evaluator, made once."""
    return Sage(REVIEW_PLIES)


def _review_with_sage(history: list[Match], sides: list[Side]) -> list[SideReview]:
    """The review as the worker process runs it."""
    return review(history, sides, _worker_sage())


def review(
    history: Sequence[Match], sides: Sequence[Side], evaluator: Evaluator
) -> list[SideReview]:
    """Judge the decisions of `sides` in `history` and report on each side."""
    verdicts = [judge(d, evaluator) for d in decisions(history) if d.side in sides]
    summaries = summarise(verdicts)
    reports = []
    for side in sides:
        summary = summaries[side]
        marked = [v for v in verdicts if v.decision.side is side and v.mark is not Mark.NONE]
        marked.sort(key=lambda v: -v.loss)
        reports.append(
            SideReview(
                side,
                summary.decisions,
                summary.error_rate,
                summary.doubtful,
                summary.errors,
                summary.blunders,
                tuple(_mistake(v) for v in marked[:WORST]),
            )
        )
    return reports


def _mistake(verdict: Verdict) -> Mistake:
    decision = verdict.decision
    cube = decision.kind is not Kind.PLAY
    played = decision.kind.value if decision.play is None else decision.play.notation()
    return Mistake(
        decision.before.game_number,
        decision.move,
        cube,
        played,
        verdict.best,
        verdict.loss,
        verdict.mark.value,
    )
