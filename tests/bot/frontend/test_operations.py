"""What each button's custom id asks of the service: the values on messages already posted keep
their meaning."""

from __future__ import annotations

import pytest

from bot.frontend.operations import Action, operation_of, resign
from bot.service.operations import (
    Abort,
    AcceptChallenge,
    AcceptOffer,
    Claim,
    DeclineChallenge,
    DeclineOffer,
    Double,
    Move,
    OfferDraw,
    Operation,
    Pass,
    Rematch,
    Resign,
    Roll,
    Take,
    WithdrawChallenge,
)
from bot.service.views import Player

BOB = Player(2, "Bob")

# The custom ids' words as the buttons have always written them, and what each asks for.
BY_CUSTOM_ID: list[tuple[str, str | None, Operation]] = [
    ("accept", None, AcceptChallenge("Bob", False)),
    ("decline", None, DeclineChallenge()),
    ("cancel", None, WithdrawChallenge()),
    ("roll", None, Roll()),
    ("double", None, Double()),
    ("take", None, Take()),
    ("drop", None, Pass()),
    ("resign", "1", Resign(1)),
    ("resign", "3", Resign(3)),
    ("resign", "gammon", Resign("gammon")),
    ("resign", None, Resign(None)),
    ("draw", None, OfferDraw()),
    ("yes", None, AcceptOffer()),
    ("no", None, DeclineOffer()),
    ("abort", None, Abort()),
    ("rematch", None, Rematch()),
    ("claim", None, Claim()),
]


@pytest.mark.parametrize(("word", "arg", "expected"), BY_CUSTOM_ID)
def test_each_custom_id_asks_for_its_operation(
    word: str, arg: str | None, expected: Operation
) -> None:
    assert operation_of(Action(word), arg, BOB) == expected


def test_every_action_but_the_two_questions_is_an_operation() -> None:
    asked = {Action(word) for word, _, _ in BY_CUSTOM_ID}
    assert set(Action) - asked == {Action.ASK_PASS, Action.ASK_RESIGN}
    for question in ("askdrop", "askresign"):
        assert operation_of(Action(question), None, BOB) is None


def test_a_bot_accepting_says_so() -> None:
    """The service refuses a bot's acceptance: the flag must reach it."""
    assert operation_of(Action.ACCEPT_CHALLENGE, None, Player(9, "Robo", True)) == (
        AcceptChallenge("Robo", True)
    )


def test_resign_from_the_command_reads_the_size_as_a_number() -> None:
    assert resign("2") == Resign(2)
    assert resign(None) == Resign()


def test_a_seated_players_operations_keep_the_words_the_log_stores() -> None:
    """An operation's op is the stored kind of its event: the words the log has always kept."""
    stored = {
        Roll(): "roll",
        Move("8/5 6/5"): "move",
        Double(): "double",
        Take(): "take",
        Pass(): "drop",
        Resign(2): "resign",
        OfferDraw(): "offer_draw",
        AcceptOffer(): "accept",
        DeclineOffer(): "decline",
        Abort(): "abort",
    }
    assert {operation: operation.op.value for operation in stored} == stored
    assert (Move("8/5 6/5").argument, Resign(2).argument, Roll().argument) == ("8/5 6/5", 2, None)
