"""Properties that hold for every position: text round trips, counting, immutability."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.checkers import Color, Crowning, Position, parse_move, perft
from engine.checkers.board import geometry

VARIANT_NAMES = ["box", "russian", "english", "brazilian", "pool", "international"]


@st.composite
def positions(draw: st.DrawFn) -> Position:
    """Any legal-looking position: up to 12 pieces a side, men off their crowning rows."""
    variant = draw(st.sampled_from(VARIANT_NAMES))
    size = geometry(10 if variant == "international" else 8).squares
    row = 5 if size == 50 else 4  # dark squares in a row
    squares = draw(st.lists(st.integers(1, size), min_size=1, max_size=24, unique=True))
    sides: dict[str, list[str]] = {"W": [], "B": []}
    for square in squares:
        color = draw(st.sampled_from("WB"))
        crowning = square <= row if color == "W" else square > size - row
        king = crowning or draw(st.booleans())
        sides[color].append(f"K{square}" if king else str(square))
    turn = draw(st.sampled_from("WB"))
    return Position.from_fen(f"{turn}:W{','.join(sides['W'])}:B{','.join(sides['B'])}", variant)


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions())
def test_fen_round_trips(position: Position) -> None:
    """CK-13: to_fen then from_fen gives the same position back."""
    assert Position.from_fen(position.to_fen(), position.variant) == position


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions())
def test_counting_matches_listing(position: Position) -> None:
    """The fast leaf counter agrees with legal_moves() in every position."""
    assert perft(position, 1) == len(position.legal_moves())


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions())
def test_every_legal_move_applies_and_reads_back(position: Position) -> None:
    """Each legal move parses from its own text, removes exactly its captures, flips the turn,
    and leaves the original position untouched."""
    before = position.to_fen()
    moves = position.legal_moves()
    assert len(set(moves)) == len(moves)
    if moves:
        assert len({m.is_capture for m in moves}) == 1  # capture is compulsory (CK-5)
    for move in moves:
        assert parse_move(position, move.pdn()) == move
        after = position.apply(move)
        assert after.turn is position.turn.opponent
        mover = position.piece_at(move.start)
        assert mover is not None and mover.color is position.turn
        landed = after.piece_at(move.end)
        assert landed is not None and landed.color is position.turn
        assert not mover.king or landed.king  # a king stays a king
        for square in move.captures:
            assert after.piece_at(square) is None or square == move.end
        assert sum(1 for _ in after.pieces()) == sum(1 for _ in position.pieces()) - len(
            move.captures
        )
    assert position.to_fen() == before


@settings(max_examples=100, deadline=None)
@given(positions())
def test_men_are_crowned_exactly_on_the_far_row(position: Position) -> None:
    """A man that ends its move on the far row is a king; elsewhere it stays a man unless the
    variant crowns mid-capture (box, russian: CK-7)."""
    for move in position.legal_moves():
        mover = position.piece_at(move.start)
        assert mover is not None
        if mover.king:
            continue
        landed = position.apply(move).piece_at(move.end)
        assert landed is not None
        row = position.variant.board_size // 2
        last = position.variant.squares
        far = move.end <= row if mover.color is Color.WHITE else move.end > last - row
        if far:
            assert landed.king
        elif position.variant.crowning is not Crowning.CONTINUES_AS_KING:
            assert not landed.king
