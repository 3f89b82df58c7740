"""Perft: leaf counts of the move tree from the start, against the published figures.

A multi-jump capture is one move, and capture routes that take the same pieces and end on the
same square count once (the published Russian figures need that). Box rules have no published
figures, so they are checked by the rule tests instead.
"""

from __future__ import annotations

import pytest

from engine.checkers import Position, perft

# Published counts (Russian/English: depths 1-8; Brazilian/pool: depth 8; international: 1-6).
RUSSIAN = [7, 49, 302, 1469, 7482, 37986, 190146, 929899]
ENGLISH = [7, 49, 302, 1469, 7361, 36768, 179740, 845931]
INTERNATIONAL = [9, 81, 658, 4265, 27117, 167140]
FAST_DEPTH = 6


def public_perft(position: Position, depth: int) -> int:
    """Perft through the public API only (legal_moves and apply), to check the fast path."""
    if depth == 0:
        return 1
    return sum(public_perft(position.apply(m), depth - 1) for m in position.legal_moves())


@pytest.mark.parametrize(("variant", "counts"), [("russian", RUSSIAN), ("english", ENGLISH)])
def test_perft_shallow_8x8(variant: str, counts: list[int]) -> None:
    """Depths 1-6 from the start equal the published counts."""
    start = Position.initial(variant)
    assert [perft(start, d) for d in range(1, FAST_DEPTH + 1)] == counts[:FAST_DEPTH]


def test_perft_shallow_international() -> None:
    """International 10×10, depths 1-5 from the start."""
    start = Position.initial("international")
    assert [perft(start, d) for d in range(1, 6)] == INTERNATIONAL[:5]


@pytest.mark.parametrize(
    "variant", ["box", "russian", "english", "brazilian", "pool", "international"]
)
def test_public_api_agrees_with_fast_perft(variant: str) -> None:
    """legal_moves()/apply() give the same tree as the bitboard counter, 4 plies deep."""
    start = Position.initial(variant)
    assert public_perft(start, 4) == perft(start, 4)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "depth", "expected"),
    [
        ("russian", 7, RUSSIAN[6]),
        ("russian", 8, RUSSIAN[7]),
        ("english", 7, ENGLISH[6]),
        ("english", 8, ENGLISH[7]),
        ("brazilian", 8, 907830),
        ("pool", 8, 929896),
        ("international", 6, INTERNATIONAL[5]),
    ],
)
def test_perft_deep(variant: str, depth: int, expected: int) -> None:
    """The deep published counts: depth 8 for the 8×8 variants, 6 for international."""
    assert perft(Position.initial(variant), depth) == expected
