"""Backgammon's achievements read from a game's record: gammons and backgammons, a win after
being closed out, a blot hit from the bar, three doubles in a row, a win with the cube at 4 or
more, a match of 5 points or more won."""

from __future__ import annotations

from collections import defaultdict
from typing import cast

from bot.service.backgammon import BackgammonSession, play_of
from bot.service.log import GameLog
from bot.service.outcomes import GameEnded, GameStarted, Moved, Rolled
from engine.backgammon.cube import Size

BAR = 25
HOME = 6
DOUBLES_IN_A_ROW = 3
HIGH_CUBE = 4
LONG_MATCH = 5


def closed_out(session: BackgammonSession, side: int) -> bool:
    """Whether `side` has a checker on the bar against a home board with every point closed."""
    if session.match is None:
        return False
    position = session.match.game.position
    home = position.points[1 - side][:HOME]
    return position.bar[side] > 0 and all(count >= 2 for count in home)


def backgammon_earned(log: GameLog) -> dict[int, set[str]]:
    """Each player's backgammon achievements in this game's record."""
    earned: dict[int, set[str]] = defaultdict(set)
    before = cast(BackgammonSession, log.start)
    was_closed_out: set[int] = set()
    doubles: dict[int, int] = defaultdict(int)
    for logged in log.steps:
        after = cast(BackgammonSession, logged.session)
        if before.match is not None and before.seats is not None:
            turn = int(before.match.game.position.turn)
            if closed_out(before, turn):
                was_closed_out.add(before.id_of(turn))
        for outcome in logged.outcomes:
            if isinstance(outcome, GameStarted):
                was_closed_out.clear()
                doubles.clear()
            elif isinstance(outcome, Rolled):
                double = outcome.dice[0] == outcome.dice[1]
                doubles[outcome.player_id] = doubles[outcome.player_id] + 1 if double else 0
                if doubles[outcome.player_id] >= DOUBLES_IN_A_ROW:
                    earned[outcome.player_id].add("hot_dice")
            elif isinstance(outcome, Moved) and logged.step.get("op") == "move":
                moves = play_of(logged.step["moves"]).moves
                if any(move.source == BAR and move.hit for move in moves):
                    earned[outcome.player_id].add("hit_from_bar")
            elif isinstance(outcome, GameEnded) and outcome.winner_id is not None:
                _ended(earned[outcome.winner_id], outcome, before, was_closed_out)
        before = after
    final = cast(BackgammonSession, log.final).match
    winner = None if final is None else final.winner
    if final is not None and winner is not None and final.options.match_length >= LONG_MATCH:
        earned[cast(BackgammonSession, log.final).id_of(int(winner))].add("match_winner")
    return earned


def _ended(
    mine: set[str], ended: GameEnded, before: BackgammonSession, was_closed_out: set[int]
) -> None:
    if ended.size is Size.GAMMON:
        mine.add("gammon")
    if ended.size is Size.BACKGAMMON:
        mine.add("backgammon")
    if ended.winner_id in was_closed_out:
        mine.add("closed_out")
    if before.match is not None and before.match.game.cube.value >= HIGH_CUBE:
        mine.add("high_stakes")
