"""How a session run becomes one stored event: status, whose turn, the clock, the seed reveal."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Any

from bot.service.clock import Clock, turn_clock
from bot.service.outcomes import (
    ComputerFailed,
    Finish,
    GameAborted,
    GameEnded,
    MatchEnded,
    Outcome,
)
from bot.service.session import Op, Run, Session
from bot.service.views import ActionOutcomes, GameView, stored_text
from bot.store import GameRow, GameStatus, JsonValue, Store

# The bot plays at once; its turn still gets a deadline, so that a turn lost to a crash or a
# restart (the person's action committed, the bot's not yet) is picked up by the sweeper.
BOT_GRACE = timedelta(minutes=1)


class EventKind(StrEnum):
    """The events of a game's log besides a player's `Op` (whose value names its event).

    Stored: never change a value.
    """

    CHALLENGE_ACCEPTED = "accepted"  # the challenge, and with it the first steps of play
    PAIRED = "paired"  # a tournament's pairing seated at its game, with the first steps of play
    CHALLENGE_DECLINED = "declined"
    CHALLENGE_WITHDRAWN = "cancelled"
    EXPIRED = "expired"
    TIMEOUT = "timeout"  # the player to act ran out of time
    REMINDER = "reminder"  # the player to act was reminded (no steps)
    BOT = "bot"  # the bot's own turn
    BOT_FAILED = "bot_failed"  # the bot could not act; the payload counts the failures
    CALLED_OFF = "called_off"  # the bot failed too often: no result
    HINT = "hint"  # who asked for a hint, and what they were shown (no steps)


class Committer:
    """Writes runs to the store against the version they were computed from."""

    def __init__(self, store: Store, clock: Clock, bot_id: int) -> None:
        """Commit to `store`, stamping times from `clock`; `bot_id` gets no reminder."""
        self.store = store
        self.clock = clock
        self.bot_id = bot_id

    async def commit(
        self,
        row: GameRow,
        run: Run[Any],
        kind: Op | EventKind,
        actor_id: int | None,
        *,
        now: datetime | None = None,
        opponent_id: int | None = None,
    ) -> ActionOutcomes:
        """Commit the run's steps as one event of `kind` against the version that was loaded."""
        moment = self.clock.now() if now is None else now
        session: Session = run.session
        changes: dict[str, Any] = {}
        if opponent_id is not None:
            changes["opponent_id"] = opponent_id
        if row.status is GameStatus.PENDING:
            changes["status"] = GameStatus.ACTIVE
        if session.over:
            winner = session.winner()
            aborted = session.stopped is Finish.ABORTED
            changes["status"] = GameStatus.CANCELLED if aborted else GameStatus.FINISHED
            changes["winner_id"] = (
                None if winner is None or session.seats is None else (session.seats[winner])
            )
            changes["result"] = _result(run.outcomes, aborted)
            changes.update(to_move_id=None, turn_deadline=None, reminder_at=None)
        else:
            changes.update(self.turn(session, moment))
        stored = await self.store.commit(
            row.id,
            row.version,
            kind,
            {"steps": list[JsonValue](run.steps)},
            stored_text(session),
            now=moment,
            actor_id=actor_id,
            **changes,
        )
        outcomes: list[Outcome] = list(run.outcomes)
        if not stored.status.is_open:
            outcomes = [_reveal(outcome, stored.dice_secret) for outcome in outcomes]
        return ActionOutcomes(GameView.of(stored, session), tuple(outcomes))

    def turn(self, session: Session, moment: datetime) -> dict[str, Any]:
        """Whose turn it is from `moment` and its clock (the bot's: a grace period), as the
        game's columns; nothing while nobody is to act."""
        actor = session.actor()
        if actor is None or session.seats is None:
            return {}
        mover = session.seats[actor]
        if mover == self.bot_id:
            return {"to_move_id": mover, "turn_deadline": moment + BOT_GRACE, "reminder_at": None}
        clock = turn_clock(moment, session.options.time_limit)
        return {
            "to_move_id": mover,
            "turn_deadline": clock.deadline,
            "reminder_at": clock.reminder_at,
        }

    async def close_challenge(
        self,
        row: GameRow,
        kind: EventKind,
        actor_id: int | None,
        status: GameStatus,
        outcome: Outcome,
        *,
        now: datetime | None = None,
    ) -> ActionOutcomes:
        """Close a challenge (declined, cancelled, expired): a status change, no steps."""
        stored = await self.store.commit(
            row.id,
            row.version,
            kind,
            {"steps": []},
            row.state,
            now=self.clock.now() if now is None else now,
            actor_id=actor_id,
            status=status,
            to_move_id=None,
            turn_deadline=None,
            reminder_at=None,
        )
        return ActionOutcomes(GameView.of(stored), (outcome,))


def _reveal(outcome: Outcome, seed: str | None) -> Outcome:
    """Put the now public seed into the outcomes that end a game."""
    if isinstance(outcome, GameEnded | MatchEnded | GameAborted | ComputerFailed):
        return replace(outcome, seed=seed)
    return outcome


def _result(outcomes: list[Outcome], aborted: bool) -> dict[str, Any]:
    """The stored summary of how a game ended."""
    if aborted:
        failed = any(isinstance(outcome, ComputerFailed) for outcome in outcomes)
        return {"reason": "computer_failed" if failed else Finish.ABORTED.value}
    ended = [o for o in outcomes if isinstance(o, GameEnded)]
    if not ended:
        return {"reason": "over"}
    last = ended[-1]
    summary: dict[str, Any] = {"reason": last.stored_reason, "points": last.points}
    if last.score is not None:
        summary["score"] = list(last.score)
    return summary
