"""Nackgammon and hypergammon as games: their start, what wins and what a win is worth
(BG-1, BG-13), and their matches' text form (BG-17); positions worked out by hand."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.backgammon import (
    HYPERGAMMON,
    NACKGAMMON,
    STANDARD,
    Move,
    Play,
    Position,
    Side,
    parse_play,
)
from engine.backgammon.cube import Size
from engine.backgammon.game import Game, MatchOptions, Phase
from engine.backgammon.match import Match
from tests.engine.backgammon.boards import reached, row

dice = st.tuples(st.integers(1, 6), st.integers(1, 6))
hyper_positions = st.builds(
    reached, st.integers(0, 2**32), st.integers(0, 60), st.just(HYPERGAMMON)
)


def test_bg1_nackgammon_and_hypergammon_games_start_from_their_own_layouts() -> None:
    nack = Match.start(MatchOptions(variant=NACKGAMMON)).opening_roll(6, 1)
    assert nack.game.position.points[Side.WHITE] == row(p24=2, p23=2, p13=4, p8=3, p6=4)
    assert nack.game.position.points[Side.BLACK] == row(p24=2, p23=2, p13=4, p8=3, p6=4)
    hyper = Match.start(MatchOptions(match_length=3, variant=HYPERGAMMON)).opening_roll(2, 5)
    assert hyper.game.position.turn is Side.BLACK
    assert hyper.game.position.points == (row(p24=1, p23=1, p22=1), row(p24=1, p23=1, p22=1))
    assert hyper.game.position.checkers == 3


def test_bg1_a_game_keeps_its_variants_number_of_checkers() -> None:
    with pytest.raises(ValueError, match="hypergammon is played with 3 checkers"):
        Game(MatchOptions(variant=HYPERGAMMON), Position.initial(), phase=Phase.ROLLING)
    with pytest.raises(ValueError, match="as at the start"):
        Game(MatchOptions(variant=NACKGAMMON))
    # Both sides play with as many checkers.
    with pytest.raises(ValueError, match="WHITE has 3 checkers and BLACK 2"):
        Position((row(p6=3), row(p6=2)))


def test_bg13_bearing_off_the_third_checker_wins_hypergammon() -> None:
    # White: its last checker on the 2-point, two off; Black: all three on its 24-point.
    position = Position((row(p2=1), row(p24=3)), off=(2, 0))
    options = MatchOptions(match_length=5, variant=HYPERGAMMON)
    game = Game(options, position, phase=Phase.MOVING, dice=(3, 1))
    over = game.move(Play((Move(2, 0),)))
    assert over.phase is Phase.OVER
    result = over.result
    assert result is not None and result.winner is Side.WHITE
    # Black has borne off none and stands in White's home board (its 24-point): a backgammon,
    # as GNU Backgammon scores it.
    assert result.size is Size.BACKGAMMON and result.points == 3


def test_bg13_hypergammon_gammon_and_single_as_in_the_standard_game() -> None:
    won = Position((row(), row(p12=3)), off=(3, 0))
    assert won.winner() is Side.WHITE and won.game_value(Side.WHITE) == 2
    saved = Position((row(), row(p1=2)), off=(3, 1))
    assert saved.game_value(Side.WHITE) == 1
    # The standard game still needs all fifteen.
    assert Position((row(p1=1), row(p6=15)), off=(14, 0)).winner() is None


def test_bg17_hypergammon_and_nackgammon_matches_survive_the_text_form() -> None:
    for variant in (HYPERGAMMON, NACKGAMMON):
        match = Match.start(MatchOptions(match_length=3, variant=variant))
        states = [match, match.opening_roll(4, 3)]
        moved = states[-1]
        states.append(moved.move(moved.game.legal_plays()[0]))
        for state in states:
            text = state.to_text()
            assert text.startswith(f"v1;{variant.name};")
            assert Match.from_text(text) == state
    assert STANDARD.checkers == 15


@settings(max_examples=60, deadline=None)
@given(hyper_positions, dice)
def test_bg1_bg18_hypergammon_keeps_three_checkers_and_its_notation_reads_back(
    position: Position, roll: tuple[int, int]
) -> None:
    assert Position.from_position_id(position.position_id(), position.turn, 3) == position
    for play in position.legal_plays(roll, HYPERGAMMON):
        after = position.apply(play)
        for side in Side:
            assert sum(after.points[side]) + after.bar[side] + after.off[side] == 3
        assert parse_play(position, roll, play.notation(), HYPERGAMMON) == play


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2**32))
def test_bg13_random_variant_games_always_end(seed: int) -> None:
    for variant, checkers in ((HYPERGAMMON, 3), (NACKGAMMON, 15)):
        position = reached(seed, 5000, variant)
        winner = position.winner()
        assert winner is not None and position.off[winner] == checkers
        assert position.game_value(winner) in (1, 2, 3)
