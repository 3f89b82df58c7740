"""What checkers asks of the computer: the bot's moves and draw answers, the coach's ranking."""

from __future__ import annotations

from typing import Protocol

import engine.checkers as ck
from bot.service.coach import Advice


class CheckersOpponent(Protocol):
    """The bot's checkers decisions (`Opponent.for_kind(GameKind.CHECKERS)`)."""

    def choose_move(self, game: ck.Game) -> ck.Move:
        """One of `game.position.legal_moves()`."""
        ...

    def accepts_draw(self, game: ck.Game, colour: ck.Color) -> bool:
        """Whether to agree to the draw on offer, playing `colour`."""
        ...


class CheckersCoach(Protocol):
    """The coach's checkers hints (`Coach.for_kind(GameKind.CHECKERS)`)."""

    def advice(self, game: ck.Game, count: int) -> Advice:
        """The top `count` of `game.position.legal_moves()`."""
        ...


class SimpleCheckersPlayer:
    """Plays the first legal move; declines draws, so a person who wants a draw from it has to
    earn it on the board."""

    def choose_move(self, game: ck.Game) -> ck.Move:
        """The first legal move."""
        return game.position.legal_moves()[0]

    def accepts_draw(self, game: ck.Game, colour: ck.Color) -> bool:
        """Never agrees to a draw."""
        return False
