"""The engine against the plain reference generator, for every variant and above all for box."""

from __future__ import annotations

import pytest

from engine.checkers import Position
from tests.engine.checkers.reference import reference_moves
from tests.engine.checkers.samples import disagreements, scattered, self_play

VARIANTS = ["box", "russian", "english", "brazilian", "pool", "international"]


@pytest.mark.parametrize("variant", VARIANTS)
def test_reference_agrees_on_a_small_sample(variant: str) -> None:
    """200 self-play and 200 scattered positions per variant."""
    positions = self_play(variant, 200, 11) + scattered(variant, 200, 11)
    assert disagreements(positions, reference_moves) == []


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_reference_agrees_on_a_large_sample(variant: str) -> None:
    """2,000 self-play and 2,000 scattered positions per variant (box has no other oracle)."""
    positions = self_play(variant, 2000, 21) + scattered(variant, 2000, 21)
    assert disagreements(positions, reference_moves) == []


def test_reference_sees_the_box_rules() -> None:
    """The reference itself follows CK-7 and CK-9 on the hand-worked positions."""
    assert reference_moves(Position.from_fen("W:W11:B7,9", "box")) == {(11, 13, frozenset({7, 9}))}
    assert reference_moves(Position.from_fen("W:WK29:B18", "box")) == {(29, 15, frozenset({18}))}
