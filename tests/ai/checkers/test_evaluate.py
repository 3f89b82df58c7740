"""The static evaluation: colour symmetry, material, and the endgame drive."""

from __future__ import annotations

import random

import pytest

from ai.checkers.evaluate import evaluate, masks_for
from ai.checkers.search import key_of
from engine.checkers import VARIANTS, Color, Game, Position


def _score(position: Position) -> int:
    own, opp, kings, white = key_of(position)
    return evaluate(masks_for(position.variant), own, opp, kings, white)


def _mirror(position: Position) -> Position:
    """The same position turned half a circle with the colours swapped (CK-1 is symmetric)."""
    last = position.variant.squares + 1
    sides: dict[Color, list[str]] = {Color.WHITE: [], Color.BLACK: []}
    for square, piece in position.pieces():
        text = f"K{last - square}" if piece.king else str(last - square)
        sides[piece.color.opponent].append(text)
    turn = position.turn.opponent.value
    fen = f"{turn}:W{','.join(sides[Color.WHITE])}:B{','.join(sides[Color.BLACK])}"
    return Position.from_fen(fen, position.variant)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_evaluation_does_not_depend_on_colour(variant: str) -> None:
    """A position and its colour-swapped mirror score the same for the side to move."""
    rng = random.Random(3)
    game = Game.new(variant)
    for _ in range(120):
        if game.result() is not None:
            game = Game.new(variant)
        assert _score(game.position) == _score(_mirror(game.position))
        game = game.play(rng.choice(game.position.legal_moves()))


def test_a_king_is_worth_more_than_a_man() -> None:
    """CK-8: the same board with a man crowned is better for its owner."""
    man = Position.from_fen("W:W18:B3", "russian")
    king = Position.from_fen("W:WK18:B3", "russian")
    assert _score(king) > _score(man) > 0


def test_ahead_in_kings_closer_is_better() -> None:
    """The side ahead prefers its kings near the weaker side's pieces (no endless shuffling)."""
    near = Position.from_fen("W:WK10,K14:BK1", "russian")
    far = Position.from_fen("W:WK29,K32:BK1", "russian")
    assert _score(near) > _score(far)
