"""A play picked one move at a time where a menu cannot hold every legal play (the builder).

The picks so far travel as a short code (in the controls' custom ids), never stored: each pick
is read back against the game as it stands, so a build of a position that is gone is refused.
Backgammon picks a single checker move per die; checkers the piece, then each square it lands
on. What is offered comes from the engine (`engine.backgammon.stepwise`,
`engine.checkers.stepwise`), so a finished build is always one of the legal plays. Each game's
builder is its rules' `builder` (`bot.service.kinds`); the picks' types are `bot.service.picks`.
"""

from __future__ import annotations

from bot.service.errors import (
    ActionNotAllowedError,
    GameOverError,
    NotAPlayerError,
    NotYourTurnError,
)
from bot.service.kinds import rules_for
from bot.service.picks import Builder, Choice, Group, Stage
from bot.service.session import Session
from bot.service.views import GameView
from bot.store import GameStatus

MENU_LIMIT = 25  # Discord's most options in a select menu: past it, plays are built


def builds(session: Session) -> bool:
    """Whether the actor builds their play: more legal plays or moves than a menu holds."""
    return len(session.legal_choices()) > MENU_LIMIT


def stale(session: Session) -> Exception:
    """The refusal of a build that leads nowhere on the game as it stands."""
    return _builder(session).stale()


def stage(session: Session, code: str) -> Stage:
    """The build `code` on the game as it stands; the engine's `*.build.stale` refusal when it
    leads to no legal play (a position since changed, or a forged code)."""
    return _builder(session).stage(session, code)


def _builder(session: Session) -> Builder:
    return rules_for(session.options.kind).builder


def undone(code: str, session: Session) -> str:
    """The build one pick back."""
    return code[: -_builder(session).width]


def check_builder(view: GameView, user_id: int) -> None:
    """Refuse a pick by anyone but the player to move, as the service refuses their move."""
    if view.status is GameStatus.PENDING:
        raise ActionNotAllowedError("svc.not_started", game=view.id)
    if not view.status.is_open:
        raise GameOverError(view.id, view.status.value)
    seats = view.session.seats
    if seats is None or user_id not in seats:
        raise NotAPlayerError(view.id, user_id)
    if view.session.actor() != seats.index(user_id):
        raise NotYourTurnError(view.id, view.session.awaiting())


__all__ = [
    "MENU_LIMIT",
    "Builder",
    "Choice",
    "Group",
    "Stage",
    "builds",
    "check_builder",
    "stage",
    "stale",
    "undone",
]
