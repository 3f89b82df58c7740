"""Nackgammon's and hypergammon's starts (BG-1) and legal plays (BG-3..BG-12) checked against
GNU Backgammon and open_spiel's `hyper_backgammon`."""

from __future__ import annotations

from functools import cache

import gnubg
import pytest

from engine.backgammon import HYPERGAMMON, NACKGAMMON, Play, Position, Side
from tests.engine.backgammon.oracles import (
    HYPER_CHECKERS,
    Turn,
    gnubg_board,
    gnubg_plays,
    self_play,
    spiel_game,
    spiel_position,
    variant_play,
)
from tests.engine.backgammon.test_oracle import compare

# GNU Backgammon's own starting Position IDs (InitBoard in its gnubg.c).
GNUBG_NACKGAMMON_START = "4Dl4ADbgOXgANg"
GNUBG_HYPERGAMMON_START = "AACgAgAAKgAAAA"


@cache
def hyper_sample(seed: int, pairs: int) -> tuple[Turn, ...]:
    """`pairs` turns of seeded open_spiel hypergammon self-play."""
    return tuple(self_play(seed, pairs, hyper=True))


def gnubg_disagreements(turns: list[tuple[Position, tuple[int, int]]]) -> list[str]:
    """The turns where gnubg counts, reaches or bears off differently from our plays."""
    found = []
    for position, dice in turns:
        plays = position.legal_plays(dice, NACKGAMMON)
        ours = {position.apply(play) for play in plays}
        assert len(ours) == len(plays)  # BG-8
        told = gnubg_plays(position, dice)
        passes = plays == (Play(),)
        bearing_off = sum(1 for p in plays if any(m.target == 0 for m in p.moves))
        if (
            told.count != (0 if passes else len(plays))
            or not told.complete <= ours
            or told.bearing_off != bearing_off
        ):
            found.append(f"{position.position_id()} {dice}")
    return found


def test_bg1_nackgammon_and_hypergammon_start_where_gnubg_starts_them() -> None:
    nack = Position.initial(Side.WHITE, NACKGAMMON)
    hyper = Position.initial(Side.WHITE, HYPERGAMMON)
    assert nack.position_id() == GNUBG_NACKGAMMON_START
    assert hyper.position_id() == GNUBG_HYPERGAMMON_START
    waiting, on_roll = gnubg.positionfromid(GNUBG_HYPERGAMMON_START)
    assert (tuple(waiting), tuple(on_roll)) == gnubg_board(hyper)
    # By hand: 2×24 + 2×23 + 4×13 + 3×8 + 4×6 pips, and 24 + 23 + 22.
    assert nack.pip_count(Side.WHITE) == nack.pip_count(Side.BLACK) == 194
    assert hyper.pip_count(Side.WHITE) == hyper.pip_count(Side.BLACK) == 69
    assert NACKGAMMON.checkers == 15 and HYPERGAMMON.checkers == 3


def test_bg1_hypergammon_starts_where_open_spiel_starts_it() -> None:
    state = spiel_game(hyper=True).new_initial_state()
    assert spiel_position(state, Side.WHITE, HYPER_CHECKERS) == Position.initial(
        Side.WHITE, HYPERGAMMON
    )


def test_bg3_to_bg12_hypergammon_plays_match_open_spiel_and_gnubg() -> None:
    covered = compare(hyper_sample(5, 300))
    assert covered["pairs"] == 300
    assert covered["hit"] and covered["bar"]


@pytest.mark.slow
def test_bg3_to_bg12_hypergammon_plays_match_oracles_on_2000_self_play_pairs() -> None:
    turns = hyper_sample(2027, 2200)
    assert len({(turn.position, turn.dice) for turn in turns}) >= 2000
    covered = compare(turns)
    for kind in ("bar", "hit", "bear-off overshoot", "only one die", "partial doubles"):
        assert covered[kind] >= 10, (kind, covered)


def test_bg3_to_bg12_nackgammon_plays_match_gnubg() -> None:
    turns = list(variant_play(7, 300, NACKGAMMON))
    assert len(turns) == 300
    assert gnubg_disagreements(turns) == []


@pytest.mark.slow
def test_bg3_to_bg12_nackgammon_plays_match_gnubg_on_2000_positions() -> None:
    turns = list(variant_play(2027, 2200, NACKGAMMON))
    assert len({position for position, _ in turns}) >= 2000
    assert gnubg_disagreements(turns) == []


def test_bg17_hypergammon_position_ids_round_trip_against_gnubg() -> None:
    positions = {turn.position for turn in hyper_sample(5, 300)}
    assert len(positions) >= 200
    for position in positions:
        ours = position.position_id()
        assert ours == gnubg.positionid(gnubg_board(position))
        assert Position.from_position_id(ours, position.turn, HYPER_CHECKERS) == position
