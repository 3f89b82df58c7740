"""Standard notation out and forgiving notation in, with reasons for refusals (BG-18)."""

from __future__ import annotations

import pytest

from engine.backgammon import (
    FIVE_LIMIT,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Play,
    Position,
    Side,
    parse_play,
)
from tests.engine.backgammon.boards import row

START = Position.initial()


def test_bg18_format_hits_repeats_and_paths() -> None:
    play = Play((Move(13, 7, hit=True), Move(8, 5), Move(8, 5)))
    assert play.notation() == "13/7* 8/5(2)"
    assert Play((Move(25, 22), Move(6, 0))).notation() == "bar/22 6/off"
    # One checker moving on: written as one path, with the hit point kept.
    assert Play((Move(24, 18), Move(18, 13))).notation() == "24/13"
    assert Play((Move(24, 18, hit=True), Move(18, 13))).notation() == "24/18*/13"
    assert Play().notation() == "pass"


def test_bg18_move_text_round_trips() -> None:
    for move in (Move(13, 7, hit=True), Move(25, 22), Move(6, 0), Move(24, 23)):
        assert Move.from_text(move.text()) == move


@pytest.mark.parametrize(
    "text",
    ["13/8 6/5", "6/5 13/8", "13-8 6-5", "13/8, 6/5", " 13 / 8   6/5 ", "13/8 6/5".upper()],
)
def test_bg18_forgiving_input(text: str) -> None:
    assert parse_play(START, (5, 1), text).notation() == "13/8 6/5"


def test_bg18_bar_and_off_words() -> None:
    # White on the bar; Black holds nothing in White's entry area.
    position = Position((row(p6=14), row(p6=15)), bar=(1, 0))
    assert parse_play(position, (3, 1), "b/22 6/5").notation() == "bar/22 6/5"
    assert parse_play(position, (3, 1), "BAR-22 6-5").notation() == "bar/22 6/5"
    home = Position((row(p6=2, p1=13), row(p6=15)))
    assert parse_play(home, (6, 1), "6/o 1/o").notation() == "6/off 1/off"


def test_bg18_one_checker_through_two_points() -> None:
    assert parse_play(START, (6, 5), "24/18/13").notation() == "24/13"
    assert parse_play(START, (6, 5), "24/13") == parse_play(START, (6, 5), "24/18 18/13")


def test_bg18_repeats() -> None:
    assert parse_play(START, (3, 3), "8/5(2) 6/3(2)").notation() == "8/5(2) 6/3(2)"
    assert parse_play(START, (3, 3), "8/5 (2) 6/3 6/3 ") == parse_play(
        START, (3, 3), "8/5(2) 6/3(2)"
    )


def test_bg18_hit_marks_optional() -> None:
    # Black blot on White's 7 (its 18-point).
    position = Position((row(p13=5, p6=10), row(p18=1, p6=14)))
    assert parse_play(position, (6, 1), "13/7 13/12").notation() == "13/12 13/7*"
    assert parse_play(position, (6, 1), "13/7* 13/12").notation() == "13/12 13/7*"


def test_bg18_unreadable_input_is_invalid() -> None:
    for text in ("", "hello", "13", "13/x", "25/20", "8/13", "off/3", "13/8(7)"):
        with pytest.raises(InvalidMoveError):
            parse_play(START, (5, 1), text)


def test_bg18_reason_no_checker() -> None:
    with pytest.raises(IllegalMoveError, match="no checker on your 12-point"):
        parse_play(START, (5, 1), "12/7 6/5")


def test_bg18_reason_blocked() -> None:
    # Black's 6-point is White's 19: 24/19 lands on five Black checkers.
    with pytest.raises(IllegalMoveError, match="your 19-point is blocked"):
        parse_play(START, (5, 1), "24/19 6/5")


def test_bg18_reason_blocked_on_the_way() -> None:
    # Black holds White's 19 and 18 (its 6 and 7): 24/13 with 6-5 must touch one of them.
    position = Position((row(p24=1, p1=14), row(p7=2, p6=2, p2=11)))
    with pytest.raises(IllegalMoveError, match="your points 19 and 18 on the way are blocked"):
        parse_play(position, (6, 5), "24/13")
    # Only the 18 held: 24/19/13 is the way, so a 24/18/13 path names a blocked stop.
    one = Position((row(p24=1, p1=14), row(p7=2, p2=13)))
    assert parse_play(one, (6, 5), "24/13").notation() == "24/13"
    with pytest.raises(IllegalMoveError, match="18-point is blocked"):
        parse_play(one, (6, 5), "24/18/13")


def test_bg18_reason_must_use_both_dice() -> None:
    with pytest.raises(IllegalMoveError, match=r"you must play both dice: .*13/8"):
        parse_play(START, (5, 1), "13/8")


def test_bg18_reason_enter_from_the_bar_first() -> None:
    position = Position((row(p6=14), row(p6=15)), bar=(1, 0))
    with pytest.raises(IllegalMoveError, match="enter from the bar first"):
        parse_play(position, (3, 1), "6/3 6/5")


def test_bg18_reason_wrong_distance() -> None:
    with pytest.raises(IllegalMoveError, match="that is a distance of 4,"):
        parse_play(START, (5, 1), "13/9 6/5")


def test_bg18_a_distance_of_one_is_not_worded_as_many() -> None:
    """The reason names the distance without a plural noun: never "1 pips"."""
    with pytest.raises(IllegalMoveError, match="8/7: that is a distance of 1, and the dice"):
        parse_play(START, (6, 5), "8/7 13/7")


@pytest.mark.parametrize(
    ("text", "token", "name"), [("-1/-7", "-1/-7", "-1"), ("13/-8", "13/-8", "-8")]
)
def test_bg18_an_unreadable_move_is_echoed_as_typed(text: str, token: str, name: str) -> None:
    """A dash that does not join two points is the player's own text, not a `/`."""
    with pytest.raises(InvalidMoveError) as refused:
        parse_play(START, (6, 1), text)
    assert refused.value.params == {"token": token, "name": name}


def test_bg18_reason_larger_die() -> None:
    # Black holds White's 2: 13/7 or 13/8 alone; the 6 must be played.
    position = Position((row(p13=1, p1=14), row(p23=2, p6=13)))
    with pytest.raises(IllegalMoveError, match=r"larger \(6\)"):
        parse_play(position, (6, 5), "13/8")


def test_bg18_reason_five_limit() -> None:
    black = row(p13=2, p18=2, p22=2, p6=9)
    position = Position((row(p13=1, p8=5, p1=9), black))
    with pytest.raises(IllegalMoveError, match="already holds 5"):
        parse_play(position, (5, 1), "13/8", FIVE_LIMIT)


def test_bg18_pass_only_when_nothing_can_move() -> None:
    black = row(p1=2, p2=2, p3=2, p4=2, p5=2, p6=2, p13=3)
    dancing = Position((row(p13=1, p1=13), black), bar=(1, 0))
    assert parse_play(dancing, (6, 5), "pass") == Play()
    with pytest.raises(IllegalMoveError, match="you can move with 6-5"):
        parse_play(START, (6, 5), "pass")
    with pytest.raises(IllegalMoveError):
        parse_play(dancing, (6, 5), "bar/19")


def test_bg18_ambiguous_lists_the_choices() -> None:
    # Black blots on White's 18 and 19; 24/13 could hit either on the way.
    position = Position((row(p24=1, p1=14), row(p7=1, p6=1, p2=13)))
    with pytest.raises(AmbiguousMoveError) as raised:
        parse_play(position, (6, 5), "24/13")
    assert set(raised.value.choices) == {"24/18*/13", "24/19*/13"}
    assert parse_play(position, (6, 5), "24/18*/13").notation() == "24/18*/13"
    assert parse_play(position, (6, 5), "24/19/13").notation() == "24/19*/13"


def test_bg18_refusal_changes_nothing() -> None:
    before = Position.initial()
    with pytest.raises(IllegalMoveError):
        parse_play(before, (5, 1), "12/7 6/5")
    assert before == Position.initial()


def test_legal_notations_name_each_legal_play_in_order() -> None:
    # White bears off its last two checkers, on its 2 and 1 points: a 6-5 takes both off.
    position = Position((row(p2=1, p1=1), row(p1=15)), off=(13, 0), turn=Side.WHITE)
    assert position.legal_notations((6, 5)) == ("2/off 1/off",)
    for dice in ((3, 1), (6, 5), (4, 4)):
        plays = START.legal_plays(dice)
        assert START.legal_notations(dice) == tuple(play.notation() for play in plays)
    assert "8/5 6/5" in START.legal_notations((3, 1))
    assert START.legal_notations((3, 1)) is START.legal_notations((3, 1))  # kept, not redone
