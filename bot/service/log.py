"""A finished game's event log replayed step by step, keeping what each step meant."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.service.outcomes import GameEnded, Outcome
from bot.service.session import Context, LoggedStep, Session
from bot.service.views import load_session, steps_of
from bot.store import GameEvent, GameRow


@dataclass(frozen=True, slots=True)
class GameLog:
    """Every step of one game in order, from the challenge's pending session onwards (the
    `session.Log` each kind's records and reviews read)."""

    game: GameRow
    start: Session
    steps: tuple[LoggedStep, ...]

    @classmethod
    def replay(cls, game: GameRow, events: Sequence[GameEvent]) -> GameLog:
        """Fold the events' steps from the game's initial state, as the store's reducer does."""
        session: Any = load_session(game.initial_state)
        start = session
        ctx = Context(game.id, game.dice_commitment or "")
        logged = []
        for event in events:
            for step in steps_of(event):
                session, outcomes = session.apply(step, ctx)
                logged.append(LoggedStep(step, session, tuple(outcomes)))
        return cls(game, start, tuple(logged))

    @property
    def final(self) -> Session:
        """The session after the last step (the stored state for a closed game)."""
        return self.steps[-1].session if self.steps else self.start

    def outcomes(self) -> list[Outcome]:
        """Every outcome of the game, in order."""
        return [outcome for logged in self.steps for outcome in logged.outcomes]

    def games_ended(self) -> list[GameEnded]:
        """One `GameEnded` per game played (several for a match)."""
        return [o for o in self.outcomes() if isinstance(o, GameEnded)]
