"""A move built one square at a time: every build ends on a legal move, every legal move can be
built, and nothing else is offered (CK-3..CK-9)."""

from __future__ import annotations

import pytest

from engine.checkers import VARIANTS, IllegalMoveError, Move, Position
from engine.checkers.stepwise import build
from tests.engine.checkers.samples import scattered, self_play


def every_build(position: Position) -> set[Move]:
    """The moves reached by every sequence of squares the builder offers."""
    reached: set[Move] = set()

    def walk(picked: tuple[int, ...]) -> None:
        step = build(position, picked)
        if step.move is not None:
            assert step.move.path == picked
            reached.add(step.move)
        assert step.next_squares or step.move is not None, f"a dead end at {picked}"
        for square in step.next_squares:
            walk((*picked, square))

    walk(())
    return reached


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_ck3_to_ck9_every_build_is_a_legal_move_and_every_legal_move_can_be_built(
    variant: str,
) -> None:
    positions = self_play(variant, 40, 5) + scattered(variant, 40, 5)
    for position in positions:
        moves = set(position.legal_moves())
        if moves:
            assert every_build(position) == moves, position


def test_the_opening_offers_the_men_that_can_move_then_their_squares() -> None:
    # White's men on 21-32 move first; only the front row (21-24) can move.
    position = Position.initial("russian")
    assert set(build(position, ()).next_squares) == {21, 22, 23, 24}
    assert set(build(position, (22,)).next_squares) == {17, 18}
    done = build(position, (22, 18))
    assert done.move is not None and done.move.pdn() == "22-18" and not done.captures


def test_a_capture_is_built_square_by_square_to_its_end() -> None:
    # White man on 22, black men on 18 and 11 (the second jump lands on 8), box rules.
    position = Position.from_fen("W:W22:B18,11", "box")
    assert build(position, ()).next_squares == (22,)
    middle = build(position, (22, 15))
    assert middle.captures and middle.move is None and middle.next_squares == (8,)
    assert build(position, (22, 15, 8)).move is not None


def test_a_square_off_every_legal_path_is_refused() -> None:
    with pytest.raises(IllegalMoveError) as refused:
        build(Position.initial("russian"), (22, 19))
    assert refused.value.code == "ck.build.stale"
