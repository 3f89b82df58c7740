"""A play built one move at a time (BG-3..BG-12): every build ends on a legal play, and every
legal play can be built, checked against open_spiel's resulting positions."""

from __future__ import annotations

from functools import cache

import pytest

from engine.backgammon import FIVE_LIMIT, IllegalMoveError, Move, Play, Position, Side
from engine.backgammon.stepwise import Pick, build
from tests.engine.backgammon.boards import row
from tests.engine.backgammon.oracles import Turn, self_play


@cache
def sample(seed: int, pairs: int) -> tuple[Turn, ...]:
    """Seeded self-play turns with open_spiel's resulting positions."""
    return tuple(self_play(seed, pairs))


def every_build(position: Position, dice: tuple[int, int]) -> set[Play]:
    """The plays reached by every sequence of picks the builder offers."""
    reached: set[Play] = set()

    def walk(picked: tuple[Pick, ...]) -> None:
        step = build(position, dice, picked)
        if step.play is not None:
            assert step.next_moves == ()
            reached.add(step.play)
            return
        assert step.next_moves, f"a dead end after {picked}"
        for move, die in step.next_moves:
            walk((*picked, (move.source, move.target, die)))

    walk(())
    return reached


def test_bg3_to_bg12_every_build_ends_on_a_legal_play_and_reaches_every_one() -> None:
    turns = [t for t in sample(7, 300) if t.position.legal_plays(t.dice) != (Play(),)]
    many = 0
    for turn in turns:
        built = every_build(turn.position, turn.dice)
        assert frozenset(turn.position.apply(play) for play in built) == turn.spiel
        assert built <= set(turn.position.legal_plays(turn.dice))
        many += len(built) > 25
    assert many >= 10  # rolls a one-step menu could not hold


def test_opening_six_five_offers_each_die_from_every_open_point_only() -> None:
    # Own numbering: 24 (2), 13 (5), 8 (3), 6 (5); the opponent holds our 1, 12, 17 and 19,
    # so 24/19 and 6/1 are blocked, and a 6 from the 6-point would bear off (not all home).
    first = build(Position.initial(), (6, 5), ())
    offered = {(move.text(), die) for move, die in first.next_moves}
    assert offered == {("24/18", 6), ("13/7", 6), ("8/2", 6), ("13/8", 5), ("8/3", 5)}
    then = build(Position.initial(), (6, 5), [(24, 18, 6)])
    assert {(m.text(), d) for m, d in then.next_moves} == {("18/13", 5), ("13/8", 5), ("8/3", 5)}
    done = build(Position.initial(), (6, 5), [(24, 18, 6), (18, 13, 5)])
    assert done.play is not None and done.play.notation() == "24/13"


def test_bg11_bear_off_by_the_larger_die_only_once_the_higher_checker_is_gone() -> None:
    # Own checkers on the 5- and 3-points only: with 6-5 the 3 can go off by the 6 only after
    # the 5 has gone (overshooting needs the highest point), and never by the 5.
    position = Position((row(p5=1, p3=1), row(p24=2)), off=(13, 13))
    first = {(m.text(), d) for m, d in build(position, (6, 5), ()).next_moves}
    assert first == {("5/off", 6), ("5/off", 5)}
    after = {(m.text(), d) for m, d in build(position, (6, 5), [(5, 0, 5)]).next_moves}
    assert after == {("3/off", 6)}


def test_bg10_the_bar_first_and_hits_marked() -> None:
    # White has one on the bar; Black's blot sits on White's 22-point.
    position = Position((row(p6=14), row(p3=1, p6=14)), bar=(1, 0))
    first = build(position, (3, 1), ())
    assert {(m.text(), d) for m, d in first.next_moves} == {("bar/22*", 3), ("bar/24", 1)}


def test_five_limit_caps_a_point_while_building() -> None:
    # Five checkers already on the 5-point: a sixth may not land there.
    position = Position((row(p5=5, p6=10), row(p24=15)), turn=Side.WHITE)
    offered = {(m.text(), d) for m, d in build(position, (1, 2), (), FIVE_LIMIT).next_moves}
    assert ("6/5", 1) not in offered and ("6/4", 2) in offered


def test_a_forged_or_stale_pick_is_refused() -> None:
    with pytest.raises(IllegalMoveError) as refused:
        build(Position.initial(), (6, 5), [(6, 1, 5)])  # the 1-point is blocked
    assert refused.value.code == "bg.build.stale"
    with pytest.raises(IllegalMoveError):
        build(Position.initial(), (6, 5), [(24, 18, 5)])  # a 6 is not a 5
    assert Move(24, 18).text() == "24/18"
