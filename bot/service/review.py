"""Post-game review of a backgammon game: the `Reviewer` interface and the service's side of it.

The service never imports `ai`: a reviewer (Open Sage behind it) is injected, given the match
values the game passed through and the sides to grade, and answers in plain data. Only people
are graded; the bot's own decisions in its games are not.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from bot.service.backgammon import BackgammonSession
from bot.service.session import Log
from engine.backgammon import Play, Side
from engine.backgammon.matchplay import Match


class Mistake(Protocol):
    """A marked decision: where it came, what was decided, the best choice and the equity lost."""

    @property
    def game(self) -> int:
        """The game of the match (1 for a single game)."""
        ...

    @property
    def move(self) -> int:
        """The turn of that game."""
        ...

    @property
    def cube(self) -> bool:
        """A cube action: `played` and `best` are "double", "no double", "take" or "pass"."""
        ...

    @property
    def played(self) -> str:
        """The play made (standard notation) or the cube action taken."""
        ...

    @property
    def best(self) -> str:
        """The best play or cube action."""
        ...

    @property
    def loss(self) -> float:
        """Equity lost against the best choice, per unit of cube."""
        ...

    @property
    def mark(self) -> str:
        """ "?!" (doubtful), "?" (error) or "??" (blunder)."""
        ...

    @property
    def before(self) -> Match | None:
        """The match just before the decision (None: not kept), for its picture."""
        ...

    @property
    def best_play(self) -> Play | None:
        """The best play itself, for a checker play (None for a cube action)."""
        ...


class SideReview(Protocol):
    """How one side played."""

    @property
    def side(self) -> Side:
        """The side graded."""
        ...

    @property
    def decisions(self) -> int:
        """Decisions made (forced plays are none)."""
        ...

    @property
    def error_rate(self) -> float:
        """Average equity lost per decision, in thousandths."""
        ...

    @property
    def doubtful(self) -> int:
        """Decisions marked ?!."""
        ...

    @property
    def errors(self) -> int:
        """Decisions marked ?."""
        ...

    @property
    def blunders(self) -> int:
        """Decisions marked ??."""
        ...

    @property
    def worst(self) -> Sequence[Mistake]:
        """The worst marked decisions, worst first."""
        ...

    @property
    def pr(self) -> float:
        """The performance rating: average equity lost per decision counted, times 500."""
        ...

    @property
    def label(self) -> str:
        """The PR's band: "world_class", "expert", "advanced", "intermediate", "casual",
        "beginner", "distracted" or "awful"."""
        ...

    @property
    def luck(self) -> float:
        """The equity the dice gave this side over the game, in points (negative: unlucky)."""
        ...

    @property
    def result(self) -> float:
        """The points this side won (negative: lost)."""
        ...

    @property
    def luck_adjusted(self) -> float:
        """The result less the luck this side had over its opponent."""
        ...


class Reviewer(Protocol):
    """Grades the decisions of a finished backgammon game."""

    @property
    def available(self) -> bool:
        """False when the evaluator it needs is not installed."""
        ...

    def review(self, history: Sequence[Match], sides: Sequence[Side]) -> Sequence[SideReview]:
        """One report per side in `sides`, from the match values the game passed through."""
        ...


@dataclass(frozen=True, slots=True)
class PlayerReview:
    """A person's report in the game."""

    user_id: int
    report: SideReview


@dataclass(frozen=True, slots=True)
class GameReview:
    """The review of a game: its players' reports, or none because no evaluator is installed."""

    available: bool
    players: tuple[PlayerReview, ...] = ()
    games: int = 1  # games of the match (the mistakes name their game when more than one)


def match_history(log: Log) -> list[Match]:
    """The match values a backgammon game passed through, one per step that changed it."""
    history: list[Match] = []
    for logged in log.steps:
        session = logged.session
        if not isinstance(session, BackgammonSession) or session.match is None:
            continue
        if not history or history[-1] != session.match:
            history.append(session.match)
    return history


def review_game(log: Log, reviewer: Reviewer, bot_id: int) -> GameReview | None:
    """Review the people of a finished backgammon game (None for a checkers game).

    CPU-bound: run it in a worker thread.
    """
    session = log.final
    if not isinstance(session, BackgammonSession) or session.seats is None:
        return None
    if not reviewer.available:
        return GameReview(available=False)
    graded = [side for side in Side if session.seats[side] != bot_id]
    history = match_history(log)
    reports = reviewer.review(history, graded)
    players = tuple(PlayerReview(session.seats[r.side], r) for r in reports)
    return GameReview(True, players, history[-1].game_number if history else 1)
