"""Property tests over positions reached by seeded random games (BG-1, BG-4, BG-17, BG-18)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.backgammon import FIVE_LIMIT, Position, Side, parse_play
from tests.engine.backgammon.boards import reached

dice = st.tuples(st.integers(1, 6), st.integers(1, 6))


positions = st.builds(reached, st.integers(0, 2**32), st.integers(0, 120))
limited = st.builds(reached, st.integers(0, 2**32), st.integers(0, 120), st.just(FIVE_LIMIT))


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions, dice)
def test_bg1_fifteen_checkers_a_side_always(position: Position, roll: tuple[int, int]) -> None:
    for play in position.legal_plays(roll):
        after = position.apply(play)
        for side in Side:
            assert sum(after.points[side]) + after.bar[side] + after.off[side] == 15


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions, dice)
def test_bg18_every_play_notation_parses_back_to_itself(
    position: Position, roll: tuple[int, int]
) -> None:
    for play in position.legal_plays(roll):
        assert parse_play(position, roll, play.notation()) == play


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(limited, dice)
def test_bg4_five_limit_never_stacks_a_sixth_checker(
    position: Position, roll: tuple[int, int]
) -> None:
    mover = position.turn
    for play in position.legal_plays(roll, FIVE_LIMIT):
        after = position.apply(play)
        for point, count in enumerate(after.points[mover]):
            assert count <= max(5, position.points[mover][point])
        assert parse_play(position, roll, play.notation(), FIVE_LIMIT) == play


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(positions)
def test_bg17_position_id_round_trips(position: Position) -> None:
    assert Position.from_position_id(position.position_id(), position.turn) == position


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_bg13_random_games_always_end(seed: int) -> None:
    position = reached(seed, 5000)
    winner = position.winner()
    assert winner is not None
    assert position.game_value(winner) in (1, 2, 3)
