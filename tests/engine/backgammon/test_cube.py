"""BG-13 scoring with the cube, BG-14 the cube itself, BG-16 the Jacoby rule."""

from __future__ import annotations

import pytest

from engine.backgammon.cube import MAX_CUBE, Cube, Size
from engine.backgammon.position import Side


def test_bg14_cube_starts_centred_at_one() -> None:
    cube = Cube()
    assert (cube.value, cube.owner, cube.centred) == (1, None, True)


def test_bg14_take_doubles_and_the_taker_owns_it() -> None:
    cube = Cube().taken_by(Side.BLACK)
    assert cube == Cube(2, Side.BLACK)
    assert cube.taken_by(Side.WHITE) == Cube(4, Side.WHITE)


def test_bg14_values_run_1_2_4_up_to_64() -> None:
    cube, seen, doubler = Cube(), [1], Side.WHITE
    while cube.double_problem(doubler) is None:
        cube = cube.taken_by(doubler.opponent)
        seen.append(cube.value)
        doubler = doubler.opponent  # the taker owns the cube and may redouble
    assert seen == [1, 2, 4, 8, 16, 32, 64]


def test_bg14_centred_cube_may_be_turned_by_either_side() -> None:
    assert Cube().double_problem(Side.WHITE) is None
    assert Cube().double_problem(Side.BLACK) is None


def test_bg14_only_the_owner_may_redouble() -> None:
    cube = Cube(2, Side.BLACK)
    assert cube.double_problem(Side.BLACK) is None
    assert cube.double_problem(Side.WHITE) == "you cannot double: your opponent owns the cube"


def test_bg14_no_double_past_64() -> None:
    assert Cube(MAX_CUBE, Side.WHITE).double_problem(Side.WHITE) == (
        "you cannot double: the cube is at 64"
    )


@pytest.mark.parametrize(
    ("value", "owner"),
    [(3, Side.WHITE), (128, Side.WHITE), (0, None), (1, Side.WHITE), (2, None)],
)
def test_bg14_impossible_cubes_are_refused(value: int, owner: Side | None) -> None:
    with pytest.raises(ValueError, match="cube"):
        Cube(value, owner)


@pytest.mark.parametrize(
    ("size", "cube", "points"),
    [
        (Size.SINGLE, Cube(), 1),
        (Size.GAMMON, Cube(), 2),
        (Size.BACKGAMMON, Cube(), 3),
        (Size.SINGLE, Cube(4, Side.WHITE), 4),
        (Size.GAMMON, Cube(4, Side.WHITE), 8),
        (Size.BACKGAMMON, Cube(64, Side.BLACK), 192),
    ],
)
def test_bg13_points_are_size_times_cube(size: int, cube: Cube, points: int) -> None:
    assert cube.points(size, jacoby=False) == points


@pytest.mark.parametrize(
    ("size", "cube", "points"),
    [
        (Size.GAMMON, Cube(), 1),  # centred: the gammon counts as a single game
        (Size.BACKGAMMON, Cube(), 1),
        (Size.GAMMON, Cube(2, Side.BLACK), 4),  # once turned, gammons count in full
        (Size.BACKGAMMON, Cube(2, Side.WHITE), 6),
    ],
)
def test_bg16_jacoby_gammons_count_only_after_the_cube_is_turned(
    size: int, cube: Cube, points: int
) -> None:
    assert cube.points(size, jacoby=True) == points


def test_bg13_size_must_be_1_to_3() -> None:
    with pytest.raises(ValueError, match="size 1, 2 or 3"):
        Cube().points(4, jacoby=False)
