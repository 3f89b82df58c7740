"""The errors the checkers engine raises: all are `ValueError`s with a reason a player can read."""

from __future__ import annotations


class InvalidPositionError(ValueError):
    """A position text (PDN FEN) that cannot be read or describes an impossible board."""


class InvalidMoveError(ValueError):
    """Move text that cannot be read at all (not squares, squares off the board)."""


class IllegalMoveError(ValueError):
    """A readable move that the rules do not allow here; the message says why."""


class AmbiguousMoveError(ValueError):
    """Move text that fits more than one legal move; the message lists the choices."""
