"""Checkers (draughts) rules for several variants: positions, moves, PDN, outcomes."""

from __future__ import annotations

from engine.checkers.board import square_coordinates
from engine.checkers.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from engine.checkers.game import EndReason, Game, Outcome
from engine.checkers.notation import describe_moves, parse_move
from engine.checkers.position import Move, Position, perft
from engine.checkers.variant import VARIANTS, Color, Crowning, KingLanding, Piece, Variant

__all__ = [
    "VARIANTS",
    "AmbiguousMoveError",
    "Color",
    "Crowning",
    "EndReason",
    "Game",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "KingLanding",
    "Move",
    "Outcome",
    "Piece",
    "Position",
    "Variant",
    "describe_moves",
    "parse_move",
    "perft",
    "square_coordinates",
]
