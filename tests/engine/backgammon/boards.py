"""Small helpers to draw backgammon positions in tests."""

from __future__ import annotations

from engine.backgammon import STANDARD, Position, Variant


def row(**counts: int) -> tuple[int, ...]:
    """A side's 24 point counts from keywords like `p6=5`, in that side's own numbering."""
    return tuple(counts.get(f"p{i}", 0) for i in range(1, 25))


def notations(position: Position, dice: tuple[int, int], variant: Variant = STANDARD) -> set[str]:
    """The notation of every legal play, as a set."""
    return {play.notation() for play in position.legal_plays(dice, variant)}
