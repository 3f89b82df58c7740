"""Post-game analysis: equity lost at each decision, doubtful / error / blunder marks, error rates.

The game is given as the match values it passed through (one per action, as the service's event
log replays them); each checker play with a choice, and each cube action, becomes a `Decision`.
Equities come from an evaluator that has them (Open Sage); the built-in level cannot analyse.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from itertools import pairwise

from ai.backgammon.context import CubeContext
from ai.backgammon.evaluator import Evaluator
from engine.backgammon import Play, Side
from engine.backgammon.matchplay import Ending, Match, Phase

# Equity lost (per unit of cube) at which a decision earns a mark: gnubg's defaults for its
# "doubtful", "bad" and "very bad" marks.
DOUBTFUL, ERROR, BLUNDER = 0.04, 0.08, 0.16
# A chance to double is a decision worth counting when doubling was within this much of the
# best cube action (gnubg's "close cube decision"); the other rolls without a double are plain
# rolls and would only dilute the error rate.
CLOSE_CUBE = 0.16
# The performance rating (PR) of eXtreme Gammon and Backgammon Galaxy: the average equity lost
# per decision counted (forced plays and obvious cube decisions left out) times 500, so half of
# the error rate in thousandths (https://backgammondb.com/manual/match-statistics/performance-rating/
# gives the formula). Its bands, as XG names them: the upper bound of each, best first; above the
# last, "awful". gnubg's own scale (`gnubg.error_rating`) puts "world class" below the same 2.5.
PR_SCALE = 500
PR_BANDS = (
    (2.5, "world_class"),
    (5.0, "expert"),
    (7.5, "advanced"),
    (12.5, "intermediate"),
    (17.5, "casual"),
    (22.5, "beginner"),
    (30.0, "distracted"),
)
AWFUL = "awful"


class Kind(Enum):
    """What was decided."""

    PLAY = "play"
    DOUBLE = "double"
    NO_DOUBLE = "no double"
    TAKE = "take"
    PASS = "pass"


class Mark(Enum):
    """How bad a decision was."""

    NONE = ""
    DOUBTFUL = "?!"
    ERROR = "?"
    BLUNDER = "??"


def pr_label(pr: float) -> str:
    """The name of the band a performance rating falls in ("world_class" … "awful")."""
    for bound, label in PR_BANDS:
        if pr < bound:
            return label
    return AWFUL


def mark_for(loss: float) -> Mark:
    """The mark an equity loss earns."""
    if loss >= BLUNDER:
        return Mark.BLUNDER
    if loss >= ERROR:
        return Mark.ERROR
    if loss >= DOUBTFUL:
        return Mark.DOUBTFUL
    return Mark.NONE


class AnalysisUnavailableError(RuntimeError):
    """The evaluator has no equities (the built-in level); the message says what is needed."""


@dataclass(frozen=True, slots=True)
class Decision:
    """One choice a side made: the match just before it, the play when it was a play, and the
    turn of its game it came in (1 for the opening play; a cube action shares the turn number
    of the play that follows it)."""

    side: Side
    kind: Kind
    before: Match
    play: Play | None = None
    move: int = 1


@dataclass(frozen=True, slots=True)
class Verdict:
    """A decision with the best alternative, the equity it lost and its mark."""

    decision: Decision
    best: str  # the best play's notation, or the best cube action
    loss: float
    mark: Mark
    counted: bool = True  # False for a roll without a double when doubling was far from right
    best_play: Play | None = None  # the best play itself, for a checker play


@dataclass(frozen=True, slots=True)
class Summary:
    """One side's tally: decisions counted, equity lost, marks, and its error rate."""

    side: Side
    decisions: int
    total_loss: float
    doubtful: int
    errors: int
    blunders: int

    @property
    def error_rate(self) -> float:
        """Average equity lost per decision, in thousandths (0 is perfect play)."""
        return 1000 * self.total_loss / self.decisions if self.decisions else 0.0

    @property
    def pr(self) -> float:
        """The performance rating: average equity lost per decision counted, times 500."""
        return PR_SCALE * self.total_loss / self.decisions if self.decisions else 0.0


def decisions(history: Sequence[Match]) -> list[Decision]:
    """The decisions made between consecutive match values of one game or a whole match."""
    found: list[Decision] = []
    played = 0  # turns played so far in the current game, forced ones included
    for before, after in pairwise(history):
        if before.game_number != after.game_number:
            played = 0
            continue
        decision = _decision(before, after)
        if decision is not None:
            found.append(replace(decision, move=played + 1))
        if before.game.phase is Phase.MOVING and after.game.phase in (Phase.ROLLING, Phase.OVER):
            played += 1
    return found


def _decision(before: Match, after: Match) -> Decision | None:
    """What one step from `before` to `after` decided, if it was a real choice."""
    game, next_game = before.game, after.game
    roller = game.position.turn
    if game.phase is Phase.MOVING and next_game.phase in (Phase.ROLLING, Phase.OVER):
        plays = game.legal_plays()
        if len(plays) < 2:
            return None
        for play in plays:
            if game.position.apply(play) == next_game.position:
                return Decision(roller, Kind.PLAY, before, play)
        raise ValueError("the match history skips a step: no legal play leads to the next position")
    if game.phase is Phase.ROLLING and game.can_double:
        if next_game.phase is Phase.DOUBLED:
            return Decision(roller, Kind.DOUBLE, before)
        if next_game.phase is Phase.MOVING:
            return Decision(roller, Kind.NO_DOUBLE, before)
    if game.phase is Phase.DOUBLED:
        if next_game.phase is Phase.ROLLING:
            return Decision(roller.opponent, Kind.TAKE, before)
        if next_game.ending is Ending.PASSED:
            return Decision(roller.opponent, Kind.PASS, before)
    return None


def judge(decision: Decision, evaluator: Evaluator) -> Verdict:
    """The equity `decision` lost against the best choice, per unit of cube, and its mark."""
    if not evaluator.has_equity:
        raise AnalysisUnavailableError(
            f"{evaluator.name} has no equities to analyse with; install the `ai` extra (Open Sage)"
        )
    game = decision.before.game
    position = game.position
    if decision.kind is Kind.PLAY:
        if game.dice is None or decision.play is None:
            raise ValueError("a play decision needs the dice and the play")
        context = CubeContext.of(decision.before, decision.side)
        ranked = evaluator.rank(position, game.dice, game.legal_plays(), context, decision.play)
        chosen = next(r.value for r in ranked if r.play == decision.play)
        loss = max(ranked[0].value - chosen, 0.0)
        top = ranked[0].play
        return Verdict(decision, top.notation(), loss, mark_for(loss), best_play=top)
    advice = evaluator.cube(position, CubeContext.of(decision.before, position.turn))
    if advice.no_double is None or advice.double_take is None or advice.double_pass is None:
        raise AnalysisUnavailableError(f"{evaluator.name} gave no cube equities")
    # Equities are the roller's; after a double the taker chooses the smaller for the roller.
    doubled = min(advice.double_take, advice.double_pass)
    counted = True
    if decision.kind in (Kind.DOUBLE, Kind.NO_DOUBLE):
        best_value = max(advice.no_double, doubled)
        best = "double" if doubled > advice.no_double else "no double"
        value = doubled if decision.kind is Kind.DOUBLE else advice.no_double
        loss = best_value - value
        # gnubg's test compares with the double/take equity capped at the cash (1.0).
        close = best_value - min(advice.double_take, 1.0) < CLOSE_CUBE
        counted = decision.kind is Kind.DOUBLE or close or loss > 0
    else:
        best = "take" if advice.double_take <= advice.double_pass else "pass"
        mine = advice.double_take if decision.kind is Kind.TAKE else advice.double_pass
        loss = mine - doubled
    loss = max(loss, 0.0)
    return Verdict(decision, best, loss, mark_for(loss), counted)


def analyse(history: Sequence[Match], evaluator: Evaluator) -> list[Verdict]:
    """A verdict for every decision in `history`."""
    return [judge(decision, evaluator) for decision in decisions(history)]


def summarise(verdicts: Iterable[Verdict]) -> dict[Side, Summary]:
    """Each side's decisions, equity lost, marks and error rate (per decision counted)."""
    totals: dict[Side, list[float]] = {side: [0, 0.0, 0, 0, 0] for side in Side}
    for verdict in verdicts:
        row = totals[verdict.decision.side]
        row[0] += verdict.counted
        row[1] += verdict.loss
        if verdict.mark is Mark.DOUBTFUL:
            row[2] += 1
        elif verdict.mark is Mark.ERROR:
            row[3] += 1
        elif verdict.mark is Mark.BLUNDER:
            row[4] += 1
    return {
        side: Summary(side, int(row[0]), row[1], int(row[2]), int(row[3]), int(row[4]))
        for side, row in totals.items()
    }
