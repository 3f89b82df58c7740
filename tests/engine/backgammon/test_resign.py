"""BG-15 resignation: offer a single game, gammon or backgammon; accept ends it, decline goes on."""

from __future__ import annotations

import pytest

from engine.backgammon.cube import Cube
from engine.backgammon.game import Ending, Game, GameActionError, MatchOptions, Phase
from engine.backgammon.position import Position, Side

MONEY = MatchOptions()
MATCH_7 = MatchOptions(match_length=7)


def _rolling(options: MatchOptions = MATCH_7, cube: Cube | None = None) -> Game:
    """White to roll from the start position."""
    return Game(options, Position.initial(Side.WHITE), cube or Cube(), Phase.ROLLING)


@pytest.mark.parametrize("size", [1, 2, 3])
def test_bg15_accepted_resignation_ends_at_size_times_cube(size: int) -> None:
    offered = _rolling(cube=Cube(4, Side.WHITE)).offer_resignation(size, Side.WHITE)
    assert (offered.phase, offered.to_act) == (Phase.RESIGNING, Side.BLACK)
    over = offered.accept_resignation()
    result = over.result
    assert result is not None
    assert (result.winner, result.size, result.points) == (Side.BLACK, size, 4 * size)
    assert result.ending is Ending.RESIGNED


def test_bg15_the_side_not_on_roll_may_resign_too() -> None:
    offered = _rolling().roll((6, 5)).offer_resignation(2, Side.BLACK)
    assert offered.to_act is Side.WHITE
    result = offered.accept_resignation().result
    assert result is not None and (result.winner, result.points) == (Side.WHITE, 2)


def test_bg15_declined_resignation_goes_on_where_it_stood() -> None:
    rolled = _rolling().roll((6, 5))
    assert rolled.offer_resignation(1, Side.WHITE).decline_resignation() == rolled
    before_roll = _rolling()
    assert before_roll.offer_resignation(3, Side.BLACK).decline_resignation() == before_roll


def test_bg15_while_a_resignation_is_offered_nothing_else_happens() -> None:
    offered = _rolling().offer_resignation(1, Side.WHITE)
    for action in (offered.double, offered.take, offered.pass_double):
        with pytest.raises(GameActionError, match="answer the resignation first"):
            action()
    with pytest.raises(GameActionError, match="answer the resignation first"):
        offered.roll((3, 1))
    with pytest.raises(GameActionError, match="answer the resignation first"):
        offered.offer_resignation(2, Side.WHITE)


def test_bg15_no_resignation_before_the_opening_roll_or_over_a_double() -> None:
    with pytest.raises(GameActionError, match="opening roll"):
        Game.start(MATCH_7).offer_resignation(1, Side.WHITE)
    with pytest.raises(GameActionError, match="answer the double first"):
        _rolling().double().offer_resignation(1, Side.BLACK)


def test_bg15_accept_and_decline_need_an_offer() -> None:
    with pytest.raises(GameActionError, match="cannot accept a resignation now"):
        _rolling().accept_resignation()
    with pytest.raises(GameActionError, match="cannot decline a resignation now"):
        _rolling().decline_resignation()


@pytest.mark.parametrize("size", [0, 4, -1])
def test_bg15_size_is_1_2_or_3(size: int) -> None:
    with pytest.raises(GameActionError, match="single game \\(1\\), a gammon \\(2\\)"):
        _rolling().offer_resignation(size, Side.WHITE)


@pytest.mark.parametrize(("cube", "points"), [(Cube(), 1), (Cube(2, Side.WHITE), 4)])
def test_bg16_jacoby_applies_to_a_resigned_gammon_as_to_a_played_one(
    cube: Cube, points: int
) -> None:
    """Money play with Jacoby: conceding a gammon with the cube centred costs a single game.

    GNU Backgammon scores resignations without the Jacoby rule; we score a conceded gammon
    exactly as the same gammon played out (BG-16).
    """
    over = _rolling(MONEY, cube).offer_resignation(2, Side.WHITE).accept_resignation()
    result = over.result
    assert result is not None and result.points == points
