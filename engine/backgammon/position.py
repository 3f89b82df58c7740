"""The backgammon position: checkers on points, bar and off, and the side to move (BG-1)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from functools import lru_cache

from engine.backgammon import movegen, position_id
from engine.backgammon.errors import IllegalMoveError
from engine.backgammon.play import BAR, OFF, Move, Play
from engine.backgammon.variant import STANDARD, Variant

CHECKERS = 15  # BG-1: the most a side plays with (the standard game); hypergammon has 3
POINTS = 24
HOME = 6


class Side(IntEnum):
    """One of the two players; White moves first unless the opening roll says otherwise."""

    WHITE = 0
    BLACK = 1

    @property
    def opponent(self) -> Side:
        """The other side."""
        return Side(1 - self)


@dataclass(frozen=True, slots=True)
class Position:
    """Where every checker stands and whose turn it is; each side counts from its own home."""

    points: tuple[tuple[int, ...], tuple[int, ...]]
    bar: tuple[int, int] = (0, 0)
    off: tuple[int, int] = (0, 0)
    turn: Side = Side.WHITE

    def __post_init__(self) -> None:
        _check_layout(self.points, self.bar, self.off)
        # Lists from a caller would make the value mutable and unhashable: freeze them.
        if type(self.points) is not tuple or any(type(r) is not tuple for r in self.points):
            object.__setattr__(self, "points", (tuple(self.points[0]), tuple(self.points[1])))
        if type(self.bar) is not tuple or type(self.off) is not tuple:
            object.__setattr__(self, "bar", (self.bar[0], self.bar[1]))
            object.__setattr__(self, "off", (self.off[0], self.off[1]))
        if not isinstance(self.turn, Side):
            if self.turn not in (0, 1):
                raise ValueError(f"turn is Side.WHITE or Side.BLACK, not {self.turn!r}")
            object.__setattr__(self, "turn", Side(self.turn))

    @classmethod
    def initial(cls, turn: Side = Side.WHITE, variant: Variant = STANDARD) -> Position:
        """The variant's starting position (BG-1) with `turn` to move."""
        return cls((variant.start, variant.start), (0, 0), (0, 0), turn)

    @property
    def checkers(self) -> int:
        """Checkers each side plays with, wherever they stand (15, or fewer in a variant)."""
        return sum(self.points[0]) + self.bar[0] + self.off[0]

    def count(self, side: Side, point: int) -> int:
        """Checkers of `side` on its own `point` (1-24; 25 = bar, 0 = off)."""
        if point == BAR:
            return self.bar[side]
        if point == OFF:
            return self.off[side]
        if not 1 <= point <= POINTS:
            raise ValueError(f"a point is 0-25, not {point}")
        return self.points[side][point - 1]

    def pip_count(self, side: Side) -> int:
        """Pips `side` needs to bear everything off; a checker on the bar counts 25."""
        return sum((i + 1) * n for i, n in enumerate(self.points[side])) + BAR * self.bar[side]

    def legal_plays(self, dice: tuple[int, int], variant: Variant = STANDARD) -> tuple[Play, ...]:
        """Every distinct legal play for `dice` (BG-3..BG-12), one per resulting position."""
        return _legal_plays(self, _check_dice(dice), variant)

    def legal_notations(
        self, dice: tuple[int, int], variant: Variant = STANDARD
    ) -> tuple[str, ...]:
        """The notation (BG-18) of each of `legal_plays`, in the same order."""
        return _legal_notations(self, _check_dice(dice), variant)

    def apply(self, play: Play) -> Position:
        """The position after the side to move makes `play`; the opponent then moves.

        Each move is checked against the board (checker present, point open, bar first, all
        home before bearing off); use a play from `legal_plays` to respect the dice as well.
        """
        own, opp = self.boards()
        for move in play.moves:
            problem = movegen.move_problem(own, opp, move.source, move.target)
            if problem is not None:
                raise IllegalMoveError.because(problem, move=move.text())
            hit = move.target > 0 and opp[move.target] == 1
            if hit != move.hit:
                raise IllegalMoveError(
                    "bg.move.unmarked_hit" if hit else "bg.move.marked_no_hit", move=move.text()
                )
            own[move.source] -= 1
            own[move.target] += 1
            if hit:
                opp[move.target] = 0
                opp[BAR] += 1
        return self.from_boards(own, opp)

    def boards(self) -> tuple[list[int], list[int]]:
        """The mover's and opponent's checkers, both in the mover's numbering (0 off, 25 bar)."""
        mine = self.points[self.turn]
        theirs = self.points[1 - self.turn]
        own = [self.off[self.turn], *mine, self.bar[self.turn]]
        # The opponent's point q is our point 25 - q; its bar and off keep their own slots.
        opp = [self.off[1 - self.turn], *reversed(theirs), self.bar[1 - self.turn]]
        return own, opp

    def from_boards(self, own: list[int], opp: list[int]) -> Position:
        """The inverse of `boards`, with the turn passed to the opponent."""
        mover = self.turn
        mine = tuple(own[1:25])
        theirs = tuple(reversed(opp[1:25]))
        points = (mine, theirs) if mover == Side.WHITE else (theirs, mine)
        bar = (own[BAR], opp[BAR]) if mover == Side.WHITE else (opp[BAR], own[BAR])
        off = (own[OFF], opp[OFF]) if mover == Side.WHITE else (opp[OFF], own[OFF])
        return Position(points, bar, off, mover.opponent)

    def winner(self) -> Side | None:
        """The side that has borne off all its checkers, if any (BG-13)."""
        for side in Side:
            if self.off[side] == self.checkers:
                return side
        return None

    def game_value(self, winner: Side) -> int:
        """1 single, 2 gammon, 3 backgammon, before the cube (BG-13)."""
        if self.off[winner] != self.checkers:
            raise ValueError(f"{winner.name} has not borne off all {self.checkers} checkers")
        loser = winner.opponent
        if self.off[loser]:
            return 1
        # The winner's home board is the loser's points 19-24.
        if self.bar[loser] or any(self.points[loser][POINTS - HOME :]):
            return 3
        return 2

    def position_id(self) -> str:
        """GNU Backgammon's 14-character Position ID, from the side to move (BG-17)."""
        waiting, on_roll = self.turn.opponent, self.turn
        return position_id.encode(
            (*self.points[waiting], self.bar[waiting]), (*self.points[on_roll], self.bar[on_roll])
        )

    @classmethod
    def from_position_id(cls, text: str, turn: Side, checkers: int = CHECKERS) -> Position:
        """Read a GNU Backgammon Position ID; `turn` is the side on roll in it (BG-17), each side
        plays with `checkers` (the ID leaves out those borne off)."""
        waiting, on_roll = position_id.decode(text)
        rows = {turn: on_roll, turn.opponent: waiting}
        white, black = rows[Side.WHITE], rows[Side.BLACK]
        return cls(
            (tuple(white[:POINTS]), tuple(black[:POINTS])),
            (white[POINTS], black[POINTS]),
            (checkers - sum(white), checkers - sum(black)),
            Side(turn),
        )


# Every possible single move, built once: a large roll's plays share these few hundred values.
_MOVES = {
    (source, target, hit): Move(source, target, hit)
    for source in range(1, BAR + 1)
    for target in range(OFF, source)
    for hit in (False, True)
    if (source < BAR or target > POINTS - HOME) and not (hit and target == OFF)
}


@lru_cache(maxsize=4096)
def _legal_plays(position: Position, dice: tuple[int, int], variant: Variant) -> tuple[Play, ...]:
    """The generator's plays as values, kept for the rolls asked about again (autocomplete)."""
    own, opp = position.boards()
    found = movegen.plays(own, opp, dice[0], dice[1], variant.point_limit)
    return tuple(Play(tuple(_MOVES[step] for step in moves)) for moves in found)


@lru_cache(maxsize=1024)
def _legal_notations(
    position: Position, dice: tuple[int, int], variant: Variant
) -> tuple[str, ...]:
    """The plays' notations, kept: a bot writes them for its menu and its checks several times
    a move, and each costs more than the play it names."""
    return tuple(play.notation() for play in _legal_plays(position, dice, variant))


def _check_dice(dice: tuple[int, int]) -> tuple[int, int]:
    """Two dice 1-6, or a clear error."""
    if len(dice) != 2 or not all(isinstance(d, int) and 1 <= d <= 6 for d in dice):
        raise ValueError(f"dice are two numbers 1-6, not {dice!r}")
    return dice[0], dice[1]


def _check_layout(
    points: tuple[tuple[int, ...], tuple[int, ...]], bar: tuple[int, int], off: tuple[int, int]
) -> None:
    """As many checkers a side (15 at most), no negative counts, and no point held by both sides
    (BG-1)."""
    if len(points) != 2 or len(bar) != 2 or len(off) != 2:
        raise ValueError("points, bar and off each hold one entry per side")
    totals = []
    for side in Side:
        row = points[side]
        if len(row) != POINTS:
            raise ValueError(f"{side.name} needs {POINTS} point counts, got {len(row)}")
        if min(row) < 0 or bar[side] < 0 or off[side] < 0:
            raise ValueError(f"{side.name} has a negative checker count")
        totals.append(sum(row) + bar[side] + off[side])
    white, black = totals
    if white != black or not 1 <= white <= CHECKERS:
        odd = Side.BLACK if white == CHECKERS else Side.WHITE
        raise ValueError(
            f"{odd.name} has {totals[odd]} checkers and {odd.opponent.name}"
            f" {totals[odd.opponent]}: both sides play with {CHECKERS} (or as many, fewer,"
            " in a variant)"
        )
    for i in range(POINTS):
        if points[0][i] and points[1][POINTS - 1 - i]:
            raise ValueError(f"both sides have checkers on White's {i + 1}-point")
