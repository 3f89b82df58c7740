"""Words spliced into other texts come from the catalog in the reader's language (issue 7)."""

from __future__ import annotations

from datetime import timedelta

import pytest

import engine.checkers as ck
from bot.i18n import Localizer
from bot.service.dice import RollMismatch, VerifyReport
from bot.wording.terms import (
    checkers_summary,
    checkers_title,
    duration,
    ending,
    variant_name,
    verify_details,
)
from engine.backgammon import VARIANTS as BACKGAMMON_VARIANTS
from engine.backgammon.cube import LEVEL_NAMES
from engine.backgammon.game import Ending

EN, FR, DE = Localizer("en"), Localizer("fr"), Localizer("de")
READERS = [EN, FR, DE]

# Every `GameEnded.reason` the table produces: backgammon `<how>: <level name>`, checkers
# `EndReason` values, and the table's own `time` and `resigned`.
REASONS = [
    *(f"{how.value}: {name}" for how in Ending for name in LEVEL_NAMES.values()),
    *(reason.value for reason in ck.EndReason),
    "time",
    "resigned",
]


@pytest.mark.parametrize("reason", REASONS)
def test_every_way_a_game_ends_is_worded_in_each_language(reason: str) -> None:
    worded = [ending(t, reason) for t in READERS]
    assert reason not in worded[1:]  # never the raw English reason for French or German
    assert len(set(worded)) == 3  # three languages, three texts


def test_a_backgammon_ending_names_its_level_in_the_readers_words() -> None:
    assert ending(DE, "resigned: gammon") == "Aufgabe, ein Gammon"
    assert ending(FR, "played: backgammon") == "fin de partie, un backgammon"


def test_an_unknown_reason_is_shown_as_it_is() -> None:
    assert ending(FR, "struck by lightning") == "struck by lightning"


@pytest.mark.parametrize(
    ("limit", "english", "french", "german"),
    [
        (timedelta(hours=2), "2 hours", "2 heures", "2 Stunden"),
        (timedelta(days=1, hours=1), "25 hours", "25 heures", "25 Stunden"),
        (timedelta(days=1), "1 day", "1 jour", "1 Tag"),
        (timedelta(minutes=90), "90 minutes", "90 min", "90 Minuten"),
        (timedelta(seconds=45), "45 seconds", "45 secondes", "45 Sekunden"),
    ],
)
def test_durations_use_the_largest_whole_unit_in_the_readers_language(
    limit: timedelta, english: str, french: str, german: str
) -> None:
    assert [duration(t, limit) for t in READERS] == [english, french, german]


@pytest.mark.parametrize("variant", sorted(ck.VARIANTS))
def test_checkers_rules_are_summarised_from_the_variants_switches(variant: str) -> None:
    rules = ck.VARIANTS[variant]
    english = checkers_summary(EN, rules)
    # One clause per switch, as the engine's own summary has.
    assert english.count("; ") == rules.summary().count("; ")
    french = checkers_summary(FR, rules)
    assert french.count("; ") == english.count("; ")
    assert "capture" not in french and "king" not in french
    assert checkers_title(FR, rules) != rules.title


def test_the_summaries_follow_the_rules_page() -> None:
    english = checkers_summary(EN, ck.VARIANTS["english"])
    # RULES.md, `english`: men capture forward only; kings one square at a time; the dark
    # side moves first; crowned mid-capture, the move ends.
    assert "men capture forward only" in english and "short kings" in english
    assert "black moves first" in english and "the move ends" in english
    international = checkers_summary(DE, ck.VARIANTS["international"])
    # `international`: 10×10, flying kings, majority rule.
    assert international.startswith("Brett 10×10") and "fliegende Damen" in international
    assert "meisten Steinen" in international
    box = checkers_summary(FR, ck.VARIANTS["box"])
    # CK-12: a draw on the third repetition, and after 30 plies of king moves without capture.
    assert "3 fois" in box and "30 demi-coups" in box


@pytest.mark.parametrize("variant", sorted(BACKGAMMON_VARIANTS))
def test_every_backgammon_variant_has_a_name_in_each_language(variant: str) -> None:
    names = [variant_name(t, "backgammon", variant) for t in READERS]
    assert len(set(names)) == 3


def test_a_failed_dice_audit_is_told_in_the_readers_language() -> None:
    wrong = RollMismatch(number=4, logged=(6, 1), derived=(3, 2))
    report = VerifyReport(False, 9, (wrong,), ())
    lines = verify_details(FR, report).splitlines()
    assert lines == [
        "La graine révélée ne correspond pas à l'engagement publié au début.",
        "Le lancer 4 a été noté 6-1, mais la graine donne 3-2.",
    ]
    assert verify_details(DE, VerifyReport(True, 9, (wrong,), ())).startswith("Wurf 4 wurde")
