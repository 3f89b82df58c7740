"""Display names in message text are escaped; where nothing is interpreted they stay as written."""

from __future__ import annotations

from bot.frontend.markup import shown, user_name
from bot.wording.game import game_text
from bot.wording.terms import name_of
from tests.bot.wording.test_game import ALICE, BOB, EN, opened


def test_names_in_message_text_are_escaped_and_plain_names_are_as_written() -> None:
    names = {ALICE: "<@99>", BOB: "**x**", 33: "@everyone", 44: "`x`"}
    text = shown(names)
    assert name_of(text, ALICE) == "<@\u200b99>"  # shows as written, pings nobody
    assert name_of(text, BOB) == "\\*\\*x\\*\\*"
    assert name_of(text, 33) == "@\u200beveryone"
    assert name_of(text, 44) == "\\`x\\`"
    assert name_of(names, BOB) == "**x**"  # pictures and choices interpret nothing
    assert name_of(text, 55) == name_of(names, 55) == "55"


def test_a_name_in_the_header_and_the_status_line_is_escaped() -> None:
    view = opened(3, 1)
    text = game_text(EN, view, (), shown({ALICE: "@here", BOB: "<@&5>"}))
    assert "@\u200bhere" in text and "<@\u200b&5>" in text
    assert "@here" not in text and "<@&5>" not in text


def test_a_name_that_draws_nothing_is_shown_by_its_id() -> None:
    names = {11: "\u200b", 22: "\u200b\u200b", 33: "\u3164", 44: "\u202e", 55: "\u0301 \u2800"}
    assert shown(names) == {11: "11", 22: "22", 33: "33", 44: "44", 55: "55"}


def test_controls_that_reorder_the_sentence_are_taken_out_of_a_name() -> None:
    assert shown({1: "\u202eevil", 2: "a\u2066b\u2069c\u200f"}) == {1: "evil", 2: "abc"}


def test_a_right_to_left_name_is_isolated_from_the_sentence_around_it() -> None:
    assert shown({1: "\u05d3\u05e0\u05d4 2"}) == {1: "\u2068\u05d3\u05e0\u05d4 2\u2069"}
    assert shown({2: "Zoë 李"}) == {2: "Zoë 李"}  # left to right: as written


def test_a_users_name_falls_back_to_their_username_then_their_id() -> None:
    class Someone:
        def __init__(self, display_name: str, name: str) -> None:
            self.display_name, self.name, self.id = display_name, name, 7

    assert user_name(Someone("\u202eAda", "ada")) == "Ada"  # type: ignore[arg-type]
    assert user_name(Someone("\u200b\u200b", "ada.l")) == "ada.l"  # type: ignore[arg-type]
    assert user_name(Someone("\u200b", "\u3164")) == "7"  # type: ignore[arg-type]
