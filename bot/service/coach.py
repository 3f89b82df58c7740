"""Hints for the player to move: the `Coach` the table asks, and what a hint holds.

The service never imports `ai`: a coach (the expert computer behind it) is injected and answers
in plain data shaped as below.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

import engine.checkers as ck
from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.errors import (
    ActionNotAllowedError,
    GameOverError,
    NotAPlayerError,
    NotYourTurnError,
)
from bot.service.views import GameView
from bot.store import GameStatus
from engine.backgammon.matchplay import Match, Phase

HINT_COUNT = 3  # the top plays a /hint shows

# What a suggestion's value measures.
EQUITY = "equity"  # backgammon: expected points per unit of cube, for the mover
RANK = "rank"  # backgammon at the built-in level: an order of plays, no comparable values
MEN = "men"  # checkers: the search's score for the mover, in men
WIN, LOSS = "win", "loss"  # a checkers result the search proved


class Suggestion(Protocol):
    """One candidate play or move, as a coach ranks it."""

    @property
    def notation(self) -> str:
        """The play or move in standard notation (one of the engine's legal ones)."""
        ...

    @property
    def value(self) -> float | None:
        """Its value for the mover; None for the unit `RANK` and for a proven result."""
        ...

    @property
    def loss(self) -> float | None:
        """How far below the best it is (0 for the best); None where `value` is."""
        ...

    @property
    def forced(self) -> str | None:
        """`WIN` or `LOSS` when the search proved the result after this move, else None."""
        ...


class Advice(Protocol):
    """The best plays for the player to move, best first, and what their values mean."""

    @property
    def suggestions(self) -> Sequence[Suggestion]:
        """Best first."""
        ...

    @property
    def unit(self) -> str:
        """`EQUITY`, `RANK` or `MEN`."""
        ...


class Coach(Protocol):
    """Ranks the plays of the position on the table (the `ai` package provides one)."""

    def backgammon_advice(self, match: Match, count: int) -> Advice:
        """The top `count` of `match.game.legal_plays()` for the dice on the table."""
        ...

    def checkers_advice(self, game: ck.Game, count: int) -> Advice:
        """The top `count` of `game.position.legal_moves()`."""
        ...


@dataclass(frozen=True, slots=True)
class Hint:
    """A hint given at a table: which game, for whom, the dice (backgammon) and the advice."""

    game_id: int
    kind: str
    user_id: int
    dice: tuple[int, int] | None
    advice: Advice


def advice_for(
    view: GameView, user_id: int, bot_id: int, coach: Coach, count: int = HINT_COUNT
) -> Callable[[], Advice]:
    """The coach's work for a hint to `user_id` now (run it in a worker thread).

    Refuses, changing nothing: a game that has not started or is over, someone not seated,
    a game where hints are not allowed, a player who is not to move, and a moment with no
    play to choose (dice not rolled, an offer to answer).
    """
    if view.status is GameStatus.PENDING:
        raise ActionNotAllowedError("svc.not_started", game=view.id)
    if not view.status.is_open:
        raise GameOverError(view.id, view.status.value)
    session = view.session
    seats = session.seats
    if seats is None or user_id not in seats:
        raise NotAPlayerError(view.id, user_id)
    if bot_id not in seats:
        if view.options.rated:
            raise ActionNotAllowedError("svc.hint.rated", game=view.id)
        if not view.options.hints:
            raise ActionNotAllowedError("svc.hint.not_agreed", game=view.id)
    if session.actor() != seats.index(user_id):
        raise NotYourTurnError(view.id, session.awaiting())
    if isinstance(session, BackgammonSession):
        return _backgammon(session, coach, count)
    return _checkers(session, coach, count)


def _backgammon(session: BackgammonSession, coach: Coach, count: int) -> Callable[[], Advice]:
    match = session.match
    assert match is not None  # the game is open and the player is to act
    phase = match.game.phase
    if phase is Phase.ROLLING:
        raise ActionNotAllowedError("svc.hint.roll_first")
    if phase is not Phase.MOVING:
        raise ActionNotAllowedError("svc.hint.answer_offer_first")
    return lambda: coach.backgammon_advice(match, count)


def _checkers(session: CheckersSession, coach: Coach, count: int) -> Callable[[], Advice]:
    game = session.game
    assert game is not None  # the game is open and the player is to act
    if session.draw_offered_by is not None:
        raise ActionNotAllowedError("svc.hint.answer_draw_first")
    return lambda: coach.checkers_advice(game, count)
