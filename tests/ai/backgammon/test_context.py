"""The board and cube as one side sees them, in the layout Open Sage and gnubg use."""

from __future__ import annotations

from importlib.util import find_spec

import pytest

from ai.backgammon.context import CubeContext, board_for
from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Cube

from .positions import before_roll, position


@pytest.mark.skipif(find_spec("bgsage") is None, reason="needs the `ai` extra")
def test_bg1_starting_board_matches_open_sage() -> None:
    """BG-1: our starting position, from either side, is bgsage's own STARTING_BOARD."""
    import bgsage

    for side in Side:
        assert list(board_for(Position.initial(side), side)) == bgsage.STARTING_BOARD


def test_board_counts_bar_and_opponent() -> None:
    """Own checkers positive on own points, the opponent's negative, bars at 25 and 0."""
    where = position({6: 14}, {6: 13}, bar=(1, 2))
    board = board_for(where, Side.WHITE)
    assert board[6] == 14 and board[25] == 1 and board[0] == 2
    assert board[19] == -13  # Black's 6-point is White's 19-point
    flipped = board_for(where, Side.BLACK)
    assert flipped[6] == 13 and flipped[19] == -14 and flipped[25] == 2 and flipped[0] == 1


def test_context_is_match_score_aware() -> None:
    """BG-16: points each side still needs, and who owns the cube, from one chair."""
    match = before_roll(Position.initial(), length=5, score=(3, 1), cube=Cube(2, Side.BLACK))
    white = CubeContext.of(match, Side.WHITE)
    assert (white.away, white.opponent_away, white.owner, white.cube_value) == (2, 4, "opponent", 2)
    assert white.flipped() == CubeContext.of(match, Side.BLACK)
    money = CubeContext.of(before_roll(Position.initial()), Side.WHITE)
    assert (money.away, money.opponent_away, money.owner, money.jacoby) == (0, 0, "centered", True)
