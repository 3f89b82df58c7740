"""The arithmetic of dice statistics against published values: the chi-square table for 5
degrees of freedom, and entering from the bar by the rules (BG rules: a point with two or more
checkers is closed)."""

from __future__ import annotations

import pytest

from bot.service.dice_stats import DiceTally, chi_square_5_sf, enters


@pytest.mark.parametrize(
    ("statistic", "p"),
    # Upper critical values of the chi-square distribution, 5 degrees of freedom (NIST/SEMATECH
    # e-Handbook, table 1.3.6.7.4): P(X > x) for each.
    [(1.610, 0.90), (9.236, 0.10), (11.070, 0.05), (12.833, 0.025), (15.086, 0.01)],
)
def test_the_p_value_follows_the_published_table(statistic: float, p: float) -> None:
    assert chi_square_5_sf(statistic) == pytest.approx(p, abs=5e-4)


def test_a_perfectly_even_count_is_p_one_and_the_verdict_waits_for_enough_rolls() -> None:
    even = DiceTally(rolls=30, faces=[10] * 6)
    assert even.chi_square == 0 and even.p_value == 1.0 and even.verdict == "fair"
    assert DiceTally(rolls=14, faces=[14, 14, 0, 0, 0, 0]).verdict == "few"
    # All 60 dice on one face: chi-square 300, as unusual as it gets.
    lopsided = DiceTally(rolls=30, faces=[60, 0, 0, 0, 0, 0])
    assert lopsided.chi_square == pytest.approx(300) and lopsided.verdict == "unusual"


def test_a_die_enters_on_any_point_with_fewer_than_two_checkers() -> None:
    five_closed = (2, 3, 2, 4, 2, 0)  # the opponent's points 1-6; the 6-point is open
    assert enters(five_closed, (6, 1))
    assert not enters(five_closed, (1, 5))
    assert enters((2, 1, 2, 2, 2, 2), (2, 2))  # a blot does not close a point
    assert not enters((2, 2, 2, 2, 2, 2), (6, 6))
