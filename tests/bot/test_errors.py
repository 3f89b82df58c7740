"""The one place refusals are worded: known kinds through the catalog, the rest apologised for."""

from __future__ import annotations

import logging

import pytest
from discord import app_commands

from bot.errors import Refusal, explain
from bot.i18n import Localizer
from bot.service import errors as service_errors
from bot.store import StoreBusyError
from engine.backgammon import IllegalMoveError

EN, DE = Localizer("en-US"), Localizer("de")


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


def test_engine_reasons_are_passed_on_after_a_localized_prefix() -> None:
    error = IllegalMoveError("you must play both dice: 24/23 8/5 works")
    assert explain(EN, error) == "Not possible: You must play both dice: 24/23 8/5 works"
    assert explain(DE, error).startswith("Nicht möglich: You must play both dice")


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
