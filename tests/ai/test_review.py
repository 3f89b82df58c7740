"""The post-game review: per side decisions, error rate, marks and worst decisions.

A stub evaluator gives the equities, so every loss, mark and rate below is worked out here from
the numbers the test chose, with analysis' thresholds (0.04 / 0.08 / 0.16).
"""

from __future__ import annotations

from collections.abc import Sequence
from importlib.util import find_spec

import pytest

from ai.backgammon.context import CubeContext
from ai.backgammon.evaluator import CubeAdvice, Evaluator, RankedPlay
from ai.backgammon.sage import SageUnavailableError
from ai.review import SageReviewer, SideReview
from engine.backgammon import Play, Position, Side
from engine.backgammon.matchplay import Game, Match, MatchOptions, Phase

# Cube equities for the side on roll in every position: doubling (0.7 after a take, which the
# taker prefers to 1.0 after a pass) beats not doubling (0.5) by 0.2.
NO_DOUBLE, DOUBLE_TAKE, DOUBLE_PASS = 0.5, 0.7, 1.0


class StubEvaluator:
    """Equities chosen by the test: `values[play]` for a play (0 when not given)."""

    name = "stub"
    has_equity = True

    def __init__(
        self,
        values: dict[Play, float],
        cube: tuple[float, float, float] = (NO_DOUBLE, DOUBLE_TAKE, DOUBLE_PASS),
    ) -> None:
        self.values = values
        self.equities = cube

    def rank(
        self,
        position: Position,
        dice: tuple[int, int],
        plays: Sequence[Play],
        context: CubeContext,
        focus: Play | None = None,
    ) -> list[RankedPlay]:
        ranked = [RankedPlay(play, self.values.get(play, 0.0)) for play in plays]
        return sorted(ranked, key=lambda r: -r.value)

    def cube(self, position: Position, context: CubeContext) -> CubeAdvice:
        no_double, double_take, double_pass = self.equities
        return CubeAdvice(True, True, no_double, double_take, double_pass)


def reviewer(
    values: dict[Play, float],
    cube: tuple[float, float, float] = (NO_DOUBLE, DOUBLE_TAKE, DOUBLE_PASS),
) -> SageReviewer:
    evaluator: Evaluator = StubEvaluator(values, cube)
    return SageReviewer(lambda: evaluator)


def short_game() -> tuple[list[Match], dict[Play, float], dict[str, Play]]:
    """White opens 3-1 and plays its second-best play (0.2 below the best); Black rolls without
    doubling, plays 6-4 0.05 below its best; White doubles, Black takes; White rolls and plays."""
    values: dict[Play, float] = {}
    chosen: dict[str, Play] = {}
    match = Match.start(MatchOptions())
    history = [match]

    def step(after: Match) -> Match:
        history.append(after)
        return after

    match = step(match.opening_roll(3, 1))
    assert match.game.position.turn is Side.WHITE
    best, second = match.game.legal_plays()[:2]
    values[best], values[second] = 0.3, 0.1
    chosen["white best"], chosen["white"] = best, second
    match = step(match.move(second))
    match = step(match.roll((6, 4)))  # Black does not double
    best, second = match.game.legal_plays()[:2]
    values[best], values[second] = 0.25, 0.20
    chosen["black best"], chosen["black"] = best, second
    match = step(match.move(second))
    match = step(match.double())
    match = step(match.take())
    match = step(match.roll((2, 1)))  # Black owns the cube: White cannot double, no decision
    assert match.game.phase is Phase.MOVING
    match = step(match.move(match.game.legal_plays()[0]))  # every play valued 0: no loss
    return history, values, chosen


def by_side(reports: Sequence[SideReview]) -> dict[Side, SideReview]:
    return {report.side: report for report in reports}


def test_reports_compute_losses_marks_and_rates() -> None:
    history, values, chosen = short_game()
    reports = by_side(reviewer(values).review(history, [Side.WHITE, Side.BLACK]))
    white, black = reports[Side.WHITE], reports[Side.BLACK]
    # White: opening play (loses 0.3 - 0.1), double (right), its 2-1 play (all equal).
    white_loss = values[chosen["white best"]] - values[chosen["white"]]
    assert white.decisions == 3
    assert white.error_rate == pytest.approx(1000 * white_loss / 3)
    assert (white.doubtful, white.errors, white.blunders) == (0, 0, 1)  # 0.2 >= 0.16
    # Black: no double (loses 0.7 - 0.5), its play (0.05), the take (right: 0.7 < 1.0).
    black_losses = [DOUBLE_TAKE - NO_DOUBLE, values[chosen["black best"]] - values[chosen["black"]]]
    assert black.decisions == 3
    assert black.error_rate == pytest.approx(1000 * sum(black_losses) / 3)
    assert (black.doubtful, black.errors, black.blunders) == (1, 0, 1)


def test_worst_decisions_name_the_turn_the_play_and_the_best() -> None:
    history, values, chosen = short_game()
    black = by_side(reviewer(values).review(history, [Side.BLACK]))[Side.BLACK]
    no_double, play = black.worst
    assert (no_double.cube, no_double.played, no_double.best, no_double.mark) == (
        True,
        "no double",
        "double",
        "??",
    )
    assert no_double.loss == pytest.approx(DOUBLE_TAKE - NO_DOUBLE)
    assert (no_double.game, no_double.move) == (1, 2)  # Black's first turn is the game's second
    assert (play.cube, play.played, play.best, play.mark) == (
        False,
        chosen["black"].notation(),
        chosen["black best"].notation(),
        "?!",
    )
    assert (play.game, play.move) == (1, 2)


def test_rolls_far_from_a_double_are_not_counted_as_decisions() -> None:
    # Doubling would lose 0.7 (0.5 without it, -0.2 after a take): not a close cube decision
    # (gnubg: the best is 0.16 or more above the double/take), so Black's roll is no decision;
    # White's actual double still counts, as a blunder.
    history, values, chosen = short_game()
    cube = (0.5, -0.2, 1.0)
    reports = by_side(reviewer(values, cube).review(history, [Side.WHITE, Side.BLACK]))
    white, black = reports[Side.WHITE], reports[Side.BLACK]
    black_loss = values[chosen["black best"]] - values[chosen["black"]]
    assert black.decisions == 2  # its play and its take
    assert black.error_rate == pytest.approx(1000 * black_loss / 2)
    white_losses = [values[chosen["white best"]] - values[chosen["white"]], 0.5 - -0.2]
    assert white.decisions == 3 and white.blunders == 2
    assert white.error_rate == pytest.approx(1000 * sum(white_losses) / 3)


def test_only_the_sides_asked_for_are_graded() -> None:
    history, values, _ = short_game()
    reports = reviewer(values).review(history, [Side.BLACK])
    assert [report.side for report in reports] == [Side.BLACK]


def test_a_clean_game_lists_no_mistakes() -> None:
    history, _, _ = short_game()
    # Every play equal, and White's double is what the cube stub calls right.
    white = by_side(reviewer({}).review(history, [Side.WHITE]))[Side.WHITE]
    assert white.worst == () and white.error_rate == 0.0


def test_without_open_sage_the_reviewer_says_so() -> None:
    def missing() -> Evaluator:
        raise SageUnavailableError("Open Sage is not installed; pip install 'duelboard[ai]'")

    absent = SageReviewer(missing)
    assert not absent.available
    assert absent.notice is not None and "duelboard[ai]" in absent.notice
    history, _, _ = short_game()
    with pytest.raises(SageUnavailableError, match="not installed"):
        absent.review(history, [Side.WHITE])


@pytest.mark.skipif(find_spec("bgsage") is None, reason="needs the `ai` extra")
def test_open_sage_finds_a_blunder() -> None:
    """BG-13: White has 6-5 with checkers on its 6- and 5-points and Black bears off next
    turn; 6/off 5/off wins, anything else loses: a blunder, found by the real evaluator."""
    where = Position(((0, 0, 0, 0, 1, 1, *[0] * 18), (2, *[0] * 23)), (0, 0), (13, 13), Side.WHITE)
    options = MatchOptions()
    start = Match(options, Game(options, where, phase=Phase.MOVING, dice=(6, 5)))
    bad = next(p for p in start.game.legal_plays() if p.notation() == "6/1 5/off")
    sage = SageReviewer()
    assert sage.available
    [white] = sage.review([start, start.move(bad)], [Side.WHITE])
    [blunder] = white.worst
    assert (blunder.played, blunder.best, blunder.mark) == ("6/1 5/off", "6/off 5/off", "??")
    assert white.decisions == 1 and white.error_rate == pytest.approx(1000 * blunder.loss)
