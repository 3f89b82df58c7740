"""The post-game review the bot posts with a backgammon recap: one report per side graded.

It is the `Reviewer` the service asks for (`bot.service.review`), answered in plain data: per
side the decisions, error rate and marks, and its worst decisions with the best play instead.
Open Sage does the judging; without it the reviewer says it is not available.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.backgammon.analysis import Kind, Mark, Verdict, decisions, judge, summarise
from ai.backgammon.evaluator import Evaluator
from ai.backgammon.sage import Sage, SageUnavailableError
from engine.backgammon import Side
from engine.backgammon.matchplay import Match

# 1 ply is Open Sage's raw network (about gnubg 0-ply): a whole 7-point match reviews in
# seconds, where 2 plies would double the time spent on every checker play (see the report
# of benchmarks/review_time.py).
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
    """Reviews with an evaluator made on first use (Open Sage at `REVIEW_PLIES` by default).

    A fresh evaluator per review: two tables finishing at once review in two worker threads,
    and Open Sage's analyser is cheap to make (~40 ms) but not said to be thread-safe.
    """

    def __init__(self, evaluator: Callable[[], Evaluator] | None = None) -> None:
        self._make = evaluator or (lambda: Sage(REVIEW_PLIES))
        self.notice: str | None = None
        try:
            self._make()
        except SageUnavailableError as error:
            self.notice = str(error)

    @property
    def available(self) -> bool:
        """Whether reviews can be made (Open Sage is installed)."""
        return self.notice is None

    def review(self, history: Sequence[Match], sides: Sequence[Side]) -> list[SideReview]:
        """A report for each of `sides`, from the match values the table passed through."""
        if self.notice is not None:
            raise SageUnavailableError(self.notice)
        evaluator = self._make()
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
