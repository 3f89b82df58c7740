"""The checkers review: a planted blunder found and marked, a forced capture never graded.

The blunder is judged independently by py-draughts (its board's move generator and its
`SimpleEngine`): the played move hangs a man, its engine scores it a man or more below its own
best, and scores our review's best move as good as its own. The reviews here search to a fixed
depth without a clock, so they do not depend on the machine's speed.
"""

from __future__ import annotations

import draughts
import pytest

from ai.budget import Budget
from ai.checkers import Strength
from ai.checkers.review import (
    BLUNDER,
    DOUBTFUL,
    ERROR,
    PROVED,
    FloorBudget,
    Reviewer,
    Verdict,
    before,
    decisions,
    judge,
    judge_game,
    report,
)
from ai.checkers.search import WIN, WON, search
from engine.checkers import Color, Game, Move

FIXED = Strength(max_depth=6, seconds=None)
# Russian draughts (py-draughts plays it by our rules; its American board does not) from the
# start: White's 22-18 (third ply) lets Black's man on 14 take the one on 17, landing on the 21
# that 21-17 emptied: 14x21 is Black's only legal move.
HANG = ("21-17", "9-14", "22-18", "14x21")
ORACLE_DEPTH = 6


def _oracle_board(game: Game) -> draughts.BaseBoard:
    return draughts.RussianBoard.from_fen(game.position.to_fen())


def _oracle_scores(game: Game) -> dict[str, float]:
    """py-draughts' SimpleEngine: each legal move's score for the mover, in men."""
    scores = {}
    for move in game.position.legal_moves():
        after = _oracle_board(game.play(move))
        engine = draughts.SimpleEngine(depth_limit=ORACLE_DEPTH)
        answer = engine.get_best_move(after, with_evaluation=True)
        assert isinstance(answer, tuple)
        scores[move.pdn()] = -answer[1]
    return scores


def _hang_game() -> Game:
    return Game.replay("russian", HANG)


def test_the_planted_blunder_hangs_a_man_by_the_rules_and_by_py_draughts() -> None:
    """The test's premise, with no code of ours judging: after 22-18 Black has one legal move,
    a capture, and py-draughts' engine scores 22-18 a man below its best."""
    game = _hang_game()
    after = _oracle_board(Game.replay("russian", HANG[:3]))
    assert [m.captured_list for m in after.legal_moves] == [[16]]  # 14x21 takes the man on 17
    scores = _oracle_scores(before(game, 2))
    assert max(scores.values()) - scores["22-18"] >= 0.9


def test_the_review_marks_the_hung_man_a_blunder_with_a_better_move() -> None:
    game = _hang_game()
    [white, black] = Reviewer(lambda g, m, p: judge(g, m, FIXED, p)).review(
        game, [Color.WHITE, Color.BLACK]
    )
    assert white.colour is Color.WHITE and white.decisions == 2  # 21-17 and 22-18
    assert white.blunders == 1
    [worst] = [m for m in white.worst if m.mark == "??"]
    assert (worst.ply, worst.number, worst.played) == (2, 2, "22-18")
    assert worst.loss >= BLUNDER / 100
    assert worst.best != "22-18"
    # py-draughts' engine rates our best move as good as its own, give or take a third of a man.
    scores = _oracle_scores(before(game, 2))
    assert scores[worst.best] >= max(scores.values()) - 0.35
    assert black.colour is Color.BLACK and black.decisions == 1  # 9-14; 14x21 was forced


def test_a_forced_capture_is_not_graded_even_when_it_loses_material() -> None:
    """English draughts: White's 23-18 offers a man. By the rules (capture is compulsory, men
    capture forward only) Black's 14x23 is its only legal move: 15 cannot jump 18 onto the
    occupied 22, and the capture stops on 23 (32 is occupied). White's 27x18x11 then takes two.
    The capture cost Black a man, yet it was no decision."""
    game = Game.replay("english", ["23-18", "14x23", "27x18x11"], start="W:W22,23,27,32:B14,15,3")
    assert [m.pdn() for m in game.positions[1].legal_moves()] == ["14x23"]
    assert 1 not in decisions(game)
    verdicts = judge_game(game, [Color.BLACK, Color.WHITE], lambda g, m, p: judge(g, m, FIXED, p))
    assert all(v.ply != 1 for v in verdicts)
    [black] = report(verdicts, [Color.BLACK])
    assert black.decisions == 0 and black.worst == ()


def test_the_played_move_searched_first_scores_as_a_plain_search() -> None:
    """Putting the played move first changes what is searched first, not the best score."""
    game = before(_hang_game(), 2)
    verdict = judge(game, game.position.legal_moves()[0], FIXED)
    plain = search(game, Budget(None), FIXED.max_depth)
    assert verdict.best_score == plain.score and verdict.depth == plain.depth


@pytest.mark.parametrize(
    ("best", "played", "mark"),
    [
        (50, 50 - DOUBTFUL + 1, ""),
        (50, 50 - DOUBTFUL, "?!"),
        (50, 50 - ERROR, "?"),
        (50, 50 - BLUNDER, "??"),
        (WIN - 9, WIN - 20, ""),  # a slower win is still a win
        (WIN - 9, 500, "??"),  # a win given away, though "ahead" still
        (-20, -WIN + 9, "??"),  # walked into a proved loss
        (-WIN + 9, -WIN + 5, ""),  # lost whatever was played
    ],
)
def test_marks_at_the_stated_thresholds(best: int, played: int, mark: str) -> None:
    move = Move((9, 14))
    verdict = Verdict(0, Color.BLACK, move, move, played, best, 6)
    assert verdict.mark == mark


def test_a_thrown_away_win_counts_at_most_the_proved_weight() -> None:
    move = Move((9, 14))
    verdict = Verdict(0, Color.BLACK, move, move, 0, WON + 1, 6)
    assert verdict.threw_win and verdict.loss == PROVED


def test_judging_an_illegal_move_is_refused() -> None:
    with pytest.raises(ValueError, match="not legal"):
        judge(Game.new("russian"), Move((9, 13)), FIXED)


class Stopped:
    """A clock on which every allowance is long used up: only the floor keeps a search going."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 100.0
        return self.now


def test_the_review_searches_to_its_floor_however_little_time_is_left() -> None:
    game = before(_hang_game(), 2)
    played = game.position.legal_moves()[0]
    hurried = Strength(max_depth=40, seconds=0.01)
    verdict = judge(game, played, hurried, floor=5, ceiling=None, timer=Stopped())
    assert verdict.depth == 5  # depth 5 finished; depth 6 stopped at its first look at the clock


def test_the_ceiling_stops_the_review_before_its_floor() -> None:
    game = before(_hang_game(), 2)
    played = game.position.legal_moves()[0]
    hurried = Strength(max_depth=40, seconds=0.01)
    verdict = judge(game, played, hurried, floor=8, ceiling=50.0, timer=Stopped())
    assert verdict.depth < 8


def test_the_floor_budget_holds_until_the_floor_then_keeps_the_allowance() -> None:
    clock = [0.0]
    budget = FloorBudget(1.0, lambda: clock[0], floor=3, ceiling=10.0)
    clock[0] = 5.0
    budget.searching = 3
    assert not budget.expired()  # depth 3 is the floor: it finishes
    budget.searching = 4
    assert budget.expired()  # past the floor, the allowance (1 s) is spent
    clock[0] = 0.5
    assert not budget.expired()
    budget.searching = 2
    clock[0] = 10.0
    assert budget.expired()  # the ceiling stops even the floor
