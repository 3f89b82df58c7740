"""Luck: the equity the dice gave each side, roll by roll, and the luck-adjusted result.

A roll's luck is the equity of the best play with the dice rolled, less the average over every
roll the dice could have given (the 21 rolls weighted 1/36 or 2/36; for the opening roll the 15
rolls without a double, each 2/30), both as the roller's cubeful equity per unit of cube from
the same evaluator. That is GNU Backgammon's definition (its "luck analysis"). A side's luck is
the sum over its rolls times the cube in play when it rolled, so it is in points (equivalent
money-game points in a match, as gnubg's "EMG (Points)"); the luck-adjusted result is the points
won less the luck the side had over its opponent's.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

from ai.backgammon.analysis import AnalysisUnavailableError
from ai.backgammon.context import CubeContext
from ai.backgammon.evaluator import Evaluator
from engine.backgammon import Position, Side, Variant
from engine.backgammon.matchplay import Match, Phase

# Every roll and its chances: (a, b) with a >= b, doubles once.
ROLLS = tuple((a, b) for a in range(1, 7) for b in range(1, a + 1))
OPENING_ROLLS = tuple((a, b) for a, b in ROLLS if a != b)


@dataclass(frozen=True, slots=True)
class Roll:
    """A roll of the dice: who rolled, the match just after (dice on the board), and whether it
    was the opening roll (which cannot be a double)."""

    side: Side
    after: Match
    opening: bool = False


def rolls(history: Sequence[Match]) -> list[Roll]:
    """The rolls made between consecutive match values of one game or a whole match."""
    found = []
    for before, after in pairwise(history):
        if before.game_number != after.game_number or after.game.phase is not Phase.MOVING:
            continue
        if before.game.phase in (Phase.ROLLING, Phase.OPENING):
            opening = before.game.phase is Phase.OPENING
            found.append(Roll(after.game.position.turn, after, opening))
    return found


def best_value(
    evaluator: Evaluator,
    position: Position,
    dice: tuple[int, int],
    context: CubeContext,
    variant: Variant,
) -> float:
    """The roller's equity after the best play of `dice` (a roll that cannot move: as it stands)."""
    plays = position.legal_plays(dice, variant)
    return evaluator.rank(position, dice, plays, context)[0].value


def luck(roll: Roll, evaluator: Evaluator) -> float:
    """The roll's luck for its roller, in points (the equity per unit of cube times the cube)."""
    if not evaluator.has_equity:
        raise AnalysisUnavailableError(
            f"{evaluator.name} has no equities to analyse with; install the `ai` extra (Open Sage)"
        )
    match = roll.after
    game = match.game
    assert game.dice is not None, "a roll leaves dice on the board"
    position, variant = game.position, game.options.variant
    context = CubeContext.of(match, roll.side)
    choices = OPENING_ROLLS if roll.opening else ROLLS
    total = weight = 0.0
    for dice in choices:
        chance = 1.0 if dice[0] == dice[1] else 2.0
        total += chance * best_value(evaluator, position, dice, context, variant)
        weight += chance
    rolled = best_value(evaluator, position, game.dice, context, variant)
    return (rolled - total / weight) * game.cube.value


def results(history: Sequence[Match]) -> dict[Side, float]:
    """The points each side won (positive) or lost (negative) over the games in `history`."""
    won = dict.fromkeys(Side, 0.0)
    last: dict[int, Match] = {}
    for match in history:
        last[match.game_number] = match
    for match in last.values():
        result = match.game.result
        if result is None:
            continue
        won[result.winner] += result.points
        won[result.winner.opponent] -= result.points
    return won


def totals(lucks: Iterable[tuple[Side, float]]) -> dict[Side, float]:
    """Each side's luck, summed from (side, luck) pairs."""
    summed = dict.fromkeys(Side, 0.0)
    for side, value in lucks:
        summed[side] += value
    return summed


def adjusted(result: dict[Side, float], luck_of: dict[Side, float]) -> dict[Side, float]:
    """Each side's result less the luck it had over its opponent (gnubg's luck-adjusted
    result)."""
    return {side: result[side] - (luck_of[side] - luck_of[side.opponent]) for side in Side}
