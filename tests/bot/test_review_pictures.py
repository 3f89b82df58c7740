"""The pictures of a review's worst decisions: what each board shows and says.

The positions are built by hand from the opening: after White's 3-1 the best play (as the review
would name it) is drawn played, with its arrows, the roll in the caption; a cube action is drawn
as the board it was decided on, captioned as the recap's line for it.
"""

from __future__ import annotations

from ai.review import Mistake
from bot.pictures.look import Look
from bot.pictures.review import MistakePicture, draw_mistakes, scene
from engine.backgammon import Play, Side
from engine.backgammon.matchplay import Match, MatchOptions

NAMES = ("Alice", "Bob")


def opening() -> tuple[Match, Play, Play]:
    """White to play 3-1 from the start, with two of its plays: 8/5 6/5 and 13/9."""
    match = Match.start(MatchOptions()).opening_roll(3, 1)
    by_text = {play.notation(): play for play in match.game.legal_plays()}
    return match, by_text["8/5 6/5"], by_text["13/9"]


def test_a_checker_play_is_drawn_after_the_best_play_with_its_arrows() -> None:
    match, best, played = opening()
    mistake = Mistake(1, 1, False, played.notation(), best.notation(), 0.2, "??", match, best)
    picture = MistakePicture.of(Side.WHITE, mistake, 1)
    assert picture is not None
    shown = scene(picture, NAMES, Look())
    assert shown.position == match.game.position.apply(best)
    assert shown.last_play == best
    assert shown.dice is None  # on the board after the play they would look like Black's
    assert shown.viewer is Side.WHITE and shown.numbered_for is Side.WHITE
    assert shown.caption == "Move 1 (3-1): played 13/9??, best 8/5 6/5 (−0.200)"


def test_a_cube_action_is_drawn_as_the_board_it_was_decided_on_in_the_readers_words() -> None:
    match, best, _ = opening()
    rolling = match.move(best)  # Black to roll
    mistake = Mistake(2, 5, True, "no double", "double", 0.05, "?!", rolling, None)
    picture = MistakePicture.of(Side.BLACK, mistake, 3)
    assert picture is not None
    shown = scene(picture, NAMES, Look(locale="fr"))
    assert shown.position == rolling.game.position
    assert shown.last_play is None and shown.dice is None
    assert shown.viewer is Side.BLACK
    assert shown.caption == "partie 2, coup 5 : ne pas doubler?! (meilleur doubler, −0,050)"


def test_a_mistake_without_its_position_gets_no_picture() -> None:
    assert (
        MistakePicture.of(Side.WHITE, Mistake(1, 1, False, "13/9", "8/5 6/5", 0.2, "??"), 1) is None
    )


def test_each_picture_is_a_png_with_alt_text_naming_the_choice() -> None:
    match, best, played = opening()
    mistake = Mistake(1, 1, False, played.notation(), best.notation(), 0.2, "??", match, best)
    picture = MistakePicture.of(Side.WHITE, mistake, 1)
    assert picture is not None
    [(png, alt)] = draw_mistakes([picture], NAMES, Look())
    assert png.startswith(b"\x89PNG")
    assert "best 8/5 6/5" in alt
