"""One test (or more) per checkers rule CK-3 … CK-9, on hand-worked positions.

Square numbers on the 8×8 board (white moves up, black down):

     .  1  .  2  .  3  .  4
     5  .  6  .  7  .  8  .
     .  9  . 10  . 11  . 12
    13  . 14  . 15  . 16  .
     . 17  . 18  . 19  . 20
    21  . 22  . 23  . 24  .
     . 25  . 26  . 27  . 28
    29  . 30  . 31  . 32  .

In the diagrams `w`/`b` are men, `W`/`B` kings, `:` an empty dark square.
"""

from __future__ import annotations

import pytest

from engine.checkers import Color, Piece, Position


def moves_of(fen: str, variant: str) -> dict[str, tuple[int, ...]]:
    """The legal moves of a position as {pdn: captured squares}."""
    return {m.pdn(): m.captures for m in Position.from_fen(fen, variant).legal_moves()}


def test_ck3_men_step_one_square_diagonally_forward() -> None:
    """CK-3: from the start white has the 7 forward steps of its front row, nothing else."""
    assert set(moves_of("W:W21-32:B1-12", "box")) == {
        "21-17",
        "22-17",
        "22-18",
        "23-18",
        "23-19",
        "24-19",
        "24-20",
    }


def test_ck3_a_man_never_steps_backward() -> None:
    """CK-3: a lone man on 18 has only its two forward squares, 14 and 15."""
    assert set(moves_of("W:W18:B1", "box")) == {"18-14", "18-15"}


def test_ck4_men_capture_backward_in_box_rules() -> None:
    """CK-4: the white man on 14 takes the black man behind it on 18, landing on 23."""
    #   row 3:  13  . [w14] . 15
    #   row 4:   . 17  . [b18] . 19
    #   row 5:  21  . 22  . (23)
    assert moves_of("W:W14:B18", "box") == {"14x23": (18,)}


def test_ck4_english_men_capture_forward_only() -> None:
    """English rules differ: the same man cannot take backward and simply steps forward."""
    assert moves_of("W:W14:B18", "english") == {"14-9": (), "14-10": ()}


def test_ck5_capture_is_compulsory() -> None:
    """CK-5: with a capture on the board, no quiet move is legal."""
    assert moves_of("W:W22,23:B18", "box") == {"22x15": (18,), "23x14": (18,)}


def test_ck5_a_capture_continues_while_it_can() -> None:
    """CK-5: after 22x15 the man must go on over 10 to 6; stopping on 15 is not a move."""
    assert moves_of("W:W22:B18,10", "box") == {"22x15x6": (18, 10)}


def test_ck5_no_majority_rule_in_box_rules() -> None:
    """CK-5: the one-piece capture 28x19 stays legal beside the two-piece 22x15x6."""
    assert moves_of("W:W22,28:B18,10,24", "box") == {"22x15x6": (18, 10), "28x19": (24,)}


def test_brazilian_majority_rule_keeps_only_the_longest_capture() -> None:
    """Brazilian: the same position allows only the capture that takes the most pieces."""
    assert moves_of("W:W22,28:B18,10,24", "brazilian") == {"22x15x6": (18, 10)}


def test_ck6_own_pieces_cannot_be_jumped() -> None:
    """CK-6: 22 cannot jump its own man on 18; it only has 22-17 and 18 steps forward."""
    assert set(moves_of("W:W22,18:B1", "box")) == {"18-14", "18-15", "22-17"}


def test_ck6_no_piece_is_jumped_twice_and_the_start_square_is_free() -> None:
    """CK-6: a man circles 22→15→24→31→22 taking four pieces, and stops.

    Back on 22 it could jump 18 again if jumped pieces were fair game; they are not. The two
    directions round the ring take the same pieces and end alike, so they are one move.
    """
    #   row 4:   . 17  . [b18] . [b19] . 20
    #   row 5:  21  . [w22] .  23  .  24  .
    #   row 6:   . 25  . [b26] . [b27] . 28
    moves = Position.from_fen("W:W22:B18,19,26,27", "box").legal_moves()
    assert len(moves) == 1
    (move,) = moves
    assert (move.start, move.end) == (22, 22)
    assert sorted(move.captures) == [18, 19, 26, 27]
    after = Position.from_fen("W:W22:B18,19,26,27", "box").apply(move)
    assert after.to_fen() == "B:W22:B"


def test_ck6_captured_pieces_block_until_the_move_ends() -> None:
    """CK-6: a king back on 22 cannot fly past its own earlier victim on 18 to take 11.

    .  .  .  .  .  .  .  .        Routes (box rules, land directly beyond):
    .  .  .  .  .  .  8  .          22x15x8        takes 18, 11
    .  .  .  .  . b11 .  .          22x31x24x15x8  takes 26, 27, 19, 11
    .  .  . 15  .  .  .  .          22x15x24x31x22 takes 18, 19, 27, 26 and ends:
    .  . b18 . b19 .  .  .          on 22 the diagonal 18-15-11-8 is closed by 18,
    . W22 .  . 24  .  .  .          still on the board, so 11 cannot be taken.
    .  . b26 . b27 .  .  .
    .  .  . 31  .  .  .  .
    """
    assert moves_of("W:WK22:B11,18,19,26,27", "box") == {
        "22x15x8": (18, 11),
        "22x31x24x15x8": (26, 27, 19, 11),
        "22x15x24x31x22": (18, 19, 27, 26),
    }


def test_ck7_crowned_mid_capture_continues_as_a_flying_king() -> None:
    """CK-7 (box): the man lands on 2, is a king on arrival, and flies over 6 to take 9.

    A man on 2 could not take 9 (it is not adjacent); only a king can, so the second jump
    proves the crowning happened mid-move.
    """
    #   row 0:   .  1  . (2)  .  3
    #   row 1:   5  .  6  . [b7] .
    #   row 2:   . [b9] . 10  . [w11]
    #   row 3: (13)
    position = Position.from_fen("W:W11:B7,9", "box")
    assert moves_of("W:W11:B7,9", "box") == {"11x2x13": (7, 9)}
    after = position.apply(position.legal_moves()[0])
    assert after.piece_at(13) == Piece(Color.WHITE, king=True)


@pytest.mark.parametrize("variant", ["pool", "brazilian", "english"])
def test_crowning_row_reached_mid_capture_ends_as_a_man_elsewhere(variant: str) -> None:
    """Pool/brazilian pass the row as a man (no king jump from 2); english ends the move on 2."""
    position = Position.from_fen("W:W11:B7,9", variant)
    assert moves_of("W:W11:B7,9", variant) == {"11x2": (7,)}
    after = position.apply(position.legal_moves()[0])
    assert after.piece_at(2) == Piece(Color.WHITE, king=True)


def test_ck8_kings_fly_any_distance_along_a_free_diagonal() -> None:
    """CK-8: a king on 29 reaches every free square of the long diagonal, up to the man on 4."""
    assert set(moves_of("W:WK29:B4", "box")) == {
        "29-25",
        "29-22",
        "29-18",
        "29-15",
        "29-11",
        "29-8",
    }


def test_english_kings_move_one_square() -> None:
    """English kings are short: the king on 29 has only 29-25."""
    assert set(moves_of("W:WK29:B4", "english")) == {"29-25"}


def test_ck9_king_captures_from_afar_and_lands_directly_beyond() -> None:
    """CK-9 (box): the king flies 25, 22, takes 18 and must land on 15, nowhere further."""
    assert moves_of("W:WK29:B18", "box") == {"29x15": (18,)}


def test_russian_king_lands_on_any_free_square_beyond() -> None:
    """Russian: the same capture may stop on 15, 11, 8 or 4."""
    assert moves_of("W:WK29:B18", "russian") == {
        "29x15": (18,),
        "29x11": (18,),
        "29x8": (18,),
        "29x4": (18,),
    }


def test_ck9_king_must_take_every_further_jump() -> None:
    """CK-9 (box): landing on 15, the king must go on over 10 and land directly beyond, on 6."""
    assert moves_of("W:WK29:B18,10", "box") == {"29x15x6": (18, 10)}


def test_russian_king_must_land_where_it_can_keep_capturing() -> None:
    """Russian: of 15, 11, 8, 4 only 15 allows a further capture, so it must land there."""
    assert moves_of("W:WK29:B18,10", "russian") == {
        "29x15x6": (18, 10),
        "29x15x1": (18, 10),
    }


def test_ck9_two_pieces_in_a_row_cannot_be_jumped() -> None:
    """CK-9: 18 and 15 stand back to back, so the square beyond 18 is not free: no capture."""
    assert set(moves_of("W:WK29:B18,15", "box")) == {"29-25", "29-22"}
