"""The post-game review the bot posts with a backgammon recap: one report per side graded.

It is the `Reviewer` the service asks for (`bot.service.review`), answered in plain data: per
side the decisions, error rate and marks, and its worst decisions with the best play instead.
Open Sage does the judging; without it the reviewer says it is not available.

`SageReviewer` judges in the calling thread. Open Sage keeps Python's GIL while it evaluates
(for long: see docs/OPERATING.md), so the bot reviews through its AI worker process instead
(`ai.worker`), which judges with the same `review_sage` and reports with the same `report`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from ai.backgammon.analysis import Kind, Mark, Verdict, decisions, judge, summarise
from ai.backgammon.evaluator import Evaluator
from ai.backgammon.sage import Sage, SageUnavailableError, load_bgsage
from engine.backgammon import Side
from engine.backgammon.matchplay import Match

# 1 ply is Open Sage's raw network (about gnubg 0-ply): a checker play judged at 2 plies takes
# over ten times as long, and 1 ply reviews a whole match in seconds (benchmarks/review_time.py;
# the figures: docs/OPERATING.md).
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
    """Reviews in the calling thread with Open Sage at `REVIEW_PLIES`; or, given `evaluator` (a
    factory), with that evaluator (tests, stubs).
    """

    def __init__(self, evaluator: Callable[[], Evaluator] | None = None) -> None:
        self._make = evaluator
        self.notice: str | None = None
        # One evaluator serves every review; a review at a time keeps it from being entered twice.
        self._lock = threading.Lock()
        try:
            evaluator() if evaluator is not None else load_bgsage()
        except SageUnavailableError as error:
            self.notice = str(error)

    @property
    def available(self) -> bool:
        """Whether reviews can be made (Open Sage is installed)."""
        return self.notice is None

    def review(self, history: Sequence[Match], sides: Sequence[Side]) -> list[SideReview]:
        """A report for each of `sides`, from the match values the game passed through.

        Blocks until done: call it from a worker thread.
        """
        if self.notice is not None:
            raise SageUnavailableError(self.notice)
        with self._lock:
            evaluator = self._make() if self._make is not None else review_sage()
            return review(history, sides, evaluator)


@cache
def review_sage() -> Sage:
    """The reviews' evaluator, made once per process."""
    return Sage(REVIEW_PLIES)


def review(
    history: Sequence[Match], sides: Sequence[Side], evaluator: Evaluator
) -> list[SideReview]:
    """Judge the decisions of `sides` in `history` and report on each side."""
    verdicts = [judge(d, evaluator) for d in decisions(history) if d.side in sides]
    return report(verdicts, sides)


def report(verdicts: Sequence[Verdict], sides: Sequence[Side]) -> list[SideReview]:
    """The report on each of `sides` from the verdicts on their decisions."""
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
