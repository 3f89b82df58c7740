"""Hints for the player to move: the `Coach` the service asks, and what a hint holds.

The service never imports `ai`: a coach (the expert computer behind it) is injected and answers
in plain data shaped as below.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from bot.store import GameKind

HINT_COUNT = 3  # the top plays a /hint shows

# What a suggestion's value measures.
EQUITY = "equity"  # backgammon: expected points per unit of cube, for the mover
RANK = "rank"  # backgammon at the built-in level: an order of plays, no comparable values
MEN = "men"  # checkers: the search's score for the mover, in men
WIN, LOSS = "win", "loss"  # a checkers result the search proved


class Suggestion(Protocol):
    """One candidate play or move, as a coach ranks it."""

    @property
    def notation(self) -> str:
        """The play or move in standard notation (one of the engine's legal ones)."""
        ...

    @property
    def value(self) -> float | None:
        """Its value for the mover; None for the unit `RANK` and for a proven result."""
        ...

    @property
    def loss(self) -> float | None:
        """How far below the best it is (0 for the best); None where `value` is."""
        ...

    @property
    def forced(self) -> str | None:
        """`WIN` or `LOSS` when the search proved the result after this move, else None."""
        ...


class Advice(Protocol):
    """The best plays for the player to move, best first, and what their values mean."""

    @property
    def suggestions(self) -> Sequence[Suggestion]:
        """Best first."""
        ...

    @property
    def unit(self) -> str:
        """`EQUITY`, `RANK` or `MEN`."""
        ...


class Coach(Protocol):
    """Ranks the plays of the position on the board, kind by kind (the `ai` package provides
    one)."""

    def for_kind(self, kind: GameKind) -> Any:
        """The coach of `kind`: the interface its rules declare (`BackgammonCoach`,
        `CheckersCoach` in `bot.service.computer`)."""
        ...


@dataclass(frozen=True, slots=True)
class Hint:
    """A hint given in a game: which game, for whom, the dice (backgammon) and the advice."""

    game_id: int
    kind: GameKind
    user_id: int
    dice: tuple[int, int] | None
    advice: Advice
