"""What backgammon asks of the computer: the bot's decisions and the coach's ranking."""

from __future__ import annotations

from typing import Protocol

from bot.service.coach import Advice
from engine.backgammon import Play
from engine.backgammon.matchplay import Match


class BackgammonOpponent(Protocol):
    """The bot's backgammon decisions (`Opponent.for_kind(GameKind.BACKGAMMON)`)."""

    def choose_play(self, match: Match) -> Play:
        """One of `match.game.legal_plays()`."""
        ...

    def wants_to_double(self, match: Match) -> bool:
        """Whether to double before rolling (asked only when the rules allow a double)."""
        ...

    def takes_double(self, match: Match) -> bool:
        """Whether to take the double on offer."""
        ...

    def accepts_resignation(self, match: Match) -> bool:
        """Whether to accept the resignation on offer."""
        ...


class BackgammonCoach(Protocol):
    """The coach's backgammon hints (`Coach.for_kind(GameKind.BACKGAMMON)`)."""

    def advice(self, match: Match, count: int) -> Advice:
        """The top `count` of `match.game.legal_plays()` for the dice rolled."""
        ...


class SimpleBackgammonPlayer:
    """Plays the first legal play; never doubles, takes every double, accepts resignations."""

    def choose_play(self, match: Match) -> Play:
        """The first legal play."""
        return match.game.legal_plays()[0]

    def wants_to_double(self, match: Match) -> bool:
        """Never doubles."""
        return False

    def takes_double(self, match: Match) -> bool:
        """Always takes."""
        return True

    def accepts_resignation(self, match: Match) -> bool:
        """Always accepts."""
        return True
