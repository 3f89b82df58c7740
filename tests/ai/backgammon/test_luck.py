"""Luck, roll by roll: a stub evaluator values the best play of a roll at its pips / 100, so
every figure below is worked out by hand from the chances of the dice.

Over the 21 rolls (doubles 1/36, the others 2/36) the pips of a roll average 7; over the 15
opening rolls (no doubles, each 2/30) they average (252 - 42) / 30 = 7 too.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from ai.backgammon.analysis import AnalysisUnavailableError
from ai.backgammon.context import CubeContext
from ai.backgammon.evaluator import CubeAdvice, Pubeval, RankedPlay
from ai.backgammon.luck import ROLLS, adjusted, luck, results, rolls, totals
from ai.review import review
from engine.backgammon import Play, Position, Side
from engine.backgammon.matchplay import Match, MatchOptions


class PipsEvaluator:
    """The best play of a roll is worth its pips / 100; the others less."""

    name = "pips"
    has_equity = True

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        best = (dice[0] + dice[1]) / 100
        return [RankedPlay(play, best - 0.01 * rank) for rank, play in enumerate(plays)]

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        return CubeAdvice(False, True, 0.0, -0.5, 1.0)


def passed_game() -> list[Match]:
    """White opens 6-5; Black rolls 6-6; White doubles and Black passes: White wins 1 point."""
    match = Match.start(MatchOptions())
    history = [match, match.opening_roll(6, 5)]
    history.append(history[-1].move(history[-1].game.legal_plays()[0]))
    history.append(history[-1].roll((6, 6)))
    history.append(history[-1].move(history[-1].game.legal_plays()[0]))
    history.append(history[-1].double())
    history.append(history[-1].pass_double())
    return history


def test_there_are_21_rolls_with_36_chances() -> None:
    assert len(ROLLS) == 21
    assert sum(1 if a == b else 2 for a, b in ROLLS) == 36


def test_each_roll_gets_its_pips_less_the_average() -> None:
    history = passed_game()
    found = rolls(history)
    assert [(roll.side, roll.opening) for roll in found] == [
        (Side.WHITE, True),
        (Side.BLACK, False),
    ]
    evaluator = PipsEvaluator()
    assert luck(found[0], evaluator) == pytest.approx(0.11 - 0.07)
    assert luck(found[1], evaluator) == pytest.approx(0.12 - 0.07)


def test_luck_adjusted_result_takes_the_luck_difference_off_the_points() -> None:
    history = passed_game()
    won = results(history)
    assert won == {Side.WHITE: 1.0, Side.BLACK: -1.0}
    luck_of = totals([(Side.WHITE, 0.04), (Side.BLACK, 0.05)])
    assert adjusted(won, luck_of) == pytest.approx({Side.WHITE: 1.01, Side.BLACK: -1.01})


def test_the_review_reports_luck_result_and_adjusted_result() -> None:
    [white, black] = review(passed_game(), [Side.WHITE, Side.BLACK], PipsEvaluator())
    assert white.luck == pytest.approx(0.04) and black.luck == pytest.approx(0.05)
    assert white.result == 1.0 and black.result == -1.0
    assert white.luck_adjusted == pytest.approx(1.01)
    assert black.luck_adjusted == pytest.approx(-1.01)


def test_luck_after_a_take_counts_at_the_cube() -> None:
    """White doubles, Black takes (the cube at 2), White rolls 3-1: (0.04 - 0.07) x 2."""
    history = passed_game()[:-1]
    history.append(history[-1].take())
    history.append(history[-1].roll((3, 1)))
    last = rolls(history)[-1]
    assert last.side is Side.WHITE
    assert luck(last, PipsEvaluator()) == pytest.approx(-0.06)


def test_luck_needs_equities() -> None:
    with pytest.raises(AnalysisUnavailableError, match="Open Sage"):
        luck(rolls(passed_game())[0], Pubeval())
