"""Post-game review of a checkers game: the `CheckersReviewer` interface and the service's side.

The service never imports `ai`: a reviewer (the checkers search, deeper than any level plays,
behind it) is injected, given the game and the colours to grade, and answers in plain data.
Only people are graded; the bot's own moves in its games are not. The worst moves come with the
position after the best move instead, which the front end pictures.
"""

from __future__ import annotations

import asyncio
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import engine.checkers as ck
from bot.service.checkers import CheckersSession
from bot.service.export.pdn import move_text
from bot.service.log import GameLog
from bot.service.session import Log
from bot.store import GameKind, Store

COLOUR_OF_SEAT = (ck.Color.WHITE, ck.Color.BLACK)  # seat 0 plays White


class Mistake(Protocol):
    """A marked move: where it came, what was played, the best move and what the move cost."""

    @property
    def ply(self) -> int:
        """The move's index in the game (0 for the first)."""
        ...

    @property
    def number(self) -> int:
        """The move's number as the record counts them."""
        ...

    @property
    def played(self) -> str:
        """The move played (PDN)."""
        ...

    @property
    def best(self) -> str:
        """The best move (PDN)."""
        ...

    @property
    def best_move(self) -> ck.Move:
        """The best move, to picture."""
        ...

    @property
    def loss(self) -> float:
        """Men lost against the best move."""
        ...

    @property
    def mark(self) -> str:
        """ "?!" (doubtful), "?" (error) or "??" (blunder)."""
        ...

    @property
    def threw_win(self) -> bool:
        """The best move won by force and the move played does not."""
        ...

    @property
    def walked_into_loss(self) -> bool:
        """The move played loses by force and the best move did not."""
        ...


class SideReview(Protocol):
    """How one colour played."""

    @property
    def colour(self) -> ck.Color:
        """The colour graded."""
        ...

    @property
    def decisions(self) -> int:
        """Moves with a choice (a single legal move, a forced capture among them, is none)."""
        ...

    @property
    def men_lost(self) -> float:
        """Men lost against the best moves, in all."""
        ...

    @property
    def average(self) -> float:
        """Men lost per move with a choice."""
        ...

    @property
    def doubtful(self) -> int:
        """Moves marked ?!."""
        ...

    @property
    def errors(self) -> int:
        """Moves marked ?."""
        ...

    @property
    def blunders(self) -> int:
        """Moves marked ??."""
        ...

    @property
    def worst(self) -> Sequence[Mistake]:
        """The worst marked moves, worst first."""
        ...


class CheckersReviewer(Protocol):
    """Grades the moves of a finished checkers game."""

    def review(self, game: ck.Game, colours: Sequence[ck.Color]) -> Sequence[SideReview]:
        """One report per colour of `colours`. Blocks for seconds: call it in a worker thread."""
        ...


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """A person's report in the game."""

    user_id: int
    report: SideReview


@dataclass(frozen=True, slots=True)
class CheckersReview:
    """The review of a checkers game: its people's reports and the game, to picture the worst
    moves."""

    game: ck.Game
    players: tuple[PlayerReview, ...]

    def best_after(self, mistake: Mistake) -> ck.Game:
        """The game as it would stand had the best move been played instead of `mistake`'s."""
        position = self.game.positions[mistake.ply]
        return ck.Game.new(self.game.variant, position.apply(mistake.best_move))


def game_of(log: Log) -> ck.Game | None:
    """The whole game a checkers log played, from the start (None for another game)."""
    if not isinstance(log.start, CheckersSession):
        return None
    variant = log.start.options.variant
    moves = [move_text(s.step) for s in log.steps if s.step["op"] == "move"]
    return ck.Game.replay(variant, moves)


def review_checkers_game(
    log: Log, reviewer: CheckersReviewer, bot_id: int
) -> CheckersReview | None:
    """Review the people of a finished checkers game (None for another game, or a game with no
    move or no person). CPU-bound: run it in a worker thread."""
    session = log.final
    if not isinstance(session, CheckersSession) or session.seats is None:
        return None
    game = game_of(log)
    if game is None or not game.moves:
        return None
    seats = session.seats
    graded = [COLOUR_OF_SEAT[seat] for seat in (0, 1) if seats[seat] != bot_id]
    if not graded:
        return None
    reports = reviewer.review(game, graded)
    players = tuple(PlayerReview(seats[COLOUR_OF_SEAT.index(r.colour)], r) for r in reports)
    return CheckersReview(game, players)


async def checkers_review_for(
    store: Store, game_id: int, reviewer: CheckersReviewer, bot_id: int
) -> CheckersReview | None:
    """Review the people (not `bot_id`) of a finished checkers game in a worker thread; None
    for a backgammon game or one without a move.

    Slower than the recap (seconds a move), so it is shown once done, not awaited before it.
    """
    row = await store.get_game(game_id)
    if row.kind is not GameKind.CHECKERS:
        return None
    log = GameLog.replay(row, await store.events_for(game_id))
    return await asyncio.to_thread(review_checkers_game, log, reviewer, bot_id)
