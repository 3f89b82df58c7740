"""Checkers (draughts) rules for several variants: positions, moves, PDN, results."""

from __future__ import annotations

from engine.checkers.board import square_coordinates
from engine.checkers.errors import (
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
)
from engine.checkers.game import EndReason, Game, GameResult
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
    "GameResult",
    "IllegalMoveError",
    "InvalidMoveError",
    "InvalidPositionError",
    "KingLanding",
    "Move",
    "Piece",
    "Position",
    "Variant",
    "describe_moves",
    "parse_move",
    "perft",
    "square_coordinates",
]
