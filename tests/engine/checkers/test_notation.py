"""CK-13: move text in PDN, read forgivingly, refused with the reason and the choices."""

from __future__ import annotations

import pytest

from engine.checkers import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Position,
    describe_moves,
    parse_move,
)

START = Position.initial("box")
#   Two white men can each take the black man on 18:  22x15 or 23x14.
FORK = Position.from_fen("W:W22,23:B18", "box")
#   English: 22 reaches 6 over 18 and 10, or over 17 and 9 (same start, same end).
DIAMOND = Position.from_fen("W:W22:B9,10,17,18", "english")


def test_ck13_move_text_round_trips() -> None:
    """CK-13: `11-15` style for moves, the full path `22x15x6` for captures."""
    assert Move((22, 18)).pdn() == "22-18"
    assert Move((22, 15, 6), (18, 10)).pdn() == "22x15x6"
    assert str(Move((22, 15), (18,))) == "22x15"
    for position in (START, FORK, DIAMOND):
        for move in position.legal_moves():
            assert parse_move(position, move.pdn()) == move


@pytest.mark.parametrize("text", ["22-18", "22 18", " 22-18 ", "22,18", "22x18"])
def test_ck13_forgiving_quiet_move_forms(text: str) -> None:
    """CK-13: spaces, commas and either sign read as the same move."""
    assert parse_move(START, text) == Move((22, 18))


def test_ck13_short_capture_when_unambiguous() -> None:
    """CK-13: `22x15` names the only capture from 22 to 15."""
    assert parse_move(FORK, "22x15") == Move((22, 15), (18,))
    assert parse_move(FORK, "23 14") == Move((23, 14), (18,))


def test_ck13_full_path_or_captured_square_settles_a_shared_start_and_end() -> None:
    """CK-13: `22x15x6` (path) or `22x18x6` (captured square) pick one of the two routes."""
    assert parse_move(DIAMOND, "22x15x6").captures == (18, 10)
    assert parse_move(DIAMOND, "22x13x6").captures == (17, 9)
    assert parse_move(DIAMOND, "22x18x6").captures == (18, 10)


def test_ck13_ambiguous_input_lists_the_choices() -> None:
    """CK-13: `22x6` fits both routes; the error names both full paths."""
    with pytest.raises(AmbiguousMoveError, match=r"22x6 could mean 22x13x6 or 22x15x6"):
        parse_move(DIAMOND, "22x6")


def test_ck5_compulsory_capture_error_names_the_captures() -> None:
    """CK-5 / CK-13: a quiet move while a capture exists is refused, naming the captures."""
    with pytest.raises(IllegalMoveError, match=r"^capture is compulsory: 22x15 or 23x14$"):
        parse_move(FORK, "22-17")


def test_ck5_capture_stopped_early_is_refused() -> None:
    """CK-5: `22x15` on the diamond stops before the second jump; the error shows the rest."""
    with pytest.raises(IllegalMoveError, match=r"stops too early.*22x15x6"):
        parse_move(DIAMOND, "22x15")


def test_majority_rule_error_says_how_many_must_be_taken() -> None:
    """Brazilian: a real but shorter capture is refused with the count that is required."""
    position = Position.from_fen("W:W22,28:B18,10,24", "brazilian")
    with pytest.raises(IllegalMoveError, match=r"28x19 takes 1.*most pieces.*\(2\): 22x6"):
        parse_move(position, "28x19")


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("15-19", "there is no piece on 15"),
        ("9-13", "the piece on 9 is black; it is white's turn"),
        ("22-26", r"22-26 is not legal; from 22: 22-17 or 22-18"),
        ("30-26", r"the piece on 30 cannot move; legal moves: 21-17, 22-17"),
    ],
)
def test_illegal_moves_say_why(text: str, reason: str) -> None:
    """A readable but illegal move names the problem and what is allowed."""
    with pytest.raises(IllegalMoveError, match=reason):
        parse_move(START, text)


@pytest.mark.parametrize("text", ["", "e3-f4", "11", "11-", "eleven to fifteen", "11/15"])
def test_unreadable_text_is_an_invalid_move(text: str) -> None:
    """Text that is not a list of squares cannot be read."""
    with pytest.raises(InvalidMoveError, match="cannot read"):
        parse_move(START, text)


def test_squares_off_the_board_are_invalid() -> None:
    """Square 33 does not exist on an 8×8 board (but 50 does on 10×10)."""
    with pytest.raises(InvalidMoveError, match="no square 33"):
        parse_move(START, "29-33")
    assert parse_move(Position.initial("international"), "31-26") == Move((31, 26))


def test_errors_are_value_errors() -> None:
    """All three errors are ValueErrors, so callers can catch them together."""
    for error in (InvalidMoveError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(error, ValueError)


def test_describe_moves_uses_the_shortest_unambiguous_text() -> None:
    """Short `22x6`-style text unless two moves share start and end."""
    assert describe_moves(FORK.legal_moves()) == ["22x15", "23x14"]
    assert describe_moves(DIAMOND.legal_moves()) == ["22x13x6", "22x15x6"]


def test_apply_refuses_a_move_that_is_not_legal() -> None:
    """Applying a move that is not in legal_moves() raises and leaves the position unchanged."""
    before = FORK.to_fen()
    with pytest.raises(IllegalMoveError, match="22-17 is not a legal move"):
        FORK.apply(Move((22, 17)))
    assert FORK.to_fen() == before


def test_ck13_either_route_round_a_ring_reads_as_the_one_move() -> None:
    """CK-6/CK-13: both directions round the ring take the same men to the same end: one move,
    listed once, and either written route reads as it."""
    ring = Position.from_fen("W:W22:B18,19,26,27", "box")
    (move,) = ring.legal_moves()
    assert parse_move(ring, "22x15x24x31x22") == move
    assert parse_move(ring, "22x31x24x15x22") == move
    assert parse_move(ring, "22x22") == move


def test_reprs_rebuild_the_values() -> None:
    """repr of a position or move is the expression that rebuilds it."""
    assert repr(FORK) == "Position.from_fen('W:W22,23:B18', 'box')"
    assert repr(Move((22, 15), (18,))) == "Move(path=(22, 15), captures=(18,))"


def test_ck13_an_exact_path_wins_over_a_longer_route_through_it() -> None:
    """CK-13: `15x4` is the whole path of the one-piece capture; the six-piece capture that also
    runs from 15 to 4 needs its own full path."""
    position = Position.from_fen("W:W7,K15,K21,28:BK9,10,11,K19,K22,27", "pool")
    assert parse_move(position, "15x4").captures == (11,)
    long_way = parse_move(position, "15x6x13x31x24x15x4")
    assert sorted(long_way.captures) == [9, 10, 11, 19, 22, 27]
