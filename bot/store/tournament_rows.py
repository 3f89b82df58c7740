"""The values the store hands out for tournaments: the tournament, its entrants and its pairings."""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime

from bot.store.rows import GameKind, JsonValue


class TournamentStatus(enum.StrEnum):
    """Where a tournament is in its life; `signup` and `running` count as open.

    Stored: never change a value.
    """

    SIGNUP = "signup"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def is_open(self) -> bool:
        """True while it takes sign-ups or plays (one open tournament per channel)."""
        return self in (TournamentStatus.SIGNUP, TournamentStatus.RUNNING)


@dataclass(frozen=True, slots=True)
class TournamentRow:
    """One tournament as stored."""

    id: int
    guild_id: int
    shard_key: int
    channel_id: int
    organizer_id: int
    kind: GameKind
    variant: str
    format: str
    options: Mapping[str, JsonValue]
    swiss_rounds: int | None
    player_limit: int
    starts_at: datetime | None
    status: TournamentStatus
    paused: bool
    round: int
    rounds: int | None
    version: int
    message_id: int | None
    event_id: int | None
    winner_id: int | None
    created_at: datetime
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class EntrantRow:
    """A player entered in a tournament; `rating` is their seeding rating once it started,
    `withdrawn` whether they were removed after it."""

    tournament_id: int
    user_id: int
    rating: float | None
    withdrawn: bool
    joined_at: datetime
    name: str  # the name last shown for the player


@dataclass(frozen=True, slots=True)
class PairingRow:
    """One pairing of a round: `second_id` None is a bye; `winner_id` None once `done` a draw.

    `game_id` is the pairing's latest game (a knockout draw is played again, `games` counts them).
    """

    tournament_id: int
    round: int
    number: int
    first_id: int
    second_id: int | None
    game_id: int | None
    games: int
    done: bool
    winner_id: int | None
    updated_at: datetime


@dataclass(frozen=True, slots=True)
class NewPairing:
    """A pairing about to be stored: a bye is stored done, won by `first_id`."""

    number: int
    first_id: int
    second_id: int | None


@dataclass(frozen=True, slots=True)
class PairingClaim:
    """Which pairing a new game is for, and the game it replaces (a replayed draw): the
    game is created only if the pairing still waits for exactly that."""

    tournament_id: int
    round: int
    number: int
    replaces: int | None
