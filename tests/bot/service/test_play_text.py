"""Typed backgammon plays (BG-18): forgiving forms, and clear reasons when a play is refused."""

from __future__ import annotations

import pytest

from bot.service.play_text import parse_play, read_hops
from engine.backgammon import IllegalMoveError, InvalidMoveError, Position, Side

START = Position.initial(Side.WHITE)


@pytest.mark.parametrize(
    "text",
    ["13/7 8/7", "8/7 13/7", "13-7, 8-7", " 13 / 7   8/7 ", "13/7* 8/7", "8/7,13/7"],
)
def test_bg18_forgiving_forms_name_the_same_play(text: str) -> None:
    # 6-1 from the start: the "point on 7" play.
    assert parse_play(START, (6, 1), text).notation() == "13/7 8/7"


def test_bg18_one_checker_through_two_points() -> None:
    assert parse_play(START, (6, 5), "24/18/13") == parse_play(START, (6, 5), "24/13")


def test_bg18_repeats_with_a_count() -> None:
    assert parse_play(START, (3, 3), "8/5(2) 6/3(2)").notation() == "8/5(2) 6/3(2)"


def test_bar_and_off_words() -> None:
    assert read_hops("bar/22 6/off") == [(25, 22), (6, 0)]
    assert read_hops("B/22, 6-O") == [(25, 22), (6, 0)]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("13/7", "you must use both dice"),
        ("6/off", "bear off only once all your checkers are home"),
        ("bar/20", "no checker on the bar"),
        ("24/17", "17 is blocked"),
        ("pass", "you cannot pass"),
    ],
)
def test_illegal_plays_say_why(text: str, reason: str) -> None:
    with pytest.raises(IllegalMoveError, match=reason):
        parse_play(START, (6, 1), text)


@pytest.mark.parametrize("text", ["", "zz", "13", "7/13", "13/7(9)", "30/24", "13//7"])
def test_unreadable_text_is_invalid(text: str) -> None:
    with pytest.raises(InvalidMoveError):
        parse_play(START, (6, 1), text)
