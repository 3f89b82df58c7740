"""Tests for the backgammon Position value: layout, numbering, pips, apply, outcome."""

from __future__ import annotations

import gc

import pytest

from engine.backgammon import IllegalMoveError, Move, Play, Position, Side, movegen

EMPTY = (0,) * 24


def row(**counts: int) -> tuple[int, ...]:
    """A side's 24 point counts from keyword arguments like p6=5."""
    return tuple(counts.get(f"p{i}", 0) for i in range(1, 25))


def test_bg1_initial_layout_each_side_from_its_own_home() -> None:
    # BG-1: 2 on the 24, 5 on the 13, 3 on the 8, 5 on the 6, for both sides.
    position = Position.initial()
    for side in Side:
        assert position.count(side, 24) == 2
        assert position.count(side, 13) == 5
        assert position.count(side, 8) == 3
        assert position.count(side, 6) == 5
        assert sum(position.points[side]) == 15
        assert position.pip_count(side) == 167
    assert position.turn is Side.WHITE
    assert Position.initial(Side.BLACK).turn is Side.BLACK


def test_bg1_a_sides_24_point_is_the_others_1_point() -> None:
    # White's 24-point checkers stand on Black's 1-point: Black moving 6-1 from its 7-point
    # onto its 1-point lands on White's two back checkers, which block it.
    position = Position((row(p24=2, p6=13), row(p7=1, p6=14)), turn=Side.BLACK)
    with pytest.raises(IllegalMoveError, match="1-point is blocked"):
        position.apply(Play((Move(7, 1),)))


def test_bg1_fifteen_checkers_a_side_or_a_clear_error() -> None:
    with pytest.raises(ValueError, match="WHITE has 14 checkers"):
        Position((row(p6=14), row(p6=15)))
    # White's 19-point is Black's 6-point: both cannot hold checkers.
    with pytest.raises(ValueError, match="both sides"):
        Position((row(p6=14, p19=1), row(p6=15)))
    with pytest.raises(ValueError, match="negative"):
        Position((row(p6=16, p5=-1), row(p6=15)))


def test_apply_moves_hits_and_passes_the_turn() -> None:
    # White 13/7* hits Black's blot on White's 7-point (Black's 18-point).
    position = Position((row(p13=1, p6=14), row(p18=1, p6=14)))
    after = position.apply(Play((Move(13, 7, hit=True),)))
    assert after.turn is Side.BLACK
    assert after.count(Side.WHITE, 7) == 1
    assert after.count(Side.WHITE, 13) == 0
    assert after.count(Side.BLACK, 18) == 0
    assert after.bar == (0, 1)


def test_apply_refuses_a_move_the_board_forbids_and_changes_nothing() -> None:
    position = Position.initial()
    with pytest.raises(IllegalMoveError, match="no checker on your 12-point"):
        position.apply(Play((Move(12, 9),)))
    with pytest.raises(IllegalMoveError, match="does not hit"):
        position.apply(Play((Move(13, 10, hit=True),)))
    assert position == Position.initial()


def test_bg13_single_gammon_backgammon() -> None:
    won = row()
    # Loser has borne off one checker: single game.
    single = Position((won, row(p6=14)), off=(15, 1))
    # Loser has borne off none, all in its own home board: gammon.
    gammon = Position((won, row(p6=15)), off=(15, 0))
    # Loser still has a checker in the winner's home board (its own 19-24): backgammon.
    in_home = Position((won, row(p6=14, p20=1)), off=(15, 0))
    # Loser has a checker on the bar: backgammon.
    on_bar = Position((won, row(p6=14)), bar=(0, 1), off=(15, 0))
    assert single.winner() is Side.WHITE
    assert [p.game_value(Side.WHITE) for p in (single, gammon, in_home, on_bar)] == [1, 2, 3, 3]
    assert Position.initial().winner() is None
    with pytest.raises(ValueError, match="has not borne off"):
        Position.initial().game_value(Side.WHITE)


def test_pip_count_counts_the_bar_as_25() -> None:
    position = Position((row(p6=10, p1=4), row(p6=15)), bar=(1, 0))
    assert position.pip_count(Side.WHITE) == 60 + 4 + 25


@pytest.mark.parametrize("dice", [(0, 3), (7, 1), (3,), (1, 2, 3)])
def test_bad_dice_are_refused(dice: tuple[int, ...]) -> None:
    with pytest.raises(ValueError, match="dice are two numbers 1-6"):
        Position.initial().legal_plays(dice)  # type: ignore[arg-type]


def test_count_refuses_a_point_off_the_board() -> None:
    with pytest.raises(ValueError, match="a point is 0-25"):
        Position.initial().count(Side.WHITE, 26)


def test_lists_are_frozen_into_a_hashable_value() -> None:
    from_lists = Position(([*row(p6=15)], [*row(p6=15)]), [0, 0], [0, 0], 1)  # type: ignore[arg-type]
    assert from_lists == Position((row(p6=15), row(p6=15)), turn=Side.BLACK)
    assert hash(from_lists) == hash(Position((row(p6=15), row(p6=15)), turn=Side.BLACK))
    with pytest.raises(ValueError, match=r"turn is Side\.WHITE or Side\.BLACK"):
        Position((row(p6=15), row(p6=15)), turn=2)  # type: ignore[arg-type]


@pytest.mark.parametrize("dice", [(6, 5), (2, 2)])
def test_a_search_for_legal_plays_leaves_nothing_for_the_cycle_collector(
    dice: tuple[int, int],
) -> None:
    """The search's sets and tuples go as soon as it ends (a move searches once per roll)."""
    own, opp = Position.initial().boards()
    gc.collect()
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        assert movegen.plays(own, opp, *dice, None)
        assert gc.collect() == 0
    finally:
        if was_enabled:
            gc.enable()
