"""The world-class level: which plays get the deeper search within the time budget, and how the
deeper values decide; the level in the player, and its fallback without Open Sage."""

from __future__ import annotations

from collections.abc import Sequence
from importlib.util import find_spec

import pytest

from ai.backgammon.context import CubeContext, board_for
from ai.backgammon.evaluator import CubeAdvice, RankedPlay
from ai.backgammon.player import BackgammonPlayer
from ai.backgammon.world_class import CANDIDATES, WINDOW, WorldClass
from ai.levels import Level
from engine.backgammon import Play, Position

from .positions import before_roll, position, random_matches

needs_sage = pytest.mark.skipif(find_spec("bgsage") is None, reason="needs the `ai` extra")
# White 6-4 from the opening position: 15 legal plays, a known set to rank.
OPENING = Position.initial()
DICE = (6, 4)
PLAYS = OPENING.legal_plays(DICE)


class Clock:
    """A timer the fakes move on: each evaluation costs the seconds it is given."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Shallow:
    """A 2-ply pass giving each play a value by hand: the play at index i is worth -i/100
    (so the first plays are close and the rest are further below), costing `cost` seconds."""

    has_equity = True
    name = "2 plies by hand"

    def __init__(self, clock: Clock, cost: float = 0.0, step: float = 0.01) -> None:
        self.clock, self.cost, self.step = clock, cost, step

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        self.clock.now += self.cost
        return [RankedPlay(play, -self.step * i, -self.step * i) for i, play in enumerate(plays)]

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        self.clock.now += self.cost
        return CubeAdvice(double=False, take=True)


class Deeper:
    """A 3-ply search that reverses the order of the plays it is shown: the later a play came in
    the 2-ply order, the more it is worth; each look costs `cost` seconds and is noted."""

    def __init__(self, clock: Clock, cost: float) -> None:
        self.clock, self.cost = clock, cost
        self.boards: list[tuple[int, ...]] = []

    def post_move_values(self, board: tuple[int, ...], context: CubeContext) -> tuple[float, float]:
        self.clock.now += self.cost
        self.boards.append(board)
        value = 0.01 * len(self.boards)
        return value, value

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        self.clock.now += self.cost
        return CubeAdvice(double=True, take=False)


def board(play: Play) -> tuple[int, ...]:
    return board_for(OPENING.apply(play), OPENING.turn)


def world_class(
    seconds: float | None, *, shallow_cost: float = 0.0, deep_cost: float = 1.0, step: float = 0.01
) -> tuple[WorldClass, Deeper]:
    clock = Clock()
    deep = Deeper(clock, deep_cost)
    shallow = Shallow(clock, shallow_cost, step)
    return WorldClass(seconds, timer=clock, shallow=shallow, deep=deep), deep


def test_without_a_limit_every_close_play_is_searched_deeper_and_the_deeper_values_decide() -> None:
    evaluator, deep = world_class(None)
    ranked = evaluator.rank(OPENING, DICE, PLAYS, CubeContext())
    # The first CANDIDATES plays are within WINDOW of the best (5 hundredths at most): each is
    # searched once, best first, and the deeper search reverses them.
    assert deep.boards == [board(play) for play in PLAYS[:CANDIDATES]]
    assert [item.play for item in ranked[:CANDIDATES]] == list(reversed(PLAYS[:CANDIDATES]))
    assert [item.play for item in ranked[CANDIDATES:]] == list(PLAYS[CANDIDATES:])
    assert evaluator.deepened == CANDIDATES


def test_the_budget_stops_the_deeper_search_before_it_would_run_over() -> None:
    """2.5 s, each deeper look 1 s: the first starts (no cost known, nothing spent), the second
    fits (1 s spent + 1 s), a third would end at 3 s: two plays are searched deeper."""
    evaluator, deep = world_class(2.5)
    ranked = evaluator.rank(OPENING, DICE, PLAYS, CubeContext())
    assert deep.boards == [board(PLAYS[0]), board(PLAYS[1])]
    assert [item.play for item in ranked[:3]] == [PLAYS[1], PLAYS[0], PLAYS[2]]


def test_a_budget_spent_on_the_first_pass_leaves_the_2_ply_choice() -> None:
    """More than half the budget gone before any deeper look: none is started."""
    evaluator, deep = world_class(1.0, shallow_cost=0.6)
    ranked = evaluator.rank(OPENING, DICE, PLAYS, CubeContext())
    assert deep.boards == []
    assert [item.play for item in ranked] == list(PLAYS)


def test_one_deeper_value_alone_is_not_compared_with_2_ply_values() -> None:
    """Room for one deeper look only (1 s of 1.5 s): the 2-ply order stands."""
    evaluator, deep = world_class(1.5, deep_cost=1.0)
    ranked = evaluator.rank(OPENING, DICE, PLAYS, CubeContext())
    assert len(deep.boards) == 1
    assert [item.play for item in ranked] == list(PLAYS)


def test_a_play_far_ahead_at_2_plies_is_not_searched_deeper() -> None:
    """Plays WINDOW apart: nothing is close to the best, so nothing is searched again."""
    evaluator, deep = world_class(None, step=WINDOW + 0.01)
    ranked = evaluator.rank(OPENING, DICE, PLAYS, CubeContext())
    assert deep.boards == [] and ranked[0].play == PLAYS[0]


def test_the_cube_is_decided_deeper_only_when_the_budget_allows() -> None:
    quick, _ = world_class(2.0, shallow_cost=0.1, deep_cost=0.5)
    slow, _ = world_class(2.0, shallow_cost=0.5, deep_cost=0.5)
    # 0.1 s for 2 plies: the deeper cube analysis is expected in time (the fakes disagree).
    assert quick.cube(OPENING, CubeContext()).double is True
    assert slow.cube(OPENING, CubeContext()).double is False


def test_a_budget_is_positive() -> None:
    with pytest.raises(ValueError, match="positive number of seconds"):
        world_class(0.0)


@needs_sage
def test_world_class_with_a_tiny_budget_plays_legally_and_doubles_when_far_ahead() -> None:
    """Open Sage itself, at a budget so small that no 3-ply look starts (fast enough for a
    test): legal plays; far ahead in a short race, double and pass; no double at the start."""
    player = BackgammonPlayer(Level.WORLD_CLASS, seconds=0.001)
    assert player.notice is None
    for match in random_matches(5, seed=21):
        assert player.choose_play(match) in match.game.legal_plays()
    # White: 2 on its 5-point, 2 on its 4-point; Black: 3 on its 6- and 5-points. White is off in
    # two rolls but for a poor pair of rolls, Black needs three but for a double: Black's chance
    # is far below the 25% a take needs, and White is not yet sure to win (double, pass).
    far_ahead = position({5: 2, 4: 2}, {6: 3, 5: 3})
    assert player.wants_to_double(before_roll(far_ahead))
    assert not player.takes_double(before_roll(far_ahead, doubled=True))
    assert not player.wants_to_double(before_roll(Position.initial()))
