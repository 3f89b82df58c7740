"""Who may ask for a hint now, and the coach's work for it (the coach itself is `coach.Coach`)."""

from __future__ import annotations

from collections.abc import Callable

from bot.service.coach import HINT_COUNT, Advice, Coach
from bot.service.errors import (
    ActionNotAllowedError,
    GameOverError,
    NotAPlayerError,
    NotYourTurnError,
)
from bot.service.kinds import rules_for
from bot.service.views import GameView
from bot.store import GameStatus


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
    return rules_for(view.kind).advice(session, coach, count)
