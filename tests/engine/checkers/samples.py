"""Test positions for the cross-checks: seeded self-play and scattered king-rich positions."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

from engine.checkers import Position

MoveKey = tuple[int, int, frozenset[int]]


def self_play(variant: str, count: int, seed: int) -> list[Position]:
    """Distinct positions from random games (seeded, so every run checks the same ones)."""
    rng = random.Random(seed)
    found: dict[Position, None] = {}
    while len(found) < count:
        position = Position.initial(variant)
        for _ in range(160):
            found.setdefault(position)
            moves = position.legal_moves()
            if not moves:
                break
            position = position.apply(rng.choice(moves))
    return list(found)[:count]


def scattered(variant: str, count: int, seed: int) -> list[Position]:
    """Random sparse positions rich in kings, where the flying-king rules get tested hardest."""
    rng = random.Random(seed)
    size = Position.initial(variant).variant.squares
    row = 5 if size == 50 else 4
    found: dict[Position, None] = {}
    while len(found) < count:
        whites, blacks = rng.randint(1, 7), rng.randint(1, 7)
        squares = rng.sample(range(1, size + 1), whites + blacks)
        sides: dict[str, list[str]] = {"W": [], "B": []}
        for index, square in enumerate(squares):
            color = "W" if index < whites else "B"
            crowning_row = square <= row if color == "W" else square > size - row
            king = crowning_row or rng.random() < 0.4
            sides[color].append(f"K{square}" if king else str(square))
        fen = f"{rng.choice('WB')}:W{','.join(sides['W'])}:B{','.join(sides['B'])}"
        found.setdefault(Position.from_fen(fen, variant))
    return list(found)


def our_keys(position: Position) -> set[MoveKey]:
    return {(m.start, m.end, frozenset(m.captures)) for m in position.legal_moves()}


def keys_of(moves: Iterable[tuple[list[int], list[int]]], offset: int = 0) -> set[MoveKey]:
    """Oracle moves as keys; py-draughts numbers squares from 0, hence the offset."""
    return {
        (path[0] + offset, path[-1] + offset, frozenset(c + offset for c in captures))
        for path, captures in moves
    }


def disagreements(
    positions: list[Position], theirs: Callable[[Position], set[MoveKey]]
) -> list[str]:
    report = []
    for position in positions:
        ours, other = our_keys(position), theirs(position)
        if ours != other:
            report.append(
                f"{position.to_fen()}: only ours {sorted(ours - other, key=str)}, "
                f"only theirs {sorted(other - ours, key=str)}"
            )
    return report
