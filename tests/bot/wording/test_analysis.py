"""The analysis lines under a recap: their words, the cube in the reader's language, the limit."""

from __future__ import annotations

from ai.review import Mistake, SideReview
from bot.i18n import Localizer
from bot.service.review import GameReview, PlayerReview
from bot.wording.analysis import fit, review_lines
from bot.wording.limits import MAX_CONTENT
from engine.backgammon import Side

ALICE = 101
PLAY = Mistake(1, 12, False, "13/7 6/5", "24/18 13/9", 0.2314, "??")
NO_DOUBLE = Mistake(2, 7, True, "no double", "double", 0.05, "?!")


def review(*worst: Mistake, games: int = 1) -> GameReview:
    report = SideReview(Side.WHITE, 30, 9.46, 1, 0, 1, worst)
    return GameReview(True, (PlayerReview(ALICE, report),), games)


def test_lines_give_rate_marks_and_the_worst_decisions() -> None:
    lines = review_lines(Localizer("en-US"), review(PLAY), {ALICE: "Alice"})
    assert lines[1] == "Alice: error rate 9.5 over 30 decisions · ?! 1 · ? 0 · ?? 1"
    assert lines[3] == "  move 12: 13/7 6/5?? (best 24/18 13/9, −0.231)"


def test_lines_give_pr_band_luck_and_the_adjusted_result() -> None:
    report = SideReview(Side.WHITE, 30, 9.46, 1, 0, 1, (), 4.73, "expert", -0.41, 1.0, 0.18)
    lines = review_lines(Localizer("en-US"), GameReview(True, (PlayerReview(ALICE, report),)), {})
    assert lines[2] == (
        "  PR 4.7 (expert) · luck −0.41 points · result +1.00, adjusted for luck +0.18"
    )


def test_the_lower_pr_wins_the_error_rate_contest() -> None:
    def player(user: int, pr: float) -> PlayerReview:
        return PlayerReview(user, SideReview(Side.WHITE, 30, 2 * pr, 0, 0, 0, (), pr))

    names = {ALICE: "Alice", 202: "Bob"}
    lines = review_lines(
        Localizer("en-US"), GameReview(True, (player(ALICE, 8.2), player(202, 6.1))), names
    )
    assert lines[-1] == "Bob made fewer errors (lower PR)."
    tied = GameReview(True, (player(ALICE, 6.12), player(202, 6.08)))
    assert review_lines(Localizer("en-US"), tied, names)[-1] == "Both played to the same PR."


def test_a_match_names_the_game_and_the_cube_is_in_the_readers_words() -> None:
    [_, _, _, line] = review_lines(Localizer("fr"), review(NO_DOUBLE, games=3), {ALICE: "Alice"})
    assert line == "  partie 2, coup 7 : ne pas doubler?! (meilleur doubler, −0,050)"


def test_without_open_sage_one_line_says_so_without_install_instructions() -> None:
    """The recap is public: it says why there is no analysis, not how to install anything."""
    absent = GameReview(available=False)
    assert review_lines(Localizer("en-US"), absent, {}) == [
        "No analysis: it needs Open Sage, and this bot runs without it."
    ]


def test_the_recap_stays_within_discords_limit() -> None:
    long_play = Mistake(3, 99, False, "bar/22*/16 13/7*(2) 8/2*", "bar/22 24/18(2) 13/7", 2.9, "??")
    names = {ALICE: "A" * 32, 202: "B" * 32}
    report = SideReview(Side.WHITE, 400, 123.4, 99, 99, 99, (long_play,) * 3)
    players = (PlayerReview(ALICE, report), PlayerReview(202, report))
    lines = review_lines(Localizer("de"), GameReview(True, players, 9), names)
    head = ["x" * 150] * 4  # the recap's own lines: result and two rating changes
    text = fit(head, lines)
    assert len(text) <= MAX_CONTENT
    assert text.endswith(lines[-1])  # a whole review fits with room to spare
    squeezed = fit(["x" * 1900], lines)
    assert len(squeezed) <= MAX_CONTENT and squeezed.startswith("x" * 1900)
