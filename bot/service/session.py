"""What every game kind's session offers the service: steps, a reducer, and who must act now.

A session is the full state of one game (for backgammon: the match) as a frozen value with a
JSON text form, which is what the store keeps. It changes only by applying *steps*: small JSON
objects (`{"op": "roll", "number": 3, "dice": [6, 1]}`) that carry every random number, so the
same steps always give the same session. One player action becomes one store event whose payload
holds the steps it caused: the action itself, then the automatic ones (rolls with nothing to
decide, forced plays, the next game's opening roll). Each bot turn is an event of its own.
Replaying the event log through `apply` therefore gives the stored state exactly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, Protocol, TypeVar

from bot.service.errors import ActionNotAllowedError
from bot.service.opponent import Opponent
from bot.service.options import GameOptions
from bot.service.outcomes import Finish, GameEnded, Outcome
from bot.store import GameRow, JsonValue

Step = dict[str, JsonValue]
Roller = Callable[[int], tuple[int, int]]
"""Gives the two dice of roll number n of this game (bound to its seed by the service)."""

WHITE_SEAT, BLACK_SEAT = 0, 1


class Op(StrEnum):
    """What a seated player does in a game: the service dispatches on it, and the value is the
    kind of the event the action is logged as (stored: never change one)."""

    ROLL = "roll"
    MOVE = "move"
    DOUBLE = "double"
    TAKE = "take"
    PASS = "drop"  # a double (the value is the stored word)
    RESIGN = "resign"
    OFFER_DRAW = "offer_draw"
    ACCEPT_OFFER = "accept"  # the resignation or the draw on offer
    DECLINE_OFFER = "decline"
    ABORT = "abort"


class Awaiting(StrEnum):
    """What a session waits for from the player to act (`Session.awaiting`); the value names
    its texts in the catalogs (`awaiting.*`, `svc.not_your_turn.*`, `svc.move_first.*`)."""

    ROLL = "roll"
    ROLL_OR_DOUBLE = "roll_or_double"
    MOVE = "move"
    ANSWER_DOUBLE = "answer_double"
    ANSWER_RESIGNATION = "answer_resignation"
    ANSWER_DRAW = "answer_draw"
    OPENING = "opening"
    NOTHING = "nothing"

    @property
    def rolls(self) -> bool:
        """True while the dice are yet to be rolled (whether or not a double may come first)."""
        return self in (Awaiting.ROLL, Awaiting.ROLL_OR_DOUBLE)


S = TypeVar("S", bound="Session")
T = TypeVar("T", bound="Session")


class Session(Protocol):
    """The part of a game kind's session the service relies on."""

    @property
    def options(self) -> GameOptions:
        """What the challenge chose (its `kind` says which game this is)."""
        ...

    @property
    def seats(self) -> tuple[int, int] | None:
        """The user ids playing White (seat 0) and Black (seat 1); None until accepted."""
        ...

    @property
    def over(self) -> bool:
        """True once the game is finished (or aborted): no more actions."""
        ...

    @property
    def stopped(self) -> Finish | None:
        """How play stopped outside the game's own rules: TIME, ABORTED (or RESIGNED where a
        resignation needs no answer); None otherwise."""
        ...

    @property
    def stopped_winner(self) -> int | None:
        """The seat that won when play stopped that way (None for an abort)."""
        ...

    def to_text(self) -> str:
        """The JSON text the store keeps."""
        ...

    def actor(self) -> int | None:
        """The seat that must act now, or None when the game is over."""
        ...

    def awaiting(self) -> Awaiting:
        """What the actor must do."""
        ...

    def legal_choices(self) -> list[str]:
        """The plays or moves the actor may choose now, in standard notation (none while the
        game waits for anything else)."""
        ...

    def dice(self) -> tuple[int, int] | None:
        """The dice rolled for the player to move (None before the roll, or without dice)."""
        ...

    def score(self) -> tuple[int, int] | None:
        """White's and Black's points when the game is a match (None otherwise)."""
        ...

    def apply(self: S, step: Mapping[str, Any], ctx: Context) -> tuple[S, list[Outcome]]:
        """The session after one step, with what the step means for the players."""
        ...

    def start(self, challenger: int, opponent: int, roller: Roller, ctx: Context) -> Run[Any]:
        """Seat both players and open play (colours, lot, opening roll, forced plays)."""
        ...

    def act(
        self, seat: int, op: Op, argument: str | int | None, roller: Roller, ctx: Context
    ) -> Run[Any]:
        """Validate and perform one player action, plus what the service then does by itself."""
        ...

    def bot_turn(self, opponent: Opponent, roller: Roller, ctx: Context) -> Run[Any]:
        """The bot's decision when it is the actor, plus what the service then does by itself."""
        ...

    def check_action(self, op: Op) -> None:
        """Refuse, saying why, an op this kind of game does not have (a draw in backgammon).

        The service asks before whose turn it is, so the refusal is the same for both players.
        """
        ...

    def out_of_turn(self, op: Op) -> bool:
        """True when a seated player who is not the actor may do `op` now (resigning)."""
        ...

    def can_abort(self) -> bool:
        """True while the game may still be called off (not both sides have moved)."""
        ...

    def abort(self, ctx: Context, seat: int) -> Run[Any]:
        """Call the game off (the caller checked `can_abort`)."""
        ...

    def timeout(self, ctx: Context) -> Run[Any]:
        """The actor ran out of time: the waiting seat wins."""
        ...

    def winner(self) -> int | None:
        """The winning seat once over (None for a draw or an abort)."""
        ...


@dataclass(frozen=True, slots=True)
class Context:
    """What outcomes mention besides the session: the game's id and its dice commitment."""

    game_id: int
    commitment: str

    @classmethod
    def of(cls, row: GameRow) -> Context:
        """The context of a stored game."""
        return cls(row.id, row.dice_commitment or "")


@dataclass(frozen=True, slots=True)
class LoggedStep:
    """One step of a game: the step's JSON, the session after it, and its outcomes."""

    step: dict[str, Any]
    session: Session
    outcomes: tuple[Outcome, ...]


class Log(Protocol):
    """A game's history step by step, as the records and reviews of each kind read it
    (`bot.service.log.GameLog` replays it from the store)."""

    @property
    def game(self) -> GameRow:
        """The game's stored row."""
        ...

    @property
    def start(self) -> Session:
        """The session of the challenge, before any step."""
        ...

    @property
    def steps(self) -> Sequence[LoggedStep]:
        """Every step, in order."""
        ...

    @property
    def final(self) -> Session:
        """The session after the last step."""
        ...

    def games_ended(self) -> list[GameEnded]:
        """One `GameEnded` per game played (several for a match)."""
        ...


@dataclass
class Run(Generic[T]):
    """Steps applied one after another, keeping the steps and the outcomes they produced."""

    session: T
    ctx: Context
    steps: list[Step] = field(default_factory=list)
    outcomes: list[Outcome] = field(default_factory=list)

    def do(self, step: Step) -> T:
        """Apply `step`, remember it and its outcomes, and return the new session."""
        self.session, outcomes = self.session.apply(step, self.ctx)
        self.steps.append(step)
        self.outcomes.extend(outcomes)
        return self.session


def other(seat: int) -> int:
    """The opposite seat."""
    return 1 - seat


def abort_run(session: Session, ctx: Context, seat: int) -> Run[Any]:
    """`seat` calls the game off (the service has checked that it may)."""
    run: Run[Any] = Run(session, ctx)
    run.do({"op": "abort", "by": seat})
    return run


def call_off_run(session: Session, ctx: Context) -> Run[Any]:
    """The service calls the game off because the computer could not play (no one's choice)."""
    run: Run[Any] = Run(session, ctx)
    run.do({"op": "call_off"})
    return run


def timeout_run(session: Session, ctx: Context) -> Run[Any]:
    """The actor ran out of time; the other seat wins."""
    actor = session.actor()
    if actor is None:
        raise ActionNotAllowedError("svc.nobody_on_clock")
    run: Run[Any] = Run(session, ctx)
    run.do({"op": "timeout", "winner": other(actor)})
    return run


def choose_starter(
    rule: str, challenger: int, opponent: int, roller: Roller
) -> tuple[int, dict[str, Any] | None]:
    """Who starts (CK-2, Bad'Gammon BG-2): as chosen, or by lot (roll 1, die 1-3: challenger)."""
    if rule == "challenger":
        return challenger, None
    if rule == "opponent":
        return opponent, None
    dice = roller(1)
    starter = challenger if dice[0] <= 3 else opponent
    return starter, {"number": 1, "dice": list(dice)}
