"""The words of a /hint reply: values in the reader's writing, and what the numbers mean."""

from __future__ import annotations

from ai.coach import Advice, Suggestion
from bot.i18n import Localizer
from bot.service.coach import Hint
from bot.store import GameKind
from bot.wording.hints import hint_text, number

EN, FR, DE = Localizer("en-US"), Localizer("fr"), Localizer("de")


def test_numbers_are_signed_and_use_the_readers_decimal_mark() -> None:
    assert number(EN, 0.2134, 3) == "+0.213"
    assert number(FR, -0.0157, 3) == "−0,016"  # a true minus sign, not a hyphen
    assert number(DE, 1.5, 2) == "+1,50"


def test_equity_lines_give_the_loss_against_the_best_from_the_second_on() -> None:
    advice = Advice(
        (Suggestion("8/5 6/5", 0.213, 0.0), Suggestion("24/23 13/10", -0.015, 0.228)), "equity"
    )
    text = hint_text(EN, Hint(7, GameKind.BACKGAMMON, 1, (3, 1), advice))
    lines = text.splitlines()
    assert lines[0] == "Best plays for your 3-1 in game #7:"
    assert lines[1] == "1. `8/5 6/5` — equity +0.213"
    assert lines[2] == "2. `24/23 13/10` — equity −0.015 (−0.228 against the best)"
    assert "Open Sage" in lines[3]


def test_a_ranking_without_equities_says_so_and_shows_no_numbers() -> None:
    advice = Advice((Suggestion("8/5 6/5"), Suggestion("13/10 6/5")), "rank")
    text = hint_text(FR, Hint(7, GameKind.BACKGAMMON, 1, (3, 1), advice))
    assert text.splitlines()[1:3] == ["1. `8/5 6/5`", "2. `13/10 6/5`"]  # no numbers
    assert "ne sont pas des équités" in text
    assert "pip install" not in text  # installing is the operator's business, not a player's


def test_checkers_lines_in_men_and_proven_results() -> None:
    advice = Advice(
        (
            Suggestion("14x7", forced="win"),
            Suggestion("11-15", 0.35, 0.0),
            Suggestion("2-6", forced="loss"),
        ),
        "men",
    )
    lines = hint_text(DE, Hint(3, GameKind.CHECKERS, 1, None, advice)).splitlines()
    assert lines[0] == "Die besten Züge in Partie #3:"
    assert lines[1:4] == [
        "1. `14x7` — erzwungener Gewinn",
        "2. `11-15` — +0,35 Steine",
        "3. `2-6` — erzwungener Verlust",
    ]
    assert "Steinen" in lines[4]
