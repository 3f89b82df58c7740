"""Checkers (draughts) rules for several variants: positions, moves, PDN, outcomes."""

from __future__ import annotations

from engine.checkers.board import square_coordinates
from engine.checkers.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from engine.checkers.position import Move, Position
from engine.checkers.variant import VARIANTS, Color, Crowning, KingLanding, Piece, Variant

__all__ = [
    "VARIANTS",
    "AmbiguousMoveError",
    "Color",
    "Crowning",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "KingLanding",
    "Move",
    "Piece",
    "Position",
    "Variant",
    "square_coordinates",
]
