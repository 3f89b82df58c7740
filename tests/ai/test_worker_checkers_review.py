"""The checkers review through the AI worker process: one move judged per call, the same
verdicts as in process, and a planted blunder found (py-draughts confirms it: see
tests/ai/checkers/test_review.py)."""

from __future__ import annotations

from ai.checkers import Strength
from ai.checkers.review import Verdict, before, judge
from ai.worker import AIWorker
from engine.checkers import Color, Game

HANG = ("21-17", "9-14", "22-18", "14x21")  # White's 22-18 lets 14x21 take a man
FIXED = Strength(max_depth=5, seconds=None)


def test_a_move_judged_in_the_worker_is_judged_as_in_process(worker: AIWorker) -> None:
    """At a fixed depth the verdict is the same wherever it is made (it pickles whole)."""
    game = Game.replay("russian", HANG)
    earlier, played = before(game, 2), game.moves[2]
    here = judge(earlier, played, FIXED, 2)
    there = worker.ask(Verdict, "judge_checkers", earlier, played, 2, FIXED)
    assert there == here and there.mark == "??"


def test_the_workers_reviewer_finds_the_blunder(worker: AIWorker) -> None:
    """At the review's own strength (a floor of depth 8, then its clock)."""
    game = Game.replay("russian", HANG)
    [white] = worker.checkers_reviewer().review(game, [Color.WHITE])
    assert white.decisions == 2
    [blunder] = [m for m in white.worst if m.mark == "??"]
    assert (blunder.number, blunder.played) == (2, "22-18")
