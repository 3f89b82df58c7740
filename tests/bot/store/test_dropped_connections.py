"""PostgreSQL ending the bot's connections (a restart, a fail-over) fails no read or write: a
pooled connection the server ended is replaced before anything is sent on it, and a read the
server cut off runs again on a new one. The tests end only backends their own store opened,
found by their process ids, never another connection on the shared server."""

from __future__ import annotations

import asyncio
import contextlib

import pytest
from sqlalchemy import Connection, text
from sqlalchemy.ext.asyncio import create_async_engine

from bot.store import Store
from tests.bot.store.conftest import ALICE, NOW, Backend, new_game, postgres_url


@pytest.fixture(autouse=True)
def postgres_only(backend: Backend) -> None:
    """Only PostgreSQL has a server that can end a connection."""
    if backend.name != "postgres":
        pytest.skip("SQLite has no server to end a connection")


async def pooled_backends(store: Store, count: int) -> list[int]:
    """Hold `count` of the store's pooled connections at once; their servers' process ids (the
    connections go back to the pool, alive)."""
    async with contextlib.AsyncExitStack() as stack:
        connections = [
            await stack.enter_async_context(store.database.holding()) for _ in range(count)
        ]
        return [await held.run(_backend_pid) for held in connections]


def _backend_pid(connection: Connection) -> int:
    return int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())


async def end_backends(pids: list[int]) -> None:
    """End exactly these server processes, as a restart or a fail-over would, and wait until
    they are gone."""
    admin = create_async_engine(postgres_url(), isolation_level="AUTOCOMMIT")
    try:
        async with admin.connect() as connection:
            for pid in pids:
                ended = await connection.scalar(
                    text("SELECT pg_terminate_backend(:pid)"), {"pid": pid}
                )
                assert ended, f"backend {pid} was not running"
            gone = text("SELECT count(*) FROM pg_stat_activity WHERE pid = ANY(:pids)")
            while await connection.scalar(gone, {"pids": pids}):
                await asyncio.sleep(0.01)
    finally:
        await admin.dispose()


async def test_pooled_connections_the_server_ended_fail_no_write_or_read(seated: Store) -> None:
    game = await new_game(seated)
    pids = await pooled_backends(seated, 3)
    await end_backends(pids)
    version = game.version
    for attempt in range(len(pids)):  # as many actions as dead connections in the pool
        # A move's own write: one statement, the version moved and the event appended.
        moved = await seated.commit(
            game.id, version, "move", {"steps": []}, f"state {attempt}", now=NOW
        )
        assert moved.version == version + 1 and moved.state == f"state {attempt}"
        version = moved.version
        message_id = 1000 + attempt
        assert (await seated.attach_message(game.id, message_id)).message_id == message_id
        player = await seated.get_player(ALICE)
        assert player is not None and player.display_name == "Alice"
    assert len(await seated.events_for(game.id)) == len(pids)  # each write landed once
    assert not set(await pooled_backends(seated, 3)) & set(pids)


async def test_a_read_the_server_cuts_off_runs_again_on_a_new_connection(seated: Store) -> None:
    seen: list[int] = []

    def read(connection: Connection) -> int:
        pid = int(connection.execute(text("SELECT pg_backend_pid()")).scalar_one())
        seen.append(pid)
        if len(seen) == 1:
            connection.execute(text("SELECT pg_sleep(60)"))  # cut off by the server's end
        return pid

    reading = asyncio.ensure_future(seated.database.read(read))
    while not seen:
        await asyncio.sleep(0.01)
    await end_backends(seen[:1])
    assert await reading == seen[1] != seen[0]
