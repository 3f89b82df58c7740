"""Pubeval, checked against hand computations from Tesauro's published weights and encoding."""

from __future__ import annotations

import pytest

from ai.backgammon import pubeval
from ai.backgammon.context import CubeContext
from ai.backgammon.evaluator import Pubeval
from engine.backgammon import Position

from .positions import position


def _boards(where: Position) -> tuple[list[int], list[int]]:
    return where.boards()


def test_all_off_is_the_best_possible_score() -> None:
    """Fifteen checkers off scores pubeval's 'won' value whatever else stands on the board."""
    own = [15] + [0] * 25
    opp = [0] * 26
    opp[3] = 15
    assert pubeval.score(own, opp, race=True) == pubeval.WON


def test_race_score_by_hand() -> None:
    """One checker on the 1-point and 14 off, in a race: wr[116] + wr[121] * 14 / 15."""
    #   mover: one checker on its 1-point, 14 off; opponent: all 15 on its own 6-point.
    own, opp = _boards(position({1: 1}, {6: 15}))
    expected = -2.77982 + 3.42040 * 14 / 15
    assert pubeval.score(own, opp, race=True) == pytest.approx(expected)


def test_contact_score_by_hand() -> None:
    """Contact weights: two on the mover's 24-point, an opposing blot on its 1-point, 13 off.

    The 24-point is input block 0 (wc[2] for "two or more"); the mover's 1-point is block 23,
    whose "opposing blot" input is wc[115]; three opposing checkers on the bar give wc[120] * 1.5.
    """
    own = [0] * 26
    opp = [0] * 26
    own[24] = 2
    own[0] = 13
    opp[1] = 1
    opp[25] = 3
    opp[0] = 11
    # wc[2] = -1.66135, wc[115] = 1.23606, wc[120] = 5.62596, wc[121] (men off) = -2.75800.
    expected = -1.66135 + 1.23606 + 5.62596 * 1.5 + (-2.75800) * 13 / 15
    assert pubeval.score(own, opp, race=False) == pytest.approx(expected)


def test_race_is_no_contact() -> None:
    """A race is when every checker of the mover has passed every opposing checker."""
    assert pubeval.is_race(*_boards(position({6: 15}, {6: 15})))
    assert not pubeval.is_race(*_boards(Position.initial()))
    assert not pubeval.is_race(*_boards(position({6: 14}, {6: 15}, bar=(1, 0))))


@pytest.mark.parametrize(
    ("dice", "best"),
    [((3, 1), "8/5 6/5"), ((4, 2), "8/4 6/4"), ((6, 1), "13/7 8/7")],
)
def test_opening_point_making_rolls(dice: tuple[int, int], best: str) -> None:
    """Pubeval makes the 5-, 4- and bar-point with the opening 31, 42 and 61, as theory says."""
    start = Position.initial()
    ranked = Pubeval().rank(start, dice, start.legal_plays(dice), CubeContext())
    assert ranked[0].play.notation() == best
