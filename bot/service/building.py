"""A play picked one move at a time where a menu cannot hold every legal play (the builder).

The picks so far travel as a short code (in the controls' custom ids), never stored: each pick
is read back against the game as it stands, so a build of a position that is gone is refused.
Backgammon picks a single checker move per die; checkers the piece, then each square it lands
on. What is offered comes from the engine (`engine.backgammon.stepwise`,
`engine.checkers.stepwise`), so a finished build is always one of the legal plays.
"""

from __future__ import annotations

import string
from dataclasses import dataclass

from bot.service.backgammon import BackgammonSession
from bot.service.checkers import CheckersSession
from bot.service.errors import (
    ActionNotAllowedError,
    GameOverError,
    NotAPlayerError,
    NotYourTurnError,
)
from bot.service.session import Session
from bot.service.views import GameView
from bot.store import GameStatus
from engine.backgammon import Play
from engine.backgammon import stepwise as bg_steps
from engine.backgammon.errors import IllegalMoveError as BackgammonIllegal
from engine.checkers import stepwise as ck_steps
from engine.checkers.errors import IllegalMoveError as CheckersIllegal

MENU_LIMIT = 25  # Discord's most options in a select menu: past it, plays are built
DIGITS = string.digits + string.ascii_lowercase  # one character per number up to 35
MAX_PICKS = 24  # more than any legal move has squares; a longer code is forged


@dataclass(frozen=True, slots=True)
class Choice:
    """One pick offered: its code (appended to the build's) and what the player reads."""

    code: str
    label: str


@dataclass(frozen=True, slots=True)
class Group:
    """Picks offered together, in one menu: backgammon's for one die (`die`), checkers' all
    (`die` None)."""

    die: int | None
    choices: tuple[Choice, ...]


@dataclass(frozen=True, slots=True)
class Stage:
    """A build as it stands: the picks' code, the partial play as the player reads it (empty
    before the first pick), what may come next, and the whole play once it is one."""

    code: str
    shown: str
    groups: tuple[Group, ...]
    play: str | None


def builds(session: Session) -> bool:
    """Whether the actor builds their play: more legal plays or moves than a menu holds."""
    return len(session.legal_choices()) > MENU_LIMIT


def _digits(code: str, width: int, kind: str) -> list[int]:
    """The numbers a code holds, `width` characters each; a malformed code is stale."""
    if len(code) % width or len(code) > MAX_PICKS * width or any(c not in DIGITS for c in code):
        raise _stale(kind)
    return [DIGITS.index(c) for c in code]


def stale(session: Session) -> Exception:
    """The refusal of a build that leads nowhere on the game as it stands."""
    return _stale("backgammon" if isinstance(session, BackgammonSession) else "checkers")


def _stale(kind: str) -> Exception:
    if kind == "backgammon":
        return BackgammonIllegal("bg.build.stale")
    return CheckersIllegal("ck.build.stale")


def stage(session: Session, code: str) -> Stage:
    """The build `code` on the game as it stands; the engine's `*.build.stale` refusal when it
    leads to no legal play (a position since changed, or a forged code)."""
    if isinstance(session, BackgammonSession):
        return _backgammon(session, code)
    if isinstance(session, CheckersSession):
        return _checkers(session, code)
    raise TypeError(f"no builder for {type(session).__name__}")


def _backgammon(session: BackgammonSession, code: str) -> Stage:
    """Backgammon: each pick is a source, a target and the die it plays (three characters)."""
    match = session.match
    numbers = _digits(code, 3, "backgammon")
    dice = None if match is None else match.game.dice
    if match is None or dice is None or not session.legal_choices():
        raise _stale("backgammon")
    game = match.game
    picks = [(numbers[i], numbers[i + 1], numbers[i + 2]) for i in range(0, len(numbers), 3)]
    step = bg_steps.build(game.position, dice, picks, game.options.variant)
    groups: dict[int, list[Choice]] = {}
    for move, die in step.next_moves:
        pick = DIGITS[move.source] + DIGITS[move.target] + DIGITS[die]
        groups.setdefault(die, []).append(Choice(code + pick, move.text()))
    shown = Play(step.picked).notation() if step.picked else ""
    play = step.play.notation() if step.play is not None else None
    ordered = tuple(Group(die, tuple(groups[die])) for die in sorted(groups, reverse=True))
    return Stage(code, shown, ordered, play)


def _checkers(session: CheckersSession, code: str) -> Stage:
    """Checkers: each pick is a square (two characters)."""
    numbers = _digits(code, 2, "checkers")
    game = session.game
    if game is None or not session.legal_choices():
        raise _stale("checkers")
    squares = [numbers[i] * len(DIGITS) + numbers[i + 1] for i in range(0, len(numbers), 2)]
    step = ck_steps.build(game.position, squares)
    mark = "x" if step.captures else "-"
    shown = mark.join(str(square) for square in squares)
    choices = tuple(
        Choice(code + DIGITS[square // len(DIGITS)] + DIGITS[square % len(DIGITS)], str(square))
        for square in step.next_squares
    )
    groups = (Group(None, choices),) if choices else ()
    play = step.move.pdn() if step.move is not None else None
    return Stage(code, shown, groups, play)


def undone(code: str, session: Session) -> str:
    """The build one pick back."""
    width = 3 if isinstance(session, BackgammonSession) else 2
    return code[:-width]


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
