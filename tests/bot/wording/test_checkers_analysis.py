"""The words of the checkers review: figures in the reader's decimals, a thrown-away win and a
walk into a lost game said as such, nothing for a game without a person."""

from __future__ import annotations

import engine.checkers as ck
from ai.checkers.review import Mistake, SideReview
from bot.i18n import Localizer
from bot.service.checkers_review import CheckersReview, PlayerReview
from bot.wording.checkers_analysis import checkers_review_lines, picture_caption

ALICE = 7
MOVE = ck.Move((25, 21))


def mistake(loss: float, *, won: bool = False, lost: bool = False) -> Mistake:
    return Mistake(2, 2, "22-18", "25-21", MOVE, loss, "??", won, lost)


def review(*worst: Mistake) -> CheckersReview:
    report = SideReview(ck.Color.WHITE, 4, 2.4, 1, 0, len(worst), worst)
    return CheckersReview(ck.Game.new("russian"), (PlayerReview(ALICE, report),))


def test_the_lines_give_the_men_lost_and_the_worst_moves() -> None:
    lines = checkers_review_lines(Localizer("en-US"), review(mistake(1.4)), {ALICE: "Alice"})
    assert lines[1:] == [
        "Alice: men lost 2.4 · moves 4 · per move 0.60 · ?! 1 · ? 0 · ?? 1",
        "  move 2: 22-18?? (best 25-21, −1.40)",
    ]


def test_a_thrown_win_and_a_walk_into_a_loss_are_said_as_such() -> None:
    t = Localizer("en-US")
    lines = checkers_review_lines(t, review(mistake(10, won=True), mistake(3, lost=True)), {})
    assert lines[2:] == [
        "  move 2: 22-18?? gives a won game away (best 25-21, which wins)",
        "  move 2: 22-18?? walks into a lost game (best 25-21)",
    ]


def test_french_decimals_and_words() -> None:
    t = Localizer("fr")
    [_, player, line] = checkers_review_lines(t, review(mistake(1.4)), {ALICE: "Alice"})
    assert player.startswith("Alice : pions perdus 2,4 · coups 4 · par coup 0,60")
    assert line == "  coup 2 : 22-18?? (meilleur 25-21, −1,40)"
    assert picture_caption(t, "Alice", mistake(1.4)) == (
        "Alice, coup 2 : meilleur 25-21 au lieu de 22-18."
    )


def test_no_person_no_lines() -> None:
    empty = CheckersReview(ck.Game.new("russian"), ())
    assert checkers_review_lines(Localizer("en-US"), empty, {}) == []
