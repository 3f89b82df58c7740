"""The world-class level: Open Sage at 3 plies, as far as a time budget per decision allows.

Open Sage's 3 plies (XG's numbering; GNU Backgammon calls it 2-ply) search every reply to every
roll, which costs 0.2-20 s a play on this machine's two shared cores: too slow for a Discord
game if asked of every legal play. So the search deepens like an anytime search:

1. every legal play is ranked at 2 plies (Open Sage's own filter, then lookahead: ~0.1 s);
2. the plays close to the best (within `WINDOW` of it, at most `CANDIDATES` of them) are
   evaluated again at 3 plies one at a time, best first, while the budget lasts: another play is
   started only when the slowest one so far would still finish inside the budget;
3. the plays searched at 3 plies are ranked by those values, ahead of the others.

A play is only ever compared with plays searched as deep (2- and 3-ply values are not on one
scale, as bgsage's own notes say), and the 2-ply best is the first to be deepened, so a budget
that runs out early leaves the 2-ply choice. Cube decisions work the same way: 2 plies first,
then Open Sage's 3-ply cube analysis if the 2-ply one took little enough of the budget.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ai.backgammon.context import CubeContext, board_for
from ai.backgammon.evaluator import CubeAdvice, Evaluator, RankedPlay
from ai.backgammon.sage import Sage
from ai.budget import Budget, Timer
from engine.backgammon import Play, Position

# Plays further than this below the 2-ply best (in equity) are not worth a 3-ply look: a deeper
# search moves a value by a few hundredths, rarely by more than a tenth.
WINDOW = 0.16
# At most this many plays are searched at 3 plies (bgsage's own 3-ply filter keeps 5).
CANDIDATES = 5
# The 3-ply cube analysis costs up to about this many times the 2-ply one (1.3-4.8 times, 0.5-1.1 s,
# over 21 positions of random games on this machine's loaded cores); it is started only when that
# much time is left.
CUBE_DEPTH_COST = 5.0


class Deep(Protocol):
    """What the deeper search is asked: values of the positions plays reach, and cube actions."""

    def post_move_values(self, board: tuple[int, ...], context: CubeContext) -> tuple[float, float]:
        """Equity and cubeless equity of a position just reached, for the side that moved."""
        ...

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        """The cube action for the side on roll."""
        ...


class WorldClass:
    """An evaluator: Open Sage at 2 plies everywhere, at 3 plies for the close plays in time.

    `seconds` is the budget of one decision (None: no limit, every close play searched at
    3 plies); `timer` measures it (injectable for tests). `shallow` and `deep` default to Open
    Sage at 2 and 3 plies; `SageUnavailableError` if it is not installed.
    """

    has_equity = True
    name = "Open Sage 3-ply (budgeted)"

    def __init__(
        self,
        seconds: float | None,
        threads: int = 1,
        *,
        timer: Timer | None = None,
        shallow: Evaluator | None = None,
        deep: Deep | None = None,
    ) -> None:
        if seconds is not None and seconds <= 0:
            raise ValueError(f"a time budget is a positive number of seconds, not {seconds}")
        self.seconds = seconds
        self.timer = timer
        self.shallow: Evaluator = shallow if shallow is not None else Sage(2, threads)
        self.deep: Deep = deep if deep is not None else Sage(3, threads)
        self.deepened = 0  # plays searched at 3 plies by the last `rank`, for the benchmark

    def _budget(self) -> Budget:
        return Budget(self.seconds) if self.timer is None else Budget(self.seconds, self.timer)

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        """The engine's `plays` best first: the deepened ones by their 3-ply values, then the
        rest by their 2-ply values."""
        budget = self._budget()
        ranked = self.shallow.rank(position, dice, plays, context, focus)
        self.deepened = 0
        if len(ranked) < 2:
            return ranked
        best = ranked[0].value
        close = [item for item in ranked[:CANDIDATES] if best - item.value <= WINDOW]
        if len(close) < 2:
            return ranked  # one play stands out: a deeper look would not change the choice
        deepened: list[RankedPlay] = []
        slowest = 0.0
        for item in close:
            if not self._time_for(budget, slowest, first=not deepened):
                break
            started = budget.elapsed()
            board = board_for(position.apply(item.play), position.turn)
            value, cubeless = self.deep.post_move_values(board, context)
            slowest = max(slowest, budget.elapsed() - started)
            deepened.append(RankedPlay(item.play, value, cubeless))
        self.deepened = len(deepened)
        if len(deepened) < 2:
            return ranked  # nothing to compare the one deeper value with
        deepened.sort(key=lambda item: (-item.value, -(item.cubeless or 0.0)))
        done = {item.play for item in deepened}
        return deepened + [item for item in ranked if item.play not in done]

    def _time_for(self, budget: Budget, slowest: float, *, first: bool) -> bool:
        """Whether another 3-ply evaluation fits: the first one when at most half the budget is
        spent (its cost is not known yet), later ones when the slowest so far still fits."""
        if budget.seconds is None:
            return True
        if first:
            return budget.elapsed() <= budget.seconds / 2
        return budget.elapsed() + slowest <= budget.seconds

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        """Open Sage's cube action at 3 plies when the budget allows it, else at 2."""
        budget = self._budget()
        advice = self.shallow.cube(position, context)
        if budget.seconds is not None:
            left = budget.seconds - budget.elapsed()
            if budget.elapsed() * CUBE_DEPTH_COST > left:
                return advice
        return self.deep.cube(position, context)
