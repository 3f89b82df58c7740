"""One game: BG-2 opening roll, BG-13 scoring by play, BG-14 cube dialogue, bad actions."""

from __future__ import annotations

import pytest

from engine.backgammon.cube import Cube
from engine.backgammon.errors import IllegalMoveError
from engine.backgammon.game import Ending, Game, GameActionError, MatchOptions, Phase
from engine.backgammon.play import Move, Play
from engine.backgammon.position import Position, Side
from engine.backgammon.variant import BADGAMMON, FIVE_LIMIT

MONEY = MatchOptions()
MATCH_5 = MatchOptions(match_length=5)


def _row(**counts: int) -> tuple[int, ...]:
    """24 point counts from keywords p1..p24 (own numbering)."""
    return tuple(counts.get(f"p{i}", 0) for i in range(1, 25))


def _last_checker(loser_row: tuple[int, ...], loser_off: int, loser_bar: int = 0) -> Position:
    """White to roll with one checker left on its 1-point; Black as given.

    White's 1-point is Black's 24-point, so the loser rows below avoid Black's 24.
    """
    return Position(
        (_row(p1=1), loser_row), bar=(0, loser_bar), off=(14, loser_off), turn=Side.WHITE
    )


SINGLE_END = _last_checker(_row(p6=14), 1)  # Black has borne one off
GAMMON_END = _last_checker(_row(p6=15), 0)  # none off, all in Black's home board
# None off and a Black checker on its 20-point, which is White's 5-point (White's home).
BACKGAMMON_END = _last_checker(_row(p6=14, p20=1), 0)


def _bear_off_last(game: Game) -> Game:
    """White rolls 2-1 and bears off its last checker."""
    rolled = game.roll((2, 1))
    (play,) = rolled.legal_plays()
    return rolled.move(play)


def test_bg2_higher_opening_die_starts_and_plays_both_numbers() -> None:
    game = Game.start(MONEY).opening_roll(3, 5)
    assert game.phase is Phase.MOVING
    assert game.position == Position.initial(Side.BLACK)
    assert game.dice == (5, 3)
    assert game.to_act is Side.BLACK
    white = Game.start(MONEY).opening_roll(6, 1)
    assert (white.position.turn, white.dice) == (Side.WHITE, (6, 1))


def test_bg2_opening_tie_is_rolled_again() -> None:
    game = Game.start(MONEY)
    assert game.opening_roll(4, 4) == game
    assert game.opening_roll(4, 4).phase is Phase.OPENING


def test_bg2_no_roll_or_double_before_the_opening_roll() -> None:
    game = Game.start(MONEY)
    assert game.phase is Phase.OPENING and game.to_act is None
    with pytest.raises(GameActionError, match="starts with the opening roll"):
        game.roll((3, 1))
    with pytest.raises(GameActionError, match="starts with the opening roll"):
        game.double()


def test_bg2_five_limit_uses_the_one_die_opening() -> None:
    options = MatchOptions(variant=FIVE_LIMIT)
    assert Game.start(options).opening_roll(2, 5).dice == (5, 2)


def test_bg2_badgammon_starter_is_chosen_and_rolls_two_dice() -> None:
    game = Game.start(MatchOptions(variant=BADGAMMON), starter=Side.BLACK)
    assert game.phase is Phase.ROLLING
    assert game.position == Position.initial(Side.BLACK)
    with pytest.raises(GameActionError, match="cannot make the opening roll now"):
        game.opening_roll(6, 2)
    rolled = game.roll((6, 6))  # doubles can start a Bad'Gammon game
    assert (rolled.phase, rolled.dice, rolled.to_act) == (Phase.MOVING, (6, 6), Side.BLACK)
    assert all(len(play.moves) == 4 for play in rolled.legal_plays())


def test_bg2_starter_is_given_exactly_when_the_variant_wants_it() -> None:
    with pytest.raises(GameActionError, match="needs the starting side"):
        Game.start(MatchOptions(variant=BADGAMMON))
    with pytest.raises(GameActionError, match="opening roll decides"):
        Game.start(MONEY, starter=Side.WHITE)


def test_bg14_double_take_turns_the_cube_to_the_taker() -> None:
    game = Game(MONEY, Position.initial(Side.WHITE), phase=Phase.ROLLING)
    offered = game.double()
    assert (offered.phase, offered.to_act) == (Phase.DOUBLED, Side.BLACK)
    taken = offered.take()
    assert taken.cube == Cube(2, Side.BLACK)
    assert (taken.phase, taken.to_act) == (Phase.ROLLING, Side.WHITE)  # the doubler rolls
    with pytest.raises(GameActionError, match="your opponent owns the cube"):
        taken.double()


def test_bg14_can_double_tells_when_double_is_accepted() -> None:
    rolling = Game(MONEY, Position.initial(Side.WHITE), phase=Phase.ROLLING)
    assert rolling.can_double
    assert not rolling.roll((3, 1)).can_double  # after rolling
    assert not rolling.double().take().can_double  # the opponent owns the cube now
    assert not Game(
        MATCH_5, Position.initial(Side.WHITE), phase=Phase.ROLLING, crawford=True
    ).can_double
    assert not Game.start(MONEY).can_double  # before the opening roll


def test_bg14_owner_redoubles_and_pass_loses_the_value_before_the_double() -> None:
    game = Game(MONEY, Position.initial(Side.BLACK), Cube(2, Side.BLACK), Phase.ROLLING)
    passed = game.double().pass_double()
    assert passed.phase is Phase.OVER
    result = passed.result
    assert result is not None
    assert (result.winner, result.points, result.ending) == (Side.BLACK, 2, Ending.PASSED)


def test_bg14_double_only_before_rolling() -> None:
    game = Game(MONEY, Position.initial(Side.WHITE), phase=Phase.ROLLING).roll((3, 1))
    with pytest.raises(GameActionError, match="dice are rolled: play them first"):
        game.double()


def test_bg14_no_double_past_64() -> None:
    game = Game(MONEY, Position.initial(Side.WHITE), Cube(64, Side.WHITE), Phase.ROLLING)
    with pytest.raises(GameActionError, match="the cube is at 64"):
        game.double()


def test_bg14_no_double_when_the_cube_is_off() -> None:
    game = Game(MatchOptions(cube=False), Position.initial(Side.WHITE), phase=Phase.ROLLING)
    with pytest.raises(GameActionError, match="without the cube"):
        game.double()


def test_bg16_no_double_in_the_crawford_game() -> None:
    game = Game(MATCH_5, Position.initial(Side.WHITE), phase=Phase.ROLLING, crawford=True)
    with pytest.raises(GameActionError, match="no doubling in the Crawford game"):
        game.double()


def test_bg14_take_and_pass_only_answer_a_double() -> None:
    game = Game(MONEY, Position.initial(Side.WHITE), phase=Phase.ROLLING)
    with pytest.raises(GameActionError, match="cannot take now: roll first"):
        game.take()
    with pytest.raises(GameActionError, match="cannot pass now"):
        game.pass_double()
    with pytest.raises(GameActionError, match="answer the double first"):
        game.double().roll((3, 1))


@pytest.mark.parametrize(
    ("position", "size"), [(SINGLE_END, 1), (GAMMON_END, 2), (BACKGAMMON_END, 3)]
)
def test_bg13_single_gammon_backgammon_times_the_cube(position: Position, size: int) -> None:
    game = Game(MATCH_5, position, Cube(2, Side.BLACK), Phase.ROLLING)
    over = _bear_off_last(game)
    assert over.phase is Phase.OVER and over.dice is None
    result = over.result
    assert result is not None
    assert (result.winner, result.size, result.points) == (Side.WHITE, size, 2 * size)
    with pytest.raises(GameActionError, match="the game is over"):
        over.roll((1, 1))


@pytest.mark.parametrize(
    ("options", "cube", "points"),
    [
        (MatchOptions(), Cube(), 1),  # money, Jacoby on, cube centred: gammon counts 1
        (MatchOptions(), Cube(2, Side.BLACK), 4),  # cube turned: gammon counts in full
        (MatchOptions(jacoby=False), Cube(), 2),
        (MatchOptions(match_length=7), Cube(), 2),  # Jacoby is money play only
    ],
)
def test_bg16_jacoby_rule_in_money_play(options: MatchOptions, cube: Cube, points: int) -> None:
    game = Game(options, GAMMON_END, cube, Phase.ROLLING)
    result = _bear_off_last(game).result
    assert result is not None and result.points == points


def test_bg8_play_in_another_order_is_the_same_play() -> None:
    """An opening 3-1 entered as 6/5 8/5 is the legal play 8/5 6/5."""
    game = Game.start(MONEY).opening_roll(3, 1)
    moved = game.move(Play((Move(6, 5, False), Move(8, 5, False))))
    expected = Position.initial(Side.WHITE).apply(Play((Move(8, 5, False), Move(6, 5, False))))
    assert moved.position == expected
    assert (moved.phase, moved.to_act, moved.dice) == (Phase.ROLLING, Side.BLACK, None)


def test_bg7_a_play_that_leaves_a_die_unused_is_refused() -> None:
    game = Game.start(MONEY).opening_roll(3, 1)
    with pytest.raises(IllegalMoveError, match="not a legal play of 3-1"):
        game.move(Play((Move(8, 5, False),)))


def test_bg3_a_move_the_board_forbids_is_refused_with_its_reason() -> None:
    game = Game.start(MONEY).opening_roll(3, 1)
    with pytest.raises(IllegalMoveError, match="not legal"):
        game.move(Play((Move(9, 6, False), Move(6, 5, False))))


def test_bg10_closed_out_side_passes_with_the_empty_play() -> None:
    """White is on the bar against Black's closed home board: its only play is the pass."""
    closed = _row(p1=2, p2=2, p3=2, p4=2, p5=2, p6=2, p13=3)
    position = Position((_row(p13=14), closed), bar=(1, 0), off=(0, 0), turn=Side.WHITE)
    game = Game(MONEY, position, phase=Phase.ROLLING).roll((6, 5))
    assert game.legal_plays() == (Play(()),)
    passed = game.move(Play(()))
    assert (passed.to_act, passed.position.bar) == (Side.BLACK, (1, 0))


def test_roll_refuses_bad_dice_and_changes_nothing() -> None:
    game = Game(MONEY, Position.initial(Side.WHITE), phase=Phase.ROLLING)
    for dice in [(0, 3), (7, 1), (1,), (1, 2, 3), (True, 2), [3, 1]]:
        with pytest.raises(GameActionError, match="two numbers 1-6"):
            game.roll(dice)  # type: ignore[arg-type]
    assert game.phase is Phase.ROLLING and game.dice is None
    with pytest.raises(GameActionError, match="two numbers 1-6"):
        Game.start(MONEY).opening_roll(0, 6)


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"phase": Phase.MOVING}, "do not fit"),
        ({"phase": Phase.ROLLING, "dice": (3, 1)}, "do not fit"),
        ({"phase": Phase.OVER}, "ending exactly when"),
        ({"phase": Phase.ROLLING, "resignation": 2}, "no resignation"),
        ({"phase": Phase.ROLLING, "resigned_by": Side.BLACK}, "no resignation"),
        ({"phase": Phase.ROLLING, "cube": Cube(2, Side.WHITE), "crawford": True}, "Crawford"),
        ({"phase": Phase.OPENING, "cube": Cube(2, Side.WHITE)}, "as at the start"),
        ({"phase": Phase.DOUBLED, "cube": Cube(2, Side.BLACK)}, "could not have doubled"),
    ],
)
def test_impossible_games_are_refused(fields: dict[str, object], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        Game(MONEY, Position.initial(Side.WHITE), **fields)  # type: ignore[arg-type]


def test_match_options_refuse_bad_lengths() -> None:
    with pytest.raises(ValueError, match="match length"):
        MatchOptions(match_length=-1)
    with pytest.raises(ValueError, match="match length"):
        MatchOptions(match_length=65)


def test_dice_are_kept_larger_first() -> None:
    game = Game(MONEY, Position.initial(Side.WHITE), phase=Phase.MOVING, dice=(2, 5))
    assert game.dice == (5, 2)
    assert Game(MONEY, Position.initial(Side.WHITE), phase=Phase.ROLLING).roll((1, 4)).dice == (
        4,
        1,
    )
