"""A play built one move at a time: which single moves may come next, and the play once whole.

A player who cannot pick a whole play from a list (a roll of doubles can have hundreds) picks
one checker move after another. Every move offered leads on to at least one of
`Position.legal_plays`, judged by the position it reaches, so a finished build is always one of
them and its value is the engine's own play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from engine.backgammon import movegen
from engine.backgammon.errors import IllegalMoveError
from engine.backgammon.play import BAR, Move, Play
from engine.backgammon.position import Position
from engine.backgammon.variant import STANDARD, Variant

Board = tuple[tuple[int, ...], tuple[int, ...]]
# A board on the way and the dice still to play on it (sorted, largest first).
Stage = tuple[Board, tuple[int, ...]]
# One single move as picked: its source, its target and the die it plays.
Pick = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Build:
    """Where a play built move by move stands: the moves picked (hits marked), the single moves
    that may come next (each with the die it plays) and, once the moves picked make a whole
    legal play, that play."""

    picked: tuple[Move, ...]
    next_moves: tuple[tuple[Move, int], ...]
    play: Play | None


def _after(board: Board, move: Move) -> Board:
    """The board (mover's numbering) after one single move; a hit blot goes to the bar."""
    own, opp = list(board[0]), list(board[1])
    own[move.source] -= 1
    own[move.target] += 1
    if move.hit:
        opp[move.target] = 0
        opp[BAR] += 1
    return tuple(own), tuple(opp)


def _less(dice: tuple[int, ...], die: int) -> tuple[int, ...]:
    """The dice left once one `die` is played."""
    rest = list(dice)
    rest.remove(die)
    return tuple(rest)


class _Tree:
    """The single moves of one position and roll, searched once for every build of it."""

    def __init__(self, position: Position, dice: tuple[int, int], variant: Variant) -> None:
        self.limit = 16 if variant.point_limit is None else variant.point_limit
        own, opp = position.boards()
        self.root: Board = (tuple(own), tuple(opp))
        self.ends: dict[Board, Play] = {}
        for play in position.legal_plays(dice, variant):
            board = self.root
            for move in play.moves:
                board = _after(board, move)
            self.ends[board] = play
        self.depth = len(next(iter(self.ends.values())).moves) if self.ends else 0
        rolled = (dice[0],) * 4 if dice[0] == dice[1] else tuple(sorted(dice, reverse=True))
        self.dice = rolled
        self._leads: dict[Stage, bool] = {}

    def steps(self, stage: Stage) -> list[tuple[Move, int]]:
        """Every single move the board allows with one of the dice left, and its die."""
        (own, opp), dice = stage
        found: list[tuple[Move, int]] = []
        for die in dict.fromkeys(dice):
            for source, target, hit in movegen.single_moves(own, opp, die, self.limit):
                found.append((Move(source, target, hit), die))
        return found

    def leads_on(self, stage: Stage, moved: int) -> bool:
        """Whether `stage`, `moved` moves into the turn, can still end on a legal play."""
        board, dice = stage
        if moved == self.depth:
            return board in self.ends
        known = self._leads.get(stage)
        if known is None:
            known = any(
                self.leads_on((_after(board, move), _less(dice, die)), moved + 1)
                for move, die in self.steps(stage)
            )
            self._leads[stage] = known
        return known


@lru_cache(maxsize=256)
def _tree(position: Position, dice: tuple[int, int], variant: Variant) -> _Tree:
    """One search per position and roll: each pick of a build asks about the same one."""
    return _Tree(position, dice, variant)


def build(
    position: Position,
    dice: tuple[int, int],
    picked: Sequence[Pick],
    variant: Variant = STANDARD,
) -> Build:
    """The moves that may follow `picked` (source, target and die of each single move, in the
    order picked) on the way to a legal play of `dice`, and the play once `picked` is whole.

    Raises `IllegalMoveError` (`bg.build.stale`) when `picked` leads to no legal play: a build
    of another position, or forged.
    """
    tree = _tree(position, (dice[0], dice[1]), variant)
    stage: Stage = (tree.root, tree.dice)
    moves: list[Move] = []
    for count, (source, target, die) in enumerate(picked):
        found = [
            move
            for move, rolled in tree.steps(stage)
            if (move.source, move.target, rolled) == (source, target, die)
        ]
        after = (_after(stage[0], found[0]), _less(stage[1], die)) if found else None
        if after is None or not tree.leads_on(after, count + 1):
            raise IllegalMoveError("bg.build.stale")
        stage = after
        moves.append(found[0])
    if len(picked) == tree.depth:
        return Build(tuple(moves), (), tree.ends[stage[0]])
    following = tuple(
        (move, die)
        for move, die in tree.steps(stage)
        if tree.leads_on((_after(stage[0], move), _less(stage[1], die)), len(picked) + 1)
    )
    return Build(tuple(moves), following, None)
