"""The one place refusals are worded: known kinds through the catalog, the rest apologised for."""

from __future__ import annotations

import logging
from types import MappingProxyType

import pytest
from discord import app_commands

from bot.frontend.replies import Refusal, explain
from bot.i18n import Localizer
from bot.service import errors as service_errors
from bot.service.clock import parse_time_limit
from bot.service.dice import DiceError
from bot.service.errors import ActionNotAllowedError, ServiceError
from bot.service.limits import MAX_TEXT_LENGTH
from bot.store import StoreBusyError
from engine.backgammon import Position
from engine.backgammon.notation import parse_play
from engine.reason import RefusalError

EN, FR, DE = Localizer("en-US"), Localizer("fr"), Localizer("de")


@pytest.mark.parametrize(
    ("error", "english"),
    [
        (service_errors.NotAPlayerError(4, 99), "You are not playing in game #4."),
        (service_errors.GameOverError(4, "finished"), "Game #4 is over; start a new one"),
        (service_errors.ChannelBusyError(1, 4), "This channel already has game #4 open"),
        (service_errors.ConflictError(4, 2, 3), "That was already done"),
        (service_errors.GameNotFoundError(4), "There is no game #4."),
        (StoreBusyError(), "The database is busy; nothing was changed."),
        (Refusal("Worded already."), "Worded already."),
    ],
)
def test_known_refusals_are_worded_from_the_catalog(error: Exception, english: str) -> None:
    assert explain(EN, error).startswith(english)


class CodedRefusal(RefusalError):
    """An engine's kind of refusal, with English templates of its own (some the catalog lacks)."""

    templates = MappingProxyType(
        {
            "svc.ck.not_legal_here": "{move} is not a legal move here",
            "bg.no_such_code_yet": "you must play both dice: {example} works",
        }
    )


class OddRefusal(RefusalError):
    """A refusal whose code the catalog words with other params than it carries."""

    templates = MappingProxyType({"svc.ck.not_legal_here": "{point} is blocked"})


def test_a_coded_refusal_is_worded_from_the_catalog_with_its_params() -> None:
    error = CodedRefusal("svc.ck.not_legal_here", move="22-17")
    assert explain(EN, error) == "Not possible: 22-17 is not a legal move here"
    assert explain(DE, error) == "Nicht möglich: 22-17 ist hier kein erlaubter Zug"
    assert explain(FR, error) == "Impossible : 22-17 n'est pas un coup légal ici"


def test_an_engine_refusal_is_a_refusal_in_the_readers_language() -> None:
    with pytest.raises(RefusalError) as caught:
        parse_play(Position.initial(), (3, 1), "13/99")
    assert explain(FR, caught.value).startswith("Impossible : ")


def test_a_service_refusal_is_worded_in_the_readers_language() -> None:
    error = service_errors.ChallengeError("svc.challenge.for_someone_else", game=7)
    assert explain(EN, error) == "Not possible: Challenge #7 is for someone else."
    assert explain(FR, error) == "Impossible : Le défi n°7 s'adresse à quelqu'un d'autre."
    assert explain(DE, error) == "Nicht möglich: Herausforderung #7 gilt jemand anderem."


def test_not_your_turn_says_what_is_awaited_in_the_readers_language() -> None:
    error = service_errors.NotYourTurnError(3, "answer_double")
    assert explain(FR, error) == (
        "Impossible : Ce n'est pas ton tour dans la partie n°3 : "
        "on attend que ton adversaire accepte ou refuse le double."
    )


@pytest.mark.parametrize(
    "error",
    [
        CodedRefusal("bg.no_such_code_yet", example="24/23 8/5"),
        ActionNotAllowedError.passed_on(OddRefusal("svc.ck.not_legal_here", point=5)),
    ],
    ids=["code without a catalog text", "params that do not fit the text"],
)
def test_refusals_the_catalog_cannot_word_keep_their_english_reason(error: Exception) -> None:
    reason = str(error)
    assert explain(DE, error) == f"Nicht möglich: {reason[:1].upper()}{reason[1:]}"


def test_what_the_player_typed_is_repeated_only_in_part() -> None:
    # The longest text the service reads at all (longer is refused unread); quoted, it is 102.
    typed = "9" * MAX_TEXT_LENGTH
    text = explain(FR, parse_error(typed))
    # The repeated text (quotes included) is 100 characters with its ellipsis.
    assert "'" + typed[:98] + "…" in text and typed[:99] not in text
    assert len(text) < 300


def test_no_refusal_passes_discords_limit() -> None:
    for error in (Refusal("x" * 5000), ServiceError("y" * 5000)):
        assert len(explain(EN, error)) <= 2000


def test_command_errors_are_unwrapped() -> None:
    inner = service_errors.NotAPlayerError(4, 99)
    wrapped = app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError)
    wrapped.__cause__ = inner
    assert explain(DE, wrapped) == "Du spielst nicht in Partie #4."


@pytest.mark.parametrize(
    "error",
    [
        KeyError("boom"),
        ValueError("game_id must be a Discord id (an integer from 0 to 2**63-1), not -5"),
        DiceError("SeededDice has no seeds left for another game"),
    ],
    ids=["KeyError", "an internal argument check", "an internal ValueError subclass"],
)
def test_unexpected_errors_are_logged_and_apologised_for(
    caplog: pytest.LogCaptureFixture, error: Exception
) -> None:
    with caplog.at_level(logging.ERROR, logger="duelboard.errors"):
        english = explain(EN, error)
        french = explain(FR, error)
    assert english == "Something went wrong on our side; nothing was changed. Please try again."
    assert french == "Une erreur est survenue de notre côté ; rien n'a changé. Réessaie."
    assert [r.exc_info[1] for r in caplog.records if r.exc_info] == [error, error]


def parse_error(typed: str) -> Exception:
    """The refusal of `typed` as a time limit."""
    with pytest.raises(ServiceError) as caught:
        parse_time_limit(typed)
    return caught.value
