"""The one place refusals are worded: known kinds through the catalog, the rest apologised for."""

from __future__ import annotations

import logging

import pytest
from discord import app_commands

from bot.errors import Refusal, explain
from bot.i18n import Localizer
from bot.service import errors as service_errors
from bot.store import StoreBusyError

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


class CodedRefusal(ValueError):
    """A refusal from below (an engine's, say) with a code and params, as the contract says."""

    def __init__(self, reason: str, code: str, **params: object) -> None:
        super().__init__(reason)
        self.code = code
        self.params = params


def test_a_coded_refusal_is_worded_from_the_catalog_with_its_params() -> None:
    error = CodedRefusal("22-17 is not a legal move here", "svc.ck.not_legal_here", move="22-17")
    assert explain(EN, error) == "Not possible: 22-17 is not a legal move here"
    assert explain(DE, error) == "Nicht möglich: 22-17 ist hier kein erlaubter Zug"
    assert explain(FR, error) == "Impossible : 22-17 n'est pas un coup légal ici"


def test_a_service_refusal_is_worded_in_the_readers_language() -> None:
    error = service_errors.ChallengeError("svc.challenge.for_someone_else", game=7)
    assert explain(EN, error) == "Not possible: Challenge #7 is for someone else."
    assert explain(FR, error) == "Impossible : Le défi n°7 s'adresse à quelqu'un d'autre."
    assert explain(DE, error) == "Nicht möglich: Herausforderung #7 gilt jemand anderem."


def test_not_your_turn_says_what_is_awaited_in_the_readers_language() -> None:
    error = service_errors.NotYourTurnError(3, "answer_double")
    assert explain(FR, error) == (
        "Impossible : Ce n'est pas votre tour dans la partie n°3 : "
        "on attend que votre adversaire accepte ou refuse le double."
    )


@pytest.mark.parametrize(
    "error",
    [
        ValueError("you must play both dice: 24/23 8/5 works"),
        CodedRefusal("you must play both dice: 24/23 8/5 works", "bg.no_such_code_yet"),
        CodedRefusal("{point} is blocked", "svc.ck.not_legal_here"),  # the text's param missing
    ],
    ids=["no code", "code without a catalog text", "params that do not fit the text"],
)
def test_refusals_the_catalog_cannot_word_keep_their_english_reason(error: Exception) -> None:
    reason = str(error)
    assert explain(DE, error) == f"Nicht möglich: {reason[:1].upper()}{reason[1:]}"


def test_command_errors_are_unwrapped() -> None:
    inner = service_errors.NotAPlayerError(4, 99)
    wrapped = app_commands.CommandInvokeError.__new__(app_commands.CommandInvokeError)
    wrapped.__cause__ = inner
    assert explain(DE, wrapped) == "Du spielst nicht in Partie #4."


def test_unexpected_errors_are_logged_and_apologised_for(
    caplog: pytest.LogCaptureFixture,
) -> None:
    with caplog.at_level(logging.ERROR, logger="duelboard.errors"):
        text = explain(EN, KeyError("boom"))
    assert text.startswith("Something went wrong on our side; nothing was changed.")
    assert [r.exc_info[1] for r in caplog.records if r.exc_info] != []
