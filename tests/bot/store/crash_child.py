"""Child process for the crash test: start one commit() and SIGKILL itself part-way through.

Usage: python crash_child.py URL SCHEMA GAME_ID VERSION KILL_POINT, where SCHEMA is "-" for none
and KILL_POINT is `after_event_insert` (right after the statement that adds the event: inside
the transaction, before COMMIT, on SQLite; on PostgreSQL that statement also moves the game and
is a transaction of its own) or `after_commit`.
The hooks live here, on SQLAlchemy's Engine class and (for what the store hands to asyncpg as
it is, on PostgreSQL) on asyncpg's Connection class; production code has no crash switch.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from datetime import UTC, datetime
from typing import Any

import asyncpg
from sqlalchemy import event
from sqlalchemy.engine import Engine

from bot.store import Store

KILL_POINTS = ("after_event_insert", "after_commit")


_executed: list[str] = []


def _die(kill_point: str) -> None:
    # The parent reads this line to know the child got as far as the kill point.
    print(f"KILL {kill_point} after: {' | '.join(_executed)}", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)


def _watch(_connection: Any, _cursor: Any, statement: str, *_args: Any) -> None:
    _executed.append(" ".join(statement.split()[:3]))
    if "INSERT INTO GAME_EVENTS" in statement.upper():
        _die("after_event_insert")


def _watch_asyncpg() -> None:
    """Die right after asyncpg ran a statement that adds an event (the store's own path around
    SQLAlchemy's execution, which SQLAlchemy's events do not see)."""
    fetchrow = asyncpg.Connection.fetchrow

    async def watched(self: asyncpg.Connection, query: str, *args: Any, **kwargs: Any) -> Any:
        row = await fetchrow(self, query, *args, **kwargs)
        _watch(None, None, query)
        return row

    asyncpg.Connection.fetchrow = watched


async def _main(url: str, schema: str | None, game_id: int, version: int, kill_point: str) -> None:
    store = await Store.open(url, schema=schema)
    if kill_point == "after_event_insert":
        event.listen(Engine, "after_cursor_execute", _watch)
        _watch_asyncpg()
    await store.commit(
        game_id,
        version,
        "move",
        {"step": "crash"},
        "state-after-crash-move",
        now=datetime(2026, 3, 1, 13, 0, tzinfo=UTC),
    )
    _die(kill_point)


if __name__ == "__main__":
    url, schema, game_id, version, kill_point = sys.argv[1:]
    if kill_point not in KILL_POINTS:
        sys.exit(f"kill point must be one of {', '.join(KILL_POINTS)}, not {kill_point!r}")
    asyncio.run(
        _main(url, None if schema == "-" else schema, int(game_id), int(version), kill_point)
    )
