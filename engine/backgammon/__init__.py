"""Backgammon rules: positions, legal plays, notation and GNU Backgammon Position IDs.

Match play (cube, match score, Match ID) lives beside this core and is re-exported from
`engine.backgammon.matchplay`, which its authors own.
"""

from __future__ import annotations

from engine.backgammon.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from engine.backgammon.notation import parse_play
from engine.backgammon.play import Move, Play
from engine.backgammon.position import Position, Side
from engine.backgammon.variant import (
    BADGAMMON,
    FIVE_LIMIT,
    HYPERGAMMON,
    NACKGAMMON,
    STANDARD,
    VARIANTS,
    OpeningRoll,
    Variant,
)

__all__ = [
    "BADGAMMON",
    "FIVE_LIMIT",
    "HYPERGAMMON",
    "NACKGAMMON",
    "STANDARD",
    "VARIANTS",
    "AmbiguousMoveError",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "OpeningRoll",
    "Play",
    "Position",
    "Side",
    "Variant",
    "parse_play",
]
