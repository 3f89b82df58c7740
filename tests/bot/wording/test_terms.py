"""Words spliced into other texts come from the catalog in the reader's language."""

from __future__ import annotations

from datetime import timedelta

import pytest

import engine.checkers as ck
from bot.i18n import Localizer
from bot.service.dice import RollMismatch, VerifyReport
from bot.service.outcomes import Finish, GameEnded
from bot.wording.game import event_line
from bot.wording.terms import (
    checkers_summary,
    checkers_title,
    duration,
    variant_name,
    verify_details,
)
from engine.backgammon import VARIANTS as BACKGAMMON_VARIANTS
from engine.backgammon.cube import Size

EN, FR, DE = Localizer("en"), Localizer("fr"), Localizer("de")
READERS = [EN, FR, DE]
NAMES = {1: "Ann", 2: "Ben"}

# Every way the service ends a game, as the sessions report it: (won?, finish, size).
ENDINGS = [
    *((True, how, size) for how in (Finish.PLAYED, Finish.RESIGNED) for size in Size),
    (True, Finish.PASSED, Size.SINGLE),
    (True, Finish.TIME, None),
    (True, Finish.RESIGNED, None),
    (True, Finish.NO_PIECES, None),
    (True, Finish.NO_MOVES, None),
    (True, Finish.KING_COUNT, None),
    *((False, how, None) for how in (Finish.AGREEMENT, Finish.REPETITION, Finish.NO_PROGRESS)),
    (False, Finish.KING_COUNT, None),
]


def ended(won: bool, finish: Finish, size: Size | None, points: int = 2) -> GameEnded:
    """Ann (1) beats Ben (2) by `finish`, or they draw."""
    if not won:
        return GameEnded(7, None, None, 0, finish)
    return GameEnded(7, 1, 2, points, finish, size=size)


@pytest.mark.parametrize(("won", "finish", "size"), ENDINGS)
def test_every_way_a_game_ends_is_a_sentence_of_its_own_in_each_language(
    won: bool, finish: Finish, size: Size | None
) -> None:
    worded = [event_line(t, ended(won, finish, size), NAMES) for t in READERS]
    assert len(set(worded)) == 3  # three languages, three texts
    assert all(line and (not won or "Ann" in line) for line in worded)


def test_a_game_end_is_worded_whole_with_its_size_and_points() -> None:
    gammon = ended(True, Finish.RESIGNED, Size.GAMMON, points=4)
    assert event_line(EN, gammon, NAMES) == "Ann wins 4 points (resigned, a gammon)."
    assert event_line(DE, gammon, NAMES) == (
        "Ann gewinnt durch Aufgabe ein Gammon und erhält 4 Punkte."
    )
    single = ended(True, Finish.PLAYED, Size.SINGLE, points=1)
    assert event_line(EN, single, NAMES) == "Ann wins 1 point (a single game)."
    assert event_line(FR, single, NAMES) == "Ann remporte une partie simple et marque 1 point."
    # A passed double is worth the cube before doubling, whatever the position (BG-14).
    passed = ended(True, Finish.PASSED, Size.SINGLE)
    assert event_line(FR, passed, NAMES) == "Ann gagne 2 points : le double a été refusé."
    drawn = ended(False, Finish.REPETITION, None)
    assert event_line(EN, drawn, NAMES) == "Draw (the same position for the third time)."
    assert event_line(DE, drawn, NAMES) == "Remis: dieselbe Stellung zum dritten Mal."


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
