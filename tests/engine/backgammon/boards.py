"""Small helpers to draw backgammon positions in tests."""

from __future__ import annotations

import random

from engine.backgammon import STANDARD, Position, Side, Variant


def row(**counts: int) -> tuple[int, ...]:
    """A side's 24 point counts from keywords like `p6=5`, in that side's own numbering."""
    return tuple(counts.get(f"p{i}", 0) for i in range(1, 25))


def notations(position: Position, dice: tuple[int, int], variant: Variant = STANDARD) -> set[str]:
    """The notation of every legal play, as a set."""
    return {play.notation() for play in position.legal_plays(dice, variant)}


def reached(seed: int, turns: int, variant: Variant = STANDARD) -> Position:
    """The position after up to `turns` random turns from the variant's start (stdlib random,
    tests only)."""
    rng = random.Random(seed)
    position = Position.initial(Side(rng.randrange(2)), variant)
    for _ in range(turns):
        if position.winner() is not None:
            break
        roll = (rng.randint(1, 6), rng.randint(1, 6))
        position = position.apply(rng.choice(position.legal_plays(roll, variant)))
    return position
