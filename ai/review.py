"""The post-game review the bot posts with a backgammon recap: one report per side graded.

It is the `Reviewer` the service asks for (`bot.service.review`), answered in plain data: per
side the decisions, error rate, performance rating (PR) and its band, marks, luck and the
luck-adjusted result, and its worst decisions with the position and the best play instead.
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

from ai.backgammon.analysis import Kind, Mark, Verdict, decisions, judge, pr_label, summarise
from ai.backgammon.evaluator import Evaluator
from ai.backgammon.luck import adjusted, luck, results, rolls, totals
from ai.backgammon.sage import Sage, SageUnavailableError, load_bgsage
from engine.backgammon import Play, Side
from engine.backgammon.matchplay import Match

# 1 ply is Open Sage's raw network (about gnubg 0-ply): a checker play judged at 2 plies takes
# over ten times as long, and 1 ply reviews a whole match in seconds. A roll's luck costs the
# best play of all 21 rolls, so it is judged at the same depth (benchmarks/review_time.py; the
# figures: docs/OPERATING.md).
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
    before: Match | None = None  # the match just before the decision (its picture)
    best_play: Play | None = None  # the best play, for a checker play


@dataclass(frozen=True, slots=True)
class SideReview:
    """How one side played: decisions, error rate (thousandths of equity), PR and its band,
    marks, worst ones; the luck it had and its result, as played and adjusted for luck (points).
    """

    side: Side
    decisions: int
    error_rate: float
    doubtful: int
    errors: int
    blunders: int
    worst: tuple[Mistake, ...]
    pr: float = 0.0
    label: str = "world_class"
    luck: float = 0.0
    result: float = 0.0
    luck_adjusted: float = 0.0


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
    """Judge the decisions of `sides` in `history`, weigh every roll's luck, and report on each
    side."""
    verdicts = [judge(d, evaluator) for d in decisions(history) if d.side in sides]
    lucks = [(roll.side, luck(roll, evaluator)) for roll in rolls(history)]
    return report(verdicts, sides, history, lucks)


def report(
    verdicts: Sequence[Verdict],
    sides: Sequence[Side],
    history: Sequence[Match] = (),
    lucks: Sequence[tuple[Side, float]] = (),
) -> list[SideReview]:
    """The report on each of `sides` from the verdicts on their decisions, the game's history
    (for the result) and each roll's luck (both sides' rolls: the adjusted result needs them)."""
    summaries = summarise(verdicts)
    luck_of = totals(lucks)
    result = results(history)
    luck_adjusted = adjusted(result, luck_of)
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
                summary.pr,
                pr_label(summary.pr),
                luck_of[side],
                result[side],
                luck_adjusted[side],
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
        decision.before,
        verdict.best_play,
    )
