"""A move built one square at a time: the piece first, then each square it lands on.

Where a menu cannot hold every legal move (a 10×10 board, kings, long captures), a player picks
the squares of the move in turn. Only squares on the path of a legal move are offered, so a
finished build is always one of `Position.legal_moves`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.checkers.errors import IllegalMoveError
from engine.checkers.position import Move, Position


@dataclass(frozen=True, slots=True)
class Build:
    """Where a move built square by square stands: the squares that may come next, and the
    legal move the squares picked make, if they make a whole one; `captures` when the move
    being built takes pieces (capture is compulsory, so then every legal move does)."""

    captures: bool
    next_squares: tuple[int, ...]
    move: Move | None


def build(position: Position, picked: Sequence[int]) -> Build:
    """The squares that may follow `picked` (the start square, then each landing) on the way
    to a legal move, and that move once `picked` is its whole path.

    Raises `IllegalMoveError` (`ck.build.stale`) when no legal move starts with `picked`.
    """
    depth = len(picked)
    prefix = tuple(picked)
    moves = [m for m in position.legal_moves() if m.path[:depth] == prefix]
    if not moves:
        raise IllegalMoveError("ck.build.stale")
    whole = next((m for m in moves if len(m.path) == depth), None)
    following = dict.fromkeys(m.path[depth] for m in moves if len(m.path) > depth)
    return Build(moves[0].is_capture, tuple(following), whole)
