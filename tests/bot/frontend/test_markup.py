"""Display names in message text are escaped; where nothing is interpreted they stay as written."""

from __future__ import annotations

from bot.frontend.markup import shown
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
