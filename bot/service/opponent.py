"""The bot as a player: an `Opponent` interface and a simple legal-move player."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import engine.checkers as ck
from engine.backgammon import Play
from engine.backgammon.matchplay import Match


class Opponent(Protocol):
    """Decisions the bot makes when it is seated (the AI issue brings a stronger one)."""

    @property
    def notice(self) -> str | None:
        """Set when it plays below the level asked for (e.g. an engine is not installed)."""
        ...

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

    def choose_move(self, game: ck.Game) -> ck.Move:
        """One of `game.position.legal_moves()`."""
        ...

    def accepts_draw(self, game: ck.Game, colour: ck.Color) -> bool:
        """Whether to agree to the draw on offer, playing `colour`."""
        ...


Opponents = Callable[[str], Opponent]
"""The bot's player for a level name (`options.LEVELS`); asked once per bot turn."""


class SimplePlayer:
    """Plays the first legal play or move; never doubles, takes every double, accepts resignations.

    It declines draws, so a person who wants a draw from it has to earn it on the board.
    """

    notice: str | None = None

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

    def choose_move(self, game: ck.Game) -> ck.Move:
        """The first legal move."""
        return game.position.legal_moves()[0]

    def accepts_draw(self, game: ck.Game, colour: ck.Color) -> bool:
        """Never agrees to a draw."""
        return False
