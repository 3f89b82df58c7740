"""What an evaluator needs to know about a decision: the board from one side, cube and score."""

from __future__ import annotations

from dataclasses import dataclass

from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Match


def board_for(position: Position, side: Side) -> tuple[int, ...]:
    """The 26-entry board as `side` sees it: own checkers positive, the opponent's negative.

    Index 1-24 are `side`'s own points, 25 its bar and 0 the opponent's bar (a count), which is
    the layout Open Sage and gnubg's Python bindings use.
    """
    other = side.opponent
    mine = position.points[side]
    theirs = position.points[other]
    board = [0] * 26
    for point in range(1, 25):
        board[point] = mine[point - 1] - theirs[24 - point]
    board[25] = position.bar[side]
    board[0] = position.bar[other]
    return tuple(board)


@dataclass(frozen=True, slots=True)
class CubeContext:
    """The cube and score as one side sees them (money play has `away` 0 for both)."""

    cube_value: int = 1
    owner: str = "centered"  # "centered", "player" (this side) or "opponent"
    away: int = 0  # points this side still needs; 0 in money play
    opponent_away: int = 0
    crawford: bool = False
    jacoby: bool = True
    cube_in_play: bool = True

    @classmethod
    def of(cls, match: Match, side: Side) -> CubeContext:
        """The context of `match` from `side`'s chair."""
        game = match.game
        cube = game.cube
        owner = "centered" if cube.owner is None else "player" if cube.owner == side else "opponent"
        if match.options.money:
            away = opponent_away = 0
        else:
            length = match.options.match_length
            away = length - match.score[side]
            opponent_away = length - match.score[side.opponent]
        return cls(
            cube_value=cube.value,
            owner=owner,
            away=away,
            opponent_away=opponent_away,
            crawford=game.crawford,
            jacoby=match.options.jacoby_applies,
            cube_in_play=game.cube_in_play,
        )

    def flipped(self) -> CubeContext:
        """The same moment from the other chair."""
        owner = {"player": "opponent", "opponent": "player"}.get(self.owner, self.owner)
        return CubeContext(
            self.cube_value,
            owner,
            self.opponent_away,
            self.away,
            self.crawford,
            self.jacoby,
            self.cube_in_play,
        )
