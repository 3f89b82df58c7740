"""The values the store hands out: games, events and players as frozen rows, plus the names of
game kinds and statuses."""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Final, TypeAlias

JsonValue: TypeAlias = "str | int | float | bool | list[JsonValue] | dict[str, JsonValue] | None"
"""Plain JSON (lists, string-keyed dicts, finite numbers); payloads and options are made of it."""


class GameKind(enum.StrEnum):
    """Backgammon or checkers; the value is what the store keeps (never change one)."""

    BACKGAMMON = "backgammon"
    CHECKERS = "checkers"


class GameStatus(enum.StrEnum):
    """Where a game is in its life; `pending` and `active` count as open."""

    PENDING = "pending"
    ACTIVE = "active"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    EXPIRED = "expired"

    @property
    def is_open(self) -> bool:
        """True for the statuses that hold the channel (at most one open game per channel)."""
        return self in OPEN_STATUSES


OPEN_STATUSES: Final = frozenset({GameStatus.PENDING, GameStatus.ACTIVE})


class GamePlace(enum.StrEnum):
    """Where a game lives; the value is what the store keeps (never change one).

    Only in a server that added the bot can the bot post, edit or ping with its own token;
    everywhere else (the app installed to a user's account) it reaches the game's message only
    through the interactions of the people playing.
    """

    SERVER = "server"
    EXTERNAL = "external"  # a server that never added the bot
    DM = "dm"  # a DM between two people
    GROUP_DM = "group_dm"
    BOT_DM = "bot_dm"  # the DM with the bot itself

    @property
    def bot_posts(self) -> bool:
        """True where the bot can post and edit with its own token (and a sweeper can call)."""
        return self is GamePlace.SERVER


class Keep(enum.Enum):
    """Marker type for `commit()` arguments left unchanged (None means "set to NULL")."""

    KEEP = "keep"


KEEP: Final = Keep.KEEP


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game as stored: who, where, what, and the position in the engine's text form."""

    id: int
    guild_id: int | None
    channel_id: int
    kind: GameKind
    variant: str
    options: Mapping[str, JsonValue]
    status: GameStatus
    challenger_id: int
    opponent_id: int | None
    to_move_id: int | None
    winner_id: int | None
    result: Mapping[str, JsonValue] | None
    initial_state: str
    state: str
    version: int
    message_id: int | None
    turn_deadline: datetime | None
    reminder_at: datetime | None
    dice_commitment: str | None
    dice_secret: str | None
    created_at: datetime
    updated_at: datetime
    ping_message_id: int | None = None  # the last ping (turn or reminder), deleted by the next one
    shard_key: int = 0  # Discord's `guild_id >> 22` (0 outside a server): its shard's input
    place: GamePlace = GamePlace.SERVER
    reply_token: str | None = None  # the interaction token that can still edit the message
    reply_original: bool = False  # the message is that interaction's `@original`
    reply_expires: datetime | None = None
    ping_token: str | None = None  # the interaction token that can delete the last ping there


@dataclass(frozen=True, slots=True)
class GameEvent:
    """One entry of a game's append-only log; `seq` is the game's version after the event."""

    game_id: int
    seq: int
    kind: str
    payload: Mapping[str, JsonValue]
    actor_id: int | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class FirstEvent:
    """The event a game is created with (seq 1, in the same transaction) and its state after it."""

    kind: str
    payload: Mapping[str, JsonValue]
    state: str
    actor_id: int | None = None


@dataclass(frozen=True, slots=True)
class PlayerRow:
    """A Discord user the store has seen, with the name last shown for them."""

    user_id: int
    display_name: str
    is_bot: bool
    created_at: datetime
    updated_at: datetime


Reducer: TypeAlias = Callable[[str, GameEvent], str]
"""Applies one event to a state text and returns the next state text (supplied by the caller)."""
