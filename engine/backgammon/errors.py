"""The three ways a typed backgammon play can be refused; all are ValueErrors."""

from __future__ import annotations


class InvalidMoveError(ValueError):
    """The text cannot be read as a play at all."""


class IllegalMoveError(ValueError):
    """The text reads as a play, but the rules do not allow it; the message says why."""


class AmbiguousMoveError(ValueError):
    """The text fits more than one legal play; the message lists them."""

    def __init__(self, message: str, choices: tuple[str, ...]) -> None:
        super().__init__(message)
        self.choices = choices
