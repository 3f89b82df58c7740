"""Board geometry, the starting position and PDN FEN for checkers positions."""

from __future__ import annotations

import pytest

from engine.checkers import (
    VARIANTS,
    Color,
    InvalidPositionError,
    Piece,
    Position,
    square_coordinates,
)


def test_square_coordinates_follow_the_pdn_diagram() -> None:
    """Square 1 is second from the left on the top row; 5 starts the next row at the edge."""
    # 8×8:   . 1 . 2 . 3 . 4
    #        5 . 6 . 7 . 8 .
    assert square_coordinates(1, 8) == (0, 1)
    assert square_coordinates(4, 8) == (0, 7)
    assert square_coordinates(5, 8) == (1, 0)
    assert square_coordinates(32, 8) == (7, 6)
    assert square_coordinates(29, 8) == (7, 0)
    assert square_coordinates(1, 10) == (0, 1)
    assert square_coordinates(6, 10) == (1, 0)
    assert square_coordinates(50, 10) == (9, 8)


def test_square_coordinates_are_dark_squares_and_distinct() -> None:
    """Every square maps to a different dark square (row + col odd)."""
    for size in (8, 10):
        cells = {square_coordinates(s, size) for s in range(1, size * size // 2 + 1)}
        assert len(cells) == size * size // 2
        assert all((row + col) % 2 == 1 for row, col in cells)


@pytest.mark.parametrize(("square", "size"), [(0, 8), (33, 8), (51, 10), (1, 9)])
def test_square_coordinates_reject_squares_off_the_board(square: int, size: int) -> None:
    """Off-board squares and odd board sizes are refused with a reason."""
    with pytest.raises(ValueError, match=r"square|board size"):
        square_coordinates(square, size)


def test_ck1_initial_position_has_twelve_men_a_side_on_the_nearest_rows() -> None:
    """CK-1: 12 men each on the dark squares of the three nearest rows."""
    position = Position.initial("box")
    pieces = dict(position.pieces())
    assert sorted(s for s, p in pieces.items() if p.color is Color.BLACK) == list(range(1, 13))
    assert sorted(s for s, p in pieces.items() if p.color is Color.WHITE) == list(range(21, 33))
    assert not any(p.king for p in pieces.values())
    assert position.piece_at(16) is None
    assert position.piece_at(21) == Piece(Color.WHITE)


def test_ck2_light_pieces_start_in_box_rules_dark_in_english_and_pool() -> None:
    """CK-2: the starter plays the light (white) pieces; english and pool start with dark."""
    assert Position.initial("box").turn is Color.WHITE
    assert Position.initial("russian").turn is Color.WHITE
    assert Position.initial("english").turn is Color.BLACK
    assert Position.initial("pool").turn is Color.BLACK


def test_international_initial_position_has_twenty_a_side() -> None:
    """International draughts: 10×10, 20 pieces each on squares 1–20 and 31–50."""
    assert Position.initial("international").to_fen() == (
        "W:W" + ",".join(map(str, range(31, 51))) + ":B" + ",".join(map(str, range(1, 21)))
    )


def test_ck13_fen_round_trips() -> None:
    """CK-13: PDN FEN as written in the rules reads back to the same text."""
    text = "W:W21,22,K30:B1,2,K5"
    position = Position.from_fen(text, "russian")
    assert position.to_fen() == text
    assert position.piece_at(30) == Piece(Color.WHITE, king=True)
    assert position.piece_at(5) == Piece(Color.BLACK, king=True)
    assert position.turn is Color.WHITE


def test_fen_accepts_ranges_wrapper_and_lower_case() -> None:
    """Ranges (`B1-12`), the `[FEN "…"]` tag and lower case read like the plain form."""
    position = Position.from_fen('[FEN "b:w21-32:b1-12"]', VARIANTS["english"])
    assert position == Position.initial("english")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("W:W33:B1", "off the 8×8 board"),
        ("W:W21,21:B1", "listed twice"),
        ("W:W21:B21", "listed twice"),
        ("W:W2:B9", "crowning row"),
        ("X:W21:B1", "expected FEN"),
        ("W:W21", "expected FEN"),
        ("W:Wa:B1", "cannot read 'A'"),
    ],
)
def test_bad_fen_is_refused_with_the_reason(text: str, reason: str) -> None:
    """Unreadable or impossible positions raise InvalidPositionError naming the problem."""
    with pytest.raises(InvalidPositionError, match=reason):
        Position.from_fen(text, "box")


def test_unknown_variant_names_the_choices() -> None:
    """An unknown variant name lists the known ones."""
    with pytest.raises(ValueError, match="russian"):
        Position.initial("chinese")


def test_positions_are_values() -> None:
    """Equal boards are equal and hash alike, so they can count repetitions."""
    a = Position.from_fen("W:W21,22:B1", "box")
    b = Position.from_fen("W:W22,21:B1", "box")
    assert a == b
    assert hash(a) == hash(b)
    assert a != Position.from_fen("B:W21,22:B1", "box")
