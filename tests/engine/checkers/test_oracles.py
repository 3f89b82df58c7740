"""Our legal moves against independent engines, on positions from seeded random self-play.

- py-draughts (in this venv): its Russian and Brazilian boards; for pool, its own move core with
  Brazilian crowning (a man passes the far row) and no majority rule, which is pool's rule set.
- pydraughts (MIT, run in a subprocess, see conftest.py): English and international.
Box rules have no implementation elsewhere: the hand-worked rule tests and the plain reference
generator (test_reference.py) cover them.

Moves are compared as (start, end, captured squares): capture routes that take the same pieces
and end on the same square are one move for us (and for the published perft counts), while the
oracles may list each route.
"""

from __future__ import annotations

from collections.abc import Callable

import draughts
import pytest
from draughts.boards._core import CORE_BRAZILIAN

from engine.checkers import Position
from tests.engine.checkers.samples import MoveKey, disagreements, keys_of, scattered, self_play

POSITIONS_PER_VARIANT = 1000
SCATTERED_PER_VARIANT = 1000


class _PoolBoard(draughts.BrazilianBoard):
    """py-draughts' Brazilian move core without the majority rule: the pool rule set."""

    @property
    def legal_moves(self) -> list[draughts.Move]:
        return self._legal_moves_from_core(CORE_BRAZILIAN, max_capture=False)


PY_DRAUGHTS_BOARDS = {
    "russian": draughts.RussianBoard,
    "brazilian": draughts.BrazilianBoard,
    "pool": _PoolBoard,
}


@pytest.mark.slow
@pytest.mark.parametrize(("variant", "seed"), [("russian", 1), ("brazilian", 2), ("pool", 3)])
def test_move_sets_match_py_draughts(variant: str, seed: int) -> None:
    """1,000 self-play and 1,000 scattered positions: our move set equals py-draughts'."""
    board_class = PY_DRAUGHTS_BOARDS[variant]

    def theirs(position: Position) -> set[MoveKey]:
        board = board_class.from_fen(position.to_fen())
        return keys_of(((m.square_list, m.captured_list) for m in board.legal_moves), 1)

    positions = self_play(variant, POSITIONS_PER_VARIANT, seed)
    assert len(positions) == POSITIONS_PER_VARIANT
    assert disagreements(positions, theirs) == []
    assert disagreements(scattered(variant, SCATTERED_PER_VARIANT, seed), theirs) == []


@pytest.mark.slow
@pytest.mark.parametrize(
    ("variant", "oracle_name", "seed"),
    [("english", "english", 4), ("international", "standard", 5)],
)
def test_move_sets_match_pydraughts(
    variant: str,
    oracle_name: str,
    seed: int,
    pydraughts_moves: Callable[[str, list[str]], list[list[list[list[int]]]]],
) -> None:
    """1,000 self-play and 1,000 scattered positions: our move set equals pydraughts'."""
    positions = self_play(variant, POSITIONS_PER_VARIANT, seed)
    assert len(positions) == POSITIONS_PER_VARIANT
    positions += scattered(variant, SCATTERED_PER_VARIANT, seed)
    answers = pydraughts_moves(oracle_name, [p.to_fen() for p in positions])
    by_position = {
        position: keys_of((path, captures) for path, captures in answer)
        for position, answer in zip(positions, answers, strict=True)
    }
    assert disagreements(positions, by_position.__getitem__) == []


def test_oracle_samples_have_kings_and_captures() -> None:
    """The samples reach the positions that matter: kings, multi-captures, king captures."""
    positions = self_play("russian", 300, 1)
    assert any(p.king_bits for p in positions)
    assert any(len(m.captures) >= 2 for p in positions for m in p.legal_moves())
    sparse = scattered("russian", 300, 1)
    king_captures = [
        move
        for position in sparse
        for move in position.legal_moves()
        if move.is_capture and getattr(position.piece_at(move.start), "king", False)
    ]
    assert len(king_captures) > 30
