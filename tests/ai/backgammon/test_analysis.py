"""Post-game analysis: decisions read from a game's history, losses, marks and error rates."""

from __future__ import annotations

from importlib.util import find_spec

import pytest

from ai.backgammon.analysis import (
    AnalysisUnavailableError,
    Decision,
    Kind,
    Mark,
    analyse,
    decisions,
    judge,
    mark_for,
    summarise,
)
from ai.backgammon.evaluator import Pubeval
from ai.backgammon.sage import Sage
from engine.backgammon import Position, Side
from engine.backgammon.matchplay import Game, Match, MatchOptions, Phase

from .positions import before_roll, position
from .test_player import FAR_AHEAD

# White to move with 6-5 and its last two checkers on the 6- and 5-points; Black has two on its
# 1-point and bears both off with any roll. 6/off 5/off wins at once; anything else loses.
LAST_ROLL = position({6: 1, 5: 1}, {1: 2})


def _moving(where: Position, dice: tuple[int, int]) -> Match:
    """A money game waiting for the side on roll to play `dice`."""
    options = MatchOptions()
    return Match(options, Game(options, where, phase=Phase.MOVING, dice=dice))


def _after(match: Match, notation: str) -> list[Match]:
    """`match` and the match after the legal play written `notation`."""
    play = next(p for p in match.game.legal_plays() if p.notation() == notation)
    return [match, match.move(play)]


def test_marks_follow_the_thresholds() -> None:
    """0.04 doubtful, 0.08 error, 0.16 blunder (gnubg's defaults)."""
    assert [mark_for(x) for x in (0.0, 0.039, 0.04, 0.08, 0.16, 2.0)] == [
        Mark.NONE,
        Mark.NONE,
        Mark.DOUBTFUL,
        Mark.ERROR,
        Mark.BLUNDER,
        Mark.BLUNDER,
    ]


def test_decisions_are_read_from_the_history() -> None:
    """A play with a choice, a double and a take are found; who made each is right."""
    match = _moving(LAST_ROLL, (6, 5))
    played = _after(match, "6/1 5/off")
    found = decisions(played)
    assert [(d.side, d.kind) for d in found] == [(Side.WHITE, Kind.PLAY)]
    doubled = before_roll(FAR_AHEAD)
    history = [doubled, doubled.double(), doubled.double().take()]
    assert [(d.side, d.kind) for d in decisions(history)] == [
        (Side.WHITE, Kind.DOUBLE),
        (Side.BLACK, Kind.TAKE),
    ]


def test_built_in_level_cannot_analyse() -> None:
    """Without Open Sage the analysis says what it needs instead of inventing numbers."""
    history = _after(_moving(LAST_ROLL, (6, 5)), "6/1 5/off")
    with pytest.raises(AnalysisUnavailableError, match="Open Sage"):
        analyse(history, Pubeval())


def test_forced_plays_are_not_decisions() -> None:
    """A roll with one legal play asks nothing of the player."""
    match = _moving(LAST_ROLL, (6, 6))
    assert decisions([match, match.move(match.game.legal_plays()[0])]) == []


needs_sage = pytest.mark.skipif(find_spec("bgsage") is None, reason="needs the `ai` extra")


@pytest.fixture(scope="module")
def sage() -> Sage:
    """The expert evaluator (2 plies)."""
    return Sage(2)


@needs_sage
def test_bg13_deliberately_bad_play_is_a_blunder(sage: Sage) -> None:
    """Not bearing off both checkers when that wins (BG-13) throws the game away: a blunder."""
    verdicts = analyse(_after(_moving(LAST_ROLL, (6, 5)), "6/1 5/off"), sage)
    assert len(verdicts) == 1
    assert verdicts[0].mark is Mark.BLUNDER
    assert verdicts[0].best == "6/off 5/off"
    assert verdicts[0].loss > 1.5  # from a sure win to a near-certain loss


@needs_sage
def test_best_play_is_not_marked(sage: Sage) -> None:
    """The winning play loses nothing."""
    verdicts = analyse(_after(_moving(LAST_ROLL, (6, 5)), "6/off 5/off"), sage)
    assert verdicts[0].mark is Mark.NONE and verdicts[0].loss == pytest.approx(0.0, abs=1e-6)


@needs_sage
def test_cube_errors_and_error_rate(sage: Sage) -> None:
    """Far ahead in a short race: doubling is right, taking is a blunder; the rates show it."""
    start = before_roll(FAR_AHEAD)
    history = [start, start.double(), start.double().take()]
    verdicts = analyse(history, sage)
    double, take = verdicts
    assert double.best == "double" and double.mark is Mark.NONE
    assert take.mark is Mark.BLUNDER and take.best == "pass"
    summary = summarise(verdicts)
    assert summary[Side.WHITE].blunders == 0 and summary[Side.BLACK].blunders == 1
    assert summary[Side.BLACK].error_rate > summary[Side.WHITE].error_rate
    assert summary[Side.BLACK].error_rate == pytest.approx(1000 * take.loss)


@needs_sage
def test_judge_needs_the_play(sage: Sage) -> None:
    """A play decision without its play is refused clearly."""
    with pytest.raises(ValueError, match="needs the dice and the play"):
        judge(Decision(Side.WHITE, Kind.PLAY, _moving(LAST_ROLL, (6, 5))), sage)
