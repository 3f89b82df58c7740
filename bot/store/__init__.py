"""Persistence for the service: games, their append-only event log, players, guild settings.

SQLite (aiosqlite) by default, PostgreSQL (asyncpg) with only a different DATABASE_URL; the
schema is kept by Alembic migrations that `Store.open` applies.

`Store` is imported on first use: the rows and errors alone import no database library, so a
process that only reads rows (the drawing process) does not pay SQLAlchemy's and Alembic's
memory (about 60 MB).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from bot.store.errors import (
    ChannelBusyError,
    ConflictError,
    GameNotFoundError,
    PairingTakenError,
    PlayerNotFoundError,
    StoreBusyError,
    StoreConfigError,
    StoreError,
)
from bot.store.rows import (
    KEEP,
    OPEN_STATUSES,
    FirstEvent,
    GameEvent,
    GameKind,
    GamePlace,
    GameRow,
    GameStatus,
    JsonValue,
    Keep,
    PlayerRow,
    Reducer,
)

if TYPE_CHECKING:
    from bot.store.store import Store

__all__ = [
    "KEEP",
    "OPEN_STATUSES",
    "ChannelBusyError",
    "ConflictError",
    "FirstEvent",
    "GameEvent",
    "GameKind",
    "GameNotFoundError",
    "GamePlace",
    "GameRow",
    "GameStatus",
    "JsonValue",
    "Keep",
    "PairingTakenError",
    "PlayerNotFoundError",
    "PlayerRow",
    "Reducer",
    "Store",
    "StoreBusyError",
    "StoreConfigError",
    "StoreError",
]


def __getattr__(name: str) -> object:
    """`Store`, imported when first asked for (with the database libraries it needs)."""
    if name == "Store":
        from bot.store.store import Store

        return Store
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
