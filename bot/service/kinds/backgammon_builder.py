"""Backgammon's builder: each pick is a source, a target and the die it plays."""

from __future__ import annotations

from bot.service.backgammon import BackgammonSession
from bot.service.picks import DIGITS, Choice, Group, Stage, digits
from bot.service.session import Session
from engine.backgammon import Play
from engine.backgammon import stepwise as bg_steps
from engine.backgammon.errors import IllegalMoveError


class BackgammonBuilder:
    """A play built one checker move at a time, a menu per die."""

    width = 3

    def stale(self) -> Exception:
        """The engine's refusal of a build that leads nowhere."""
        return IllegalMoveError("bg.build.stale")

    def stage(self, session: Session, code: str) -> Stage:
        """Each pick is a source, a target and the die it plays (three characters)."""
        assert isinstance(session, BackgammonSession)
        match = session.match
        numbers = digits(code, self.width, self)
        dice = None if match is None else match.game.dice
        if match is None or dice is None or not session.legal_choices():
            raise self.stale()
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
