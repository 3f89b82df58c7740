"""Checkers pictures: size, pieces on the PDN squares, orientation, kings, last move, numbers."""

from __future__ import annotations

import pytest
from PIL import Image

from engine.checkers import Color, EndReason, Game, GameResult, Move, Position
from render import DARK, LIGHT, CheckersLayout, CheckersScene, Theme, render_checkers
from render.checkers import status_line
from tests.render.pictures import count_colour, decode_png, pixel


def picture(scene: CheckersScene, *, theme: Theme = LIGHT) -> Image.Image:
    return decode_png(render_checkers(scene, theme=theme))


@pytest.mark.parametrize(("variant", "size"), [("box", 8), ("international", 10)])
def test_output_is_png_of_documented_landscape_size(variant: str, size: int) -> None:
    scene = CheckersScene(Position.initial(variant))
    image = decode_png(render_checkers(scene, width=640))
    assert image.size == (640, 512)
    assert CheckersLayout(640, size).board[3] <= 512


def measured_centre(square: int, size: int) -> tuple[float, float]:
    """The centre of a PDN square on the 800-px picture with White at the bottom, measured on
    the picture itself (the board's squares span 8–608 px across and 20–620 px down), not
    taken from the layout that draws it. PDN numbers the dark squares row by row from the top
    left; the top row's first dark square is its second."""
    row, index = divmod(square - 1, size // 2)
    column = 2 * index + (1 if row % 2 == 0 else 0)
    side = 600 / size
    return 8 + side * (column + 0.5), 20 + side * (row + 0.5)


@pytest.mark.parametrize(
    ("variant", "size", "black", "white"),
    [
        # CK-1: 12 a side on the dark squares of the three nearest rows, squares 1–32 (PDN).
        ("box", 8, range(1, 13), range(21, 33)),
        # international: 20 a side on four rows, squares 1–50.
        ("international", 10, range(1, 21), range(31, 51)),
    ],
)
def test_ck1_initial_pieces_sit_on_their_pdn_squares(
    variant: str, size: int, black: range, white: range
) -> None:
    image = picture(CheckersScene(Position.initial(variant)))
    assert image.size == (800, 640)
    for square in range(1, size * size // 2 + 1):
        colour = pixel(image, measured_centre(square, size))
        if square in black:
            assert colour == LIGHT.dark_piece, square
        elif square in white:
            assert colour == LIGHT.light_piece, square
        else:
            assert colour == LIGHT.dark_square, square


def test_square_one_is_top_left_dark_square_for_white_and_bottom_right_for_black() -> None:
    layout = CheckersLayout(800, 8)

    def cell(centre: tuple[float, float]) -> tuple[int, int]:
        col = (centre[0] - layout.board[0]) / layout.square - 0.5
        row = (centre[1] - layout.board[1]) / layout.square - 0.5
        return round(row), round(col)

    # PDN: square 1 is the second square of the top row; half a turn puts it bottom right,
    # one square in from the corner (square 32's place).
    assert cell(layout.centre(1, Color.WHITE)) == (0, 1)
    assert cell(layout.centre(1, Color.BLACK)) == (7, 6)
    assert cell(layout.centre(32, Color.WHITE)) == (7, 6)


def test_flipping_the_orientation_moves_the_pieces() -> None:
    position = Position.initial("box")
    layout = CheckersLayout(800, 8)
    as_white = picture(CheckersScene(position, viewer=Color.WHITE))
    as_black = picture(CheckersScene(position, viewer=Color.BLACK))
    spot = layout.centre(1, Color.WHITE)  # top row, second square
    assert pixel(as_white, spot) == LIGHT.dark_piece
    assert pixel(as_black, spot) == LIGHT.light_piece
    # By default the side to move sits at the bottom.
    assert pixel(picture(CheckersScene(position)), spot) == LIGHT.dark_piece


def test_ck7_kings_are_drawn_differently_from_men() -> None:
    # A man's centre shows its own colour; a king's shows the crown, drawn in the rim colour.
    position = Position.from_fen("W:W21,K30:B1,K12", "box")
    layout = CheckersLayout(800, 8)
    image = picture(CheckersScene(position, numbers=False))
    assert pixel(image, layout.centre(21, Color.WHITE)) == LIGHT.light_piece
    assert pixel(image, layout.centre(30, Color.WHITE)) == LIGHT.light_edge
    assert pixel(image, layout.centre(1, Color.WHITE)) == LIGHT.dark_piece
    assert pixel(image, layout.centre(12, Color.WHITE)) == LIGHT.dark_edge


def test_last_move_marks_path_and_captured_squares() -> None:
    game = Game.new("box").play("22-18").play("11-15").play("18x11")
    move = game.moves[-1]
    assert move.captures == (15,)
    layout = CheckersLayout(800, 8)
    marked = picture(CheckersScene(game.position, last_move=move, viewer=Color.WHITE))
    plain = picture(CheckersScene(game.position, viewer=Color.WHITE))
    radius = layout.square * 0.45
    for square in (15, 11):  # the captured square and the landing square
        centre = layout.centre(square, Color.WHITE)
        assert count_colour(marked, centre, radius, LIGHT.accent) > 30, square
        assert count_colour(plain, centre, radius, LIGHT.accent) == 0, square
    # The captured piece is gone: the square under the badge's rim is bare board.
    x, y = layout.centre(15, Color.WHITE)
    assert pixel(marked, (x + layout.square * 0.4, y)) == LIGHT.dark_square


def test_square_numbers_can_be_turned_off() -> None:
    position = Position.initial("box")
    layout = CheckersLayout(800, 8)
    # Square 13 is empty at the start; its number sits in its top-left corner.
    x, y = layout.centre(13, Color.WHITE)
    corner = (x - layout.square * 0.3, y - layout.square * 0.3)
    numbered = picture(CheckersScene(position, numbers=True))
    bare = picture(CheckersScene(position, numbers=False))
    assert count_colour(numbered, corner, layout.square * 0.15, LIGHT.square_number) > 5
    assert count_colour(bare, corner, layout.square * 0.15, LIGHT.square_number) == 0
    # An occupied square keeps its number readable on top of the piece.
    x, y = layout.centre(1, Color.WHITE)
    occupied = (x - layout.square * 0.3, y - layout.square * 0.3)
    assert count_colour(numbered, occupied, layout.square * 0.15, LIGHT.square_number) > 5
    assert count_colour(bare, occupied, layout.square * 0.15, LIGHT.square_number) == 0


def test_dark_theme_and_ten_by_ten() -> None:
    layout = CheckersLayout(800, 10)
    image = picture(CheckersScene(Position.initial("international")), theme=DARK)
    assert pixel(image, layout.centre(50, Color.WHITE)) == DARK.light_piece
    assert pixel(image, layout.centre(25, Color.WHITE)) == DARK.dark_square


def test_status_names_the_mover_and_compulsory_capture() -> None:
    names = ("Ann", "Ben")
    start = Position.initial("box")
    assert status_line(CheckersScene(start, names=names)) == "Ann to move"
    game = Game.new("box").play("22-18").play("11-15")
    assert status_line(CheckersScene(game.position, names=names)) == (
        "Ann to move: capture is compulsory"
    )
    # A draw offer waits for the other side's answer, whoever is to move.
    offered = CheckersScene(start, names=names, draw_offered_by=Color.BLACK)
    assert status_line(offered) == "Ben offers a draw: Ann to accept or decline"
    assert offered.actor is Color.WHITE
    offered = CheckersScene(start, names=names, draw_offered_by=Color.WHITE)
    assert status_line(offered) == "Ann offers a draw: Ben to accept or decline"
    assert offered.actor is Color.BLACK


def test_a_draw_offer_after_the_end_is_refused() -> None:
    game = Game.new("box").agree_draw()
    result = game.result()
    assert result is not None
    with pytest.raises(ValueError, match="finished game"):
        CheckersScene(game.position, result=result, draw_offered_by=Color.WHITE)


def test_last_move_off_the_board_is_refused() -> None:
    with pytest.raises(ValueError, match="leaves the 1–32 board"):
        CheckersScene(Position.initial("box"), last_move=Move((40, 35)))


@pytest.mark.parametrize(
    ("result", "shown"),
    [
        (GameResult(Color.BLACK, EndReason.NO_MOVES), "Ben wins: no legal move"),
        (GameResult(Color.WHITE, EndReason.NO_PIECES), "Ann wins: no pieces left"),
        (
            GameResult(Color.WHITE, EndReason.KING_COUNT),
            "Ann wins: no man move or capture left; kings counted",
        ),
        (
            GameResult(None, EndReason.KING_COUNT),
            "Draw: no man move or capture left; kings counted",
        ),
        (GameResult(None, EndReason.REPETITION), "Draw: the same position for the third time"),
    ],
)
def test_each_ending_is_a_whole_sentence_of_its_own(result: GameResult, shown: str) -> None:
    """CK-10 to CK-12: the picture says who won and why, one sentence per way a game ends."""
    scene = CheckersScene(Position.initial("box"), names=("Ann", "Ben"), result=result)
    assert status_line(scene) == shown
