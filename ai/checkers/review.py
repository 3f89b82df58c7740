"""The post-game review of a checkers game: each move judged by a deeper search than played it.

For every move with a choice (a single legal move, a forced capture included, is no decision),
the position before it is searched with the played move first: the search then knows both the
played move's score and the best move's exactly, at the same depth. The difference is the error,
in hundredths of a man. Marks: doubtful (?!) from `DOUBTFUL`, error (?) from `ERROR`, blunder
(??) from `BLUNDER` (a man's worth: material lost) — and a blunder always when the move threw a
proved win away or walked into a proved loss.

It answers the service's `CheckersReviewer` (`bot.service.checkers_review`) in plain data; the
bot runs `judge` in its AI worker (`ai.worker`), one move per call.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ai.budget import Budget, Timer
from ai.checkers import Strength
from ai.checkers.search import WON, Searcher
from engine.checkers import Color, Game, Move, Position

# The review must see further than the strongest level that played. Measured by
# benchmarks/checkers_strength.py (`depth`): with its 0.8 s all its own (`--cpu`) the expert
# finishes depth 9 on most 8×8 positions (6 to 11) and the review's 2.5 s depth 11 (6 to 12);
# on this busy two-core machine (wall clock) the expert finishes 5 to 7 on 8×8 and 4 to 5 on
# 10×10. So the review gets three times the expert's allowance on the same clock, and always
# finishes two plies past the busy expert, its `FLOORS` (unless that takes `CEILING` seconds).
REVIEW_STRENGTH = Strength(max_depth=40, seconds=2.5)
FLOORS = {8: 8, 10: 7}  # by board size
CEILING = 6.0
DOUBTFUL = 30  # hundredths of a man lost
ERROR = 60
BLUNDER = 100
# A proved result counts as this many hundredths of a man in the error, so that one thrown-away
# win weighs like ten men lost rather than swamping the whole game's figures.
PROVED = 1_000
WORST = 3  # the worst moves listed per side


@dataclass(frozen=True, slots=True)
class Verdict:
    """One judged move: where it came, what was played and what was best, their scores."""

    ply: int  # index of the move in the game (0 for the first move)
    colour: Color
    played: Move
    best: Move
    played_score: int  # for the mover, hundredths of a man (beyond ±WON: a proved result)
    best_score: int
    depth: int

    @property
    def loss(self) -> int:
        """Hundredths of a man the move gave away against the best (0 when it was the best)."""
        return max(0, _clamped(self.best_score) - _clamped(self.played_score))

    @property
    def threw_win(self) -> bool:
        """The best move wins by force and the played move does not."""
        return self.best_score >= WON > self.played_score

    @property
    def walked_into_loss(self) -> bool:
        """The played move loses by force and the best move does not."""
        return self.played_score <= -WON < self.best_score

    @property
    def mark(self) -> str:
        """ "??", "?", "?!" or "" (no mark)."""
        loss = self.loss
        if loss >= BLUNDER or self.threw_win or self.walked_into_loss:
            return "??"
        if loss >= ERROR:
            return "?"
        return "?!" if loss >= DOUBTFUL else ""


@dataclass(frozen=True, slots=True)
class Mistake:
    """A marked move, as the review lists it: the best move instead and what the move cost."""

    ply: int
    number: int  # the move's number as a record counts them (one per pair of plies)
    played: str  # PDN
    best: str
    best_move: Move
    loss: float  # men
    mark: str
    threw_win: bool
    walked_into_loss: bool


@dataclass(frozen=True, slots=True)
class SideReview:
    """How one colour played: moves with a choice, men lost in all, marks and the worst moves."""

    colour: Color
    decisions: int
    men_lost: float
    doubtful: int
    errors: int
    blunders: int
    worst: tuple[Mistake, ...]

    @property
    def average(self) -> float:
        """Men lost per move with a choice."""
        return self.men_lost / self.decisions if self.decisions else 0.0


JudgeOne = Callable[[Game, Move, int], Verdict]
"""Judges the move played in a game's current position, at the given ply."""


@dataclass(slots=True)
class FloorBudget(Budget):
    """The review's clock: no stop before depth `floor` is finished (but always at `ceiling`
    seconds), then the usual allowance of `seconds`."""

    floor: int = 1
    ceiling: float | None = None
    searching: int = 0  # the depth under way

    def expired(self) -> bool:
        """Whether the search must stop now (the last finished depth stands)."""
        elapsed = self.elapsed()
        if self.ceiling is not None and elapsed >= self.ceiling:
            return True
        return self.searching > self.floor and self.seconds is not None and elapsed >= self.seconds


class _PlayedFirst(Searcher):
    """A search that tries the played move first at every depth: its score is then exact
    (the root's window is still open), as is the best move's."""

    def __init__(self, game: Game, budget: FloorBudget, max_depth: int, played: Move) -> None:
        super().__init__(game, budget, max_depth)
        self.clock = budget
        self.played = played

    def _root(
        self, children: list[tuple[Move, Position]], depth: int, order: list[Move]
    ) -> list[tuple[Move, int]]:
        self.clock.searching = depth
        order = [self.played, *(move for move in order if move != self.played)]
        return super()._root(children, depth, order)


def decisions(game: Game) -> list[int]:
    """The plies of `game` where the mover had a choice (more than one legal move)."""
    return [ply for ply in range(len(game.moves)) if len(game.positions[ply].legal_moves()) > 1]


def before(game: Game, ply: int) -> Game:
    """The game as it stood before move `ply` (its earlier positions kept, for repetitions)."""
    return Game.replay(game.variant, game.moves[:ply], start=game.positions[0])


def judge(
    game: Game,
    played: Move,
    strength: Strength = REVIEW_STRENGTH,
    ply: int = 0,
    *,
    floor: int | None = None,
    ceiling: float | None = CEILING,
    timer: Timer = time.perf_counter,
) -> Verdict:
    """Judge `played`, a legal move in `game`'s current position, at `strength` (at least to
    depth `floor`, by default the board's `FLOORS`, unless `ceiling` seconds pass first; a
    strength without a clock has no ceiling)."""
    if played not in game.position.legal_moves():
        raise ValueError(f"{played.pdn()} is not legal in {game.position.to_fen()}")
    if strength.seconds is None:
        ceiling = None
    if floor is None:
        floor = FLOORS[game.variant.board_size]
    floor = min(floor, strength.max_depth)
    budget = FloorBudget(strength.seconds, timer, floor=floor, ceiling=ceiling)
    result = _PlayedFirst(game, budget, strength.max_depth, played).run()
    scores = dict(result.scores)
    return Verdict(
        ply,
        game.position.turn,
        played,
        result.move,
        scores[played],
        result.score,
        result.depth,
    )


def judge_game(
    game: Game, colours: Sequence[Color], judge_one: JudgeOne | None = None
) -> list[Verdict]:
    """Every decision of `colours` in `game`, each judged by `judge_one` (by default `judge` at
    the review's strength, in the calling thread)."""
    verdicts = []
    for ply in decisions(game):
        if game.positions[ply].turn in colours:
            earlier = before(game, ply)
            played = game.moves[ply]
            if judge_one is None:
                verdicts.append(judge(earlier, played, ply=ply))
            else:
                verdicts.append(judge_one(earlier, played, ply))
    return verdicts


class Reviewer:
    """The service's `CheckersReviewer`: judges in the calling thread, or through `judge_one`
    (the AI worker's, one move per call, so that bot turns are not held up behind a review)."""

    def __init__(self, judge_one: JudgeOne | None = None) -> None:
        self.judge_one = judge_one

    def review(self, game: Game, colours: Sequence[Color]) -> list[SideReview]:
        """One report per colour of `colours`. Blocks for seconds a move: call it from a thread."""
        return report(judge_game(game, colours, self.judge_one), colours)


def report(verdicts: Sequence[Verdict], colours: Sequence[Color]) -> list[SideReview]:
    """One report per colour of `colours`, from the verdicts on its moves."""
    reports = []
    for colour in colours:
        mine = [v for v in verdicts if v.colour is colour]
        marks = [v.mark for v in mine]
        marked = sorted((v for v in mine if v.mark), key=lambda v: (-v.loss, v.ply))
        reports.append(
            SideReview(
                colour,
                len(mine),
                sum(v.loss for v in mine) / 100,
                marks.count("?!"),
                marks.count("?"),
                marks.count("??"),
                tuple(_mistake(v) for v in marked[:WORST]),
            )
        )
    return reports


def _mistake(verdict: Verdict) -> Mistake:
    return Mistake(
        verdict.ply,
        verdict.ply // 2 + 1,  # as a PDN record numbers the moves: one per pair of plies
        verdict.played.pdn(),
        verdict.best.pdn(),
        verdict.best,
        verdict.loss / 100,
        verdict.mark,
        verdict.threw_win,
        verdict.walked_into_loss,
    )


def _clamped(score: int) -> int:
    return max(-PROVED, min(PROVED, score))
