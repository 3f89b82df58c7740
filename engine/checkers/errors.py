"""The errors the checkers engine raises: all are `ValueError`s with a reason a player can read.

The move refusals carry a code registered in `REFUSALS` (code -> English template, see
`engine.reason`); a position text is never typed by a player, so its error has no code.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import ClassVar

from engine.reason import RefusalError

REFUSALS: Mapping[str, str] = MappingProxyType(
    {
        # Text that is not a move at all (CK-13).
        "ck.read.unreadable": (
            "cannot read {text!r} as a move: write squares like 11-15 or 22x15x6"
        ),
        "ck.read.no_square": "there is no square {square}: squares are numbered 1–{count}",
        # A readable move that the rules do not allow here (CK-3..CK-9).
        "ck.build.stale": (
            "those squares lead to no legal move here (the board has changed): "
            "pick again on the game message"
        ),
        "ck.move.ambiguous": "{text} could mean {choices}: give the full path",
        "ck.move.no_move.white": "white has no legal move: the game is over",
        "ck.move.no_move.black": "black has no legal move: the game is over",
        "ck.move.empty_square": "there is no piece on {square}",
        "ck.move.not_yours.white": "the piece on {square} is black; it is white's turn",
        "ck.move.not_yours.black": "the piece on {square} is white; it is black's turn",
        "ck.move.unfinished": (
            "{text} stops too early: a capture goes on while it can ({choices})"
        ),
        "ck.move.majority": (
            "{move} takes {taken}, but the most pieces must be taken ({most}): {choices}"
        ),
        "ck.move.must_capture": "capture is compulsory: {choices}",
        "ck.move.not_from": "{text} is not legal; from {square}: {choices}",
        "ck.move.cannot_move": "the piece on {square} cannot move; legal moves: {choices}",
        "ck.move.not_legal": "{move} is not a legal move here",
        # A finished game refuses moves and draw offers (CK-10..CK-12); one code per ending.
        "ck.over.white.no_pieces": "the game is over: White wins: no pieces left.",
        "ck.over.black.no_pieces": "the game is over: Black wins: no pieces left.",
        "ck.over.white.no_moves": "the game is over: White wins: no legal move.",
        "ck.over.black.no_moves": "the game is over: Black wins: no legal move.",
        "ck.over.white.king_count": (
            "the game is over: White wins: no man move or capture left; kings counted."
        ),
        "ck.over.black.king_count": (
            "the game is over: Black wins: no man move or capture left; kings counted."
        ),
        "ck.over.draw.king_count": (
            "the game is over: Draw: no man move or capture left; kings counted."
        ),
        "ck.over.draw.agreement": "the game is over: Draw: draw agreed.",
        "ck.over.draw.repetition": "the game is over: Draw: the same position for the third time.",
        "ck.over.draw.no_progress": (
            "the game is over: Draw: only kings moving, without capture, for too long."
        ),
    }
)


class CheckersRefusal(RefusalError):
    """A refusal with a code from `REFUSALS`."""

    templates: ClassVar[Mapping[str, str]] = REFUSALS


class InvalidPositionError(ValueError):
    """A position text (PDN FEN) that cannot be read or describes an impossible board."""


class InvalidMoveError(CheckersRefusal):
    """Move text that cannot be read at all (not squares, squares off the board)."""


class IllegalMoveError(CheckersRefusal):
    """A readable move that the rules do not allow here; the code says why."""


class AmbiguousMoveError(CheckersRefusal):
    """Move text that fits more than one legal move; the `choices` parameter lists them."""
