"""Persistence for the service: games, their append-only event log, players, guild settings.

SQLite (aiosqlite) by default, PostgreSQL (asyncpg) with only a different DATABASE_URL; the
schema is kept by Alembic migrations that `Store.open` applies.
"""

from __future__ import annotations

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
