"""Checkers' builder: each pick is a square, the piece then each square it lands on."""

from __future__ import annotations

from bot.service.checkers import CheckersSession
from bot.service.picks import DIGITS, Choice, Group, Stage, digits
from bot.service.session import Session
from engine.checkers import stepwise as ck_steps
from engine.checkers.errors import IllegalMoveError


class CheckersBuilder:
    """A move built square by square, in one menu."""

    width = 2

    def stale(self) -> Exception:
        """The engine's refusal of a build that leads nowhere."""
        return IllegalMoveError("ck.build.stale")

    def stage(self, session: Session, code: str) -> Stage:
        """Each pick is a square (two characters)."""
        assert isinstance(session, CheckersSession)
        numbers = digits(code, self.width, self)
        game = session.game
        if game is None or not session.legal_choices():
            raise self.stale()
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
