"""Legal plays (BG-3..BG-12) and Position IDs (BG-17) checked against open_spiel and gnubg."""

from __future__ import annotations

from collections import Counter
from functools import cache

import gnubg
import pytest

from engine.backgammon import Play, Position
from tests.engine.backgammon.oracles import Turn, gnubg_board, gnubg_plays, self_play


@cache
def sample(seed: int, pairs: int) -> tuple[Turn, ...]:
    """`pairs` turns of seeded self-play, shared by the tests below."""
    return tuple(self_play(seed, pairs))


def features(turn: Turn, plays: tuple[Play, ...]) -> set[str]:
    """The kinds of situation a turn exercises, so the sample's coverage can be asserted."""
    position, dice = turn.position, turn.dice
    mover = position.turn
    found: set[str] = set()
    most = max(len(p.moves) for p in plays)
    full = 4 if dice[0] == dice[1] else 2
    if position.bar[mover]:
        found.add("bar")
        if most == 0:
            found.add("dance")
        elif most < full:
            found.add("partial entry")
    if most < full and dice[0] == dice[1] and most:
        found.add("partial doubles")
    if most == 1 and dice[0] != dice[1]:
        found.add("only one die")
    moves = [m for p in plays for m in p.moves]
    if any(m.hit for m in moves):
        found.add("hit")
    if any(m.target == 0 and m.source not in dice for m in moves):
        found.add("bear-off overshoot")
    home = position.points[mover]
    if not position.bar[mover] and not any(home[6:]) and position.off[mover] < 15:
        top = max(i + 1 for i, n in enumerate(home) if n)
        if any(not home[d - 1] and d < top for d in dice):
            found.add("must move inside")
    return found


def compare(turns: tuple[Turn, ...]) -> Counter[str]:
    """Assert every turn agrees with both engines; return the situations covered."""
    covered: Counter[str] = Counter()
    disagreements: list[str] = []
    for turn in turns:
        position, dice = turn.position, turn.dice
        plays = position.legal_plays(dice)
        ours = [position.apply(play) for play in plays]
        # BG-8: one play per resulting position.
        assert len(set(ours)) == len(ours)
        if frozenset(ours) != turn.spiel:
            disagreements.append(f"open_spiel {position.position_id()} {dice}")
        told = gnubg_plays(position, dice)
        passes = plays == (Play(),)
        bearing_off = sum(1 for p in plays if any(m.target == 0 for m in p.moves))
        if (
            told.count != (0 if passes else len(plays))
            or not told.complete <= set(ours)
            or told.bearing_off != bearing_off
        ):
            disagreements.append(f"gnubg {position.position_id()} {dice}")
        covered["pairs"] += 1
        covered.update(features(turn, plays))
    assert disagreements == []
    return covered


KINDS = (
    "bar",
    "dance",
    "partial entry",
    "partial doubles",
    "only one die",
    "hit",
    "bear-off overshoot",
    "must move inside",
)


def test_bg3_to_bg12_legal_plays_match_open_spiel_and_gnubg() -> None:
    covered = compare(sample(11, 400))
    assert covered["pairs"] >= 300
    assert covered["hit"] and covered["bar"]


@pytest.mark.slow
def test_bg3_to_bg12_legal_plays_match_oracles_on_3000_self_play_pairs() -> None:
    turns = sample(2026, 3200)
    covered = compare(turns)
    assert covered["pairs"] >= 3000
    for kind in KINDS:
        assert covered[kind] >= 10, (kind, covered)


def test_bg17_position_id_matches_gnubg_both_ways() -> None:
    positions = {turn.position for turn in sample(11, 400)}
    assert len(positions) >= 300
    for position in positions:
        ours = position.position_id()
        assert ours == gnubg.positionid(gnubg_board(position))
        assert Position.from_position_id(ours, position.turn) == position
        waiting, on_roll = gnubg.positionfromid(ours)
        assert (tuple(waiting), tuple(on_roll)) == gnubg_board(position)


@pytest.mark.slow
def test_bg17_position_id_round_trips_against_gnubg_on_thousands() -> None:
    positions = {turn.position for turn in sample(2026, 3200)}
    assert len(positions) >= 2500
    for position in positions:
        ours = position.position_id()
        assert ours == gnubg.positionid(gnubg_board(position))
        assert Position.from_position_id(ours, position.turn) == position
