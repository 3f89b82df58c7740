"""Dice statistics from the verifiable rolls: faces, doubles, pips per roll and entering from the
bar, against what fair dice give, with a chi-square test of the faces.

Only what a player can check counts: rolls of finished backgammon games whose seed is revealed,
each recomputed from that seed (as `/verify` does) before it is counted. Opening rolls are left
out: there each player throws one die, and a tie is thrown again, so they are not two dice of one
player.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

from bot.service.backgammon import BackgammonSession
from bot.service.dice import derive_roll
from bot.service.log import GameLog
from bot.service.outcomes import Rolled
from bot.service.session import Session
from bot.store import GameEvent, GameRow

FACES = 6
# 210 pips over the 30 mixed rolls, 84 over the six doubles (played twice): 294 / 36.
EXPECTED_PIPS = 49 / 6
EXPECTED_DOUBLES = 1 / 6
# The chi-square test of six faces needs about five rolls' dice a face at least to mean much.
LEAST_ROLLS = 15
UNUSUAL = 0.01  # a p-value under this is called unusual


@dataclass(slots=True)
class DiceTally:
    """Rolls counted for one player or one server."""

    games: int = 0
    rolls: int = 0
    faces: list[int] = field(default_factory=lambda: [0] * FACES)
    doubles: int = 0
    pips: int = 0
    bar_rolls: int = 0  # rolls made with a checker on the bar
    bar_entered: int = 0  # of those, the rolls with a die that enters
    bar_expected: float = 0.0  # how many fair dice would have let enter, for those boards
    unverified: int = 0  # rolls the revealed seed does not give (never counted)

    @property
    def chi_square(self) -> float:
        """Pearson's statistic of the faces against six equal shares."""
        dice = sum(self.faces)
        if not dice:
            return 0.0
        expected = dice / FACES
        return sum((seen - expected) ** 2 / expected for seen in self.faces)

    @property
    def p_value(self) -> float:
        """How often fair dice give faces at least this uneven (chi-square, 5 degrees)."""
        return chi_square_5_sf(self.chi_square)

    @property
    def verdict(self) -> str:
        """`few` (too few rolls to judge), `unusual` or `fair`."""
        if self.rolls < LEAST_ROLLS:
            return "few"
        return "unusual" if self.p_value < UNUSUAL else "fair"


def chi_square_5_sf(x: float) -> float:
    """The chi-square survival function for 5 degrees of freedom, in closed form:
    erfc(sqrt(x/2)) + sqrt(2x/pi) * exp(-x/2) * (1 + x/3)."""
    if x <= 0:
        return 1.0
    return math.erfc(math.sqrt(x / 2)) + math.sqrt(2 * x / math.pi) * math.exp(-x / 2) * (1 + x / 3)


def enters(position_points: Sequence[int], dice: tuple[int, int]) -> bool:
    """Whether a die of `dice` enters against a home board (the opponent's points 1-6, each
    the count of its checkers): a point with two or more is closed."""
    return any(position_points[die - 1] < 2 for die in dice)


def tally(logs: Iterable[tuple[GameRow, Sequence[GameEvent]]], user_id: int | None) -> DiceTally:
    """Count the verified rolls of `user_id` (everyone's when None) in finished games."""
    counted = DiceTally()
    for game, events in logs:
        seed = game.dice_secret
        if seed is None:
            continue
        counted.games += 1
        log = GameLog.replay(game, events)
        before = log.start
        for logged in log.steps:
            rolled = next((o for o in logged.outcomes if isinstance(o, Rolled)), None)
            previous, before = before, logged.session
            if rolled is None or logged.step.get("op") != "roll":
                continue
            if user_id is not None and rolled.player_id != user_id:
                continue
            if derive_roll(seed, rolled.number) != rolled.dice:
                counted.unverified += 1
                continue
            _count(counted, rolled.dice, previous)
    return counted


def _count(counted: DiceTally, dice: tuple[int, int], before: Session) -> None:
    first, second = dice
    counted.rolls += 1
    counted.faces[first - 1] += 1
    counted.faces[second - 1] += 1
    double = first == second
    counted.doubles += double
    counted.pips += (first + second) * (2 if double else 1)
    # Only backgammon games are counted (`rolled_games` reads them by kind).
    match = cast(BackgammonSession, before).match
    if match is None:
        return
    position = match.game.position
    side = int(position.turn)
    if position.bar[side] == 0:
        return
    # The roller enters into the opponent's home board: the opponent's own points 1-6.
    home = position.points[1 - side][:FACES]
    closed = sum(count >= 2 for count in home)
    counted.bar_rolls += 1
    counted.bar_entered += enters(home, dice)
    counted.bar_expected += 1 - (closed / FACES) ** 2
