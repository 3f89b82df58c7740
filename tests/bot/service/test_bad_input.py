"""Bad input, as a property: random move text, strangers, unknown ids, finished games; text
too long to read.

Each gets a clear error and changes nothing (the game's version and state stay as they were).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import NoReturn

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import engine.checkers as ck
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.clock import TimeLimitError, parse_time_limit
from bot.service.errors import (
    ActionNotAllowedError,
    GameNotFoundError,
    GameOverError,
    NotAPlayerError,
    ServiceError,
)
from bot.service.games import Games
from bot.service.limits import MAX_TEXT_LENGTH
from bot.service.operations import (
    Abort,
    AcceptChallenge,
    AcceptOffer,
    DeclineOffer,
    Double,
    Move,
    OfferDraw,
    Pass,
    Resign,
    Roll,
    Seated,
    Take,
)
from bot.service.views import GameView
from bot.store import GameKind
from engine.backgammon import parse_play
from tests.bot.service.conftest import ALICE, BOB, CHANNEL
from tests.bot.service.drive import start_game

MOVE_LIKE = st.from_regex(r"\A(bar|b|off|o|[0-9]{1,2})([/x\- ](bar|off|[0-9]{1,2})){1,3}\Z")
TEXTS = st.one_of(st.text(max_size=30), MOVE_LIKE)
SETTINGS = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)


@dataclass
class Played:
    """An active backgammon game, an active checkers game and a finished one."""

    backgammon: GameView
    checkers: GameView
    finished: GameView


@pytest.fixture
async def played(games: Games) -> Played:
    """Three games in three channels."""
    backgammon = (await start_game(games, "backgammon")).game
    checkers = await games.challenges.post(
        channel_id=CHANNEL + 1, challenger=ALICE, opponent=BOB, kind=GameKind.CHECKERS
    )
    ck_game = (await games.act(checkers.game.id, BOB.id, AcceptChallenge.of(BOB))).game
    done = await games.challenges.post(
        channel_id=CHANNEL + 2,
        challenger=ALICE,
        opponent=BOB,
        kind=GameKind.CHECKERS,
        starter="opponent",
    )
    await games.act(done.game.id, BOB.id, AcceptChallenge.of(BOB))
    finished = (await games.act(done.game.id, BOB.id, Resign())).game
    return Played(backgammon, ck_game, finished)


async def unchanged(games: Games, view: GameView) -> None:
    """The stored game is exactly as it was."""
    row = await games.store.get_game(view.id)
    assert row.version == view.version
    assert row.state == view.session.to_text()


@pytest.mark.slow
@SETTINGS
@given(text=TEXTS)
async def test_random_backgammon_text_is_refused_and_changes_nothing(
    games: Games, played: Played, text: str
) -> None:
    view = played.backgammon
    session = view.session
    assert isinstance(session, BackgammonSession) and session.match is not None
    game = session.match.game
    assert game.dice is not None and view.to_move_id is not None
    try:
        parse_play(game.position, game.dice, text)
    except ValueError:
        pass
    else:
        assume(False)  # the text names a legal play: not bad input
    with pytest.raises((ValueError, ServiceError)) as refused:
        await games.act(view.id, view.to_move_id, Move(text))
    assert str(refused.value)
    await unchanged(games, view)


@pytest.mark.slow
@SETTINGS
@given(text=TEXTS)
async def test_random_checkers_text_is_refused_and_changes_nothing(
    games: Games, played: Played, text: str
) -> None:
    view = played.checkers
    session = view.session
    assert isinstance(session, CheckersSession) and session.game is not None
    try:
        ck.parse_move(session.game.position, text)
    except ValueError:
        pass
    else:
        assume(False)
    assert view.to_move_id is not None
    with pytest.raises((ValueError, ServiceError)) as refused:
        await games.act(view.id, view.to_move_id, Move(text))
    assert str(refused.value)
    await unchanged(games, view)


OPERATIONS: list[Seated] = [
    Move("22-18"),
    Roll(),
    Double(),
    Take(),
    Pass(),
    Resign(),
    OfferDraw(),
    AcceptOffer(),
    DeclineOffer(),
    Abort(),
]


@settings(SETTINGS, max_examples=25)
@given(
    operation=st.sampled_from(OPERATIONS),
    user_id=st.integers(min_value=0, max_value=2**63 - 1),
    unknown_id=st.integers(min_value=10_000, max_value=2**62),
)
async def test_strangers_unknown_ids_and_finished_games_are_refused(
    games: Games, played: Played, operation: Seated, user_id: int, unknown_id: int
) -> None:
    assume(user_id not in (ALICE.id, BOB.id))
    for view in (played.backgammon, played.checkers):
        with pytest.raises(NotAPlayerError, match="not playing"):
            await games.act(view.id, user_id, operation)
        await unchanged(games, view)
    with pytest.raises(GameNotFoundError, match=f"no game #{unknown_id}"):
        await games.act(unknown_id, ALICE.id, operation)
    for player in (ALICE.id, BOB.id, user_id):
        with pytest.raises(GameOverError, match="is over"):
            await games.act(played.finished.id, player, operation)
    await unchanged(games, played.finished)


def refuse_parsing(*_args: object, **_kwargs: object) -> NoReturn:
    raise AssertionError("over-long text reached the parser")


async def test_over_long_text_is_refused_before_it_is_read_and_changes_nothing(
    games: Games, played: Played, monkeypatch: pytest.MonkeyPatch
) -> None:
    megabyte = "13/7 8/7 " * 120_000
    monkeypatch.setattr("bot.service.backgammon.parse_play", refuse_parsing)
    monkeypatch.setattr("bot.service.checkers.ck.parse_move", refuse_parsing)
    too_long = ("svc.move.too_long", {"most": MAX_TEXT_LENGTH})
    for view in (played.backgammon, played.checkers):
        assert view.to_move_id is not None
        for text in (megabyte, "x" * (MAX_TEXT_LENGTH + 1)):
            with pytest.raises(ActionNotAllowedError) as caught:
                await games.act(view.id, view.to_move_id, Move(text))
            assert (caught.value.code, dict(caught.value.params)) == too_long
            assert str(caught.value).startswith(f"A move is at most {MAX_TEXT_LENGTH} characters")
            await unchanged(games, view)
    mover = played.backgammon.to_move_id
    assert mover is not None
    with pytest.raises(ActionNotAllowedError) as caught:
        await games.act(played.backgammon.id, mover, Resign("gammon" * 200_000))
    assert (caught.value.code, dict(caught.value.params)) == (
        "svc.resign.too_long",
        {"most": MAX_TEXT_LENGTH},
    )
    await unchanged(games, played.backgammon)


async def test_text_up_to_the_bound_is_read(games: Games, played: Played) -> None:
    view = played.checkers
    assert view.to_move_id is not None
    with pytest.raises((ValueError, ServiceError)) as refused:
        await games.act(view.id, view.to_move_id, Move("9" * MAX_TEXT_LENGTH))
    assert getattr(refused.value, "code", None) != "svc.move.too_long"
    await unchanged(games, view)


def test_an_over_long_time_limit_is_refused_without_being_echoed() -> None:
    with pytest.raises(TimeLimitError) as caught:
        parse_time_limit(" " * 3000 + "5m")
    assert caught.value.code == "svc.time.too_long"
    assert len(str(caught.value)) < 200
    assert parse_time_limit(" " * (MAX_TEXT_LENGTH - 2) + "5m") == timedelta(minutes=5)
