"""What the service reports, as data: the Discord layer renders these; the service never words chat.

Every action returns an `ActionOutcomes`: the game as it now stands plus the outcomes, in order.
Player ids are Discord user ids; dice are `(a, b)`; `number` is the roll's number within the game
(what `verify` checks).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import Enum
from typing import TypeAlias

import engine.checkers as ck
from bot.store import GameKind
from engine.backgammon.cube import SIZE_NAMES, Size
from engine.backgammon.matchplay import Ending


class Finish(Enum):
    """How a game ended (`GameEnded.finish`), or how a game stopped outside the game's own
    rules (a session's `stopped`: time, resigned in checkers, aborted).

    Each value is the word the stored results, session texts and PDN records have always used.
    The backgammon members are named as the engine's `Ending`, the checkers ones as its
    `EndReason`, so that each maps over by name.
    """

    PLAYED = Ending.PLAYED.value  # backgammon: the last checker was borne off (BG-13)
    RESIGNED = Ending.RESIGNED.value  # backgammon: accepted (BG-15); checkers: no acceptance
    PASSED = Ending.PASSED.value  # backgammon: a double was passed (BG-14)
    TIME = "time"  # the player to act ran out of time
    ABORTED = "aborted"  # called off (or the computer failed): no result, never a GameEnded
    NO_PIECES = ck.EndReason.NO_PIECES.value
    NO_MOVES = ck.EndReason.NO_MOVES.value
    KING_COUNT = ck.EndReason.KING_COUNT.value  # a win with more kings, or a draw
    AGREEMENT = ck.EndReason.AGREEMENT.value
    REPETITION = ck.EndReason.REPETITION.value
    NO_PROGRESS = ck.EndReason.NO_PROGRESS.value

    @classmethod
    def of(cls, ending: Ending | ck.EndReason) -> Finish:
        """The finish of a game the engine ended (a backgammon `Ending`, a checkers `EndReason`)."""
        return cls[ending.name]


@dataclass(frozen=True, slots=True)
class ChallengePosted:
    """A challenge is waiting: for one person, for anyone in the channel, or accepted by the bot."""

    game_id: int
    kind: GameKind
    variant: str
    challenger_id: int
    opponent_id: int | None
    expires_at: datetime
    rematch_of: int | None = None


@dataclass(frozen=True, slots=True)
class ChallengeAccepted:
    """The challenge was accepted; the game starts."""

    game_id: int
    by_id: int


@dataclass(frozen=True, slots=True)
class ChallengeDeclined:
    """The challenged person said no."""

    game_id: int
    by_id: int


@dataclass(frozen=True, slots=True)
class ChallengeWithdrawn:
    """The challenger withdrew the challenge."""

    game_id: int
    by_id: int


@dataclass(frozen=True, slots=True)
class ChallengeExpired:
    """Nobody answered the challenge in time."""

    game_id: int


@dataclass(frozen=True, slots=True)
class GameStarted:
    """A game (or the next game of a match) begins; `commitment` is the SHA-256 of its dice seed."""

    game_id: int
    white_id: int
    black_id: int
    commitment: str
    game_number: int = 1


@dataclass(frozen=True, slots=True)
class StarterChosen:
    """Who moves first where chosen up front (checkers, Bad'Gammon); a lot uses roll `number`."""

    game_id: int
    starter_id: int
    by_lot: bool
    number: int | None = None


@dataclass(frozen=True, slots=True)
class OpeningRolled:
    """One die each (BG-2); a tie (`starter_id` None) is rolled again under the next number."""

    game_id: int
    number: int
    white_die: int
    black_die: int
    starter_id: int | None


@dataclass(frozen=True, slots=True)
class Rolled:
    """A player rolled two dice."""

    game_id: int
    player_id: int
    number: int
    dice: tuple[int, int]


@dataclass(frozen=True, slots=True)
class Moved:
    """A play (backgammon notation) or a move (PDN) was made; `forced` if the service made it."""

    game_id: int
    player_id: int
    notation: str
    forced: bool = False


@dataclass(frozen=True, slots=True)
class ForcedPass:
    """The roll could not be played at all; the turn passed (always forced)."""

    game_id: int
    player_id: int
    dice: tuple[int, int]
    forced: bool = True


@dataclass(frozen=True, slots=True)
class DoubleOffered:
    """A player turned the cube; the other must take or pass."""

    game_id: int
    player_id: int
    cube_value: int


@dataclass(frozen=True, slots=True)
class DoubleTaken:
    """The double was taken: the cube shows `cube_value`, owned by the taker."""

    game_id: int
    player_id: int
    cube_value: int


@dataclass(frozen=True, slots=True)
class DoublePassed:
    """The double was passed: the game ends at the old cube value (a `GameEnded` follows)."""

    game_id: int
    player_id: int


@dataclass(frozen=True, slots=True)
class ResignationOffered:
    """A player offers to resign at `size` (1 single, 2 gammon, 3 backgammon; checkers: 1)."""

    game_id: int
    player_id: int
    size: int


@dataclass(frozen=True, slots=True)
class ResignationAccepted:
    """The resignation was accepted (a `GameEnded` follows)."""

    game_id: int
    player_id: int
    size: int


@dataclass(frozen=True, slots=True)
class ResignationDeclined:
    """The resignation was declined; play goes on."""

    game_id: int
    player_id: int


@dataclass(frozen=True, slots=True)
class Resigned:
    """A checkers player resigned (no acceptance needed; a `GameEnded` follows)."""

    game_id: int
    player_id: int


@dataclass(frozen=True, slots=True)
class DrawOffered:
    """A checkers player offers a draw."""

    game_id: int
    player_id: int


@dataclass(frozen=True, slots=True)
class DrawAccepted:
    """The draw was agreed (a `GameEnded` with no winner follows)."""

    game_id: int
    player_id: int


@dataclass(frozen=True, slots=True)
class DrawDeclined:
    """The draw offer was declined; play goes on."""

    game_id: int
    player_id: int


@dataclass(frozen=True, slots=True)
class GameAborted:
    """The game was called off before both sides had moved; no result."""

    game_id: int
    by_id: int
    seed: str | None = None


@dataclass(frozen=True, slots=True)
class ComputerFailed:
    """The computer could not play its turn, try after try: the service called the game off.

    No result and no rating; `seed` is revealed as for any closed game.
    """

    game_id: int
    seed: str | None = None


@dataclass(frozen=True, slots=True)
class GameEnded:
    """One game is over: winner (None for a draw), points won, how it ended, and the match score
    after it.

    `size` is the backgammon size the game ended at (1 single, 2 gammon, 3 backgammon) when
    the engine ended it (played out, resigned, a double passed); None on time and in checkers.
    `seed` is revealed here when the whole game is finished (for a match: with its last game).
    """

    game_id: int
    winner_id: int | None
    loser_id: int | None
    points: int
    finish: Finish
    score: tuple[int, int] | None = None
    size: Size | None = None
    seed: str | None = None

    @property
    def stored_reason(self) -> str:
        """How it ended as the stored result and the PDN record write it: the finish's word,
        with the backgammon size's name where there is one (`played: gammon`, `time`)."""
        if self.size is None:
            return self.finish.value
        return f"{self.finish.value}: {SIZE_NAMES[self.size]}"


@dataclass(frozen=True, slots=True)
class MatchEnded:
    """A backgammon match reached its length; `score` is (white, black)."""

    game_id: int
    winner_id: int
    score: tuple[int, int]
    seed: str | None = None


@dataclass(frozen=True, slots=True)
class ReminderDue:
    """Three quarters of the player's time is gone."""

    game_id: int
    player_id: int
    deadline: datetime


@dataclass(frozen=True, slots=True)
class WonOnTime:
    """The player to act ran out of time; the waiting player wins (a `GameEnded` follows)."""

    game_id: int
    winner_id: int
    loser_id: int


Outcome: TypeAlias = (
    ChallengePosted
    | ChallengeAccepted
    | ChallengeDeclined
    | ChallengeWithdrawn
    | ChallengeExpired
    | GameStarted
    | StarterChosen
    | OpeningRolled
    | Rolled
    | Moved
    | ForcedPass
    | DoubleOffered
    | DoubleTaken
    | DoublePassed
    | ResignationOffered
    | ResignationAccepted
    | ResignationDeclined
    | Resigned
    | DrawOffered
    | DrawAccepted
    | DrawDeclined
    | GameAborted
    | ComputerFailed
    | GameEnded
    | MatchEnded
    | ReminderDue
    | WonOnTime
)
