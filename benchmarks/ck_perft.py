"""Checkers perft(8) speed: our engine against py-draughts, side by side, as a ratio.

Run: .venv/bin/python -m benchmarks.ck_perft [depth]

Both sides count leaves the same way (bulk counting at the last ply: the number of legal moves).
py-draughts is driven through its public board API (legal_moves, push, pop). Its American board
lets captures be skipped, so for English the benchmark makes captures compulsory in a subclass
(py-draughts' own move core, called with captures_optional=False) so that both trees are the same
size; the published counts are printed beside each.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import draughts
from draughts.boards._core import CORE_AMERICAN

from engine.checkers import Position, perft

PUBLISHED = {"russian": 929899, "english": 845931}


class _CompulsoryAmericanBoard(draughts.AmericanBoard):
    """py-draughts' American board with capture made compulsory (English rules)."""

    @property
    def legal_moves(self) -> list[Any]:
        return self._legal_moves_from_core(CORE_AMERICAN, max_capture=False)


def _their_perft(board: Any, depth: int) -> int:
    moves = board.legal_moves
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        board.push(move)
        total += _their_perft(board, depth - 1)
        board.pop()
    return total


def _timed(run: Callable[[], int]) -> tuple[int, float]:
    began = time.perf_counter()
    count = run()
    return count, time.perf_counter() - began


def main() -> None:
    """Print perft counts, times and the ours/theirs time ratio for russian and english."""
    depth = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    boards = {"russian": draughts.RussianBoard, "english": _CompulsoryAmericanBoard}
    print(f"perft({depth}), py-draughts {draughts.__version__}, Python {sys.version.split()[0]}")
    header = f"{'variant':<9} {'ours':>9} {'s':>7} {'py-draughts':>12} {'s':>7} {'ratio':>6}"
    print(header)
    for name, board_class in boards.items():
        ours, ours_s = _timed(partial(perft, Position.initial(name), depth))
        theirs, theirs_s = _timed(partial(_their_perft, board_class(), depth))
        print(
            f"{name:<9} {ours:>9} {ours_s:>7.2f} {theirs:>12} {theirs_s:>7.2f}"
            f" {ours_s / theirs_s:>6.2f}"
        )
        if depth == 8 and ours != PUBLISHED[name]:
            print(f"  ours differs from the published {PUBLISHED[name]}")
    print("ratio = our time / py-draughts time (below 1.0: ours is faster)")


if __name__ == "__main__":
    main()
